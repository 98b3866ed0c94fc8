"""TF 1.x's session settings: ``tf.compat.v1.ConfigProto`` and the messages inside it
(``GPUOptions``, ``GraphOptions``, ``OptimizerOptions``), ``RunOptions`` and ``RunMetadata``.

TF 1.x programs build one and hand it to ``tf.compat.v1.Session(config=...)``::

    config = tf.compat.v1.ConfigProto(allow_soft_placement=True)
    config.gpu_options.allow_growth = True

They are protocol-buffer messages in TF: set fields print in the protocol-buffer text format
(in field-number order), unknown names are errors, and ``SerializeToString`` gives the same
bytes as TF's. eagerbook runs on one CPU, so a session reads none of these settings.
"""

import struct

from ..ops.example_ops import _fields, _key, _length_delimited, _varint


class _Field:
    """One field: its name, number, kind (``int``, ``bool``, ``double``, ``string``, ``enum``,
    ``message``, ``map`` of string to int, ``strings``: a repeated string) and default."""

    def __init__(self, name, number, kind, default=None, message=None, enum=None):
        self.name, self.number, self.kind = name, number, kind
        self.message, self.enum = message, enum
        self.default = default if default is not None else {
            "int": 0, "bool": False, "double": 0.0, "string": "", "enum": 0}.get(kind)


def _check(field, value):
    """The value a field holds when set to `value` (TF's TypeError for a wrong kind)."""
    if field.kind in ("int", "enum"):
        if field.kind == "enum" and isinstance(value, str):
            if value not in field.enum:
                raise ValueError(f"unknown enum label \"{value}\"")
            return field.enum[value]
        if isinstance(value, float) or not hasattr(value, "__index__"):
            raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an "
                            "integer")
        return int(value)
    if field.kind == "bool":
        if not hasattr(value, "__index__"):
            raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an "
                            "integer")
        return bool(value)
    if field.kind == "double":
        if isinstance(value, (str, bytes)) or not hasattr(value, "__float__"):
            raise TypeError(f"must be real number, not {type(value).__name__}")
        return float(value)
    if field.kind == "string":
        if isinstance(value, bytes):
            return value.decode()
        if not isinstance(value, str):
            raise TypeError("bad argument type for built-in operation")
        return value
    return value


def _text_scalar(field, value):
    if field.kind == "bool":
        return "true" if value else "false"
    if field.kind == "string":
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if field.kind == "enum":
        return next((k for k, v in field.enum.items() if v == value), str(value))
    if field.kind == "double":
        return repr(value) if value != int(value) or abs(value) >= 1e16 else str(int(value))
    return str(value)


def _wire_scalar(field, value):
    if field.kind == "double":
        return _key(field.number, 1) + struct.pack("<d", value)
    if field.kind == "string":
        return _length_delimited(field.number, value.encode())
    return _key(field.number, 0) + _varint(int(value) & 0xFFFFFFFFFFFFFFFF)


class _Map(dict):
    """A string -> int map field (``device_count``): keys and values are checked."""

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError("bad argument type for built-in operation")
        super().__setitem__(key, _check(_Field("value", 2, "int"), value))

    def __missing__(self, key):  # reading an absent key gives 0 (and adds it), as in TF
        self[key] = 0
        return 0


