"""tf.data's user functions are traced once, when the transformation is made, as in TF:
a Python print or side effect happens once (with symbolic tensors named args_0, ...),
tf.print and py_function run per element, and tracing errors surface at map()/filter() time."""

import numpy as np
import pytest

import eagerbook as tf


def test_map_traces_once_when_made(capsys):
    seen = []

    def f(x):
        seen.append(1)
        print("Tracing with", x)
        return x * 2

    ds = tf.data.Dataset.range(3).map(f)
    assert capsys.readouterr().out == 'Tracing with Tensor("args_0:0", shape=(), dtype=int64)\n'
    assert list(ds.as_numpy_iterator()) == [0, 2, 4]
    assert list(ds.as_numpy_iterator()) == [0, 2, 4]
    assert seen == [1]
    assert capsys.readouterr().out == ""


def test_tf_print_runs_per_element(capsys):
    ds = tf.data.Dataset.range(3).map(lambda x: (tf.print("el", x), x)[1])
    assert list(ds.as_numpy_iterator()) == [0, 1, 2]
    assert capsys.readouterr().err == "el 0\nel 1\nel 2\n"


def test_tuple_elements_are_spread_over_named_placeholders(capsys):
    ds = tf.data.Dataset.from_tensor_slices(([1., 2.], [3, 4]))

    def f(a, b):
        print(a.name, b.name, type(a).__name__)
        return a, tf.cast(b, tf.float32)
    ds = ds.map(f)
    assert capsys.readouterr().out == "args_0:0 args_1:0 SymbolicTensor\n"
    assert [tuple(map(float, e)) for e in ds.as_numpy_iterator()] == [(1., 3.), (2., 4.)]


def test_python_values_and_lists_returned():
    ds = tf.data.Dataset.range(2).map(lambda x: (x, 1, 2.0, "s"))
    assert [s.dtype for s in ds.element_spec] == [tf.int64, tf.int32, tf.float32, tf.string]
    listed = tf.data.Dataset.range(2).map(lambda x: [x, x + 1])
    assert isinstance(listed.element_spec, tuple)
    assert [tuple(map(int, e)) for e in listed.as_numpy_iterator()] == [(0, 1), (1, 2)]


def test_graph_only_errors_at_map_time():
    ds = tf.data.Dataset.range(3)
    with pytest.raises(AttributeError, match="'SymbolicTensor' object has no attribute 'numpy'"):
        ds.map(lambda x: x.numpy())
    with pytest.raises(TypeError, match="Input 'y' of 'AddV2' Op has type float32"):
        ds.map(lambda x: x + 1.5)

    def makes_variable(x):
        return x + tf.Variable(1, dtype=tf.int64)
    with pytest.raises(ValueError, match="singleton tf.Variables"):
        ds.map(makes_variable)


def test_autograph_converts_the_function():
    def f(x):
        if x > 2:
            return x * 10
        return x
    assert list(tf.data.Dataset.range(5).map(f).as_numpy_iterator()) == [0, 1, 2, 30, 40]


def test_py_function_runs_per_element_with_unknown_shape():
    calls = []

    def record(v):
        calls.append(int(v))
        return v * 10
    ds = tf.data.Dataset.range(3).map(lambda x: tf.py_function(record, [x], tf.int64) + 1)
    assert ds.element_spec.shape.rank is None  # TF cannot know a py_function's shape
    assert list(ds.as_numpy_iterator()) == [1, 11, 21]
    assert calls == [0, 1, 2]


def test_variables_are_read_when_each_element_runs():
    v = tf.Variable(1, dtype=tf.int64)
    ds = tf.data.Dataset.range(2).map(lambda x: x + v)
    assert list(ds.as_numpy_iterator()) == [1, 2]
    v.assign(10)
    assert list(ds.as_numpy_iterator()) == [10, 11]


def test_shape_depending_on_values_is_unknown():
    ds = tf.data.Dataset.range(1, 4).map(lambda x: tf.range(x))
    assert ds.element_spec == tf.TensorSpec([None], tf.int64)
    filled = tf.data.Dataset.range(1, 3).map(lambda x: tf.fill([x, 2], x))
    assert filled.element_spec == tf.TensorSpec([None, 2], tf.int64)


def test_filter_traces_once_and_checks_its_predicate(capsys):
    def even(x):
        print("trace")
        return x % 2 == 0
    ds = tf.data.Dataset.range(6).filter(even)
    assert list(ds.as_numpy_iterator()) == [0, 2, 4]
    assert capsys.readouterr().out == "trace\n"
    with pytest.raises(ValueError, match="must return a `tf.bool` scalar tensor, but its "
                                         "return type is TensorSpec"):
        tf.data.Dataset.range(3).filter(lambda x: x)


