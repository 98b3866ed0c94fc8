"""Parity cases: tf.Assert and tf.debugging.assert_* inside tf.function (run-time Assert ops
and trace-time static checks), and the ragged/sparse checks made when a function runs
(what TF 2.21 prints for each)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('equal_runtime',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    tf.debugging.assert_equal(x, tf.zeros_like(x), message="must be zero")\n'
                '    return x + 1\n'
                'print(f(tf.zeros([2])))\n'
                'try:\n'
                '    f(tf.constant([0., 1., 2., 3.]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('tf.Tensor([1. 1.], shape=(2,), dtype=float32)\n'
                'InvalidArgumentError assertion failed: [must be zero] [Condition x == '
                'y did not hold element-wise:] [x (x:0) = ] [0 1 2...] [y (zeros_like:0'
                ') = ] [0 0 0...]\n')),
    ParityCase('positive_runtime',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    tf.debugging.assert_positive(x, message="needs positive")\n'
                '    return tf.math.log(x)\n'
                'print(f(tf.constant([1., 2.])))\n'
                'try:\n'
                '    f(tf.constant([1., -1., 2.]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('tf.Tensor([0.        0.6931472], shape=(2,), dtype=float32)\n'
                'InvalidArgumentError assertion failed: [needs positive.  ] [Condition '
                'x > 0 did not hold element-wise:] [x (x:0) = ] [1 -1 2]\n')),
    ParityCase('non_negative_summarize',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])\n'
                'def f(x):\n'
                '    tf.debugging.assert_non_negative(x, summarize=5)\n'
                '    return x\n'
                'try:\n'
                '    f(tf.constant([1, -1, 2, 3, 4, 5, 6]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('InvalidArgumentError assertion failed: [] [Condition x >= 0 did not ho'
                'ld element-wise:] [x (x:0) = ] [1 -1 2 3 4...]\n')),
    ParityCase('Assert_data',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    tf.Assert(tf.reduce_all(x > 0), ["x has a non-positive value:", x,'
                ' tf.shape(x)])\n'
                '    return x\n'
                'print(f(tf.constant([1.])))\n'
                'try:\n'
                '    f(tf.constant([1., -3., 2., 4., 5.]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('tf.Tensor([1.], shape=(1,), dtype=float32)\n'
                'InvalidArgumentError assertion failed: [x has a non-positive value:] ['
                '1 -3 2...] [5]\n')),
    ParityCase('static_trace_error',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0].strip() if line else s.split("\\n")[0])\n'
                '@tf.function\n'
                'def f(x):\n'
                '    tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 3]))\n'
                '    return x\n'
                'try:\n'
                '    f(tf.constant(1.))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('InvalidArgumentError InvalidArgumentError: Condition x == y did not ho'
                'ld element-wise:\n')),
    ParityCase('rank_unknown',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])\n'
                'def f(x):\n'
                '    tf.debugging.assert_rank(x, 2, message="matrix")\n'
                '    return tf.reduce_sum(x)\n'
                'print(f(tf.ones([2, 2])))\n'
                'try:\n'
                '    f(tf.ones([3]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('tf.Tensor(4.0, shape=(), dtype=float32)\n'
                'InvalidArgumentError assertion failed: [matrix.  ] [Tensor x:0 must ha'
                've rank] [2] [Received shape: ] [3]\n')),
    ParityCase('rank_at_least',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])\n'
                'def f(x):\n'
                '    tf.debugging.assert_rank_at_least(x, 2)\n'
                '    return x\n'
                'print(f(tf.ones([1, 1, 1])).shape)\n'
                'try:\n'
                '    f(tf.ones([3]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('(1, 1, 1)\n'
                'InvalidArgumentError assertion failed: [] [Tensor x:0 must have rank a'
                't least] [2] [Received shape: ] [3]\n')),
    ParityCase('shapes_none_dims',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),'
                ' tf.TensorSpec([None], tf.float32)])\n'
                'def f(x, b):\n'
                "    tf.debugging.assert_shapes([(x, ('N', 'D')), (b, ('D',))])\n"
                '    return x + b\n'
                'print(f(tf.ones([2, 3]), tf.ones([3])))\n'
                'try:\n'
                '    f(tf.ones([2, 3]), tf.ones([4]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('tf.Tensor(\n'
                '[[2. 2. 2.]\n'
                ' [2. 2. 2.]], shape=(2, 3), dtype=float32)\n'
                'InvalidArgumentError assertion failed: [] [Specified by tensor x:0 dim'
                'ension 1] [Tensor b:0 dimension] [0] [must have size] [3] [Received sh'
                'ape: ] [4]\n')),
    ParityCase('shapes_explicit',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])\n'
                'def f(x):\n'
                '    tf.debugging.assert_shapes([(x, (None, 3))])\n'
                '    return x\n'
                'print(f(tf.ones([2, 3])).shape)\n'
                'try:\n'
                '    f(tf.ones([2, 4]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('(2, 3)\n'
                'InvalidArgumentError assertion failed: [] [Specified explicitly] [Tens'
                'or x:0 dimension] [1] [must have size] [3] [Received shape: ] [2 4]\n')),
    ParityCase('all_finite',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "Tensor had" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    return tf.debugging.assert_all_finite(x, "bad input") * 2\n'
                'print(f(tf.constant([1., 2.])))\n'
                'try:\n'
                '    f(tf.constant([1., float("nan")]))\n'
                'except Exception as e:\n'
                '    show(e)'),
               ('tf.Tensor([2. 4.], shape=(2,), dtype=float32)\n'
                'InvalidArgumentError bad input : Tensor had NaN values\n')),
    ParityCase('in_loop',
               ('def show(e):\n'
                '    s = str(e)\n'
                '    line = [l for l in s.split("\\n") if "assertion failed" in l or "Co'
                'ndition" in l or "must" in l]\n'
                '    print(type(e).__name__, line[0] if line else s.split("\\n")[0])\n'
                '@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    total = tf.constant(0.)\n'
                '    for v in x:\n'
                '        tf.debugging.assert_greater_equal(v, 0.0)\n'
                '        total += v\n'
                '    return total\n'
                'print(f(tf.constant([1., 2.])))\n'
                'try:\n'
                '    f(tf.constant([1., -2.]))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('tf.Tensor(3.0, shape=(), dtype=float32)\n'
                'InvalidArgumentError\n')),
    ParityCase('under_tape',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        tf.debugging.assert_positive(x)\n'
                '        y = tf.reduce_sum(tf.sqrt(x))\n'
                '    return t.gradient(y, x)\n'
                'print(f(tf.constant([1., 4.])))\n'
                'try:\n'
                '    f(tf.constant([-1., 4.]))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('tf.Tensor([0.5  0.25], shape=(2,), dtype=float32)\n'
                'InvalidArgumentError\n')),
    ParityCase('order_with_print',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    tf.print("first")\n'
                '    tf.debugging.assert_none_equal(x, 0.0)\n'
                '    tf.print("second")\n'
                '    return 1 / x\n'
                'try:\n'
                '    f(tf.constant([1., 0.]))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('InvalidArgumentError\n')),
    ParityCase('near_runtime',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    tf.debugging.assert_near(x, tf.ones_like(x), atol=0.1)\n'
                '    return x\n'
                'print(f(tf.constant([1.05])))\n'
                'try:\n'
                '    f(tf.constant([2.0]))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__, "not equal to tolerance" in str(e))'),
               ('tf.Tensor([1.05], shape=(1,), dtype=float32)\n'
                'InvalidArgumentError True\n')),
    ParityCase('ragged_rowids',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])\n'
                'def f(ids):\n'
                '    return tf.RaggedTensor.from_value_rowids(tf.range(tf.size(ids)), i'
                'ds).row_lengths()\n'
                'print(f(tf.constant([0, 0, 2], tf.int64)))\n'
                'try:\n'
                '    f(tf.constant([0, 2, 1], tf.int64))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__, "valid RowPartition" in str(e))'),
               ('tf.Tensor([2 0 1], shape=(3,), dtype=int64)\n'
                'InvalidArgumentError True\n')),
    ParityCase('sparse_to_dense_order',
               ('@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int64)])\n'
                'def f(i):\n'
                '    sp = tf.SparseTensor(i, tf.ones([tf.shape(i)[0]]), [3, 3])\n'
                '    return tf.sparse.to_dense(sp)\n'
                'print(f(tf.constant([[0, 0], [1, 2]], tf.int64)))\n'
                'try:\n'
                '    f(tf.constant([[1, 1], [0, 0]], tf.int64))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__, "is out of order" in str(e))'),
               ('tf.Tensor(\n'
                '[[1. 0. 0.]\n'
                ' [0. 0. 1.]\n'
                ' [0. 0. 0.]], shape=(3, 3), dtype=float32)\n'
                'InvalidArgumentError True\n')),
    ParityCase('sparse_map_values',
               ('@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int64)] * 2)\n'
                'def f(i1, i2):\n'
                '    a = tf.SparseTensor(i1, tf.ones([tf.shape(i1)[0]]), [3, 3])\n'
                '    b = tf.SparseTensor(i2, tf.ones([tf.shape(i2)[0]]), [3, 3])\n'
                '    return tf.sparse.map_values(tf.add, a, b).values\n'
                'try:\n'
                '    f(tf.constant([[0, 0], [1, 1]], tf.int64), tf.constant([[0, 0], [1'
                ', 2]], tf.int64))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__, "Mismatched indices!" in str(e))'),
               ('InvalidArgumentError True\n')),
    ParityCase('eager_Assert',
               ('try:\n'
                '    tf.Assert(tf.constant(False), [tf.constant([1, 2, 3, 4]), "s"])\n'
                'except Exception as e:\n'
                '    print(type(e).__name__, str(e))'),
               ("InvalidArgumentError Expected 'tf.Tensor(False, shape=(), dtype=bool)'"
                ' to be true. Summarized data: 1, 2, 3, ...\n'
                "b's'\n")),
    ParityCase('eager_rank',
               ('try:\n'
                '    tf.debugging.assert_rank(tf.zeros([2]), 2)\n'
                'except Exception as e:\n'
                '    print(type(e).__name__, str(e))\n'),
               ('ValueError Tensor  must have rank 2.  Received rank 1, shape (2,)\n')),
]
