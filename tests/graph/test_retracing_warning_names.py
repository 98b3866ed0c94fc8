"""The retracing warning names the Python function as TF 2.21 does: for a tf.function method
made anew with each object, the class's function (<function Model.__call__ at 0x...>), not a
bound method."""

import logging
import re

import eagerbook as tf


def test_a_method_is_named_by_its_function(caplog):
    class Model(tf.Module):
        @tf.function
        def __call__(self, x):
            return x

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        for _ in range(7):
            Model()(tf.constant(1))
    warnings = [r.getMessage() for r in caplog.records
                if "triggered tf.function retracing" in r.getMessage()]
    assert len(warnings) == 2
    name = r"<function test_a_method_is_named_by_its_function\.<locals>\.Model\.__call__ at " \
           r"0x[0-9a-f]+>"
    for count, message in zip((5, 6), warnings, strict=True):
        assert re.match(f"{count} out of the last {count} calls to {name} triggered "
                        "tf.function retracing. ", message), message
