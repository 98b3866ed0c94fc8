"""``tf.config.experimental``."""

from ..framework.config import (
    LogicalDeviceConfiguration,
    enable_op_determinism,
    enable_tensor_float_32_execution,
    get_device_details,
    get_device_policy,
    get_logical_device_configuration,
    get_memory_growth,
    get_memory_info,
    get_memory_usage,
    get_synchronous_execution,
    get_visible_devices,
    list_logical_devices,
    list_physical_devices,
    reset_memory_stats,
    set_device_policy,
    set_logical_device_configuration,
    set_memory_growth,
    set_synchronous_execution,
    set_visible_devices,
    tensor_float_32_execution_enabled,
)

# TF 2.0-era names of the logical-device functions.
VirtualDeviceConfiguration = LogicalDeviceConfiguration
set_virtual_device_configuration = set_logical_device_configuration
get_virtual_device_configuration = get_logical_device_configuration
