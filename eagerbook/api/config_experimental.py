"""``tf.config.experimental``."""

from ..framework.config import (
    get_memory_growth,
    get_visible_devices,
    list_logical_devices,
    list_physical_devices,
    set_memory_growth,
    set_visible_devices,
)
