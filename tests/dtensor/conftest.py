"""DTensor tests run on six logical CPUs, as TF's DTensor guide configures them."""

import gc

import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def six_cpus():
    """Splits the CPU into six logical devices for the test, and back to one after it. DTensors
    a caught error's traceback still holds are freed too: with the last one the layout watcher
    leaves the dispatcher (the suite checks that no test leaves a recorder behind)."""
    cpu = tf.config.list_physical_devices("CPU")[0]
    before = tf.config.get_logical_device_configuration(cpu)
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 6)
    yield
    tf.config.set_logical_device_configuration(cpu, before)
    gc.collect()
