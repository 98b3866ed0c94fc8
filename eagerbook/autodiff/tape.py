"""``tf.GradientTape``: record ops while they run, then sweep backwards for gradients.

The algorithm is TF's:

* While recording, the tape marks the tensors it *tracks*: the ones you watched
  (and trainable Variables read inside the tape) plus every floating output of an op that had
  a tracked input. Each such op becomes an entry holding its inputs and outputs, because the
  gradient rules need them.
* ``gradient`` walks those entries in reverse recording order (a valid reverse topological
  order, and a loop rather than recursion, so a million-op chain is fine). Each entry receives
  the summed gradient of its outputs, zeros for outputs nobody used, and passes gradients to
  its inputs through the op's registered rule.
* A non-persistent tape drops its entries after one ``gradient`` call, freeing the saved
  intermediate tensors.
"""

import contextlib
import enum
import weakref

import numpy as np

from ..core import context, dtypes, logs, nest
from ..core.tensor import EagerTensor, Tensor, _from_numpy, convert_to_tensor
from ..ops import complex_gradients, math_ops
from ..ops.backprop import GRADIENT_DTYPES, backprop, carries_gradient
from ..ops.registry import REGISTRY, execute
from ..ops.support import FLOAT_SET
from ..ops.variable_ops import READ_VARIABLE
from . import composites, jacobians, tape_errors, tape_marks
from .tape_marks import tracks_any


