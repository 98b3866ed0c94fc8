"""The ragged tensor guide's examples, with TF 2.21's outputs: broadcasting a dense operand,
partition mismatches (TF's assert_equal wording), nested slicing, reductions of empty rows,
tile, string padding, the hashing ops; and tf.debugging's comparison messages."""

import pytest

import eagerbook as tf


def test_factories_from_row_starts_and_limits():
    values = [3, 1, 4, 1, 5, 9, 2, 6]
    expected = "<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9, 2], [6], []]>"
    assert str(tf.RaggedTensor.from_row_starts(values, row_starts=[0, 4, 4, 7, 8])) == expected
    assert str(tf.RaggedTensor.from_row_limits(values, row_limits=[4, 4, 7, 8, 8])) == expected


def test_dense_operand_broadcasts_to_the_ragged_shape():
    x = tf.ragged.constant([[10, 87, 12], [19, 53], [12, 32]])
    assert str(x + [[1000], [2000], [3000]]) == (
        "<tf.RaggedTensor [[1010, 1087, 1012], [2019, 2053], [3012, 3032]]>")
    x = tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1)
    assert str(x + tf.constant([[10]])) == (
        "<tf.RaggedTensor [[[11, 12],\n  [13, 14],\n  [15, 16]], [[17, 18]]]>")
    x = tf.ragged.constant([[[[1], [2]], [], [[3]], [[4]]], [[[5], [6]], [[7]]]], ragged_rank=2)
    assert str(x + tf.constant([10, 20, 30])) == (
        "<tf.RaggedTensor [[[[11, 21, 31],\n   [12, 22, 32]], [], [[13, 23, 33]], "
        "[[14, 24, 34]]],\n [[[15, 25, 35],\n   [16, 26, 36]], [[17, 27, 37]]]]>")
    # the same road for tf.add, and the dense operand first
    x = tf.ragged.constant([[1, 2], [3]])
    assert str(tf.subtract([[10], [20]], x)) == "<tf.RaggedTensor [[9, 8], [17]]>"


