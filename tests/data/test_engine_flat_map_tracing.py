"""flat_map's and interleave's function is traced once, as TF traces it: its Python side
effects happen once, it sees placeholders, and each element runs the traced graph to build
that element's dataset."""

import os

import eagerbook as tf


def test_flat_map_function_runs_once_on_placeholders(capsys):
    def fn(x):
        print(x)
        return tf.data.Dataset.from_tensors(x).repeat(2)
    ds = tf.data.Dataset.range(3).flat_map(fn)
    assert list(ds.as_numpy_iterator()) == [0, 0, 1, 1, 2, 2]
    assert capsys.readouterr().out == 'Tensor("args_0:0", shape=(), dtype=int64)\n'


def test_interleave_function_is_called_once():
    calls = []

    def fn(x):
        calls.append(x)
        return tf.data.Dataset.range(x)
    ds = tf.data.Dataset.range(1, 4).interleave(fn, cycle_length=2)
    assert list(ds.as_numpy_iterator()) == [0, 0, 1, 0, 1, 2]
    assert len(calls) == 1


def test_tf_print_in_the_function_runs_per_element(capsys):
    def fn(x):
        tf.print("element", x)
        return tf.data.Dataset.from_tensors(x)
    assert list(tf.data.Dataset.range(2).flat_map(fn).as_numpy_iterator()) == [0, 1]
    assert capsys.readouterr().err == "element 0\nelement 1\n"


def test_pipelines_built_from_the_element():
    rows = tf.data.Dataset.from_tensor_slices([[1, 2, 3], [4, 5, 6]])
    assert list(rows.flat_map(tf.data.Dataset.from_tensor_slices).as_numpy_iterator()) == \
        [1, 2, 3, 4, 5, 6]
    blocks = tf.data.Dataset.range(1, 6).interleave(
        lambda x: tf.data.Dataset.from_tensors(x).repeat(6), cycle_length=2, block_length=4)
    assert list(blocks.as_numpy_iterator())[:10] == [1, 1, 1, 1, 2, 2, 2, 2, 1, 1]
    pairs = tf.data.Dataset.from_tensor_slices(([1, 2], ["a", "b"])).flat_map(
        lambda a, b: tf.data.Dataset.from_tensors((a * 10, b)).repeat(tf.cast(a, tf.int64)))
    assert [(int(a), b) for a, b in pairs.as_numpy_iterator()] == \
        [(10, b"a"), (20, b"b"), (20, b"b")]
    zipped = tf.data.Dataset.range(3).flat_map(lambda x: tf.data.Dataset.zip(
        (tf.data.Dataset.range(x), tf.data.Dataset.from_tensors(x).repeat())))
    assert [tuple(map(int, p)) for p in zipped.as_numpy_iterator()] == \
        [(0, 1), (0, 2), (1, 2)]


def test_element_spec_keeps_the_dims_the_trace_does_not_know():
    ragged_rows = tf.data.Dataset.from_tensor_slices(tf.constant([[1, 2], [3, 0]])).flat_map(
        lambda r: tf.data.Dataset.from_tensors(r[: r[0]]))
    assert ragged_rows.element_spec == tf.TensorSpec([None], tf.int32)
    assert [list(v) for v in ragged_rows.as_numpy_iterator()] == [[1], [3, 0]]


def test_interleave_of_text_files(tmp_path):
    for i in range(2):
        (tmp_path / f"f{i}.csv").write_text("a,b\n" + "".join(f"{i},{j}\n" for j in range(2)))
    files = tf.data.Dataset.list_files(os.path.join(tmp_path, "*.csv"), shuffle=False)
    lines = files.interleave(lambda f: tf.data.TextLineDataset(f).skip(1), cycle_length=2)
    assert list(lines.as_numpy_iterator()) == [b"0,0", b"1,0", b"0,1", b"1,1"]


def test_functions_that_cannot_be_traced_still_run_per_element():
    windows = tf.data.Dataset.range(4).window(2).flat_map(lambda w: w.batch(2))
    assert [list(b) for b in windows.as_numpy_iterator()] == [[0, 1], [2, 3]]
    shifted = tf.data.Dataset.range(3).flat_map(
        lambda x: tf.data.Dataset.range(2).map(lambda y: y + x))  # captures the placeholder
    assert list(shifted.as_numpy_iterator()) == [0, 1, 1, 2, 2, 3]


def test_group_by_window_key_func_is_traced_once(capsys):
    def key_func(x):
        print("key traced", x.dtype)
        return x % 3
    ds = tf.data.Dataset.range(6).group_by_window(
        key_func=key_func, reduce_func=lambda k, d: d.batch(2), window_size=2)
    assert [list(e) for e in ds.as_numpy_iterator()] == [[0, 3], [1, 4], [2, 5]]
    assert capsys.readouterr().out == "key traced <dtype: 'int64'>\n"


def test_bucket_by_sequence_length_traces_the_length_function_once(capsys):
    def length(x):
        print("length traced")
        return tf.shape(x)[0]
    ds = tf.data.Dataset.from_generator(lambda: ([1] * n for n in [1, 3, 2, 5]),
                                        output_signature=tf.TensorSpec([None], tf.int32))
    ds = ds.bucket_by_sequence_length(length, bucket_boundaries=[3], bucket_batch_sizes=[2, 2])
    assert [e.shape for e in ds.as_numpy_iterator()] == [(2, 2), (2, 5)]
    assert capsys.readouterr().out == "length traced\n"


def test_flat_map_cardinality_is_unknown_even_for_an_empty_input():
    empty = tf.data.Dataset.range(0).flat_map(lambda x: tf.data.Dataset.range(x))
    assert empty.cardinality().numpy() == tf.data.UNKNOWN_CARDINALITY


def test_group_by_window_reduce_func_is_traced_once_with_a_symbolic_key(capsys):
    def reduce_func(key, window):
        print("reduce traced", key)
        return window.batch(10)
    ds = tf.data.Dataset.range(6).group_by_window(
        key_func=lambda x: x % 2, reduce_func=reduce_func, window_size=3)
    assert ds.element_spec == tf.TensorSpec([None], tf.int64)
    assert [list(e) for e in ds.as_numpy_iterator()] == [[0, 2, 4], [1, 3, 5]]
    assert capsys.readouterr().out == \
        'reduce traced Tensor("args_0:0", shape=(), dtype=int64)\n'
    padded = tf.data.Dataset.range(6).group_by_window(
        key_func=lambda x: x % 2, window_size_func=lambda k: k + 2,
        reduce_func=lambda k, w: w.padded_batch(3).map(lambda b: b * 10))
    assert [list(b) for b in padded.as_numpy_iterator()] == \
        [[0, 20], [10, 30, 50], [40]]
