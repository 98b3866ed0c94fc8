"""Tracebacks for learners: eagerbook's own frames hidden, one hint for common mistakes.

As TensorFlow does since 2.7, a traceback shown to the user keeps the user's frames and the
op's TF-style message, and hides the frames inside the library (3 to 20 of them for a failing
op, a gradient or a ``tf.function`` call). ``tf.debugging.disable_traceback_filtering()``
shows everything again, for debugging eagerbook itself.

Where TF re-raises at each public API boundary, eagerbook filters where a traceback is
*shown*: ``sys.excepthook`` for scripts and the console (installed by ``import eagerbook``
unless another hook is already there) and IPython's traceback display (installed by
``%load_ext eagerbook``). So the per-op road pays nothing, and an exception the user catches
keeps its full traceback for ``pdb``.

A hint is one line added *after* TF's message as a PEP 678 note (``add_note``; on Python 3.10
the ``__notes__`` list is set directly and printed by our hook and by IPython), so the message
text itself stays exactly TF's.
"""

import os
import re
import sys
import types

from ..core import errors

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
# Generated code of a tf.function and AutoGraph helpers are eagerbook's too.
_INTERNAL_NAMES = ("<eagerbook", "<tf.function ")

_filtering = [True]


# --- the switch (tf.debugging) ----------------------------------------------------------------
def enable_traceback_filtering():
    """Hide eagerbook's internal frames in tracebacks (the default, as TF >= 2.7)."""
    _filtering[0] = True


def disable_traceback_filtering():
    """Show every frame, eagerbook's own included."""
    _filtering[0] = False


def is_traceback_filtering_enabled():
    return _filtering[0]


# --- filtering --------------------------------------------------------------------------------
def is_internal_frame(frame):
    filename = frame.f_code.co_filename
    return filename.startswith(_PACKAGE_DIR) or filename.startswith(_INTERNAL_NAMES)


