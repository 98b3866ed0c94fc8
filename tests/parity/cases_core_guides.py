"""Parity cases from running TensorFlow's core guides (tensors, variables, autodiff, graphs,
random numbers) under both engines: the outputs TensorFlow printed, written down."""

from tests.parity.harness import ParityCase

CASES = [
    # Softmax's printed digits, as TF prints them with oneDNN (its default on CPUs with
    # AVX-512 VNNI, as here): oneDNN's exp, then exp times the reciprocal of the sum. (Without
    # oneDNN TF prints Eigen's 0.66524094 and 7.3105860e-01.)
    ParityCase('softmax_digits', ('\n'
                'x = tf.constant([[1., 2., 3.], [4., 5., 6.]])\n'
                'print(tf.nn.softmax(x, axis=-1))\n'
                'print(tf.nn.softmax(tf.constant([[4.0, 5.0], [10.0, 1.0]])))\n'),
               ('tf.Tensor(\n'
                '[[0.09003057 0.24472848 0.6652409 ]\n'
                ' [0.09003057 0.24472848 0.6652409 ]], shape=(2, 3), dtype=float32)\n'
                'tf.Tensor(\n'
                '[[2.6894143e-01 7.3105854e-01]\n'
                ' [9.9987662e-01 1.2339458e-04]], shape=(2, 2), dtype=float32)\n')),
    ParityCase('reshape_errors', ('\n'
                't = tf.zeros([3, 2, 5])\n'
                'for shape in ([7, -1], [7, 5]):\n'
                '  try:\n'
                '    tf.reshape(t, shape)\n'
                '  except tf.errors.InvalidArgumentError as e:\n'
                '    print(str(e).split("}} ")[-1])\n'),
               ('Input to reshape is a tensor with 30 values, but the requested shape requires '
                'a multiple of 7 [Op:Reshape]\n'
                'Input to reshape is a tensor with 30 values, but the requested shape has 35 '
                '[Op:Reshape]\n')),
]

