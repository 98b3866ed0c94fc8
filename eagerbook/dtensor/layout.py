"""``dtensor.Layout``: for each axis of a tensor, the mesh dimension it is split along.

``Layout(["x", UNSHARDED], mesh)`` on a 3x2 mesh ('x' of 3, 'y' of 2) cuts a tensor's first
axis in 3 equal pieces, one per 'x' index, and keeps the second axis whole; along 'y', which
no axis names, each piece is copied (replicated) on both devices.
"""

from .mesh import Mesh

UNSHARDED = "unsharded"  # the axis is kept whole on every device
MATCH = "match"  # (in TF's relayout: keep whatever the input has on this axis)


class Layout:
    """How a tensor's axes split over a Mesh (``tf.experimental.dtensor.Layout``)."""

    def __init__(self, sharding_specs, mesh):
        if not isinstance(mesh, Mesh):
            raise ValueError("mesh is not a valid Mesh object.")
        sharding_specs = [str(spec) for spec in sharding_specs]
        for spec in sharding_specs:
            if spec not in (UNSHARDED, MATCH) and not mesh.contains_dim(spec):
                raise ValueError(f"{spec}: A dimension sharding must either be a valid mesh "
                                 f"dimension or UNSHARDED.")
        named = [spec for spec in sharding_specs if spec not in (UNSHARDED, MATCH)]
        for spec in named:
            if named.count(spec) > 1:
                raise ValueError(f"Mesh dimension {spec} was repeated in sharding specification "
                                 f"{sharding_specs}. Mesh dimensions must be unique in a layout.")
        self._sharding_specs = sharding_specs
        self._mesh = mesh

    # --- the layouts one usually wants ---------------------------------------------------------
    @classmethod
    def replicated(cls, mesh, rank):
        """Every axis whole on every device."""
        return cls([UNSHARDED] * rank, mesh)

    @classmethod
    def batch_sharded(cls, mesh, batch_dim, rank, axis=0):
        """Axis `axis` (the batch) split along mesh dimension `batch_dim`, the rest whole."""
        specs = [UNSHARDED] * rank
        specs[axis] = batch_dim
        return cls(specs, mesh)

    @classmethod
    def inner_sharded(cls, mesh, inner_dim, rank):
        """The last axis split along mesh dimension `inner_dim`, the rest whole."""
        return cls.batch_sharded(mesh, inner_dim, rank, axis=rank - 1)

    def delete(self, dims):
        """This layout without the axes listed in `dims`."""
        drop = {d % self.rank for d in dims} if self.rank else set()
        return Layout([s for i, s in enumerate(self._sharding_specs) if i not in drop],
                      self._mesh)

    # --- what it says --------------------------------------------------------------------------
    @property
    def sharding_specs(self):
        return list(self._sharding_specs)

    @property
    def mesh(self):
        return self._mesh

    @property
    def rank(self):
        return len(self._sharding_specs)

    @property
    def shape(self):
        """The mesh's shape (TF's Layout.shape reports its mesh's)."""
        return self._mesh.shape()

    def num_shards(self, idx):
        """How many pieces axis `idx` is cut into."""
        spec = self._sharding_specs[idx]
        return 1 if spec in (UNSHARDED, MATCH) else self._mesh.dim_size(spec)

    def is_fully_replicated(self):
        return all(spec == UNSHARDED for spec in self._sharding_specs)

    def is_batch_parallel(self):
        return bool(self._sharding_specs) and all(
            spec == UNSHARDED for spec in self._sharding_specs[1:])

    def is_single_device(self):
        return False

    def local_shape_from_global_shape(self, global_shape):
        return tuple(n // self.num_shards(i) for i, n in enumerate(global_shape))

    def global_shape_from_local_shape(self, local_shape):
        return tuple(n * self.num_shards(i) for i, n in enumerate(local_shape))

    # --- its text form, equality ----------------------------------------------------------------
    def to_string(self):
        """TF's serialized form: ``sharding_specs:x,unsharded, mesh:<the mesh's string>``."""
        specs = "".join(spec + "," for spec in self._sharding_specs)
        return f"sharding_specs:{specs} mesh:{self._mesh.to_string()}"

    @staticmethod
    def from_string(layout_str):
        """The Layout `to_string` wrote."""
        head, sep, mesh_str = layout_str.partition(" mesh:")
        if not sep or not head.startswith("sharding_specs:"):
            raise ValueError(f"Invalid layout string: {layout_str}")
        specs = [s for s in head[len("sharding_specs:"):].split(",") if s]
        return Layout(specs, Mesh.from_string(mesh_str))

    def __eq__(self, other):
        return isinstance(other, Layout) and self.to_string() == other.to_string()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.to_string())

    def __repr__(self):
        return f"Layout.from_string({self.to_string()})"

    __str__ = __repr__
