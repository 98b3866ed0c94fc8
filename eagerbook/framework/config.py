"""``tf.config`` and ``tf.test``: what hardware exists (one CPU) and runtime switches."""

import collections

from ..core import context
from ..ops import random_ops

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])

_PHYSICAL = (PhysicalDevice(name="/physical_device:CPU:0", device_type="CPU"),)
_LOGICAL = (LogicalDevice(name="/device:CPU:0", device_type="CPU"),)


def _filter(devices, device_type):
    if device_type is None:
        return list(devices)
    return [d for d in devices if d.device_type == str(device_type).upper()]


def list_physical_devices(device_type=None):
    """``[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]``; no GPUs."""
    return _filter(_PHYSICAL, device_type)


def list_logical_devices(device_type=None):
    return _filter(_LOGICAL, device_type)


class LogicalDeviceConfiguration(
        collections.namedtuple("LogicalDeviceConfiguration",
                               ["memory_limit", "experimental_priority",
                                "experimental_device_ordinal"])):
    """``tf.config.LogicalDeviceConfiguration``: one logical device to make of a physical one
    (``VirtualDeviceConfiguration`` is its older name)."""

    def __new__(cls, memory_limit=None, experimental_priority=None,
                experimental_device_ordinal=None):
        return super().__new__(cls, memory_limit, experimental_priority,
                               experimental_device_ordinal)


_LOGICAL_CONFIGURATION = {}


def set_logical_device_configuration(device, logical_devices):
    """Splits the CPU into logical devices (``/device:CPU:0``, ``/device:CPU:1``, ...), as TF
    does for trying out distribution strategies on one machine. They all compute on the one
    CPU here."""
    global _LOGICAL
    if device not in _PHYSICAL:
        raise ValueError(f"Unrecognized device: {device!r}")
    logical_devices = list(logical_devices or [])
    if not all(isinstance(d, LogicalDeviceConfiguration) for d in logical_devices):
        raise ValueError("logical_devices must be a list of LogicalDeviceConfiguration")
    _LOGICAL_CONFIGURATION[device] = logical_devices
    _LOGICAL = tuple(LogicalDevice(name=f"/device:CPU:{i}", device_type="CPU")
                     for i in range(max(1, len(logical_devices))))


def get_logical_device_configuration(device):
    if device not in _PHYSICAL:
        raise ValueError(f"Unrecognized device: {device!r}")
    return _LOGICAL_CONFIGURATION.get(device)


def get_visible_devices(device_type=None):
    return list_physical_devices(device_type)


def set_visible_devices(devices, device_type=None):
    devices = [devices] if isinstance(devices, PhysicalDevice) else list(devices)
    unknown = [d for d in devices if d not in _PHYSICAL]
    if unknown:
        raise ValueError(f"Unrecognized device: {unknown[0]!r}")


def set_memory_growth(device, enable):
    if device not in _PHYSICAL:
        raise ValueError(f"Unrecognized device: {device!r}")
    raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")


def get_memory_growth(device):
    if device not in _PHYSICAL:
        raise ValueError(f"Unrecognized device: {device!r}")
    raise ValueError("Cannot get memory growth on non-GPU devices")


def run_functions_eagerly(run_eagerly):
    """Makes every ``tf.function`` run its Python body eagerly (for debugging)."""
    context.run_functions_eagerly(run_eagerly)


def functions_run_eagerly():
    return context.functions_run_eagerly()


def set_soft_device_placement(enabled):
    context.state.soft_placement = bool(enabled)


def get_soft_device_placement():
    return context.state.soft_placement


# --- switches for TF's runtime: kept and read back, nothing in the NumPy engine to change ------
# (eagerbook's kernels are deterministic and always use full float32 precision; its one CPU
# has no thread pools and no graph optimizer to configure.)
_RUNTIME = {"intra_op_threads": 0, "inter_op_threads": 0, "jit": "", "op_determinism": False,
            "tensor_float_32": True, "synchronous": True, "device_policy": "silent",
            "optimizer_options": {"disable_model_pruning": False,
                                  "disable_meta_optimizer": False}}