def filter_traceback(tb):
    """The traceback `tb` without eagerbook's frames (unchanged if nothing else is left)."""
    kept = []
    while tb is not None:
        if not is_internal_frame(tb.tb_frame):
            kept.append(tb)
        tb = tb.tb_next
    if not kept:
        return None
    filtered = None
    for entry in reversed(kept):  # rebuild the chain innermost first
        filtered = types.TracebackType(filtered, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return filtered


def prepare_for_display(exc, tb=None):
    """Adds the hint to `exc` and returns its traceback to show (filtered when enabled).

    Chained exceptions (``__cause__``/``__context__``) are filtered too, since Python prints
    them from their own ``__traceback__``.
    """
    tb = exc.__traceback__ if tb is None else tb
    add_hint(exc)
    if not _filtering[0]:
        return tb
    seen = {id(exc)}
    chained = exc.__cause__ or exc.__context__
    while chained is not None and id(chained) not in seen:
        seen.add(id(chained))
        short = filter_traceback(chained.__traceback__)
        if short is not None:
            chained.__traceback__ = short
        chained = chained.__cause__ or chained.__context__
    short = filter_traceback(tb)
    return tb if short is None else short


def _excepthook(etype, value, tb):
    tb = prepare_for_display(value, tb)
    value.__traceback__ = tb  # Python >= 3.11 prints the exception's own __traceback__
    if sys.version_info < (3, 11) and getattr(value, "__notes__", None):
        sys.__excepthook__(etype, value, tb)  # Python 3.10 does not print notes itself
        for note in value.__notes__:
            print(note, file=sys.stderr)
        return
    sys.__excepthook__(etype, value, tb)


def install_excepthook():
    """Filters uncaught exceptions in scripts and the console, unless a hook is already set
    (IPython, a debugger, an IDE): those keep theirs."""
    if sys.excepthook is sys.__excepthook__:
        sys.excepthook = _excepthook


# --- hints ------------------------------------------------------------------------------------
HINT_PREFIX = "hint: "

_DTYPE_MIX = re.compile(r"cannot compute (?:_Mkl(?:Native)?)?(\w+) as input #(\d+)\(zero-based\) "
                        r"was expected to be a (\w+) tensor but is a (\w+) tensor")
_GRAPH_DTYPE_MIX = re.compile(r"Input '\w+' of '(\w+)' Op has type (\w+) that does not match "
                              r"type (\w+) of argument")
_KERNEL_NAMES = {"float32": "float", "float64": "double"}  # as the eager message names them
_CONVERT = re.compile(r"Cannot convert (.+) to EagerTensor of dtype (\w+)")
_MATMUL = re.compile(r"Matrix size-incompatible: In\[0\]: \[([\d, ]+)\], In\[1\]: \[([\d, ]+)\]")
_RANK = re.compile(r"In\[0\] and In\[1\] has different ndims: (\[[\d,]*\]) vs\. (\[[\d,]*\])")
# (Eigen's words end in the rank, oneDNN's MatMul says no more: ops/kernel_errors.py)
_VECTOR = re.compile(r"In\[\d\](?: and In\[1\])? ndims must be [>=]= 2(?:: [01]\b| \[Op:)")
_BATCH_MATMUL = re.compile(r"MatMulV?2? cannot run on inputs \(\w+\(([\d, ]+)\), "
                           r"\w+\(([\d, ]+)\)\)")


def _dims(text):
    return [int(d) for d in text.replace(" ", "").split(",") if d]


def _matmul_hint(a, b):
    if len(a) < 2 or len(b) < 2:
        return None
    inner_a, inner_b = a[-1], b[-2]
    if inner_a == inner_b:
        return None
    advice = ""
    if a[-1] == b[-1]:
        advice = "; b transposed would fit: tf.matmul(a, b, transpose_b=True)"
    elif a[-2] == b[-2]:
        advice = "; a transposed would fit: tf.matmul(a, b, transpose_a=True)"
    return (f"tf.matmul(a, b) needs a's last dimension to equal b's second-to-last: a is "
            f"{a} (inner {inner_a}), b is {b} (inner {inner_b}){advice}.")


def hint_for(exc):
    """One line of advice for a common mistake, or None. Never changes the message."""
    message = str(exc)
    if isinstance(exc, errors.InvalidArgumentError):
        found = _DTYPE_MIX.search(message)
        if found:
            op, _, want, got = found.groups()
            return (f"{op} got {_a(want)} and {_a(got)} tensor: TensorFlow never converts dtypes "
                    f"silently. Convert one first, e.g. tf.cast(x, tf.{_tf_name(want, got)}).")
        found = _RANK.search(message)
        if found or _VECTOR.search(message):
            shapes = f"these are shapes {found.group(1)} and {found.group(2)}" if found else \
                "an operand here is a vector"
            return (f"tf.matmul multiplies matrices, and {shapes}: make a vector a 1-row or "
                    "1-column matrix with tf.reshape (or use tf.tensordot / tf.reduce_sum(a * b) "
                    "for a dot product).")
        for pattern in (_MATMUL, _BATCH_MATMUL):
            found = pattern.search(message)
            if found:
                return _matmul_hint(_dims(found.group(1)), _dims(found.group(2)))
    if isinstance(exc, TypeError):
        found = _GRAPH_DTYPE_MIX.search(message)  # the same mistake inside tf.function
        if found:
            op, got, want = found.groups()
            want, got = _KERNEL_NAMES.get(want, want), _KERNEL_NAMES.get(got, got)
            return (f"{op} got {_a(want)} and {_a(got)} tensor: TensorFlow never converts dtypes "
                    f"silently. Convert one first, e.g. tf.cast(x, tf.{_tf_name(want, got)}).")
        found = _CONVERT.search(message)
        if found:
            return (f"{found.group(1)} cannot become a {found.group(2)} tensor without losing "
                    f"information: use a tensor of the same dtype, or tf.cast(x, tf.float32) "
                    f"the {found.group(2)} one first.")
    if isinstance(exc, RuntimeError) and "non-persistent GradientTape" in message:
        return ("a tape releases its record after the first gradient() call: open it with "
                "tf.GradientTape(persistent=True) to ask for several gradients (then `del tape`).")
    if isinstance(exc, (TypeError, AttributeError)) and "NoneType" in message:
        return _none_gradient_hint()
    return None


def _a(word):
    return ("an " if word[0] in "aeiou" or word.startswith("int") else "a ") + word


def _tf_name(want, got):
    # "float" in TF's message means float32; suggest the floating side.
    for name in (want, got):
        if name.startswith("float") or name in ("half", "double"):
            return "float32" if name == "float" else name
    return want


def add_hint(exc):
    """Attaches ``hint_for(exc)`` as a note (once)."""
    try:
        hint = hint_for(exc)
    except Exception:  # noqa: BLE001 - a hint must never hide the real error
        return exc
    if hint is None:
        return exc
    line = HINT_PREFIX + hint
    notes = getattr(exc, "__notes__", None)
    if notes is not None and line in notes:
        return exc
    if hasattr(exc, "add_note"):
        exc.add_note(line)
    else:  # Python 3.10
        exc.__notes__ = [*(notes or []), line]
    return exc


# --- None gradients: remembered at gradient() so a later NoneType error can explain itself ----
_last_none_gradient = [None]  # (description of the source, reason) of the latest None gradient


def note_gradient(tape, targets, seeds, sources, grads):
    """A ``GradientTape`` listener: remembers why the latest gradient call returned None."""
    from ..core.tensor import EagerTensor  # noqa: PLC0415 - only when a gradient was taken

    flat_sources = sources if isinstance(sources, (list, tuple)) else [sources]
    flat_grads = grads if isinstance(grads, (list, tuple)) else [grads]
    _last_none_gradient[0] = None
    for source, grad in zip(flat_sources, flat_grads):
        if grad is not None:
            continue
        dtype = getattr(source, "dtype", None)
        if dtype is not None and not (dtype.is_floating or dtype.is_complex):
            _last_none_gradient[0] = (_describe(source), f"its dtype is {dtype.name}: only "
                                      "floating-point tensors have gradients. Make it a float "
                                      "(3.0, not 3) or tf.cast it before the tape")
        elif type(source) is EagerTensor:
            _last_none_gradient[0] = (_describe(source), "the tape never watched it: a "
                                      "tf.constant is not watched automatically, call "
                                      "tape.watch(x) inside the `with` block (Variables are "
                                      "watched for you)")
        else:
            _last_none_gradient[0] = (_describe(source), "the target does not depend on it "
                                      "through ops the tape recorded")
        return


def _describe(source):
    shape = getattr(source, "shape", None)
    dtype = getattr(source, "dtype", None)
    kind = type(source).__name__
    return f"a {kind} of shape {shape} and dtype {getattr(dtype, 'name', dtype)}"


def _none_gradient_hint():
    latest = _last_none_gradient[0]
    if latest is None:
        return None
    what, why = latest
    return f"the last tape.gradient() returned None for {what}: {why}."


__all__ = ["enable_traceback_filtering", "disable_traceback_filtering",
           "is_traceback_filtering_enabled", "filter_traceback", "hint_for", "add_hint"]
