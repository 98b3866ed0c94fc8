"""tf.data beyond the basics, checked against the outputs TF's guide and API docs show:
reprs, window / flat_map / interleave, text and CSV files, from_generator's checks,
iterators in checkpoints, py_function / numpy_function."""

import ast
import collections
import pathlib

import numpy as np
import pytest

import eagerbook as tf


def listed(ds):
    return [x.tolist() if isinstance(x, np.ndarray) else x for x in ds.as_numpy_iterator()]


def test_reprs_use_tf_class_names():
    assert repr(tf.data.Dataset.from_tensor_slices([1, 2, 3])) == \
        "<_TensorSliceDataset element_spec=TensorSpec(shape=(), dtype=tf.int32, name=None)>"
    ds = tf.data.Dataset.range(3)
    assert repr(ds).startswith("<_RangeDataset ")
    assert repr(ds.map(lambda x: x)).startswith("<_MapDataset ")
    assert repr(ds.map(lambda x: x, num_parallel_calls=tf.data.AUTOTUNE)).startswith(
        "<_ParallelMapDataset ")
    assert repr(ds.shuffle(2).repeat().batch(2).prefetch(1)).startswith("<_PrefetchDataset ")
    assert repr(ds.enumerate()).startswith("<_ZipDataset ")
    assert repr(tf.data.Dataset.from_tensors([1])).startswith("<_TensorDataset ")
    gen = tf.data.Dataset.from_generator(lambda: iter([1]), output_types=tf.int32)
    assert repr(gen).startswith("<_FlatMapDataset ")


def test_window_as_the_api_docs_show():
    assert [listed(w) for w in tf.data.Dataset.range(7).window(3, 2)] == \
        [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6]]
    assert [listed(w) for w in tf.data.Dataset.range(7).window(3, 1, 2)] == \
        [[0, 2, 4], [1, 3, 5], [2, 4, 6], [3, 5], [4, 6], [5], [6]]
    assert [listed(w) for w in tf.data.Dataset.range(7).window(3, 1, 2, True)] == \
        [[0, 2, 4], [1, 3, 5], [2, 4, 6]]
    assert int(tf.data.Dataset.range(7).window(3, 1, 2, True).cardinality()) == 3
    pairs = tf.data.Dataset.from_tensor_slices(([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])).window(2)
    assert [(listed(a), listed(b)) for a, b in pairs] == \
        [([1, 2], [6, 7]), ([3, 4], [8, 9]), ([5], [10])]
    windows = tf.data.Dataset.range(10).window(5, shift=1)
    assert repr(windows) == ("<_WindowDataset element_spec=DatasetSpec(TensorSpec(shape=(), "
                             "dtype=tf.int64, name=None), TensorShape([]))>")
    assert repr(next(iter(windows))) == \
        "<_VariantDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>"
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.data.Dataset.range(3).window(0)


def test_window_flat_map_batches_as_in_the_guide():
    range_ds = tf.data.Dataset.range(100000)
    windows = range_ds.window(5, shift=1)
    assert listed(windows.flat_map(lambda x: x).take(10)) == [0, 1, 2, 3, 4, 1, 2, 3, 4, 5]
    batches = windows.flat_map(lambda sub: sub.batch(5, drop_remainder=True))
    assert listed(batches.take(2)) == [[0, 1, 2, 3, 4], [1, 2, 3, 4, 5]]
    strided = range_ds.window(10, shift=5, stride=3).flat_map(
        lambda sub: sub.batch(10, drop_remainder=True))
    assert listed(strided.take(2)) == [[0, 3, 6, 9, 12, 15, 18, 21, 24, 27],
                                       [5, 8, 11, 14, 17, 20, 23, 26, 29, 32]]
    assert strided.element_spec == tf.TensorSpec([10], tf.int64)


def test_interleave_as_the_api_docs_show():
    ds = tf.data.Dataset.range(1, 6).interleave(
        lambda x: tf.data.Dataset.from_tensors(x).repeat(6), cycle_length=2, block_length=4)
    assert listed(ds) == [1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 3, 3,
                          4, 4, 5, 5, 5, 5, 5, 5]
    with pytest.raises(TypeError, match="must return a `Dataset`"):
        list(tf.data.Dataset.range(2).flat_map(lambda x: x))


