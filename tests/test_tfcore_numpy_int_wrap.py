"""With NumPy behavior on, a Python int too big for a tensor's integer dtype wraps around as
TF casts it (TF 2.21: int8 + 1000 is int8 -23; NumPy 2 itself refuses the value)."""


import eagerbook as tf

tnp = tf.experimental.numpy



def test_python_ints_wrap_into_small_integer_dtypes(numpy_behavior):
    assert int(tf.constant(1, tf.int8) + 1000) == -23
    assert int(1000 + tf.constant(1, tf.int8)) == -23
    assert (tf.constant([1], tf.uint8) - 300).numpy().tolist() == [213]
    assert int(tf.constant(1, tf.int8) + 2**40) == 1
    assert bool(tf.constant(1, tf.int8) < 1000) is False  # 1000 is int8 -24 there


def test_asarray_wraps_too():
    assert int(tnp.asarray(1000, tnp.int8)) == -24
    assert tnp.asarray([1000, -1, 300], tnp.uint8).numpy().tolist() == [232, 255, 44]
    assert tnp.asarray(1.5e10, tnp.float32).dtype == tf.float32
