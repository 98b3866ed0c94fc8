"""``tf.keras.layers``."""

from .. import serialization as _serialization
from . import experimental
from .activation import ELU, Activation, LeakyReLU, PReLU, ReLU, Softmax, ThresholdedReLU
from .attention import MultiHeadAttention
from .base import InputSpec, Layer
from .convolutional import (
    Conv1D,
    Conv1DTranspose,
    Conv2D,
    Conv2DTranspose,
    Conv3D,
    Conv3DTranspose,
    Convolution1D,
    Convolution1DTranspose,
    Convolution2D,
    Convolution2DTranspose,
    Convolution3D,
    Convolution3DTranspose,
    DepthwiseConv1D,
    DepthwiseConv2D,
    SeparableConv1D,
    SeparableConv2D,
    SeparableConvolution1D,
    SeparableConvolution2D,
)
from .convolutional_recurrent import ConvLSTM1D, ConvLSTM2D, ConvLSTM3D
from .core import Dense, Dropout, Embedding, Input, InputLayer, Lambda, Masking
from .dense_attention import AdditiveAttention, Attention
from .einsum_dense import EinsumDense
from .feature_columns import DenseFeatures
from .hashing import HashedCrossing, Hashing
from .image_preprocessing import (
    CenterCrop,
    RandomBrightness,
    RandomContrast,
    RandomCrop,
    RandomFlip,
    RandomHeight,
    RandomRotation,
    RandomTranslation,
    RandomWidth,
    RandomZoom,
    Resizing,
)
from .locally_connected import LocallyConnected1D, LocallyConnected2D
from .merging import (
    Add,
    Average,
    Concatenate,
    Dot,
    Maximum,
    Minimum,
    Multiply,
    Subtract,
    add,
    average,
    concatenate,
    dot,
    maximum,
    minimum,
    multiply,
    subtract,
)
from .normalization import (
    BatchNormalization,
    GroupNormalization,
    LayerNormalization,
    UnitNormalization,
)
from .pooling import (
    AveragePooling1D,
    AveragePooling2D,
    AveragePooling3D,
    AvgPool1D,
    AvgPool2D,
    AvgPool3D,
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalAveragePooling3D,
    GlobalAvgPool1D,
    GlobalAvgPool2D,
    GlobalAvgPool3D,
    GlobalMaxPool1D,
    GlobalMaxPool2D,
    GlobalMaxPool3D,
    GlobalMaxPooling1D,
    GlobalMaxPooling2D,
    GlobalMaxPooling3D,
    MaxPool1D,
    MaxPool2D,
    MaxPool3D,
    MaxPooling1D,
    MaxPooling2D,
    MaxPooling3D,
)
from .preprocessing import (
    CategoryEncoding,
    Discretization,
    IntegerLookup,
    Normalization,
    Rescaling,
    StringLookup,
    TextVectorization,
)
from .recurrent import (
    GRU,
    LSTM,
    RNN,
    AbstractRNNCell,
    Bidirectional,
    GRUCell,
    LSTMCell,
    SimpleRNN,
    SimpleRNNCell,
    StackedRNNCells,
)
from .regularization import (
    ActivityRegularization,
    AlphaDropout,
    GaussianDropout,
    GaussianNoise,
    Identity,
    SpatialDropout1D,
    SpatialDropout2D,
    SpatialDropout3D,
)
from .reshaping import (
    Cropping1D,
    Cropping2D,
    Cropping3D,
    Flatten,
    Permute,
    RepeatVector,
    Reshape,
    UpSampling1D,
    UpSampling2D,
    UpSampling3D,
    ZeroPadding1D,
    ZeroPadding2D,
    ZeroPadding3D,
)
from .wrappers import SpectralNormalization, TimeDistributed, Wrapper


def serialize(layer):
    """``{"class_name": ..., "config": layer.get_config()}`` (``tf.keras.layers.serialize``)."""
    return _serialization.serialize(layer)


def deserialize(config, custom_objects=None):
    """The layer a ``serialize`` result describes (classes found as in ``load_model``)."""
    name = _serialization.entry_class_name(config)
    cls = _serialization.lookup(name, custom_objects) or globals().get(name)
    if not isinstance(cls, type):
        raise _serialization.unknown_object_error("layer", name)
    return cls.from_config(config["config"])