def test_text_line_dataset(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_bytes(b"a\r\nb\n\nlast")
    ds = tf.data.TextLineDataset(str(path))
    assert repr(ds) == \
        "<TextLineDatasetV2 element_spec=TensorSpec(shape=(), dtype=tf.string, name=None)>"
    assert listed(ds) == [b"a", b"b", b"", b"last"]
    assert listed(tf.data.TextLineDataset([str(path), str(path)]).skip(3).take(2)) == \
        [b"last", b"a"]
    import gzip
    (tmp_path / "z.gz").write_bytes(gzip.compress(b"x\ny\n"))
    assert listed(tf.data.TextLineDataset(str(tmp_path / "z.gz"), compression_type="GZIP")) \
        == [b"x", b"y"]
    with pytest.raises(tf.errors.NotFoundError, match="No such file or directory"):
        list(tf.data.TextLineDataset(str(tmp_path / "missing.txt")))
    files = tf.data.Dataset.list_files(str(tmp_path / "*.txt"), shuffle=False)
    assert listed(files) == [str(path).encode()]
    with pytest.raises(tf.errors.InvalidArgumentError, match="No files matched pattern"):
        tf.data.Dataset.list_files(str(tmp_path / "*.csv"))


TITANIC = """survived,sex,age,n_siblings_spouses,parch,fare,class,deck,embark_town,alone
0,male,22.0,1,0,7.25,Third,unknown,Southampton,n
1,female,38.0,1,0,71.2833,First,C,Cherbourg,n
1,female,26.0,0,0,7.925,Third,unknown,Southampton,y
1,female,35.0,1,0,53.1,First,C,Southampton,n
0,male,28.0,0,0,8.4583,Third,unknown,Queenstown,y
"""


def test_csv_dataset(tmp_path):
    path = tmp_path / "titanic.csv"
    path.write_text(TITANIC)
    titanic_types = [tf.int32, tf.string, tf.float32, tf.int32, tf.int32, tf.float32,
                     tf.string, tf.string, tf.string, tf.string]
    ds = tf.data.experimental.CsvDataset(str(path), titanic_types, header=True)
    assert repr(ds).startswith("<CsvDatasetV2 element_spec=(TensorSpec(shape=(), "
                               "dtype=tf.int32, name=None), TensorSpec(shape=(), "
                               "dtype=tf.string, name=None)")
    first = next(iter(ds))
    assert [t.numpy() for t in first][:4] == [0, b"male", np.float32(22.0), 1]
    picked = tf.data.experimental.CsvDataset(str(path), [tf.float32, "?"], header=True,
                                             select_cols=[2, 6])
    assert listed(picked.take(1)) == [(np.float32(22.0), b"Third")]
    (tmp_path / "gaps.csv").write_text("1,\n,2\n")
    with_defaults = tf.data.experimental.CsvDataset(str(tmp_path / "gaps.csv"), [0, 5])
    assert listed(with_defaults) == [(1, 5), (0, 2)]
    required = tf.data.experimental.CsvDataset(str(tmp_path / "gaps.csv"), [tf.int32, 5])
    with pytest.raises(tf.errors.InvalidArgumentError, match="is required but missing"):
        list(required)
    wrong = tf.data.experimental.CsvDataset(str(path), [tf.int32] * 3, header=True)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expect 3 fields but have 10"):
        next(iter(wrong))


def test_make_csv_dataset_infers_types_and_batches(tmp_path):
    path = tmp_path / "titanic.csv"
    path.write_text(TITANIC)
    batches = tf.data.experimental.make_csv_dataset(str(path), batch_size=4,
                                                    label_name="survived", num_epochs=1,
                                                    shuffle=False)
    features, label = next(iter(batches))
    assert isinstance(features, collections.OrderedDict)
    assert list(features) == ["sex", "age", "n_siblings_spouses", "parch", "fare", "class",
                              "deck", "embark_town", "alone"]
    assert label.numpy().tolist() == [0, 1, 1, 1] and label.dtype == tf.int32
    assert features["age"].dtype == tf.float32 and features["sex"].dtype == tf.string
    assert features["fare"].numpy().tolist() == pytest.approx([7.25, 71.2833, 7.925, 53.1])
    assert len(list(batches)) == 2  # one epoch of five rows: 4 + 1
    forever = tf.data.experimental.make_csv_dataset(str(path), batch_size=4,
                                                    label_name="survived")
    assert forever.element_spec[1].shape == (4,)  # num_epochs=None: full batches only
    assert repr(forever).startswith("<_PrefetchDataset element_spec=(OrderedDict(")
    with pytest.raises(ValueError, match="label_name"):
        tf.data.experimental.make_csv_dataset(str(path), 4, label_name="nope")


def test_from_generator_checks_what_the_generator_yields():
    sig = tf.TensorSpec([2], tf.int32)

    def run(values, spec=sig):
        return list(tf.data.Dataset.from_generator(lambda: iter(values),
                                                   output_signature=spec))

    assert [t.numpy().tolist() for t in run([[1, 2], (3, 4)])] == [[1, 2], [3, 4]]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"TypeError: `generator` yielded an element of shape \(3,\) where "
                             r"an element of shape \(2,\) was expected"):
        run([[1, 2, 3]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="could not be converted to the expected type. The expected type "
                             "was int32, but the yielded element was a"):
        run(["a"])
    pair = (tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="did not match the expected structure"):
        run([1], pair)
    with pytest.raises(TypeError, match="subclass of `tf.TypeSpec`"):
        tf.data.Dataset.from_generator(lambda: iter([]), output_signature=(1, 2))


def test_iterator_position_is_saved_in_checkpoints(tmp_path):
    ds = tf.data.Dataset.range(20).shuffle(5, seed=3).repeat(2).batch(3)
    it = iter(ds)
    next(it), next(it)
    ckpt = tf.train.Checkpoint(iterator=it)
    path = ckpt.write(str(tmp_path / "ckpt"))
    expected = [next(it).numpy().tolist() for _ in range(5)]
    ckpt.restore(path)
    assert [next(it).numpy().tolist() for _ in range(5)] == expected
    fresh = iter(ds)
    tf.train.Checkpoint(iterator=fresh).restore(path)
    assert next(fresh).numpy().tolist() == expected[0]


def test_data_modules_have_no_import_cycle():
    source = pathlib.Path(tf.data.__file__).parent / "iterator.py"
    imported = {node.module for node in ast.walk(ast.parse(source.read_text()))
                if isinstance(node, ast.ImportFrom)}
    assert "dataset" not in imported and ".dataset" not in imported


def test_py_function_and_numpy_function():
    assert float(tf.py_function(lambda x: x * 2, [tf.constant(3.0)], tf.float32)) == 6.0

    @tf.function
    def f(x):
        return tf.py_function(lambda a: a.numpy() + 1, [x], tf.float32) * 2

    assert [float(f(tf.constant(1.0))), float(f(tf.constant(5.0)))] == [4.0, 12.0]
    both = tf.py_function(lambda a, b: [a + b, a - b], [1, 2], [tf.int32, tf.int32])
    assert [int(t) for t in both] == [3, -1]
    g = tf.function(lambda x: tf.numpy_function(np.sort, [x], tf.int32))
    assert g(tf.constant([3, 1, 2])).numpy().tolist() == [1, 2, 3]
    # TF checks Tout when the function runs as a graph op (eagerly it returns float64 as is).
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"0-th value returned by pyfunc_\d+ is double, but expects float"):
        tf.function(lambda: tf.numpy_function(lambda a: a * 2.0, [np.float64(2)], tf.float32))()
    with pytest.raises(tf.errors.UnknownError, match="ZeroDivisionError"):  # (TF's kind)
        tf.py_function(lambda: 1 / 0, [], tf.float32)
    ds = tf.data.Dataset.range(3).map(lambda x: tf.py_function(lambda v: v * 10, [x],
                                                               tf.int64))
    assert listed(ds) == [0, 10, 20]


def test_counter_and_shuffled_text_lines(tmp_path):
    counter = tf.data.experimental.Counter()
    assert repr(counter).startswith("<_ScanDataset ")
    assert listed(counter.take(3)) == [0, 1, 2] and int(counter.cardinality()) == -1
    path = tmp_path / "t.txt"
    path.write_text("".join(f"line {i}\n" for i in range(30)))
    dataset = tf.data.Dataset.zip((counter, tf.data.TextLineDataset(str(path))))
    numbers, _ = next(iter(dataset.shuffle(buffer_size=10, seed=1).batch(20)))
    assert len(set(numbers.numpy().tolist())) == 20 and max(numbers.numpy()) < 30
