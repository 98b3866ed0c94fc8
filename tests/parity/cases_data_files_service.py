"""Parity cases: tf.data's FixedLengthRecordDataset, ragged_batch, the in-process tf.data
service, DatasetSpec/IteratorSpec and the device transformations, cache(filename) and
snapshot files, experimental.TFRecordWriter, and Keras' timeseries windows (outputs
recorded from TensorFlow 2.21)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('fixed_length_records',
               ('\n'
                'import os, tempfile\n'
                'path = os.path.join(tempfile.mkdtemp(), "fixed.bin")\n'
                'with open(path, "wb") as f:\n'
                '    f.write(b"HDR" + b"abcdefghijkl" + b"FT")\n'
                'ds = tf.data.FixedLengthRecordDataset(path, 4, header_bytes=3,\n'
                '                                      footer_bytes=2)\n'
                'print(ds.element_spec)\n'
                'print(list(ds.as_numpy_iterator()))\n'
                'raw = ds.map(lambda r: tf.io.decode_raw(r, tf.uint8))\n'
                'print(list(raw.take(1).as_numpy_iterator()))\n'
                'try:\n'
                '    list(tf.data.FixedLengthRecordDataset(path, 5, 3, 2))\n'
                'except tf.errors.InvalidArgumentError:\n'
                '    print("InvalidArgumentError")\n'),
               ('TensorSpec(shape=(), dtype=tf.string, name=None)\n'
                "[b'abcd', b'efgh', b'ijkl']\n"
                '[array([ 97,  98,  99, 100], dtype=uint8)]\n'
                'InvalidArgumentError\n')),
    ParityCase('ragged_batch',
               ('\n'
                'ds = tf.data.Dataset.range(6).map(lambda x: tf.range(x))\n'
                'print(ds.element_spec)\n'
                'rb = ds.ragged_batch(2)\n'
                'print(rb.element_spec)\n'
                'for batch in rb:\n'
                '    print(batch)\n'
                'print(tf.data.Dataset.range(3).ragged_batch(2).element_spec)\n'),
               ('TensorSpec(shape=(None,), dtype=tf.int64, name=None)\n'
                'RaggedTensorSpec(TensorShape([None, None]), tf.int64, 1, tf.int64)\n'
                '<tf.RaggedTensor [[], [0]]>\n'
                '<tf.RaggedTensor [[0, 1], [0, 1, 2]]>\n'
                '<tf.RaggedTensor [[0, 1, 2, 3], [0, 1, 2, 3, 4]]>\n'
                'TensorSpec(shape=(None,), dtype=tf.int64, name=None)\n')),
    ParityCase('data_service_modes',
               ('\n'
                'svc = tf.data.experimental.service\n'
                'dispatcher = svc.DispatchServer()\n'
                'address = dispatcher.target.split("://")[1]\n'
                'config = svc.WorkerConfig(dispatcher_address=address)\n'
                'workers = [svc.WorkerServer(config) for _ in range(2)]\n'
                'ds = tf.data.Dataset.range(5).map(lambda x: x * x)\n'
                'a = ds.apply(svc.distribute("parallel_epochs", dispatcher.target))\n'
                'print(sorted(int(v) for v in a.as_numpy_iterator()))\n'
                'b = ds.apply(svc.distribute("distributed_epoch", dispatcher.target))\n'
                'print(sorted(int(v) for v in b.as_numpy_iterator()))\n'
                'print(a.cardinality().numpy())\n'),
               ('[0, 0, 1, 1, 4, 4, 9, 9, 16, 16]\n'
                '[0, 1, 4, 9, 16]\n'
                '-2\n')),
    ParityCase('dataset_spec_and_devices',
               ('\n'
                'ds = tf.data.Dataset.range(3).batch(2)\n'
                'print(tf.data.DatasetSpec.from_value(ds))\n'
                'print(tf.data.IteratorSpec(tf.TensorSpec([], tf.int64)))\n'
                'exp = tf.data.experimental\n'
                'd2 = tf.data.Dataset.range(3).apply(exp.prefetch_to_device("/cpu:0"))\n'
                'print(list(d2.as_numpy_iterator()), d2.cardinality().numpy())\n'
                'd3 = tf.data.Dataset.range(3).apply(exp.copy_to_device("/cpu:0"))\n'
                'print(list(d3.as_numpy_iterator()))\n'),
               ('DatasetSpec(TensorSpec(shape=(None,), dtype=tf.int64, name=None), '
                'TensorShape([]))\n'
                'IteratorSpec(TensorSpec(shape=(), dtype=tf.int64, name=None),)\n'
                '[np.int64(0), np.int64(1), np.int64(2)] -2\n'
                '[np.int64(0), np.int64(1), np.int64(2)]\n')),
    ParityCase('cache_file_and_snapshot',
               ('\n'
                'import os, tempfile\n'
                'folder = tempfile.mkdtemp()\n'
                'name = os.path.join(folder, "cache")\n'
                'ds = tf.data.Dataset.range(4).cache(name)\n'
                'it = iter(ds)\n'
                'next(it)\n'
                'del it\n'
                'print(sorted(p for p in os.listdir(folder) if p.endswith(".index")))\n'
                'print(list(ds.as_numpy_iterator()))\n'
                'print(sorted(p for p in os.listdir(folder) if not p.endswith("lockfile")))\n'
                'print(list(tf.data.Dataset.range(10, 12).cache(name).as_numpy_iterator()))\n'
                'snap = os.path.join(folder, "snap")\n'
                's = tf.data.Dataset.range(3).map(lambda x: x * 3).snapshot(snap)\n'
                'print(list(s.as_numpy_iterator()), list(s.as_numpy_iterator()))\n'
                'print(len(os.listdir(snap)))\n'),
               ('[]\n'
                '[np.int64(0), np.int64(1), np.int64(2), np.int64(3)]\n'
                "['cache.data-00000-of-00001', 'cache.index']\n"
                '[np.int64(0), np.int64(1), np.int64(2), np.int64(3)]\n'
                '[np.int64(0), np.int64(3), np.int64(6)] [np.int64(0), np.int64(3), np.int64(6)]\n'
                '1\n')),
    ParityCase('tfrecord_writer_and_map_shapes',
               ('\n'
                'import os, tempfile\n'
                'path = os.path.join(tempfile.mkdtemp(), "w.tfrecord")\n'
                'records = tf.data.Dataset.from_tensor_slices([b"x", b"yy"])\n'
                'tf.data.experimental.TFRecordWriter(path).write(records)\n'
                'print(list(tf.data.TFRecordDataset(path).as_numpy_iterator()))\n'
                'try:\n'
                '    tf.data.experimental.TFRecordWriter(path).write(tf.data.Dataset.range(3))\n'
                'except TypeError:\n'
                '    print("TypeError")\n'
                'filled = tf.data.Dataset.range(4).map(lambda x: tf.fill([x, 2], x))\n'
                'print(filled.ragged_batch(2).element_spec)\n'),
               ("[b'x', b'yy']\n"
                'TypeError\n'
                'RaggedTensorSpec(TensorShape([None, None, 2]), tf.int64, 1, tf.int64)\n')),
    ParityCase('timeseries_windows',
               ('\n'
                'import numpy as np\n'
                'data = np.arange(20)\n'
                'windows = tf.keras.utils.timeseries_dataset_from_array\n'
                'ds = windows(data, None, 5, sequence_stride=3, batch_size=2)\n'
                'print(ds.element_spec)\n'
                'for b in ds:\n'
                '    print(b.numpy())\n'
                'ds2 = windows(data[:-3], data[3:], sequence_length=3, batch_size=4)\n'
                'for x, y in ds2.take(1):\n'
                '    print(x.numpy(), y.numpy())\n'),
               ('TensorSpec(shape=(None, None), dtype=tf.int64, name=None)\n'
                '[[0 1 2 3 4]\n'
                ' [3 4 5 6 7]]\n'
                '[[ 6  7  8  9 10]\n'
                ' [ 9 10 11 12 13]]\n'
                '[[12 13 14 15 16]\n'
                ' [15 16 17 18 19]]\n'
                '[[0 1 2]\n'
                ' [1 2 3]\n'
                ' [2 3 4]\n'
                ' [3 4 5]] [3 4 5 6]\n')),
]