# The random-number guide: TF's random bits are Philox-4x32-10 blocks, so seeded streams
# (stateless ops, Generators, the stateful ops after set_seed) print TF's own values.
CASES += [
    ParityCase('stateless_normal_seed_1_2', ('\n'
                'print(tf.random.stateless_normal(shape=[2, 3], seed=[1, 2]))\n'
                'print(tf.random.stateless_uniform([3], seed=[1, 2], dtype=tf.float64))\n'
                'print(tf.random.stateless_truncated_normal([9], seed=[1, 2]))\n'),
               ('tf.Tensor(\n'
                '[[ 0.5441101   0.20738031  0.07356432]\n'
                ' [ 0.04643455 -1.3015898  -0.9538565 ]], shape=(2, 3), dtype=float32)\n'
                'tf.Tensor([0.75248375 0.96978577 0.17592234], shape=(3,), dtype=float64)\n'
                'tf.Tensor(\n'
                '[ 0.5441101   0.20738031  0.07356432  0.04643455  0.16820592 -1.6850333\n'
                '  0.24202858  1.7034503   1.1060678 ], shape=(9,), dtype=float32)\n')),
    ParityCase('stateless_ints_and_seeds', ('\n'
                's = [1, 2]\n'
                'print(tf.random.stateless_uniform([5], seed=s, minval=-3, maxval=100, '
                'dtype=tf.int32))\n'
                'print(tf.random.stateless_uniform([3], seed=s, minval=None, maxval=None, '
                'dtype=tf.int64))\n'
                'print(tf.random.experimental.stateless_split(s, 2))\n'
                'print(tf.random.experimental.stateless_fold_in(s, 7))\n'),
               ('tf.Tensor([93 49 15 41 42], shape=(5,), dtype=int32)\n'
                'tf.Tensor([ 7464880146280614444  1591045637757961278 -1057468755545501549], '
                'shape=(3,), dtype=int64)\n'
                'tf.Tensor(\n'
                '[[1105988140 1738052849]\n'
                ' [-335576002  370444179]], shape=(2, 2), dtype=int32)\n'
                'tf.Tensor([1105988140          7], shape=(2,), dtype=int32)\n')),
    ParityCase('generator_from_seed_stream', ('\n'
                'g = tf.random.Generator.from_seed(1)\n'
                'print(g.normal([]))\n'
                'print(g.normal([]))\n'
                'g.reset_from_seed(1)\n'
                'print(g.normal([]))\n'
                'g = tf.random.Generator.from_seed(1)\n'
                'print(g.normal([]))\n'
                'for new_g in g.split(3):\n'
                '  print(new_g.normal([]))\n'
                'print(g.normal([]))\n'),
               ('tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                'tf.Tensor(1.6272374, shape=(), dtype=float32)\n'
                'tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                'tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                'tf.Tensor(2.536413, shape=(), dtype=float32)\n'
                'tf.Tensor(0.33186463, shape=(), dtype=float32)\n'
                'tf.Tensor(-0.07144657, shape=(), dtype=float32)\n'
                'tf.Tensor(-0.79253083, shape=(), dtype=float32)\n')),
    ParityCase('generator_state_advances_256_per_value', ('\n'
                'g = tf.random.Generator.from_seed(1)\n'
                'print(g.uniform([3]))\n'
                'print(g.uniform([2], 0, 10, dtype=tf.int32))\n'
                'print(g.state.numpy())\n'
                'print(g.make_seeds(2))\n'
                'print(g.truncated_normal([2]))\n'),
               ('tf.Tensor([0.78749514 0.3906511  0.29263055], shape=(3,), dtype=float32)\n'
                'tf.Tensor([9 7], shape=(2,), dtype=int32)\n'
                '[1281    0    0]\n'
                'tf.Tensor(\n'
                '[[ 3647656005865532280 -3027483394653138442]\n'
                ' [                   0                    0]], shape=(2, 2), dtype=int64)\n'
                'tf.Tensor([-0.63026065 -1.4281083 ], shape=(2,), dtype=float32)\n')),
    ParityCase('set_seed_stateful_ops', ('\n'
                'tf.random.set_seed(1)\n'
                'print(tf.random.normal([3]))\n'
                'print(tf.random.normal([3]))\n'
                'print(tf.random.uniform([3], seed=5))\n'
                'print(tf.random.uniform([3], seed=5))\n'
                'tf.random.set_seed(1)\n'
                'print(tf.random.uniform([4], 0, 10, dtype=tf.int32))\n'
                'print(tf.random.truncated_normal([3]))\n'),
               ('tf.Tensor([-1.1012203  1.5457517  0.383644 ], shape=(3,), dtype=float32)\n'
                'tf.Tensor([ 0.40308788 -1.0880208  -0.06309535], shape=(3,), dtype=float32)\n'
                'tf.Tensor([0.195606   0.02986085 0.36493087], shape=(3,), dtype=float32)\n'
                'tf.Tensor([0.44306076 0.88781226 0.5292921 ], shape=(3,), dtype=float32)\n'
                'tf.Tensor([2 9 7 1], shape=(4,), dtype=int32)\n'
                'tf.Tensor([ 0.40308788 -1.0880208  -0.06309535], shape=(3,), dtype=float32)\n')),
]

# The sparse-tensor guide adds two SparseTensors, one with an index outside dense_shape: TF's
# SparseAdd does not check indices, it merges them in row-major order.
CASES += [
    ParityCase('sparse_add_unchecked_indices', ('\n'
                'st_a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], '
                'dense_shape=[4, 10])\n'
                'st_b = tf.sparse.SparseTensor(indices=[[0, 2], [7, 0]], values=[56, 38], '
                'dense_shape=[4, 10])\n'
                'st_sum = tf.sparse.add(st_a, st_b)\n'
                'print(st_sum.indices.numpy().tolist(), st_sum.values.numpy().tolist())\n'),
               '[[0, 2], [3, 4], [7, 0]] [87, 2, 38]\n'),
]

