"""DTensor values: a global tensor plus a Layout saying how its shards sit on the mesh.

A DTensor here is an eagerbook Tensor whose array is the whole (global) value; its layout
says which piece of it each device of the mesh holds, and ``unpack`` cuts those pieces out
(the component tensors TF keeps one per device). Every device would compute the same
numbers on its piece, so computing on the whole value and cutting afterwards gives exactly
the components TF's SPMD run gives; what DTensor adds, and this package follows, is the
layout of each result (``spmd.py``) and the way results print (``summary.py``).

How results get their layouts: while DTensors exist, a recorder (the hook tapes use, see
docs/ARCHITECTURE.md) watches this thread's ops; when an op has a DTensor input it gives
the op's outputs their layouts, in place. A Tensor has two slots and no room for more, so
the layouts live in a table keyed by the tensor's id, and a DTensor removes its entry when
it is freed.
"""

import weakref

import numpy as np

from ..core import context, errors
from ..core.tensor import EagerTensor
from . import spmd
from .summary import summarize

DTENSOR_DEVICE = "/job:localhost/replica:0/task:0/device:CUSTOM:0"
_LAYOUTS = {}  # id(DTensor) -> its Layout


class DTensor(EagerTensor):
    """A Tensor with a Layout: TF's ``tf.Tensor`` on the DTensor device."""

    __slots__ = ()

    def __del__(self):
        try:
            _LAYOUTS.pop(id(self), None)
            if not _LAYOUTS:
                release()
        except (AttributeError, TypeError):  # (the interpreter is shutting down)
            pass

    @property
    def device(self):
        return DTENSOR_DEVICE

    @property
    def backing_device(self):
        return DTENSOR_DEVICE

    def numpy(self):
        """The value, for a replicated DTensor; TF refuses to gather a sharded one."""
        layout = _LAYOUTS[id(self)]
        if not layout.is_fully_replicated():
            raise errors.UnimplementedError(
                None, None, "Trying to copy a non-single-device and non-replicated DTensor is "
                f"not supported. Input tensor is: DTensor({self._summary()}, shape="
                f"{list(self._value.shape)}, type={self._dtype.name})")
        return EagerTensor.numpy(self)

    def __array__(self, dtype=None, copy=None):
        value = self.numpy()
        array = np.array(value)
        return array if dtype is None else array.astype(dtype, copy=False)

    def __format__(self, format_spec):
        return self.numpy().__format__(format_spec)

    def __reduce__(self):
        return EagerTensor.__reduce__(_plain(self))

    def _summary(self):
        """TF's text for the value and layout: the value itself when every device holds all
        of it, else each device's component, ``{"CPU:0": [...], ...}``."""
        layout = _LAYOUTS[id(self)]
        if layout.is_fully_replicated():
            value = summarize(self._value)
        else:
            pieces = (f'"{_short_device(device)}": {summarize(piece)}'
                      for device, piece in zip(layout.mesh.local_devices(),
                                               components(self._value, layout)))
            value = "{" + ", ".join(pieces) + "}"
        return f'{value}, layout="{layout.to_string()}"'

    def __str__(self):
        return f"tf.Tensor({self._summary()}, shape={self.shape}, dtype={self._dtype.name})"

    def __repr__(self):
        return f"<tf.Tensor: shape={self.shape}, dtype={self._dtype.name}, value={self._summary()}>"


def _short_device(device):
    return device.rsplit("device:", 1)[-1]


def _plain(t):
    out = EagerTensor()
    out._value, out._dtype = t._value, t._dtype
    return out


class Component(EagerTensor):
    """One device's piece of a DTensor (what ``unpack`` returns): a plain tensor that
    knows which device of the mesh holds it."""

    __slots__ = ("_device",)

    @property
    def device(self):
        return self._device

    @property
    def backing_device(self):
        return self._device


# --- layouts of values ------------------------------------------------------------------------
def layout_of(value):
    """The Layout of a DTensor or DVariable; None for anything else."""
    if type(value) is DTensor:
        return _LAYOUTS.get(id(value))
    return getattr(value, "_dtensor_layout", None)


def attach(tensor, layout):
    """Makes `tensor` (an EagerTensor nobody else has seen as a DTensor yet) a DTensor with
    `layout`, in place: tapes and callers keep holding the very same object."""
    check_fits(tensor._value.shape, layout)
    if type(tensor) is not DTensor:
        tensor.__class__ = DTensor
    _LAYOUTS[id(tensor)] = layout
    watch_ops()
    return tensor


def make(array, dtype, layout):
    """A new DTensor holding `array` (the global value) with `layout`."""
    t = EagerTensor()
    t._value, t._dtype = array, dtype
    return attach(t, layout)


