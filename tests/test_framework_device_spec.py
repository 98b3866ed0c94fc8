"""tf.DeviceSpec as TF 2's (immutable, `replace`, TF's parse errors) and compat.v1's mutable one."""

import pytest

import eagerbook as tf

SPEC = tf.DeviceSpec(job="localhost", replica=0, device_type="CPU", device_index=0)


def test_replace_returns_a_new_spec():
    gpu = SPEC.replace(device_type="GPU")
    assert repr(gpu) == ("<DeviceSpec(job=localhost, replica=0, task=None, device_type=GPU, "
                         "device_index=0)>")
    assert SPEC.device_type == "CPU"
    assert SPEC.replace(job=None).to_string() == "/replica:0/device:CPU:0"
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        SPEC.replace(bogus=1)


def test_specs_are_immutable_in_tf2():
    with pytest.raises(AttributeError):
        SPEC.job = "worker"
    assert type(SPEC).__name__ == "DeviceSpecV2"


@pytest.mark.parametrize("text, message", [
    ("/BOGUS:0", "Unknown attribute 'BOGUS' is encountered while parsing the device spec: "
                 "'/BOGUS:0'."),
    ("CPU:0:1", "Unknown attribute 'CPU' is encountered while parsing the device spec: "
                "'CPU:0:1'."),
    ("/XLA_CPU:0", "Unknown attribute 'XLA_CPU'"),
    ("/GPU:0/CPU:0", "Multiple device types are not allowed while parsing the device spec: "
                     "/GPU:0/CPU:0."),
    ("/gpu:x", "invalid literal for int"),
    ("/task:x", "invalid literal for int"),
])
def test_bad_strings_raise_tfs_value_errors(text, message):
    with pytest.raises(ValueError) as info:
        tf.DeviceSpec.from_string(text)
    assert str(info.value).startswith(message)


def test_parsing_as_tf():
    assert tf.DeviceSpec.from_string("/job:a/job:b").job == "b"  # the later one wins
    assert tf.DeviceSpec.from_string("/device:XLA_CPU:0").device_type == "XLA_CPU"
    assert tf.DeviceSpec.from_string("/TPU:0").device_type == "TPU"
    assert tf.DeviceSpec.from_string("cpu:*").device_index is None
    assert tf.DeviceSpec(device_type="gpu", device_index="1").to_string() == "/device:GPU:1"
    assert tf.DeviceSpec(replica="3").replica == 3
    with pytest.raises(ValueError, match="invalid literal"):
        tf.DeviceSpec(replica="a")
    merged = tf.DeviceSpec(device_type="GPU", device_index=0).make_merged_spec(
        tf.DeviceSpec(job="ps"))
    assert merged.to_string() == "/job:ps/device:GPU:0"
    # TF 2's parse_from_string reads the string alone and leaves the spec as it was
    assert SPEC.parse_from_string("/cpu:1").to_string() == "/device:CPU:1"


def test_tf_device_takes_a_spec():
    with tf.device(tf.DeviceSpec(device_type="CPU", device_index=0)):
        assert tf.constant(1).device == "/job:localhost/replica:0/task:0/device:CPU:0"


def test_compat_v1_specs_are_mutable():
    spec = tf.compat.v1.DeviceSpec(job="a", device_type="CPU")
    assert type(spec).__name__ == "DeviceSpecV1"
    assert spec.parse_from_string("/gpu:1/task:2") is spec
    assert repr(spec) == ("<DeviceSpec(job=None, replica=None, task=2, device_type=GPU, "
                          "device_index=1)>")
    spec.merge_from(tf.DeviceSpec(job="z"))
    spec.device_type, spec.replica = "cpu", "4"
    assert spec.to_string() == "/job:z/replica:4/task:2/device:CPU:1"
