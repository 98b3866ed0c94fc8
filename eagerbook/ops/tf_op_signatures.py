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

# The rest of the ops eagerbook registers, as TF 2.21 defines them.
TF_OP_SIGNATURES.update({
    "Pad": (
        "input:T, paddings:Tpaddings -> output:T; attr=T:type; "
        "attr=Tpaddings:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "UnravelIndex": (
        "indices:Tidx, dims:Tidx -> output:Tidx; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "ApproxTopK": (
        "input:T -> values:T, indices:int32; attr=k:int,min=0; "
        "attr=reduction_dimension:int,default=-1; attr=recall_target:float,default=0.95; "
        "attr=is_max_k:bool,default=true; attr=reduction_input_size_override:int,default=-1; "
        "attr=aggregate_to_topk:bool,default=true; attr=T:type,allowed={T}"),
    "Cross": "a:T, b:T -> product:T; attr=T:type,allowed={T}",
    "AdjustContrastv2": (
        "images:T, contrast_factor:float32 -> output:T; attr=T:type,default=DT_FLOAT,allowed={T}"),
    "AdjustHue": "images:T, delta:float32 -> output:T; attr=T:type,default=DT_FLOAT,allowed={T}",
    "AdjustSaturation": (
        "images:T, scale:float32 -> output:T; attr=T:type,default=DT_FLOAT,allowed={T}"),
    "AllCandidateSampler": (
        "true_classes:int64 -> sampled_candidates:int64, true_expected_count:float32, "
        "sampled_expected_count:float32; attr=num_true:int,min=1; attr=num_sampled:int,min=1; "
        "attr=unique:bool; attr=seed:int,default=0; attr=seed2:int,default=0; is_stateful=true"),
    "Angle": (
        "input:T -> output:Tout; attr=T:type,default=DT_COMPLEX64,allowed={T}; "
        "attr=Tout:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]"),
    "AsString": (
        "input:T -> output:string; attr=T:type,allowed={T}; attr=precision:int,default=-1; "
        "attr=scientific:bool,default=false; attr=shortest:bool,default=false; "
        "attr=width:int,default=-1; attr=fill:string,default=\"\""),
    "Assert": (
        "condition:bool, data:T -> ; attr=T:list(type),min=1; attr=summarize:int,default=3; "
        "is_stateful=true"),
    "AssignAddVariableOp": "resource:resource, value:dtype -> ; attr=dtype:type; is_stateful=true",
    "AssignSubVariableOp": "resource:resource, value:dtype -> ; attr=dtype:type; is_stateful=true",
    "AssignVariableOp": (
        "resource:resource, value:dtype -> ; attr=dtype:type; "
        "attr=validate_shape:bool,default=false; is_stateful=true"),
    "AvgPool": (
        "value:T -> output:T; attr=ksize:list(int),min=4; attr=strides:list(int),min=4; "
        "attr=padding:string,allowed=[\"SAME\", \"VALID\"]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
        "attr=T:type,allowed={T}"),
    "AvgPoolGrad": (
        "orig_input_shape:int32, grad:T -> output:T; attr=ksize:list(int),min=4; "
        "attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", \"VALID\"]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
        "attr=T:type,allowed={T}"),
    "Betainc": "a:T, b:T, x:T -> z:T; attr=T:type,allowed={T}",
    "BiasAdd": (
        "value:T, bias:T -> output:T; attr=T:type,allowed={T}; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]"),
    "BiasAddGrad": (
        "out_backprop:T -> output:T; attr=T:type,allowed={T}; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]"),
    "Bitcast": (
        "input:T -> output:type; attr=T:type,allowed={T}; attr=type:type,allowed=[DT_BFLOAT16, "
        "DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT64, DT_INT32, DT_UINT8, DT_UINT16, DT_UINT32, "
        "DT_UINT64, DT_INT8, DT_INT16, DT_COMPLEX64, DT_COMPLEX128, DT_QINT8, DT_QUINT8, "
        "DT_QINT16, DT_QUINT16, DT_QINT32]"),
    "BroadcastTo": (
        "input:T, shape:Tidx -> output:T; attr=T:type; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "CTCBeamSearchDecoder": (
        "inputs:T, sequence_length:int32 -> decoded_indices:top_paths*int64, "
        "decoded_values:top_paths*int64, decoded_shape:top_paths*int64, log_probability:T; "
        "attr=beam_width:int,min=1; attr=top_paths:int,min=1; "
        "attr=merge_repeated:bool,default=true; attr=T:type,default=DT_FLOAT,allowed={T}"),
    "CTCGreedyDecoder": (
        "inputs:T, sequence_length:int32 -> decoded_indices:int64, decoded_values:int64, "
        "decoded_shape:int64, log_probability:T; attr=merge_repeated:bool,default=false; "
        "attr=blank_index:int,default=-1; attr=T:type,default=DT_FLOAT,allowed={T}"),
    "Cast": "x:SrcT -> y:DstT; attr=SrcT:type; attr=DstT:type; attr=Truncate:bool,default=false",
    "Complex": (
        "real:T, imag:T -> out:Tout; attr=T:type,default=DT_FLOAT,allowed={T}; "
        "attr=Tout:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "ComplexAbs": (
        "x:T -> y:Tout; attr=T:type,default=DT_COMPLEX64,allowed={T}; "
        "attr=Tout:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]"),
    "ComputeAccidentalHits": (
        "true_classes:int64, sampled_candidates:int64 -> indices:int32, ids:int64, "
        "weights:float32; attr=num_true:int; attr=seed:int,default=0; attr=seed2:int,default=0"),
    "ConcatV2": (
        "values:N*T, axis:Tidx -> output:T; attr=N:int,min=2; attr=T:type; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Conj": "input:T -> output:T; attr=T:type,default=DT_COMPLEX64,allowed={T}",
    "Conv2DBackpropFilter": (
        "input:T, filter_sizes:int32, out_backprop:T -> output:T; attr=T:type,allowed={T}; "
        "attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; "
        "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
        "attr=explicit_paddings:list(int),default=[]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
        "attr=dilations:list(int),default=[1, 1, 1, 1]"),
    "Conv2DBackpropInput": (
        "input_sizes:int32, filter:T, out_backprop:T -> output:T; attr=T:type,allowed={T}; "
        "attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; "
        "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
        "attr=explicit_paddings:list(int),default=[]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
        "attr=dilations:list(int),default=[1, 1, 1, 1]"),
    "Cumprod": (
        "x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; "
        "attr=reverse:bool,default=false; attr=T:type,allowed={T}; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Cumsum": (
        "x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; "
        "attr=reverse:bool,default=false; attr=T:type,allowed={T}; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "CumulativeLogsumexp": (
        "x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; "
        "attr=reverse:bool,default=false; attr=T:type,allowed={T}; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "DatasetCardinality": (
        "input_dataset:variant -> cardinality:int64; "
        "attr=cardinality_options:string,default=\"\""),
    "DatasetToSingleElement": (
        "dataset:variant -> components:output_types; attr=output_types:list(type),min=1; "
        "attr=output_shapes:list(shape),min=1; attr=metadata:string,default=\"\"; "
        "is_stateful=true"),
    "DecodeAndCropJpeg": (
        "contents:string, crop_window:int32 -> image:uint8; attr=channels:int,default=0; "
        "attr=ratio:int,default=1; attr=fancy_upscaling:bool,default=true; "
        "attr=try_recover_truncated:bool,default=false; "
        "attr=acceptable_fraction:float,default=1; attr=dct_method:string,default=\"\""),
    "DecodeBase64": "input:string -> output:string",
    "DecodeBmp": "contents:string -> image:uint8; attr=channels:int,default=0",
    "DecodeCompressed": "bytes:string -> output:string; attr=compression_type:string,default=\"\"",
    "DecodeGif": "contents:string -> image:uint8",
    "DecodeImage": (
        "contents:string -> image:dtype; attr=channels:int,default=0; "
        "attr=dtype:type,default=DT_UINT8,allowed=[DT_UINT8, DT_UINT16, DT_FLOAT]; "
        "attr=expand_animations:bool,default=true"),
    "DecodeJpeg": (
        "contents:string -> image:uint8; attr=channels:int,default=0; attr=ratio:int,default=1; "
        "attr=fancy_upscaling:bool,default=true; attr=try_recover_truncated:bool,default=false; "
        "attr=acceptable_fraction:float,default=1; attr=dct_method:string,default=\"\""),
    "DecodePaddedRaw": (
        "input_bytes:string, fixed_length:int32 -> output:out_type; "
        "attr=out_type:type,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT16, "
        "DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16]; "
        "attr=little_endian:bool,default=true"),
    "DecodePng": (
        "contents:string -> image:dtype; attr=channels:int,default=0; "
        "attr=dtype:type,default=DT_UINT8,allowed=[DT_UINT8, DT_UINT16]"),
    "DecodeRaw": (
        "bytes:string -> output:out_type; attr=out_type:type,allowed=[DT_HALF, DT_FLOAT, "
        "DT_DOUBLE, DT_INT32, DT_UINT16, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_COMPLEX64, "
        "DT_COMPLEX128, DT_BOOL, DT_BFLOAT16]; attr=little_endian:bool,default=true"),
    "DecodeWav": (
        "contents:string -> audio:float32, sample_rate:int32; "
        "attr=desired_channels:int,default=-1; attr=desired_samples:int,default=-1"),
    "DivNoNan": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "DynamicPartition": (
        "data:T, partitions:int32 -> outputs:num_partitions*T; attr=num_partitions:int,min=1; "
        "attr=T:type"),
    "DynamicStitch": "indices:N*int32, data:N*T -> merged:T; attr=N:int,min=1; attr=T:type",
    "EagerPyFunc": (
        "input:Tin -> output:Tout; attr=token:string; attr=is_async:bool,default=false; "
        "attr=Tin:list(type),min=0; attr=Tout:list(type),min=0; is_stateful=true"),
    "Eig": (
        "input:T -> e:Tout, v:Tout; attr=compute_v:bool,default=true; attr=T:type,allowed={T}; "
        "attr=Tout:type,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "EluGrad": "gradients:T, outputs:T -> backprops:T; attr=T:type,allowed={T}",
    "EncodeBase64": "input:string -> output:string; attr=pad:bool,default=false",
    "EncodeJpeg": (
        "image:uint8 -> contents:string; attr=format:string,default=\"\",allowed=[\"\", "
        "\"grayscale\", \"rgb\"]; attr=quality:int,default=95; "
        "attr=progressive:bool,default=false; attr=optimize_size:bool,default=false; "
        "attr=chroma_downsampling:bool,default=true; "
        "attr=density_unit:string,default=\"in\",allowed=[\"in\", \"cm\"]; "
        "attr=x_density:int,default=300; attr=y_density:int,default=300; "
        "attr=xmp_metadata:string,default=\"\""),
    "EncodePng": (
        "image:T -> contents:string; attr=compression:int,default=-1; "
        "attr=T:type,default=DT_UINT8,allowed={T}"),
    "EncodeWav": "audio:float32, sample_rate:int32 -> contents:string",
    "EnsureShape": "input:T -> output:T; attr=shape:shape; attr=T:type",
    "ExpandDims": (
        "input:T, dim:Tdim -> output:T; attr=T:type; "
        "attr=Tdim:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "ExtractGlimpse": (
        "input:float32, size:int32, offsets:float32 -> glimpse:float32; "
        "attr=centered:bool,default=true; attr=normalized:bool,default=true; "
        "attr=uniform_noise:bool,default=true; attr=noise:string,default=\"uniform\""),
    "ExtractGlimpseV2": (
        "input:float32, size:int32, offsets:float32 -> glimpse:float32; "
        "attr=centered:bool,default=true; attr=normalized:bool,default=true; "
        "attr=uniform_noise:bool,default=true; attr=noise:string,default=\"uniform\""),
    "FakeQuantWithMinMaxArgs": (
        "inputs:float32 -> outputs:float32; attr=min:float,default=-6; attr=max:float,default=6; "
        "attr=num_bits:int,default=8; attr=narrow_range:bool,default=false"),
    "FakeQuantWithMinMaxArgsGradient": (
        "gradients:float32, inputs:float32 -> backprops:float32; attr=min:float,default=-6; "
        "attr=max:float,default=6; attr=num_bits:int,default=8; "
        "attr=narrow_range:bool,default=false"),
    "FakeQuantWithMinMaxVars": (
        "inputs:float32, min:float32, max:float32 -> outputs:float32; "
        "attr=num_bits:int,default=8; attr=narrow_range:bool,default=false"),
    "FakeQuantWithMinMaxVarsPerChannel": (
        "inputs:float32, min:float32, max:float32 -> outputs:float32; "
        "attr=num_bits:int,default=8; attr=narrow_range:bool,default=false"),
    "Fill": (
        "dims:index_type, value:T -> output:T; attr=T:type; "
        "attr=index_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Fingerprint": "data:T, method:string -> fingerprint:uint8; attr=T:type",
    "FixedUnigramCandidateSampler": (
        "true_classes:int64 -> sampled_candidates:int64, true_expected_count:float32, "
        "sampled_expected_count:float32; attr=num_true:int,min=1; attr=num_sampled:int,min=1; "
        "attr=unique:bool; attr=range_max:int,min=1; attr=vocab_file:string,default=\"\"; "
        "attr=distortion:float,default=1; attr=num_reserved_ids:int,default=0; "
        "attr=num_shards:int,default=1,min=1; attr=shard:int,default=0,min=0; "
        "attr=unigrams:list(float),default=[]; attr=seed:int,default=0; "
        "attr=seed2:int,default=0; is_stateful=true"),
    "GatherNd": (
        "params:Tparams, indices:Tindices -> output:Tparams; attr=Tparams:type; "
        "attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
        "attr=bad_indices_policy:string,default=\"\""),
    "GatherV2": (
        "params:Tparams, indices:Tindices, axis:Taxis -> output:Tparams; "
        "attr=batch_dims:int,default=0; attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, "
        "DT_INT32, DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, DT_INT64]"),
    "GuaranteeConst": "input:T -> output:T; attr=T:type; is_stateful=true",
    "HistogramFixedWidth": (
        "values:T, value_range:T, nbins:int32 -> out:dtype; attr=T:type,allowed={T}; "
        "attr=dtype:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "IRFFT": (
        "input:Tcomplex, fft_length:int32 -> output:Treal; "
        "attr=Treal:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "IRFFT2D": (
        "input:Tcomplex, fft_length:int32 -> output:Treal; "
        "attr=Treal:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "IRFFT3D": (
        "input:Tcomplex, fft_length:int32 -> output:Treal; "
        "attr=Treal:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "Identity": "input:T -> output:T; attr=T:type",
    "If": (
        "cond:Tcond, input:Tin -> output:Tout; attr=Tcond:type; attr=Tin:list(type),min=0; "
        "attr=Tout:list(type),min=0; attr=then_branch:func; attr=else_branch:func; "
        "attr=output_shapes:list(shape),default=[]; is_stateful=true"),
    "IgammaGradA": "a:T, x:T -> z:T; attr=T:type,allowed={T}",
    "Imag": (
        "input:T -> output:Tout; attr=T:type,default=DT_COMPLEX64,allowed={T}; "
        "attr=Tout:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]"),
    "Invert": "x:T -> y:T; attr=T:type,allowed={T}",
    "InvertPermutation": "x:T -> y:T; attr=T:type,default=DT_INT32,allowed={T}",
    "IsotonicRegression": (
        "input:T -> output:output_dtype, segments:int32; attr=T:type,allowed={T}; "
        "attr=output_dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, "
        "DT_DOUBLE]"),
    "IteratorGetNext": (
        "iterator:resource -> components:output_types; attr=output_types:list(type),min=1; "
        "attr=output_shapes:list(shape),min=1; is_stateful=true"),
    "IteratorGetNextAsOptional": (
        "iterator:resource -> optional:variant; attr=output_types:list(type),min=1; "
        "attr=output_shapes:list(shape),min=1; is_stateful=true"),
    "IteratorGetNextSync": (
        "iterator:resource -> components:output_types; attr=output_types:list(type),min=1; "
        "attr=output_shapes:list(shape),min=1; is_stateful=true"),
    "L2Loss": "t:T -> output:T; attr=T:type,allowed={T}",
    "LeakyReluGrad": (
        "gradients:T, features:T -> backprops:T; attr=alpha:float,default=0.2; "
        "attr=T:type,default=DT_FLOAT,allowed={T}"),
    "LearnedUnigramCandidateSampler": (
        "true_classes:int64 -> sampled_candidates:int64, true_expected_count:float32, "
        "sampled_expected_count:float32; attr=num_true:int,min=1; attr=num_sampled:int,min=1; "
        "attr=unique:bool; attr=range_max:int,min=1; attr=seed:int,default=0; "
        "attr=seed2:int,default=0; is_stateful=true"),
    "LeftShift": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "LogUniformCandidateSampler": (
        "true_classes:int64 -> sampled_candidates:int64, true_expected_count:float32, "
        "sampled_expected_count:float32; attr=num_true:int,min=1; attr=num_sampled:int,min=1; "
        "attr=unique:bool; attr=range_max:int,min=1; attr=seed:int,default=0; "
        "attr=seed2:int,default=0; is_stateful=true"),
    "LookupTableFindV2": (
        "table_handle:resource, keys:Tin, default_value:Tout -> values:Tout; attr=Tin:type; "
        "attr=Tout:type; is_stateful=true"),
    "LookupTableInsertV2": (
        "table_handle:resource, keys:Tin, values:Tout -> ; attr=Tin:type; attr=Tout:type; "
        "is_stateful=true"),
    "LookupTableRemoveV2": "table_handle:resource, keys:Tin -> ; attr=Tin:type; is_stateful=true",
    "LowerBound": (
        "sorted_inputs:T, values:T -> output:out_type; attr=T:type; "
        "attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Lu": (
        "input:T -> lu:T, p:output_idx_type; attr=T:type,allowed={T}; "
        "attr=output_idx_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "MatrixBandPart": (
        "input:T, num_lower:Tindex, num_upper:Tindex -> band:T; attr=T:type; "
        "attr=Tindex:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "MaxPool": (
        "input:T -> output:T; attr=T:type,default=DT_FLOAT,allowed={T}; "
        "attr=ksize:list(int),min=4; attr=strides:list(int),min=4; "
        "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
        "attr=explicit_paddings:list(int),default=[]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\", \"NCHW_VECT_C\"]"),
    "MaxPoolGrad": (
        "orig_input:T, orig_output:T, grad:T -> output:T; attr=ksize:list(int),min=4; "
        "attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", \"VALID\", "
        "\"EXPLICIT\"]; attr=explicit_paddings:list(int),default=[]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
        "attr=T:type,default=DT_FLOAT,allowed={T}"),
    "MaxPoolGradGrad": (
        "orig_input:T, orig_output:T, grad:T -> output:T; attr=ksize:list(int),min=4; "
        "attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", \"VALID\"]; "
        "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
        "attr=T:type,allowed={T}"),
    "MirrorPad": (
        "input:T, paddings:Tpaddings -> output:T; attr=T:type; "
        "attr=Tpaddings:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
        "attr=mode:string,allowed=[\"REFLECT\", \"SYMMETRIC\"]"),
    "MirrorPadGrad": (
        "input:T, paddings:Tpaddings -> output:T; attr=T:type; "
        "attr=Tpaddings:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
        "attr=mode:string,allowed=[\"REFLECT\", \"SYMMETRIC\"]"),
    "MulNoNan": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "Multinomial": (
        "logits:T, num_samples:int32 -> output:output_dtype; attr=seed:int,default=0; "
        "attr=seed2:int,default=0; attr=T:type,allowed={T}; "
        "attr=output_dtype:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "NextAfter": "x1:T, x2:T -> output:T; attr=T:type,default=DT_FLOAT,allowed={T}",
    "OnesLike": "x:T -> y:T; attr=T:type,allowed={T}",
    "OptionalGetValue": (
        "optional:variant -> components:output_types; attr=output_types:list(type),min=1; "
        "attr=output_shapes:list(shape),min=1"),
    "OptionalHasValue": "optional:variant -> has_value:bool",
    "Pack": "values:N*T -> output:T; attr=N:int,min=1; attr=T:type; attr=axis:int,default=0",
    "PadV2": (
        "input:T, paddings:Tpaddings, constant_values:T -> output:T; attr=T:type; "
        "attr=Tpaddings:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "ParseTensor": "serialized:string -> output:out_type; attr=out_type:type",
    "Polygamma": "a:T, x:T -> z:T; attr=T:type,allowed={T}",
    "PopulationCount": "x:T -> y:uint8; attr=T:type,allowed={T}",
    "Print": (
        "input:T, data:U -> output:T; attr=T:type; attr=U:list(type),min=0; "
        "attr=message:string,default=\"\"; attr=first_n:int,default=-1; "
        "attr=summarize:int,default=3; is_stateful=true"),
    "PrintV2": (
        "input:string -> ; attr=output_stream:string,default=\"stderr\"; "
        "attr=end:string,default=\"\n\"; is_stateful=true"),
    "PyFunc": (
        "input:Tin -> output:Tout; attr=token:string; attr=Tin:list(type),min=0; "
        "attr=Tout:list(type),min=0; is_stateful=true"),
    "PyFuncStateless": (
        "input:Tin -> output:Tout; attr=token:string; attr=Tin:list(type),min=0; "
        "attr=Tout:list(type),min=0"),
    "RFFT": (
        "input:Treal, fft_length:int32 -> output:Tcomplex; "
        "attr=Treal:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "RFFT2D": (
        "input:Treal, fft_length:int32 -> output:Tcomplex; "
        "attr=Treal:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "RFFT3D": (
        "input:Treal, fft_length:int32 -> output:Tcomplex; "
        "attr=Treal:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]; "
        "attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]"),
    "RandomGamma": (
        "shape:S, alpha:T -> output:T; attr=seed:int,default=0; attr=seed2:int,default=0; "
        "attr=S:type,allowed=[DT_INT32, DT_INT64]; attr=T:type,allowed={T}; is_stateful=true"),
    "RandomIndexShuffle": (
        "index:dtype, seed:Tseed, max_index:dtype -> output:dtype; attr=rounds:int,default=4; "
        "attr=dtype:type,allowed=[DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]; "
        "attr=Tseed:type,allowed=[DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]"),
    "RandomShuffle": (
        "value:T -> output:T; attr=seed:int,default=0; attr=seed2:int,default=0; attr=T:type; "
        "is_stateful=true"),
    "RandomStandardNormal": (
        "shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; "
        "attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=T:type,allowed={T}; is_stateful=true"),
    "RandomUniform": (
        "shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; "
        "attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=T:type,allowed={T}; is_stateful=true"),
    "RandomUniformInt": (
        "shape:T, minval:Tout, maxval:Tout -> output:Tout; attr=seed:int,default=0; "
        "attr=seed2:int,default=0; attr=Tout:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=T:type,allowed={T}; is_stateful=true"),
    "Range": (
        "start:Tidx, limit:Tidx, delta:Tidx -> output:Tidx; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, "
        "DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT16, DT_UINT32, DT_UINT64]"),
    "Rank": "input:T -> output:int32; attr=T:type",
    "ReadFile": "filename:string -> contents:string",
    "ReadVariableOp": "resource:resource -> value:dtype; attr=dtype:type; is_stateful=true",
    "Real": (
        "input:T -> output:Tout; attr=T:type,default=DT_COMPLEX64,allowed={T}; "
        "attr=Tout:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE]"),
    "ReciprocalGrad": "y:T, dy:T -> z:T; attr=T:type,allowed={T}",
    "ReduceJoin": (
        "inputs:string, reduction_indices:int32 -> output:string; "
        "attr=keep_dims:bool,default=false; attr=separator:string,default=\"\""),
    "Relu6Grad": "gradients:T, features:T -> backprops:T; attr=T:type,allowed={T}",
    "ReluGrad": "gradients:T, features:T -> backprops:T; attr=T:type,allowed={T}",
    "Reshape": (
        "tensor:T, shape:Tshape -> output:T; attr=T:type; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "ResizeArea": (
        "images:T, size:int32 -> resized_images:float32; attr=T:type,allowed={T}; "
        "attr=align_corners:bool,default=false"),
    "ResizeBicubic": (
        "images:T, size:int32 -> resized_images:float32; attr=T:type,allowed={T}; "
        "attr=align_corners:bool,default=false; attr=half_pixel_centers:bool,default=false"),
    "ResourceScatterAdd": (
        "resource:resource, indices:Tindices, updates:dtype -> ; "
        "attr=dtype:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
        "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "ResourceScatterDiv": (
        "resource:resource, indices:Tindices, updates:dtype -> ; "
        "attr=dtype:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
        "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "ResourceScatterMax": (
        "resource:resource, indices:Tindices, updates:dtype -> ; "
        "attr=dtype:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
        "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "ResourceScatterMin": (
        "resource:resource, indices:Tindices, updates:dtype -> ; "
        "attr=dtype:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
        "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "ResourceScatterMul": (
        "resource:resource, indices:Tindices, updates:dtype -> ; "
        "attr=dtype:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
        "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "ResourceScatterSub": (
        "resource:resource, indices:Tindices, updates:dtype -> ; "
        "attr=dtype:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
        "DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, "
        "DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "ResourceScatterUpdate": (
        "resource:resource, indices:Tindices, updates:dtype -> ; attr=dtype:type; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true"),
    "ReverseV2": (
        "tensor:T, axis:Tidx -> output:T; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, "
        "DT_INT64]; attr=T:type,allowed={T}"),
    "RightShift": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "RsqrtGrad": "y:T, dy:T -> z:T; attr=T:type,allowed={T}",
    "ScaleAndTranslate": (
        "images:T, size:int32, scale:float32, translation:float32 -> resized_images:float32; "
        "attr=T:type,allowed={T}; attr=kernel_type:string,default=\"lanczos3\"; "
        "attr=antialias:bool,default=true"),
    "ScatterNd": (
        "indices:Tindices, updates:T, shape:Tindices -> output:T; attr=T:type; "
        "attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; "
        "attr=bad_indices_policy:string,default=\"\""),
    "SelectV2": "condition:bool, t:T, e:T -> output:T; attr=T:type",
    "SeluGrad": "gradients:T, outputs:T -> backprops:T; attr=T:type,allowed={T}",
    "SigmoidGrad": "y:T, dy:T -> z:T; attr=T:type,allowed={T}",
    "Slice": (
        "input:T, begin:Index, size:Index -> output:T; attr=T:type; "
        "attr=Index:type,allowed=[DT_INT32, DT_INT64]"),
    "Softsign": "features:T -> activations:T; attr=T:type,allowed={T}",
    "SparseSoftmax": (
        "sp_indices:int64, sp_values:T, sp_shape:int64 -> output:T; attr=T:type,allowed={T}"),
    "SparseSoftmaxCrossEntropyWithLogits": (
        "features:T, labels:Tlabels -> loss:T, backprop:T; attr=T:type,allowed={T}; "
        "attr=Tlabels:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "Split": (
        "split_dim:int32, value:T -> output:num_split*T; attr=num_split:int,min=1; attr=T:type"),
    "SplitV": (
        "value:T, size_splits:Tlen, split_dim:int32 -> output:num_split*T; "
        "attr=num_split:int,min=1; attr=T:type; "
        "attr=Tlen:type,default=DT_INT64,allowed=[DT_INT8, DT_INT32, DT_INT64]"),
    "SqrtGrad": "y:T, dy:T -> z:T; attr=T:type,allowed={T}",
    "Squeeze": "input:T -> output:T; attr=T:type; attr=squeeze_dims:list(int),default=[],min=0",
    "StatelessMultinomial": (
        "logits:T, num_samples:int32, seed:Tseed -> output:output_dtype; "
        "attr=T:type,allowed={T}; attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]; "
        "attr=output_dtype:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "StatelessParameterizedTruncatedNormal": (
        "shape:S, seed:Tseed, means:dtype, stddevs:dtype, minvals:dtype, maxvals:dtype -> "
        "output:dtype; attr=S:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]; "
        "attr=dtype:type,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE]"),
    "StatelessRandomBinomial": (
        "shape:S, seed:Tseed, counts:T, probs:T -> output:dtype; attr=S:type,allowed=[DT_INT32, "
        "DT_INT64]; attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]; "
        "attr=T:type,default=DT_DOUBLE,allowed={T}; "
        "attr=dtype:type,default=DT_INT64,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, "
        "DT_INT64]"),
    "StatelessRandomGammaV2": (
        "shape:T, seed:Tseed, alpha:dtype -> output:dtype; attr=dtype:type,allowed=[DT_HALF, "
        "DT_FLOAT, DT_DOUBLE]; attr=T:type,allowed={T}; "
        "attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "StatelessRandomGetKeyCounter": (
        "seed:Tseed -> key:uint64, counter:uint64; "
        "attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "StatelessRandomNormalV2": (
        "shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; "
        "attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "StatelessRandomUniformFullIntV2": (
        "shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; "
        "attr=dtype:type,default=DT_UINT64,allowed=[DT_INT32, DT_INT64, DT_UINT32, DT_UINT64]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "StatelessRandomUniformIntV2": (
        "shape:Tshape, key:uint64, counter:uint64, alg:int32, minval:dtype, maxval:dtype -> "
        "output:dtype; attr=dtype:type,allowed=[DT_INT32, DT_INT64, DT_UINT32, DT_UINT64]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "StatelessRandomUniformV2": (
        "shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; "
        "attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "StatelessShuffle": "value:T, key:uint64, counter:uint64, alg:int32 -> output:T; attr=T:type",
    "StatelessTruncatedNormalV2": (
        "shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; "
        "attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "StaticRegexFullMatch": "input:string -> output:bool; attr=pattern:string",
    "StaticRegexReplace": (
        "input:string -> output:string; attr=pattern:string; attr=rewrite:string; "
        "attr=replace_global:bool,default=true"),
    "StopGradient": "input:T -> output:T; attr=T:type",
    "StridedSlice": (
        "input:T, begin:Index, end:Index, strides:Index -> output:T; attr=T:type; "
        "attr=Index:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; attr=begin_mask:int,default=0; "
        "attr=end_mask:int,default=0; attr=ellipsis_mask:int,default=0; "
        "attr=new_axis_mask:int,default=0; attr=shrink_axis_mask:int,default=0"),
    "StridedSliceGrad": (
        "shape:Index, begin:Index, end:Index, strides:Index, dy:T -> output:T; attr=T:type; "
        "attr=Index:type,allowed=[DT_INT32, DT_INT64]; attr=begin_mask:int,default=0; "
        "attr=end_mask:int,default=0; attr=ellipsis_mask:int,default=0; "
        "attr=new_axis_mask:int,default=0; attr=shrink_axis_mask:int,default=0"),
    "StringFormat": (
        "inputs:T -> output:string; attr=T:list(type),min=0; "
        "attr=template:string,default=\"%s\"; attr=placeholder:string,default=\"%s\"; "
        "attr=summarize:int,default=3"),
    "StringJoin": (
        "inputs:N*string -> output:string; attr=N:int,min=0; attr=separator:string,default=\"\""),
    "StringLower": "input:string -> output:string; attr=encoding:string,default=\"\"",
    "StringSplitV2": (
        "input:string, sep:string -> indices:int64, values:string, shape:int64; "
        "attr=maxsplit:int,default=-1"),
    "StringStrip": "input:string -> output:string",
    "StringToNumber": (
        "string_tensor:string -> output:out_type; "
        "attr=out_type:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, "
        "DT_UINT32, DT_UINT64]"),
    "StringUpper": "input:string -> output:string; attr=encoding:string,default=\"\"",
    "TanhGrad": "y:T, dy:T -> z:T; attr=T:type,allowed={T}",
    "TensorArrayConcatV3": (
        "handle:resource, flow_in:float32 -> value:dtype, lengths:int64; attr=dtype:type; "
        "attr=element_shape_except0:shape,default=<shape>; is_stateful=true"),
    "TensorArrayReadV3": (
        "handle:resource, index:int32, flow_in:float32 -> value:dtype; attr=dtype:type; "
        "is_stateful=true"),
    "TensorArraySizeV3": "handle:resource, flow_in:float32 -> size:int32; is_stateful=true",
    "TensorArrayV3": (
        "size:int32 -> handle:resource, flow:float32; attr=dtype:type; "
        "attr=element_shape:shape,default=<shape>; attr=dynamic_size:bool,default=false; "
        "attr=clear_after_read:bool,default=true; "
        "attr=identical_element_shapes:bool,default=false; "
        "attr=tensor_array_name:string,default=\"\"; is_stateful=true"),
    "TensorArrayWriteV3": (
        "handle:resource, index:int32, value:T, flow_in:float32 -> flow_out:float32; "
        "attr=T:type; is_stateful=true"),
    "TensorScatterAdd": (
        "tensor:T, indices:Tindices, updates:T -> output:T; attr=T:type; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=bad_indices_policy:string,default=\"\""),
    "TensorScatterMax": (
        "tensor:T, indices:Tindices, updates:T -> output:T; attr=T:type; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=bad_indices_policy:string,default=\"\""),
    "TensorScatterMin": (
        "tensor:T, indices:Tindices, updates:T -> output:T; attr=T:type; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=bad_indices_policy:string,default=\"\""),
    "TensorScatterSub": (
        "tensor:T, indices:Tindices, updates:T -> output:T; attr=T:type; "
        "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; "
        "attr=bad_indices_policy:string,default=\"\""),
    "TensorScatterUpdate": (
        "tensor:T, indices:Tindices, updates:T -> output:T; attr=T:type; "
        "attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64, DT_UINT16]; "
        "attr=bad_indices_policy:string,default=\"\""),
    "Tile": (
        "input:T, multiples:Tmultiples -> output:T; attr=T:type; "
        "attr=Tmultiples:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "TopKV2": (
        "input:T, k:Tk -> values:T, indices:index_type; attr=sorted:bool,default=true; "
        "attr=T:type,allowed={T}; attr=Tk:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, "
        "DT_INT64]; attr=index_type:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]"),
    "Transpose": (
        "x:T, perm:Tperm -> y:T; attr=T:type; "
        "attr=Tperm:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "TruncateDiv": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "TruncateMod": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "TruncatedNormal": (
        "shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; "
        "attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=T:type,allowed={T}; is_stateful=true"),
    "UnicodeDecode": (
        "input:string -> row_splits:Tsplits, char_values:int32; attr=input_encoding:string; "
        "attr=errors:string,default=\"replace\",allowed=[\"strict\", \"replace\", \"ignore\"]; "
        "attr=replacement_char:int,default=65533; "
        "attr=replace_control_characters:bool,default=false; "
        "attr=Tsplits:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]"),
    "UnicodeScript": "input:int32 -> output:int32",
    "UniformCandidateSampler": (
        "true_classes:int64 -> sampled_candidates:int64, true_expected_count:float32, "
        "sampled_expected_count:float32; attr=num_true:int,min=1; attr=num_sampled:int,min=1; "
        "attr=unique:bool; attr=range_max:int,min=1; attr=seed:int,default=0; "
        "attr=seed2:int,default=0; is_stateful=true"),
    "Unique": (
        "x:T -> y:T, idx:out_idx; attr=T:type; "
        "attr=out_idx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "UniqueWithCounts": (
        "x:T -> y:T, idx:out_idx, count:out_idx; attr=T:type; "
        "attr=out_idx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Unpack": "value:T -> output:num*T; attr=num:int,min=0; attr=T:type; attr=axis:int,default=0",
    "UpperBound": (
        "sorted_inputs:T, values:T -> output:out_type; attr=T:type; "
        "attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]"),
    "Where": "input:T -> index:int64; attr=T:type,default=DT_BOOL,allowed={T}",
    "While": (
        "input:T -> output:T; attr=T:list(type),min=0; attr=cond:func; attr=body:func; "
        "attr=output_shapes:list(shape),default=[]; attr=parallel_iterations:int,default=10; "
        "is_stateful=true"),
    "WriteSummary": (
        "writer:resource, step:int64, tensor:T, tag:string, summary_metadata:string -> ; "
        "attr=T:type; is_stateful=true"),
    "Xdivy": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "Xlog1py": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "Xlogy": "x:T, y:T -> z:T; attr=T:type,allowed={T}",
    "ZerosLike": "x:T -> y:T; attr=T:type",
    "Zeta": "x:T, q:T -> z:T; attr=T:type,allowed={T}",
})
