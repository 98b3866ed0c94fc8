"""A mixed precision policy as TF 2.21's Keras has it: the first mixed_float16 policy of a
process logs TF's compatibility warning (eagerbook runs on the CPU, no GPU), once; and a layer's
config names a mixed policy in Keras 2.13's form."""

import logging

import pytest

import eagerbook as tf
from eagerbook.keras import mixed_precision as mp

_WARNING = ("Mixed precision compatibility check (mixed_float16): WARNING\n"
            "The dtype policy mixed_float16 may run slowly because this machine does not have a "
            "GPU. Only Nvidia GPUs with compute capability of at least 7.0 run quickly with "
            "mixed_float16.\nIf you will use compatible GPU(s) not attached to this host, e.g. "
            "by running a multi-worker model, you can ignore this warning. This message will "
            "only be logged once")


@pytest.fixture()
def logged(caplog, monkeypatch):
    monkeypatch.setattr(mp, "_compatibility_checked", [False])
    caplog.set_level(logging.WARNING, logger="tensorflow")
    return lambda: [r.getMessage() for r in caplog.records if "compatibility" in r.getMessage()]


def test_the_first_mixed_float16_policy_warns_once(logged):
    tf.keras.mixed_precision.Policy("float32")
    assert logged() == []
    tf.keras.mixed_precision.Policy("mixed_float16")
    tf.keras.mixed_precision.Policy("mixed_float16")
    assert logged() == [_WARNING]


def test_a_mixed_bfloat16_policy_first_uses_up_the_once(logged):
    tf.keras.mixed_precision.Policy("mixed_bfloat16")
    tf.keras.mixed_precision.Policy("mixed_float16")
    assert logged() == []


def test_a_layers_config_names_a_mixed_policy_as_tf(logged):
    layer = tf.keras.layers.Dense(2, dtype="mixed_float16")
    assert layer.get_config()["dtype"] == {
        "module": "keras.mixed_precision", "class_name": "Policy",
        "config": {"name": "mixed_float16"}, "registered_name": None}
    again = tf.keras.layers.Dense.from_config(layer.get_config())
    assert again.dtype_policy.name == "mixed_float16"
    assert tf.keras.layers.Dense(2).get_config()["dtype"] == "float32"
