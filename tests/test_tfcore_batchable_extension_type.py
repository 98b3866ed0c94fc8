"""tf.experimental.BatchableExtensionType: tf.map_fn slices a batch of them field by field and
stacks what the function returns (the values below are TF 2.21's)."""

import eagerbook as tf


class Vehicle(tf.experimental.BatchableExtensionType):
    top_speed: tf.Tensor
    mpg: tf.Tensor


def test_map_fn_over_a_batch_with_an_output_signature():
    batch = Vehicle([120, 150, 80], [30, 40, 12])
    out = tf.map_fn(lambda vehicle: vehicle.top_speed * vehicle.mpg, batch,
                    fn_output_signature=tf.int32)
    assert out.numpy().tolist() == [3600, 6000, 960]


def test_each_row_is_a_vehicle_of_scalars():
    seen = []
    batch = Vehicle([120, 150], [30, 40])
    tf.map_fn(lambda v: seen.append(v) or v.mpg, batch)
    assert [type(v) for v in seen] == [Vehicle, Vehicle]
    assert seen[1].top_speed.shape == () and int(seen[1].mpg) == 40


def test_returned_values_are_stacked_back_into_one_batch():
    batch = Vehicle([120, 150, 80], [30, 40, 12])
    faster = tf.map_fn(lambda v: Vehicle(v.top_speed + 1, v.mpg), batch)
    assert isinstance(faster, Vehicle)
    assert faster.top_speed.numpy().tolist() == [121, 151, 81]
    assert faster.mpg.numpy().tolist() == [30, 40, 12]


def test_plain_extension_types_are_subclasses():
    assert issubclass(tf.experimental.BatchableExtensionType, tf.experimental.ExtensionType)
