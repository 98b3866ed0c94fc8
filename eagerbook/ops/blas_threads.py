"""One BLAS thread for the convolution kernels' matrix products (a hot-path choice, kept here).

A convolution's matrix products are skinny (thousands of rows against 9-144 columns and 16
outputs) and memory-bound: a second BLAS thread gains little on them. But when the machine's
cores are busy with other work -- a shared machine, a notebook beside a test suite -- an
OpenBLAS helper thread waits for its share by spinning, and each product gets 10-70 times
slower (measured on a two-core machine under load: a 32-image 3x3 conv filter gradient took
0.55 ms with one thread and 16.6 ms of CPU with two). So the convolution kernels run their
products with one thread and restore the user's setting afterwards.

Why one thread even on an idle two-core machine: a second thread could at best halve a
product's wall time, and these products are a few milliseconds each, split into per-block
calls too small to share well; the cost of being wrong under load is 10-70x. Benchmarks time
CPU seconds, which a second thread never lowers.

The setting is process-wide: OpenBLAS keeps one thread count for the whole process. While a
convolution kernel runs, a matrix product in another Python thread also runs on one BLAS
thread; when the last running convolution returns, the count set before it (the user's
OPENBLAS_NUM_THREADS, threadpoolctl limits, or OpenBLAS's default) is restored.

NumPy has no API for this; its wheels bundle OpenBLAS, whose thread-count functions we call
through ctypes. If NumPy uses another BLAS, or the library is not found, `one_blas_thread`
leaves kernels unchanged.
"""

import ctypes
import functools
import glob
import os
import threading

import numpy as np


def _openblas_thread_functions():
    """(get, set) of the OpenBLAS bundled with NumPy's wheel, or None."""
    root = os.path.dirname(np.__file__)
    candidates = glob.glob(os.path.join(os.path.dirname(root), "numpy.libs", "*openblas*")) + \
        glob.glob(os.path.join(root, ".dylibs", "*openblas*"))
    for path in sorted(candidates):
        try:
            library = ctypes.CDLL(path)  # already loaded by NumPy: the same library
        except OSError:
            continue
        for prefix, suffix in (("scipy_openblas_", "64_"), ("scipy_openblas_", ""),
                               ("openblas_", "64_"), ("openblas_", "")):
            get = getattr(library, f"{prefix}get_num_threads{suffix}", None)
            set_ = getattr(library, f"{prefix}set_num_threads{suffix}", None)
            if get is not None and set_ is not None:
                return get, set_
    return None


_FUNCTIONS = _openblas_thread_functions()
_lock = threading.Lock()
_inside = 0  # kernels running with one thread, in any Python thread
_saved = 1  # the thread count to restore when the last of them returns


def _enter():
    global _inside, _saved
    get, set_ = _FUNCTIONS
    with _lock:
        if _inside == 0:
            _saved = get()
            if _saved != 1:
                set_(1)
        _inside += 1


def _leave():
    global _inside
    with _lock:
        _inside -= 1
        if _inside == 0 and _saved != 1:
            _FUNCTIONS[1](_saved)


def one_blas_thread(kernel):
    """Decorator: `kernel` runs its BLAS calls on one thread (a no-op without OpenBLAS)."""
    if _FUNCTIONS is None:
        return kernel

    @functools.wraps(kernel)
    def run(*args, **kwargs):
        _enter()
        try:
            return kernel(*args, **kwargs)
        finally:
            _leave()
    return run


def blas_threads():
    """The current OpenBLAS thread count (None without OpenBLAS); for tests and benchmarks."""
    return None if _FUNCTIONS is None else _FUNCTIONS[0]()
