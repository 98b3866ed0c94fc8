"""tf.image.adjust_contrast runs TF's AdjustContrastv2 step for step: each channel's mean from
the pixels folded in half again and again (then times 1/pixels), and mean + factor * (x - mean)
in float32. Expected values are TF 2.21's."""

import numpy as np
import pytest

import eagerbook as tf

X = (np.arange(2 * 5 * 7 * 3, dtype=np.float32).reshape(2, 5, 7, 3) % 11) / 11


def test_values_are_tfs():
    assert tf.image.adjust_contrast(X, 1.7).numpy().ravel()[:6].tolist() == [
        -0.3054545819759369, -0.15454542636871338, -0.003636389970779419, 0.1581818163394928,
        0.3090909421443939, 0.46000000834465027]
    assert tf.image.adjust_contrast(X, -0.5).numpy()[1, 4, 6].tolist() == [
        0.2922077775001526, 0.2545454502105713, 0.6740260124206543]
    assert tf.image.stateless_random_contrast(X, 0.2, 0.9, (1, 2)).numpy().ravel()[-4:] \
        .tolist() == [0.6691431999206543, 0.7448408007621765, 0.8178220987319946,
                      0.09398514032363892]


def test_float16_has_no_cpu_kernel():
    for adjust, op in ((tf.image.adjust_contrast, "AdjustContrastv2"),
                       (tf.image.adjust_saturation, "AdjustSaturation")):
        with pytest.raises(tf.errors.NotFoundError,
                           match=rf"{op}\[T=DT_HALF\]\nAll kernels registered for op {op}:\n"
                                 r"  device='XLA_CPU_JIT'; T in \[DT_FLOAT, DT_HALF\]"):
            adjust(tf.ones((2, 2, 3), tf.float16), 0.5)
