"""The public namespace: what exists where, tf.debugging, tf.print, tf.nest, the observer."""

import inspect
import io
import sys

import numpy as np
import pytest

import eagerbook as tf
from eagerbook import ops
from eagerbook.core import context


# --- every public op function is exported somewhere ----------------------------------------------
def _public_functions(module):
    return {name for name, obj in vars(module).items()
            if inspect.isfunction(obj) and not name.startswith("_")
            and obj.__module__ == module.__name__}


# Helpers that are public in their module for other engine code but are not TF API.
INTERNAL = {"sum_to_shape_of", "broadcast_like", "divide_no_cast", "reshape_to", "where_v2",
            "tensor_getitem", "format_value", "conv2d_backprop_input",
            "conv2d_backprop_filter", "stream", "numpy_generator", "numpy_sample", "get_seed",
            "node_kernel", "traced_step", "outside_traced_step",
            "get_global_seed", "complex_abs", "long_row_sum_plan", "comparison_error",
            "elementwise", "in_dataset_function",
            # the main-diagonal cores behind tf.linalg.diag/diag_part/set_diag (diagonal_ops)
            "matrix_diag", "matrix_diag_part", "set_diag",
            # the dense-gradient gather of eagerbook's own ops (tf.gather is tf_gather)
            "gather",
            # the TensorProto writer shared by tf.io.serialize_tensor and tf.summary, and the
            # default writer/step lookups tf.summary's graph tracing shares with its summaries
            # (and the record_if lookup TF 2.0's summary_ops_v2 module shares)
            "tensor_proto_bytes", "default_writer", "resolve_step", "recording_condition"}


def _exported_objects():
    seen = set()
    for namespace in [tf, tf.math, tf.nn, tf.random, tf.linalg, tf.debugging, tf.bitwise,
                      tf.dtypes, tf.compat.v1, tf.contrib.eager, tf.strings, tf.ragged,
                      tf.sparse, tf.io, tf.random.experimental, tf.image, tf.signal,
                      tf.nn.experimental, tf.sets, tf.math.special, tf.quantization,
                      tf.summary, tf.summary.experimental, tf.audio]:
        seen.update(id(v) for v in vars(namespace).values())
        # TF 1's names in tf.compat.v1's namespaces (tf.compat.v1.image.extract_glimpse)
        for v in vars(namespace).values():
            if type(v).__name__ == "_Namespace":
                seen.update(id(w) for w in vars(v).values())
        # ops exported through their dispatching wrappers (RaggedTensor, KerasTensor)
        for v in vars(namespace).values():
            while hasattr(v, "__wrapped__"):
                v = v.__wrapped__
                seen.add(id(v))
    return seen


def test_every_public_op_function_is_exported():
    exported = _exported_objects()
    missing = []
    for name in sorted(sys.modules):
        module = sys.modules[name]
        if name.startswith("eagerbook.ops.") and name.endswith("_ops"):
            for fn in sorted(_public_functions(module) - INTERNAL):
                if id(getattr(module, fn)) not in exported:
                    missing.append(f"{name}.{fn}")
    assert not missing, f"op functions no tf namespace exports: {missing}"


def test_op_modules_are_all_imported_by_the_package():
    import pathlib
    folder = pathlib.Path(ops.__file__).parent
    for path in folder.glob("*_ops.py"):
        assert f"eagerbook.ops.{path.stem}" in sys.modules, path.name


@pytest.mark.parametrize("path", [
    "math.add", "math.log", "math.divide", "math.reduce_sum", "math.sigmoid", "math.exp",
    "nn.sigmoid", "linalg.matmul", "debugging.check_numerics", "debugging.assert_equal",
    "errors.InvalidArgumentError", "errors.OpError", "config.list_physical_devices",
    "config.list_logical_devices", "config.run_functions_eagerly",
    "config.experimental.list_physical_devices", "test.is_gpu_available",
    "test.is_built_with_cuda", "test.gpu_device_name", "contrib.eager.gradients_function",
    "contrib.eager.value_and_gradients_function", "contrib.eager.implicit_gradients",
    "contrib.eager.implicit_value_and_gradients", "contrib.eager.enable_eager_execution",
    "contrib.eager.Variable", "contrib.eager.GradientTape", "contrib.eager.custom_gradient",
    "compat.v1.enable_eager_execution", "executing_eagerly", "device", "nest.flatten",
    "nest.map_structure", "nest.pack_sequence_as", "TensorShape", "UnconnectedGradients",
    "custom_gradient", "stop_gradient", "print", "is_tensor", "cast", "constant",
    "convert_to_tensor", "Variable", "GradientTape", "Tensor", "float32", "int32", "bool",
    "dtypes.cast", "bitwise.bitwise_and", "identity", "exp", "matmul", "reduce_mean", "square",
    "equal", "add", "multiply", "divide", "function", "cond", "while_loop", "TensorArray",
    "autograph.to_code", "contrib.eager.defun", "compat.v1.placeholder", "random.normal",
    "nn.relu", "nn.softmax", "linalg.det", "range", "shape", "size", "rank", "clip_by_norm",
])
def test_names_exist(path):
    obj = tf
    for part in path.split("."):
        obj = getattr(obj, part)
    assert obj is not None


