"""tf.compat.v1.Dimension and TensorShape.dims as TF 1.x code uses them (each expected value
is what TF 2.21 printed for the same expression)."""

import pickle

import pytest

import eagerbook as tf

D = tf.compat.v1.Dimension

CASES = [  # (expression, expected repr)
    (lambda: tf.TensorShape([16, None, 256]).dims,
     "[Dimension(16), Dimension(None), Dimension(256)]"),
    (lambda: tf.TensorShape([16, None]).dims[0].value, "16"),
    (lambda: D(5) + 1, "Dimension(6)"), (lambda: 1 + D(5), "Dimension(6)"),
    (lambda: D(None) + 1, "Dimension(None)"), (lambda: D(5) - D(2), "Dimension(3)"),
    (lambda: 7 - D(2), "Dimension(5)"), (lambda: D(5) * 2, "Dimension(10)"),
    (lambda: 3 * D(2), "Dimension(6)"), (lambda: D(None) * 0, "Dimension(None)"),
    (lambda: D(5) // 2, "Dimension(2)"), (lambda: 11 // D(5), "Dimension(2)"),
    (lambda: D(5) % 2, "Dimension(1)"), (lambda: 7 % D(3), "Dimension(1)"),
    (lambda: D(5) < 6, "True"), (lambda: D(None) < 6, "None"), (lambda: D(5) >= D(5), "True"),
    (lambda: D(5) == 5, "True"), (lambda: D(None) == 5, "None"), (lambda: D(5) != 4, "True"),
    (lambda: D(None) != 4, "None"), (lambda: D(5) == "a", "False"),
    (lambda: int(D(5)), "5"), (lambda: float(D(5)), "5.0"), (lambda: [1, 2, 3][D(2)], "3"),
    (lambda: bool(D(0)), "False"),
    (lambda: D(5).merge_with(None), "Dimension(5)"),
    (lambda: D(None).merge_with(D(3)), "Dimension(3)"),
    (lambda: D(5).is_compatible_with(None), "True"),
    (lambda: (str(D(5)), str(D(None))), "('5', '?')"),
    (lambda: tf.compat.v1.dimension_value(D(None)), "None"),
    (lambda: tf.compat.dimension_at_index(tf.TensorShape([16, 2]), 0), "Dimension(16)"),
    (lambda: D(D(4)), "Dimension(4)"),
    (lambda: tf.TensorShape([D(2), D(None)]), "TensorShape([2, None])"),
    (lambda: tf.TensorShape(None).dims, "None"),
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_as_tf_prints(index):
    expression, expected = CASES[index]
    assert repr(expression()) == expected


@pytest.mark.parametrize("expression, error, message", [
    (lambda: D(5) / 2, TypeError, "please use // instead"),
    (lambda: int(D(None)), TypeError, "__int__ returned non-int"),
    (lambda: D(5).merge_with(4), ValueError, "Dimensions 5 and 4 are not compatible"),
    (lambda: D(5).assert_is_compatible_with(4), ValueError, "are not compatible"),
    (lambda: D(-1), ValueError, "Dimension -1 must be >= 0"),
    (lambda: D("a"), TypeError, "Dimension value must be integer or None"),
    (lambda: D(2.5), TypeError, "Dimension value must be integer or None"),
    (lambda: hash(D(5)), TypeError, "unhashable type: 'Dimension'"),
    (lambda: D(2) ** 2, TypeError, "unsupported operand"),
])
def test_errors_as_tf(expression, error, message):
    with pytest.raises(error, match=message):
        expression()


def test_shapes_and_specs_still_pickle_as_sizes():
    shape = tf.TensorShape([3, None])
    assert pickle.loads(pickle.dumps(shape)) == shape
    spec = tf.TensorSpec([None, 2], tf.int32, name="x")
    assert pickle.loads(pickle.dumps(spec)) == spec
    assert tf.TensorShape([3, None])[0] == 3 and type(tf.TensorShape([3])[0]) is int
