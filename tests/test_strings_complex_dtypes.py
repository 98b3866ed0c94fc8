"""String and complex tensors: TF 2's conversion rules and printed forms."""

import numpy as np
import pytest

import eagerbook as tf


def test_string_tensors_print_as_tf_does():
    assert str(tf.constant("a")) == "tf.Tensor(b'a', shape=(), dtype=string)"
    assert repr(tf.constant(b"a")) == "<tf.Tensor: shape=(), dtype=string, numpy=b'a'>"
    assert str(tf.constant(["a", "bc"])) == \
        "tf.Tensor([b'a' b'bc'], shape=(2,), dtype=string)"
    assert tf.convert_to_tensor("é").numpy() == "é".encode()


def test_string_concatenation_and_comparison_adopt_python_strings():
    a = tf.constant("a")
    assert (a + "b").numpy() == b"ab" and tf.add("x", a).numpy() == b"xa"
    assert (a + a).dtype == tf.string and (a + a).numpy() == b"aa"
    assert tf.equal(tf.constant(["a", "b"]), "a").numpy().tolist() == [True, False]
    assert bool(tf.constant("a") == "a")


def test_string_tensors_through_tf_function():
    f = tf.function(lambda a: a + a)
    assert f(tf.constant("a")).numpy() == b"aa"
    assert f(tf.constant(["x", "yz"])).numpy().tolist() == [b"xx", b"yzyz"]


def test_string_array_ops():
    t = tf.constant([["a", "b"], ["c", "d"]])
    assert tf.reshape(t, [4]).numpy().tolist() == [b"a", b"b", b"c", b"d"]
    assert tf.concat([t, t], 0).shape == (4, 2)
    assert tf.stack([tf.constant("a"), tf.constant("b")]).numpy().tolist() == [b"a", b"b"]
    assert tf.gather(tf.constant(["a", "b"]), [1, 1]).numpy().tolist() == [b"b", b"b"]


def test_python_string_cannot_become_a_number():
    with pytest.raises(TypeError):
        tf.constant("a", dtype=tf.float32)


def test_complex_dtypes():
    assert tf.constant(1 + 2j).dtype == tf.complex128
    assert tf.constant([1.0, 2.0], dtype=tf.complex64).dtype == tf.complex64
    assert tf.constant(np.array([1j], np.complex64)).dtype == tf.complex64
    assert str(tf.constant(1 + 2j)) == "tf.Tensor((1+2j), shape=(), dtype=complex128)"
    assert tf.complex64.is_complex and tf.complex64.real_dtype == tf.float32
    assert tf.complex128.real_dtype == tf.float64 and tf.float32.real_dtype == tf.float32
    z = tf.constant([1 + 1j, 2 - 1j], dtype=tf.complex64)
    assert (z * z).numpy().tolist() == [2j, 3 - 4j] and (z + z).dtype == tf.complex64
    with pytest.raises(TypeError):
        tf.constant(1j, dtype=tf.float32)


# --- tf.strings (outputs as TF documents them) --------------------------------------------------
def test_split_scalar_gives_a_vector_and_a_vector_gives_ragged_rows():
    assert tf.strings.split("Hello  world").numpy().tolist() == [b"Hello", b"world"]
    rt = tf.strings.split(["Hello world", "a b c"])
    assert isinstance(rt, tf.RaggedTensor)
    assert repr(rt) == "<tf.RaggedTensor [[b'Hello', b'world'], [b'a', b'b', b'c']]>"
    assert tf.strings.split(["a,,b"], sep=",").to_list() == [[b"a", b"", b"b"]]
    assert tf.strings.split("a b c", maxsplit=1).numpy().tolist() == [b"a", b"b c"]


def test_length_lower_upper_strip():
    assert tf.strings.length(["héllo", ""]).numpy().tolist() == [6, 0]
    assert int(tf.strings.length("héllo", unit="UTF8_CHAR")) == 5
    assert tf.strings.lower("HÉllo").numpy() == "hÉllo".encode()  # ASCII only by default
    assert tf.strings.upper("héllo", encoding="utf-8").numpy() == "HÉLLO".encode()
    assert tf.strings.strip(tf.constant("  x ")).numpy() == b"x"
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'unit'"):
        tf.strings.length("a", unit="CHAR")  # (TF's attr check, when the op runs)


