"""Small core behaviours checked against TF 2.21: DType.limits, a Variable's default
aggregation (TF 1's enum), TensorSpec.most_specific_common_supertype over a list, and the
AttributeError for NumPy methods without NumPy behavior."""

import pytest

import eagerbook as tf


def test_dtype_limits_are_image_intensity_ranges():
    assert (tf.float32.limits, tf.float64.limits) == ((0, 1), (0, 1))
    assert (tf.int8.limits, tf.uint8.limits, tf.bool.limits) == ((0, 127), (0, 255), (0, True))
    with pytest.raises(ValueError, match=r"^<dtype: 'float16'> does not have defined limits\.$"):
        tf.float16.limits  # noqa: B018 (reading the property is the test)


def test_default_aggregation_is_tf1s_none_and_compares_with_v2():
    v = tf.Variable(1.0)
    assert (str(v.aggregation), repr(v.aggregation)) == (
        "VariableAggregation.NONE", "<VariableAggregation.NONE: 0>")
    assert v.aggregation == tf.VariableAggregation.NONE
    summed = tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM)
    assert str(summed.aggregation) == "VariableAggregationV2.SUM"
    assert summed.aggregation != tf.VariableAggregation.NONE


def test_most_specific_common_supertype_takes_a_list():
    spec = tf.TensorSpec([2, 3], name="a")
    assert spec.most_specific_common_supertype([tf.TensorSpec([2, 4], name="a")]) == \
        tf.TensorSpec([2, None], name="a")
    assert spec.most_specific_common_supertype([tf.TensorSpec([2, 4], tf.int32)]) is None
    assert spec.most_specific_common_supertype([]) == spec
    assert spec.most_specific_common_supertype([tf.TensorSpec([2, 3])]).name is None


def test_numpy_methods_without_numpy_behavior_say_how_to_get_them():
    t = tf.constant([1, 2])
    with pytest.raises(AttributeError, match=r"^EagerTensor object has no attribute 'reshape'\. "
                                             r"\n        If you are looking for numpy-related "
                                             r"methods"):
        t.reshape([2, 1])
    with pytest.raises(AttributeError, match=r"^'EagerTensor' object has no attribute 'nope'$"):
        t.nope  # noqa: B018 (reading the attribute is the test)
    assert not hasattr(t, "T") and getattr(t, "_keras_mask", None) is None
