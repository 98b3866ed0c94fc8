"""``dtensor.Mesh``: a grid of devices with a name for each of its dimensions.

``create_mesh([("x", 3), ("y", 2)], devices=["CPU:0", ..., "CPU:5"])`` lays six devices out as
a 3x2 grid: device 0 sits at ``{x: 0, y: 0}``, device 1 at ``{x: 0, y: 1}``, ... (row-major, the
last dimension moving fastest). A Layout then names, for each axis of a tensor, the mesh
dimension it is split along. Here the devices are the logical CPUs ``tf.config`` lists; they
all compute on the one CPU, in one process (one client: multi-client meshes are not built).
"""

import numpy as np

from ..framework import config

_DEVICE_PREFIX = "/job:localhost/replica:0/task:0/device:"


def full_device_name(device):
    """'CPU:1', '/device:CPU:1' or a DeviceSpec: '/job:localhost/replica:0/task:0/device:CPU:1'."""
    text = device.to_string() if hasattr(device, "to_string") else str(device)
    kind_and_index = text.rsplit("device:", 1)[-1].lstrip("/")
    kind, _, index = kind_and_index.rpartition(":")
    if not kind or not index.isdigit():
        raise ValueError(f"Unrecognized device: {text}")
    return f"{_DEVICE_PREFIX}{kind.upper()}:{index}"


class Mesh:
    """A named grid of devices (``tf.experimental.dtensor.Mesh``), here all on one client."""

    def __init__(self, dim_names, global_device_ids, local_device_ids, local_devices,
                 mesh_name="", global_devices=None, use_xla_spmd=False):
        global_device_ids = np.asarray(global_device_ids)
        if len(dim_names) != global_device_ids.ndim:
            raise ValueError("Number of mesh dimensions does not match number of dimension "
                             "names.")
        if len(set(dim_names)) != len(dim_names):
            raise ValueError(f"Mesh dimension names must be unique, got {list(dim_names)}")
        if len(local_device_ids) != len(local_devices):
            raise ValueError("Variable `local_device_ids` does not have same size as "
                             "variable `local_devices`.")
        self._dim_names = [str(name) for name in dim_names]
        self._global_device_ids = global_device_ids
        self._local_device_ids = [int(i) for i in local_device_ids]
        self._local_devices = [full_device_name(d) for d in local_devices]
        self._name = mesh_name
        self._global_devices = [full_device_name(d) for d in global_devices or ()]
        self._use_xla_spmd = use_xla_spmd

    # --- what the grid is --------------------------------------------------------------------
    @property
    def dim_names(self):
        return list(self._dim_names)

    @property
    def name(self):
        return self._name

    @property
    def size(self):
        return int(self._global_device_ids.size)

    @property
    def strides(self):
        """How far apart (in device ids) neighbours along each dimension are."""
        shape, strides = self.shape(), []
        for i in range(len(shape)):
            strides.append(int(np.prod(shape[i + 1:], dtype=np.int64)))
        return strides

    def shape(self):
        return [int(n) for n in self._global_device_ids.shape]

    def dim_size(self, dim_name):
        if dim_name not in self._dim_names:
            raise ValueError(f"No mesh dimension with name {dim_name}")
        return self.shape()[self._dim_names.index(dim_name)]

    def contains_dim(self, dim_name):
        return dim_name in self._dim_names

    def device_type(self):
        return self._local_devices[0].rsplit(":", 2)[-2] if self._local_devices else ""

    def use_xla_spmd(self):
        return self._use_xla_spmd

    def is_remote(self):
        return not self._local_device_ids and bool(self._global_device_ids.size)

    def is_single_device(self):
        return False

    # --- its devices -------------------------------------------------------------------------
    def global_device_ids(self):
        return self._global_device_ids.copy()

    def local_device_ids(self):
        return list(self._local_device_ids)

    def local_devices(self):
        return list(self._local_devices)

    def global_devices(self):
        return list(self._global_devices or self._local_devices)

    def num_local_devices(self):
        return len(self._local_devices)

    def min_global_device_id(self):
        return int(self._global_device_ids.min())

    def unravel_index(self):
        """{device id: its coordinates (a tuple, one per mesh dimension)}."""
        return {int(i): tuple(int(c) for c in coords)
                for coords, i in np.ndenumerate(self._global_device_ids)}

    def device_location(self, device_id):
        """{mesh dimension: index} of the device with id `device_id`."""
        coords = self.unravel_index()[device_id]
        return dict(zip(self._dim_names, coords))

    def local_device_locations(self):
        """Where each local device sits, as {mesh dimension: index}, in local device order."""
        return [self.device_location(i) for i in self._local_device_ids]

    def host_mesh(self):
        """The mesh of the same shape on the host CPUs (this mesh, for a CPU mesh)."""
        if self.device_type() == "CPU":
            return self
        return Mesh(self._dim_names, self._global_device_ids, self._local_device_ids,
                    [f"CPU:{i}" for i in self._local_device_ids], self._name + "_host")

    # --- its text form, equality ----------------------------------------------------------------
    def to_string(self):
        """TF's serialized form: ``name|x=3,y=2|global ids|local ids|local devices``."""
        dims = ",".join(f"{name}={size}" for name, size in zip(self._dim_names, self.shape()))
        ids = ",".join(str(int(i)) for i in self._global_device_ids.ravel())
        local_ids = ",".join(map(str, self._local_device_ids))
        text = f"{self._name}|{dims}|{ids}|{local_ids}|{','.join(self._local_devices)}"
        if self._global_devices:
            text += "|" + ",".join(self._global_devices)
        if self._use_xla_spmd:
            text += "|use_xla_spmd"
        return text

    @staticmethod
    def from_string(mesh_str):
        """The Mesh `to_string` wrote."""
        parts = mesh_str.split("|")
        use_xla_spmd = parts[-1] == "use_xla_spmd"
        if use_xla_spmd:
            parts = parts[:-1]
        if len(parts) not in (5, 6):
            raise ValueError(f"Expected 5 or 6 mesh parts, got {len(parts)}: {mesh_str}")
        name, dims, ids, local_ids, local_devices = parts[:5]
        names, sizes = [], []
        for dim in filter(None, dims.split(",")):
            dim_name, _, size = dim.partition("=")
            names.append(dim_name)
            sizes.append(int(size))
        global_ids = np.array([int(i) for i in filter(None, ids.split(","))]).reshape(sizes)
        return Mesh(names, global_ids, [int(i) for i in filter(None, local_ids.split(","))],
                    list(filter(None, local_devices.split(","))), name,
                    list(filter(None, parts[5].split(","))) if len(parts) == 6 else None,
                    use_xla_spmd)

    def __eq__(self, other):
        return isinstance(other, Mesh) and self.to_string() == other.to_string()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.to_string())

    def __repr__(self):
        return f"Mesh.from_string({self.to_string()})"

    __str__ = __repr__


