"""tf.train messages filled field by field, SequenceExample and its parsers,
FixedLenSequenceFeature, and the parsers' result order and error words, as TensorFlow's."""

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import after_frame


def test_a_feature_becomes_the_kind_its_list_is_filled_with():
    example = tf.train.Example()
    example.features.feature["x"].float_list.value.extend([1.0, 2.5])
    example.features.feature["s"].bytes_list.value.append(b"hi")
    example.features.feature["i"].int64_list.value[:] = [3]
    feature = example.features.feature["x"]
    assert feature.WhichOneof("kind") == "float_list"
    assert feature.float_list.value[1] == 2.5
    assert str(example).splitlines()[:7] == [
        "features {", "  feature {", '    key: "x"', "    value {", "      float_list {",
        "        value: 1", "        value: 2.5"]
    assert tf.train.Example.FromString(example.SerializeToString()) == example
    # reading an unset kind does not set it; a value of the wrong type is refused
    empty = tf.train.Feature()
    assert list(empty.int64_list.value) == [] and empty.WhichOneof("kind") is None
    with pytest.raises(TypeError):
        empty.int64_list.value.append(1.5)
    assert empty.WhichOneof("kind") is None


def _sequence_example():
    sequence = tf.train.SequenceExample()
    sequence.context.feature["len"].int64_list.value.append(2)
    tokens = sequence.feature_lists.feature_list["tok"]
    tokens.feature.add().int64_list.value.extend([1, 2])
    tokens.feature.add().int64_list.value.extend([3, 4])
    words = sequence.feature_lists.feature_list["w"]
    words.feature.add().bytes_list.value.append(b"a")
    words.feature.add().bytes_list.value.extend([b"b", b"c"])
    return sequence


def test_sequence_example_prints_and_round_trips():
    sequence = _sequence_example()
    text = str(sequence).splitlines()
    assert text[:3] == ["context {", "  feature {", '    key: "len"']
    assert "feature_lists {" in text and '    key: "tok"' in text
    assert tf.train.SequenceExample.FromString(sequence.SerializeToString()) == sequence
    rebuilt = tf.train.SequenceExample(
        context=tf.train.Features(feature={"len": tf.train.Feature(
            int64_list=tf.train.Int64List(value=[2]))}),
        feature_lists=tf.train.FeatureLists(feature_list={"tok": tf.train.FeatureList(
            feature=[tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2]))])}))
    assert len(rebuilt.feature_lists.feature_list["tok"].feature) == 1


def test_parse_single_sequence_example():
    data = _sequence_example().SerializeToString()
    context, lists = tf.io.parse_single_sequence_example(
        data,
        {"len": tf.io.FixedLenFeature([], tf.int64),
         "missing": tf.io.FixedLenFeature([], tf.int64, default_value=7)},
        {"tok": tf.io.FixedLenSequenceFeature([2], tf.int64),
         "w": tf.io.VarLenFeature(tf.string)})
    assert int(context["len"]) == 2 and int(context["missing"]) == 7
    np.testing.assert_array_equal(lists["tok"].numpy(), [[1, 2], [3, 4]])
    assert list(lists) == ["w", "tok"]  # sparse results first, as TF lists them
    np.testing.assert_array_equal(lists["w"].indices.numpy(), [[0, 0], [1, 0], [1, 1]])
    np.testing.assert_array_equal(lists["w"].dense_shape.numpy(), [2, 2])
    _, ragged = tf.io.parse_single_sequence_example(
        data, None, {"r": tf.io.RaggedFeature(tf.string, value_key="w")})
    assert ragged["r"].to_list() == [[b"a"], [b"b", b"c"]]


def test_parse_sequence_example_batches_and_counts_steps():
    data = _sequence_example().SerializeToString()
    context, lists, lengths = tf.io.parse_sequence_example(
        [data, data], {"len": tf.io.FixedLenFeature([], tf.int64)},
        {"tok": tf.io.FixedLenSequenceFeature([2], tf.int64),
         "w": tf.io.VarLenFeature(tf.string)})
    np.testing.assert_array_equal(context["len"].numpy(), [2, 2])
    assert lists["tok"].shape == (2, 2, 2)
    np.testing.assert_array_equal(lengths["tok"].numpy(), [2, 2])
    np.testing.assert_array_equal(lists["w"].dense_shape.numpy(), [2, 2, 2])


