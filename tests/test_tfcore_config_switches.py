"""tf.config's runtime switches (threading, optimizer, determinism, TF32, device policy,
memory stats): kept and read back as TF reports them on a CPU."""

import pytest

import eagerbook as tf
from eagerbook.framework import config


@pytest.fixture(autouse=True)
def _restore_switches():
    saved = {k: (dict(v) if isinstance(v, dict) else v) for k, v in config._RUNTIME.items()}
    yield
    config._RUNTIME.update(saved)


def test_threading_and_optimizer_switches_read_back():
    assert tf.config.threading.get_intra_op_parallelism_threads() == 0
    tf.config.threading.set_intra_op_parallelism_threads(2)
    tf.config.threading.set_inter_op_parallelism_threads(3)
    assert tf.config.threading.get_intra_op_parallelism_threads() == 2
    assert tf.config.threading.get_inter_op_parallelism_threads() == 3
    assert tf.config.optimizer.get_jit() == ""
    tf.config.optimizer.set_jit(True)
    assert tf.config.optimizer.get_jit() == "autoclustering"
    tf.config.optimizer.set_experimental_options({"layout_optimizer": False,
                                                  "disable_meta_optimizer": True})
    assert tf.config.optimizer.get_experimental_options() == {
        "layout_optimizer": False, "disable_meta_optimizer": True,
        "disable_model_pruning": False}


def test_experimental_switches_and_memory_stats():
    tf.config.experimental.enable_op_determinism()
    assert tf.config.experimental.tensor_float_32_execution_enabled() is True
    tf.config.experimental.enable_tensor_float_32_execution(False)
    assert tf.config.experimental.tensor_float_32_execution_enabled() is False
    assert tf.config.experimental.get_synchronous_execution() is True
    assert tf.config.experimental.get_device_policy() == "silent"
    cpu = tf.config.list_physical_devices("CPU")[0]
    assert tf.config.experimental.get_device_details(cpu) == {}
    with pytest.raises(ValueError, match="Allocator stats not available for device 'CPU:0'"):
        tf.config.experimental.get_memory_info("CPU:0")
    with pytest.raises(ValueError, match="No matching devices found for 'GPU:0'"):
        tf.config.experimental.get_memory_info("GPU:0")


def test_tf_2_0_names_of_run_functions_eagerly():
    try:
        tf.config.experimental_run_functions_eagerly(True)
        assert tf.config.functions_run_eagerly() is True
        assert tf.config.experimental_functions_run_eagerly() is True
    finally:
        tf.config.run_functions_eagerly(False)


def test_summary_writer_and_nn_approx_top_k_names():
    import tempfile
    writer = tf.summary.create_file_writer(tempfile.mkdtemp())
    assert type(writer).__name__ == "_ResourceSummaryWriter"  # what TF's type() shows
    assert tf.nn.approx_max_k is tf.math.approx_max_k
    assert tf.nn.approx_min_k is tf.math.approx_min_k
