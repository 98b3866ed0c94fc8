"""``tf.layers`` (TF 1.x): the object-oriented layers the eager announcement builds models from
(``tf.layers.Dense(units=10)``). TF 1.x's classes were Keras layers under other names; here they
are the same classes as ``tf.keras.layers``. (``tf.compat.v1.layers`` in TF 2.)"""

from ..keras.layers import (
    AveragePooling2D,
    BatchNormalization,
    Conv2D,
    Dense,
    Dropout,
    Flatten,
    InputSpec,
    Layer,
    MaxPooling2D,
)

AvgPool2D = AveragePooling2D
MaxPool2D = MaxPooling2D
Convolution2D = Conv2D