def test_to_number_and_its_error():
    assert tf.strings.to_number(["1.5", "2"]).numpy().tolist() == [1.5, 2.0]
    assert tf.strings.to_number("7", out_type=tf.int32).dtype == tf.int32
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"StringToNumberOp could not correctly convert string: abc "
                             r"\[Op:StringToNumber\]"):
        tf.strings.to_number("abc")


def test_as_string_format_and_join():
    assert tf.strings.as_string([1.5, 2.0]).numpy().tolist() == [b"1.500000", b"2.000000"]
    assert tf.strings.as_string(3.14159, precision=2).numpy() == b"3.14"
    assert tf.strings.as_string(3, width=3, fill="0").numpy() == b"003"
    assert tf.strings.as_string([True, False]).numpy().tolist() == [b"true", b"false"]
    out = tf.strings.format("x={} y={}", [tf.constant([1, 2, 3, 4, 5, 6, 7]), tf.constant(2.5)])
    assert out.numpy() == b"x=[1 2 3 ... 5 6 7] y=2.5"
    assert tf.strings.join(["a", ["x", "y"]], separator="_").numpy().tolist() == [b"a_x", b"a_y"]
    with pytest.raises(ValueError):
        tf.strings.format("{}", [1, 2])


def test_regex_substr_reduce_join():
    assert tf.strings.regex_replace("hello world", "o", "0").numpy() == b"hell0 w0rld"
    assert tf.strings.regex_replace("ab", r"(a)(b)", r"\2\1").numpy() == b"ba"
    assert tf.strings.regex_replace("aa", "a", "b", replace_global=False).numpy() == b"ba"
    assert tf.strings.regex_full_match(["ab", "abc"], "a.").numpy().tolist() == [True, False]
    assert tf.strings.substr("Hello", 1, 3).numpy() == b"ell"
    assert tf.strings.substr(["Hello", "World"], [1, 2], [2, 3]).numpy().tolist() == \
        [b"el", b"rld"]
    assert tf.strings.substr("Hello", -3, 2).numpy() == b"ll"
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"pos 5 out of range for string b'abc' at index 0 \[Op:Substr\]"):
        tf.strings.substr("abc", 5, 1)
    words = [["a", "b"], ["c", "d"]]
    assert tf.strings.reduce_join(words).numpy() == b"abcd"
    assert tf.strings.reduce_join(words, axis=1, separator="-").numpy().tolist() == \
        [b"a-b", b"c-d"]
    assert tf.strings.reduce_join(words, axis=0, keepdims=True).shape == (1, 2)


def test_bytes_and_unicode():
    assert tf.strings.bytes_split("abc").numpy().tolist() == [b"a", b"b", b"c"]
    assert tf.strings.unicode_decode("héllo", "UTF-8").numpy().tolist() == \
        [104, 233, 108, 108, 111]
    assert tf.strings.unicode_split(["hé", "x"], "UTF-8").to_list() == \
        [[b"h", "é".encode()], [b"x"]]
    assert tf.strings.unicode_encode([104, 233], "UTF-8").numpy() == "hé".encode()


def test_string_ops_in_tf_function_and_not_differentiable():
    f = tf.function(lambda s: tf.strings.to_number(tf.strings.substr(s, 0, 2)) + 1.0)
    assert f(tf.constant(["12x", "34y"])).numpy().tolist() == [13.0, 35.0]
    g = tf.function(lambda s: tf.strings.split(s))
    assert g(tf.constant("a b c")).numpy().tolist() == [b"a", b"b", b"c"]
    from eagerbook.ops import REGISTRY
    string_ops = [op for name, op in REGISTRY.items()
                  if op.kernel.__module__ == "eagerbook.ops.string_ops"]
    assert len(string_ops) >= 12 and not any(op.differentiable for op in string_ops)
    with pytest.raises(tf.errors.InvalidArgumentError):  # eagerly the kernel's check, as TF
        tf.strings.length(tf.constant(1.0))


