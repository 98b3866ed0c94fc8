"""tf.experimental.StructuredTensor: records with named fields (values as TF 2.21 gives them)."""

import pytest

import eagerbook as tf

ST = tf.experimental.StructuredTensor


def test_from_pyval_makes_dense_and_ragged_fields():
    people = ST.from_pyval([{"age": 12, "nicknames": ["Josaphine"]},
                            {"age": 82, "nicknames": ["Bob", "Bobby"]}])
    assert people.shape == tf.TensorShape([2]) and people.rank == 1
    assert isinstance(people.field_value("age"), tf.Tensor)
    assert isinstance(people.field_value("nicknames"), tf.RaggedTensor)
    assert int(people[1]["age"]) == 82
    assert people[1]["nicknames"].numpy().tolist() == [b"Bob", b"Bobby"]


def test_nested_lists_of_records_are_ragged_with_row_partitions():
    st = ST.from_pyval([[{"foo": 12}, {"foo": 33}], [], [{"foo": 99}]])
    assert st.shape.as_list() == [3, None]
    assert repr(st.row_partitions) == "(tf.RowPartition(row_splits=[0 2 2 3]),)"
    assert st.merge_dims(0, 1).field_value("foo").numpy().tolist() == [12, 33, 99]
    assert st[0].shape.as_list() == [2]


def test_repr_lists_fields_by_name():
    st = ST.from_fields({"foo": [1, 2], "bar": [3, 4]}, shape=[2])
    assert repr(st) == (
        '<StructuredTensor(\n    fields={\n'
        '        "bar": tf.Tensor([3 4], shape=(2,), dtype=int32),\n'
        '        "foo": tf.Tensor([1 2], shape=(2,), dtype=int32)},\n'
        '    shape=(2,))>')


def test_promote_with_updates_and_to_pyval():
    st = ST.from_pyval([{"docs": [{"tokens": [1, 2]}, {"tokens": [3]}]},
                        {"docs": [{"tokens": [7]}]}])
    promoted = st.promote(("docs", "tokens"), "docs_tokens")
    assert promoted[0]["docs_tokens"].numpy().tolist() == [1, 2, 3]
    doubled = st.with_updates({("docs", "tokens"): lambda t: t * 2})
    assert doubled.field_value(("docs", "tokens")).to_list() == [[[2, 4], [6]], [[14]]]
    assert ST.from_fields({"a": [1, 2, 3]}, [3]).to_pyval() == [{"a": 1}, {"a": 2}, {"a": 3}]


def test_partition_outer_dimension():
    st = ST.from_pyval([{"foo": 12}, {"foo": 33}, {"foo": 99}])
    parted = st.partition_outer_dimension(
        tf.experimental.RowPartition.from_row_lengths([2, 0, 1]))
    assert parted.shape.as_list() == [3, None]
    assert parted.field_value("foo").to_list() == [[12, 33], [], [99]]


def test_string_keys_index_only_scalar_records():
    people = ST.from_pyval([{"age": 12}])
    with pytest.raises(TypeError, match="valid indices, got 'age'"):
        people["age"]
