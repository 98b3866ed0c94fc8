"""``tf.autograph.to_code`` of loops with ``continue``, in TF's form: TF's continue rewrite (a
``continue_`` flag set where the loop continues, what follows guarded by ``ag__.not_(continue_)``)
and its namer, which numbers each function name apart (get_state_2 beside if_body_1 and
loop_body). The text of sum_even is what TF 2.21 prints (its guides' example); TF orders the
names of a state as a set iterates, so for several names the order may differ (sorted here)."""

import pathlib

import eagerbook as tf


def sum_even(items):
    s = 0
    for c in items:
        if c % 2 > 0:
            continue
        s += c
    return s


def while_continue(x):
    i = 0
    while i < x:
        i += 1
        if i % 3 == 0:
            continue
        x = x - 1
    return x


_TEXT = (pathlib.Path(__file__).parent / "to_code_continue.txt").read_text()
EXPECTED = {part.split("\n", 1)[0]: part.split("\n", 1)[1] for part in _TEXT.split("=== ")[1:]}


def test_a_for_loop_with_continue():
    assert tf.autograph.to_code(sum_even) == EXPECTED["sum_even"]
    assert tf.function(sum_even)(tf.constant([10, 12, 15, 20])).numpy() == 42


def test_a_while_loop_with_continue():
    assert tf.autograph.to_code(while_continue) == EXPECTED["while_continue"]
    assert tf.function(while_continue)(tf.constant(10)).numpy() == while_continue(10)