def test_newaxis_and_executing_eagerly():
    assert tf.newaxis is None
    assert tf.executing_eagerly() is True
    assert tf.compat.v1.enable_eager_execution() is None
    assert tf.contrib.eager.enable_eager_execution() is None


def test_nest():
    structure = {"b": [1, (2, 3)], "a": 4}
    assert tf.nest.flatten(structure) == [4, 1, 2, 3]  # dicts by sorted key
    doubled = tf.nest.map_structure(lambda x: x * 2, structure)
    assert doubled == {"b": [2, (4, 6)], "a": 8}
    assert tf.nest.pack_sequence_as(structure, [0, 1, 2, 3]) == {"b": [1, (2, 3)], "a": 0}
    with pytest.raises(ValueError):
        tf.nest.pack_sequence_as(structure, [1])


# --- tf.debugging ---------------------------------------------------------------------------------
def test_check_numerics_passes_finite_values_through():
    x = tf.constant([1.0, 2.0])
    np.testing.assert_array_equal(tf.debugging.check_numerics(x, "ok").numpy(), [1.0, 2.0])


@pytest.mark.parametrize("value, what", [(np.nan, "NaN"), (np.inf, "Inf")])
def test_check_numerics_names_the_message(value, what):
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=rf"my check : Tensor had {what} values \[Op:CheckNumerics\]"):
        tf.debugging.check_numerics(tf.constant([1.0, value]), "my check")


def test_check_numerics_rejects_ints():
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.debugging.check_numerics(tf.constant([1]), "ints")


def test_check_numerics_checks_gradients_too():
    x = tf.constant(0.0)
    with tf.GradientTape() as tape, np.errstate(invalid="ignore"):  # 0 * inf: NaN expected
        tape.watch(x)
        y = tf.debugging.check_numerics(x, "forward") * tf.constant(np.inf, tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError, match="detected in gradient. forward"):
        tape.gradient(y, x)


def test_assert_equal_and_friends():
    assert tf.debugging.assert_equal(tf.constant([1, 2]), [1, 2]) is None
    with pytest.raises(tf.errors.InvalidArgumentError, match="(?s)custom.*x == y did not hold"):
        tf.debugging.assert_equal(tf.constant([1, 2]), [1, 3], message="custom")
    tf.debugging.assert_greater(tf.constant([2.0]), 1.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="x > y"):
        tf.debugging.assert_greater(tf.constant([0.0]), 1.0)
    tf.debugging.assert_less(tf.constant([0]), 1)
    with pytest.raises(tf.errors.InvalidArgumentError, match="x < y"):
        tf.debugging.assert_less(tf.constant([1, 2]), 2)
    tf.debugging.assert_near(tf.constant(1.0), 1.0 + 1e-7)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.debugging.assert_near(tf.constant(1.0), 1.1)
    tf.debugging.assert_near(tf.constant(1.0), 1.05, atol=0.1)


def test_assert_rank_type_and_shapes():
    x = tf.constant([[1.0, 2.0]])
    tf.debugging.assert_rank(x, 2)
    with pytest.raises(ValueError, match="must have rank 3"):
        tf.debugging.assert_rank(x, 3)
    tf.debugging.assert_type(x, tf.float32)
    with pytest.raises(TypeError, match="tf.int32"):
        tf.debugging.assert_type(x, tf.int32)
    y = tf.constant([[1.0], [2.0]])
    tf.debugging.assert_shapes([(x, ("N", "D")), (y, ("D", 1))])
    with pytest.raises(ValueError):
        tf.debugging.assert_shapes([(x, ("N", "D")), (y, ("N", 1))])
    with pytest.raises(ValueError):
        tf.debugging.assert_shapes([(x, (1, 2, 3))])


# --- tf.print -------------------------------------------------------------------------------------
def test_print_goes_to_stderr_by_default(capsys):
    tf.print("loss:", tf.constant(0.25))
    out, err = capsys.readouterr()
    assert out == "" and err == "loss: 0.25\n"


