"""``tf.config``."""

from ..framework.config import (
    LogicalDevice,
    LogicalDeviceConfiguration,
    PhysicalDevice,
    experimental_functions_run_eagerly,
    experimental_run_functions_eagerly,
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
from . import config_optimizer as optimizer
from . import config_threading as threading
from .remote import connect_to_cluster as experimental_connect_to_cluster
from .remote import connect_to_host as experimental_connect_to_host
