"""Parity cases: tf.data traces its functions once, as TF does (a print inside map/filter/
reduce/scan runs once, with symbolic tensors; py_function and tf.print per element), the
element_spec a trace gives, dataset arguments of tf.function keyed by their element_spec and
DatasetSpec in an input_signature, reduce with a symbolic initial state, the input_signature
binding error, a check's Python operand named as TF converts it, seeded random ops in map."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('d6_map_print_once',
               ('ds = tf.data.Dataset.range(3)\n'
                'def f(x):\n'
                '    print("Tracing with", x)\n'
                '    tf.print("Executing with", x)\n'
                '    return x * 2\n'
                'ds2 = ds.map(f)\n'
                'print("after map")\n'
                'for e in ds2:\n'
                '    print(e.numpy())'),
               ('Tracing with Tensor("args_0:0", shape=(), dtype=int64)\n'
                'after map\n'
                '0\n'
                '2\n'
                '4\n')),
    ParityCase('d6_map_side_effect',
               ('counter = []\n'
                'def f(x):\n'
                '    counter.append(1)\n'
                '    return x + 1\n'
                'ds = tf.data.Dataset.range(5).map(f)\n'
                'print(len(counter))\n'
                'print(list(ds.as_numpy_iterator()))\n'
                'print(len(counter))'),
               ('1\n'
                '[np.int64(1), np.int64(2), np.int64(3), np.int64(4), np.int6'
                '4(5)]\n'
                '1\n')),
    ParityCase('d6_map_symbolic_print',
               ('ds = tf.data.Dataset.from_tensor_slices(([1., 2.], [3, 4]))\n'
                'def f(a, b):\n'
                '    print(a, b)\n'
                '    print(type(a).__name__)\n'
                '    return a, tf.cast(b, tf.float32)\n'
                'ds = ds.map(f)\n'
                'print(ds.element_spec)'),
               ('Tensor("args_0:0", shape=(), dtype=float32) Tensor("args_1:0'
                '", shape=(), dtype=int32)\n'
                'SymbolicTensor\n'
                '(TensorSpec(shape=(), dtype=tf.float32, name=None), TensorSp'
                'ec(shape=(), dtype=tf.float32, name=None))\n')),
    ParityCase('d6_filter_print',
               ('ds = tf.data.Dataset.range(6)\n'
                'def pred(x):\n'
                '    print("trace", x.shape, x.dtype)\n'
                '    return x % 2 == 0\n'
                'print(list(ds.filter(pred).as_numpy_iterator()))'),
               ("trace () <dtype: 'int64'>\n"
                '[np.int64(0), np.int64(2), np.int64(4)]\n')),
    ParityCase('d6_reduce_print',
               ('ds = tf.data.Dataset.range(5)\n'
                'def f(s, x):\n'
                '    print("trace reduce", s, x)\n'
                '    return s + x\n'
                'print(ds.reduce(tf.constant(0, tf.int64), f).numpy())'),
               ('trace reduce Tensor("args_0:0", shape=(), dtype=int64) Tenso'
                'r("args_1:0", shape=(), dtype=int64)\n'
                '10\n')),
    ParityCase('d6_scan_print',
               ('ds = tf.data.Dataset.range(5)\n'
                'def f(s, x):\n'
                '    print("trace scan")\n'
                '    return s + x, s * 2\n'
                'print(list(ds.scan(tf.constant(0, tf.int64), f).as_numpy_ite'
                'rator()))'),
               ('trace scan\n'
                '[np.int64(0), np.int64(0), np.int64(2), np.int64(6), np.int6'
                '4(12)]\n')),
    ParityCase('d6_map_py_function',
               ('ds = tf.data.Dataset.range(3)\n'
                'def upper(x):\n'
                '    return x.numpy() * 10\n'
                'def f(x):\n'
                '    y = tf.py_function(upper, [x], tf.int64)\n'
                '    return y + 1\n'
                'print(list(ds.map(f).as_numpy_iterator()))\n'
                'print(ds.map(f).element_spec)'),
               ('[np.int64(1), np.int64(11), np.int64(21)]\n'
                'TensorSpec(shape=<unknown>, dtype=tf.int64, name=None)\n')),
    ParityCase('d6_map_dict',
               ('ds = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": ['
                '3., 4.]})\n'
                'def f(d):\n'
                '    print(sorted(d))\n'
                '    return {"s": tf.cast(d["a"], tf.float32) + d["b"]}\n'
                'ds = ds.map(f)\n'
                'print(ds.element_spec)\n'
                'print(list(ds.as_numpy_iterator()))'),
               ("['a', 'b']\n"
                "{'s': TensorSpec(shape=(), dtype=tf.float32, name=None)}\n"
                "[{'s': np.float32(4.0)}, {'s': np.float32(6.0)}]\n")),
    ParityCase('d6_map_ragged_shape',
               ('ds = tf.data.Dataset.range(1, 4).map(lambda x: tf.range(x))\n'
                'print(ds.element_spec)\n'
                'print(list(ds.as_numpy_iterator()))'),
               ('TensorSpec(shape=(None,), dtype=tf.int64, name=None)\n'
                '[array([0]), array([0, 1]), array([0, 1, 2])]\n')),
    ParityCase('d6_map_shape_none',
               ('ds = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).ba'
                'tch(2)\n'
                'print(ds.map(lambda x: x * 2).element_spec)'),
               ('TensorSpec(shape=(None, 2), dtype=tf.int32, name=None)\n')),
    ParityCase('d6_reduce_in_function_symbolic_init',
               ('@tf.function\n'
                'def g(init):\n'
                '    return tf.data.Dataset.range(5).reduce(init, lambda s, x'
                ': s + x)\n'
                'print(g(tf.constant(3, tf.int64)).numpy())'),
               ('13\n')),
    ParityCase('d6_reduce_tuple_state',
               ('ds = tf.data.Dataset.range(5)\n'
                'print(ds.reduce((tf.constant(0, tf.int64), tf.constant(1, tf'
                '.int64)), lambda s, x: (s[0] + x, s[1] * (x + 1))))'),
               ('(<tf.Tensor: shape=(), dtype=int64, numpy=10>, <tf.Tensor: s'
                'hape=(), dtype=int64, numpy=120>)\n')),
    ParityCase('d6_datasetspec_signature',
               ('spec = tf.data.DatasetSpec.from_value(tf.data.Dataset.range('
                '3))\n'
                'print(spec)\n'
                '@tf.function(input_signature=[spec])\n'
                'def g(ds):\n'
                '    return ds.reduce(tf.constant(0, tf.int64), lambda s, x: '
                's + x)\n'
                'print(g(tf.data.Dataset.range(4)).numpy())\n'
                'print(g(tf.data.Dataset.range(6)).numpy())\n'
                'print(g.experimental_get_tracing_count())'),
               ('DatasetSpec(TensorSpec(shape=(), dtype=tf.int64, name=None),'
                ' TensorShape([]))\n'
                '6\n'
                '15\n'
                '1\n')),
    ParityCase('d6_dataset_arg_retrace',
               ('@tf.function\n'
                'def g(ds):\n'
                '    s = tf.constant(0, tf.int64)\n'
                '    for x in ds:\n'
                '        s += x\n'
                '    return s\n'
                'print(g(tf.data.Dataset.range(3)).numpy())\n'
                'print(g(tf.data.Dataset.range(5)).numpy())\n'
                'print(g.experimental_get_tracing_count())\n'
                'print(g(tf.data.Dataset.range(5).map(lambda x: x * 2)).numpy'
                '())\n'
                'print(g.experimental_get_tracing_count())'),
               ('3\n'
                '10\n'
                '1\n'
                '20\n'
                '1\n')),
    ParityCase('d6_map_tf_function',
               ('@tf.function\n'
                'def double(x):\n'
                '    return x * 2\n'
                'ds = tf.data.Dataset.range(3).map(double)\n'
                'print(list(ds.as_numpy_iterator()))\n'
                'print(double.experimental_get_tracing_count())'),
               ('[np.int64(0), np.int64(2), np.int64(4)]\n'
                '1\n')),
    ParityCase('d6_map_set_shape',
               ('def f(x):\n'
                '    y = tf.py_function(lambda v: v, [x], tf.float32)\n'
                '    print(y.shape)\n'
                '    y.set_shape([2])\n'
                '    return y\n'
                'ds = tf.data.Dataset.from_tensor_slices(tf.ones([3, 2])).map'
                '(f)\n'
                'print(ds.element_spec)'),
               ('<unknown>\n'
                'TensorSpec(shape=(2,), dtype=tf.float32, name=None)\n')),
    ParityCase('d6_filter_nonbool',
               ('ds = tf.data.Dataset.range(4)\n'
                'try:\n'
                '    ds.filter(lambda x: x)\n'
                'except Exception as e:\n'
                '    print(type(e).__name__, str(e)[:120])'),
               ('ValueError Invalid `predicate`. `predicate` must return a `t'
                'f.bool` scalar tensor, but its return type is TensorSpec(sha'
                'pe=(), dtyp\n')),
    ParityCase('d6_map_returns_none',
               ('ds = tf.data.Dataset.range(3)\n'
                'try:\n'
                '    print(ds.map(lambda x: None).element_spec)\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('InvalidArgumentError\n')),
    ParityCase('d6_map_python_scalar_out',
               ('ds = tf.data.Dataset.range(3).map(lambda x: (x, 1, 2.0, "s")'
                ')\n'
                'print(ds.element_spec)'),
               ('(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorSpec'
                '(shape=(), dtype=tf.int32, name=None), TensorSpec(shape=(), '
                'dtype=tf.float32, name=None), TensorSpec(shape=(), dtype=tf.'
                'string, name=None))\n')),
    ParityCase('d6_map_list_out',
               ('ds = tf.data.Dataset.range(3).map(lambda x: [x, x])\n'
                'print(ds.element_spec)\n'),
               ('(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorSpec'
                '(shape=(), dtype=tf.int64, name=None))\n')),
    ParityCase('d6_map_creates_variable',
               ('ds = tf.data.Dataset.range(3)\n'
                'def f(x):\n'
                '    v = tf.Variable(1, dtype=tf.int64)\n'
                '    return x + v\n'
                'try:\n'
                '    print(list(ds.map(f).as_numpy_iterator()))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('ValueError\n')),
    ParityCase('f7_input_signature_retrace',
               ('@tf.function(input_signature=(tf.TensorSpec(shape=[None], dt'
                'ype=tf.int32),))\n'
                'def next_collatz(x):\n'
                '    print("Tracing with", x)\n'
                '    return tf.where(x % 2 == 0, x // 2, 3 * x + 1)\n'
                'print(next_collatz(tf.constant([1, 2])))\n'
                'try:\n'
                '    next_collatz(tf.constant([[1, 2], [3, 4]]))\n'
                'except (ValueError, TypeError) as e:\n'
                '    print(type(e).__name__)\n'
                '    print(str(e)[:300])'),
               ('Tracing with Tensor("x:0", shape=(None,), dtype=int32)\n'
                'tf.Tensor([4 1], shape=(2,), dtype=int32)\n'
                'TypeError\n'
                'Binding inputs to tf.function failed due to `Can not cast Te'
                'nsorSpec(shape=(2, 2), dtype=tf.int32, name=None) to TensorS'
                'pec(shape=(None,), dtype=tf.int32, name=None)`. Received arg'
                's: (<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\n'
                'array([[1, 2],\n'
                '       [3, 4]], dtype=int32)>,) and kwargs: {} for sign\n')),
    ParityCase('f7_concrete_string',
               ('@tf.function\n'
                'def double(a):\n'
                '    return a + a\n'
                'print(double(tf.constant("a")))\n'
                'c = double.get_concrete_function(tf.TensorSpec(shape=None, d'
                'type=tf.string))\n'
                'print(c)\n'
                'print(c(tf.constant("b")))\n'
                'try:\n'
                '    c(tf.constant(1))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ("tf.Tensor(b'aa', shape=(), dtype=string)\n"
                'ConcreteFunction Input Parameters:\n'
                '  a (POSITIONAL_OR_KEYWORD): TensorSpec(shape=<unknown>, dty'
                'pe=tf.string, name=None)\n'
                'Output Type:\n'
                '  TensorSpec(shape=<unknown>, dtype=tf.string, name=None)\n'
                'Captures:\n'
                '  None\n'
                "tf.Tensor(b'bb', shape=(), dtype=string)\n"
                'InvalidArgumentError\n')),
    ParityCase('f7_assert_message_const',
               ('@tf.function\n'
                'def f(x):\n'
                '    tf.debugging.assert_less(x, 5.)\n'
                '    return x\n'
                'try:\n'
                '    f(tf.constant([1., 9.]))\n'
                'except tf.errors.InvalidArgumentError as e:\n'
                '    print([l for l in str(e).split("\\n") if "y (" in l][0][:'
                '200])'),
               ('assertion failed: [Condition x < y did not hold element-wise'
                ':] [x (x:0) = ] [1 9] [y (assert_less/y:0) = ] [5]\n')),
    ParityCase('p9_measure_graph_size',
               ('def measure_graph_size(f, *args):\n'
                '    g = f.get_concrete_function(*args).graph\n'
                '    print("{}({}) contains {} nodes in its graph".format(\n'
                "        f.__name__, ', '.join(map(str, args)), len(g.as_grap"
                'h_def().node)))\n'
                '@tf.function\n'
                'def train(dataset):\n'
                '    loss = tf.constant(0)\n'
                '    for x, y in dataset:\n'
                '        loss += tf.abs(y - x)\n'
                '    return loss\n'
                'small_data = [(1, 1)] * 3\n'
                'big_data = [(1, 1)] * 10\n'
                'measure_graph_size(train, small_data)\n'
                'measure_graph_size(train, big_data)\n'
                'measure_graph_size(train, tf.data.Dataset.from_generator(\n'
                '    lambda: small_data, (tf.int32, tf.int32)))\n'
                'measure_graph_size(train, tf.data.Dataset.from_generator(\n'
                '    lambda: big_data, (tf.int32, tf.int32)))'),
               ('train([(1, 1), (1, 1), (1, 1)]) contains 11 nodes in its gra'
                'ph\n'
                'train([(1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1'
                '), (1, 1), (1, 1), (1, 1)]) contains 32 nodes in its graph\n'
                'train(<_FlatMapDataset element_spec=(TensorSpec(shape=<unkno'
                'wn>, dtype=tf.int32, name=None), TensorSpec(shape=<unknown>,'
                ' dtype=tf.int32, name=None))>) contains 6 nodes in its graph'
                '\n'
                'train(<_FlatMapDataset element_spec=(TensorSpec(shape=<unkno'
                'wn>, dtype=tf.int32, name=None), TensorSpec(shape=<unknown>,'
                ' dtype=tf.int32, name=None))>) contains 6 nodes in its graph'
                '\n')),
    ParityCase('m10_py_function_tout_list',
               ('def f(x):\n'
                '    return x.numpy() * 2, str(x.numpy())\n'
                'ds = tf.data.Dataset.range(2).map(lambda x: tf.py_function(f'
                ', [x], [tf.int64, tf.string]))\n'
                'print(ds.element_spec)\n'
                'print(list(ds.as_numpy_iterator()))'),
               ('(TensorSpec(shape=<unknown>, dtype=tf.int64, name=None), Ten'
                'sorSpec(shape=<unknown>, dtype=tf.string, name=None))\n'
                "[(np.int64(0), b'0'), (np.int64(2), b'1')]\n")),
    ParityCase('m10_numpy_function_shape',
               ('def f(x):\n'
                '    return np.ones([int(x) + 1], np.float32)\n'
                'ds = tf.data.Dataset.range(2).map(lambda x: tf.numpy_functio'
                'n(f, [x], tf.float32))\n'
                'print(ds.element_spec)\n'
                'print([a.shape for a in ds.as_numpy_iterator()])'),
               ('TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)\n'
                '[(1,), (2,)]\n')),
    ParityCase('m10_map_ragged_out',
               ('ds = tf.data.Dataset.from_tensor_slices(["a b", "c"]).map(la'
                'mbda s: tf.strings.split([s]))\n'
                'print(ds.element_spec)'),
               ('RaggedTensorSpec(TensorShape([None, None]), tf.string, 1, tf'
                '.int64)\n')),
    ParityCase('m10_map_sparse_out',
               ('ds = tf.data.Dataset.range(2).map(lambda x: tf.sparse.Sparse'
                'Tensor([[0]], [x], [3]))\n'
                'print(ds.element_spec)\n'
                'print([tf.sparse.to_dense(s).numpy().tolist() for s in ds])'),
               ('SparseTensorSpec(TensorShape([3]), tf.int64)\n'
                '[[0, 0, 0], [1, 0, 0]]\n')),
    ParityCase('s11_map_g_h_i',
               ('dataset = tf.data.Dataset.range(3)\n'
                'def g(x):\n'
                '    return tf.constant(37.0), tf.constant(["Foo", "Bar", "Ba'
                'z"])\n'
                'print(dataset.map(g).element_spec)\n'
                'def h(x):\n'
                '    return 37.0, ["Foo", "Bar"], np.array([1.0, 2.0], dtype='
                'np.float64)\n'
                'print(dataset.map(h).element_spec)\n'
                'def i(x):\n'
                '    return (37.0, [42, 16]), "foo"\n'
                'print(dataset.map(i).element_spec)'),
               ('(TensorSpec(shape=(), dtype=tf.float32, name=None), TensorSp'
                'ec(shape=(3,), dtype=tf.string, name=None))\n'
                '(TensorSpec(shape=(), dtype=tf.float32, name=None), TensorSp'
                'ec(shape=(2,), dtype=tf.string, name=None), TensorSpec(shape'
                '=(2,), dtype=tf.float64, name=None))\n'
                '((TensorSpec(shape=(), dtype=tf.float32, name=None), TensorS'
                'pec(shape=(2,), dtype=tf.int32, name=None)), TensorSpec(shap'
                'e=(), dtype=tf.string, name=None))\n')),
    ParityCase('s11_map_generator_dict',
               ('elements = ([{"a": 1, "b": "foo"}, {"a": 2, "b": "bar"}, {"a'
                '": 3, "b": "baz"}])\n'
                'dataset = tf.data.Dataset.from_generator(lambda: elements, {'
                '"a": tf.int32, "b": tf.string})\n'
                'result = dataset.map(lambda d: str(d["a"]) + d["b"])\n'
                'print(result.element_spec)\n'
                'print(list(result.as_numpy_iterator()))'),
               ('TensorSpec(shape=<unknown>, dtype=tf.string, name=None)\n'
                '[b\'Tensor("args_0:0", dtype=int32)foo\', b\'Tensor("args_0:0",'
                ' dtype=int32)bar\', b\'Tensor("args_0:0", dtype=int32)baz\']\n')),
    ParityCase('s11_random_in_map_seeded',
               ('tf.random.set_seed(5)\n'
                'ds = tf.data.Dataset.range(3).map(lambda x: tf.random.unifor'
                'm([], seed=1))\n'
                'a = [float(v) for v in ds]\n'
                'b = [float(v) for v in ds]\n'
                'print(a == b, len(set(a)))\n'),
               ('True 3\n')),
    ParityCase('s11_dataset_in_function_print',
               ('@tf.function\n'
                'def f(ds):\n'
                '    for x in ds:\n'
                '        tf.print(x)\n'
                '    return 0\n'
                'f(tf.data.Dataset.range(2))\n'
                'f(tf.data.Dataset.range(3))\n'
                'print(f.experimental_get_tracing_count())'),
               ('1\n')),
    ParityCase('s11_function_map_inside_function',
               ('@tf.function\n'
                'def f():\n'
                '    ds = tf.data.Dataset.range(4).map(lambda x: x * 2).filte'
                'r(lambda x: x > 2)\n'
                '    return ds.reduce(tf.constant(0, tf.int64), lambda s, x: '
                's + x)\n'
                'print(f())'),
               ('tf.Tensor(10, shape=(), dtype=int64)\n')),
]
