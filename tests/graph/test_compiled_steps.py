"""What the passes leave in a compiled training step (issue 13.3): the generated code of a
Keras classifier step makes no call that does no work, and still trains exactly as eager code
does. No timing here; benchmarks/ measures speed."""

import numpy as np

import eagerbook as tf
from eagerbook.graph import ir, passes


def _classifier_step():
    rng = np.random.default_rng(3)
    x = tf.constant(rng.random((16, 12), dtype=np.float32))
    labels = tf.constant(rng.integers(0, 5, 16))
    model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu", input_shape=(12,)),
                                 tf.keras.layers.Dense(5)])
    model(x)
    for w in model.trainable_variables:
        w.assign(rng.uniform(-0.5, 0.5, w.shape).astype(np.float32))
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step(images, targets):
        with tf.GradientTape() as tape:
            loss = loss_object(targets, model(images, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return model, step, x, labels


def test_classifier_step_compiles_to_the_work_only():
    _, step, x, labels = _classifier_step()
    compiled = tf.function(step)
    concrete = compiled.get_concrete_function(x, labels)
    source = concrete.compiled_source
    # The cross-entropy's second-order term (a softmax times the zeros the backprop fills in
    # for the unused `backprop` output) is skipped as TF skips it; the seed of the mean's
    # gradient is one scalar, not a broadcast batch reshaped to a column.
    for leftover in ("Softmax(", "BroadcastLike(", "Reshape(", "ZerosLike("):
        assert leftover not in source, source
    steps = passes.optimize_steps(concrete.graph)
    for _, graph in steps:
        ir.verify(graph)


def test_classifier_step_trains_as_eager_code_does():
    model_e, step_e, x, labels = _classifier_step()
    model_g, step_g, _, _ = _classifier_step()
    step_g = tf.function(step_g)
    for _ in range(4):
        np.testing.assert_allclose(float(step_g(x, labels)), float(step_e(x, labels)),
                                   rtol=1e-6)
    for a, b in zip(model_e.trainable_variables, model_g.trainable_variables):
        np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-5, atol=1e-7)


def test_second_derivative_of_sparse_cross_entropy_inside_a_function():
    # An outer tape sends a real gradient into the fused op's `backprop` output: that term
    # stays, and the traced result matches eager code.
    logits = tf.constant([[0.5, -1.0, 2.0], [0.1, 0.2, 0.3]])
    labels = tf.constant([2, 0])

    def hessian_vector(z):
        with tf.GradientTape() as outer:
            outer.watch(z)
            with tf.GradientTape() as inner:
                inner.watch(z)
                loss = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(labels, z))
            g = inner.gradient(loss, z)
            total = tf.reduce_sum(g * tf.constant([[1.0, 2.0, 3.0], [0.5, 0.0, -1.0]]))
        return outer.gradient(total, z)

    eager = hessian_vector(logits)
    traced = tf.function(hessian_vector)(logits)
    assert np.any(eager.numpy())
    np.testing.assert_allclose(traced.numpy(), eager.numpy(), rtol=1e-5, atol=1e-7)


def test_constant_whose_elements_are_all_equal_becomes_one_value():
    @tf.function
    def scale(x):
        return x * tf.fill([4, 3], 2.5) + tf.zeros([4, 3])

    x = tf.reshape(tf.range(12.0), [4, 3])
    np.testing.assert_array_equal(scale(x).numpy(), x.numpy() * 2.5)
    graph = scale.get_concrete_function(x).optimized_graph
    consts = [op.attrs["value"] for op in graph.get_operations() if op.type == "Const"]
    assert consts and all(v.shape == () for v in consts), consts


def test_constant_that_sets_the_shape_stays_whole():
    @tf.function
    def widen(x):
        return x * tf.fill([4, 3], 2.0)

    x = tf.constant([1.0, 2.0, 3.0])
    out = widen(x)
    assert out.shape == (4, 3)
    np.testing.assert_array_equal(out.numpy(), np.tile([2.0, 4.0, 6.0], (4, 1)))
    consts = [op.attrs["value"] for op in widen.get_concrete_function(x).optimized_graph
              .get_operations() if op.type == "Const"]
    assert [v.shape for v in consts] == [(4, 3)]



