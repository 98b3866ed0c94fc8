"""Where TF keeps its eager tensor class (``tensorflow.python.framework.ops.EagerTensor``):
eagerbook's EagerTensor names this module as its home, so ``type(t)`` prints as TF's does
(``<class '...framework.ops.EagerTensor'>``) and a pickled tensor class is found here."""

from ..core.tensor import EagerTensor, Tensor, convert_to_tensor

__all__ = ["EagerTensor", "Tensor", "convert_to_tensor"]
