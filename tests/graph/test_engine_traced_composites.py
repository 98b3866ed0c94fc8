"""Ragged and sparse values built inside tf.function, jacobians of targets of unknown size, and
custom_gradient under a tape inside tf.function.

The oracle is the eager road: the same Python function run eagerly and as a tf.function
(with and without None dims in its input_signature) must give the same values; static
shapes are checked against what TF's shape inference gives (written out by hand).
"""

import numpy as np
import pytest

import eagerbook as tf

I64 = tf.int64


def _values(result):
    """Nested numbers of a result (tensors, RaggedTensors, SparseTensors, tuples)."""
    if isinstance(result, (tuple, list)):
        return [_values(r) for r in result]
    if isinstance(result, tf.RaggedTensor):
        return ("ragged", result.to_list())
    if isinstance(result, tf.sparse.SparseTensor):
        return ("sparse", _values(result.indices), _values(result.values),
                _values(result.dense_shape))
    return np.asarray(result.numpy()).tolist()


def _same_as_eager(fn, *args, signature=None):
    """fn(*args) eagerly, traced with concrete shapes and traced with `signature`: one value."""
    eager = _values(fn(*args))
    assert _values(tf.function(fn)(*args)) == eager
    if signature is not None:
        assert _values(tf.function(fn, input_signature=signature)(*args)) == eager
    return eager


def _vec(dtype):
    return tf.TensorSpec([None], dtype)


# --- ragged -----------------------------------------------------------------------------------
VALUES = tf.constant([3, 1, 4, 1, 5, 9, 2])
LENGTHS = tf.constant([4, 0, 3], I64)
RAGGED_CASES = {
    "to_tensor": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n).to_tensor(),
    "to_tensor_default": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n).to_tensor(-1),
    "to_tensor_shape": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n).to_tensor(
        shape=[4, 2]),
    "row_structure": lambda v, n: (lambda rt: (rt.row_lengths(), rt.nrows(), rt.row_splits,
                                               rt.value_rowids(), rt.row_starts(),
                                               rt.bounding_shape()))(
        tf.RaggedTensor.from_row_lengths(v, n)),
    "reduce_sum_rows": lambda v, n: tf.reduce_sum(tf.RaggedTensor.from_row_lengths(v, n), 1),
    "reduce_max_columns": lambda v, n: tf.reduce_max(tf.RaggedTensor.from_row_lengths(v, n),
                                                     0),
    "map_flat_values": lambda v, n: tf.ragged.map_flat_values(
        tf.square, tf.RaggedTensor.from_row_lengths(v, n)),
    "arithmetic": lambda v, n: (lambda rt: rt * 2 + rt)(tf.RaggedTensor.from_row_lengths(v, n)),
    "compare": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n) > 2,
    "row": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n)[2],
    "last_row": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n)[-1],
    "rows_slice": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n)[1:],
    "columns_slice": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n)[:, 1:3],
    "gather_rows": lambda v, n: tf.gather(tf.RaggedTensor.from_row_lengths(v, n), [2, 0, 2]),
    "concat_rows": lambda v, n: tf.concat([tf.RaggedTensor.from_row_lengths(v, n)] * 2, 0),
    "to_sparse": lambda v, n: tf.RaggedTensor.from_row_lengths(v, n).to_sparse(),
    "from_value_rowids": lambda v, n: tf.RaggedTensor.from_value_rowids(
        v, tf.ragged.row_splits_to_segment_ids(
            tf.RaggedTensor.from_row_lengths(v, n).row_splits)),
    "cast": lambda v, n: tf.cast(tf.RaggedTensor.from_row_lengths(v, n), tf.float32) / 2,
    "map_fn_rows": lambda v, n: tf.map_fn(tf.reduce_sum, tf.RaggedTensor.from_row_lengths(v, n),
                                          fn_output_signature=tf.int32),
    "nested": lambda v, n: tf.RaggedTensor.from_nested_row_lengths(
        v, [tf.constant([2, 1], I64), n]).to_tensor(),
}


@pytest.mark.parametrize("name", sorted(RAGGED_CASES))
def test_ragged_inside_function_matches_eager(name):
    _same_as_eager(RAGGED_CASES[name], VALUES, LENGTHS,
                   signature=[_vec(tf.int32), _vec(I64)])