def test_sum_over_leading_axes_is_done_in_long_rows():
    # A conv layer's bias gradient and global average pooling sum a big batch over a run of
    # axes with only 16 numbers below it: the compiled code sums long rows first.
    x = tf.constant(np.random.default_rng(5).standard_normal((32, 24, 24, 16), np.float32))
    for axes, keepdims in (((0, 1, 2), False), ((1, 2), False), ((1, 2), True),
                           ((0, 1), False), ((2,), False)):
        reduce = tf.function(lambda t, a=axes, k=keepdims: tf.reduce_sum(t, a, keepdims=k))
        got = reduce(x).numpy()
        want = np.sum(x.numpy().astype(np.float64), axis=axes, keepdims=keepdims)
        assert got.shape == want.shape and got.dtype == np.float32
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4)
        concrete = reduce.get_concrete_function(x)
        for _, graph in passes.optimize_steps(concrete.graph):
            ir.verify(graph)
        sums = [op for op in concrete.optimized_graph.get_operations() if op.type == "Sum"]
        short_rows = axes[-1] == 2  # 16 numbers below the summed axes
        assert len(sums) == (2 if short_rows and axes != (2,) else 1), \
            (axes, concrete.compiled_source)


def test_small_or_long_row_sums_stay_one_sum():
    for shape, axes in (((8, 4, 4, 16), (0, 1, 2)), ((64, 128), (0,)), ((4096, 128), (0,))):
        x = tf.ones(shape)
        reduce = tf.function(lambda t, a=axes: tf.reduce_sum(t, a))
        np.testing.assert_array_equal(reduce(x).numpy(), np.sum(np.ones(shape), axis=axes))
        graph = reduce.get_concrete_function(x).optimized_graph
        assert [op.type for op in graph.get_operations()].count("Sum") == 1


def test_division_by_a_power_of_two_is_an_exact_multiplication():
    rng = np.random.default_rng(7)
    values = np.concatenate([rng.standard_normal(50) * 10.0 ** rng.integers(-40, 38, 50),
                             [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, 3e-38, 3.4e38]])
    x = tf.constant(values.astype(np.float32))
    for divisor, op_type in ((64.0, "Mul"), (0.125, "Mul"), (3.0, "RealDiv"), (2.0 ** 120, "Mul")):
        divide = tf.function(lambda t, d=divisor: t / d)
        with np.errstate(all="ignore"):
            want = x.numpy() / np.float32(divisor)
        got = divide(x).numpy()
        assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), divisor
        types = [op.type for op in divide.get_concrete_function(x).optimized_graph
                 .get_operations()]
        assert op_type in types and ("RealDiv" in types) == (op_type == "RealDiv"), types


def test_an_update_writes_into_its_step_never_into_the_variable():
    # `w - step` assigned to w: the subtraction writes into the fresh product's array, as
    # eager SGD does (one array per update, not two); w's own array may be shared by a
    # Tensor read before, which must not change.
    v = tf.Variable(np.ones((3, 4), np.float32))

    @tf.function
    def update(g):
        v.assign(v - g * 0.5)

    held = v.read_value()
    update(tf.ones((3, 4)))
    source = update.get_concrete_function(tf.ones((3, 4))).compiled_source
    assert "_np.subtract(read_variable_op, fused_step, out=fused_step)" in source, source
    np.testing.assert_array_equal(held.numpy(), np.ones((3, 4)))
    np.testing.assert_array_equal(v.numpy(), np.full((3, 4), 0.5))
    update(tf.ones((3, 4)))
    np.testing.assert_array_equal(v.numpy(), np.zeros((3, 4)))


def test_a_scalar_or_broadcast_update_keeps_the_plain_expression():
    w, s = tf.Variable(2.0), tf.Variable(np.ones(3, np.float32))

    @tf.function
    def update(g):
        w.assign(w - g * 0.5)  # rank 0: NumPy gives a scalar, which has no `out=`
        s.assign(s - tf.reduce_sum(g) * 0.5)  # the product is smaller than the update

    update(tf.constant(1.0))
    assert "out=" not in update.get_concrete_function(tf.constant(1.0)).compiled_source
    assert float(w.numpy()) == 1.5
    np.testing.assert_array_equal(s.numpy(), np.full(3, 0.5))


