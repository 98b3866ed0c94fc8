"""What an observer (``context.observe``, the ``%%eager`` op log) receives for each op: an
``OpEvent``, with the line of user code that caused it."""

import os
import sys

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


class OpEvent:
    """One executed op as an observer sees it.

    ``name`` is the registry name (``"AddV2"``; ``"ReadVariableOp"`` for a Variable read),
    ``inputs``/``outputs`` are the Tensors (a Variable read has the Variable as its input),
    ``attrs`` the op's attributes, ``seconds`` the kernel time, and ``filename``/``lineno``
    the line of user code (the first frame outside the eagerbook package) that caused it.
    """

    __slots__ = ("name", "inputs", "outputs", "attrs", "seconds", "filename", "lineno", "op")

    def __init__(self, op, name, inputs, outputs, attrs, seconds, filename, lineno):
        self.op = op
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs
        self.seconds = seconds
        self.filename = filename
        self.lineno = lineno

    @property
    def location(self):
        return (self.filename, self.lineno)

    def __repr__(self):
        return (f"<OpEvent {self.name} at {os.path.basename(self.filename or '?')}:"
                f"{self.lineno} {self.seconds * 1e6:.1f}us>")


def user_location(skip=_PACKAGE_DIR):
    """(filename, lineno) of the innermost frame whose file is not inside eagerbook."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not filename.startswith(skip):
            return filename, frame.f_lineno
        frame = frame.f_back
    return None, None
