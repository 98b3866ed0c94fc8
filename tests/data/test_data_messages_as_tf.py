"""More of tf.data's messages in TF 2.21's words (checked side by side with TF): sparse_batch's
row-shape checks, concatenate's incompatible elements, a map function returning nothing, and
AutoGraph's warning for a lambda it cannot tell from another on its line."""

import re

import pytest

import eagerbook as tf
from tests.eager_error_text import eager_text


def next_text(message):
    return eager_text("IteratorGetNext", message, "IteratorGetNext_output_types_1") + " name: "


def error_of(call):
    with pytest.raises(Exception) as info:  # noqa: PT011 - each test checks the kind itself
        call()
    return type(info.value), str(info.value)


def test_sparse_batch_checks_each_element_against_the_row_shape():
    rows = tf.data.Dataset.from_tensor_slices([[1, 2, 3], [4, 5, 6]])
    assert error_of(lambda: list(rows.sparse_batch(2, [2]))) == (
        tf.errors.DataLossError,
        next_text("Input element had shape ([3]) that is larger than the row shape ([2])."))
    assert error_of(lambda: list(rows.sparse_batch(2, [5, 2]))) == (
        tf.errors.InvalidArgumentError,
        next_text("Input element had shape ([3]) that is incompatible with the row shape "
                  "([5,2])."))
    assert error_of(lambda: rows.sparse_batch(2, [-1, 2])) == (
        ValueError, "Dimension -1 must be >= 0")
    unknown = rows.sparse_batch(2, [None])  # an unknown row length: the longest row's
    assert next(iter(unknown)).dense_shape.numpy().tolist() == [2, 3]


def test_concatenate_shows_both_element_specs_on_one_line():
    kind, text = error_of(lambda: tf.data.Dataset.range(3).concatenate(
        tf.data.Dataset.range(3).map(lambda x: (x, x))))
    assert kind is TypeError
    assert text == ("Incompatible dataset elements:\n  TensorSpec(shape=(), dtype=tf.int64, "
                    "name=None) vs.   (TensorSpec(shape=(), dtype=tf.int64, name=None), "
                    "TensorSpec(shape=(), dtype=tf.int64, name=None))")


def test_a_map_function_returning_nothing_is_refused_by_the_op():
    kind, text = error_of(lambda: tf.data.Dataset.range(5).map(lambda x: None))
    assert kind is tf.errors.InvalidArgumentError
    assert text.startswith("Length for attr 'output_types' of 0 must be at least minimum 1\n"
                           "\t; NodeDef: {{node MapDataset}}; Op<name=MapDataset; "
                           "signature=input_dataset:variant, other_arguments: -> "
                           "handle:variant; attr=f:func; ")
    assert text.endswith('attr=metadata:string,default=""> [Op:MapDataset] name: ')


def test_a_converted_function_called_with_the_wrong_arguments_has_tfs_name():
    kind, text = error_of(lambda: tf.data.Dataset.range(5).map(lambda x, y: x))
    assert kind is TypeError
    assert "TypeError: outer_factory.<locals>.inner_factory.<locals>.<lambda>() missing 1 " \
           "required positional argument: 'y'" in text


def test_two_lambdas_alike_on_one_line_get_tfs_warning(caplog):
    d = tf.data.Dataset.range(5).map(lambda x: x + 1).filter(lambda x: x % 2 == 0)
    assert list(d.as_numpy_iterator()) == [2, 4]
    warnings = [r.getMessage() for r in caplog.records if "could not transform" in
                r.getMessage()]
    assert len(warnings) == 2
    address = r"<function test_two_lambdas_alike_on_one_line_get_tfs_warning\.<locals>\." \
              r"<lambda> at 0x[0-9a-f]+>"
    expected = (
        "AutoGraph could not transform {f} and will run it as-is.\nCause: could not parse the "
        "source code of {f}: found multiple definitions with identical signatures at the "
        "location. This error may be avoided by defining each lambda on a single line and "
        "with unique argument names. The matching definitions were:\nMatch 0:\nlambda x: x % 2 "
        "== 0\n\nMatch 1:\nlambda x: x + 1\n\nTo silence this warning, decorate the function "
        "with @tf.autograph.experimental.do_not_convert")
    pattern = re.escape(expected).replace(re.escape("{f}"), address)
    for message in warnings:
        assert re.fullmatch(pattern, message), message


def test_interleave_refuses_a_cycle_length_neither_autotune_nor_positive():
    d = tf.data.Dataset.range(4)
    for cycle in (0, -5):
        assert error_of(lambda c=cycle: d.interleave(tf.data.Dataset.range, cycle_length=c)) == (
            tf.errors.InvalidArgumentError,
            eager_text("InterleaveDataset", "cycle_length must be greater than zero.",
                       "InterleaveDataset_Targuments_0") + " name: ")
    assert error_of(lambda: d.interleave(tf.data.Dataset.range, cycle_length=-5,
                                         num_parallel_calls=2)) == (
        tf.errors.InvalidArgumentError,
        eager_text("ParallelInterleaveDatasetV4", "`cycle_length` must be `tf.data.AUTOTUNE` "
                   "or greater than 0 but is -5", "ParallelInterleaveDatasetV4_Targuments_0") +
        " name: ")
    autotuned = d.interleave(tf.data.Dataset.range, cycle_length=tf.data.AUTOTUNE)
    assert sorted(autotuned.as_numpy_iterator()) == [0, 0, 0, 1, 1, 2]


def test_from_generator_without_a_signature():
    assert error_of(lambda: tf.data.Dataset.from_generator(lambda: iter([1]))) == (
        TypeError, "To specify the output signature you need to provide either the "
                   "`output_signature` argument or the `output_types` argument.")
