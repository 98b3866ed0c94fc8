"""``tf.config.experimental``."""

from ..framework.config import (
    LogicalDeviceConfiguration,
    get_logical_device_configuration,
    get_memory_growth,
    get_visible_devices,
    list_logical_devices,
    list_physical_devices,
    set_logical_device_configuration,
    set_memory_growth,
    set_visible_devices,
)

# TF 2.0-era names of the logical-device functions.
VirtualDeviceConfiguration = LogicalDeviceConfiguration
set_virtual_device_configuration = set_logical_device_configuration
get_virtual_device_configuration = get_logical_device_configuration
