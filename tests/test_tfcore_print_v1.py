"""tf.compat.v1.Print: TF 1.x's summaries on stderr, the input passed through."""

import numpy as np

import eagerbook as tf


def printed(capsys, *args, **kwargs):
    out = tf.compat.v1.Print(*args, **kwargs)
    return out, capsys.readouterr().err


def test_message_and_bracketed_summaries(capsys):
    x = tf.constant([1, 2, 3, 4, 5])
    out, err = printed(capsys, x, [x, tf.constant(2.5), "str"], "x is: ")
    np.testing.assert_array_equal(out, x)
    assert err == "x is: [1 2 3...][2.5][str]\n"
    assert printed(capsys, x, [x], summarize=2)[1] == "[1 2...]\n"
    matrix = tf.constant([[1, 2], [3, 4]])
    assert printed(capsys, x, [matrix], "m ")[1] == "m [[1 2][3...]...]\n"
    assert printed(capsys, x, [matrix], "m ", summarize=-1)[1] == "m [[1 2][3 4]]\n"
    assert printed(capsys, x, [tf.constant(True), tf.constant([0.5, 1.25])], "b ")[1] == (
        "b [1][0.5 1.25]\n")
    assert printed(capsys, x, [], "nothing ")[1] == "nothing \n"


def test_runs_inside_a_v1_session(capsys):
    with tf.compat.v1.Graph().as_default():
        i = tf.constant(0)
        step = tf.compat.v1.Print(i + 1, [i], "i was ")
        with tf.compat.v1.Session() as sess:
            assert sess.run(step) == 1
    assert capsys.readouterr().err == "i was [0]\n"
