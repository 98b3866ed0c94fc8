"""Gradient cases for eagerbook/ops/quantization_ops.py: none can be numeric.

Fake quantization is a staircase, whose derivative is 0 wherever it exists; its gradient is by
design the straight-through estimator (1 inside the nudged range), which finite differences
cannot confirm. tests/test_tfcore_quantization.py checks the rules against TF's values.
"""

_STRAIGHT_THROUGH = ("a straight-through estimator, not the derivative of the staircase; "
                     "tested in tests/test_tfcore_quantization.py")
NO_CASE = {
    "FakeQuantWithMinMaxArgs": _STRAIGHT_THROUGH,
    "FakeQuantWithMinMaxVars": _STRAIGHT_THROUGH,
    "FakeQuantWithMinMaxVarsPerChannel": _STRAIGHT_THROUGH,
    "QuantizeAndDequantizeV4": "a straight-through estimator inside [input_min, input_max]; "
                               "tested in tests/test_tfcore_quantize_dequantize.py",
}