class Message:
    """A protocol-buffer message built from its class's ``FIELDS``."""

    FIELDS = ()

    def __init__(self, **fields):
        object.__setattr__(self, "_values", {})
        for name, value in fields.items():
            field = self._field(name)
            if field.kind == "message":
                if not isinstance(value, field.message):
                    value = field.message(**value) if isinstance(value, dict) else value
                self._values[name] = value
            elif field.kind == "map":
                for key, count in value.items():
                    getattr(self, name)[key] = count
            elif field.kind == "strings":
                getattr(self, name).extend(_check(_Field(name, 0, "string"), v) for v in value)
            else:
                setattr(self, name, value)

    @classmethod
    def _field(cls, name):
        for field in cls.FIELDS:
            if field.name == name:
                return field
        raise ValueError(f'Protocol message {cls.__name__} has no "{name}" field.')

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        field = type(self)._field_or_attribute_error(name)
        values = self._values
        if name not in values:
            if field.kind == "message":
                values[name] = field.message()  # (set once a field inside is set)
            elif field.kind == "map":
                values[name] = _Map()
            elif field.kind == "strings":
                values[name] = []
            else:
                return field.default
        return values[name]

    @classmethod
    def _field_or_attribute_error(cls, name):
        try:
            return cls._field(name)
        except ValueError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        field = type(self)._field_or_attribute_error(name)
        if field.kind in ("message", "map", "strings"):
            raise AttributeError(f"Assignment not allowed to field \"{name}\" in protocol "
                                 "message object.")
        self._values[name] = _check(field, value)

    # --- what is set -------------------------------------------------------------------------
    def _is_set(self, field):
        value = self._values.get(field.name)
        if value is None:
            return False
        if field.kind == "message":
            return value._any_set()
        if field.kind in ("map", "strings"):
            return bool(value)
        return value != field.default

    def _any_set(self):
        return any(self._is_set(f) for f in self.FIELDS)

    def HasField(self, name):  # noqa: N802 - the protocol-buffer API's name
        field = self._field(name)
        if field.kind != "message":
            raise ValueError(f'Protocol message has no singular "{name}" field.')
        return self._is_set(field)

    def ListFields(self):  # noqa: N802 - the protocol-buffer API's name
        return [(f, self._values[f.name]) for f in self._ordered() if self._is_set(f)]

    def _ordered(self):
        return sorted(self.FIELDS, key=lambda f: f.number)

    def Clear(self):  # noqa: N802 - the protocol-buffer API's name
        self._values.clear()

    def CopyFrom(self, other):  # noqa: N802 - the protocol-buffer API's name
        self.Clear()
        self.MergeFromString(other.SerializeToString())

    # --- text format -------------------------------------------------------------------------
    def _text_lines(self, indent=""):
        lines = []
        for field in self._ordered():
            if not self._is_set(field):
                continue
            value = self._values[field.name]
            if field.kind == "message":
                lines.append(f"{indent}{field.name} {{")
                lines += value._text_lines(indent + "  ")
                lines.append(f"{indent}}}")
            elif field.kind == "map":
                for key, count in value.items():
                    lines += [f"{indent}{field.name} {{", f'{indent}  key: "{key}"',
                              f"{indent}  value: {count}", f"{indent}}}"]
            elif field.kind == "strings":
                lines += [f'{indent}{field.name}: "{v}"' for v in value]
            else:
                lines.append(f"{indent}{field.name}: {_text_scalar(field, value)}")
        return lines

    def __str__(self):
        return "".join(line + "\n" for line in self._text_lines())

    __repr__ = __str__

    def __eq__(self, other):
        return type(other) is type(self) and self.SerializeToString() == \
            other.SerializeToString()

    __hash__ = None  # (mutable, as TF's messages)

    # --- wire format -------------------------------------------------------------------------
    def SerializeToString(self):  # noqa: N802 - the protocol-buffer API's name
        out = b""
        for field in self._ordered():
            if not self._is_set(field):
                continue
            value = self._values[field.name]
            if field.kind == "message":
                out += _length_delimited(field.number, value.SerializeToString())
            elif field.kind == "map":
                for key, count in value.items():
                    entry = _length_delimited(1, key.encode()) + _key(2, 0) + \
                        _varint(count & 0xFFFFFFFFFFFFFFFF)
                    out += _length_delimited(field.number, entry)
            elif field.kind == "strings":
                out += b"".join(_length_delimited(field.number, v.encode()) for v in value)
            else:
                out += _wire_scalar(field, value)
        return out

    def ByteSize(self):  # noqa: N802 - the protocol-buffer API's name
        return len(self.SerializeToString())

    @classmethod
    def FromString(cls, data):  # noqa: N802 - the protocol-buffer API's name
        message = cls()
        message.MergeFromString(data)
        return message

    def ParseFromString(self, data):  # noqa: N802 - the protocol-buffer API's name
        self.Clear()
        self.MergeFromString(data)

    def MergeFromString(self, data):  # noqa: N802 - the protocol-buffer API's name
        by_number = {f.number: f for f in self.FIELDS}
        for number, _wire_type, raw in _fields(bytes(data)):
            field = by_number.get(number)
            if field is None:
                continue
            if field.kind == "message":
                getattr(self, field.name).MergeFromString(raw)
            elif field.kind == "map":
                entry = {n: r for n, _, r in _fields(raw)}
                getattr(self, field.name)[entry.get(1, b"").decode()] = _signed(entry.get(2, 0))
            elif field.kind == "strings":
                getattr(self, field.name).append(raw.decode())
            elif field.kind == "double":
                self._values[field.name] = struct.unpack("<d", struct.pack("<Q", raw))[0]
            elif field.kind == "string":
                self._values[field.name] = raw.decode()
            elif field.kind == "bool":
                self._values[field.name] = bool(raw)
            else:
                self._values[field.name] = _signed(raw)
        return len(data)