def test_an_update_writes_its_product_into_a_scratch_gradient():
    # The Dense layers' gradients are fresh matmul/sum results that only their updates read:
    # `lr * grad` is written into the gradient's own array, then `w - that` into it again.
    _, step, x, labels = _classifier_step()
    source = tf.function(step).get_concrete_function(x, labels).compiled_source
    assert source.count("_np.multiply(") == 4, source
    for line in source.splitlines():
        if "_np.multiply(" in line:
            target = line.split("out=")[1].rstrip(")")
            assert line.split("(")[1].startswith(target + ","), line
    # ... and trains bit for bit as the step compiled with NumPy checks (no scratch writes).
    model_a, step_a, _, _ = _classifier_step()
    model_b, step_b, _, _ = _classifier_step()
    step_a = tf.function(step_a)
    for _ in range(3):
        loss_a = step_a(x, labels)
        tf.debugging.enable_check_numerics()
        try:
            loss_b = tf.function(step_b)(x, labels)
        finally:
            tf.debugging.disable_check_numerics()
        assert float(loss_a) == float(loss_b)
    for a, b in zip(model_a.trainable_variables, model_b.trainable_variables):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_a_gradient_read_twice_is_never_scratch():
    w = tf.Variable(np.ones((3, 4), np.float32))
    a = tf.constant(np.arange(6, dtype=np.float32).reshape(3, 2))
    b = tf.constant(np.ones((2, 4), np.float32))

    @tf.function
    def update():
        grad = tf.matmul(a, b)
        w.assign(w - grad * 0.5)
        return grad  # also a result: its array must keep the product a @ b

    grad = update()
    source = update.get_concrete_function().compiled_source
    assert "out=fused_step" in source and "out=batch_mat_mul" not in source, source
    want = np.arange(6, dtype=np.float32).reshape(3, 2) @ np.ones((2, 4), np.float32)
    np.testing.assert_array_equal(grad.numpy(), want)
    np.testing.assert_array_equal(w.numpy(), 1 - want * 0.5)


def test_square_grad_of_a_constant_seed_is_one_multiplication_with_the_same_bits():
    # The linear fit's loss mean(square(e)): the seed of Square's gradient is the constant
    # 1/n, so SquareGrad(e, 1/n) = (e * 2) * (1/n) becomes e * (2/n), one pass instead of two.
    rng = np.random.default_rng(11)
    values = np.concatenate([rng.standard_normal(200) * 10.0 ** rng.integers(-40, 30, 200),
                             [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, 3e-38]])
    e = tf.constant(values.astype(np.float32))

    def grad(t):
        with tf.GradientTape() as tape:
            tape.watch(t)
            loss = tf.reduce_mean(tf.square(t))
        return tape.gradient(loss, t)

    compiled = tf.function(grad)
    with np.errstate(all="ignore"):
        want = grad(e).numpy()
    got = compiled(e).numpy()
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
    types = [op.type for op in compiled.get_concrete_function(e).optimized_graph
             .get_operations()]
    assert "SquareGrad" not in types and types.count("Mul") == 1, types


def test_a_big_matrix_product_is_np_matmul_with_the_eager_bits():
    # np.dot (the kernel's choice, cheaper to call) clears its output before BLAS writes it:
    # a big product in compiled code is np.matmul instead; small ones keep the kernel.
    rng = np.random.default_rng(2)
    a = tf.constant(rng.standard_normal((64, 200), np.float32))
    b = tf.constant(rng.standard_normal((64, 300), np.float32))
    small = tf.constant(rng.standard_normal((300, 4), np.float32))

    def products(a, b, small):
        return (tf.matmul(a, b, transpose_a=True), tf.matmul(b, a, transpose_a=True),
                tf.matmul(b, small))

    compiled = tf.function(products)
    source = compiled.get_concrete_function(a, b, small).compiled_source
    assert source.count("_np.matmul(a.T, b)") == 1 and "_np.matmul(b.T, a)" in source, source
    assert source.count("MatMul(") == 1, source  # 64x4: below the threshold
    for got, want in zip(compiled(a, b, small), products(a, b, small)):
        assert got.shape == want.shape
        assert np.array_equal(got.numpy().view(np.uint32), want.numpy().view(np.uint32))
