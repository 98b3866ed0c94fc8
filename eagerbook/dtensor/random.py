"""Random values for a sharded layout: one stream per device, as TF's DTensor makes them.

TF does not draw a sharded random tensor as one global stream cut into pieces: each device
runs the random op on its own piece's shape, with the op's Philox key XOR-ed with a number
that depends on where the device sits along the mesh dimensions the layout shards
(``65521 + coordinate * 65536``, the multiplier growing by each sharded dimension's size).
Devices that replicate a piece (along dimensions the layout does not use) get the same key,
hence the same values. ``call_with_layout`` asks for this while its function runs; the
values of a replicated layout are TF's usual global ones.
"""

import contextlib

import numpy as np

from ..core import context
from . import values

_KEYED_RANDOM_OPS = frozenset((
    "StatelessRandomNormalV2", "StatelessRandomUniformV2", "StatelessTruncatedNormalV2",
    "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2"))


def device_seed(layout, location):
    """The number XOR-ed into the key of the device at `location` ({mesh dim: index})."""
    seed, multiplier = 65521, 65536
    sharded = set(layout.sharding_specs)
    for name, size in zip(layout.mesh.dim_names, layout.mesh.shape()):
        if name in sharded:
            seed += location[name] * multiplier
            multiplier *= size
    return seed


class _PerDeviceStreams:
    """A recorder: a keyed random op whose result fits `layout` gets, in place of its one
    global draw, each device's own draw put together (before anything reads the result)."""

    def __init__(self, layout):
        self.layout = layout

    def record(self, op, inputs, outputs, attrs):
        if op.name not in _KEYED_RANDOM_OPS:
            return
        out = outputs[0] if type(outputs) is tuple else outputs
        shape = out._value.shape
        if len(shape) != self.layout.rank or any(
                n % self.layout.num_shards(i) for i, n in enumerate(shape)):
            return
        local = dict(attrs, shape=self.layout.local_shape_from_global_shape(shape))
        key, rest = inputs[0]._value, [x._value for x in inputs[1:]]
        pieces = [op.kernel(key ^ np.uint64(device_seed(self.layout, location)), *rest, **local)
                  for location in self.layout.mesh.local_device_locations()]
        # (the result was made a moment ago and nothing has read it: its array is replaced
        # once, here, and never after)
        out._value = values.assemble(pieces, self.layout)


@contextlib.contextmanager
def per_device_streams(layout):
    """While active (on a sharded layout), keyed random ops draw one stream per device."""
    if layout.is_fully_replicated():
        yield
        return
    recorder = _PerDeviceStreams(layout)
    context.push_recorder(recorder)
    try:
        yield
    finally:
        context.pop_recorder(recorder)
