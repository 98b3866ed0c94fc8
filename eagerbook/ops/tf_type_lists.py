"""The dtypes TF's ops list for their attr ``T`` (TF 2.x op definitions), in TF's order.

Only error messages read this table: TF names the op's whole list when it refuses a dtype, and
these lists name dtypes eagerbook does not have (bfloat16, the quantized ones). What an op
accepts is its own declaration (``@register(..., dtypes=...)``); two-input ops keep both in
``binary.py``. An op missing here (one TF composes from others) lists its declared dtypes.
"""

TF_TYPE_LISTS = {name: tuple(names.split()) for name, names in {
    "Abs": "bfloat16 float16 float32 float64 int8 int16 int32 int64",
    "Acos": "bfloat16 float16 float32 float64 complex64 complex128",
    "Acosh": "bfloat16 float16 float32 float64 complex64 complex128",
    "AddN": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 bfloat16 "
        "qint16 quint16 uint16 complex128 float16 uint32 uint64 variant",
    "ArgMax": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64 qint8 quint8 qint32 qint16 quint16 bool",
    "ArgMin": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64 qint8 quint8 qint32 qint16 quint16 bool",
    "Asin": "bfloat16 float16 float32 float64 complex64 complex128",
    "Asinh": "bfloat16 float16 float32 float64 complex64 complex128",
    "Atan": "bfloat16 float16 float32 float64 complex64 complex128",
    "Atan2": "bfloat16 float16 float32 float64",
    "Atanh": "bfloat16 float16 float32 float64 complex64 complex128",
    "BesselI0": "bfloat16 float16 float32 float64",
    "BesselI0e": "bfloat16 float16 float32 float64",
    "BesselI1": "bfloat16 float16 float32 float64",
    "BesselI1e": "bfloat16 float16 float32 float64",
    "BesselJ0": "bfloat16 float16 float32 float64",
    "BesselJ1": "bfloat16 float16 float32 float64",
    "BesselK0": "bfloat16 float16 float32 float64",
    "BesselK0e": "bfloat16 float16 float32 float64",
    "BesselK1": "bfloat16 float16 float32 float64",
    "BesselK1e": "bfloat16 float16 float32 float64",
    "BesselY0": "bfloat16 float16 float32 float64",
    "BesselY1": "bfloat16 float16 float32 float64",
    "Dawsn": "bfloat16 float16 float32 float64",
    "Expint": "bfloat16 float16 float32 float64",
    "Ndtri": "bfloat16 float16 float32 float64",
    "FresnelCos": "bfloat16 float16 float32 float64",
    "FresnelSin": "bfloat16 float16 float32 float64",
    "Spence": "bfloat16 float16 float32 float64",
    "Ceil": "bfloat16 float16 float32 float64",
    "CheckNumerics": "bfloat16 float16 float32 float64",
    "Cholesky": "float64 float32 float16 complex64 complex128",
    "MatrixLogarithm": "complex64 complex128",
    "MatrixSquareRoot": "float64 float32 float16 complex64 complex128",
    "Conv2D": "float16 bfloat16 float32 float64 int32",
    "Cos": "bfloat16 float16 float32 float64 complex64 complex128",
    "Cosh": "bfloat16 float16 float32 float64 complex64 complex128",
    "Digamma": "bfloat16 float16 float32 float64",
    "Elu": "float16 bfloat16 float32 float64",
    "Erf": "bfloat16 float16 float32 float64",
    "Erfinv": "bfloat16 float16 float32 float64",
    "EuclideanNorm": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 "
        "bfloat16 qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "Exp": "bfloat16 float16 float32 float64 complex64 complex128",
    "Expm1": "bfloat16 float16 float32 float64 complex64 complex128",
    "Floor": "bfloat16 float16 float32 float64",
    "Igamma": "bfloat16 float16 float32 float64",
    "Igammac": "bfloat16 float16 float32 float64",
    "IsFinite": "bfloat16 float16 float32 float64",
    "IsInf": "bfloat16 float16 float32 float64",
    "IsNan": "bfloat16 float16 float32 float64",
    "LeakyRelu": "float16 bfloat16 float32 float64",
    "Lgamma": "bfloat16 float16 float32 float64",
    "Log": "bfloat16 float16 float32 float64 complex64 complex128",
    "Log1p": "bfloat16 float16 float32 float64 complex64 complex128",
    "LogMatrixDeterminant": "float16 float32 float64 complex64 complex128",
    "LogSoftmax": "float16 bfloat16 float32 float64",
    "MatrixDeterminant": "float16 float32 float64 complex64 complex128",
    "MatrixInverse": "float64 float32 float16 complex64 complex128",
    "MatrixSolve": "float64 float32 float16 complex64 complex128",
    "MatrixTriangularSolve": "bfloat16 float64 float32 float16 complex64 complex128",
    "Max": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64 "
        "qint8 quint8 qint32 qint16 quint16",
    "Mean": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 bfloat16 "
        "qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "Min": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64 "
        "qint8 quint8 qint32 qint16 quint16",
    "Neg": "bfloat16 float16 float32 float64 int8 int16 int32 int64 complex64 complex128",
    "Prod": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 bfloat16 "
        "qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "Qr": "float64 float32 float16 complex64 complex128",
    "Reciprocal": "bfloat16 float16 float32 float64 int8 int16 int32 int64 complex64 complex128",
    "Relu": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64 "
        "qint8",
    "Relu6": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64",
    "Rint": "bfloat16 float16 float32 float64",
    "Round": "bfloat16 float16 float32 float64 int8 int16 int32 int64 complex64 complex128",
    "Rsqrt": "bfloat16 float16 float32 float64 complex64 complex128",
    "SelfAdjointEigV2": "float64 float32 float16 complex64 complex128",
    "Selu": "float16 bfloat16 float32 float64",
    "Sigmoid": "bfloat16 float16 float32 float64 complex64 complex128",
    "Sign": "bfloat16 float16 float32 float64 int8 int16 int32 int64 complex64 complex128",
    "Sin": "bfloat16 float16 float32 float64 complex64 complex128",
    "Sinh": "bfloat16 float16 float32 float64 complex64 complex128",
    "Softmax": "float16 bfloat16 float32 float64",
    "SoftmaxCrossEntropyWithLogits": "float16 bfloat16 float32 float64",
    "Softplus": "float16 bfloat16 float32 float64",
    "Sqrt": "bfloat16 float16 float32 float64 complex64 complex128",
    "Square": "bfloat16 float16 float32 float64 int8 int16 int32 int64 uint8 uint16 uint32 "
        "uint64 complex64 complex128",
    "Sum": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 bfloat16 "
        "qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "Svd": "float64 float32 float16 complex64 complex128",
    "Tan": "bfloat16 float16 float32 float64 complex64 complex128",
    "Tanh": "bfloat16 float16 float32 float64 complex64 complex128",
}.items()}

