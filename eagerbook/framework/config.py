"""``tf.config`` and ``tf.test``: what hardware exists (one CPU) and runtime switches."""

import collections

from ..core import context

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
    raise ValueError("Cannot set memory growth on non-GPU devices")


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
