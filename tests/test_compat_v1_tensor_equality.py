"""tf.compat.v1.disable_tensor_equality / enable_tensor_equality as in TF 2.21 (the TF 1.x vs
TF 2 migration guide): disabled, `==` is the identity test and Variables hash by identity;
eager tensors stay unhashable."""

import pytest

import eagerbook as tf

v1 = tf.compat.v1


@pytest.fixture(autouse=True)
def _equality_back_on():
    yield
    v1.enable_tensor_equality()


def test_disabled_equality_compares_identity():
    v1.disable_tensor_equality()
    x, y = tf.Variable(0.0), tf.Variable(0.0)
    assert (x == y, x == x, x != y, x != x) == (False, True, True, False)
    t = tf.constant(1.0)
    assert (t == t, t == tf.constant(1.0), t != t) == (True, False, False)
    assert len({x, y}) == 2  # Variables hash by identity
    with pytest.raises(TypeError, match=r"^Tensor is unhashable. Instead, use tensor.ref\(\) "
                                        r"as the key.$"):
        {x, tf.constant(2.0)}  # noqa: B018 (the set is what raises)


def test_enabled_again_compares_values():
    v1.disable_tensor_equality()
    v1.enable_tensor_equality()
    x, y = tf.Variable(0.0), tf.Variable(0.0)
    assert bool(x == y) and (x == y).dtype == tf.bool
    assert bool(tf.constant(1.0) == tf.constant(1.0))
    with pytest.raises(TypeError, match="Variable is unhashable"):
        {x}  # noqa: B018 (the set is what raises)
