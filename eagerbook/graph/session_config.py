"""TF 1.x's session options, ``tf.compat.v1.ConfigProto``, ``GPUOptions``, ``RunOptions``,
``RunMetadata``: protocol messages in TF, here small records with the same fields, defaults and
text printing (fields in the message's order, defaults left out). A Session takes them and
has nothing to tune with them: this process's CPU runs every op.
"""


class _Message:
    """A protocol-message-like record: FIELDS are (name, default) in the message's field order;
    a field that is a message (``gpu_options``) is made empty on first use."""

    FIELDS = ()
    MESSAGES = {}  # field name -> its message class

    def __init__(self, **fields):
        for name, default in self.FIELDS:
            value = self.MESSAGES[name]() if name in self.MESSAGES else default
            object.__setattr__(self, name, value)
        for name, value in fields.items():
            setattr(self, name, value)

    def __setattr__(self, name, value):
        if name not in dict(self.FIELDS):
            raise AttributeError(f'Assignment not allowed (no field "{name}" in protocol '
                                 f'message object).')
        object.__setattr__(self, name, value)

    def __new__(cls, *args, **fields):
        unknown = [name for name in fields if name not in dict(cls.FIELDS)]
        if unknown:
            raise ValueError(f'Protocol message {cls.__name__} has no "{unknown[0]}" field.')
        return object.__new__(cls)

    def _text(self, indent=""):
        lines = []
        for name, default in self.FIELDS:
            value = getattr(self, name)
            if name in self.MESSAGES:
                inner = value._text(indent + "  ")
                if inner:
                    lines.append(f"{indent}{name} {{\n{inner}{indent}}}\n")
            elif value != default:
                lines.append(f"{indent}{name}: {self._format(name, value)}\n")
        return "".join(lines)

    def _format(self, name, value):
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str):
            return f'"{value}"'
        return repr(value)

    def __str__(self):
        return self._text()

    def __eq__(self, other):
        return type(other) is type(self) and str(other) == str(self)

    __hash__ = None

    def SerializeToString(self):  # noqa: N802 (the protocol-message method's name)
        return str(self).encode()


class GPUOptions(_Message):
    FIELDS = (("per_process_gpu_memory_fraction", 0.0), ("allocator_type", ""),
              ("deferred_deletion_bytes", 0), ("allow_growth", False),
              ("visible_device_list", ""), ("polling_active_delay_usecs", 0),
              ("polling_inactive_delay_msecs", 0), ("force_gpu_compatible", False))


class OptimizerOptions(_Message):
    FIELDS = (("do_common_subexpression_elimination", False),
              ("do_constant_folding", False), ("opt_level", 0), ("do_function_inlining", False),
              ("global_jit_level", 0))


class GraphOptions(_Message):
    FIELDS = (("optimizer_options", None), ("enable_recv_scheduling", False),
              ("build_cost_model", 0), ("infer_shapes", False), ("place_pruned_graph", False),
              ("enable_bfloat16_sendrecv", False), ("timeline_step", 0))
    MESSAGES = {"optimizer_options": OptimizerOptions}


class ConfigProto(_Message):
    FIELDS = (("intra_op_parallelism_threads", 0), ("placement_period", 0),
              ("inter_op_parallelism_threads", 0), ("gpu_options", None),
              ("allow_soft_placement", False), ("log_device_placement", False),
              ("use_per_session_threads", False), ("graph_options", None),
              ("operation_timeout_in_ms", 0), ("isolate_session_state", False))
    MESSAGES = {"gpu_options": GPUOptions, "graph_options": GraphOptions}


class RunOptions(_Message):
    NO_TRACE, SOFTWARE_TRACE, HARDWARE_TRACE, FULL_TRACE = 0, 1, 2, 3
    _TRACE_NAMES = ("NO_TRACE", "SOFTWARE_TRACE", "HARDWARE_TRACE", "FULL_TRACE")
    FIELDS = (("trace_level", 0), ("timeout_in_ms", 0), ("inter_op_thread_pool", 0),
              ("output_partition_graphs", False), ("report_tensor_allocations_upon_oom", False))

    def _format(self, name, value):
        if name == "trace_level":
            return self._TRACE_NAMES[value]
        return super()._format(name, value)


class RunMetadata(_Message):
    """What a traced run records (TF: step stats, partition graphs): nothing here, as the
    session does not trace its runs."""

    FIELDS = ()
