"""The backend functions that build on models and losses (``tf.keras.backend.function``,
``sparse_categorical_crossentropy``): backend.py sits below both, so keras/__init__.py
attaches these to it."""

from ..core.tensor import convert_to_tensor
from . import losses
from .models import Model


def function(inputs, outputs, updates=None, name=None, **kwargs):
    """``K.function(inputs, outputs)``: a Python function from a list of input values (one per
    symbolic input) to the outputs' values as NumPy arrays; TF 2 runs it as a Keras model
    over those symbolic tensors, and so does this."""
    if updates:
        raise ValueError("`updates` argument is not supported during eager execution. You "
                         f"passed: {updates}")
    model = Model(inputs=inputs, outputs=outputs)

    def func(model_inputs):
        results = model(model_inputs)
        if isinstance(outputs, (list, tuple)):  # a list of outputs gives a list of arrays
            results = results if isinstance(results, (list, tuple)) else [results]
            return [r.numpy() for r in results]
        return results.numpy()
    return func


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Cross-entropy of integer labels, computed as TF computes it (the log of the clipped
    probabilities as logits, so its float32 digits are TF's): Keras's loss function."""
    output = convert_to_tensor(output)
    if axis not in (-1, output.shape.rank - 1):
        raise NotImplementedError("sparse_categorical_crossentropy over an axis other than "
                                  "the last")
    return losses.sparse_categorical_crossentropy(target, output, from_logits=from_logits)
