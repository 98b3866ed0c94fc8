"""The functions of ``tf.experimental.dtensor``: making DTensors, taking them apart, moving
them between layouts, and DVariable.

    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=[f"CPU:{i}" for i in range(6)])
    t = dtensor.pack(pieces, dtensor.Layout(["x", dtensor.UNSHARDED], mesh))  # 6 pieces
    dtensor.unpack(t)          # the 6 pieces again, each on its device
    dtensor.relayout(t, dtensor.Layout.replicated(mesh, rank=2))  # every device: all of it
"""

import contextlib
import itertools
import threading

import numpy as np

from ..core import errors, nest
from ..core.tensor import Tensor, convert_to_tensor, is_symbolic
from ..core.variable import ResourceVariable
from ..framework import config
from . import random, values
from .layout import MATCH, Layout
from .mesh import full_device_name

_CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"


def is_dtensor(tensor):
    """Whether `tensor` is a DTensor (a tensor with a layout on a mesh)."""
    return values.layout_of(tensor) is not None and isinstance(tensor, Tensor)


def fetch_layout(tensor):
    """The Layout of a DTensor or DVariable (TF's error for anything else)."""
    layout = values.layout_of(tensor)
    if layout is None:
        raise errors.InvalidArgumentError(
            None, None, "FetchLayout expects a tensor placed on the layout device.")
    return layout


def check_layout(tensor, layout):
    """Raises ValueError unless `tensor` has exactly `layout`."""
    found = fetch_layout(tensor)
    if found != layout:
        raise ValueError(f"Layout of tensor: {found!r}, did not match expected layout: "
                         f"{layout!r}")


def pack(tensors, layout):
    """The DTensor whose components are `tensors`, one per local device of the layout's mesh
    (in the mesh's device order); each must have the layout's rank."""
    count = layout.mesh.num_local_devices()
    if len(tensors) != count:
        raise errors.InvalidArgumentError(
            None, None, f"The dtensor device {values.DTENSOR_DEVICE} expected {count} inputs to "
            f"DTensorPack, but got {len(tensors)}")
    pieces = [convert_to_tensor(t) for t in tensors]
    if len({p._dtype for p in pieces}) > 1:
        raise errors.InvalidArgumentError(
            None, None, "All elements of a packed tensor must have the same dtype.")
    arrays = [p._value for p in pieces]
    if arrays[0].ndim != layout.rank:
        values.check_fits(arrays[0].shape, layout)  # (TF's rank error)
    if len({a.shape for a in arrays}) > 1:
        raise errors.InvalidArgumentError(
            None, None, "All elements of a packed tensor must have the same shape.")
    return values.make(values.assemble(arrays, layout), pieces[0]._dtype, layout)


def unpack(tensor):
    """The component tensors of a DTensor, one per local device, each on its device."""
    layout = values.layout_of(tensor) if isinstance(tensor, Tensor) else None
    if layout is None:
        device = getattr(tensor, "device", _CPU0) or _CPU0
        raise errors.InvalidArgumentError(
            None, None, f"DTensorUnpack expects a tensor placed on the DTensor device: "
            f"{values.DTENSOR_DEVICE}, but input was placed on device: {device}")
    pieces = []
    for device, piece in zip(layout.mesh.local_devices(),
                             values.components(tensor._value, layout)):
        component = values.Component()
        component._value = np.array(piece)  # (each device's own copy)
        component._dtype = tensor._dtype
        component._device = device
        pieces.append(component)
    return pieces


def relayout(tensor, layout, name=None):
    """The same global value with `layout` (MATCH in it: keep the input's sharding there)."""
    current = values.layout_of(tensor)
    source = convert_to_tensor(tensor)
    if is_symbolic(source):
        return source  # (inside a tf.function being traced: layouts live on eager values only)
    if current is not None and MATCH in layout.sharding_specs:
        layout = Layout([old if new == MATCH else new for old, new in
                         zip(current.sharding_specs, layout.sharding_specs)], layout.mesh)
    return values.make(source._value, source._dtype, layout)


def relayout_like(tensor, layout_tensor, name=None):
    """`tensor` with the layout `layout_tensor` has."""
    return relayout(tensor, fetch_layout(layout_tensor), name)


def copy_to_mesh(tensor, layout, source_layout=None):
    """A regular tensor copied onto the layout's mesh: a replicated layout puts all of it on
    every device, a sharded one puts each device's piece there."""
    tensor = convert_to_tensor(tensor)
    if is_symbolic(tensor):
        return tensor  # (inside a tf.function being traced: layouts live on eager values only)
    if layout.is_fully_replicated():  # (TF keeps the tensor's rank whatever the layout's is)
        layout = Layout.replicated(layout.mesh, tensor._value.ndim)
    return values.make(tensor._value, tensor._dtype, layout)


def call_with_layout(fn, layout, *args, **kwargs):
    """Calls `fn(*args, **kwargs)` and returns its result as a DTensor with `layout` (for
    functions that make new tensors: ``call_with_layout(tf.ones, layout, shape=(6, 4))``).
    With `layout` None, `fn` runs on regular tensors.

    As in TF, random values made for a sharded layout come from one stream per device
    (random.py); to see those ops, a ``tf.function`` given here runs its Python function."""
    if layout is None:
        return fn(*args, **kwargs)
    if not layout.is_fully_replicated():
        fn = getattr(fn, "python_function", fn)
    with default_mesh(layout.mesh), random.per_device_streams(layout):
        result = fn(*args, **kwargs)
    return nest.map_structure(
        lambda t: relayout(t, layout) if isinstance(t, Tensor) else t, result)


