"""TF's graph names of the KerasTensors a layer call returns (``dense/Relu:0``).

TF's Keras builds a functional model by tracing each layer call on placeholders, in a scratch
graph of its own, inside a name scope that is the layer's name: a KerasTensor is then named
after the op that made it there (``print(x)`` shows ``name='dense/Relu:0'``, and so does
``x.name``). eagerbook learns the shapes without such a trace, so it makes one only when a
name is asked for (``KerasTensor.name``), the same way, and throws it away (the trace is
Layer._keras_tensor_names, in base.py; this module holds TF's names).

The ops a user's own ``call`` makes get TF's names from the graph's namer (``my_layer/MatMul``,
``lambda/mul``). The ops of eagerbook's built-in layers are named after their types, which is
not always TF's name (Dense adds its bias with an AddV2, TF's with a BiasAdd): while a naming
trace runs, each built-in layer records TF's name of its outputs (Layer._tf_output_op_name,
from the tables below), and the trace takes those.
"""

from ...core import nest

# While a naming trace runs: {id(graph tensor): TF's name} of the outputs built-in layers made,
# and {("call", id(layer)): [TF's name or None, by output position]} of each built-in layer.
RECORDED = [None]

# TF's names of the ops its public functions make, where the op's type is not the name: what a
# layer made of a TF function on KerasTensors (``tf.concat`` -> ``tf.concat/concat:0``) ends with.
_FUNCTION_OP_NAMES = {"ConcatV2": "concat", "StridedSlice": "strided_slice", "RealDiv": "truediv",
                      "Pack": "stack", "Unpack": "unstack", "Transpose": "transpose",
                      "OneHot": "one_hot", "Range": "range", "Split": "split",
                      "SplitV": "split"}


def record(layer, inputs, outputs, scope):
    """Called by a built-in layer's ``__call__`` inside its name scope (`scope`, "model/dense/")
    during a naming trace (Layer._keras_tensor_names): remembers TF's names of the outputs it
    made (an input passed through, or an inner layer's output, keeps the name it has)."""
    names = RECORDED[0]
    passed = {id(t) for t in nest.flatten(inputs)}
    by_position = []  # (one tensor may be two outputs: an RNN's last output and its state)
    for index, t in enumerate(nest.flatten(outputs)):
        name = names.get(id(t))
        if id(t) not in passed and hasattr(t, "_op"):
            op = layer._tf_output_op_name(index, t, inputs)
            if op is not None:  # ("PartitionedCall:2": an output of TF's op past its first)
                name = f"{scope}{op}" if ":" in op else f"{scope}{op}:{t.value_index}"
                names.setdefault(id(t), name)
        by_position.append(name)
    names[("call", id(layer))] = by_position


# --- TF's last op of each built-in layer ---------------------------------------------------------
# Where it differs from the type of eagerbook's last op (the trace's name), by layer class; a
# subclass that keeps the call of one of them (SyncBatchNormalization) ends as it does.
_LAST_OPS = {
    "Embedding": "embedding_lookup/Identity", "Masking": "mul", "ThresholdedReLU": "mul",
    "PReLU": "add", "Concatenate": "concat", "Subtract": "sub", "Average": "truediv",
    "GroupNormalization": "Reshape_4",
    "UnitNormalization": "l2_normalize", "Permute": "transpose", "_ZeroPadding": "Pad",
    "ZeroPadding2D": "Pad", "_Cropping": "strided_slice", "Cropping2D": "strided_slice",
    "UpSampling1D": "concat", "UpSampling3D": "concat_2", "MaxPooling3D": "MaxPool3D",
    "AveragePooling3D": "AvgPool3D", "Rescaling": "add", "Normalization": "truediv",
    "CategoryEncoding": "bincount/DenseBincount", "HashedCrossing": "Identity",
    "Attention": "MatMul_1", "AdditiveAttention": "MatMul",
    "MultiHeadAttention": "attention_output/add",
    "CenterCrop": "cond/Identity", "RandomCrop": "cond/Identity",
    "_RandomAffine": "transform/ImageProjectiveTransformV3",
    "RandomContrast": "clip_by_value", "RandomBrightness": "clip_by_value",
}