def test_partition_mismatch_is_tfs_assert_equal_error():
    x = tf.ragged.constant([[1, 2], [3, 4, 5, 6], [7]])
    y = tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        x + y
    assert str(e.value) == (
        "Condition x == y did not hold.\nIndices of first 3 different values:\n[[1]\n [2]\n [3]]"
        "\nCorresponding x values:\n[ 4  8 12]\nCorresponding y values:\n[2 6 7]\n"
        "First 3 elements of x:\n[0 4 8]\nFirst 3 elements of y:\n[0 2 6]")
    x = tf.ragged.constant([[1, 2, 3], [4], [5, 6]])
    y = tf.ragged.constant([[10, 20], [30, 40], [50]])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        x + y
    assert str(e.value) == (
        "Condition x == y did not hold.\nIndices of first 2 different values:\n[[1]\n [3]]\n"
        "Corresponding x values:\n[3 6]\nCorresponding y values:\n[2 5]\n"
        "First 3 elements of x:\n[0 3 4]\nFirst 3 elements of y:\n[0 2 4]")
    x = tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10]]])
    y = tf.ragged.constant([[[1, 2, 0], [3, 4, 0], [5, 6, 0]], [[7, 8, 0], [9, 10, 0]]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"(?s)Corresponding x values:\n"
                       r"\[2 4 6\]\nCorresponding y values:\n\[3 6 9\]"):
        x + y


def test_slicing_nested_rows():
    rt = tf.ragged.constant([[[1, 2, 3], [4]], [[5], [], [6]], [[7]], [[8, 9], [10]]])
    assert str(rt[:, 1:3]) == "<tf.RaggedTensor [[[4]], [[], [6]], [], [[10]]]>"
    assert str(rt[:, -1:]) == "<tf.RaggedTensor [[[4]],\n\n [[6]],\n\n [[7]],\n\n [[10]]]>"


def test_printing_nested_rows_of_equal_count():
    paragraphs = tf.ragged.constant([
        [["I", "have", "a", "cat"], ["His", "name", "is", "Mat"]],
        [["Do", "you", "want", "to", "come", "visit"], ["I'm", "free", "tomorrow"]]])
    assert str(paragraphs) == (
        "<tf.RaggedTensor [[[b'I', b'have', b'a', b'cat'], [b'His', b'name', b'is', b'Mat']],\n"
        " [[b'Do', b'you', b'want', b'to', b'come', b'visit'],\n"
        "  [b\"I'm\", b'free', b'tomorrow']]]>")


def test_reductions_tile_and_padding():
    digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    assert str(tf.reduce_mean(digits, axis=1)) == (
        "tf.Tensor([2.25              nan 5.33333333 6.                nan], shape=(5,), "
        "dtype=float64)")
    assert str(tf.reduce_mean(tf.ragged.constant([[1., 2.], []]), axis=1)) == (
        "tf.Tensor([1.5 nan], shape=(2,), dtype=float32)")
    assert str(tf.tile(digits, [1, 2])) == (
        "<tf.RaggedTensor [[3, 1, 4, 1, 3, 1, 4, 1], [], [5, 9, 2, 5, 9, 2], [6, 6], []]>")
    assert str(tf.tile(tf.ragged.constant([[1, 2], [3]]), [2, 2])) == (
        "<tf.RaggedTensor [[1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3]]>")
    sentences = tf.ragged.constant([["Hi"], ["Welcome", "to", "the", "fair"], ["Have", "fun"]])
    assert str(sentences.to_tensor(default_value="")) == (
        "tf.Tensor(\n[[b'Hi' b'' b'' b'']\n [b'Welcome' b'to' b'the' b'fair']\n"
        " [b'Have' b'fun' b'' b'']], shape=(3, 4), dtype=string)")


def test_string_hashes_and_join_of_ragged_strings():
    assert tf.strings.to_hash_bucket_fast(["Hello", "TensorFlow", "2.x"], 3).numpy().tolist() \
        == [0, 2, 2]
    assert tf.strings.to_hash_bucket_strong(["Hello", "TF"], 3, [1, 2]).numpy().tolist() \
        == [2, 0]
    assert str(tf.strings.to_hash_bucket_fast(tf.ragged.constant([["a", "b"], ["c"]]), 10)) \
        == "<tf.RaggedTensor [[9, 2], [2]]>"
    assert tf.fingerprint(tf.constant(["a", "b"])).numpy().tolist() == [
        [227, 117, 223, 182, 101, 66, 69, 179], [22, 241, 200, 94, 33, 96, 178, 163]]
    assert tf.fingerprint(tf.constant([[1, 2], [3, 4]])).numpy().tolist() == [
        [76, 18, 253, 133, 168, 204, 240, 10], [254, 162, 60, 240, 103, 244, 53, 255]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'num_buckets' of "
                       "0 must be at least minimum 1"):
        tf.strings.to_hash_bucket_fast(["a"], 0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Key must have 2 elements"):
        tf.strings.to_hash_bucket_strong(["a"], 3, [1])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"`data` should have at least one dimension: \[\]"):
        tf.fingerprint(tf.constant(1.))
    padded = tf.ragged.constant([["#", "Who", "is", "#"], ["#", "Pause", "#"]])
    assert str(tf.strings.join([padded[:, :-1], padded[:, 1:]], separator="+")) == (
        "<tf.RaggedTensor [[b'#+Who', b'Who+is', b'is+#'], [b'#+Pause', b'Pause+#']]>")


def test_debugging_comparison_messages_are_tfs():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_equal(tf.constant([[1, 2], [3, 4]]), tf.constant([[1, 2], [3, 5]]))
    assert str(e.value) == (
        "Condition x == y did not hold.\nIndices of first 1 different values:\n[[1 1]]\n"
        "Corresponding x values:\n[4]\nCorresponding y values:\n[5]\n"
        "First 3 elements of x:\n[1 2 3]\nFirst 3 elements of y:\n[1 2 3]")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_equal(tf.constant(1), tf.constant(2))
    assert str(e.value) == ("Condition x == y did not hold.\nFirst 1 elements of x:\n[1]\n"
                            "First 1 elements of y:\n[2]")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_less(tf.constant([[1, 2], [3, 4]]), tf.constant([2, 2]))
    assert str(e.value) == ("Condition x < y did not hold.\nFirst 3 elements of x:\n[1 2 3]\n"
                            "First 2 elements of y:\n[2 2]")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 3]), message="hey",
                                  summarize=0)
    assert str(e.value) == "hey\nCondition x == y did not hold."
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_positive(tf.constant([1, -1, 3, 4]), message="m")
    assert str(e.value) == ("m.  \nCondition x > 0 did not hold element-wise:\n"
                            "x (shape=(4,) dtype=int32) = \n['1', '-1', '3', '...']")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_non_negative(tf.constant(-1.5))
    assert str(e.value) == ("\nCondition x >= 0 did not hold element-wise:\n"
                            "x (shape=() dtype=float32) = \n-1.5")


