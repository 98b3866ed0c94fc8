"""Composite functions compute with TF's ops in TF's order, so a bad input meets the same op
first: tf.meshgrid multiplies by ones of the first argument's dtype, tf.eye checks its Python
sizes, tf.pad its paddings' shape, tf.nn.bias_add the input's rank, tf.linalg's solvers their
dtypes as TF's fast path does. Expected kinds and first lines as TF 2.21 gives them."""

import pytest

import eagerbook as tf

WRAPPED = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
CASES = [
    (lambda: tf.meshgrid(tf.constant([1, 2]), tf.constant([1.0, 2.0, 3.0])),
     tf.errors.InvalidArgumentError,
     "cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a "
     "int32 tensor [Op:Mul] name: "),
    (lambda: tf.meshgrid([1, 2], foo=1), TypeError,
     "'foo' is an invalid keyword argument for this function"),
    (lambda: tf.eye([1, 2, 3]), TypeError,
     "Arguments `num_rows` and `num_columns` must be positive integer values. Received: "
     "num_rows=[1, 2, 3], num_columns=[1, 2, 3]"),
    (lambda: tf.pad(tf.constant([1.0]), [[1, 2, 3]]), tf.errors.InvalidArgumentError,
     WRAPPED % "Pad" + "paddings must be a matrix with 2 columns: [1,3] [Op:Pad]"),
    (lambda: tf.pad(tf.constant([[1, 2]], tf.int16), 1.5), TypeError,
     "Cannot convert 1.5 to EagerTensor of dtype int32"),
    (lambda: tf.nn.bias_add(tf.constant([1.0]), tf.constant([[1.0], [2.0], [3.0]])),
     tf.errors.InvalidArgumentError,
     WRAPPED % "BiasAdd" + "Input tensor must be at least 2D: [1] [Op:BiasAdd] name: "),
    (lambda: tf.linalg.triangular_solve(-3, tf.constant([[3, -5], [-5, 5]], tf.int8)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int8 is not in the list of allowed values: bfloat16, double, float, "
     "half, complex64, complex128"),
    # a list input's dtype is its first tensor's (Python values converted to it)
    (lambda: tf.concat([2, tf.constant([True])], 0), TypeError,
     "Cannot convert 2 to EagerTensor of dtype bool"),
    (lambda: tf.stack([2.5, tf.constant(1)]), TypeError,
     "Cannot convert 2.5 to EagerTensor of dtype int32"),
    # softmax_cross_entropy_with_logits flattens its inputs' outer dims first (a Slice)
    (lambda: tf.nn.softmax_cross_entropy_with_logits(tf.constant([1.0, 2.0, 3.0]), 0),
     tf.errors.InvalidArgumentError,
     WRAPPED % "Slice" + "Expected begin[0] == 0 (got -1) and size[0] == 0 (got 1) when "
     "input.dim_size(0) == 0 [Op:Slice]"),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_first_failing_op_as_tf(case):
    call, kind, first_line = CASES[case]
    with pytest.raises(kind) as raised:
        call()
    assert str(raised.value).splitlines()[0] == first_line


def test_meshgrid_results_as_tf():
    x, y = tf.meshgrid(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0]))
    assert x.shape == y.shape == (3, 2) and y.numpy()[:, 0].tolist() == [1.0, 2.0, 3.0]
    x, y = tf.meshgrid(tf.constant([True]), tf.constant([True, False]))
    assert y.dtype == tf.bool and y.numpy().tolist() == [[True], [False]]
    x, y = tf.meshgrid(tf.constant([1, 2]), tf.constant([3, 4, 5]), indexing="ij")
    assert x.shape == (2, 3) and x.numpy()[:, 0].tolist() == [1, 2]
    with tf.GradientTape() as tape:
        v = tf.constant([1.0, 2.0])
        tape.watch(v)
        grids = tf.meshgrid(v, tf.constant([1.0, 2.0, 3.0]))
    assert tape.gradient(grids[0], v).numpy().tolist() == [3.0, 3.0]
