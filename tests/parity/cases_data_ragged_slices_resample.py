"""Parity cases: tf.data's from_tensor_slices of ragged and sparse tensors (elements are their
rows), `set_shape` inside `Dataset.map` (the time-series tutorial's split_window),
`rejection_resample` (random results are checked as proportions) and the element_spec of
bucket_by_sequence_length (outputs recorded from TensorFlow 2.21)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('from_tensor_slices_of_a_ragged_tensor',
               ('\n'
                'rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])\n'
                'ds = tf.data.Dataset.from_tensor_slices(rt)\n'
                'print(ds.element_spec)\n'
                'for e in ds:\n'
                '    print(e)\n'
                'print(ds.batch(2).element_spec)\n'
                'for e in ds.batch(2):\n'
                '    print(e)\n'
                'print(list(ds.map(lambda x: tf.reduce_sum(x)).as_numpy_iterator()))\n'
                'print(ds.cardinality().numpy())\n'),
               ('RaggedTensorSpec(TensorShape([None]), tf.int32, 0, tf.int64)\n'
                'tf.Tensor([1 2], shape=(2,), dtype=int32)\n'
                'tf.Tensor([3], shape=(1,), dtype=int32)\n'
                'tf.Tensor([4 5 6], shape=(3,), dtype=int32)\n'
                'RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)\n'
                '<tf.RaggedTensor [[1, 2], [3]]>\n'
                '<tf.RaggedTensor [[4, 5, 6]]>\n'
                '[np.int32(3), np.int32(3), np.int32(15)]\n'
                '3\n')),
    ParityCase('from_tensor_slices_ragged_in_a_dict',
               ('\n'
                'features = {"words": tf.ragged.constant([["a", "b"], ["c"], '
                '["d", "e", "f"]]),\n'
                '            "label": [1, 0, 1]}\n'
                'ds = tf.data.Dataset.from_tensor_slices(features)\n'
                'print(ds.element_spec)\n'
                'for e in ds.take(2):\n'
                '    print(e["words"].numpy(), e["label"].numpy())\n'
                'for e in ds.batch(3):\n'
                '    print(e["words"].to_list(), e["label"].numpy())\n'),
               ("{'words': RaggedTensorSpec(TensorShape([None]), tf.string, 0"
                ", tf.int64), 'label': TensorSpec(shape=(), dtype=tf.int32, name=None)}\n"
                "[b'a' b'b'] 1\n"
                "[b'c'] 0\n"
                "[[b'a', b'b'], [b'c'], [b'd', b'e', b'f']] [1 0 1]\n")),
    ParityCase('from_tensor_slices_ragged_rank_two',
               ('\n'
                'rt = tf.ragged.constant([[[1], [2, 3]], [[4]], [[5, 6], [], [7]]])\n'
                'ds = tf.data.Dataset.from_tensor_slices(rt)\n'
                'print(ds.element_spec)\n'
                'for e in ds:\n'
                '    print(e)\n'),
               ('RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)\n'
                '<tf.RaggedTensor [[1], [2, 3]]>\n'
                '<tf.RaggedTensor [[4]]>\n'
                '<tf.RaggedTensor [[5, 6], [], [7]]>\n')),
    ParityCase('from_tensor_slices_ragged_with_uniform_inner_dim',
               ('\n'
                'rt = tf.RaggedTensor.from_row_lengths(tf.reshape(tf.range(12'
                '), [6, 2]), [2, 1, 3])\n'
                'ds = tf.data.Dataset.from_tensor_slices(rt)\n'
                'print(ds.element_spec)\n'
                'for e in ds:\n'
                '    print(e.shape)\n'
                'b = next(iter(ds.batch(3)))\n'
                'print(b.shape, b.ragged_rank)\n'),
               ('RaggedTensorSpec(TensorShape([None, 2]), tf.int32, 0, tf.int64)\n'
                '(2, 2)\n'
                '(1, 2)\n'
                '(3, 2)\n'
                '(3, None, 2) 1\n')),
    ParityCase('from_tensor_slices_of_a_sparse_tensor',
               ('\n'
                'st = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2], [2, 1]]'
                ', values=[1, 2, 3],\n'
                '                            dense_shape=[3, 4])\n'
                'ds = tf.data.Dataset.from_tensor_slices(st)\n'
                'print(ds.element_spec)\n'
                'for e in ds:\n'
                '    print(e.indices.numpy().tolist(), e.values.numpy(), e.de'
                'nse_shape.numpy())\n'),
               ('SparseTensorSpec(TensorShape([4]), tf.int32)\n'
                '[[0]] [1] [4]\n'
                '[[2]] [2] [4]\n'
                '[[1]] [3] [4]\n')),
    ParityCase('split_window_set_shape_in_map',
               ('\n'
                'data = np.arange(60, dtype=np.float32).reshape(20, 3)\n'
                'ds = tf.keras.utils.timeseries_dataset_from_array(data=data,'
                ' targets=None, sequence_length=7,\n'
                '                                                  sequence_s'
                'tride=1, shuffle=False,\n'
                '                                                  batch_size=4)\n'
                'print(ds.element_spec)\n'
                'def split_window(features):\n'
                '    inputs = features[:, slice(0, 6), :]\n'
                '    labels = features[:, slice(6, None), :]\n'
                '    labels = tf.stack([labels[:, :, i] for i in [2]], axis=-1)\n'
                '    inputs.set_shape([None, 6, None])\n'
                '    labels.set_shape([None, 1, None])\n'
                '    return inputs, labels\n'
                'ds = ds.map(split_window)\n'
                'print(ds.element_spec)\n'
                'for a, b in ds.take(1):\n'
                '    print(a.shape, b.shape, b.numpy().ravel())\n'),
               ('TensorSpec(shape=(None, None, 3), dtype=tf.float32, name=None)\n'
                '(TensorSpec(shape=(None, 6, 3), dtype=tf.float32, name=None)'
                ', TensorSpec(shape=(None, 1, 1), dtype=tf.float32, name=None))\n'
                '(4, 6, 3) (4, 1, 1) [20. 23. 26. 29.]\n')),
    ParityCase('set_shape_refines_unknown_dims_in_map',
               ('\n'
                'ds = tf.data.Dataset.range(5).map(lambda x: tf.fill([x + 1], x))\n'
                'print(ds.element_spec)\n'
                'def fix(x):\n'
                '    x = tf.concat([x, x], 0)[:2]\n'
                '    x.set_shape([2])\n'
                '    return x\n'
                'print(ds.map(fix).element_spec)\n'
                'print(list(ds.map(fix).as_numpy_iterator())[:2])\n'
                'try:\n'
                '    ds.map(lambda x: tf.ensure_shape(x, [3])).map(lambda y: y).element_spec\n'
                '    list(ds.map(lambda x: tf.ensure_shape(x, [3])))\n'
                'except Exception as e:\n'
                '    print(type(e).__name__)\n'),
               ('TensorSpec(shape=(None,), dtype=tf.int64, name=None)\n'
                'TensorSpec(shape=(2,), dtype=tf.int64, name=None)\n'
                '[array([0, 0]), array([1, 1])]\n'
                'InvalidArgumentError\n')),
    ParityCase('rejection_resample_balances_classes',
               ('\n'
                'initial_dist = [0.6, 0.4]\n'
                'elems = np.random.RandomState(0).choice(2, size=2000, p=initial_dist)\n'
                'ds = tf.data.Dataset.from_tensor_slices(elems)\n'
                'r = ds.rejection_resample(class_func=lambda x: x, target_dist=[0.5, 0.5],\n'
                '                          initial_dist=initial_dist, seed=1)\n'
                'print(r.element_spec, r.cardinality().numpy())\n'
                'out = list(r.map(lambda c, d: d).as_numpy_iterator())\n'
                'print(len(out) > 1000, abs(np.bincount(out)[0] / len(out) - 0.5) < 0.05)\n'
                'pairs = list(r.take(20).as_numpy_iterator())\n'
                'print(all(c == d for c, d in pairs))\n'
                'estimated = ds.rejection_resample(class_func=lambda x: x, ta'
                'rget_dist=[0.5, 0.5], seed=2)\n'
                'classes = [c for c, d in estimated.as_numpy_iterator()]\n'
                'print(abs(np.bincount(classes)[0] / len(classes) - 0.5) < 0.06)\n'),
               ('(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorSpec'
                '(shape=(), dtype=tf.int64, name=None)) -2\n'
                'True True\n'
                'True\n'
                'True\n')),
    ParityCase('rejection_resample_as_a_transformation',
               ('\n'
                'elems = np.random.RandomState(1).choice(2, size=1500, p=[0.5, 0.5])\n'
                'ds = tf.data.Dataset.from_tensor_slices({"x": elems.astype("'
                'float32"), "y": elems})\n'
                'r = ds.apply(tf.data.experimental.rejection_resample(\n'
                '    lambda e: tf.cast(e["y"], tf.int32), [0.2, 0.8], seed=3))\n'
                'print(r.element_spec)\n'
                'classes = [int(c) for c, d in r.take(300).as_numpy_iterator()]\n'
                'print(abs(np.mean(classes) - 0.8) < 0.07)\n'
                'same = ds.rejection_resample(lambda e: e["y"], [0.5, 0.5], i'
                'nitial_dist=[0.5, 0.5])\n'
                'print(sum(1 for _ in same))\n'),
               ("(TensorSpec(shape=(), dtype=tf.int32, name=None), {'x': Tens"
                "orSpec(shape=(), dtype=tf.float32, name=None), 'y': TensorSp"
                'ec(shape=(), dtype=tf.int64, name=None)})\n'
                'True\n'
                '1500\n')),
    ParityCase('bucket_by_sequence_length_padded_to_boundaries',
               ('\n'
                'def gen():\n'
                '    for n in [1, 3, 2, 5, 4, 7, 6, 2, 8, 3]:\n'
                '        yield list(range(n))\n'
                'ds = tf.data.Dataset.from_generator(gen, output_signature=tf'
                '.TensorSpec([None], tf.int32))\n'
                'b = ds.bucket_by_sequence_length(lambda e: tf.shape(e)[0], ['
                '4, 9], [3, 3, 3],\n'
                '                                 pad_to_bucket_boundary=True)\n'
                'print(b.element_spec)\n'
                'print([x.shape for x in b])\n'
                'g = tf.data.Dataset.range(10).group_by_window(lambda x: x % 2,\n'
                '                                               lambda k, w: '
                'w.batch(3 + k), window_size=4)\n'
                'print(g.element_spec, [x.tolist() for x in g.as_numpy_iterator()])\n'),
               ('TensorSpec(shape=(None, None), dtype=tf.int32, name=None)\n'
                '[TensorShape([3, 3]), TensorShape([3, 8]), TensorShape([2, 3'
                ']), TensorShape([2, 8])]\n'
                'TensorSpec(shape=(None,), dtype=tf.int64, name=None) [[0, 2,'
                ' 4], [6], [1, 3, 5, 7], [8], [9]]\n')),
]
