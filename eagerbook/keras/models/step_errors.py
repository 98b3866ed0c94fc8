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

A kernel's error (a label or an index out of range, strings cast to floats) is no error of
the trace: in TF it comes when the traced function runs, at any step, worded as a failing
graph node's ("Graph execution error:", ... "[[{{node ...}}]] [Op:__inference_train_function_N]");
``graph_execution_error`` words it so.

The frames listed are the Python frames from the step method down to the line that raised:
the user's own (a custom ``train_step`` or layer) and eagerbook's step method and raising
line where TF lists its own Keras files' (``training.py``, ``input_spec.py``).
"""

import itertools
import linecache
import re
import traceback
import weakref

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


def graph_execution_error(exc, steps, kind):
    """The error TF raises for the kernel error `exc` of a step of the traced step function
    `steps` ("train", "test" or "predict"): the failing node's, as a compiled function words
    it (``Graph execution error:``, where the node was defined, the kernel's message, then
    ``[[{{node ...}}]] [Op:__inference_train_function_N]``). None: `exc` is no kernel's.

    The node's name is TF's scope of it as far as Keras makes one: the layers (and the loss)
    whose call was running, outermost first, then the kernel's op (TF may name an op of a
    layer after the function that made it: ``embedding_lookup`` for Embedding's gather)."""
    original = exc
    while getattr(original, "_keras_layer_framed", None) is not None:
        original = original._keras_layer_framed  # (no layer frames a graph node's error)
    if not isinstance(original, errors.OpError):
        return None
    op = re.search(r"\[Op:(\w+)\]", original.message)
    if op is None:
        return None
    op_name = _SCOPED_OPS.get(op.group(1), op.group(1))
    node = "/".join(_keras_scopes(exc.__traceback__) + [op_name])
    frames = "".join(f'  File "{file}", line {line}, in {name}\n\n'
                     for file, line, name in _definition_site(exc.__traceback__))
    number = _FUNCTION_NUMBERS.get(steps) or _FUNCTION_NUMBERS.setdefault(
        steps, next(_NEXT_NUMBER))
    function = f"__inference_{kind}_function_{number}"
    message = (f"Graph execution error:\n\nDetected at node {node} defined at (most recent "
               f"call last):\n{frames}{errors.kernel_message(original.message)}\n\t "
               f"[[{{{{node {node}}}}}]] [Op:{function}]")
    framed = type(original)(None, None, message)
    framed.__suppress_context__ = True
    return framed.with_traceback(exc.__traceback__)


_OPS_DIR = _PACKAGE_DIR + "/ops/"
# The number each step function's runtime name ends with (TF numbers every function it
# traces; one number per model and kind here).
_FUNCTION_NUMBERS = weakref.WeakKeyDictionary()
_NEXT_NUMBER = itertools.count(1)
# Ops whose TF function opens a name scope of the op's name around it (the node's name then
# repeats it): the cross-entropy of integer labels that Keras's sparse losses run.
_SCOPED_OPS = {"SparseSoftmaxCrossEntropyWithLogits":
               "SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits"}


def _keras_scopes(tb):
    """The names of the Keras layers and losses whose calls the traceback runs through."""
    from ..layers.base import Layer  # (the layers sit above the models' helpers' imports)
    from ..losses import Loss

    names = []
    for frame, _ in traceback.walk_tb(tb):
        owner = frame.f_locals.get("self")
        if frame.f_code.co_name == "__call__" and isinstance(owner, (Layer, Loss)) and \
                (not names or names[-1] != owner.name):
            names.append(owner.name)
    return names


def _definition_site(tb):
    """(file, line, function) of the frames TF lists where a node was defined: the user's
    frames around the loop, then those from the step method down, eagerbook's included."""
    outer = [(f.filename, f.lineno, f.name) for f in traceback.extract_stack(tb.tb_frame)
             if not f.filename.startswith(_PACKAGE_DIR) and
             not f.filename.endswith("contextlib.py")]
    inner = [(frame.f_code.co_filename, lineno, frame.f_code.co_name)
             for frame, lineno in traceback.walk_tb(tb)]
    start = next((i for i, (_, _, name) in enumerate(inner) if name in _STEP_METHODS), 0)
    end = next((i for i, (file, _, _) in enumerate(inner) if i > start and
                file.startswith(_OPS_DIR)), len(inner))  # (not the op's own machinery)
    return outer + inner[start:end]


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
