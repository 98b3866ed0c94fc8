"""A Variable's Python protocols as TF 2.21 has them (each expected value checked there)."""

import copy

import pytest

import eagerbook as tf


@pytest.mark.parametrize(("statement", "message"), [
    ("v += 1", "`variable += value` with `tf.Variable`s is not supported. Use "
               "`variable.assign_add(value)` to modify the variable, or `out = variable + value` "
               "if you need to get a new output Tensor."),
    ("v -= 1", "`variable -= value` with `tf.Variable`s is not supported. Use "
               "`variable.assign_sub(value)` to modify the variable, or `out = variable * value` "
               "if you need to get a new output Tensor."),
    ("v *= 2", "`var *= value` with `tf.Variable`s is not supported. Use "
               "`var.assign(var * value)` to modify the variable, or `out = var * value` if you "
               "need to get a new output Tensor."),
    ("v /= 2", "`var /= value` with `tf.Variable`s is not supported. Use "
               "`var.assign(var / value)` to modify the variable, or `out = var / value` if you "
               "need to get a new output Tensor."),
    ("v **= 2", "`var **= value` with `tf.Variable`s is not supported. Use "
                "`var.assign(var ** value)` to modify the variable, or `out = var ** value` if "
                "you need to get a new output Tensor."),
])
def test_in_place_arithmetic_is_refused_with_what_to_write_instead(statement, message):
    scope = {"v": tf.Variable(4.0)}
    with pytest.raises(RuntimeError) as info:
        exec(statement, scope)
    assert str(info.value) == message
    assert float(scope["v"]) == 4.0  # unchanged, and still the Variable


def test_in_place_arithmetic_is_refused_inside_tf_function_too():
    v = tf.Variable(1.0)

    @tf.function
    def f():
        w = v
        w += 1
        return w

    with pytest.raises(RuntimeError, match="`variable \\+= value` with `tf.Variable`s"):
        f()


def test_other_in_place_operators_rebind_as_in_python():
    v = tf.Variable(7)
    w = v
    w //= 2  # (TF defines no __ifloordiv__: w becomes a tensor, v is unchanged)
    assert int(w) == 3 and int(v) == 7 and isinstance(v, tf.Variable)


def test_copy_is_the_same_variable_and_deepcopy_a_new_one():
    v = tf.Variable([1.0, 2.0])
    assert copy.copy(v) is v
    other = copy.deepcopy(v)
    other.assign([5.0, 6.0])
    assert v.numpy().tolist() == [1.0, 2.0]


def test_format_spec_is_refused_and_an_empty_one_prints_the_variable():
    v = tf.Variable(2.5)
    with pytest.raises(TypeError, match="unsupported format string passed to "
                                        "ResourceVariable.__format__"):
        f"{v:.2f}"  # noqa: B018 - formatting is the point
    assert f"{v}" == str(v)
    assert f"{tf.constant(2.5):.2f}" == "2.50"  # a tensor formats its value


def test_a_variable_is_not_an_index_and_has_no_graph():
    with pytest.raises(TypeError):
        [1, 2, 3][tf.Variable(1)]  # noqa: B018 - indexing is the point
    v = tf.Variable(1.0)
    with pytest.raises(AttributeError, match="Tensor.graph is undefined when eager execution"):
        v.graph  # noqa: B018 - reading the property is the point
    with pytest.raises(AttributeError, match="Tensor.op is undefined when eager execution"):
        v.op  # noqa: B018 - reading the property is the point
    with pytest.raises(RuntimeError, match="not supported when eager execution is enabled"):
        v.to_proto()


def test_set_shape_narrows_a_compatible_shape():
    v = tf.Variable([1.0], shape=tf.TensorShape([None]))
    v.set_shape([1])
    assert v.shape == tf.TensorShape([1])
    with pytest.raises(ValueError, match="are not compatible"):
        tf.Variable([1.0, 2.0]).set_shape([3])


def test_numpy_of_a_variable_while_tracing_is_refused():
    v = tf.Variable(1.0)

    @tf.function
    def read():
        return v.numpy()

    with pytest.raises(NotImplementedError, match="numpy\\(\\) is only available when eager "
                                                  "execution is enabled."):
        read()
    assert v.numpy() == 1.0
