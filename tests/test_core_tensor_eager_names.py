"""Graph-era names on an eager tensor, and a few op errors, as TF 2.21 words them."""

import pytest

import eagerbook as tf


def test_graph_era_names_give_tfs_eager_errors():
    t = tf.constant([1.0, 2.0])
    with pytest.raises(NotImplementedError, match=r"^eval is not supported when eager execution "
                                                  r"is enabled, is \.numpy\(\) what you're "
                                                  r"looking for\?$"):
        t.eval()
    with pytest.raises(NotImplementedError, match="Tensor.consumers is undefined when eager"):
        t.consumers()
    with pytest.raises(AttributeError, match="Tensor.value_index is undefined when eager"):
        t.value_index  # noqa: B018 - reading the property is the point


def test_no_dtype_is_quantized():
    assert not tf.float32.is_quantized and not tf.int8.is_quantized


def test_invert_of_a_float_is_the_attr_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^Value for attr 'T' of float is "
                                                             r"not in the list of allowed values: "
                                                             r"int8, int16, int32, int64, uint8"):
        ~tf.constant([1.0])


@pytest.mark.parametrize(("index", "position"), [
    (lambda m: m[::0], 0), (lambda m: m[0, ::0], 1), (lambda m: m[..., ::0], 1)])
def test_a_zero_slice_step_names_its_stride(index, position):
    m = tf.constant([[1, 2], [3, 4]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=rf"strides\[{position}\] must be non-zero"):
        index(m)


def test_name_scope_is_tfs_object():
    scope = tf.name_scope("outer")
    assert type(scope).__name__ == "name_scope_v2" and scope.name == "outer"
    with scope as outer, tf.name_scope("inner") as inner:
        assert (outer, inner) == ("outer/", "outer/inner/")
        assert tf.Variable(1.0, name="v").name == "outer/inner/v:0"
    with pytest.raises(ValueError, match="^name for name_scope must be a string.$"):
        tf.name_scope(None)


def test_user_name_scopes_stay_unique_in_a_graph():
    g = tf.Graph()
    with g.as_default():
        with tf.name_scope("foo"):
            a = tf.constant(1.0, name="c")
        with tf.name_scope("foo"):
            b = tf.constant(1.0, name="c")
    assert (a.name, b.name) == ("foo/c:0", "foo_1/c:0")
