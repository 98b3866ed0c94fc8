"""AutoGraph's ASSERT_STATEMENTS feature (tf.function(experimental_autograph_options=...),
tf.autograph.to_code/to_graph(experimental_optional_features=...)): `assert` on a tensor
becomes a graph Assert, as in TF 2.21; without the feature it stays Python's assert."""
import pytest

import eagerbook as tf

F = tf.autograph.experimental.Feature


def inverse(x):
    assert x != 0.0, 'Do not pass zero!'
    assert x > -100
    return 1.0 / x


def _options(code):
    return [line.strip() for line in code.splitlines() if "ConversionOptions" in line][0]


def test_to_code_with_the_feature_shows_assert_stmt():
    code = tf.autograph.to_code(inverse, experimental_optional_features=F.ASSERT_STATEMENTS)
    assert "ag__.assert_stmt(ag__.ld(x) != 0.0, lambda: 'Do not pass zero!')" in code
    assert "ag__.assert_stmt(ag__.ld(x) > -100, lambda: 'Assertion error')" in code
    assert "optional_features=ag__.Feature.ASSERT_STATEMENTS," in _options(code)


def test_to_code_without_the_feature_keeps_python_assert():
    code = tf.autograph.to_code(inverse)
    assert "        assert ag__.ld(x) != 0.0, 'Do not pass zero!'\n" in code
    assert "optional_features=()," in _options(code)


@pytest.mark.parametrize("features, shown", [
    ((F.ASSERT_STATEMENTS, F.EQUALITY_OPERATORS),
     "(ag__.Feature.ASSERT_STATEMENTS, ag__.Feature.EQUALITY_OPERATORS)"),
    (F.ALL, "ag__.Feature.ALL"),
    ([F.LISTS], "ag__.Feature.LISTS"),
])
def test_to_code_shows_the_features_as_tf_does(features, shown):
    code = tf.autograph.to_code(inverse, experimental_optional_features=features)
    assert f"optional_features={shown}," in _options(code)


def test_tf_function_with_the_feature_asserts_in_the_graph():
    f = tf.function(inverse, experimental_autograph_options=(F.ASSERT_STATEMENTS,))
    assert f(tf.constant(2.0)).numpy() == 0.5
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(tf.constant(0.0))
    assert "assertion failed: [Do not pass zero!]" in str(info.value)
    assert "{{node Assert/Assert}}" in str(info.value)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(tf.constant(-200.0))
    assert "assertion failed: [Assertion error]" in str(info.value)
    assert "{{node Assert_1/Assert}}" in str(info.value)


def test_a_python_value_meets_python_assert():
    f = tf.function(inverse, experimental_autograph_options=F.ALL)
    with pytest.raises(AssertionError, match="Do not pass zero!"):
        f(0.0)


def test_without_the_feature_a_tensor_assert_is_the_bool_error():
    with pytest.raises(TypeError, match="Using a symbolic `tf.Tensor` as a Python `bool`"):
        tf.function(inverse)(tf.constant(2.0))


def test_to_graph_with_the_feature_called_eagerly():
    g = tf.autograph.to_graph(inverse, experimental_optional_features=F.ASSERT_STATEMENTS)
    assert g(tf.constant(2.0)).numpy() == 0.5
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        g(tf.constant(0.0))
    assert str(info.value) == ("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                               "Summarized data: b'Do not pass zero!'")


def test_traced_debugging_assert_nodes_are_scoped_as_tf():
    @tf.function
    def h(x):
        tf.debugging.Assert(x > 0, ['a'])
        tf.debugging.Assert(x > 1, ['b'])
        return x
    graph = h.get_concrete_function(tf.TensorSpec([], tf.float32)).graph
    names = [op.name for op in graph.get_operations() if op.type == "Assert"]
    assert names == ["Assert/Assert", "Assert_1/Assert"]
