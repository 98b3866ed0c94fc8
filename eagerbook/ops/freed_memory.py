"""glibc keeps freed memory for the next arrays (a process-wide choice, kept here).

An eager training step allocates its activations and gradients -- arrays of a megabyte and
more -- keeps them until the backward pass, and frees them together when the step ends. With
glibc's defaults the freed top of the heap then goes back to the kernel (the trim threshold
follows the largest block freed so far, a few megabytes), so the next step's arrays land on
fresh pages and pay a page fault for each 4 KiB they touch. The guide CNN's training step
(two 16-channel convolutions on a batch of 32 28x28 images) took ~2,900 page faults and
18-21 ms of CPU per step in a process of its own, against ~11 ms without the faults.

So on glibc eagerbook sets two of malloc's parameters once, when it is imported: blocks
under 32 MB come from the heap instead of a mapping of their own (unmapped again on free),
and the heap keeps up to 256 MB of freed memory at its top instead of trimming it. The cost:
the process keeps the memory of its peak use (plus at most 256 MB) instead of returning it,
as a caching allocator does. Arrays of 32 MB or more are mapped and unmapped as before.

Settings a user made are kept: with MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_ or
MALLOC_TOP_PAD_ in the environment, or EAGERBOOK_KEEP_FREED_MEMORY=0, nothing changes.
Nothing changes on other C libraries either (macOS, musl).
"""

import ctypes
import os
import platform

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # mallopt's parameter numbers (malloc.h)
MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 256 << 20
_USER_SETTINGS = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_")


def _keep_freed_memory():
    """Sets glibc's thresholds; True if they were set."""
    if os.environ.get("EAGERBOOK_KEEP_FREED_MEMORY", "1") == "0" \
            or any(name in os.environ for name in _USER_SETTINGS) \
            or platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    # (Setting either turns off glibc's moving thresholds, so both are set.)
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
                and mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))


KEPT = _keep_freed_memory()