def test_reduce_traces_once(capsys):
    def add(state, x):
        print("trace", state.name, x.name)
        return state + x
    assert int(tf.data.Dataset.range(5).reduce(tf.constant(0, tf.int64), add)) == 10
    assert capsys.readouterr().out == "trace args_0:0 args_1:0\n"


def test_reduce_and_scan_retrace_once_for_a_growing_state(capsys):
    ds = tf.data.Dataset.range(4)
    grown = ds.reduce(tf.zeros([0], tf.int64), lambda s, x: tf.concat([s, [x]], 0))
    assert grown.numpy().tolist() == [0, 1, 2, 3]

    def step(s, x):
        print("trace", s.shape)
        return tf.concat([s, [x]], 0), x
    scanned = ds.scan(tf.zeros([0], tf.int64), step)
    assert capsys.readouterr().out == "trace (0,)\ntrace (None,)\n"
    assert list(scanned.as_numpy_iterator()) == [0, 1, 2, 3]


def test_reduce_checks_the_new_state_when_traced():
    with pytest.raises(tf.errors.InvalidArgumentError, match="number of components"):
        tf.data.Dataset.range(3).reduce(tf.constant(0, tf.int64), lambda s, x: (s, s))
    with pytest.raises(TypeError, match="must match the initial state"):
        tf.data.Dataset.range(3).scan(tf.constant(0, tf.int64),
                                      lambda s, x: (tf.cast(s, tf.float32), x))


def test_functions_building_datasets_still_work():
    ds = tf.data.Dataset.range(4).map(lambda x: tf.data.Dataset.range(x))
    assert list(ds.flat_map(lambda d: d).as_numpy_iterator()) == [0, 0, 1, 0, 1, 2]
    windows = tf.data.Dataset.range(4).window(2).flat_map(lambda w: w.batch(2))
    assert [e.tolist() for e in windows.as_numpy_iterator()] == [[0, 1], [2, 3]]


def test_star_args_placeholders_are_named_like_tf():
    @tf.function
    def f(*args):
        return args[0]
    inputs = f.get_concrete_function(tf.constant(1.), tf.constant(2.)).graph.inputs
    assert [t.name for t in inputs] == ["args_0:0", "args_1:0"]


def test_reduce_inside_tf_function_takes_a_symbolic_initial_state():
    @tf.function
    def total(init):
        return tf.data.Dataset.range(5).reduce(init, lambda s, x: s + x)
    assert int(total(tf.constant(3, tf.int64))) == 13
    assert int(total(tf.constant(4, tf.int64))) == 14
    assert total.experimental_get_tracing_count() == 1

    @tf.function
    def pair(scale):
        return tf.data.Dataset.range(1, 4).reduce(
            (tf.constant(0, tf.int64), scale), lambda s, x: [s[0] + x, s[1] * 2])
    count, scaled = pair(tf.constant(1.5))
    assert int(count) == 6 and float(scaled) == 12.0


def test_a_function_called_while_another_traces_counts_its_trace():
    @tf.function
    def inner(x):
        return x * 2

    @tf.function
    def outer(x):
        return inner(x) + inner(x)
    outer(tf.constant(1.))
    assert inner.experimental_get_tracing_count() == 1
    outer(tf.constant([1.]))
    assert inner.experimental_get_tracing_count() == 2
    inner(tf.constant(1.))  # the signature seen inside outer's trace: no new trace, as in TF
    assert inner.experimental_get_tracing_count() == 2
    doubled = tf.data.Dataset.range(3).map(tf.function(lambda x: x * 2))
    assert list(doubled.as_numpy_iterator()) == [0, 2, 4]


def test_errors_in_a_converted_lambda_name_its_line_as_tf_does():
    with pytest.raises(AttributeError) as info:
        tf.data.Dataset.range(3).map(lambda x: x.numpy())
    line = info.traceback[0].lineno + 1  # (pytest counts lines from 0)
    assert f'line {line}, in None  *\n        lambda x: x.numpy()\n' in str(info.value)


def test_mixed_dtypes_while_tracing_are_tf_graph_type_errors():
    @tf.function
    def f(x, y):
        return x * y
    with pytest.raises(TypeError, match="Input 'y' of 'Mul' Op has type int32 that does not "
                                        "match type int64 of argument 'x'"):
        f(tf.constant(1, tf.int64), tf.constant(1, tf.int32))


