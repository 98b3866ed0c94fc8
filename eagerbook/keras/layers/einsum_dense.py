"""``EinsumDense``: a Dense layer whose product is any ``tf.einsum`` equation.

``EinsumDense("abc,cd->abd", output_shape=(None, 64), bias_axes="d")`` multiplies inputs of
shape ``(batch, 32, 128)`` by a ``(128, 64)`` kernel. The kernel's shape is read off the
equation: each kernel letter takes its size from the input (a contracted axis) or from
``output_shape`` (a new axis). ``output_shape`` leaves out the batch axis; ``None`` in it
means "as in the input". ``...`` may stand for leading axes (``...x,xy->...y``) or trailing
ones (``ab...,bc->ac...``). The bias has one entry per ``bias_axes`` letter and size 1 on the
output axes after the first of them, so it broadcasts over those.
"""

import re

from ...checkpoints.containers import ListWrapper
from ...core.shape import TensorShape
from ...ops import math_ops
from .core import KernelLayer

_FORMS = (  # (pattern over the equation with "..." replaced by "0", which side is elided)
    (r"([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)$", None),
    (r"0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)$", "left"),
    (r"([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0$", "right"),
)


def _split(equation):
    replaced = equation.replace("...", "0")
    for pattern, elided_side in _FORMS:
        match = re.match(pattern, replaced)
        if match:
            return (*match.groups(), elided_side)
    raise ValueError(f"Invalid einsum equation '{equation}'. Equations must be in the form "
                     "[X],[Y]->[Z], ...[X],[Y]->...[Z], or [X]...,[Y]->[Z]....")


def einsum_shapes(equation, bias_axes, input_shape, output_shape):
    """``(kernel shape, bias shape or None, full output shape)`` for inputs of `input_shape`."""
    input_spec, kernel_spec, output_spec, elided_side = _split(equation)
    input_shape = list(input_shape)
    elided = len(input_shape) - len(input_spec)  # the batch axis counts among them
    output = [output_shape] if isinstance(output_shape, int) else list(output_shape)
    output.insert(0, input_shape[0])
    if elided > 0 and elided_side == "left":
        for i in range(1, elided):  # (each one put right after the batch axis, as Keras does)
            output.insert(1, input_shape[i])
    elif elided > 0:
        output.extend(input_shape[len(input_shape) - elided:])
    # Where each letter sits in the input and in the output.
    shift = elided if elided_side == "left" else 0
    in_axis = {d: i + shift - (len(input_shape) if elided_side == "left" else 0)
               for i, d in enumerate(input_spec)}
    out_axis = {d: i + shift for i, d in enumerate(output_spec)}
    for d in input_spec:
        if d in out_axis and output[out_axis[d]] is not None and \
                output[out_axis[d]] != input_shape[in_axis[d]]:
            raise ValueError(f"Input shape and output shape do not match at shared dimension "
                             f"'{d}'. Input shape is {input_shape[in_axis[d]]}, and output "
                             f"shape is {output[out_axis[d]]}.")
    for d in output_spec:
        if d not in input_spec and d not in kernel_spec:
            raise ValueError(f"Dimension '{d}' was specified in the output '{output_spec}' but "
                             f"has no corresponding dim in the input spec '{input_spec}' or "
                             f"weight spec '{output_spec}'")
    kernel_shape = []
    for d in kernel_spec:
        if d in in_axis:
            kernel_shape.append(input_shape[in_axis[d]])
        elif d in out_axis:
            kernel_shape.append(output[out_axis[d]])
        else:
            raise ValueError(f"Weight dimension '{d}' did not have a match in either the input "
                             f"spec '{input_spec}' or the output spec '{output_spec}'. For "
                             "this layer, the weight must be fully specified.")
    bias_shape = None
    if bias_axes is not None:
        for d in bias_axes:
            if d not in output_spec:
                raise ValueError(f"Bias dimension '{d}' was requested, but is not part of the "
                                 f"output spec '{output_spec}'")
        first = min(output_spec.find(d) for d in bias_axes)
        bias_shape = [output[out_axis[d]] if d in bias_axes else 1 for d in output_spec[first:]]
        if elided_side != "left":
            bias_shape.extend([1] * max(elided, 0))
    return kernel_shape, bias_shape, output


class EinsumDense(KernelLayer):
    """``activation(einsum(equation, inputs, kernel) + bias)``."""

    def __init__(self, equation, output_shape, activation=None, bias_axes=None,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.equation = equation
        self.partial_output_shape = [output_shape] if isinstance(output_shape, int) \
            else list(output_shape)
        self.bias_axes = bias_axes
        self._set_kernel_options(activation, bias_axes is not None, kernel_initializer,
                                 bias_initializer, kernel_regularizer, bias_regularizer,
                                 kernel_constraint, bias_constraint)
        self.full_output_shape = None

    def build(self, input_shape):
        kernel_shape, bias_shape, self.full_output_shape = einsum_shapes(
            self.equation, self.bias_axes, TensorShape(input_shape).as_list(),
            self.partial_output_shape)
        self.kernel = self.add_weight("kernel", shape=kernel_shape,
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint, dtype=self.dtype,
                                      trainable=True)
        self.bias = None if bias_shape is None else self.add_weight(
            "bias", shape=bias_shape, initializer=self.bias_initializer,
            regularizer=self.bias_regularizer, constraint=self.bias_constraint,
            dtype=self.dtype, trainable=True)
        self.built = True

    def call(self, inputs):
        return self._add_bias_and_activate(math_ops.einsum(self.equation, inputs, self.kernel))

    def get_config(self):
        config = super().get_config()
        options = self._kernel_options_config()
        del options["use_bias"]
        # TF's order; the output shape is the list TF's layer tracks (shown as ListWrapper).
        config.update({"output_shape": ListWrapper(list(self.partial_output_shape)),
                       "equation": self.equation, "activation": options.pop("activation"),
                       "bias_axes": self.bias_axes})
        config.update(options)
        return config
