"""tf.config.experimental's memory functions refuse a CPU in TF's words."""

import pytest

import eagerbook as tf


def test_memory_growth_and_stats_on_the_cpu_are_tfs_value_errors():
    cpu = tf.config.list_physical_devices("CPU")[0]
    with pytest.raises(ValueError, match="^Cannot set memory growth on non-GPU and non-Pluggable "
                                         "devices$"):
        tf.config.experimental.set_memory_growth(cpu, True)
    with pytest.raises(ValueError, match="^Allocator stats not available for device 'CPU:0'$"):
        tf.config.experimental.get_memory_info("CPU:0")
    with pytest.raises(ValueError, match="^Cannot reset memory stats for device "
                                         "'/device:CPU:0'$"):
        tf.config.experimental.reset_memory_stats("/device:CPU:0")
    with pytest.raises(ValueError, match="^No matching devices found for 'GPU:0'$"):
        tf.config.experimental.reset_memory_stats("GPU:0")