def check_fits(shape, layout):
    """Raises TF's errors for a layout that cannot hold a value of `shape`."""
    if len(shape) != layout.rank:
        raise errors.InvalidArgumentError(
            None, None, f"Packed layout should have the same rank as the rank for each component."
            f" The rank of each component is: {len(shape)}, while layout has rank: {layout.rank}")
    for axis, size in enumerate(shape):
        shards = layout.num_shards(axis)
        if size % shards:
            raise errors.UnknownError(
                None, None, f"'tf.DTensorLayout' op requires dimension {axis} to be divisible by "
                f"sharding specified in DTensorLayout, but got dimension size={size} is not "
                f"divisible by number of shards in layout for this dimension={shards}.")


def component_index(shape, layout, location):
    """The slices of the global value the device at `location` ({mesh dim: index}) holds."""
    index = []
    for axis, size in enumerate(shape):
        spec = layout.sharding_specs[axis]
        shards = layout.num_shards(axis)
        if shards == 1:
            index.append(slice(None))
        else:
            step = size // shards
            index.append(slice(location[spec] * step, (location[spec] + 1) * step))
    return tuple(index)


def components(array, layout):
    """Each local device's piece of the global `array`, in the mesh's local device order."""
    return [array[component_index(array.shape, layout, location)]
            for location in layout.mesh.local_device_locations()]


def assemble(pieces, layout):
    """The global value whose components are `pieces` (one per local device): each piece is
    written at its place; devices holding copies of the same place write the same values."""
    first = pieces[0]
    shape = tuple(n * layout.num_shards(axis) for axis, n in enumerate(first.shape))
    whole = np.empty(shape, dtype=first.dtype)
    placed = set()
    for piece, location in zip(pieces, layout.mesh.local_device_locations()):
        index = component_index(shape, layout, location)
        key = tuple((s.start, s.stop) for s in index)
        if key not in placed:  # (a replica's copy of a place already written: TF keeps the
            placed.add(key)  # first device's, which is what a replicated DTensor shows)
            whole[index] = piece
    return whole


# --- giving op results their layouts ----------------------------------------------------------
class _LayoutPropagator:
    """A recorder: ops with a DTensor input give their outputs the layouts TF's SPMD rules
    give (spmd.output_layouts). Removes itself once no DTensor or DVariable is left."""

    def record(self, op, inputs, outputs, attrs):
        layouts = [layout_of(x) for x in inputs]
        if not any(layouts):
            if not _LAYOUTS and not live_variables:
                _stop_watching(self)
            return
        mesh = common_mesh(op.name, layouts)
        check_regular_inputs(op.name, inputs, layouts)
        outputs = outputs if type(outputs) is tuple else (outputs,)
        for out, layout in zip(outputs, spmd.output_layouts(op, inputs, layouts, outputs, attrs,
                                                            mesh)):
            if layout is not None and type(out) in (EagerTensor, DTensor):  # (not a Component)
                _LAYOUTS[id(out)] = layout
                if type(out) is not DTensor:
                    out.__class__ = DTensor


live_variables = weakref.WeakValueDictionary()  # id -> a live DVariable (reads need watching)


def watch_ops():
    here = context.thread_state()
    if here.graph is None and not any(type(r) is _LayoutPropagator for r in here.recorders):
        context.push_recorder(_LayoutPropagator())


def _stop_watching(propagator):
    context.pop_recorder(propagator)


def release():
    """Stops watching this thread's ops once no DTensor or DVariable is left (called as they
    are freed), so plain eager code is back on the dispatcher's fast road."""
    if _LAYOUTS or live_variables:
        return
    for recorder in list(context.thread_state().recorders):
        if type(recorder) is _LayoutPropagator:
            context.pop_recorder(recorder)


def common_mesh(op_name, layouts):
    meshes = {layout.mesh for layout in layouts if layout is not None}
    if len(meshes) > 1:
        found = "\n".join(f"Input Cluster {i}: mesh {mesh.to_string()}"
                          for i, mesh in enumerate(sorted(meshes, key=lambda m: m.to_string())))
        raise errors.UnknownError(
            None, None, f"'tf_device.cluster' op failed during mesh propagation. All inputs to "
            f"`tf_device.Cluster` must have same mesh configuration. List of found inputs:\n"
            f"{found} [Op:{op_name}]")
    return meshes.pop()


def check_regular_inputs(op_name, inputs, layouts):
    """TF copies only scalars and integer or string tensors onto the mesh by itself; any other
    regular tensor given to an op on DTensors is its UnimplementedError."""
    for i, (x, layout) in enumerate(zip(inputs, layouts)):
        if layout is not None or not hasattr(x, "_value") or x._value is None:
            continue
        if x._value.ndim == 0 or x._dtype.is_integer or x._dtype.name == "string":
            continue
        shape = ",".join(map(str, x._value.shape))
        raise errors.UnimplementedError(
            None, None, f"The op/function {op_name} got a regular tensor for input {i} (shape "
            f"[{shape}]) but was expecting a DTensor. Currently only scalars and small "
            "integer/string tensors are auto-broadcast to DTensors. For other tensors, please use "
            "copy_to_mesh to make a DTensor explicitly; note that this may be slow if it happens "
            f"frequently. [Op:{op_name}]{errors.name_suffix()}")
