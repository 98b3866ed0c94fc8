"""``model.summary`` takes Keras's later options: `show_trainable` adds a Trainable column
(Y/N, 11 characters wider), `expand_nested` lists a nested model's layers below its row
framed by '|', and `layer_range` (two name patterns) prints only part of the rows."""

import pytest

import eagerbook as tf

L = tf.keras.layers


def _lines(model, **options):
    lines = []
    model.summary(print_fn=lines.append, **options)
    return lines


def _nested():
    inner = tf.keras.Sequential([L.Dense(3, input_shape=(2,), name="first"),
                                 L.Dense(1, name="second")], name="inner")
    return tf.keras.Sequential([L.Input((2,)), inner, L.Dense(2, name="last")], name="outer")


def test_show_trainable_adds_a_column():
    model = _nested()
    model.layers[0].trainable = False
    lines = _lines(model, show_trainable=True)
    assert lines[2].rstrip().endswith("Param #   Trainable")
    assert len(lines[1]) == 65 + 11
    rows = [line for line in lines if line.startswith(("inner", "last"))]
    assert [row.split()[-1] for row in rows] == ["N", "Y"]
    assert "Trainable params: 4" in lines and "Non-trainable params: 13" in lines


def test_expand_nested_lists_the_inner_layers_framed():
    lines = _lines(_nested(), expand_nested=True)
    inner_rows = [line for line in lines if line.startswith("| ")]
    assert [row.split()[1] for row in inner_rows] == ["first", "second"]
    assert all(len(row) == 65 and row.endswith("|") for row in inner_rows)
    assert any(line.startswith("|\u00af") for line in lines)
    # The nested rows keep the columns of the outer ones.
    outer_row = next(line for line in lines if line.startswith("last"))
    assert inner_rows[0].index("(None, 3)") == outer_row.index("(None, 2)")


def test_layer_range_prints_part_of_the_rows():
    inputs = tf.keras.Input((4,), name="x")
    a = L.Dense(3, name="a")(inputs)
    b = L.Dense(3, name="b")(a)
    model = tf.keras.Model(inputs, L.Dense(1, name="c")(b))
    lines = _lines(model, layer_range=["a", "b"])
    names = [line.split()[0] for line in lines if line[:1] in "abcx" and "(" in line]
    assert names == ["a", "b"]
    with pytest.raises(ValueError, match="layer_range must be a list or tuple of length 2"):
        model.summary(layer_range=["a"])
    with pytest.raises(ValueError, match="do not match the layer names"):
        model.summary(layer_range=["nope", "b"])


def test_functional_summary_with_trainable_column():
    inputs = tf.keras.Input((4,), name="x")
    out = L.Add(name="c")([L.Dense(3, name="a")(inputs), L.Dense(3, name="b")(inputs)])
    lines = _lines(tf.keras.Model(inputs, out), show_trainable=True)
    assert lines[2].split()[-2:] == ["to", "Trainable"]
    assert len(lines[1]) == 98 + 11


def test_several_outputs_print_in_the_structure_the_layer_returned():
    query, value = tf.keras.Input((8, 16)), tf.keras.Input((4, 16))
    out, scores = L.MultiHeadAttention(2, 2)(query, value, return_attention_scores=True)
    wide = {"line_length": 140, "positions": [0.3, 0.6, 0.7, 1.0]}
    lines = _lines(tf.keras.Model([query, value], [out, scores]), **wide)
    assert any("((None, 8, 16), (None, 2, 8, 4))" in line for line in lines)
    sequence = tf.keras.Input((5, 3))
    lines = _lines(tf.keras.Model(sequence, L.LSTM(4, return_state=True)(sequence)), **wide)
    assert any("[(None, 4), (None, 4), (None, 4)]" in line for line in lines)