def get_intra_op_parallelism_threads():
    return _RUNTIME["intra_op_threads"]


def set_intra_op_parallelism_threads(num_threads):
    _RUNTIME["intra_op_threads"] = int(num_threads)
    random_ops._set_intra_op_threads(num_threads)  # (its Multinomial splits rows as TF's)


def get_inter_op_parallelism_threads():
    return _RUNTIME["inter_op_threads"]


def set_inter_op_parallelism_threads(num_threads):
    _RUNTIME["inter_op_threads"] = int(num_threads)


def get_jit():
    """``''`` (XLA off), or ``'autoclustering'`` after ``set_jit(True)``."""
    return _RUNTIME["jit"]


def set_jit(enabled):
    _RUNTIME["jit"] = "autoclustering" if enabled is True or enabled == "autoclustering" else ""


def get_experimental_options():
    return dict(_RUNTIME["optimizer_options"])


def set_experimental_options(options):
    given = dict(options)  # TF lists the options just set first
    kept = {k: v for k, v in _RUNTIME["optimizer_options"].items() if k not in given}
    _RUNTIME["optimizer_options"] = {**given, **kept}


def enable_op_determinism():
    _RUNTIME["op_determinism"] = True


def tensor_float_32_execution_enabled():
    return _RUNTIME["tensor_float_32"]


def enable_tensor_float_32_execution(enabled):
    _RUNTIME["tensor_float_32"] = bool(enabled)


def get_synchronous_execution():
    return _RUNTIME["synchronous"]


def set_synchronous_execution(enable):
    _RUNTIME["synchronous"] = bool(enable)


def get_device_policy():
    return _RUNTIME["device_policy"]


def set_device_policy(device_policy):
    policies = {None: "silent", "silent": "silent", "warn": "warn", "explicit": "explicit",
                "silent_for_int32": "silent_for_int32"}
    if device_policy not in policies:
        raise ValueError(f"Not a valid device policy: {device_policy!r}")
    _RUNTIME["device_policy"] = policies[device_policy]


def get_device_details(device):
    """A CPU has no details to report (TF lists a GPU's name and compute capability)."""
    return {}


def get_memory_info(device):
    """TF reports allocator statistics for GPUs only; eagerbook has none."""
    name = device if isinstance(device, str) else getattr(device, "name", str(device))
    if name.upper().replace("/DEVICE:", "").startswith("CPU"):
        raise ValueError(f"Allocator stats not available for device '{name}'")
    raise ValueError(f"No matching devices found for '{name}'")


def get_memory_usage(device):
    return get_memory_info(device)["current"]


def reset_memory_stats(device):
    try:
        get_memory_info(device)
    except ValueError as exc:  # (TF's own words for a CPU here)
        if not str(exc).startswith("Allocator stats not available"):
            raise
        name = device if isinstance(device, str) else getattr(device, "name", str(device))
        raise ValueError(f"Cannot reset memory stats for device '{name}'") from None


def experimental_run_functions_eagerly(run_eagerly):
    """The TF 2.0-2.2 name of ``run_functions_eagerly``."""
    run_functions_eagerly(run_eagerly)


def experimental_functions_run_eagerly():
    return functions_run_eagerly()


# --- tf.test ------------------------------------------------------------------------------------
def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    """False: eagerbook computes on the CPU only."""
    return False


def is_built_with_cuda():
    return False


def is_built_with_gpu_support():
    return False


def is_built_with_rocm():
    return False


def is_built_with_xla():
    """False: eagerbook has no XLA compiler (``jit_compile=True`` runs the traced graph)."""
    return False


# The target names TF's CPU compiler knows (any it was built for answers True, as here: NumPy
# runs on whatever CPU Python runs on).
_CPU_TARGETS = ("aarch64", "arm", "powerpc", "x86", "x86_64")


def is_cpu_target_available(target):
    if target not in _CPU_TARGETS:
        raise AssertionError(f"Unknown CPU target: {target}")
    return True


def gpu_device_name():
    """The name of a GPU device, or ``''`` when there is none (always, here)."""
    return ""
