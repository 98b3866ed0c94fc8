"""More of tf.raw_ops: keyword-only calls with TF's argument names, named-tuple results."""

import numpy as np
import pytest

import eagerbook as tf

R = tf.raw_ops


@pytest.mark.parametrize("call, expected", [
    (lambda: R.Less(x=[1.5, 3.0], y=[2.0, 2.0]), [True, False]),
    (lambda: R.Equal(x=[1, 2], y=[1, 3]), [True, False]),
    (lambda: R.LogicalNot(x=[True]), [False]),
    (lambda: R.BitwiseAnd(x=[5, 3], y=[1, 2]), [1, 2]),
    (lambda: R.Floor(x=[1.5, -1.5]), [1.0, -2.0]),
    (lambda: R.Rint(x=[0.5, 1.5]), [0.0, 2.0]),
    (lambda: R.Atan2(y=[0.0], x=[1.0]), [0.0]),
    (lambda: R.DivNoNan(x=[1.0], y=[0.0]), [0.0]),
    (lambda: R.TruncateDiv(x=[-7], y=[2]), [-3]),
    (lambda: R.AddN(inputs=[[1, 2], [3, 4]]), [4, 6]),
    (lambda: R.ClipByValue(t=[-2.0, 0.5, 3.0], clip_value_min=-1.0, clip_value_max=1.0),
     [-1.0, 0.5, 1.0]),
    (lambda: R.Cumsum(x=[1, 2, 3], axis=0, exclusive=True), [0, 1, 3]),
    (lambda: R.Cumprod(x=[1, 2, 3], axis=0, reverse=True), [6, 6, 3]),
    (lambda: R.Relu6(features=[7.0, -1.0]), [6.0, 0.0]),
    (lambda: R.LeakyRelu(features=[-1.0], alpha=0.5), [-0.5]),
    (lambda: R.BiasAdd(value=[[1.0, 2.0]], bias=[10.0, 20.0]), [[11.0, 22.0]]),
    (lambda: R.L2Loss(t=[3.0, 4.0]), 12.5),
    (lambda: R.Select(condition=[True, False], x=[[1, 2], [3, 4]], y=[[5, 6], [7, 8]]),
     [[1, 2], [7, 8]]),
    (lambda: R.SelectV2(condition=[True, False], t=[[1, 2], [3, 4]], e=0), [[1, 0], [3, 0]]),
    (lambda: R.GatherV2(params=[1, 2, 3], indices=[2, 0], axis=0), [3, 1]),
    (lambda: R.GatherNd(params=[[1, 2], [3, 4]], indices=[[1, 0]]), [3]),
    (lambda: R.OneHot(indices=[0, 2], depth=3, on_value=5, off_value=0), [[5, 0, 0], [0, 0, 5]]),
    (lambda: R.MirrorPad(input=[1, 2, 3], paddings=[[2, 0]], mode="REFLECT"), [3, 2, 1, 2, 3]),
    (lambda: R.PadV2(input=[1, 2], paddings=[[1, 0]], constant_values=9), [9, 1, 2]),
    (lambda: R.Slice(input=[[1, 2, 3], [4, 5, 6]], begin=[0, 1], size=[2, -1]),
     [[2, 3], [5, 6]]),
    (lambda: R.ReverseV2(tensor=[[1, 2], [3, 4]], axis=[1]), [[2, 1], [4, 3]]),
    (lambda: R.BroadcastTo(input=[1, 2], shape=[2, 2]), [[1, 2], [1, 2]]),
    (lambda: R.Einsum(inputs=[tf.ones([2, 3]), tf.ones([3])], equation="ij,j->i"), [3.0, 3.0]),
    (lambda: R.MatrixDeterminant(input=[[2.0, 0.0], [0.0, 4.0]]), 8.0),
    (lambda: R.StringJoin(inputs=["a", "b"], separator="-"), b"a-b"),
    (lambda: R.StringLength(input=["h\u00e9llo"], unit="UTF8_CHAR"), [5]),
    (lambda: R.RegexReplace(input=["aaa"], pattern="a", rewrite="b", replace_global=False),
     [b"baa"]),
    (lambda: R.StringToNumber(string_tensor=["1.5"], out_type=tf.float64), [1.5]),
    (lambda: R.Substr(input=["hello"], pos=[1], len=[3]), [b"ell"]),
    (lambda: R.EncodeBase64(input=["hi?"], pad=True), [b"aGk_"]),
])
def test_raw_op_values(call, expected):
    value = call().numpy()
    assert (value.tolist() if isinstance(value, np.ndarray) else value) == expected


def test_ops_with_several_outputs_return_named_tuples():
    top = R.TopKV2(input=[1, 5, 3], k=2)
    assert type(top).__name__ == "TopKV2" and top.values.numpy().tolist() == [5, 3]
    assert top.indices.numpy().tolist() == [1, 2]
    unique = R.Unique(x=[1, 1, 2])
    assert unique.y.numpy().tolist() == [1, 2] and unique.idx.numpy().tolist() == [0, 0, 1]
    xent = R.SoftmaxCrossEntropyWithLogits(features=[[1.0, 2.0]], labels=[[0.0, 1.0]])
    np.testing.assert_allclose(xent.loss.numpy(), [np.log1p(np.exp(-1.0))], rtol=1e-6)
    np.testing.assert_allclose(xent.backprop.numpy().sum(), 0.0, atol=1e-7)
    assert R.Svd(input=[[3.0, 0.0], [0.0, 2.0]]).s.numpy().tolist() == [3.0, 2.0]
    assert R.Qr(input=[[1.0, 0.0], [0.0, 2.0]]).r.shape == (2, 2)


def test_raw_ops_refuse_positional_arguments():
    with pytest.raises(TypeError, match=r"string_join only takes keyword args"):
        R.StringJoin(["a"])
