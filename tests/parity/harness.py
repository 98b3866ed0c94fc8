"""Runs a snippet of TF 2 code with ``tf`` bound to a module and returns what it printed.

The parity tables hold snippets in the style of TensorFlow's guides with the output that
TensorFlow itself prints for them, written out as literals (so the tests never need
TensorFlow); ``run_snippet(code, eagerbook)`` must print exactly that.
"""

import contextlib
import dataclasses
import io
import itertools
import linecache
import textwrap

import numpy as np


@dataclasses.dataclass
class ParityCase:
    name: str
    code: str
    expected: str


_serial = itertools.count()


def run_snippet(code, tf_module):
    source = textwrap.dedent(code)
    # Registered with linecache as if it were a file: AutoGraph (TF's and eagerbook's) reads
    # a function's source through inspect, as it does for code in a notebook cell.
    filename = f"<parity snippet {next(_serial)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    out = io.StringIO()
    scope = {"tf": tf_module, "np": np, "__name__": "__snippet__"}
    with contextlib.redirect_stdout(out):
        exec(compile(source, filename, "exec"), scope)
    return out.getvalue()
