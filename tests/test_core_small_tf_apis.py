"""Small core behaviours checked against TF 2.21: DType.limits, a Variable's default
aggregation (TF 1's enum) and TensorSpec.most_specific_common_supertype over a list.

(TF's AttributeError for a NumPy method asked of a tensor without NumPy behavior is not
copied: a __getattr__ on EagerTensor slows every attribute read of the hot path by ~15 %.)"""

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
    mean = tf.Variable(1.0, aggregation=tf.compat.v1.VariableAggregation.MEAN)  # kept as given
    assert str(mean.aggregation) == "VariableAggregation.MEAN"
    assert tf.compat.v1.VariableAggregation.SUM == tf.VariableAggregation.SUM


def test_most_specific_common_supertype_takes_a_list():
    spec = tf.TensorSpec([2, 3], name="a")
    assert spec.most_specific_common_supertype([tf.TensorSpec([2, 4], name="a")]) == \
        tf.TensorSpec([2, None], name="a")
    assert spec.most_specific_common_supertype([tf.TensorSpec([2, 4], tf.int32)]) is None
    assert spec.most_specific_common_supertype([]) == spec
    assert spec.most_specific_common_supertype([tf.TensorSpec([2, 3])]) is None  # (TF 2.21)