def test_dataset_arguments_trace_once_per_element_spec():
    @tf.function
    def total(dataset):
        s = tf.constant(0, tf.int64)
        for x in dataset:
            s += x
        return s
    assert int(total(tf.data.Dataset.range(3))) == 3
    assert int(total(tf.data.Dataset.range(5))) == 10
    assert int(total(tf.data.Dataset.range(5).map(lambda x: x * 2))) == 20
    assert int(total(tf.data.Dataset.range(4).batch(2).unbatch())) == 6
    assert total.experimental_get_tracing_count() == 1
    assert int(total(tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.int32)) .map(
        lambda x: tf.cast(x, tf.int64) * 3))) == 9


def test_dataset_spec_in_an_input_signature():
    spec = tf.data.DatasetSpec.from_value(tf.data.Dataset.range(3))

    @tf.function(input_signature=[spec])
    def total(dataset):
        return dataset.map(lambda x: x + 1).reduce(tf.constant(0, tf.int64),
                                                   lambda s, x: s + x)
    assert int(total(tf.data.Dataset.range(4))) == 10
    assert int(total(tf.data.Dataset.range(6))) == 21
    assert total.experimental_get_tracing_count() == 1
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        total(tf.data.Dataset.from_tensor_slices([1., 2.]))


def test_a_map_function_returning_nothing_fails_at_map_time():
    with pytest.raises(tf.errors.InvalidArgumentError, match="output_types' of 0"):
        tf.data.Dataset.range(3).map(lambda x: None)


def test_each_new_iterator_restarts_seeded_random_ops_as_tf_does():
    tf.random.set_seed(5)
    ds = tf.data.Dataset.range(3).map(lambda x: tf.random.uniform([], seed=1))
    first = [float(v) for v in ds]
    assert len(set(first)) == 3
    assert [float(v) for v in ds] == first
    assert [float(v) for v in ds.as_numpy_iterator()] == first
    repeated = [float(v) for v in ds.repeat(2)]  # one iterator: the sequence goes on
    assert repeated[:3] == first and repeated[3:] != first


def test_a_zip_of_named_dataset_arguments_reads_the_passed_ones():
    @tf.function
    def total(a, b):
        s = tf.constant(0, tf.int64)
        for pair in tf.data.Dataset.zip({"a": a, "b": b}):
            s += pair["a"] * pair["b"]
        return s
    assert int(total(tf.data.Dataset.range(3), tf.data.Dataset.range(3))) == 5
    assert int(total(tf.data.Dataset.range(4), tf.data.Dataset.range(1, 5))) == 20
    assert total.experimental_get_tracing_count() == 1


def test_datasets_built_per_element_trace_their_functions_once(capsys):
    def double(y):
        print("trace")
        return y * 2
    ds = tf.data.Dataset.range(50).flat_map(lambda x: tf.data.Dataset.from_tensors(x).map(double))
    assert list(ds.as_numpy_iterator()) == [2 * i for i in range(50)]
    assert capsys.readouterr().out.count("trace") <= 2  # (the spec probe, then one trace)
    shifted = tf.data.Dataset.range(3).flat_map(
        lambda x: tf.data.Dataset.range(2).map(lambda y: y + x))  # a new x each element
    assert list(shifted.as_numpy_iterator()) == [0, 1, 1, 2, 2, 3]


def test_iter_of_a_dataset_argument_makes_an_iterator_each_call():
    @tf.function
    def first_and_rest(ds):
        it = iter(ds)
        first = next(it)
        rest = tf.constant(0, tf.int64)
        for x in it:
            rest += x
        return first, rest
    assert [int(t) for t in first_and_rest(tf.data.Dataset.range(5))] == [0, 10]
    assert [int(t) for t in first_and_rest(tf.data.Dataset.range(3, 6))] == [3, 9]
    assert first_and_rest.experimental_get_tracing_count() == 1

    @tf.function
    def head(ds):
        return iter(ds).get_next()
    with pytest.raises(tf.errors.OutOfRangeError):
        head(tf.data.Dataset.range(0))


def test_reduce_of_one_tensor_state_keeps_its_dtype_and_checks():
    total = tf.data.Dataset.range(5).reduce(np.int64(0), lambda s, x: s + x)
    assert total.dtype == tf.int64 and int(total) == 10
    with pytest.raises(TypeError, match="Input 'y' of 'AddV2' Op has type int64"):
        tf.data.Dataset.range(3).reduce(np.int32(0), lambda s, x: s + x)
