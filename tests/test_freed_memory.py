"""glibc keeps freed memory for the next arrays (eagerbook/ops/freed_memory.py).

Counted in page faults, not timed: a step's worth of megabyte arrays, alive together and
freed together, must not come back on fresh pages the next time.
"""

import os
import platform
import resource
import subprocess
import sys

import numpy as np
import pytest

from eagerbook.ops import freed_memory

ON_GLIBC = platform.libc_ver()[0] == "glibc"
USER_SET = any(name in os.environ for name in freed_memory._USER_SETTINGS) \
    or os.environ.get("EAGERBOOK_KEEP_FREED_MEMORY") == "0"


def _faults_per_round(rounds=10):
    """Minor page faults per round of ten 1.4 MB arrays made, held together, then freed."""
    def one_round():
        held = [np.ones(346_112, np.float32) for _ in range(10)]  # a CNN step's activations
        del held
    one_round()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(rounds):
        one_round()
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / rounds


@pytest.mark.skipif(not ON_GLIBC, reason="the setting is glibc's (nothing changes elsewhere)")
@pytest.mark.skipif(USER_SET, reason="this run's environment sets malloc's thresholds itself")
def test_arrays_freed_together_are_reused_without_page_faults():
    assert freed_memory.KEPT
    # With glibc's own thresholds each round touches ~3,400 fresh pages (14 MB).
    assert _faults_per_round() < 100


_CHILD = """
import resource, sys
sys.path.insert(0, {tests!r})
from test_freed_memory import _faults_per_round
import eagerbook
from eagerbook.ops import freed_memory
print(freed_memory.KEPT, _faults_per_round())
"""


@pytest.mark.skipif(not ON_GLIBC, reason="the setting is glibc's (nothing changes elsewhere)")
@pytest.mark.parametrize("setting", [("EAGERBOOK_KEEP_FREED_MEMORY", "0"),
                                     ("MALLOC_TOP_PAD_", "131072")])
def test_a_users_own_setting_is_left_alone(setting):
    # Turned off, or with the user's own malloc setting, glibc keeps its defaults -- and
    # the arrays fault again, which is also what shows the test above can fail.
    env = {k: v for k, v in os.environ.items()
           if k not in freed_memory._USER_SETTINGS and k != "EAGERBOOK_KEEP_FREED_MEMORY"}
    env[setting[0]] = setting[1]
    out = subprocess.run([sys.executable, "-c",
                          _CHILD.format(tests=os.path.dirname(__file__))],
                         env=env, capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == "False"
    assert float(out[1]) > 1000
