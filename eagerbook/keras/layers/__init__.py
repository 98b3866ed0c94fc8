"""``tf.keras.layers``."""

from .base import InputSpec, Layer
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
from .normalization import BatchNormalization