def test_print_formats_like_tf(capsys):
    tf.print(tf.range(10), output_stream=sys.stdout)
    tf.print(tf.constant([[1.5, 2.0], [3.0, 4.0]]), output_stream=sys.stdout)
    tf.print(tf.constant([True, False]), tf.constant(["a", "b"]), sep=" | ", end="!\n",
             output_stream=sys.stdout)
    tf.print({"x": tf.constant(1), "y": [1, "s"]}, output_stream=sys.stdout)
    tf.print(tf.constant(np.arange(12).reshape(2, 2, 3).astype(np.int32)),
             output_stream=sys.stdout)
    tf.print(tf.constant(1 / 3), tf.constant(0.1), output_stream=sys.stdout)
    out = capsys.readouterr().out.split("\n")
    assert out[0] == "[0 1 2 ... 7 8 9]"
    assert out[1:3] == ["[[1.5 2]", " [3 4]]"]
    assert out[3] == '[1 0] | ["a" "b"]!'
    assert out[4] == "{'x': 1, 'y': [1, 's']}"
    assert out[5:10] == ["[[[0 1 2]", "  [3 4 5]]", "", " [[6 7 8]", "  [9 10 11]]]"]
    assert out[10] == "0.333333343 0.1"


def test_print_summarize(capsys):
    values = tf.constant(np.arange(10, dtype=np.int32))
    tf.print(values, summarize=-1, output_stream=sys.stdout)
    tf.print(values, summarize=1, output_stream=sys.stdout)
    assert capsys.readouterr().out == "[0 1 2 3 4 5 6 7 8 9]\n[0 ... 9]\n"


def test_print_to_a_file_like_object():
    buffer = io.StringIO()
    tf.print("v", tf.Variable(2.0), output_stream=buffer)
    assert buffer.getvalue() == "v 2\n"


# --- contrib.eager --------------------------------------------------------------------------------
tfe = tf.contrib.eager


def test_gradients_function_returns_a_list():
    def square(x):
        return tf.multiply(x, x)

    grad = tfe.gradients_function(square)
    result = grad(3.0)
    assert isinstance(result, list) and len(result) == 1 and float(result[0]) == 6.0
    value, grads = tfe.value_and_gradients_function(square)(3.0)
    assert float(value) == 9.0 and float(grads[0]) == 6.0


def test_gradients_function_params_select_arguments():
    def f(x, y):
        return x * y * y

    assert [float(g) for g in tfe.gradients_function(f)(2.0, 3.0)] == [9.0, 12.0]
    assert [float(g) for g in tfe.gradients_function(f, params=[1])(2.0, 3.0)] == [12.0]
    assert [float(g) for g in tfe.gradients_function(f, params=["x"])(2.0, 3.0)] == [9.0]


def test_implicit_gradients_pairs_gradients_with_variables():
    w = tf.Variable(2.0)
    b = tf.Variable(1.0)

    def loss(x):
        return (w * x + b) ** 2

    pairs = tfe.implicit_gradients(loss)(tf.constant(3.0))
    assert [v for _, v in pairs] == [w, b]
    assert [float(g) for g, _ in pairs] == [2 * 7.0 * 3.0, 2 * 7.0]
    value, pairs = tfe.implicit_value_and_gradients(loss)(3.0)
    assert float(value) == 49.0 and len(pairs) == 2
    with pytest.raises(ValueError, match="No trainable variables"):
        tfe.implicit_gradients(lambda x: x * 2.0)(1.0)


# --- the observer hook ----------------------------------------------------------------------------
def test_observe_reports_ops_with_their_source_line():
    events = []
    x = tf.constant([1.0, 2.0])
    with context.observe(events.append):
        y = x * 2.0; line = sys._getframe().f_lineno  # noqa: E702 - the op's line
        z = tf.exp(y)
    assert [e.name for e in events] == ["Mul", "Exp"]
    mul = events[0]
    assert mul.filename == __file__ and mul.lineno == line
    assert events[1].lineno == line + 1
    assert mul.outputs[0] is y and mul.inputs[0] is x and events[1].outputs == (z,)
    assert mul.seconds >= 0.0 and mul.attrs == {}
    assert context.state.timing is False and context.state.hooked is False


def test_observe_sees_variable_reads_and_gradient_ops():
    v = tf.Variable(3.0)
    events = []
    with context.observe(events.append):
        with tf.GradientTape() as tape:
            y = v * v
        tape.gradient(y, v)
    names = [e.name for e in events]
    assert names[:3] == ["ReadVariableOp", "ReadVariableOp", "Mul"]
    assert len(names) > 3  # the backward pass ran real ops too
    events.clear()
    with context.observe(events.append, include_variable_reads=False):
        v * 2.0
    assert [e.name for e in events] == ["Mul"]


def test_observe_reports_the_op_that_failed_no_more():
    events = []
    with pytest.raises(tf.errors.InvalidArgumentError):
        with context.observe(events.append):
            tf.constant(1.0) + 1.0
            tf.constant(1) + tf.constant(1.0)
    assert [e.name for e in events] == ["AddV2"]
    assert not context.state.recorders