# The rest of the ops eagerbook registers, as TF 2.21 defines them (in TF's order).
TF_TYPE_LISTS.update({name: tuple(names.split()) for name, names in {
    "ApproxTopK": "float16 bfloat16 float32",
    "Cross": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64",
    "Add": "bfloat16 float16 float32 float64 uint8 int8 int16 int32 int64 complex64 complex128 "
        "string",
    "AddV2": "bfloat16 float16 float32 float64 uint8 uint16 uint32 uint64 int8 int16 int32 int64 "
        "complex64 complex128",
    "AdjustContrastv2": "float16 float32",
    "AdjustHue": "float16 float32",
    "AdjustSaturation": "float16 float32",
    "Angle": "complex64 complex128",
    "AsString": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64 complex64 complex128 bool variant string",
    "AvgPool": "float16 bfloat16 float32 float64",
    "AvgPoolGrad": "float16 bfloat16 float32 float64",
    "BatchMatMulV2": "bfloat16 float16 float32 float64 int16 int32 int64 uint8 uint16 uint32 "
        "uint64 complex64 complex128",
    "Betainc": "float32 float64",
    "BiasAdd": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 "
        "bfloat16 qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "BiasAddGrad": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 "
        "bfloat16 qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "Bitcast": "bfloat16 float16 float32 float64 int64 int32 uint8 uint16 uint32 uint64 int8 "
        "int16 complex64 complex128 qint8 quint8 qint16 quint16 qint32",
    "BitwiseAnd": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "BitwiseOr": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "BitwiseXor": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "CTCBeamSearchDecoder": "float32 float64",
    "CTCGreedyDecoder": "float32 float64",
    "Complex": "float32 float64",
    "ComplexAbs": "complex64 complex128",
    "Conj": "complex64 complex128 variant",
    "Conv2DBackpropFilter": "float16 bfloat16 float32 float64",
    "Conv2DBackpropInput": "float16 bfloat16 float32 float64 int32",
    "Cumprod": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 "
        "bfloat16 qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "Cumsum": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 "
        "bfloat16 qint16 quint16 uint16 complex128 float16 uint32 uint64",
    "CumulativeLogsumexp": "bfloat16 float16 float32 float64",
    "DenseBincount": "int32 int64 float32 float64",
    "DivNoNan": "float16 float32 bfloat16 float64 complex64 complex128",
    "DrawBoundingBoxesV2": "float32 float16",
    "Eig": "float32 float64 complex64 complex128",
    "EluGrad": "float16 bfloat16 float32 float64",
    "EncodePng": "uint8 uint16",
    "Erfc": "bfloat16 float16 float32 float64",
    "FloorDiv": "bfloat16 float16 float32 float64 uint8 int8 uint16 int16 int32 uint32 uint64 "
        "int64 complex64 complex128",
    "FloorMod": "int8 int16 int32 int64 uint8 uint16 uint32 uint64 bfloat16 float16 float32 "
        "float64",
    "Greater": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64",
    "GreaterEqual": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64",
    "HistogramFixedWidth": "int32 int64 float32 float64",
    "IgammaGradA": "float32 float64",
    "Imag": "complex64 complex128",
    "Invert": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "InvertPermutation": "int32 int64",
    "IsotonicRegression": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 "
        "uint32 uint64",
    "L2Loss": "float16 bfloat16 float32 float64",
    "LeakyReluGrad": "float16 bfloat16 float32 float64",
    "LeftShift": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Less": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64",
    "LessEqual": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64",
    "Lu": "float64 float32 float16 complex64 complex128",
    "MatMul": "bfloat16 float16 float32 float64 int32 int64 uint8 uint16 uint32 uint64 complex64 "
        "complex128",
    "MaxPool": "float16 bfloat16 float32 float64 int32 int64 uint8 int16 int8 uint16 qint8",
    "MaxPoolGrad": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64",
    "MaxPoolGradGrad": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 "
        "uint32 uint64",
    "Maximum": "bfloat16 float16 float32 float64 int8 uint8 int16 uint16 int32 uint32 int64 "
        "uint64",
    "Minimum": "bfloat16 float16 float32 float64 int8 uint8 int16 uint16 int32 uint32 int64 "
        "uint64",
    "Mul": "bfloat16 float16 float32 float64 uint8 int8 uint16 int16 int32 uint32 uint64 int64 "
        "complex64 complex128",
    "MulNoNan": "bfloat16 float16 float32 float64 complex64 complex128",
    "Multinomial": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64",
    "NextAfter": "float64 float32",
    "OnesLike": "bfloat16 float16 float32 float64 int8 uint8 int16 uint16 int32 uint32 int64 "
        "uint64 complex64 complex128 bool",
    "Polygamma": "float32 float64",
    "PopulationCount": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "Pow": "bfloat16 float32 float16 float64 int8 int16 int32 int64 complex64 complex128",
    "QuantizeAndDequantizeV4": "bfloat16 float16 float32 float64",
    "RandomGamma": "float16 float32 float64",
    "RandomStandardNormal": "int32 int64",
    "RandomUniform": "int32 int64",
    "RandomUniformInt": "int32 int64",
    "Real": "complex64 complex128",
    "RealDiv": "bfloat16 float16 float32 float64 uint8 int8 uint16 int16 int32 uint32 uint64 "
        "int64 complex64 complex128",
    "ReciprocalGrad": "bfloat16 float16 float32 float64 complex64 complex128",
    "Relu6Grad": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64",
    "ReluGrad": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 "
        "uint64",
    "ResizeArea": "int8 uint8 int16 uint16 int32 int64 float16 float32 float64 bfloat16",
    "ResizeBicubic": "int8 uint8 int16 uint16 int32 int64 float16 float32 float64 bfloat16",
    "ReverseV2": "uint8 int8 uint16 int16 int32 uint32 int64 uint64 bool bfloat16 float16 float32 "
        "float64 complex64 complex128 string",
    "RightShift": "int8 int16 int32 int64 uint8 uint16 uint32 uint64",
    "RsqrtGrad": "bfloat16 float16 float32 float64 complex64 complex128",
    "SampleDistortedBoundingBoxV2": "uint8 int8 int16 int32 int64",
    "ScaleAndTranslate": "int8 uint8 int16 uint16 int32 int64 bfloat16 float16 float32 float64",
    "SeluGrad": "float16 bfloat16 float32 float64",
    "SigmoidGrad": "bfloat16 float16 float32 float64 complex64 complex128",
    "Softsign": "float16 bfloat16 float32 float64",
    "SparseSoftmax": "float16 float32 float64",
    "SparseSoftmaxCrossEntropyWithLogits": "float16 bfloat16 float32 float64",
    "SqrtGrad": "bfloat16 float16 float32 float64 complex64 complex128",
    "SquaredDifference": "bfloat16 float16 float32 float64 int32 int64 complex64 complex128",
    "StatelessMultinomial": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 "
        "uint32 uint64",
    "StatelessRandomBinomial": "float16 float32 float64 int32 int64",
    "StatelessRandomGammaV2": "int32 int64",
    "StatelessRandomPoisson": "int32 int64",
    "StatelessSampleDistortedBoundingBox": "uint8 int8 int16 int32 int64",
    "Sub": "bfloat16 float16 float32 float64 uint8 int8 uint16 int16 int32 int64 complex64 "
        "complex128 uint32 uint64",
    "Substr": "int32 int64",
    "TanhGrad": "bfloat16 float16 float32 float64 complex64 complex128",
    "TopKV2": "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64",
    "TruncateDiv": "bfloat16 float16 float32 float64 uint8 int8 uint16 int16 int32 uint32 uint64 "
        "int64 complex64 complex128",
    "TruncateMod": "int32 int64 bfloat16 float16 float32 float64",
    "TruncatedNormal": "int32 int64",
    "Where": "float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 bfloat16 "
        "qint16 quint16 uint16 complex128 float16 uint32 uint64 bool",
    "Xdivy": "float16 bfloat16 float32 float64 complex64 complex128",
    "Xlog1py": "float16 bfloat16 float32 float64 complex64 complex128",
    "Xlogy": "float16 bfloat16 float32 float64 complex64 complex128",
    "Zeta": "float32 float64",
}.items()})

# The segment reductions list Sum's dtypes; their max and min, the real ones (no complex).
_SUMS = ("float32 float64 int32 uint8 int16 int8 complex64 int64 qint8 quint8 qint32 bfloat16 "
         "qint16 quint16 uint16 complex128 float16 uint32 uint64").split()
_EXTREMES = "float32 float64 int32 uint8 int16 int8 int64 bfloat16 uint16 float16 uint32 uint64"
for _prefix in ("Segment", "UnsortedSegment"):
    TF_TYPE_LISTS.update({_prefix + "Sum": tuple(_SUMS), _prefix + "Prod": tuple(_SUMS),
                          _prefix + "Max": tuple(_EXTREMES.split()),
                          _prefix + "Min": tuple(_EXTREMES.split())})
TF_TYPE_LISTS["SegmentMean"] = tuple(_SUMS)
