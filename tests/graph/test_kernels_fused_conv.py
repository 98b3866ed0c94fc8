"""Compiled code runs Conv2D -> BiasAdd (-> Relu) as one fused kernel (TF's `_FusedConv2D`),
with the bits of the three ops run one by one, and only where nothing else reads the
convolution's or the bias add's result. No timing here; benchmarks/ measures speed."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerbook as tf
from eagerbook.graph.compile import compile_graph
from eagerbook.ops import nn_ops


@st.composite
def fused_cases(draw):
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    strides = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    dilations = (1, 1) if max(strides) > 1 else (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    padding = draw(st.sampled_from(["SAME", "VALID", "EXPLICIT"]))
    explicit = [[0, 0], [draw(st.integers(0, 2)), draw(st.integers(0, 2))],
                [draw(st.integers(0, 2)), draw(st.integers(0, 2))], [0, 0]]
    k_eff = ((kh - 1) * dilations[0] + 1, (kw - 1) * dilations[1] + 1)
    # Up to 12 pixels wide and 8 channels: both the one-pixel and the pixel-pair forward.
    shape = (draw(st.integers(1, 3)), draw(st.integers(k_eff[0], k_eff[0] + 5)),
             draw(st.integers(k_eff[1], k_eff[1] + 10)), draw(st.integers(1, 8)))
    return dict(shape=shape, filter=(kh, kw, shape[3], draw(st.integers(1, 6))),
                strides=strides, dilations=dilations,
                padding=explicit if padding == "EXPLICIT" else padding,
                relu=draw(st.booleans()), dtype=draw(st.sampled_from(["float32", "float64"])),
                bad=draw(st.sampled_from([None, np.inf, -np.inf, np.nan])),
                seed=draw(st.integers(0, 2 ** 16)))


def _conv_bias_relu(case):
    def f(x, w, b):
        y = tf.nn.bias_add(tf.nn.conv2d(x, w, case["strides"], case["padding"],
                                        dilations=case["dilations"]), b)
        return tf.nn.relu(y) if case["relu"] else y
    return f


def _operands(case):
    rng = np.random.default_rng(case["seed"])
    x = rng.standard_normal(case["shape"]).astype(case["dtype"])
    if case["bad"] is not None:  # an inf or NaN: the pixel-pair forward's NaN fallback too
        x[tuple(rng.integers(0, d) for d in x.shape)] = case["bad"]
    w = rng.standard_normal(case["filter"]).astype(case["dtype"])
    b = rng.standard_normal(case["filter"][3]).astype(case["dtype"])
    return tf.constant(x), tf.constant(w), tf.constant(b)


@settings(max_examples=60, deadline=None)
@given(case=fused_cases(), block_bytes=st.sampled_from([1, None]))
def test_fused_kernel_gives_the_bits_of_the_three_ops(case, block_bytes):
    f = _conv_bias_relu(case)
    x, w, b = _operands(case)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nn_ops, "_PAIRED_MIN_OUT_WIDTH", 2)  # the pair path at these small sizes
        if block_bytes is not None:  # one image per block: bias and relu per block
            patch.setattr(nn_ops, "_PATCH_BLOCK_BYTES", block_bytes)
        eager = f(x, w, b)
        compiled = tf.function(f)
        traced = compiled(x, w, b)
        source = compiled.get_concrete_function(x, w, b).compiled_source
    assert "_FusedConv2D(" in source and "Conv2D(" not in source.replace("_FusedConv2D(", "")
    assert ("Relu" in source) == case["relu"]
    assert traced.dtype == eager.dtype and traced.shape == eager.shape
    np.testing.assert_array_equal(traced.numpy(), eager.numpy())  # (NaNs in the same places)


@pytest.mark.parametrize("bad", [np.inf, np.nan])
def test_pixel_pair_blocks_computed_again_get_their_bias_and_relu(bad):
    # An inf or NaN sends a block of the pixel-pair forward back to one pixel per patch row
    # (nn_ops._conv2d_in_pixel_pairs): the bias and relu must come after that second product.
    case = dict(shape=(4, 9, 18, 8), filter=(3, 3, 8, 16), strides=(1, 1), dilations=(1, 1),
                padding="VALID", relu=True, dtype="float32", bad=None, seed=6)
    f = _conv_bias_relu(case)
    x, w, b = _operands(case)
    x = x.numpy().copy()
    x[2, 4, 5, 1] = bad
    x = tf.constant(x)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nn_ops, "_PATCH_BLOCK_BYTES", 1)  # one image per block
        assert nn_ops._pairs_pay(x.numpy(), w.numpy(), 16, (1, 1), (1, 1))
        eager, compiled = f(x, w, b), tf.function(f)
        traced = compiled(x, w, b)
    assert "_FusedConv2D(" in compiled.get_concrete_function(x, w, b).compiled_source
    assert np.isfinite(eager.numpy()[[0, 1, 3]]).all() and not np.isfinite(eager.numpy()).all()
    np.testing.assert_array_equal(traced.numpy(), eager.numpy())


def test_float16_is_fused_with_the_same_bits():
    case = dict(shape=(2, 9, 9, 3), filter=(3, 3, 3, 4), strides=(1, 1), dilations=(1, 1),
                padding="SAME", relu=True, dtype="float16", bad=None, seed=5)
    f = _conv_bias_relu(case)
    x, w, b = _operands(case)
    compiled = tf.function(f)
    np.testing.assert_array_equal(compiled(x, w, b).numpy(), f(x, w, b).numpy())
    assert "_FusedConv2D(" in compiled.get_concrete_function(x, w, b).compiled_source


def test_a_result_read_elsewhere_is_not_fused_away():
    rng = np.random.default_rng(1)
    x = tf.constant(rng.standard_normal((2, 8, 8, 3)).astype(np.float32))
    w = tf.constant(rng.standard_normal((3, 3, 3, 4)).astype(np.float32))
    b = tf.constant(rng.standard_normal(4).astype(np.float32))

    def conv_read_twice(x):  # the convolution's result is also returned
        y = tf.nn.conv2d(x, w, 1, "SAME")
        return tf.nn.relu(tf.nn.bias_add(y, b)), y

    def bias_read_twice(x):  # the bias add's result feeds the relu and a sum
        z = tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b)
        return tf.nn.relu(z), tf.reduce_sum(z)

    compiled = tf.function(conv_read_twice)
    for got, want in zip(compiled(x), conv_read_twice(x)):
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    assert "_FusedConv2D(" not in compiled.get_concrete_function(x).compiled_source
    compiled = tf.function(bias_read_twice)
    for got, want in zip(compiled(x), bias_read_twice(x)):
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    source = compiled.get_concrete_function(x).compiled_source
    assert "fused_ops=('BiasAdd',))" in source and "Relu(" in source  # the chain stops early


def test_check_numerics_keeps_every_op_its_own_line():
    # enable_check_numerics checks each op's outputs after its own line: nothing is fused.
    rng = np.random.default_rng(2)
    x = tf.constant(rng.standard_normal((1, 6, 6, 2)).astype(np.float32))
    w = tf.constant(rng.standard_normal((3, 3, 2, 2)).astype(np.float32))
    b = tf.constant(np.zeros(2, np.float32))

    @tf.function
    def f(x):
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "VALID"), b))

    graph = f.get_concrete_function(x).graph
    assert "_FusedConv2D(" in compile_graph(graph, "f")[1]
    checked = compile_graph(graph, "f", check=lambda op, outputs, inputs: None)[1]
    assert "_FusedConv2D(" not in checked and "BiasAdd(" in checked and "Relu(" in checked
    tf.debugging.enable_check_numerics()
    try:
        bad = tf.constant(np.full((1, 6, 6, 2), np.nan, np.float32))
        with pytest.raises(tf.errors.InvalidArgumentError, match="Conv2D"):
            f(bad)
    finally:
        tf.debugging.disable_check_numerics()


def test_keras_conv_step_trains_as_eager_code_does():
    def build():
        rng = np.random.default_rng(7)
        model = tf.keras.Sequential([
            tf.keras.layers.Conv2D(4, 3, activation="relu", input_shape=(10, 10, 1)),
            tf.keras.layers.Conv2D(3, 3),  # no activation: the chain ends at the bias
            tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dense(3)])
        for v in model.trainable_variables:
            v.assign(rng.uniform(-0.5, 0.5, v.shape).astype(np.float32))
        optimizer = tf.keras.optimizers.Adam(0.01)
        loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

        def step(images, targets):
            with tf.GradientTape() as tape:
                loss = loss_object(targets, model(images, training=True))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss
        return model, step

    rng = np.random.default_rng(8)
    x = tf.constant(rng.random((6, 10, 10, 1), dtype=np.float32))
    labels = tf.constant(rng.integers(0, 3, 6))
    model_e, step_e = build()
    model_g, step_g = build()
    step_g = tf.function(step_g)
    for _ in range(3):
        np.testing.assert_allclose(float(step_g(x, labels)), float(step_e(x, labels)), rtol=1e-6)
    assert step_g.get_concrete_function(x, labels).compiled_source.count("_FusedConv2D(") == 2
    for a, b in zip(model_e.trainable_variables, model_g.trainable_variables):
        np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-5, atol=1e-6)


def test_a_chain_inside_a_branch_is_fused_there():
    rng = np.random.default_rng(9)
    x = tf.constant(rng.standard_normal((2, 7, 7, 3)).astype(np.float32))
    w = tf.constant(rng.standard_normal((3, 3, 3, 4)).astype(np.float32))
    b = tf.constant(rng.standard_normal(4).astype(np.float32))

    def f(x, flag):
        return tf.cond(flag, lambda: tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b)),
                       lambda: tf.zeros([2, 7, 7, 4]))

    compiled = tf.function(f)
    np.testing.assert_array_equal(compiled(x, tf.constant(True)).numpy(),
                                  f(x, tf.constant(True)).numpy())
    source = compiled.get_concrete_function(x, tf.constant(True)).compiled_source
    assert "    if " in source and "        cond_relu = _FusedConv2D(" in source, source
