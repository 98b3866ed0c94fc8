"""``tf.quantization``: fake quantization (values snapped to a low-bit grid, kept as floats)."""

from ..ops.quantization_ops import (
    fake_quant_with_min_max_args,
    fake_quant_with_min_max_vars,
    fake_quant_with_min_max_vars_per_channel,
    quantize_and_dequantize,
    quantize_and_dequantize_v2,
)

__all__ = ["fake_quant_with_min_max_args", "fake_quant_with_min_max_vars",
           "fake_quant_with_min_max_vars_per_channel", "quantize_and_dequantize",
           "quantize_and_dequantize_v2"]