# TF's last op of an activation function, where it is not the op eagerbook's ends with.
_ACTIVATION_OPS = {"gelu": "Gelu/mul_2", "swish": "IdentityN", "silu": "IdentityN",
                   "hard_sigmoid": "clip_by_value", "softsign": "Softsign", "mish": "mul"}

# TF's name of the op each binary merge adds its next input with (x + y is "add").
_MERGE_OPS = {"Add": "add", "Multiply": "mul"}


def built_in_op_name(layer, index, tensor, inputs):
    """TF's name, in the layer's scope, of output `index` (`tensor`) of a built-in layer's call
    on `inputs`; None when the traced op's name is TF's."""
    for cls in type(layer).__mro__:
        if cls.__name__ in _MERGE_OPS:
            return _merge(cls.__name__, len(nest.flatten(inputs)))
        special = _SPECIAL.get(cls.__name__)
        if special is not None:
            return special(layer, index, tensor)
        if cls.__name__ in _LAST_OPS:
            return _LAST_OPS[cls.__name__]
    return None


def _activation_op(activation):
    return _ACTIVATION_OPS.get(getattr(activation, "__name__", None))


def _kernel_layer(layer, index, tensor):
    """Dense and the convolutions: the activation's op, else the bias's BiasAdd, else the
    product (TF's Dense multiplies inputs of rank > 2 with a tensordot)."""
    name = getattr(layer.activation, "__name__", "linear")
    if layer.activation is not None and name != "linear":
        return _activation_op(layer.activation)
    kind = type(layer).__name__
    if kind == "EinsumDense":  # (an einsum, then the bias added with `+`)
        return "add" if layer.bias is not None else "einsum/Einsum"
    if layer.use_bias:  # (TF's 1-D depthwise convolutions add the bias before a squeeze)
        return "Squeeze" if kind in ("SeparableConv1D", "DepthwiseConv1D") else "BiasAdd"
    if kind == "Dense" and tensor.shape.rank not in (None, 2):
        return "Tensordot"
    return {"Conv1D": "Conv1D/Squeeze", "Conv2DTranspose": "conv2d_transpose"}.get(kind)


def _activation_layer(layer, index, tensor):
    return _activation_op(layer.activation)


def _merge(class_name, n_inputs):
    """``add``, ``add_1``, ...: one op per input after the first."""
    op = _MERGE_OPS[class_name]
    return op if n_inputs <= 2 else f"{op}_{n_inputs - 2}"


def _dot(layer, index, tensor):
    return "Squeeze" if tensor.shape.rank == 1 or tensor.shape.rank == 2 else "MatMul"


def _batch_normalization(layer, index, tensor):
    return "FusedBatchNormV3" if getattr(layer, "_fused", False) else "batchnorm/add_1"


def _layer_normalization(layer, index, tensor):
    """TF's fused kernel (then `* gamma + beta`) takes an epsilon of 1.001e-5 or more; a smaller
    one goes through tf.nn.batch_normalization."""
    return "add" if layer.epsilon >= 1.001e-5 else "batchnorm/add_1"


def _up_sampling_2d(layer, index, tensor):
    kernel = "ResizeNearestNeighbor" if layer.interpolation == "nearest" else "ResizeBilinear"
    return f"resize/{kernel}"


def _resizing(layer, index, tensor):
    kernel = {"nearest": "ResizeNearestNeighbor", "bilinear": "ResizeBilinear",
              "bicubic": "ResizeBicubic"}.get(layer.interpolation)
    return f"resize/{kernel}" if kernel else None


def _encoded(layer, index, tensor):
    """Lookups, hashing and discretization: their indices (an Identity) or TF's bincount."""
    mode = getattr(layer, "output_mode", "int")
    if mode == "int" or getattr(layer, "invert", False):
        return "Identity"
    return "bincount/DenseBincount"