def test_ragged_to_tensor_values_and_static_shape():
    seen = []

    @tf.function(input_signature=[_vec(tf.float32), _vec(I64)])
    def dense(v, n):
        out = tf.RaggedTensor.from_row_lengths(v, n).to_tensor()
        seen.append(out.shape.as_list())
        return out

    out = dense(tf.constant([1., 2., 3., 4., 5.]), tf.constant([2, 0, 3], I64))
    assert out.numpy().tolist() == [[1, 2, 0], [0, 0, 0], [3, 4, 5]]
    assert seen == [[None, None]]  # as TF: rows and columns known only at run time


def test_ragged_mean_of_rows_and_its_gradient():
    @tf.function(input_signature=[_vec(tf.float32), _vec(I64)])
    def grad(v, n):
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = tf.reduce_sum(tf.reduce_mean(tf.RaggedTensor.from_row_lengths(v, n), axis=1))
        return tape.gradient(y, v)

    g = grad(tf.constant([1., 2., 3.]), tf.constant([1, 2], I64))
    np.testing.assert_allclose(g.numpy(), [1., .5, .5])


def test_ragged_factories_from_tensor_and_range():
    x = tf.constant([[1, 2, 0], [4, 0, 0], [7, 8, 9]])
    _same_as_eager(lambda t: tf.RaggedTensor.from_tensor(t, padding=0).row_lengths(), x,
                   signature=[tf.TensorSpec([None, None], tf.int32)])
    _same_as_eager(lambda t, n: tf.RaggedTensor.from_tensor(t, lengths=n).flat_values, x,
                   tf.constant([1, 3, 0]),
                   signature=[tf.TensorSpec([None, None], tf.int32), _vec(tf.int32)])
    _same_as_eager(lambda n: tf.ragged.range(n), tf.constant([2, 0, 3]),
                   signature=[_vec(tf.int32)])
    _same_as_eager(lambda s: tf.ragged.segment_ids_to_row_splits(s), tf.constant([0, 0, 1, 3]),
                   signature=[_vec(tf.int32)])


def test_ragged_constant_and_stack_inside_function():
    assert _same_as_eager(lambda: tf.ragged.constant([[1, 2], [3], [4, 5, 6]]).to_tensor()) == \
        [[1, 2, 0], [3, 0, 0], [4, 5, 6]]
    _same_as_eager(lambda a, b: tf.ragged.stack([a, b]).row_lengths(), tf.constant([1, 2]),
                   tf.constant([3, 4, 5]), signature=[_vec(tf.int32)] * 2)


def test_ragged_boolean_mask_inside_function():
    _same_as_eager(lambda x, m: tf.ragged.boolean_mask(x, m),
                   tf.constant([[1, 2, 3], [4, 5, 6]]),
                   tf.constant([[True, False, True], [False, False, True]]))


def test_ragged_round_trips_through_the_function_boundary():
    @tf.function
    def build(v, n):
        return tf.RaggedTensor.from_row_lengths(v, n)

    rt = build(tf.constant([1, 2, 3]), tf.constant([2, 1], I64))
    assert isinstance(rt, tf.RaggedTensor) and rt.to_list() == [[1, 2], [3]]


