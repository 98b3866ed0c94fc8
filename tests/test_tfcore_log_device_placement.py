"""tf.debugging.set_log_device_placement: one stderr line per op while it is on."""

import eagerbook as tf


def test_ops_are_logged_to_stderr_only_while_enabled(capsys):
    tf.debugging.set_log_device_placement(True)
    try:
        tf.debugging.set_log_device_placement(True)  # turning it on twice logs each op once
        a = tf.constant([1.0]) + 1
        tf.multiply(a, a)
    finally:
        tf.debugging.set_log_device_placement(False)
    tf.constant([2.0]) + 1
    captured = capsys.readouterr()
    assert captured.out == ""
    device = "/job:localhost/replica:0/task:0/device:CPU:0"
    assert captured.err.splitlines() == [f"Executing op AddV2 in device {device}",
                                         f"Executing op Mul in device {device}"]
