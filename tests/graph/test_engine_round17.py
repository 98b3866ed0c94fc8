"""Graph details as TF 2.21 has them (checked by hand against it)."""

import pytest

import eagerbook as tf


def test_a_tensor_leaked_from_a_function_names_the_guide_section():
    leaked = []

    @tf.function
    def leaky(a):
        leaked.append(a + 1)
        return a

    leaky(tf.constant(1))

    @tf.function
    def uses_leaked(b):
        return b + leaked[0]

    with pytest.raises(TypeError) as info:
        uses_leaked(tf.constant(2))
    assert str(info.value).startswith(
        "<tf.Tensor 'add:0' shape=() dtype=int32> is out of scope and cannot be used here. Use "
        "return values, explicit Python locals or TensorFlow collections to access it.\n"
        "Please see https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_"
        "be_return_values for more information.\n\nThe tensor ")


# --- a concrete (or loaded) function called while another function traces ----------------------
def test_a_concrete_function_called_inside_a_function_runs_there():
    v = tf.Variable(1.0)

    @tf.function
    def bump(x):
        v.assign_add(x)
        return v * 2.0

    concrete = bump.get_concrete_function(tf.TensorSpec([], tf.float32))

    @tf.function
    def twice(x):
        return concrete(x), concrete(x)

    a, b = twice(tf.constant(1.0))
    assert (float(a), float(b), float(v)) == (4.0, 6.0, 3.0)


def test_a_tape_inside_a_function_differentiates_a_concrete_call():
    w = tf.Variable(3.0)

    @tf.function
    def loss(x):
        return w * x * x

    concrete = loss.get_concrete_function(tf.TensorSpec([], tf.float32))

    @tf.function
    def grads(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = concrete(x)
        return tape.gradient(y, [w, x])

    dw, dx = grads(tf.constant(2.0))
    assert (float(dw), float(dx)) == (4.0, 12.0)


def test_a_concrete_function_with_structured_outputs_inside_a_function():
    @tf.function
    def parts(x):
        return {"a": x, "b": [x * 2]}

    concrete = parts.get_concrete_function(tf.TensorSpec([], tf.float32))
    out = tf.function(lambda x: concrete(x))(tf.constant(1.0))
    assert (float(out["a"]), float(out["b"][0])) == (1.0, 2.0)


# --- SavedModel of a @tf.custom_gradient function ---------------------------------------------
@tf.custom_gradient
def _clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


@tf.custom_gradient
def _log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):  # (uses a tensor of the forward trace)
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


@tf.custom_gradient
def _scaled_mul(a, b):
    def grad(dy):
        return dy * b * 10.0, dy * a
    return a * b, grad


class _CustomGradients(tf.Module):
    def __init__(self):
        self.w = tf.Variable(3.0)

    @tf.function(input_signature=[tf.TensorSpec(None)])
    def clip(self, x):
        return _clip_gradients(x)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def softplus(self, x):
        return _log1pexp(x) * 2.0

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)] * 2)
    def mul(self, a, b):
        return _scaled_mul(a, b) + self.w


def test_a_loaded_function_keeps_its_custom_gradient(tmp_path):
    tf.saved_model.save(_CustomGradients(), str(tmp_path / "model"))
    loaded = tf.saved_model.load(str(tmp_path / "model"))
    v = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        out = loaded.clip(v * v)
    assert float(tape.gradient(out, v)) == 2.0  # clipped to 0.5, times dv*v/dv = 4
    x = tf.constant([100.0, 0.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loaded.softplus(x)
    assert tape.gradient(y, x).numpy().tolist() == [2.0, 1.0]  # no nan at x = 100
    a, b = tf.constant(2.0), tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        z = loaded.mul(a, b)
    assert float(z) == 9.0
    assert [float(g) for g in tape.gradient(z, [a, b])] == [30.0, 2.0]


def test_a_loaded_custom_gradient_inside_a_function(tmp_path):
    tf.saved_model.save(_CustomGradients(), str(tmp_path / "model"))
    loaded = tf.saved_model.load(str(tmp_path / "model"))

    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = loaded.softplus(x)
        return tape.gradient(y, x)

    assert grad(tf.constant([1.0])).numpy() == pytest.approx([1.4621172])


def test_assert_all_finite_fails_at_tfs_node_name():
    @tf.function
    def f(x):
        return tf.debugging.assert_all_finite(x, "Input x must be all finite") + 1

    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Detected at node VerifyFinite/CheckNumerics defined at"):
        f(tf.constant([float("inf"), 1.0]))


# --- structures: map_fn without an output signature, while_loop bodies, tf.nest's words -------
def test_map_fn_results_must_be_like_elems_without_a_signature():
    with pytest.raises(ValueError, match="don't have the same nested structure.\n\nFirst "
                                         r"structure: type=EagerTensor str=tf.Tensor\(\[1 2\]"):
        tf.map_fn(lambda x: (x, x), tf.constant([1, 2]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="TensorArray dtype is int32 but Op is trying to write dtype "
                             "float32"):
        tf.map_fn(lambda x: tf.cast(x, tf.float32), tf.constant([1, 2]))
    pair = tf.map_fn(lambda x: (x, x), tf.constant([1, 2]),
                     fn_output_signature=(tf.int32, tf.int32))
    assert [t.numpy().tolist() for t in pair] == [[1, 2], [1, 2]]
    assert tf.vectorized_map(lambda x: (x, x), tf.constant([1, 2]))[1].numpy().tolist() == \
        [1, 2]


def test_nest_compares_pair_by_pair_before_lengths():
    with pytest.raises(ValueError, match='Substructure "type=dict str=.*" is a sequence, while '
                                         'substructure "type=str str=i" is not'):
        tf.nest.assert_same_structure([{"i": 1, "x": 2.0}], ["i", "x"])


def test_while_loop_body_of_another_nesting_is_tfs_structure_error():
    with pytest.raises(ValueError, match=r"First structure: type=list str=\[\{'i': TensorSpec"
                                         r"\(shape=\(\), dtype=tf.int32, name=None\)"):
        tf.while_loop(lambda d: d["i"] < 3, lambda d: {"i": d["i"] + 1, "x": d["x"] * 2.0},
                      [{"i": tf.constant(0), "x": tf.constant(1.0)}])


def test_map_fn_over_numpy_elems_keeps_their_dtype():
    import numpy as np
    squares = tf.map_fn(fn=lambda t: t * t, elems=np.array([1, 2, 3]))
    assert squares.dtype == tf.int64 and squares.numpy().tolist() == [1, 4, 9]
    pair = tf.map_fn(fn=lambda t: (t[0], -t[1]),
                     elems=(np.array([1, 2, 3]), np.array([-1, -2, -3])))
    assert [p.numpy().tolist() for p in pair] == [[1, 2, 3], [1, 2, 3]]
