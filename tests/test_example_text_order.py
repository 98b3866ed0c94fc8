"""Printing a tf.train.Example / SequenceExample lists map entries in the order TF 2.21 prints
them (its upb runtime's order, checked against TF), whatever order the map was built in."""
import eagerbook as tf


def _int_feature(value=1):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _printed_keys(message):
    return [line.split('"')[1] for line in str(message).splitlines() if "key:" in line]


def _example(keys):
    return tf.train.Example(features=tf.train.Features(
        feature={key: _int_feature() for key in keys}))


def test_feature_map_prints_in_tfs_order_not_insertion_order():
    # The image walkthrough of the TFRecord tutorial builds its features in this order.
    keys = ["height", "width", "depth", "label", "image_raw"]
    expected = ["width", "label", "image_raw", "height", "depth"]      # TF 2.21's print
    assert _printed_keys(_example(keys)) == expected
    assert _printed_keys(_example(reversed(keys))) == expected


def test_prefix_keys_print_shorter_first_other_keys_larger_byte_first():
    keys = ["a", "aa", "ab", "b", "B", "_x", "Z", "age", "sex", "thal", "ca", "cp",
            "x1", "x10", "x2"]
    assert _printed_keys(_example(keys)) == [
        "x2", "x1", "x10", "thal", "sex", "cp", "ca", "b", "a", "age", "ab", "aa", "_x",
        "Z", "B"]


def test_parsed_example_prints_in_the_same_order():
    example = _example(["feature0", "feature1", "feature2", "feature3"])
    parsed = tf.train.Example.FromString(example.SerializeToString())
    assert _printed_keys(parsed) == ["feature3", "feature2", "feature1", "feature0"]
    assert str(parsed) == str(example)


def test_whole_text_of_a_two_feature_example():
    example = _example(["b", "a"])
    assert str(example) == (
        "features {\n"
        "  feature {\n"
        '    key: "b"\n'
        "    value {\n"
        "      int64_list {\n"
        "        value: 1\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "  feature {\n"
        '    key: "a"\n'
        "    value {\n"
        "      int64_list {\n"
        "        value: 1\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n")


def test_sequence_example_maps_print_in_the_same_order():
    seq = tf.train.SequenceExample()
    seq.context.feature["length"].int64_list.value.append(2)
    seq.context.feature["id"].int64_list.value.append(7)
    seq.feature_lists.feature_list["tokens"].feature.add().int64_list.value.append(3)
    seq.feature_lists.feature_list["labels"].feature.add().int64_list.value.append(1)
    assert _printed_keys(seq) == ["length", "id", "tokens", "labels"]