def test_static_vocabulary_table_hashes_unknown_keys_as_tf():
    init = tf.lookup.KeyValueTensorInitializer(
        keys=tf.constant(["emerson", "lake", "palmer"]),
        values=tf.constant([0, 1, 2], dtype=tf.int64))
    table = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=5)
    assert table[tf.constant(["emerson", "lake", "palmer", "king", "crimson"])].numpy() \
        .tolist() == [0, 1, 2, 6, 7]
    assert table.size().numpy() == 8
    assert str(table.lookup(tf.ragged.constant([["lake"], ["king", "emerson"]]))) == \
        "<tf.RaggedTensor [[1], [6, 0]]>"
    ints = tf.lookup.KeyValueTensorInitializer(keys=tf.constant([3, 5], tf.int64),
                                               values=tf.constant([0, 1], dtype=tf.int64))
    assert tf.lookup.StaticVocabularyTable(ints, num_oov_buckets=4).lookup(
        tf.constant([3, 7, 9, 5], tf.int64)).numpy().tolist() == [0, 2, 3, 1]
    with pytest.raises(ValueError, match="`num_oov_buckets` must be > 0; use StaticHashTable."):
        tf.lookup.StaticVocabularyTable(init, num_oov_buckets=0)


def test_ragged_boolean_mask_and_segment_ids_to_row_splits():
    t, f = True, False
    assert str(tf.ragged.boolean_mask(data=[[1, 2, 3], [4, 5, 6], [7, 8, 9]],
                                      mask=[[t, f, t], [f, f, f], [t, f, f]])) == \
        "<tf.RaggedTensor [[1, 3], [], [7]]>"
    rt = tf.ragged.constant([[1, 2, 3], [4], [5, 6]])
    assert tf.ragged.boolean_mask(rt, tf.ragged.constant([[f, f, t], [f], [t, t]])).to_list() \
        == [[3], [], [5, 6]]
    assert tf.ragged.boolean_mask(rt, tf.constant([True, False, True])).to_list() == [
        [1, 2, 3], [5, 6]]
    assert str(tf.ragged.boolean_mask([1, 2, 3], [True, False, True])) == (
        "tf.Tensor([1 3], shape=(2,), dtype=int32)")
    assert str(tf.ragged.segment_ids_to_row_splits([0, 0, 0, 2, 2, 3, 4, 4, 4])) == (
        "tf.Tensor([0 3 3 5 6 9], shape=(6,), dtype=int64)")
    assert str(tf.ragged.segment_ids_to_row_splits([0, 1], num_segments=4, out_type=tf.int32)) \
        == "tf.Tensor([0 1 2 2 2], shape=(5,), dtype=int32)"
