"""tf.print lays out Python structures as TF does: pprint's layout (sorted dict keys, lines
wrapped at 80 columns, other objects by their repr) with each tensor's value in its place.
Expected texts are TF 2.21's output for the same calls."""

import collections
import io

import numpy as np

import eagerbook as tf


def _printed(*values, **kwargs):
    stream = io.StringIO()
    tf.print(*values, output_stream=stream, **kwargs)
    return stream.getvalue()


class _Shown:
    def __repr__(self):
        return "Shown-repr"

    def __str__(self):
        return "Shown-str"


def test_objects_print_by_their_repr():
    assert _printed(_Shown()) == "Shown-repr\n"
    assert _printed((_Shown(), tf.constant(1))) == "(Shown-repr, 1)\n"
    assert _printed("x", np.array([1, 2])) == "x array([1, 2])\n"
    assert _printed(np.float32(3.0), 2.5, None, True) == "np.float32(3.0) 2.5 None True\n"
    assert _printed(b"bytes", [b"x"]) == "b'bytes' [b'x']\n"


def test_long_structures_wrap_as_pprint_counting_each_tensor_as_four_columns():
    assert _printed([tf.constant(1)] * 30) == "[" + ",\n ".join(["1"] * 30) + "]\n"
    # twelve tensors fit in 80 columns ("'{}'" is four wide), whatever their values
    assert _printed([tf.constant([1.5, 2.5])] * 12) == \
        "[" + ", ".join(["[1.5 2.5]"] * 12) + "]\n"
    assert _printed({"a": "x" * 50, "b": "y" * 50}) == \
        "{'a': '" + "x" * 50 + "',\n 'b': '" + "y" * 50 + "'}\n"


def test_dict_keys_print_sorted_and_namedtuples_by_field():
    assert _printed({"b": tf.constant(1), "a": tf.constant(2)}) == "{'a': 2, 'b': 1}\n"
    assert _printed({"b": 1, "a": [tf.constant(2), "q"]}, "tail", sep="|") == \
        "{'a': [2, 'q'], 'b': 1}|tail\n"
    point = collections.namedtuple("P", "x y")
    assert _printed(point(tf.constant(1), 2)) == "P(x=1, y=2)\n"


def test_braces_in_the_caller_text_stay_text():
    assert _printed("has {} in it", tf.constant(5)) == "has {} in it 5\n"
    assert _printed(["{}", tf.constant(5)]) == "['{}', 5]\n"


def test_a_distributed_value_prints_its_replicas_tensors_by_repr():
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    values = strategy.experimental_distribute_values_from_function(
        lambda ctx: tf.constant(ctx.replica_id_in_sync_group))
    assert _printed(values) == (
        "PerReplica:{\n  0: <tf.Tensor: shape=(), dtype=int32, numpy=0>,\n"
        "  1: <tf.Tensor: shape=(), dtype=int32, numpy=1>\n}\n")


def test_structures_inside_a_function_print_each_call():
    stream = io.StringIO()

    @tf.function
    def show(x):
        tf.print({"x": x, "n": [1, 2]}, output_stream=stream)
        return x
    show(tf.constant([3, 4]))
    show(tf.constant([5, 6]))
    assert stream.getvalue() == "{'n': [1, 2], 'x': [3 4]}\n{'n': [1, 2], 'x': [5 6]}\n"