def _text_vectorization(layer, index, tensor):
    return "RaggedToTensor/RaggedTensorToTensor" if layer.output_mode == "int" else None


def _random_flip(layer, index, tensor):
    kernel = "left_right" if layer.mode == "horizontal" else "up_down"
    return f"stateless_random_flip_{kernel}/add"


def _rnn(layer, index, tensor):
    """TF's LSTM and GRU run a function (a PartitionedCall) when they could take the cuDNN
    kernel: outputs (last output, sequences, states...); other RNNs end with their loop."""
    cell = layer.cell
    fast = (type(layer).__name__ in ("LSTM", "GRU") and not layer.unroll and cell.use_bias
            and getattr(cell.activation, "__name__", "") == "tanh"
            and getattr(cell.recurrent_activation, "__name__", "") == "sigmoid"
            and not cell.recurrent_dropout and getattr(cell, "reset_after", True))
    if fast:  # (the function returns the last output, the sequences, then the states)
        return f"PartitionedCall:{index + 1 if index else int(layer.return_sequences)}"
    if index:
        return f"while:{index + 3}"
    return "transpose_1" if layer.return_sequences else "strided_slice_3"


def _bidirectional(layer, index, tensor):
    if index and layer.return_state:
        return None  # (the states come from the inner layers, named there)
    return {"concat": "concat", "sum": "add", "ave": "truediv", "mul": "mul"}.get(
        layer.merge_mode)


_SPECIAL = {
    "KernelLayer": _kernel_layer, "Activation": _activation_layer, "Dot": _dot,
    "BatchNormalization": _batch_normalization, "LayerNormalization": _layer_normalization,
    "UpSampling2D": _up_sampling_2d, "Resizing": _resizing, "_Lookup": _encoded,
    "Hashing": _encoded, "Discretization": _encoded, "TextVectorization": _text_vectorization,
    "RandomFlip": _random_flip, "RNN": _rnn, "Bidirectional": _bidirectional,
}

# TF's names of the ops of its functions that a TF function on KerasTensors ends with, by the
# function's name (``tf.math.add`` is an "Add" node, ``x + y`` an "AddV2").
_FUNCTION_NAMES = {"add": "Add", "concat": "concat", "stack": "stack", "transpose": "transpose",
                   "one_hot": "one_hot", "clip_by_value": "clip_by_value",
                   "ones_like": "ones_like", "zeros_like": "zeros_like", "truediv": "truediv",
                   "divide": "truediv", "l2_normalize": "l2_normalize", "split": "split",
                   "getitem": "strided_slice", "unstack": "unstack", "range": "range"}


# ... and TF's image functions, which name a scope of their own.
_IMAGE_OPS = {"rgb_to_grayscale": "rgb_to_grayscale",
              "flip_left_right": "flip_left_right/ReverseV2",
              "flip_up_down": "flip_up_down/ReverseV2", "central_crop": "central_crop/Slice",
              "adjust_brightness": "adjust_brightness/Identity"}


def function_op_name(function_name, tensor):
    """TF's name of the op TF's function `function_name` (``tf.concat``) ends with."""
    short = function_name.rsplit(".", 1)[-1]
    if function_name.startswith("tf.image."):
        if short == "resize":  # (eagerbook's nearest-neighbour resize is a gather)
            kernel = "NearestNeighbor" if tensor.op.type == "GatherV2" else "Bilinear"
            return f"resize/Resize{kernel}"
        return _IMAGE_OPS.get(short) or tensor.op.name.rsplit("/", 1)[-1]
    op = _FUNCTION_NAMES.get(short) if short == "getitem" or \
        not function_name.startswith("tf.__operators__.") else None  # (x + y: an AddV2)
    return op or _FUNCTION_OP_NAMES.get(tensor.op.type, tensor.op.type)
