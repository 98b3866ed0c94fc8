"""Shape errors while tracing name the node as TF 2.21 does (texts checked against TF): the
name the op takes in the graph (``add`` for ``x + y``, ``Mul_1``, ``blk/total``), dtypes as
TF's enum names (``T=DT_FLOAT``) and the node's inputs; two shapes a binary op cannot
broadcast get TF's shape-function words."""

import pytest

import eagerbook as tf

S = tf.TensorSpec


def _refusal(fn, *specs):
    with pytest.raises(ValueError) as info:
        tf.function(fn).get_concrete_function(*specs)
    return str(info.value).split("ValueError: ")[-1].strip()


def _scoped_total(x, y):
    with tf.name_scope("blk"):
        return tf.add(x, y, name="total") * 2.0


@pytest.mark.parametrize("fn, shapes, message", [
    (lambda x, y: x + y, ([2, 3], [4, 5]),
     "Dimensions must be equal, but are 2 and 4 for '{{node add}} = AddV2[T=DT_FLOAT](x, y)' "
     "with input shapes: [2,3], [4,5]."),
    (_scoped_total, ([2, 3], [2, 4]),
     "Dimensions must be equal, but are 3 and 4 for '{{node blk/total}} = AddV2[T=DT_FLOAT](x, "
     "y)' with input shapes: [2,3], [2,4]."),
    (lambda x, y: tf.multiply(x * 2.0, y), ([2, 3], [2, 4]),
     "Dimensions must be equal, but are 3 and 4 for '{{node Mul_1}} = Mul[T=DT_FLOAT](mul, y)' "
     "with input shapes: [2,3], [2,4]."),
    (tf.maximum, ([2, 3], [2, 4]),
     "Dimensions must be equal, but are 3 and 4 for '{{node Maximum}} = Maximum[T=DT_FLOAT](x, "
     "y)' with input shapes: [2,3], [2,4]."),
    (lambda x, y: x @ y, ([2, 3], [4, 5]),
     "Dimensions must be equal, but are 3 and 4 for '{{node matmul}} = MatMul[T=DT_FLOAT, "
     "grad_a=false, grad_b=false, transpose_a=false, transpose_b=false](x, y)' with input "
     "shapes: [2,3], [4,5]."),
    (lambda x, y: tf.reshape(x, [5]), ([2, 3], [1]),
     "Cannot reshape a tensor with 6 elements to shape [5] (5 elements) for '{{node Reshape}} = "
     "Reshape[T=DT_FLOAT, Tshape=DT_INT32](x, Reshape/shape)' with input shapes: [2,3], [1] and "
     "with input tensors computed as partial shapes: input[1] = [5]."),
])
def test_graph_time_refusals_read_as_tfs(fn, shapes, message):
    assert _refusal(fn, *[S(s) for s in shapes]) == message


def test_shapes_that_broadcast_still_trace_and_run():
    f = tf.function(lambda x, y: x + y)
    assert f.get_concrete_function(S([None, 3]), S([3])).outputs[0].shape.as_list() == [None, 3]
    assert f(tf.ones([2, 1]), tf.ones([3])).shape == (2, 3)
