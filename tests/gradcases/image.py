"""Gradient cases for image ops."""

NO_CASE = {
    "AdjustContrastv2": "TF registers no gradient for it: its rule raises LookupError, as TF's "
                        "tape does (tests/test_core_guides_api.py)",
    "AdjustSaturation": "TF registers no gradient for it: its rule raises LookupError, as TF's "
                        "tape does (tests/test_tfcore_round16_saturation.py)",
    "AdjustHue": "TF registers no gradient for it: its rule raises LookupError, as TF's tape "
                 "does (tests/test_adjust_hue_as_tf.py)",
}
