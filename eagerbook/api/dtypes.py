"""``tf.dtypes``."""

from ..core.dtypes import (
    DType,
    as_dtype,
    bool,
    complex64,
    complex128,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    string,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ..core.dtypes_bfloat16 import bfloat16
from ..ops.complex_ops import complex
from ..ops.manip_ops import saturate_cast
from ..ops.math_ops import cast