# --- the default mesh ---------------------------------------------------------------------------
_default = threading.local()


@contextlib.contextmanager
def default_mesh(mesh):
    """``with dtensor.default_mesh(mesh):`` makes `mesh` the one DVariables of regular values
    (and call_with_layout's functions) are placed on."""
    saved = getattr(_default, "mesh", None)
    _default.mesh = mesh
    try:
        yield
    finally:
        _default.mesh = saved


def get_default_mesh():
    return getattr(_default, "mesh", None)


# --- DVariable ----------------------------------------------------------------------------------
_handle_ids = itertools.count()


class DVariable(ResourceVariable):
    """A Variable holding a DTensor: its layout is fixed when it is made (assignments keep it)
    and reading it gives a DTensor with that layout."""

    def __init__(self, initial_value, *args, dtype=None, layout=None, **kwargs):
        if callable(initial_value) and not isinstance(initial_value, Tensor):
            initial_value = initial_value()
        if layout is not None:
            initial_value = copy_to_mesh(convert_to_tensor(initial_value, dtype=dtype), layout) \
                if values.layout_of(initial_value) is None else relayout(initial_value, layout)
        layout = values.layout_of(initial_value)
        if layout is None:
            raise errors.InvalidArgumentError(
                None, None, "Neither layout nor DTensor initial value are provided.")
        super().__init__(initial_value, *args, dtype=dtype, **kwargs)
        self._dtensor_layout = layout
        self._handle_id = next(_handle_ids)
        values.live_variables[id(self)] = self
        values.watch_ops()

    def __del__(self):
        try:
            values.live_variables.pop(id(self), None)
            values.release()
        except (AttributeError, TypeError):  # (the interpreter is shutting down)
            pass

    @property
    def layout(self):
        return self._dtensor_layout

    @property
    def handle(self):
        return _ResourceHandle(self)

    def _new_array(self, value, op_name):
        """An assigned value must be a DTensor on the variable's mesh (or a scalar, an integer
        tensor); it takes the variable's layout, which never changes."""
        given = values.layout_of(value)
        if given is None:
            value = convert_to_tensor(value, dtype=self._dtype)
            values.check_regular_inputs(op_name, [self, value], [self._dtensor_layout, None])
        else:
            values.common_mesh(op_name, [self._dtensor_layout, given])
        return super()._new_array(value, op_name)

    def numpy(self):
        """The value, for a replicated DVariable; TF refuses to gather a sharded one."""
        return self._as_dtensor().numpy()

    def __array__(self, dtype=None, copy=None):
        return self._as_dtensor().__array__(dtype)

    def _as_dtensor(self):
        return values.make(self._value, self._dtype, self._dtensor_layout)

    def __repr__(self):
        summary = values.DTensor._summary(self._as_dtensor())
        return (f"<tf.Variable '{self._name}' shape={self.shape} dtype={self._dtype.name}, "
                f"value={summary}>")

    __str__ = __repr__


class _ResourceHandle:
    """What ``DVariable.handle`` prints: TF's resource handle, placed on the mesh."""

    def __init__(self, variable):
        self._variable = variable

    def __str__(self):
        v = self._variable
        shape = ",".join(map(str, v._value.shape))
        handle = (f'<ResourceHandle(name="Variable/{v._handle_id}", device="{_CPU0}", '
                  f'container="Anonymous", type="tensorflow::Var", dtype and shapes : '
                  f'"[ DType enum: {v._dtype.as_datatype_enum}, Shape: [{shape}] ]")>')
        layout = v._dtensor_layout.to_string()
        return f'tf.Tensor({handle}, layout="{layout}", shape=(), dtype=resource)'

    __repr__ = __str__


# --- the one client and its devices ---------------------------------------------------------------
def client_id():
    return 0


def num_clients():
    return 1


def job_name():
    return "localhost"


def full_job_name(task_id=None):
    return f"/job:localhost/replica:0/task:{0 if task_id is None else task_id}"


def jobs():
    return ["localhost"]


def local_devices(device_type, for_client_id=None):
    """This client's devices of `device_type` ('CPU'), as DeviceSpec strings."""
    return [full_device_name(d.name) for d in config.list_logical_devices(device_type.upper())]


def num_local_devices(device_type):
    return len(local_devices(device_type))


def num_global_devices(device_type):
    return num_local_devices(device_type)


def preferred_device_type():
    return "CPU"


def device_name():
    """The name of the device DTensors live on."""
    return values.DTENSOR_DEVICE


def initialize_accelerator_system(device_type=None, enable_coordination_service=True,
                                  num_logical_cpu_devices=None,
                                  experimental_reset_context=False,
                                  experimental_enable_megcore=False):
    """Nothing to start on one CPU: returns the device type DTensor uses ('CPU')."""
    return (device_type or "CPU").upper()


def shutdown_accelerator_system():
    """Nothing to stop on one CPU."""


def barrier(mesh, barrier_name=None, timeout_in_ms=None):
    """Waits for every client of `mesh`: with one client there is nothing to wait for."""


__all__ = ["DVariable", "barrier", "call_with_layout", "check_layout", "client_id",
           "copy_to_mesh", "default_mesh", "device_name", "fetch_layout", "full_job_name",
           "get_default_mesh", "initialize_accelerator_system", "is_dtensor", "job_name", "jobs",
           "local_devices", "num_clients", "num_global_devices", "num_local_devices", "pack",
           "preferred_device_type", "relayout", "relayout_like", "shutdown_accelerator_system",
           "unpack"]
