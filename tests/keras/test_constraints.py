"""tf.keras.constraints, with values from TF 2 (Keras 2): the norm constraints, NonNeg,
lookup by name/config, a layer's constraint applied after each step, TF's errors."""
import numpy as np
import pytest

import eagerbook as tf

C = tf.keras.constraints
W = tf.constant([[3.0, -0.5], [4.0, 0.5]])


@pytest.mark.parametrize("constraint, want", [
    (C.MaxNorm(2), [[1.2000000476837158, -0.49999991059303284],
                    [1.600000023841858, 0.49999991059303284]]),
    (C.MaxNorm(1, axis=1), [[0.986393928527832, -0.16439898312091827],
                            [0.9922778606414795, 0.12403473258018494]]),
    (C.NonNeg(), [[3.0, -0.0], [4.0, 0.5]]),
    (C.UnitNorm(), [[0.6000000238418579, -0.7071066498756409],
                    [0.800000011920929, 0.7071066498756409]]),
    (C.MinMaxNorm(1.0, 2.0, rate=0.5), [[2.0999999046325684, -0.603553295135498],
                                        [2.799999952316284, 0.603553295135498]]),
    (C.get({"class_name": "MaxNorm", "config": {"max_value": 1}}),
     [[0.6000000238418579, -0.49999991059303284], [0.800000011920929, 0.49999991059303284]]),
])
def test_constraints_match_tf(constraint, want):
    np.testing.assert_allclose(constraint(W).numpy(), want, rtol=1e-6)
    again = type(constraint).from_config(constraint.get_config())
    np.testing.assert_allclose(again(W).numpy(), want, rtol=1e-6)


def test_names_layers_and_errors():
    assert C.max_norm is C.MaxNorm and type(C.get("non_neg")) is C.NonNeg
    assert C.get(None) is None and C.Constraint()(W) is W
    dense = tf.keras.layers.Dense(2, kernel_constraint="max_norm")
    assert type(dense.kernel_constraint) is C.MaxNorm
    assert dense.get_config()["kernel_constraint"] == {
        "module": "keras.constraints", "class_name": "MaxNorm",
        "config": {"max_value": 2, "axis": 0}, "registered_name": None}
    with pytest.raises(ValueError, match="Could not interpret constraint function identifier"):
        C.get(3)
    with pytest.raises(ValueError, match="Unknown constraint"):
        C.get("nope")
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(2,),
                                                       kernel_constraint=C.NonNeg(),
                                                       kernel_initializer="ones")])
    model.compile(tf.keras.optimizers.SGD(1.0), "mse")
    model.fit(np.ones((4, 2)), np.full((4, 2), -10.0), verbose=0)
    assert (model.layers[0].kernel.numpy() >= 0).all()