# --- sparse -----------------------------------------------------------------------------------
IDX = tf.constant([[0, 1], [1, 0], [1, 2]], I64)
VALS = tf.constant([1., 5., 3.])
SPARSE_CASES = {
    "to_dense": lambda i, v: tf.sparse.to_dense(tf.sparse.SparseTensor(i, v, [2, 3])),
    "to_dense_default": lambda i, v: tf.sparse.to_dense(tf.sparse.SparseTensor(i, v, [2, 3]),
                                                        default_value=-1.),
    "reduce_sum": lambda i, v: tf.sparse.reduce_sum(tf.sparse.SparseTensor(i, v, [2, 3]), 1),
    "reduce_max": lambda i, v: tf.sparse.reduce_max(tf.sparse.SparseTensor(i, v, [2, 3]), 0),
    "matmul": lambda i, v: tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor(i, v, [2, 3]),
                                                         tf.ones([3, 2])),
    "matmul_adjoint": lambda i, v: tf.sparse.sparse_dense_matmul(
        tf.sparse.SparseTensor(i, v, [2, 3]), tf.ones([2, 2]), adjoint_a=True),
    "add_dense": lambda i, v: tf.sparse.add(tf.sparse.SparseTensor(i, v, [2, 3]),
                                            tf.ones([2, 3])),
    "add_sparse": lambda i, v: tf.sparse.add(
        tf.sparse.SparseTensor(i, v, [2, 3]),
        tf.sparse.SparseTensor([[0, 0], [1, 0]], [10., 20.], [2, 3])),
    "reorder": lambda i, v: tf.sparse.reorder(tf.sparse.SparseTensor(
        tf.reverse(i, [0]), tf.reverse(v, [0]), [2, 3])),
    "transpose": lambda i, v: tf.sparse.transpose(tf.sparse.SparseTensor(i, v, [2, 3])),
    "concat": lambda i, v: tf.sparse.concat(1, [tf.sparse.SparseTensor(i, v, [2, 3])] * 2),
    "slice": lambda i, v: tf.sparse.slice(tf.sparse.SparseTensor(i, v, [2, 3]), [1, 0], [1, 3]),
    "retain": lambda i, v: tf.sparse.retain(tf.sparse.SparseTensor(i, v, [2, 3]), v > 2.),
    "map_values": lambda i, v: tf.sparse.map_values(tf.square,
                                                    tf.sparse.SparseTensor(i, v, [2, 3])),
    "expand_dims": lambda i, v: tf.sparse.expand_dims(tf.sparse.SparseTensor(i, v, [2, 3]), 0),
    "scale": lambda i, v: tf.sparse.SparseTensor(i, v, [2, 3]) * tf.constant([[1.], [2.]]),
    "maximum": lambda i, v: tf.sparse.maximum(
        tf.sparse.SparseTensor(i, v, [2, 3]),
        tf.sparse.SparseTensor([[0, 0], [1, 0]], [10., 2.], [2, 3])),
    "softmax": lambda i, v: tf.sparse.softmax(tf.sparse.SparseTensor(i, v, [2, 3])),
    "split": lambda i, v: tf.sparse.split(sp_input=tf.sparse.SparseTensor(i, v, [2, 3]),
                                          num_split=2, axis=0),
    # an index past the first dim is kept (TF's kernels do not check it)
    "add_out_of_range": lambda i, v: tf.sparse.add(
        tf.sparse.SparseTensor(i, v, [2, 3]),
        tf.sparse.SparseTensor([[5, 1]], [7.], [2, 3])),
}


@pytest.mark.parametrize("name", sorted(SPARSE_CASES))
def test_sparse_inside_function_matches_eager(name):
    _same_as_eager(SPARSE_CASES[name], IDX, VALS,
                   signature=[tf.TensorSpec([None, 2], I64), _vec(tf.float32)])


def test_sparse_static_shape_is_the_constant_dense_shape():
    seen = []

    @tf.function(input_signature=[tf.TensorSpec([None, 2], I64), _vec(tf.float32),
                                  _vec(I64)])
    def f(i, v, shape):
        seen.append((tf.sparse.SparseTensor(i, v, [3, 4]).shape.as_list(),
                     tf.sparse.SparseTensor(i, v, shape).shape.rank))
        return tf.sparse.to_dense(tf.sparse.SparseTensor(i, v, shape))

    out = f(tf.constant([[0, 1]], I64), tf.constant([4.]), tf.constant([2, 2], I64))
    assert out.numpy().tolist() == [[0, 4], [0, 0]]
    assert seen == [([3, 4], None)]  # a shape of unknown length: TF's unknown rank


def test_sparse_from_dense_inside_function_returns_a_sparse_tensor():
    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
    def f(x):
        return tf.sparse.from_dense(x)

    st = f(tf.constant([[0, 3, 0], [4, 0, 5]]))
    assert isinstance(st, tf.sparse.SparseTensor)
    assert st.values.numpy().tolist() == [3, 4, 5]
    assert st.dense_shape.numpy().tolist() == [2, 3]