def create_mesh(mesh_dims=None, mesh_name="", devices=None, device_type=None,
                use_xla_spmd=False):
    """A single-client mesh: `mesh_dims` [(name, size), ...] over `devices` (default: every
    logical device of `device_type`, CPU unless named; `mesh_dims` default: one dimension 'x')."""
    if devices is None:
        kind = (device_type or "CPU").upper()
        devices = [d.name for d in config.list_logical_devices(kind)]
    devices = [full_device_name(d) for d in devices]
    if mesh_dims is None:
        mesh_dims = [("x", len(devices))]
    elif isinstance(mesh_dims, dict):
        mesh_dims = list(mesh_dims.items())
    names = [name for name, _ in mesh_dims]
    shape = [int(size) for _, size in mesh_dims]
    if len(devices) != int(np.prod(shape, dtype=np.int64)):
        raise ValueError(f"length of devices ({len(devices)}) must be equal to total size of the "
                         f"mesh of shape {shape}")
    ids = np.arange(len(devices)).reshape(shape)
    return Mesh(names, ids, list(range(len(devices))), devices, mesh_name,
                use_xla_spmd=use_xla_spmd)


def create_distributed_mesh(mesh_dims, mesh_name="", local_devices=None, device_type=None,
                            use_xla_spmd=False):
    """A mesh over every client's devices: here there is one client, so it is ``create_mesh``
    over this client's devices."""
    return create_mesh(mesh_dims, mesh_name, local_devices, device_type, use_xla_spmd)
