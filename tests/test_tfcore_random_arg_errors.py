"""Random ops refuse bad arguments as TF 2.21's kernels do: a non-scalar integer bound or
sample count is the op's InvalidArgumentError, a Poisson dtype the op's attr error; a Python
list seed or rate passed on to the op ends the error without ' name: '. Each expectation is
what TF printed for the same call."""

import re

import pytest

import eagerbook as tf

FRAME = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


@pytest.mark.parametrize("call, op, words", [
    (lambda: tf.random.uniform([3], minval=0, maxval=[1, 2], dtype=tf.int32),
     "RandomUniformInt", "maxval must be 0-D, got shape [2]"),
    (lambda: tf.random.uniform([3], minval=[0, 1], maxval=5, dtype=tf.int32),
     "RandomUniformInt", "minval must be 0-D, got shape [2]"),
    (lambda: tf.random.stateless_uniform([3], seed=tf.constant([1, 2]), minval=[0, 1],
                                         maxval=5, dtype=tf.int64),
     "StatelessRandomUniformIntV2", "minval must be 0-D, got shape [2]"),
    (lambda: tf.random.Generator.from_seed(1).uniform([3], maxval=[1, 2], dtype=tf.int32),
     "StatelessRandomUniformIntV2", "maxval must be 0-D, got shape [2]"),
])
def test_integer_bounds_must_be_scalars(call, op, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == FRAME % op + words + f" [Op:{op}] name: "


def test_a_sample_count_must_be_a_scalar():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.random.categorical([[0.5, 0.5]], [2, 3])
    assert str(info.value).startswith(FRAME % "Multinomial" + "num_samples should be a "
                                      "scalar, got shape [2] [Op:Multinomial]")


@pytest.mark.parametrize("call, op", [
    (lambda: tf.random.poisson([2], lam=[1.0, 2.0], dtype=tf.string), "RandomPoissonV2"),
    (lambda: tf.random.stateless_poisson([2], [1, 2], lam=[1.0, 2.0], dtype=tf.bool),
     "StatelessRandomPoisson"),
])
def test_poisson_draws_are_numbers(call, op):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    message = str(info.value)
    assert re.match(r"Value for attr 'dtype' of (string|bool) is not in the list of allowed "
                    r"values: half, float, double, int32, int64\n\t; NodeDef: \{\{node "
                    + op + r"\}\}; Op<name=" + op + "; signature=", message), message
    assert message.endswith(f"> [Op:{op}]")


@pytest.mark.parametrize("call, tail", [
    (lambda: tf.random.stateless_poisson([3], seed=[1, 2], lam=[5.0, 6.0]), None),
    (lambda: tf.random.stateless_poisson([3], seed=tf.constant([1, 2]),
                                         lam=tf.constant([5.0, 6.0])), " name: "),
    (lambda: tf.random.stateless_binomial([3], seed=[1, 2], counts=[10.0, 20.0], probs=0.5),
     None),
    (lambda: tf.random.stateless_binomial([3], seed=tf.constant([1, 2]), counts=[10.0, 20.0],
                                          probs=0.5), " name: "),
    (lambda: tf.random.stateless_parameterized_truncated_normal([3], seed=[1, 2, 3]), None),
])
def test_a_list_passed_on_to_the_op_drops_the_name(call, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    match = re.search(r"\[Op:\w+\]( name: .*)?$", str(info.value))
    assert match.group(1) == tail