# --- tf.ragged ----------------------------------------------------------------------------------
def test_ragged_constant_prints_and_converts_as_tf():
    digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    assert str(digits) == "<tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9, 2], [6], []]>"
    assert repr(digits) == str(digits)
    assert digits.shape.as_list() == [5, None] and digits.dtype == tf.int32
    assert digits.row_lengths().numpy().tolist() == [4, 0, 3, 1, 0]
    assert digits.to_tensor().numpy().tolist() == [[3, 1, 4, 1], [0, 0, 0, 0], [5, 9, 2, 0],
                                                   [6, 0, 0, 0], [0, 0, 0, 0]]
    assert digits[0].numpy().tolist() == [3, 1, 4, 1]
    assert digits[:2].to_list() == [[3, 1, 4, 1], []]
    assert (digits * 2).to_list() == [[6, 2, 8, 2], [], [10, 18, 4], [12], []]
    assert (digits + digits).to_list()[2] == [10, 18, 4]
    assert tf.ragged.map_flat_values(tf.square, digits).to_list()[3] == [36]


def test_ragged_factories_and_nesting():
    values = [3, 1, 4, 1, 5, 9, 2]
    rt = tf.RaggedTensor.from_row_splits(values, row_splits=[0, 4, 4, 7])
    assert rt.to_list() == [[3, 1, 4, 1], [], [5, 9, 2]]
    assert tf.RaggedTensor.from_row_lengths(values, [4, 0, 3]).to_list() == rt.to_list()
    assert tf.RaggedTensor.from_value_rowids(values, [0, 0, 0, 0, 2, 2, 2], nrows=4).to_list() \
        == [[3, 1, 4, 1], [], [5, 9, 2], []]
    assert tf.RaggedTensor.from_tensor([[1, 0, 0], [2, 3, 0]], padding=0).to_list() == \
        [[1], [2, 3]]
    nested = tf.ragged.constant([[[1, 2], [3]], [[4]]])
    assert nested.ragged_rank == 2 and nested.shape.as_list() == [2, None, None]
    assert nested.to_tensor().shape == (2, 2, 2)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.RaggedTensor.from_row_splits(values, [0, 4, 3, 7])
    with pytest.raises(ValueError):
        tf.ragged.constant([[1, [2]]])


def test_guide_strings_section_outputs():
    assert str(tf.strings.split(tf.constant("Gray wolf"), sep=" ")) == \
        "tf.Tensor([b'Gray' b'wolf'], shape=(2,), dtype=string)"
    text = tf.constant("1 10 100")
    assert str(tf.strings.to_number(tf.strings.split(text, " "))) == \
        "tf.Tensor([  1.  10. 100.], shape=(3,), dtype=float32)"
    assert str(tf.io.decode_raw(tf.constant("Duck"), tf.uint8)) == \
        "tf.Tensor([ 68 117  99 107], shape=(4,), dtype=uint8)"
    assert str(tf.strings.unicode_decode(tf.constant("アヒル 🦆"), "UTF-8")) == \
        "tf.Tensor([ 12450  12498  12523     32 129414], shape=(5,), dtype=int32)"
    with pytest.raises(ValueError, match=r"Can't convert non-rectangular Python sequence to "
                                         r"Tensor.$"):
        tf.constant([[0, 1, 2, 3], [4, 5], [6, 7, 8], [9]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="not a multiple of 4"):
        tf.io.decode_raw("abc", tf.int32)


def test_string_ops_and_slicing_on_ragged_tensors():
    words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"]])
    assert str(tf.strings.substr(words, 0, 2)) == \
        "<tf.RaggedTensor [[b'So', b'lo'], [b'th', b'fo', b'al', b'th', b'fi']]>"
    assert tf.strings.length(words).to_list() == [[2, 4], [6, 3, 3, 3, 4]]
    digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    assert str(digits[:, :2]) == "<tf.RaggedTensor [[3, 1], [], [5, 9], [6], []]>"
    assert str(digits[:, -2:]) == "<tf.RaggedTensor [[4, 1], [], [9, 2], [6], []]>"


def test_mixed_strings_and_numbers_are_refused_as_in_tf():
    with pytest.raises(ValueError, match="Can't convert Python sequence with mixed types"):
        tf.constant(["one", 3])
    with pytest.raises(ValueError, match="mixed types"):
        tf.ragged.constant([["one", "two"], [3, 4]])


def test_split_of_a_ragged_tensor_adds_a_ragged_dimension():
    lines = tf.ragged.constant([["a b", "c"], ["d e f"]])
    pieces = tf.strings.split(lines)
    assert pieces.ragged_rank == 2
    assert pieces.to_list() == [[[b"a", b"b"], [b"c"]], [[b"d", b"e", b"f"]]]
