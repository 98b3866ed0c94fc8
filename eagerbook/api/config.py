"""``tf.config``."""

from ..framework.config import (
    LogicalDevice,
    LogicalDeviceConfiguration,
    PhysicalDevice,
    functions_run_eagerly,
    get_logical_device_configuration,
    get_soft_device_placement,
    get_visible_devices,
    list_logical_devices,
    list_physical_devices,
    run_functions_eagerly,
    set_logical_device_configuration,
    set_soft_device_placement,
    set_visible_devices,
)
from . import config_experimental as experimental
