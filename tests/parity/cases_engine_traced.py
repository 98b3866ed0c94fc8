"""Parity cases: ragged and sparse values, jacobians, custom and py_function gradients and
TensorArrays inside tf.function, often with None dims in the input_signature (what TF
2.21 prints for each)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('rag_reduce_mean_fn',
               ('@tf.function(input_signature=[tf.TensorSpec([None], '
                'tf.float32), tf.TensorSpec([None], tf.int64)])\n'
                'def f(v, l):\n'
                '    rt = tf.RaggedTensor.from_row_lengths(v, l)\n'
                '    return tf.reduce_mean(rt, axis=1)\n'
                'print(f(tf.constant([1., 2., 3., 4., 6.]), tf.constant([2, '
                '3], tf.int64)))'),
               ('tf.Tensor([1.5       4.3333335], shape=(2,), dtype=float32)\n')),
    ParityCase('rag_map_flat_values_fn',
               ('@tf.function\n'
                'def f(v, l):\n'
                '    rt = tf.RaggedTensor.from_row_lengths(v, l)\n'
                '    out = tf.ragged.map_flat_values(tf.square, rt)\n'
                '    return out.flat_values, out.row_splits\n'
                'print(f(tf.constant([1., 2., 3.]), tf.constant([2, 1], tf.int64)))'),
               ('(<tf.Tensor: shape=(3,), dtype=float32, numpy=array([1., 4., '
                '9.], dtype=float32)>, <tf.Tensor: shape=(3,), dtype=int64, '
                'numpy=array([0, 2, 3])>)\n')),
    ParityCase('rag_value_rowids_fn',
               ('@tf.function\n'
                'def f(v, ids):\n'
                '    rt = tf.RaggedTensor.from_value_rowids(v, ids, nrows=4)\n'
                '    return rt.to_tensor(default_value=-1)\n'
                'print(f(tf.constant([3, 1, 4, 1, 5]), tf.constant([0, 0, 2, '
                '2, 3], tf.int64)))'),
               ('tf.Tensor(\n'
                '[[ 3  1]\n'
                ' [-1 -1]\n'
                ' [ 4  1]\n'
                ' [ 5 -1]], shape=(4, 2), dtype=int32)\n')),
    ParityCase('rag_shape_in_trace',
               ('@tf.function(input_signature=[tf.TensorSpec([None], '
                'tf.int32), tf.TensorSpec([None], tf.int64)])\n'
                'def f(v, l):\n'
                '    rt = tf.RaggedTensor.from_row_lengths(v, l)\n'
                '    print(rt.shape)\n'
                '    return rt.to_tensor()\n'
                'f(tf.constant([1, 2, 3]), tf.constant([1, 2], tf.int64))'),
               ('(None, None)\n')),
    ParityCase('rag_gather_in_fn',
               ('@tf.function\n'
                'def f(v, l, i):\n'
                '    rt = tf.RaggedTensor.from_row_lengths(v, l)\n'
                '    return tf.gather(rt, i).to_tensor()\n'
                'print(f(tf.constant([1, 2, 3, 4, 5]), tf.constant([2, 3], '
                'tf.int64), tf.constant([1, 0, 1])))'),
               ('tf.Tensor(\n'
                '[[3 4 5]\n'
                ' [1 2 0]\n'
                ' [3 4 5]], shape=(3, 3), dtype=int32)\n')),
    ParityCase('rag_concat_fn',
               ('@tf.function\n'
                'def f(a, b):\n'
                '    ra = tf.RaggedTensor.from_row_lengths(a, [1, 2])\n'
                '    rb = tf.RaggedTensor.from_row_lengths(b, [2, 0])\n'
                '    return tf.concat([ra, rb], axis=0).to_tensor()\n'
                'print(f(tf.constant([1, 2, 3]), tf.constant([4, 5])))'),
               ('tf.Tensor(\n'
                '[[1 0]\n'
                ' [2 3]\n'
                ' [4 5]\n'
                ' [0 0]], shape=(4, 2), dtype=int32)\n')),
    ParityCase('rag_getitem_fn',
               ('@tf.function\n'
                'def f(v, l):\n'
                '    rt = tf.RaggedTensor.from_row_lengths(v, l)\n'
                '    return rt[1], rt[:, :1].to_tensor()\n'
                'print(f(tf.constant([1, 2, 3, 4]), tf.constant([1, 3], tf.int64)))'),
               ('(<tf.Tensor: shape=(3,), dtype=int32, numpy=array([2, 3, 4], '
                'dtype=int32)>, <tf.Tensor: shape=(2, 1), dtype=int32, numpy=\n'
                'array([[1],\n'
                '       [2]], dtype=int32)>)\n')),
    ParityCase('rag_grad_fn',
               ('@tf.function\n'
                'def f(v, l):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(v)\n'
                '        rt = tf.RaggedTensor.from_row_lengths(v, l)\n'
                '        y = tf.reduce_sum(tf.reduce_mean(rt, axis=1))\n'
                '    return t.gradient(y, v)\n'
                'print(f(tf.constant([1., 2., 3.]), tf.constant([1, 2], tf.int64)))'),
               ('tf.Tensor([1.  0.5 0.5], shape=(3,), dtype=float32)\n')),
    ParityCase('rag_validate_error_fn',
               ('@tf.function\n'
                'def f(v, s):\n'
                '    return tf.RaggedTensor.from_row_splits(v, s).to_tensor()\n'
                'try:\n'
                '    print(f(tf.constant([1, 2, 3]), tf.constant([0, 2, 5], '
                'tf.int64)))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('InvalidArgumentError\n')),
    ParityCase('sp_to_dense_sig',
               ('@tf.function(input_signature=[tf.TensorSpec([None, 2], '
                'tf.int64), tf.TensorSpec([None], tf.float32)])\n'
                'def f(i, v):\n'
                '    st = tf.sparse.SparseTensor(i, v, [3, 3])\n'
                '    return tf.sparse.to_dense(st)\n'
                'print(f(tf.constant([[0, 0], [1, 2]], tf.int64), '
                'tf.constant([5., 6.])))'),
               ('tf.Tensor(\n'
                '[[5. 0. 0.]\n'
                ' [0. 0. 6.]\n'
                ' [0. 0. 0.]], shape=(3, 3), dtype=float32)\n')),
    ParityCase('sp_matmul_fn',
               ('@tf.function\n'
                'def f(i, v, d):\n'
                '    st = tf.sparse.SparseTensor(i, v, [2, 2])\n'
                '    return tf.sparse.sparse_dense_matmul(st, d)\n'
                'print(f(tf.constant([[0, 0], [1, 1]], tf.int64), '
                'tf.constant([2., 3.]), tf.ones([2, 2])))'),
               ('tf.Tensor(\n'
                '[[2. 2.]\n'
                ' [3. 3.]], shape=(2, 2), dtype=float32)\n')),
    ParityCase('sp_reorder_fn',
               ('@tf.function\n'
                'def f(i, v):\n'
                '    st = tf.sparse.reorder(tf.sparse.SparseTensor(i, v, [3, 3]))\n'
                '    return st.indices\n'
                'print(f(tf.constant([[2, 0], [0, 1]], tf.int64), tf.constant([1, 2])))'),
               ('tf.Tensor(\n'
                '[[0 1]\n'
                ' [2 0]], shape=(2, 2), dtype=int64)\n')),
    ParityCase('sp_shape_fn',
               ('@tf.function(input_signature=[tf.TensorSpec([None, 2], '
                'tf.int64), tf.TensorSpec([None], tf.float32)])\n'
                'def f(i, v):\n'
                '    st = tf.sparse.SparseTensor(i, v, [3, 4])\n'
                '    print(st.shape)\n'
                '    return st.values\n'
                'f(tf.constant([[0, 0]], tf.int64), tf.constant([1.]))'),
               ('(3, 4)\n')),
    ParityCase('sp_concat_fn',
               ('@tf.function\n'
                'def f(i, v):\n'
                '    a = tf.sparse.SparseTensor(i, v, [2, 2])\n'
                '    return tf.sparse.to_dense(tf.sparse.concat(1, [a, a]))\n'
                'print(f(tf.constant([[0, 1]], tf.int64), tf.constant([3])))'),
               ('tf.Tensor(\n'
                '[[0 3 0 3]\n'
                ' [0 0 0 0]], shape=(2, 4), dtype=int32)\n')),
    ParityCase('jac_sig_unknown',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        y = tf.sin(x)\n'
                '    return t.jacobian(y, x)\n'
                'print(f(tf.constant([0., 1.])))'),
               ('tf.Tensor(\n'
                '[[1.        0.       ]\n'
                ' [0.        0.5403023]], shape=(2, 2), dtype=float32)\n')),
    ParityCase('jac_sig_shape',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        y = x * 2.\n'
                '    j = t.jacobian(y, x)\n'
                '    print(j.shape)\n'
                '    return j\n'
                'f(tf.constant([0., 1.]))'),
               ('(None, None)\n')),
    ParityCase('batch_jac_sig',
               ('@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        y = tf.matmul(x, tf.constant([[1., 2.], [3., 4.]]))\n'
                '    return t.batch_jacobian(y, x)\n'
                'print(f(tf.constant([[1., 2.], [3., 4.], [5., 6.]])))'),
               ('tf.Tensor(\n'
                '[[[1. 3.]\n'
                '  [2. 4.]]\n'
                '\n'
                ' [[1. 3.]\n'
                '  [2. 4.]]\n'
                '\n'
                ' [[1. 3.]\n'
                '  [2. 4.]]], shape=(3, 2, 2), dtype=float32)\n')),
    ParityCase('hessian_fn',
               ('@tf.function\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t2:\n'
                '        t2.watch(x)\n'
                '        with tf.GradientTape() as t1:\n'
                '            t1.watch(x)\n'
                '            y = tf.reduce_sum(x ** 3)\n'
                '        g = t1.gradient(y, x)\n'
                '    return t2.jacobian(g, x)\n'
                'print(f(tf.constant([1., 2.])))'),
               ('tf.Tensor(\n'
                '[[ 6.  0.]\n'
                ' [ 0. 12.]], shape=(2, 2), dtype=float32)\n')),
    ParityCase('cg_sig_unknown',
               ('@tf.custom_gradient\n'
                'def ident(x):\n'
                '    def grad(dy):\n'
                '        return dy * 3.\n'
                '    return tf.identity(x), grad\n'
                '@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        y = tf.reduce_sum(ident(x))\n'
                '    return t.gradient(y, x)\n'
                'print(f(tf.constant([1., 2., 3.])))'),
               ('tf.Tensor([3. 3. 3.], shape=(3,), dtype=float32)\n')),
    ParityCase('cg_variable_fn',
               ('v = tf.Variable(2.0)\n'
                '@tf.custom_gradient\n'
                'def scale(x):\n'
                '    def grad(dy, variables=None):\n'
                '        return dy * v, [dy * x]\n'
                '    return x * v, grad\n'
                '@tf.function\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        y = scale(x)\n'
                '    return t.gradient(y, [x, v])\n'
                'print(f(tf.constant(3.)))'),
               ('[<tf.Tensor: shape=(), dtype=float32, numpy=2.0>, <tf.Tensor: '
                'shape=(), dtype=float32, numpy=3.0>]\n')),
    ParityCase('cg_outer_tape',
               ('@tf.custom_gradient\n'
                'def sq(x):\n'
                '    def grad(dy):\n'
                '        return dy * 2 * x\n'
                '    return x * x, grad\n'
                '@tf.function\n'
                'def f(x):\n'
                '    return sq(x)\n'
                'x = tf.constant(4.)\n'
                'with tf.GradientTape() as t:\n'
                '    t.watch(x)\n'
                '    y = f(x)\n'
                'print(t.gradient(y, x))'),
               ('tf.Tensor(8.0, shape=(), dtype=float32)\n')),
    ParityCase('fn_graph_ops',
               ('@tf.function\n'
                'def f(x):\n'
                '    return tf.reduce_sum(x * 2.)\n'
                'g = f.get_concrete_function(tf.TensorSpec([2], tf.float32)).graph\n'
                'print(isinstance(g, tf.Graph))\n'
                'print([op.type for op in g.get_operations()][:1])'),
               ('True\n'
                "['Placeholder']\n")),
    ParityCase('g2_ragged_guide_sig',
               ('@tf.function(input_signature=[tf.RaggedTensorSpec(shape=[Non'
                'e, None], dtype=tf.int32)])\n'
                'def max_and_min(rt):\n'
                '    return (tf.math.reduce_max(rt, axis=-1), '
                'tf.math.reduce_min(rt, axis=-1))\n'
                'print(max_and_min(tf.ragged.constant([[3, 1, 4, 1], [5, 9, 2], [6]])))'),
               ('(<tf.Tensor: shape=(3,), dtype=int32, numpy=array([4, 9, 6], '
                'dtype=int32)>, <tf.Tensor: shape=(3,), dtype=int32, '
                'numpy=array([1, 2, 6], dtype=int32)>)\n')),
    ParityCase('g2_ragged_map_fn_sig',
               ('@tf.function(input_signature=[tf.TensorSpec([None], '
                'tf.int32), tf.TensorSpec([None], tf.int64)])\n'
                'def f(v, l):\n'
                '    rt = tf.RaggedTensor.from_row_lengths(v, l)\n'
                '    return tf.map_fn(lambda r: tf.reduce_sum(r), rt, '
                'fn_output_signature=tf.int32)\n'
                'try:\n'
                '    print(f(tf.constant([1, 2, 3]), tf.constant([2, 1], tf.int64)))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('tf.Tensor([3 3], shape=(2,), dtype=int32)\n')),
    ParityCase('g2_sparse_guide_add_fn',
               ('@tf.function\n'
                'def f(a, b):\n'
                '    return tf.sparse.add(a, b)\n'
                'st_a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], '
                'values=[31, 2], dense_shape=[4, 10])\n'
                'st_b = tf.sparse.SparseTensor(indices=[[0, 2], [7, 0]], '
                'values=[56, 38], dense_shape=[4, 10])\n'
                'try:\n'
                '    r = f(st_a, st_b)\n'
                '    print(r.indices, r.values)\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('tf.Tensor(\n'
                '[[0 2]\n'
                ' [3 4]\n'
                ' [7 0]], shape=(3, 2), dtype=int64) tf.Tensor([87  2 38], '
                'shape=(3,), dtype=int32)\n')),
    ParityCase('g2_sparse_sig_matmul',
               ('@tf.function(input_signature=[tf.SparseTensorSpec([None, 3], '
                'tf.float32), tf.TensorSpec([3, 2], tf.float32)])\n'
                'def f(s, d):\n'
                '    y = tf.sparse.sparse_dense_matmul(s, d)\n'
                '    print(y.shape)\n'
                '    return y\n'
                'print(f(tf.sparse.SparseTensor([[0, 0], [1, 2]], [1., 2.], '
                '[2, 3]), tf.ones([3, 2])))'),
               ('(None, 2)\n'
                'tf.Tensor(\n'
                '[[1. 1.]\n'
                ' [2. 2.]], shape=(2, 2), dtype=float32)\n')),
    ParityCase('g2_batch_jac_sig_shape',
               ('@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as tape:\n'
                '        tape.watch(x)\n'
                '        y = tf.nn.softmax(x)\n'
                '    j = tape.batch_jacobian(y, x)\n'
                '    print(j.shape)\n'
                '    return tf.shape(j)\n'
                'print(f(tf.ones([4, 3])))'),
               ('(None, 3, 3)\n'
                'tf.Tensor([4 3 3], shape=(3,), dtype=int32)\n')),
    ParityCase('g2_cg_tuple_output',
               ('@tf.custom_gradient\n'
                'def two(x):\n'
                '    def grad(da, db):\n'
                '        return da + 2 * db\n'
                '    return (x, 2 * x), grad\n'
                '@tf.function\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        a, b = two(x)\n'
                '        y = a + b\n'
                '    return t.gradient(y, x)\n'
                'print(f(tf.constant(1.)))'),
               ('tf.Tensor(3.0, shape=(), dtype=float32)\n')),
    ParityCase('g3_ad_grad_concat_split_sig',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        y = tf.concat([x, x * 2], 0)\n'
                '        a, b = tf.split(y, 2)\n'
                '        z = tf.reduce_sum(a * b)\n'
                '    return t.gradient(z, x)\n'
                'print(f(tf.constant([1., 2.])))'),
               ('tf.Tensor([4. 8.], shape=(2,), dtype=float32)\n')),
    ParityCase('g3_ad_grad_dense_layer_sig',
               ('layer = tf.keras.layers.Dense(3, kernel_initializer="ones")\n'
                'layer.build((None, 2))\n'
                '@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        y = tf.reduce_sum(layer(x) ** 2)\n'
                '    return [g.shape for g in t.gradient(y, '
                'layer.trainable_variables)]\n'
                'print(f(tf.ones([4, 2])))'),
               ('[<tf.Tensor: shape=(2,), dtype=int32, numpy=array([2, 3], '
                'dtype=int32)>, <tf.Tensor: shape=(1,), dtype=int32, '
                'numpy=array([3], dtype=int32)>]\n')),
    ParityCase('g4_py_function_grad',
               ('@tf.function\n'
                'def f(x):\n'
                '    with tf.GradientTape() as t:\n'
                '        t.watch(x)\n'
                '        y = tf.py_function(lambda a: a * a, [x], tf.float32)\n'
                '    return t.gradient(y, x)\n'
                'print(f(tf.constant(3.)))'),
               ('tf.Tensor(6.0, shape=(), dtype=float32)\n')),
    ParityCase('g4_tensorarray_unknown_elem',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])\n'
                'def f(n):\n'
                '    ta = tf.TensorArray(tf.int32, size=tf.size(n), '
                'infer_shape=False)\n'
                '    for i in tf.range(tf.size(n)):\n'
                '        ta = ta.write(i, tf.range(n[i]))\n'
                '    return ta.concat()\n'
                'print(f(tf.constant([1, 2, 3])))'),
               ('tf.Tensor([0 0 1 0 1 2], shape=(6,), dtype=int32)\n')),
    ParityCase('g4_tensorarray_gather',
               ('@tf.function\n'
                'def f():\n'
                '    ta = tf.TensorArray(tf.float32, size=3)\n'
                '    ta = ta.write(0, 1.).write(1, 2.).write(2, 3.)\n'
                '    return ta.gather([2, 0])\n'
                'try:\n'
                '    print(f())\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)'),
               ('tf.Tensor([3. 1.], shape=(2,), dtype=float32)\n')),
    ParityCase('g4_sig_python_list_arg',
               ('@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])\n'
                'def f(x):\n'
                '    return x * 2\n'
                'print(f([1, 2, 3]))'),
               ('tf.Tensor([2 4 6], shape=(3,), dtype=int32)\n')),
]