class UnconnectedGradients(enum.Enum):
    """What ``gradient`` returns for a source the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


# Called as listener(gradient_tape, targets, seeds, sources, gradients) by every ``gradient``
# call, before a non-persistent tape frees its entries: the notebook's TapeView and ``%%eager``
# keep what they need to draw the tape. Empty (one list check) unless the extension is in use.
gradient_listeners = []

class Tape:
    """The recording itself (a recorder in the dispatcher's sense). Each tensor it tracks
    carries its `mark` (see tape_marks.py): "is this input tracked?" is a slot read."""

    def __init__(self, watch_accessed_variables):
        self.watch_accessed_variables = watch_accessed_variables
        self.records = []  # (op, inputs, output or outputs, attrs) per kept op, in order
        self.mark = weakref.ref(self)  # (weak: a tensor outliving the tape keeps nothing alive)
        self.watched_tensors = []
        self.watched_variables = {}  # id -> Variable, in watch order (Variables are not marked)

    entries = property(lambda self: tape_marks.as_entries(self.records))  # OpRecords, for viewers
    tracked = property(tape_marks.tracked_objects)  # id -> tensor or Variable, for viewers

    # --- recorder protocol ----------------------------------------------------------------------
    def record(self, op, inputs, outputs, attrs):
        """Any op, with other recorders or in a trace (outputs may be shared: marks merge)."""
        if op is READ_VARIABLE:
            self._read(inputs, outputs[0], attrs)
        elif op.differentiable and tape_marks.tracks_any(self, inputs):
            self.records.append((op, inputs, outputs[0] if len(outputs) == 1 else outputs, attrs))
            for y in outputs:
                if carries_gradient(y):  # floats (and TensorArrays) carry gradients
                    tape_marks.mark(y, self.mark)

    def record_one(self, op, inputs, output, attrs):
        """``record`` of a one-output op that made `output` now (the dispatcher's call when this
        is the thread's only recorder): the common cases spelled out (a loop costs more)."""
        mark = self.mark
        try:  # (AttributeError: a Variable input, or a tensor made without its mark slot set)
            if len(inputs) == 2:
                first, second = inputs[0]._tape_mark, inputs[1]._tape_mark
                tracked = first is mark or second is mark or (
                    (first is not None or second is not None) and tracks_any(self, inputs))
            elif op is READ_VARIABLE:
                return self._read(inputs, output, attrs)
            elif len(inputs) == 1:
                first = inputs[0]._tape_mark
                tracked = first is mark or (first is not None and tracks_any(self, inputs))
            else:
                tracked = tracks_any(self, inputs)
        except AttributeError:
            tracked = tracks_any(self, inputs)
        if tracked and op.differentiable:
            self.records.append((op, inputs, output, attrs))
            if output._dtype in FLOAT_SET or output._dtype in GRADIENT_DTYPES:
                output._tape_mark = mark  # (a new tensor: no other tape marked it)

    def _read(self, inputs, tensor, attrs):
        """A Variable was read: kept if watched; a trainable one is watched at its first read
        (only float Variables: TF gives an integer one a None gradient)."""
        variable = inputs[0]
        if id(variable) not in self.watched_variables:
            if not (self.watch_accessed_variables and variable._trainable
                    and variable._dtype in _WATCHABLE):
                return
            self.watched_variables[id(variable)] = variable
        self.records.append((READ_VARIABLE, inputs, tensor, attrs))
        tape_marks.mark(tensor, self.mark)

    # --- watching -------------------------------------------------------------------------------
    def watch_variable(self, variable):
        if variable.dtype in _WATCHABLE:
            self.watched_variables.setdefault(id(variable), variable)

    def watch_tensor(self, tensor):
        self.watched_tensors.append(tensor)
        tape_marks.mark(tensor, self.mark)


class GradientTape:
    """Records operations for automatic differentiation (``tf.GradientTape``)."""

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = bool(persistent)
        self._watch_accessed_variables = bool(watch_accessed_variables)
        self._tape = None
        self._recording = False
        self._used = False  # a non-persistent tape that already computed gradients
        self._released_variables = ()  # what watched_variables() reports once entries are freed

    # --- recording --------------------------------------------------------------------------------
    def __enter__(self):
        self._push()
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._recording:
            self._pop()
        return False

    def _push(self):
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to re-enter "
                             "an already-active tape.")
        if self._tape is None:
            self._tape = Tape(self._watch_accessed_variables)
        context.push_recorder(self._tape)
        self._recording = True

    def _pop(self):
        context.pop_recorder(self._tape)
        self._recording = False

    @contextlib.contextmanager
    def stop_recording(self):
        """A context in which ops are not recorded (``with tape.stop_recording():``)."""
        if not self._recording:
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        self._pop()
        try:
            yield
        finally:
            self._push()

    def reset(self):
        """Forgets everything recorded so far, while the tape records (else TF's ValueError)."""
        if not self._recording:
            raise ValueError("Tape is not recording.")
        self._pop()
        self._tape = None
        self._used = False
        self._released_variables = ()
        self._push()

    def watch(self, tensor):
        """Starts tracking tensors or Variables (any nested structure of them)."""
        if self._tape is None:
            self._tape = Tape(self._watch_accessed_variables)
        for item in composites.expand(nest.flatten(tensor)):  # (a RaggedTensor: its values)
            if isinstance(item, Tensor):
                watch = self._tape.watch_tensor
            elif hasattr(type(item), "_as_tensor") and hasattr(item, "trainable"):
                watch = self._tape.watch_variable
            else:
                raise ValueError(f"Passed in object {item} of type {type(item).__name__!r}"
                                 ", not tf.Tensor or tf.Variable or ExtensionType.")
            if item.dtype not in _WATCHABLE:
                logs.logger.warning(f"The dtype of the watched tensor must be floating (e.g. "
                                    f"tf.float32), got {item.dtype!r}")
                continue
            watch(item)

    def watched_variables(self):
        """The Variables this tape watches, oldest first (still listed after a `gradient`
        call), as TF lists them."""
        watched = self._released_variables if self._tape is None else \
            self._tape.watched_variables.values()
        return tuple(sorted(watched, key=lambda v: getattr(v, "_unique_id", 0)))  # made first

    # --- the backward sweep -----------------------------------------------------------------------
    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """d(sum of targets)/d(source) for every source, in the structure of `sources`."""
        if self._used:
            self._check_usable("gradient")
        tape_errors.check_target(target)
        unconnected = unconnected_gradients  # (an Enum call costs a few thousand instructions)
        if type(unconnected) is not UnconnectedGradients:
            unconnected = tape_errors.unconnected_option(unconnected, UnconnectedGradients)
        if self._recording and self._persistent:
            logs.logger.warning(
                "Calling GradientTape.gradient on a persistent tape inside its context is "
                "significantly less efficient than calling it outside the context (it causes the "
                "gradient ops to be recorded on the tape, leading to increased CPU and memory "
                "usage). Only call GradientTape.gradient inside the context if you actually want "
                "to trace the gradient in order to compute higher order derivatives.")
        # A Variable may be a target: d v / d v is ones, as TF differentiates its handle.
        flat_targets = [target] if type(target) is EagerTensor else [  # (a lone loss: no walk)
            _as_target(t, allow_variable=True) for t in nest.flatten(target)]
        plain = composites.plain_sources(sources)  # `[w, b]`: nothing to walk, check or rebuild
        flat_sources = composite_sources = list(sources) if plain else nest.flatten(sources)
        if not plain and composites.any_composite(flat_sources):  # RaggedTensors: their values
            flat_sources = list(map(composites.differentiable, flat_sources))
        if not plain:
            composites.check_sources(flat_sources)
        flat_seeds = [None] * len(flat_targets)  # None: seeded with ones (_ones_seed)
        if output_gradients is not None:
            flat_seeds = nest.flatten(output_gradients)
            if len(flat_seeds) != len(flat_targets):
                raise ValueError("target and output_gradients must have the same structure")
            flat_seeds = [None if g is None else convert_to_tensor(
                composites.differentiable(g), dtype=t.dtype)
                for g, t in zip(flat_seeds, flat_targets)]
        grads = self._backward(flat_targets, flat_seeds, flat_sources, unconnected, slices=True)
        for listener in tuple(gradient_listeners):
            listener(self, flat_targets, flat_seeds, flat_sources, grads)
        if not self._persistent:
            self._release()
        if plain:  # (what nest.pack_sequence_as builds for a flat list or tuple)
            return list(grads) if type(sources) is list else tuple(grads)
        if flat_sources is not composite_sources:
            grads = composites.answer(composite_sources, grads)
        return nest.pack_sequence_as(sources, grads)

    def _backward(self, targets, seeds, sources, unconnected=None, slices=False):
        tape = self._tape
        if tape is None:
            result = [None] * len(sources)
        else:
            # d target / d target = 1 unless the caller gave output_gradients.
            seeds = [_ones_seed(t) if s is None else _to_tape(s) for t, s in zip(targets, seeds)]
            # Gradient ops must not be recorded on this tape (outer tapes still see them).
            if context.state.hooked and tape in context.state.recorders:
                with context.recorders_paused([tape]):
                    result = backprop(tape.records, targets, seeds, sources, slices)
            else:  # the usual case: gradient() called after the `with` block
                result = backprop(tape.records, targets, seeds, sources, slices)
        if unconnected is _ZERO:
            result = [math_ops.zeros_like(_value_of(s)) if g is None else g
                      for g, s in zip(result, sources)]
        for i, g in enumerate(result):  # (real gradients, the common case, pass unchanged)
            if not (type(g) is EagerTensor and g._dtype in FLOAT_SET):
                result[i] = _to_tape(g)
        return result

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """d target[i...] / d source[j...] for every element pair: shape target + source."""
        self._check_usable("jacobian")
        tape_errors.check_loop_mode("jacobian", self._persistent, experimental_use_pfor)
        zero = UnconnectedGradients(unconnected_gradients) is UnconnectedGradients.ZERO
        flat_sources = nest.flatten(sources)
        composites.check_sources(flat_sources)
        results = jacobians.jacobian(self, _as_target(target), flat_sources, zero)
        return nest.pack_sequence_as(sources, results)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example jacobian: target [b, ...] and source [b, ...] -> [b, target..., source...].

        Assumes example i of the target depends only on example i of the source (as TF does).
        """
        self._check_usable("batch_jacobian")
        tape_errors.check_loop_mode("batch_jacobian", self._persistent, experimental_use_pfor)
        zero = UnconnectedGradients(unconnected_gradients) is UnconnectedGradients.ZERO
        return jacobians.batch_jacobian(self, _as_target(target), source, zero)

    def _check_usable(self, what):
        if self._used:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute one "
                               "set of gradients (or jacobians)")

    def _release(self):
        self._used = True
        if self._recording:
            self._pop()
        if self._tape is not None:
            self._released_variables = tuple(self._tape.watched_variables.values())
        self._tape = None  # frees every saved tensor

    def __repr__(self):
        n = 0 if self._tape is None else len(self._tape.records)
        return (f"<GradientTape persistent={self._persistent} recording={self._recording} "
                f"entries={n}>")


_ZERO = UnconnectedGradients.ZERO  # (a class attribute of an Enum is a slow lookup)
_ONES_LIKE = REGISTRY["OnesLike"]


def _as_target(t, allow_variable=False):
    t = composites.differentiable(t)
    if isinstance(t, Tensor):
        return t
    if hasattr(type(t), "_as_tensor"):
        if allow_variable and hasattr(t, "trainable"):
            return t  # the Variable itself: the sweep matches it to a source by identity
        raise ValueError("GradientTape.gradient is not supported for variable targets.")
    return convert_to_tensor(t)


def _ones_seed(target):
    """d target / d target: ones (a Variable target is not read again, so no tape sees it)."""
    if type(target) is EagerTensor and not context.state.hooked:  # (no recorder or observer
        return _from_numpy(_ONES_LIKE.kernel(target._value))  # to see the op: its kernel alone)
    if isinstance(target, Tensor):
        return execute(REGISTRY["OnesLike"], (target,))  # (ones_like, without its two calls)
    return _from_numpy(np.ones(target._value.shape, target._value.dtype))


def _value_of(source):
    return source if isinstance(source, Tensor) else source._as_tensor()


# Floats and complex numbers carry gradients. A complex gradient is carried conjugated through
# the backward sweep and turned into TF's convention at the tape's ends (ops/complex_gradients).
_WATCHABLE = FLOAT_SET | {dtypes.complex64, dtypes.complex128}
_to_tape = complex_gradients.conj_for_tape
