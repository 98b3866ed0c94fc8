"""``tf.device``: where ops should run.

eagerbook computes on the CPU only. As TF 2 does with soft device placement (on by default in
eager mode), a request for a GPU that does not exist quietly runs on the CPU, and tensors report
the CPU as their device. Device strings are still parsed as TF parses them, so a malformed one
fails loudly instead of being ignored.
"""

import contextlib

from ..core import context

# Device types TF knows; only the CPU exists here.
_DEVICE_TYPES = ("CPU", "GPU", "TPU", "XLA_CPU", "XLA_GPU")
CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


class DeviceSpec:
    """A parsed device string: job, replica, task, device type and index (any may be None)."""

    __slots__ = ("job", "replica", "task", "device_type", "device_index")

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self.job = job
        self.replica = replica
        self.task = task
        self.device_type = device_type
        self.device_index = device_index

    @classmethod
    def from_string(cls, spec):
        return parse_device(spec)

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

    def make_merged_spec(self, dev):
        """A new spec: this one's fields, with those `dev` sets taking their place."""
        fields = {k: getattr(self, k) for k in self.__slots__}
        fields.update({k: getattr(dev, k) for k in self.__slots__ if getattr(dev, k) is not None})
        return DeviceSpec(**fields)

    def parse_from_string(self, spec):
        """TF 2's spec is immutable: a new spec parsed from `spec` (this one is unchanged)."""
        return parse_device(spec)

    def __repr__(self):
        fields = ", ".join(f"{k}={getattr(self, k)}" for k in self.__slots__)
        return f"<DeviceSpec({fields})>"

    def __eq__(self, other):
        return isinstance(other, DeviceSpec) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())


def _int_field(value, what, spec):
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"Invalid {what} {value!r} in device spec {spec!r}: expected an "
                         f"integer, as in '/job:localhost/replica:0/task:0/device:CPU:0'."
                         ) from None


def parse_device(spec):
    """Parses "/cpu:0", "GPU:1", "/device:GPU:0", "/job:localhost/replica:0/task:0/device:CPU:0".

    Raises ValueError for anything TF would not accept.
    """
    if not isinstance(spec, str):
        raise ValueError(f"Device spec must be a string, got {spec!r} ({type(spec).__name__}).")
    result = DeviceSpec()
    for part in spec.split("/"):
        if not part:
            continue
        fields = part.split(":")
        key = fields[0]
        if len(fields) == 2 and key in ("job", "replica", "task"):
            if key == "job":
                result.job = fields[1]
            else:
                setattr(result, key, _int_field(fields[1], key, spec))
        elif len(fields) in (1, 2) and key.upper() in _DEVICE_TYPES:
            _set_type(result, key.upper(), fields[1] if len(fields) == 2 else "*", spec)
        elif len(fields) == 3 and key == "device":
            if fields[1].upper() not in _DEVICE_TYPES:
                raise ValueError(f"Unknown device type {fields[1]!r} in device spec {spec!r}; "
                                 f"known types: {', '.join(_DEVICE_TYPES)}.")
            _set_type(result, fields[1].upper(), fields[2], spec)
        else:
            raise ValueError(f"Unknown attribute {part!r} is encountered while parsing the "
                             f"device spec: {spec!r}. Use strings such as '/cpu:0', '/gpu:0', "
                             f"'GPU:0' or '/job:localhost/replica:0/task:0/device:CPU:0'.")
    return result


def _set_type(result, device_type, index, spec):
    if result.device_type is not None:
        raise ValueError(f"Multiple device types are not allowed while parsing the device "
                         f"spec: {spec!r}.")
    result.device_type = device_type
    result.device_index = None if index == "*" else _int_field(index, "device index", spec)


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
