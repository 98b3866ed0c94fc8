"""The text handling of TF's translation tutorial: regular expressions over UTF-8
characters (as RE2 matches them) and TextVectorization with ragged output. Expected values
from TF 2.21."""

import pytest

import eagerbook as tf

L = tf.keras.layers


def tf_lower_and_split_punct(text):
    text = tf.strings.lower(text)
    text = tf.strings.regex_replace(text, "[^ a-z.?!,¿]", "")
    text = tf.strings.regex_replace(text, "[.?!,¿]", r" \0 ")
    text = tf.strings.strip(text)
    return tf.strings.join(["[START]", text, "[END]"], separator=" ")


def test_regex_classes_hold_whole_characters_and_ascii_word_classes():
    texts = tf.constant(["¿Todavía está en casa?", "Ünïcödé ok", "a_b1 c\td"])
    assert tf.strings.regex_replace(texts, "[^ a-z.?!,¿]", "").numpy().tolist() == [
        "¿odava est en casa?".encode(), b"ncd ok", b"ab cd"]
    assert tf.strings.regex_replace(texts, r"\w", "X").numpy().tolist()[1] == \
        "ÜXïXöXé XX".encode()  # RE2's \w is ASCII-only
    assert tf.strings.regex_replace(texts, ".", ".", replace_global=False).numpy()[1] == \
        ".nïcödé ok".encode()
    assert tf.strings.regex_full_match(texts, ".*a.*").numpy().tolist() == [True, False, True]
    assert tf_lower_and_split_punct("¿Todavía está en casa?").numpy().decode() == \
        "[START] ¿ todava est en casa ? [END]"


def test_text_vectorization_with_ragged_rows():
    layer = L.TextVectorization(standardize=tf_lower_and_split_punct, max_tokens=5000,
                                ragged=True)
    layer.adapt(["Hola, ¿cómo estás?", "Tengo hambre.", "Es un gato."])
    assert layer.get_vocabulary()[:6] == ["", "[UNK]", "[START]", "[END]", ".", "¿"]
    tokens = layer(["Hola, ¿cómo estás?", "Tengo hambre."])
    assert isinstance(tokens, tf.RaggedTensor)
    assert tokens.to_list() == [[2, 8, 15, 5, 13, 11, 14, 3], [2, 7, 9, 4, 3]]
    assert tokens.to_tensor().shape == (2, 8)


@pytest.mark.parametrize("kwargs, message", [
    ({"ragged": True, "output_sequence_length": 3},
     "`output_sequence_length` must not be set if ragged is True. Received: ragged=True and "
     "output_sequence_length=3"),
    ({"ragged": True, "output_mode": "count"},
     "`ragged` must not be true if `output_mode` is `'int'`. Received: ragged=True and "
     "output_mode=count"),
])
def test_ragged_needs_int_output_without_a_length(kwargs, message):
    with pytest.raises(ValueError) as info:
        L.TextVectorization(**kwargs)
    assert str(info.value) == message


def test_text_vectorization_lowers_ascii_letters_only():
    layer = L.TextVectorization(standardize="lower")
    layer.adapt(["ÀB Ça, ÇA!"])
    assert layer.get_vocabulary() == ["", "[UNK]", "Ça,", "Ça!", "Àb"]


def test_predict_takes_a_python_list_of_texts_as_one_batch_of_strings():
    # the load-text tutorial's last step: export_model.predict(["how do I ...", "..."])
    vectorize = L.TextVectorization(output_mode="multi_hot")
    vectorize.adapt(["a b"])
    dense = L.Dense(3, kernel_initializer="ones")
    dense.build((None, 3))
    model = tf.keras.Sequential([vectorize, dense, L.Activation("sigmoid")])
    assert model.predict(["a", "b a", "zz"], verbose=0).shape == (3, 3)
    assert tf.keras.Sequential([L.TextVectorization(vocabulary=["a", "b"])]).predict(
        [b"a", b"b a"], verbose=0).tolist() == [[2, 0], [3, 2]]
