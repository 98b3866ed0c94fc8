"""``tf.keras.layers``."""

from .. import serialization as _serialization
from . import experimental
from .base import InputSpec, Layer
from .conv_more import (
    AveragePooling1D,
    AvgPool1D,
    Conv1D,
    Conv2DTranspose,
    Convolution1D,
    Convolution2DTranspose,
    Cropping2D,
    GlobalAveragePooling1D,
    GlobalAvgPool1D,
    GlobalMaxPool1D,
    GlobalMaxPooling1D,
    MaxPool1D,
    MaxPooling1D,
    UpSampling2D,
    ZeroPadding2D,
)
from .conv_pool import (
    AveragePooling2D,
    AvgPool2D,
    Conv2D,
    Convolution2D,
    GlobalAveragePooling2D,
    GlobalAvgPool2D,
    GlobalMaxPool2D,
    GlobalMaxPooling2D,
    MaxPool2D,
    MaxPooling2D,
)
from .core import (
    Activation,
    Add,
    Average,
    Concatenate,
    Dense,
    Dropout,
    Embedding,
    Flatten,
    Input,
    InputLayer,
    Lambda,
    Multiply,
    Reshape,
    Subtract,
    add,
    concatenate,
)
from .hashing import Hashing
from .image_preprocessing import (
                        CenterCrop,
                        RandomContrast,
                        RandomCrop,
                        RandomFlip,
                        RandomRotation,
                        RandomTranslation,
                        RandomZoom,
                        Resizing,
)
from .more_core import (
    ELU,
    LayerNormalization,
    LeakyReLU,
    Masking,
    Maximum,
    Minimum,
    Normalization,
    Permute,
    PReLU,
    ReLU,
    RepeatVector,
    Rescaling,
    Softmax,
    average,
    maximum,
    minimum,
    multiply,
    subtract,
)
from .normalization import BatchNormalization
from .preprocessing import (
                        CategoryEncoding,
                        Discretization,
                        IntegerLookup,
                        StringLookup,
                        TextVectorization,
)
from .recurrent import (
    GRU,
    LSTM,
    RNN,
    Bidirectional,
    GRUCell,
    LSTMCell,
    SimpleRNN,
    SimpleRNNCell,
)


def serialize(layer):
    """``{"class_name": ..., "config": layer.get_config()}`` (``tf.keras.layers.serialize``)."""
    return _serialization.serialize(layer)


def deserialize(config, custom_objects=None):
    """The layer a ``serialize`` result describes (classes found as in ``load_model``)."""
    name = config["class_name"]
    cls = _serialization.lookup(name, custom_objects) or globals().get(name)
    if not isinstance(cls, type):
        raise ValueError(f"Unknown layer: '{name}'. Please ensure you are using a "
                         "`keras.utils.custom_object_scope` and that this object is included "
                         "in the scope.")
    return cls.from_config(config["config"])