# --- jacobians --------------------------------------------------------------------------------
def _jacobian_of_sin(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(x)
    return tape.jacobian(y, x)


def test_jacobian_of_unknown_size_is_a_loop_with_tf_static_shape():
    shapes = []

    @tf.function(input_signature=[_vec(tf.float32)])
    def f(x):
        j = _jacobian_of_sin(x)
        shapes.append(j.shape.as_list())
        return j

    x = tf.constant([0., 1., 2.])
    np.testing.assert_allclose(f(x).numpy(), np.diag(np.cos([0., 1., 2.])), rtol=1e-6)
    assert shapes == [[None, None]]
    np.testing.assert_allclose(f(tf.constant([5.])).numpy(), [[np.cos(5.)]], rtol=1e-6)


def test_jacobian_inside_function_matches_eager_for_matrices_and_unconnected_sources():
    def f(x, z):
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([x, z])
            y = tf.exp(x) * 2.
        return (tape.jacobian(y, x),
                tape.jacobian(y, z, unconnected_gradients=tf.UnconnectedGradients.ZERO),
                tape.jacobian(y, z) is None)

    x, z = tf.constant([[0., 1., 2.], [3., 4., 5.]]), tf.constant([1., 2.])
    eager = f(x, z)
    for signature in (None, [tf.TensorSpec([None, None], tf.float32), _vec(tf.float32)]):
        traced = tf.function(f, input_signature=signature)(x, z)
        np.testing.assert_allclose(traced[0].numpy(), eager[0].numpy(), rtol=1e-6)
        assert traced[0].shape == (2, 3, 2, 3)
        assert traced[1].numpy().tolist() == eager[1].numpy().tolist()
        assert bool(traced[2]) is eager[2] is True


def test_hessian_and_batch_jacobian_inside_function():
    def hessian(x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(x ** 3)
            g = inner.gradient(y, x)
        return outer.jacobian(g, x)

    x = tf.constant([1., 2.])
    assert _same_as_eager(hessian, x, signature=[_vec(tf.float32)]) == [[6., 0.], [0., 12.]]

    w = tf.constant([[1., 2.], [3., 4.]])

    def batch(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.matmul(x, w) ** 2
        return tape.batch_jacobian(y, x)

    _same_as_eager(batch, tf.constant([[1., 2.], [3., 4.], [5., 6.]]),
                   signature=[tf.TensorSpec([None, 2], tf.float32)])


def test_batch_jacobian_with_unknown_dims_per_example():
    shapes = []

    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reshape(x, [tf.shape(x)[0], -1, 1]) * 2.
            y = tf.concat([y, y ** 2], axis=2)
        j = tape.batch_jacobian(y, x)
        shapes.append(j.shape.as_list())
        return j

    x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    eager = f(x).numpy()
    traced = tf.function(f, input_signature=[tf.TensorSpec([None, None], tf.float32)])(x)
    np.testing.assert_allclose(traced.numpy(), eager)
    assert traced.shape == (2, 3, 2, 3)
    assert shapes[-1] == [None, None, 2, None]  # TF's static shape
    # d y[b, i, 1] / d x[b, i] = 8 x[b, i]
    np.testing.assert_allclose(eager[1, 2, 1, 2], 48.)


# --- custom_gradient under a tape inside tf.function ---------------------------------------------
@tf.custom_gradient
def _triple_grad_identity(x):
    def grad(dy):
        return dy * 3.
    return tf.identity(x), grad


def test_custom_gradient_under_a_tape_inside_function_with_unknown_dims():
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(_triple_grad_identity(x))
        return tape.gradient(y, x)

    assert _same_as_eager(f, tf.constant([1., 2., 3.]),
                          signature=[_vec(tf.float32)]) == [3., 3., 3.]


def test_custom_gradient_inside_function_keeps_scalar_shapes_for_an_outer_tape():
    @tf.custom_gradient
    def square(x):
        return x * x, lambda dy: dy * 2. * x

    f = tf.function(square)
    x = tf.constant(4.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    assert y.shape == () and g.shape == () and float(g) == 8.


def test_custom_gradient_with_variables_inside_function():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def scale(x):
        def grad(dy, variables=None):
            return dy * v, [dy * x * 10.]  # a rule of our own, to see it used
        return x * v, grad

    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = scale(x)
        return tape.gradient(y, [x, v])

    assert _same_as_eager(f, tf.constant(3.)) == [2., 30.]


# --- RaggedTensorSpec / SparseTensorSpec in an input_signature -----------------------------------
def test_ragged_tensor_spec_in_input_signature_traces_once_for_any_row_structure():
    shapes = []

    @tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
    def f(rt):
        shapes.append(rt.shape.as_list())
        return rt * 2, tf.reduce_sum(rt, axis=1)

    doubled, sums = f(tf.ragged.constant([[1, 2], [3]]))
    assert doubled.to_list() == [[2, 4], [6]] and sums.numpy().tolist() == [3, 3]
    doubled, sums = f(tf.ragged.constant([[1], [3], [4, 5, 6]]))
    assert doubled.to_list() == [[2], [6], [8, 10, 12]] and sums.numpy().tolist() == [1, 3, 15]
    assert f.experimental_get_tracing_count() == 1 and shapes == [[None, None]]
    with pytest.raises(TypeError, match="Binding inputs to tf.function"):
        f(tf.ragged.constant([[1.0, 2.0]]))


def test_sparse_tensor_spec_in_input_signature():
    @tf.function(input_signature=[tf.SparseTensorSpec(shape=[None, 4], dtype=tf.float32)])
    def g(st):
        assert st.shape.as_list() == [None, 4]
        return tf.sparse.to_dense(st)

    out = g(tf.sparse.SparseTensor([[0, 1], [2, 3]], [2., 5.], [3, 4]))
    assert out.numpy().tolist() == [[0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 5]]
    assert "SparseTensorSpec(TensorShape([None, 4]), tf.float32)" in str(
        g.get_concrete_function())


def test_a_traced_graph_is_a_tf_graph():
    concrete = tf.function(lambda x: x * 2).get_concrete_function(tf.constant(1.))
    assert isinstance(concrete.graph, tf.Graph) and isinstance(tf.Graph(), tf.Graph)
    assert not isinstance(3, tf.Graph)


def test_gradient_of_concat_along_an_unknown_dim():
    def f(a, b):
        with tf.GradientTape() as tape:
            tape.watch([a, b])
            y = tf.reduce_sum(tf.concat([a, b * 3.], 0) ** 2)
        return tape.gradient(y, [a, b])

    spec = tf.TensorSpec([None, 2], tf.float32)
    assert _same_as_eager(f, tf.ones([1, 2]), tf.ones([2, 2]), signature=[spec, spec]) == [
        [[2., 2.]], [[18., 18.], [18., 18.]]]


def test_a_returned_tensor_shape_is_a_tensor_when_fully_known():
    @tf.function
    def dims(x):
        return x.shape

    assert dims(tf.ones([2, 3])).numpy().tolist() == [2, 3]
    with pytest.raises(TypeError, match="found return value of type TensorShape"):
        tf.function(dims.python_function, input_signature=[
            tf.TensorSpec([None, 3], tf.float32)])(tf.ones([2, 3]))


def test_row_splits_are_checked_when_the_function_runs():
    @tf.function(input_signature=[_vec(tf.int32), _vec(I64)])
    def dense(v, splits):
        return tf.RaggedTensor.from_row_splits(v, splits).to_tensor()

    assert dense(tf.constant([1, 2, 3]), tf.constant([0, 2, 3], I64)).numpy().tolist() == [
        [1, 2], [3, 0]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="_from_row_partition do not form"):
        dense(tf.constant([1, 2, 3]), tf.constant([0, 2, 5], I64))
    with pytest.raises(tf.errors.InvalidArgumentError, match="RaggedTensor:monotonic"):
        dense(tf.constant([1, 2, 3]), tf.constant([0, 3, 2, 3], I64))
    with pytest.raises(tf.errors.InvalidArgumentError, match="RaggedTensor:zero"):
        dense(tf.constant([1, 2, 3]), tf.constant([1, 3], I64))


# --- TensorArray.concat / gather inside tf.function ---------------------------------------------
def test_tensor_array_concat_of_elements_of_different_lengths_and_its_gradient():
    def f(x, n):
        with tf.GradientTape() as tape:
            tape.watch(x)
            ta = tf.TensorArray(tf.float32, size=tf.size(n), infer_shape=False)
            for i in tf.range(tf.size(n)):
                ta = ta.write(i, x[:n[i]] * tf.cast(i + 1, tf.float32))
            joined = ta.concat()
            y = tf.reduce_sum(joined * joined)
        return joined, tape.gradient(y, x)

    g = tf.function(f, input_signature=[_vec(tf.float32), _vec(tf.int32)])
    joined, grad = g(tf.constant([1., 2., 3.]), tf.constant([1, 3]))
    assert joined.numpy().tolist() == [1., 2., 4., 6.]
    # y = x0^2 + 4 (x0^2 + x1^2 + x2^2)
    assert grad.numpy().tolist() == [10., 16., 24.]


def test_tensor_array_gather_inside_function():
    @tf.function
    def f(i):
        ta = tf.TensorArray(tf.float32, size=3)
        ta = ta.write(0, 1.).write(1, 2.).write(2, 3.)
        return ta.gather(i)

    assert f(tf.constant([2, 0])).numpy().tolist() == [3., 1.]


def test_a_python_list_binds_to_a_tensor_spec_of_the_signature():
    f = tf.function(lambda x: x * 2, input_signature=[_vec(tf.int32)])
    assert f([1, 2, 3]).numpy().tolist() == [2, 4, 6]
    with pytest.raises(TypeError, match="Binding inputs"):
        f([1.5])


# --- tf.py_function's gradient inside tf.function ---------------------------------------------
def test_py_function_gradient_inside_function_matches_eager():
    def f(x, y, k):
        with tf.GradientTape() as tape:
            tape.watch([x, y])
            a, b = tf.py_function(lambda u, v, n: (u * v, tf.sin(u) * tf.cast(n, tf.float32)),
                                  [x, y, k], [tf.float32, tf.float32])
            loss = tf.reduce_sum(a) + tf.reduce_sum(b * b)
        return tape.gradient(loss, [x, y])

    args = (tf.constant([1., 2.]), tf.constant([3., 4.]), tf.constant(2))
    eager = f(*args)
    for signature in (None, [_vec(tf.float32), _vec(tf.float32), tf.TensorSpec([], tf.int32)]):
        traced = tf.function(f, input_signature=signature)(*args)
        for e, t in zip(eager, traced, strict=True):
            np.testing.assert_allclose(t.numpy(), e.numpy(), rtol=1e-6)
    # d/dx [x*y + 4 sin(x)^2] = y + 8 sin(x) cos(x)
    np.testing.assert_allclose(eager[0].numpy(), [3. + 4. * np.sin(2.), 4. + 4. * np.sin(4.)],
                               rtol=1e-5)


def test_py_function_gradient_reaches_an_outer_tape():
    f = tf.function(lambda x: tf.py_function(lambda v: v ** 3, [x], tf.float32))
    x = tf.constant(2.)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    assert float(tape.gradient(y, x)) == 12.


def test_embedding_lookup_sparse_inside_function():
    params = tf.constant([[1., 1.], [2., 2.], [3., 3.]])

    def lookup(i, v):
        return tf.nn.embedding_lookup_sparse(params, tf.sparse.SparseTensor(i, v, [2, 2]), None,
                                             combiner="sum")

    assert _same_as_eager(lookup, tf.constant([[0, 0], [1, 0], [1, 1]], I64),
                          tf.constant([0, 1, 2], I64)) == [[1., 1.], [5., 5.]]


def test_slices_of_unknown_dims_have_tf_static_shapes():
    shapes = []

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),
                                  tf.TensorSpec([None, 3], tf.float32)])
    def f(x, m):
        shapes.extend(t.shape.as_list() for t in (
            x[1:], x[:2], x[0], x[-1:], x[:, :1], m[:2], m[:2, :1], m[0, :2]))
        return x[:2]

    assert f(tf.ones([3, 3]), tf.ones([1, 3])).shape == (2, 3)
    # as TF: a slice of an unknown dim is unknown (min(2, n) rows; n may be 0)
    assert shapes == [[None, None], [None, None], [None], [None, None], [None, None],
                      [None, 3], [None, 1], [2]]
