"""An error raised while TF would trace ``fit``'s, ``evaluate``'s or ``predict``'s step
function, worded as TF words it.

TF runs each step as a tf.function: the first step of a loop traces the step on symbolic
tensors, and a Python error raised then (a wrong feature count, a wrong rank, a model given
one input where it takes two) comes back framed:

    in user code:

        File ".../training.py", line 1398, in train_function  *
            return step_function(self, iterator)
        ...

        ValueError: Input 0 of layer "sequential" is incompatible with the layer: expected
        shape=(None, 4), found shape=(None, 5)

eagerbook runs that first step on the batch itself, so two things differ from the trace:

* the batch size: the trace sees it unknown (``None``) unless every batch of the data has
  the same size (arrays cut into whole batches, a dataset batched with drop_remainder);
  the shapes the message prints that start with this step's batch size read ``None`` then;
* the step's inputs: the trace's are the outputs of the data iterator's ``IteratorGetNext``
  node, which a message printing a tensor shows as ``<tf.Tensor 'IteratorGetNext:0' ...>``.

The frames listed are the Python frames from the step method down to the line that raised:
the user's own (a custom ``train_step`` or layer) and eagerbook's step method and raising
line where TF lists its own Keras files' (``training.py``, ``input_spec.py``).
"""

import linecache
import re
import traceback

from ...core import errors, nest
from ...core.tensor import Tensor

_PACKAGE_DIR = __file__.rsplit("/keras/", 1)[0]
_STEP_METHODS = {"train_step", "test_step", "predict_step"}
# The kinds TF raises again, framed, with the message alone (its other kinds keep theirs).
_FRAMED_KINDS = (ValueError, TypeError, AttributeError, IndexError, NameError,
                 NotImplementedError, AssertionError, RuntimeError)


def traced_step_error(exc, batch, traced_batch_size):
    """The error TF raises for `exc`, raised in the first step of a loop (the step that
    traces) on `batch`, when the trace's batch size is `traced_batch_size` (None: unknown).
    None: `exc` stays as it is (a kernel's error: TF's trace does not run kernels)."""
    if isinstance(exc, errors.OpError) or type(exc) not in _FRAMED_KINDS:
        return None
    flat = [t for t in nest.flatten(batch) if isinstance(t, Tensor)]
    message = _as_traced(str(exc), flat, traced_batch_size)
    lines = ["in user code:", ""] + _frames(exc.__traceback__) + [""]
    lines += ["    " + line for line in f"{type(exc).__name__}: {message}".split("\n")] + [""]
    framed = type(exc)("\n".join(lines))
    framed.__suppress_context__ = True
    return framed.with_traceback(exc.__traceback__)


def _as_traced(message, flat, traced_batch_size):
    """`message` with the step's tensors and their batch size as the trace saw them."""
    for index, tensor in enumerate(flat):
        shape = _traced_shape(tensor, traced_batch_size)
        message = message.replace(
            repr(tensor), f"<tf.Tensor 'IteratorGetNext:{index}' shape={shape} "
                          f"dtype={tensor.dtype.name}>")
    batch = flat[0].shape[0] if flat and flat[0].shape.rank else None
    if traced_batch_size is None and batch is not None:
        # "(8, 5)" -> "(None, 5)", "(8,)" -> "(None,)": a shape printed in the message
        message = re.sub(rf"\({batch}(?=,)", "(None", message)
    return message


def _traced_shape(tensor, traced_batch_size):
    dims = tensor.shape.as_list()
    if dims and traced_batch_size is None:
        dims[0] = None
    return tuple(dims)


def _frames(tb):
    """The frames from the step method to the raising line, without eagerbook's others."""
    frames = list(traceback.walk_tb(tb))
    start = next((i for i, (frame, _) in enumerate(frames)
                  if frame.f_code.co_name in _STEP_METHODS), 0)
    lines = []
    for i, (frame, lineno) in enumerate(frames[start:], start):
        code = frame.f_code
        ours = code.co_filename.startswith(_PACKAGE_DIR)
        if ours and i != start and i != len(frames) - 1:
            continue
        source = linecache.getline(code.co_filename, lineno, frame.f_globals).strip()
        lines += [f'    File "{code.co_filename}", line {lineno}, in {code.co_name}',
                  "        " + source]
    return lines