def test_sequence_parsing_errors_read_as_tfs():
    data = _sequence_example().SerializeToString()
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.io.parse_single_sequence_example(
            data, None, {"nope": tf.io.FixedLenSequenceFeature([], tf.int64)})
    assert after_frame(str(e.value)).startswith("Name: <unknown>, Feature list 'nope' is "
                                                "required but could not be found.")
    _, lists = tf.io.parse_single_sequence_example(
        data, None, {"nope": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})
    assert lists["nope"].shape == (0,)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Total values size: 4 is not consistent with output shape: "
                             r"\[\?,3\] \[Op:ParseSequenceExampleV2\]"):
        tf.io.parse_single_sequence_example(
            data, None, {"tok": tf.io.FixedLenSequenceFeature([3], tf.int64)})


def _example(values):
    example = tf.train.Example()
    example.features.feature["a"].int64_list.value.extend(values)
    return example.SerializeToString()


def test_fixed_len_sequence_feature_in_parse_example_pads():
    spec = tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)
    out = tf.io.parse_example([_example([1, 2]), _example([3])], {"a": spec})
    np.testing.assert_array_equal(out["a"].numpy(), [[1, 2], [3, 0]])
    padded = tf.io.parse_example([_example([1, 2]), _example([3])], {
        "a": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True, default_value=-1)})
    np.testing.assert_array_equal(padded["a"].numpy(), [[1, 2], [3, -1]])
    single = tf.io.parse_single_example(_example([1, 2]), {"a": spec})
    np.testing.assert_array_equal(single["a"].numpy(), [1, 2])
    with pytest.raises(ValueError, match="FixedLenSequenceFeature requires allow_missing"):
        tf.io.parse_example([_example([1])], {"a": tf.io.FixedLenSequenceFeature([], tf.int64)})


def test_feature_specs_are_named_tuples():
    assert repr(tf.io.FixedLenFeature([], tf.int64)) == \
        "FixedLenFeature(shape=[], dtype=tf.int64, default_value=None)"
    assert repr(tf.io.VarLenFeature(tf.string)) == "VarLenFeature(dtype=tf.string)"
    assert repr(tf.io.FixedLenSequenceFeature([], tf.int64)) == (
        "FixedLenSequenceFeature(shape=[], dtype=tf.int64, allow_missing=False, "
        "default_value=None)")
    assert tf.io.FixedLenFeature([3], tf.int64) == tf.io.FixedLenFeature([3], tf.int64)


@pytest.mark.parametrize("batched, words", [
    (False, "Key: z.  Data types don't match. Data type: int64 but expected type: float"),
    (True, "Name: <unknown>, Key: z, Index: 0.  Data types don't match. Data type: int64 but "
           "expected type: float"),
])
def test_parse_example_type_errors_read_as_tfs(batched, words):
    example = tf.train.Example()
    example.features.feature["z"].int64_list.value.append(1)
    data = example.SerializeToString()
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.io.parse_example([data] if batched else data,
                            {"z": tf.io.FixedLenFeature([], tf.float32)})
    assert after_frame(str(e.value)) == words + " [Op:ParseExampleV2]"


def test_parse_example_count_and_missing_errors_read_as_tfs():
    data = _example([1, 2])
    cases = [
        (lambda: tf.io.parse_single_example(data, {"a": tf.io.FixedLenFeature([3], tf.int64)}),
         "Key: a.  Can't parse serialized Example: Some int64_list slice was not parsed."),
        (lambda: tf.io.parse_example([data], {"a": tf.io.FixedLenFeature([3], tf.int64)}),
         "Name: <unknown>, Key: a, Index: 0.  Number of int64 values != expected.  Values "
         "size: 2 but output shape: [3]"),
        (lambda: tf.io.parse_example([data], {"w": tf.io.FixedLenFeature([], tf.float32)}),
         "Name: <unknown>, Feature: w (data type: float) is required but could not be found."),
        (lambda: tf.io.parse_tensor(b"garbage!!", tf.int32),
         "Could not parse `serialized` as TensorProto, base64: Z2FyYmFnZSEh"),
    ]
    for call, words in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            call()
        assert after_frame(str(e.value)).startswith(words), str(e.value)
