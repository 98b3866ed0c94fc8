"""The op layer: registry + kernels + gradient rules, grouped by family."""

import warnings

from . import (  # noqa: F401 - imported to register every family's ops
    array_ops,
    candidate_sampling_ops,
    complex_gradients,
    complex_ops,
    ctc_ops,
    diagonal_ops,
    embedding_ops,
    example_ops,
    functional_ops,
    image_ops,
    incomplete_gamma_ops,
    jpeg_ops,
    linalg_ops,
    lookup_ops,
    lu_ops,
    manip_ops,
    math_ops,
    nn_impl_ops,
    nn_ops,
    operators,
    png_ops,
    quantization_ops,
    ragged_dispatch,
    ragged_ops,
    random_ops,
    scatter_ops,
    script_ops,
    signal_ops,
    sort_ops,
    sparse_ops,
    special_math_ops,
    string_ops,
    variable_ops,
)
from .registry import REGISTRY, OpDef, execute, register

operators.install()

# TensorFlow computes inf and nan silently (log(0) is -inf, 0/0 is nan); NumPy warns. Silence
# NumPy's floating-point RuntimeWarnings raised inside our kernels and a Variable's eager
# assign_add/assign_sub only -- a warnings filter costs nothing per op, unlike wrapping every
# kernel in np.errstate. (Kernels call ufuncs, not NumPy's Python wrappers such as x.sum(),
# whose warnings would name NumPy's module instead.)
warnings.filterwarnings("ignore", category=RuntimeWarning,
                        module=r"eagerbook\.(ops\.|core\.variable$)")

__all__ = ["REGISTRY", "OpDef", "execute", "register", "array_ops", "math_ops"]
