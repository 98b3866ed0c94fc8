"""``tf.sysconfig``: how the library was built, for compiling extensions against it.

eagerbook is pure Python over NumPy: it has no C++ headers or shared library to compile or
link custom ops against, so the flag lists are empty and the build information says so; the
include and library directories name the package's own folder.
"""

import os

CXX11_ABI_FLAG = 0
CXX_VERSION = 0
MONOLITHIC_BUILD = 0

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def get_build_info():
    """What the build includes: no CUDA, ROCm or TensorRT (nothing compiled at all)."""
    return {"is_cuda_build": False, "is_rocm_build": False, "is_tensorrt_build": False}


def get_compile_flags():
    """Compiler flags for building an extension: none (there is no C++ API)."""
    return []


def get_link_flags():
    """Linker flags for building an extension: none (there is no shared library)."""
    return []


def get_include():
    """The package's directory (TF's headers would be under it; eagerbook has none)."""
    return _PACKAGE_DIR


def get_lib():
    """The package's directory (TF's shared library would be there; eagerbook has none)."""
    return _PACKAGE_DIR
