"""``Wrapper``, the base of layers around a layer, and ``TimeDistributed``: one layer applied
to every time step of a sequence."""

from ...core.shape import TensorShape
from ...ops import array_ops, linalg_ops, math_ops
from .. import initializers, serialization
from ..keras_tensor import KerasTensor
from .base import InputSpec, Layer


class Wrapper(Layer):
    """The base of layers that wrap another layer (``self.layer``) and add to what it does;
    its config holds the wrapped layer's, from which ``from_config`` makes it again."""

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `{type(self).__name__}` layer with a "
                             f"`tf.keras.layers.Layer` instance. Received: {layer}")
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape=None):
        if not self.layer.built:
            self.layer.build(input_shape)
            self.layer.built = True
        self.built = True

    def get_config(self):
        config = super().get_config()
        config["layer"] = serialization.serialize(self.layer)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        entry = config.pop("layer")
        layer_class = _layer_class(serialization.entry_class_name(entry), custom_objects)
        return cls(layer_class.from_config(dict(entry["config"])), **config)


class TimeDistributed(Wrapper):
    """Applies `layer` to each slice ``inputs[:, t]``: the batch and time axes are merged into
    one, the layer runs once on that, and the result is split back. The layer's weights are
    made in this wrapper's name scope (``time_distributed/kernel:0``, as in TF)."""

    def __init__(self, layer, **kwargs):
        super().__init__(layer, **kwargs)
        self.supports_masking = True

    @staticmethod
    def _step_shape(dims):
        return [None if dims[0] is None or dims[1] is None else dims[0] * dims[1]] + dims[2:]

    def build(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if len(dims) < 3:
            raise ValueError("`TimeDistributed` Layer should be passed an `input_shape ` with at "
                             f"least 3 dimensions, received: {tuple(dims)}")
        self.input_spec = InputSpec(shape=[None, None] + dims[2:])
        if not self.layer.built:
            self.layer._maybe_build(KerasTensor(TensorShape([None] + dims[2:]),
                                                self.dtype or "float32"))
        self.built = True

    def call(self, inputs, training=None, mask=None):
        dims = inputs.shape.as_list()
        steps = dims[1] if dims[1] is not None else array_ops.shape(inputs)[1]
        flat = array_ops.reshape(inputs, [-1] + [d if d is not None else -1 for d in dims[2:]])
        kwargs = {"training": training} if self.layer._call_signature()[0] else {}
        outputs = self.layer(flat, **kwargs)
        out_dims = outputs.shape.as_list()[1:]
        batch = dims[0] if dims[0] is not None else -1
        return array_ops.reshape(outputs, [batch, steps] +
                                 [d if d is not None else -1 for d in out_dims])

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        step = self.layer.compute_output_shape(TensorShape([dims[0]] + dims[2:])).as_list()
        return TensorShape([dims[0], dims[1]] + step[1:])



def _layer_class(name, custom_objects):
    """A registered or custom class of that name, else the Keras layer class of that name."""
    found = serialization.lookup(name, custom_objects)
    if found is not None:
        return found
    pending = [Layer]
    while pending:
        cls = pending.pop()
        if cls.__name__ == name and cls.__module__.startswith("eagerbook.keras"):
            return cls
        pending.extend(cls.__subclasses__())
    raise serialization.unknown_object_error("layer", name)


__all__ = ["SpectralNormalization", "TimeDistributed", "Wrapper"]


class SpectralNormalization(Wrapper):
    """Divides the wrapped layer's kernel (or embeddings) by its largest singular value,
    estimated by `power_iterations` steps of power iteration from a kept vector ``vector_u``
    (GAN discriminators use it to keep their gradients tame). Only calls with
    ``training=True`` renormalize; the normalized kernel is written back into the layer, so
    later calls use it. An all-zero kernel is left as it is."""

    def __init__(self, layer, power_iterations=1, **kwargs):
        super().__init__(layer, **kwargs)
        if power_iterations <= 0:
            raise ValueError("`power_iterations` should be greater than zero. Received: "
                             f"`power_iterations={power_iterations}`")
        self.power_iterations = power_iterations

    def build(self, input_shape):
        super().build(input_shape)
        self.input_spec = InputSpec(shape=[None] + TensorShape(input_shape).as_list()[1:])
        if hasattr(self.layer, "kernel"):
            self.kernel = self.layer.kernel
        elif hasattr(self.layer, "embeddings"):
            self.kernel = self.layer.embeddings
        else:
            raise ValueError(f"{type(self.layer).__name__} object has no attribute 'kernel' "
                             "nor 'embeddings'")
        self.kernel_shape = self.kernel.shape.as_list()
        self.vector_u = self.add_weight(
            "vector_u", shape=(1, self.kernel_shape[-1]),
            initializer=initializers.TruncatedNormal(stddev=0.02), trainable=False,
            dtype=self.kernel.dtype)
        self.built = True

    def call(self, inputs, training=False):
        if training:
            self._renormalize()
        return self.layer(inputs)

    def _renormalize(self):
        weights = array_ops.reshape(self.kernel, [-1, self.kernel_shape[-1]])
        u = self.vector_u
        v = u
        for _ in range(self.power_iterations):
            v = linalg_ops.l2_normalize(math_ops.matmul(u, weights, transpose_b=True))
            u = linalg_ops.l2_normalize(math_ops.matmul(v, weights))
        u, v = math_ops.stop_gradient(u), math_ops.stop_gradient(v)
        sigma = math_ops.matmul(math_ops.matmul(v, weights), u, transpose_b=True)
        normalized = array_ops.reshape(math_ops.truediv(weights, sigma), self.kernel_shape)
        all_zero = math_ops.reduce_all(math_ops.equal(self.kernel, 0.0))
        self.kernel.assign(array_ops.where(all_zero, self.kernel, normalized))
        self.vector_u.assign(array_ops.where(all_zero, self.vector_u, u))

    def compute_output_shape(self, input_shape):
        return TensorShape(self.layer.compute_output_shape(input_shape).as_list())

    def get_config(self):
        config = super().get_config()
        config["power_iterations"] = self.power_iterations
        return config
