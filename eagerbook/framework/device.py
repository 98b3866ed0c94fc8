"""``tf.device``: where ops should run.

eagerbook computes on the CPU only. As TF 2 does with soft device placement (on by default in
eager mode), a request for a GPU that does not exist quietly runs on the CPU, and tensors report
the CPU as their device. Device strings are still parsed as TF parses them, so a malformed one
fails loudly instead of being ignored.
"""

import contextlib

from ..core import context

# The device types a short name may give ("/gpu:1"); "/device:<TYPE>:<index>" takes any type.
_SHORT_DEVICE_TYPES = ("CPU", "GPU", "TPU")
CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
_FIELDS = ("job", "replica", "task", "device_type", "device_index")


def _int_or_none(value):
    return None if value is None else int(value)  # ("x" is int()'s ValueError, as in TF)


class DeviceSpecV2:
    """A parsed device string: job, replica, task, device type and index (any may be None).

    As in TF 2 it is immutable: ``replace(...)`` and ``make_merged_spec(...)`` return new specs.
    """

    __slots__ = ("_job", "_replica", "_task", "_device_type", "_device_index")

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self._job = job
        self._replica = _int_or_none(replica)
        self._task = _int_or_none(task)
        # TF spells the two common types in capitals whichever way they were given
        self._device_type = device_type.upper() if device_type in ("cpu", "gpu") else device_type
        self._device_index = _int_or_none(device_index)

    job = property(lambda self: self._job)
    replica = property(lambda self: self._replica)
    task = property(lambda self: self._task)
    device_type = property(lambda self: self._device_type)
    device_index = property(lambda self: self._device_index)

    @classmethod
    def from_string(cls, spec):
        return cls(**_parse_fields(spec))

    def to_string(self):
        parts = []
        if self.job is not None:
            parts.append(f"/job:{self.job}")
        if self.replica is not None:
            parts.append(f"/replica:{self.replica}")
        if self.task is not None:
            parts.append(f"/task:{self.task}")
        if self.device_type is not None:
            index = "*" if self.device_index is None else self.device_index
            parts.append(f"/device:{self.device_type}:{index}")
        return "".join(parts)

    def _fields(self):
        return {name: getattr(self, name) for name in _FIELDS}

    def replace(self, **kwargs):
        """A new spec: this one's fields with the given ones replaced (None clears a field)."""
        return type(self)(**{**self._fields(), **kwargs})

    def make_merged_spec(self, dev):
        """A new spec: this one's fields, with those `dev` sets taking their place."""
        theirs = {name: value for name, value in dev._fields().items() if value is not None}
        return type(self)(**{**self._fields(), **theirs})

    def parse_from_string(self, spec):
        """A new spec parsed from `spec` alone (TF 2's specs are immutable: this one is
        unchanged, where TF 1.x's took the fields and returned itself)."""
        return DeviceSpecV2.from_string(spec)

    def __repr__(self):
        fields = ", ".join(f"{name}={value}" for name, value in self._fields().items())
        return f"<DeviceSpec({fields})>"

    def __eq__(self, other):
        return isinstance(other, DeviceSpecV2) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())


class DeviceSpecV1(DeviceSpecV2):
    """``tf.compat.v1.DeviceSpec``: the same spec with settable fields, as in TF 1.x."""

    __slots__ = ()

    def _setter(name):
        def set_field(self, value):
            changed = DeviceSpecV2(**{**self._fields(), name: value})
            setattr(self, "_" + name, getattr(changed, name))
        return set_field

    job = property(DeviceSpecV2.job.fget, _setter("job"))
    replica = property(DeviceSpecV2.replica.fget, _setter("replica"))
    task = property(DeviceSpecV2.task.fget, _setter("task"))
    device_type = property(DeviceSpecV2.device_type.fget, _setter("device_type"))
    device_index = property(DeviceSpecV2.device_index.fget, _setter("device_index"))
    del _setter

    def parse_from_string(self, spec):
        """TF 1.x's form: this spec becomes the one `spec` describes, and is returned."""
        for name, value in _parse_fields(spec).items():
            setattr(self, name, value)
        return self

    def merge_from(self, dev):
        """This spec takes the fields `dev` sets."""
        for name, value in dev._fields().items():
            if value is not None:
                setattr(self, name, value)


DeviceSpec = DeviceSpecV2  # tf.DeviceSpec


def _parse_fields(spec):
    """The fields of "/cpu:0", "GPU:1", "/device:GPU:0",
    "/job:localhost/replica:0/task:0/device:CPU:0", as TF parses them (a later job, replica or
    task wins; a second device type is an error)."""
    fields = dict.fromkeys(_FIELDS)
    for part in spec.split("/"):
        if not part:
            continue
        pieces = part.split(":")
        key = pieces[0]
        if len(pieces) == 2 and key in ("job", "replica", "task"):
            fields[key] = pieces[1]
        elif len(pieces) in (1, 2) and key.upper() in _SHORT_DEVICE_TYPES:
            _set_type(fields, key.upper(), pieces[1] if len(pieces) == 2 else "*", spec)
        elif len(pieces) == 3 and key == "device":
            _set_type(fields, pieces[1], pieces[2], spec)
        else:
            raise ValueError(f"Unknown attribute '{key}' is encountered while parsing the "
                             f"device spec: '{spec}'.")
    return fields


def _set_type(fields, device_type, index, spec):
    if fields["device_type"] is not None:
        raise ValueError(f"Multiple device types are not allowed while parsing the device "
                         f"spec: {spec}.")
    fields["device_type"] = device_type
    fields["device_index"] = None if index == "*" else int(index)


def parse_device(spec):
    """A DeviceSpec from a device string or a DeviceSpec (``tf.device`` takes either)."""
    if isinstance(spec, DeviceSpecV2):
        return DeviceSpecV2(**spec._fields())
    return DeviceSpecV2.from_string(spec)


@contextlib.contextmanager
def device(device_name):
    """``with tf.device("/gpu:0"):`` -- records the requested device; everything runs on the
    CPU (TF's soft placement: without a GPU, GPU requests fall back to the CPU)."""
    if callable(device_name):
        raise RuntimeError("tf.device does not support functions when eager execution is "
                           "enabled.")
    spec = DeviceSpec() if device_name in (None, "") else parse_device(device_name)
    if spec.device_type not in (None, "CPU") and not context.state.soft_placement:
        raise RuntimeError(f"Could not satisfy device specification {device_name!r}: no "
                           f"{spec.device_type} device is available and soft device placement "
                           f"is disabled (tf.config.set_soft_device_placement(True) allows it).")
    context.state.device_stack.append(spec)
    try:
        yield spec
    finally:
        context.state.device_stack.pop()


def requested_device():
    """The device string asked for by the innermost ``tf.device`` (informational)."""
    for spec in reversed(context.state.device_stack):
        if spec.device_type is not None:
            return spec.to_string()
    return ""
