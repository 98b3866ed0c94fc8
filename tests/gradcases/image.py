"""Gradient cases for image ops."""

from eagerbook.core import dtypes
from eagerbook.ops import math_ops, resize_kernels
from eagerbook.testing import GradCase

NO_CASE = {
    "AdjustContrastv2": "TF registers no gradient for it: its rule raises LookupError, as TF's "
                        "tape does (tests/test_core_guides_api.py)",
    "AdjustSaturation": "TF registers no gradient for it: its rule raises LookupError, as TF's "
                        "tape does (tests/test_tfcore_round16_saturation.py)",
    "AdjustHue": "TF registers no gradient for it: its rule raises LookupError, as TF's tape "
                 "does (tests/test_adjust_hue_as_tf.py)",
}

# The resampling kernels give float32 (as TF's, whatever the input; cast back here for the
# float64 check): they are linear in the image, so central differences over a large step are
# exact but for float32 rounding.

_RESAMPLED = dict(eps=1e-2, rtol=1e-3, atol=1e-4)


def _in_float64(resize):
    return lambda x: math_ops.cast(resize(x), dtypes.float64)


CASES = [
    GradCase("ResizeBicubic", _in_float64(lambda x: resize_kernels.resize_bicubic(x, (3, 7))),
             [(1, 5, 6, 2)], **_RESAMPLED),
    GradCase("ScaleAndTranslate", _in_float64(
        lambda x: resize_kernels.scale_and_translate(x, (7, 4), "lanczos3", True)),
        [(2, 5, 6, 1)], **_RESAMPLED),
]
NO_CASE["ResizeArea"] = ("TF registers no gradient for it: its rule raises LookupError, as TF's "
                         "tape does (tests/test_resize_kernels_as_tf.py)")
