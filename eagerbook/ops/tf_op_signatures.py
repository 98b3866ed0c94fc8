"""TF 2.21's op signatures, as its eager dtype errors print them after the message
(``; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[...]>``).

``{T}`` stands for the op's list in ``tf_type_lists.TF_TYPE_LISTS``, written as TF's enum
names (DT_FLOAT, ...). Only error messages read this table.
"""

TF_OP_SIGNATURES = {
    "RandomPoissonV2": (
        "shape:S, rate:R -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; "
        "attr=S:type,allowed=[DT_INT32, DT_INT64]; attr=R:type,default=DT_DOUBLE,allowed="
        "[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64]; attr=dtype:type,default=DT_INT64,"
        "allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64]; is_stateful=true"),
    "StatelessRandomPoisson": (
        "shape:T, seed:Tseed, lam:Rtype -> output:dtype; attr=Rtype:type,allowed=[DT_HALF, "
        "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64]; attr=dtype:type,allowed=[DT_HALF, DT_FLOAT, "
        "DT_DOUBLE, DT_INT32, DT_INT64]; attr=T:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "Abs": "x:T -> y:T; attr=T:type,allowed={T}",
    "Acos": "x:T -> y:T; attr=T:type,allowed={T}",
    "Acosh": "x:T -> y:T; attr=T:type,allowed={T}",
    "Add": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, "
        "DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128, DT_STRING]"),
    "AddN": (
        "inputs:N*T -> sum:T; attr=N:int,min=1; attr=T:type,allowed={T}; is_commutative=true; "
        "is_aggregate=true"),
    "AddV2": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_UINT16, "
        "DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, "
        "DT_COMPLEX128]; is_commutative=true; is_aggregate=true"),
    "All": (
        "input:bool, reduction_indices:Tidx -> output:bool; attr=keep_dims:bool,default=false; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Any": (
        "input:bool, reduction_indices:Tidx -> output:bool; attr=keep_dims:bool,default=false; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "ArgMax": (
        "input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed={T}; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
        "attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]"),
    "ArgMin": (
        "input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed={T}; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
        "attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "Asin": "x:T -> y:T; attr=T:type,allowed={T}",
    "Asinh": "x:T -> y:T; attr=T:type,allowed={T}",
    "Atan": "x:T -> y:T; attr=T:type,allowed={T}",
    "Atan2": "y:T, x:T -> z:T; attr=T:type,allowed={T}",
    "Atanh": "x:T -> y:T; attr=T:type,allowed={T}",
    "BatchMatMulV2": (
        "x:T, y:T -> output:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT16, DT_INT32, "
        "DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; "
        "attr=adj_x:bool,default=false; attr=adj_y:bool,default=false; "
        "attr=grad_x:bool,default=false; attr=grad_y:bool,default=false"),
    "BesselI0": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselI0e": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselI1": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselI1e": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselJ0": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselJ1": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselK0": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselK0e": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselK1": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselK1e": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselY0": "x:T -> y:T; attr=T:type,allowed={T}",
    "BesselY1": "x:T -> y:T; attr=T:type,allowed={T}",
    "Dawsn": "x:T -> y:T; attr=T:type,allowed={T}",
    "Expint": "x:T -> y:T; attr=T:type,allowed={T}",
    "Ndtri": "x:T -> y:T; attr=T:type,allowed={T}",
    "FresnelCos": "x:T -> y:T; attr=T:type,allowed={T}",
    "FresnelSin": "x:T -> y:T; attr=T:type,allowed={T}",
    "Spence": "x:T -> y:T; attr=T:type,allowed={T}",
    "BitwiseAnd": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
        "DT_UINT32, DT_UINT64]; is_commutative=true"),
    "BitwiseOr": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
        "DT_UINT32, DT_UINT64]; is_commutative=true"),
    "BitwiseXor": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
        "DT_UINT32, DT_UINT64]; is_commutative=true"),
    "Ceil": "x:T -> y:T; attr=T:type,allowed={T}",
    "CheckNumerics": (
        "tensor:T -> output:T; attr=T:type,allowed={T}; attr=message:string; is_stateful=true"),
    "Cholesky": "input:T -> output:T; attr=T:type,allowed={T}",
    "Conv2D": (
        "input:T, filter:T -> output:T; attr=T:type,allowed={T}; attr=strides:list(int); "
        "attr=use_cudnn_on_gpu:bool,default=true; "
        "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
        "attr=explicit_paddings:list(int),default=[]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
        "attr=dilations:list(int),default=[1, 1, 1, 1]"),
    "Cos": "x:T -> y:T; attr=T:type,allowed={T}",
    "Cosh": "x:T -> y:T; attr=T:type,allowed={T}",
    "Digamma": "x:T -> y:T; attr=T:type,allowed={T}",
    "Einsum": "inputs:N*T -> output:T; attr=equation:string; attr=N:int,min=1; attr=T:type",
    "Elu": "features:T -> activations:T; attr=T:type,allowed={T}",
    "Equal": (
        "x:T, y:T -> z:bool; attr=T:type; attr=incompatible_shape_error:bool,default=true; "
        "is_commutative=true"),
    "Erf": "x:T -> y:T; attr=T:type,allowed={T}",
    "Erfc": "x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]",
    "Erfinv": "x:T -> y:T; attr=T:type,allowed={T}",
    "EuclideanNorm": (
        "input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed={T}; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Exp": "x:T -> y:T; attr=T:type,allowed={T}",
    "Expm1": "x:T -> y:T; attr=T:type,allowed={T}",
    "Floor": "x:T -> y:T; attr=T:type,allowed={T}",
    "FloorDiv": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, "
        "DT_UINT16, DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, DT_INT64, DT_COMPLEX64, "
        "DT_COMPLEX128]"),
    "FloorMod": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
        "DT_UINT32, DT_UINT64, DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]"),
    "Greater": (
        "x:T, y:T -> z:bool; "
        "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]"),
    "GreaterEqual": (
        "x:T, y:T -> z:bool; "
        "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]"),
    "Igamma": "a:T, x:T -> z:T; attr=T:type,allowed={T}",
    "Igammac": "a:T, x:T -> z:T; attr=T:type,allowed={T}",
    "IsFinite": "x:T -> y:bool; attr=T:type,allowed={T}",
    "IsInf": "x:T -> y:bool; attr=T:type,allowed={T}",
    "IsNan": "x:T -> y:bool; attr=T:type,allowed={T}",
    "LeakyRelu": (
        "features:T -> activations:T; attr=alpha:float,default=0.20000000298023224; "
        "attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]"),
    "Less": (
        "x:T, y:T -> z:bool; "
        "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]"),
    "LessEqual": (
        "x:T, y:T -> z:bool; "
        "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]"),
    "Lgamma": "x:T -> y:T; attr=T:type,allowed={T}",
    "Log": "x:T -> y:T; attr=T:type,allowed={T}",
    "Log1p": "x:T -> y:T; attr=T:type,allowed={T}",
    "LogMatrixDeterminant": "input:T -> sign:T, log_abs_determinant:T; attr=T:type,allowed={T}",
    "LogSoftmax": "logits:T -> logsoftmax:T; attr=T:type,allowed={T}",
    "LogicalAnd": "x:bool, y:bool -> z:bool; is_commutative=true",
    "LogicalNot": "x:bool -> y:bool",
    "LogicalOr": "x:bool, y:bool -> z:bool; is_commutative=true",
    "MatMul": (
        "a:T, b:T -> product:T; attr=transpose_a:bool,default=false; "
        "attr=transpose_b:bool,default=false; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, "
        "DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; "
        "attr=grad_a:bool,default=false; attr=grad_b:bool,default=false"),
    "MatrixDeterminant": "input:T -> output:T; attr=T:type,allowed={T}",
    "MatrixInverse": (
        "input:T -> output:T; attr=adjoint:bool,default=false; attr=T:type,allowed={T}"),
    "MatrixLogarithm": "input:T -> output:T; attr=T:type,allowed={T}",
    "MatrixSolve": (
        "matrix:T, rhs:T -> output:T; attr=adjoint:bool,default=false; attr=T:type,allowed={T}"),
    "MatrixSquareRoot": "input:T -> output:T; attr=T:type,allowed={T}",
    "MatrixTriangularSolve": (
        "matrix:T, rhs:T -> output:T; attr=lower:bool,default=true; "
        "attr=adjoint:bool,default=false; attr=T:type,allowed={T}"),
    "Max": (
        "input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed={T}; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Maximum": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, "
        "DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]"),
    "Mean": (
        "input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed={T}; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Min": (
        "input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed={T}; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Minimum": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, "
        "DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]"),
    "Mul": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, "
        "DT_UINT16, DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, DT_INT64, DT_COMPLEX64, "
        "DT_COMPLEX128]; is_commutative=true"),
    "Neg": "x:T -> y:T; attr=T:type,allowed={T}",
    "NotEqual": (
        "x:T, y:T -> z:bool; attr=T:type; attr=incompatible_shape_error:bool,default=true; "
        "is_commutative=true"),
    "OneHot": (
        "indices:TI, depth:int32, on_value:T, off_value:T -> output:T; attr=axis:int,default=-1; "
        "attr=T:type; "
        "attr=TI:type,default=DT_INT64,allowed=[DT_UINT8, DT_INT8, DT_INT32, DT_INT64]"),
    "Pow": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, DT_HALF, DT_DOUBLE, DT_INT8, DT_INT16, "
        "DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]"),
    "Prod": (
        "input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed={T}; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Qr": "input:T -> q:T, r:T; attr=full_matrices:bool,default=false; attr=T:type,allowed={T}",
    "RealDiv": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, "
        "DT_UINT16, DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, DT_INT64, DT_COMPLEX64, "
        "DT_COMPLEX128]"),
    "Reciprocal": "x:T -> y:T; attr=T:type,allowed={T}",
    "Relu": "features:T -> activations:T; attr=T:type,allowed={T}",
    "Relu6": "features:T -> activations:T; attr=T:type,allowed={T}",
    "Rint": "x:T -> y:T; attr=T:type,allowed={T}",
    "Round": "x:T -> y:T; attr=T:type,allowed={T}",
    "Rsqrt": "x:T -> y:T; attr=T:type,allowed={T}",
    "SelfAdjointEigV2": (
        "input:T -> e:T, v:T; attr=compute_v:bool,default=true; attr=T:type,allowed={T}"),
    "Selu": "features:T -> activations:T; attr=T:type,allowed={T}",
    "Sigmoid": "x:T -> y:T; attr=T:type,allowed={T}",
    "Sign": "x:T -> y:T; attr=T:type,allowed={T}",
    "Sin": "x:T -> y:T; attr=T:type,allowed={T}",
    "Sinh": "x:T -> y:T; attr=T:type,allowed={T}",
    "Softmax": "logits:T -> softmax:T; attr=T:type,allowed={T}",
    "SoftmaxCrossEntropyWithLogits": (
        "features:T, labels:T -> loss:T, backprop:T; attr=T:type,allowed={T}"),
    "Softplus": "features:T -> activations:T; attr=T:type,allowed={T}",
    "Sqrt": "x:T -> y:T; attr=T:type,allowed={T}",
    "Square": "x:T -> y:T; attr=T:type,allowed={T}",
    "SquaredDifference": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, "
        "DT_COMPLEX64, DT_COMPLEX128]; is_commutative=true"),
    "Sub": (
        "x:T, y:T -> z:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, "
        "DT_UINT16, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128, DT_UINT32, "
        "DT_UINT64]"),
    "Sum": (
        "input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed={T}; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Svd": (
        "input:T -> s:T, u:T, v:T; attr=compute_uv:bool,default=true; "
        "attr=full_matrices:bool,default=false; attr=T:type,allowed={T}"),
    "Tan": "x:T -> y:T; attr=T:type,allowed={T}",
    "Tanh": "x:T -> y:T; attr=T:type,allowed={T}",
    "StringLength": (
        "input:string -> output:int32; "
        "attr=unit:string,default=\"BYTE\",allowed=[\"BYTE\", \"UTF8_CHAR\"]"),
    "Substr": (
        "input:string, pos:T, len:T -> output:string; attr=T:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=unit:string,default=\"BYTE\",allowed=[\"BYTE\", \"UTF8_CHAR\"]"),
    "UnicodeEncode": (
        "input_values:int32, input_splits:Tsplits -> output:string; "
        "attr=errors:string,default=\"replace\",allowed=[\"ignore\", \"replace\", \"strict\"]; "
        "attr=output_encoding:string,allowed=[\"UTF-8\", \"UTF-16-BE\", \"UTF-32-BE\"]; "
        "attr=replacement_char:int,default=65533; "
        "attr=Tsplits:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "UnicodeTranscode": (
        "input:string -> output:string; attr=input_encoding:string; "
        "attr=output_encoding:string,allowed=[\"UTF-8\", \"UTF-16-BE\", \"UTF-32-BE\"]; "
        "attr=errors:string,default=\"replace\",allowed=[\"strict\", \"replace\", \"ignore\"]; "
        "attr=replacement_char:int,default=65533; "
        "attr=replace_control_characters:bool,default=false"),
    "StringToHashBucket": "string_tensor:string -> output:int64; attr=num_buckets:int,min=1",
    "StringToHashBucketFast": "input:string -> output:int64; attr=num_buckets:int,min=1",
    "StringToHashBucketStrong": (
        "input:string -> output:int64; attr=num_buckets:int,min=1; attr=key:list(int)"),
    "DepthToSpace": (
        "input:T -> output:T; attr=T:type; attr=block_size:int,min=2; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\", \"NCHW_VECT_C\"]"),
    "SpaceToDepth": (
        "input:T -> output:T; attr=T:type; attr=block_size:int,min=2; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\", \"NCHW_VECT_C\"]"),
    "QuantizeAndDequantizeV4": (
        "input:T, input_min:T, input_max:T -> output:T; attr=signed_input:bool,default=true; "
        "attr=num_bits:int,default=8; attr=range_given:bool,default=false; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; "
        "attr=round_mode:string,default=\"HALF_TO_EVEN\",allowed=[\"HALF_TO_EVEN\", \"HALF_UP\"]; "
        "attr=narrow_range:bool,default=false; attr=axis:int,default=-1"),
    "Shape": (
        "input:T -> output:out_type; attr=T:type; "
        "attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Size": (
        "input:T -> output:out_type; attr=T:type; "
        "attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "DrawBoundingBoxesV2": (
        "images:T, boxes:float, colors:float -> output:T; "
        "attr=T:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_HALF]"),
    "SampleDistortedBoundingBoxV2": (
        "image_size:T, bounding_boxes:float, min_object_covered:float -> begin:T, size:T, "
        "bboxes:float; attr=T:type,allowed=[DT_UINT8, DT_INT8, DT_INT16, DT_INT32, DT_INT64]; "
        "attr=seed:int,default=0; attr=seed2:int,default=0; "
        "attr=aspect_ratio_range:list(float),default=[0.75, 1.33]; "
        "attr=area_range:list(float),default=[0.05, 1]; attr=max_attempts:int,default=100; "
        "attr=use_image_if_no_bounding_boxes:bool,default=false; is_stateful=true"),
    "StatelessSampleDistortedBoundingBox": (
        "image_size:T, bounding_boxes:float, min_object_covered:float, seed:Tseed -> begin:T, "
        "size:T, bboxes:float; "
        "attr=T:type,allowed=[DT_UINT8, DT_INT8, DT_INT16, DT_INT32, DT_INT64]; "
        "attr=Tseed:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=aspect_ratio_range:list(float),default=[0.75, 1.33]; "
        "attr=area_range:list(float),default=[0.05, 1]; attr=max_attempts:int,default=100; "
        "attr=use_image_if_no_bounding_boxes:bool,default=false"),
    "DecodeCSV": (
        "records:string, record_defaults: -> output:; "
        "attr=OUT_TYPE:list(type),min=1,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, "
        "DT_STRING]; attr=field_delim:string,default=\",\"; "
        "attr=use_quote_delim:bool,default=true; attr=na_value:string,default=\"\"; "
        "attr=select_cols:list(int),default=[]"),
    "DenseBincount": (
        "input:Tidx, size:Tidx, weights:T -> output:T; "
        "attr=Tidx:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]; "
        "attr=binary_output:bool,default=false"),
    "SegmentMean": (
        "data:T, segment_ids:Tindices -> output:T; attr=T:type,allowed={T}; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]"),
    "SegmentSum": (
        "data:T, segment_ids:Tindices -> output:T; attr=T:type,allowed={T}; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]"),
    "SegmentProd": (
        "data:T, segment_ids:Tindices -> output:T; attr=T:type,allowed={T}; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]"),
    "SegmentMax": (
        "data:T, segment_ids:Tindices -> output:T; attr=T:type,allowed={T}; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]"),
    "SegmentMin": (
        "data:T, segment_ids:Tindices -> output:T; attr=T:type,allowed={T}; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]"),
    "UnsortedSegmentSum": (
        "data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T; "
        "attr=T:type,allowed={T}; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
        "attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "UnsortedSegmentProd": (
        "data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T; "
        "attr=T:type,allowed={T}; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "UnsortedSegmentMax": (
        "data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T; "
        "attr=T:type,allowed={T}; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "UnsortedSegmentMin": (
        "data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T; "
        "attr=T:type,allowed={T}; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "FFT": (
        "input:Tcomplex -> output:Tcomplex; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "IFFT": (
        "input:Tcomplex -> output:Tcomplex; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "FFT2D": (
        "input:Tcomplex -> output:Tcomplex; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "IFFT2D": (
        "input:Tcomplex -> output:Tcomplex; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "FFT3D": (
        "input:Tcomplex -> output:Tcomplex; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "IFFT3D": (
        "input:Tcomplex -> output:Tcomplex; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "MatrixDiagV3": (
        "diagonal:T, k:int32, num_rows:int32, num_cols:int32, padding_value:T -> output:T; "
        "attr=T:type; "
        "attr=align:string,default=\"RIGHT_LEFT\",allowed=[\"LEFT_RIGHT\", \"RIGHT_LEFT\", "
        "\"LEFT_LEFT\", \"RIGHT_RIGHT\"]"),
    "MatrixDiagPartV3": (
        "input:T, k:int32, padding_value:T -> diagonal:T; attr=T:type; "
        "attr=align:string,default=\"RIGHT_LEFT\",allowed=[\"LEFT_RIGHT\", \"RIGHT_LEFT\", "
        "\"LEFT_LEFT\", \"RIGHT_RIGHT\"]"),
    "MatrixSetDiagV3": (
        "input:T, diagonal:T, k:int32 -> output:T; attr=T:type; "
        "attr=align:string,default=\"RIGHT_LEFT\",allowed=[\"LEFT_RIGHT\", \"RIGHT_LEFT\", "
        "\"LEFT_LEFT\", \"RIGHT_RIGHT\"]"),
}