def _signed(value):
    value = int(value)
    return value - (1 << 64) if value >= 1 << 63 else value


def _enum_constants(cls, enum):
    for label, number in enum.items():
        setattr(cls, label, number)


class GPUOptions(Message):
    FIELDS = (
        _Field("per_process_gpu_memory_fraction", 1, "double"),
        _Field("allocator_type", 2, "string"),
        _Field("deferred_deletion_bytes", 3, "int"),
        _Field("allow_growth", 4, "bool"),
        _Field("visible_device_list", 5, "string"),
        _Field("polling_active_delay_usecs", 6, "int"),
        _Field("polling_inactive_delay_msecs", 7, "int"),
        _Field("force_gpu_compatible", 8, "bool"),
    )


_LEVEL = {"L1": 0, "L0": -1}
_JIT_LEVEL = {"DEFAULT": 0, "OFF": -1, "ON_1": 1, "ON_2": 2}


class OptimizerOptions(Message):
    FIELDS = (
        _Field("do_common_subexpression_elimination", 1, "bool"),
        _Field("do_constant_folding", 2, "bool"),
        _Field("opt_level", 3, "enum", enum=_LEVEL),
        _Field("do_function_inlining", 4, "bool"),
        _Field("global_jit_level", 5, "enum", enum=_JIT_LEVEL),
        _Field("max_folded_constant_in_bytes", 6, "int"),
        _Field("cpu_global_jit", 7, "bool"),
    )


_enum_constants(OptimizerOptions, {**_LEVEL, **_JIT_LEVEL})


class GraphOptions(Message):
    FIELDS = (
        _Field("enable_recv_scheduling", 2, "bool"),
        _Field("optimizer_options", 3, "message", message=OptimizerOptions),
        _Field("build_cost_model", 4, "int"),
        _Field("infer_shapes", 5, "bool"),
        _Field("place_pruned_graph", 6, "bool"),
        _Field("enable_bfloat16_sendrecv", 7, "bool"),
        _Field("timeline_step", 8, "int"),
        _Field("build_cost_model_after", 9, "int"),
    )


class ConfigProto(Message):
    FIELDS = (
        _Field("device_count", 1, "map"),
        _Field("intra_op_parallelism_threads", 2, "int"),
        _Field("placement_period", 3, "int"),
        _Field("device_filters", 4, "strings"),
        _Field("inter_op_parallelism_threads", 5, "int"),
        _Field("gpu_options", 6, "message", message=GPUOptions),
        _Field("allow_soft_placement", 7, "bool"),
        _Field("log_device_placement", 8, "bool"),
        _Field("use_per_session_threads", 9, "bool"),
        _Field("graph_options", 10, "message", message=GraphOptions),
        _Field("operation_timeout_in_ms", 11, "int"),
        _Field("isolate_session_state", 15, "bool"),
        _Field("share_cluster_devices_in_session", 17, "bool"),
    )


_TRACE_LEVEL = {"NO_TRACE": 0, "SOFTWARE_TRACE": 1, "HARDWARE_TRACE": 2, "FULL_TRACE": 3}


class RunOptions(Message):
    FIELDS = (
        _Field("trace_level", 1, "enum", enum=_TRACE_LEVEL),
        _Field("timeout_in_ms", 2, "int"),
        _Field("inter_op_thread_pool", 3, "int"),
        _Field("output_partition_graphs", 5, "bool"),
        _Field("report_tensor_allocations_upon_oom", 7, "bool"),
    )


_enum_constants(RunOptions, _TRACE_LEVEL)


class RunMetadata(Message):
    """What ``Session.run(..., run_metadata=...)`` fills in TF 1.x (step statistics, partition
    graphs); nothing is recorded here."""

    FIELDS = ()


__all__ = ["ConfigProto", "GPUOptions", "GraphOptions", "OptimizerOptions", "RunOptions",
           "RunMetadata"]