# The autodiff guide's "no gradient registered" example: AdjustContrastv2 is one op without a
# gradient rule, so the tape raises LookupError instead of differentiating its pieces.
CASES += [
    ParityCase('adjust_contrast_has_no_gradient', ('\n'
                'image = tf.Variable([[[0.5, 0.0, 0.0]]])\n'
                'delta = tf.Variable(0.1)\n'
                'with tf.GradientTape() as tape:\n'
                '  new_image = tf.image.adjust_contrast(image, delta)\n'
                'print(new_image)\n'
                'try:\n'
                '  print(tape.gradient(new_image, [image, delta]))\n'
                'except LookupError as e:\n'
                '  print(f"{type(e).__name__}: {e}")\n'
                'x = tf.reshape(tf.range(12, dtype=tf.float32), [2, 2, 3])\n'
                'print(tf.image.adjust_contrast(tf.cast(x, tf.uint8), 2.))\n'),
               ('tf.Tensor([[[0.5 0.  0. ]]], shape=(1, 1, 3), dtype=float32)\n'
                'LookupError: gradient registry has no entry for: AdjustContrastv2\n'
                'tf.Tensor(\n'
                '[[[ 0  0  0]\n'
                '  [ 1  2  3]]\n'
                '\n'
                ' [[ 7  8  9]\n'
                '  [13 14 15]]], shape=(2, 2, 3), dtype=uint8)\n')),
]

# The random-number guide creates a Generator on a function's first trace through a global
# assigned inside an `if`: AutoGraph must keep the assignment global in the branch function.
CASES += [
    ParityCase('generator_created_on_first_trace', ('\n'
                'g = None\n'
                '@tf.function\n'
                'def foo():\n'
                '  global g\n'
                '  if g is None:\n'
                '    g = tf.random.Generator.from_seed(1)\n'
                '  return g.normal([])\n'
                'print(foo())\n'
                'print(foo())\n'),
               ('tf.Tensor(0.43842274, shape=(), dtype=float32)\n'
                'tf.Tensor(1.6272374, shape=(), dtype=float32)\n')),
]

# The tf.function guide's tracing protocol: an object's __tf_tracing_type__ decides the cache
# match (one trace for two calls); a TraceType without placeholder_value is abstract.
CASES += [
    ParityCase('tracing_protocol', ('\n'
                '@tf.function\n'
                'def get_mixed_flavor(fruit_a, fruit_b):\n'
                '  print("tracing")\n'
                '  return fruit_a.flavor + fruit_b.flavor\n'
                'class FruitTraceType(tf.types.experimental.TraceType):\n'
                '  def __init__(self, fruit_type):\n'
                '    self.fruit_type = fruit_type\n'
                '  def is_subtype_of(self, other):\n'
                '    return type(other) is FruitTraceType and self.fruit_type is '
                'other.fruit_type\n'
                '  def most_specific_common_supertype(self, others):\n'
                '    return self if all(self == other for other in others) else None\n'
                '  def placeholder_value(self, placeholder_context=None):\n'
                '    return self.fruit_type()\n'
                '  def __eq__(self, other):\n'
                '    return type(other) is FruitTraceType and self.fruit_type == '
                'other.fruit_type\n'
                '  def __hash__(self):\n'
                '    return hash(self.fruit_type)\n'
                'class Fruit:\n'
                '  def __tf_tracing_type__(self, context):\n'
                '    return FruitTraceType(type(self))\n'
                'class Apple(Fruit):\n'
                '  flavor = tf.constant([1, 2])\n'
                'class Mango(Fruit):\n'
                '  flavor = tf.constant([3, 4])\n'
                'print(get_mixed_flavor(Apple(), Mango()))\n'
                'print(get_mixed_flavor(Apple(), Mango()))\n'
                'class Incomplete(tf.types.experimental.TraceType):\n'
                '  def is_subtype_of(self, other): return True\n'
                '  def most_specific_common_supertype(self, others): return self\n'
                '  def __eq__(self, other): return True\n'
                '  def __hash__(self): return 0\n'
                'try:\n'
                '  Incomplete()\n'
                'except TypeError as e:\n'
                '  print("TypeError:", e)\n'),
               ('tracing\n'
                'tf.Tensor([4 6], shape=(2,), dtype=int32)\n'
                'tf.Tensor([4 6], shape=(2,), dtype=int32)\n'
                "TypeError: Can't instantiate abstract class Incomplete with abstract method "
                'placeholder_value\n')),
]
