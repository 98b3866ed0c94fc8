"""``tf.autograph.to_code`` in TF's form. to_code_tf_form.txt holds what TF 2.21 prints for each
function below (compared side by side; TF orders the names of an ``if``'s state as a set
iterates, so where two are listed their order may differ from one TF run to the next: these
are sorted). A loop with break or return is shown as this engine converts it."""

import pathlib

import pytest

import eagerbook as tf

_TEXT = (pathlib.Path(__file__).parent / "to_code_tf_form.txt").read_text()
EXPECTED = {part.split("\n", 1)[0]: part.split("\n", 1)[1]
            for part in _TEXT.split("=== ")[1:]}


def simple_relu(x):
    if tf.greater(x, 0):
        return x
    else:
        return 0


def f1(x):
    return x * x + 1


def f2(x):
    y = tf.square(x)
    z = tf.reduce_sum(y, axis=0)
    print(z)
    return z


def f3(x):
    if x > 0:
        x = x * 2
    return x


def f4(x, y):
    if x > y:
        z = x
    else:
        z = y
    return z


def f5(x):
    x += 1
    a, b = x, 2
    return a and b


def f6(x):
    tf.print(x)


def f7(x, n):
    a = len(x)
    b = range(n)
    c = x[0] + x[1:2]
    d = x.shape[0]
    e = not x
    f = x if n else -x
    g = abs(n)
    h = float(n) + int(n)
    i = x.numpy()
    j = [x, n]
    k = {'a': x}
    l = tf.constant([1, 2], dtype=tf.float32, name='c')  # noqa: E741 - TF's example's name
    m = x or n
    return a, b, c, d, e, f, g, h, i, j, k, l, m


def g(x):
    if x > 0:
        if x > 10:
            x = x - 10
    else:
        x = -x
    return x


def h(x):
    y = 1
    if x > 0:
        y = 2
        x = x + y
    return x + y


def a1(x, y):
    x += tf.square(y) + y
    return x


def w1(x):
    while tf.reduce_sum(x) > 1:
        x = tf.tanh(x)
    return x


def fr(n):
    s = 0
    for i in tf.range(n):
        s += i
    return s


def fr2(xs):
    total = 0.
    count = 0
    for x in xs:
        total = total + x
        count += 1
    return total / count


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_to_code_writes_tfs_form(name):
    assert tf.autograph.to_code(globals()[name]) == EXPECTED[name]


def test_a_tf_function_shows_its_python_function():
    assert tf.autograph.to_code(tf.function(f3).python_function) == EXPECTED["f3"]


def loop(n):
    s = 0
    for i in tf.range(n):
        if i > 3:
            break
        s += i
    return s


def test_a_loop_with_break_shows_the_code_this_engine_runs():
    code = tf.autograph.to_code(loop)
    assert code.startswith("def tf__loop(n):\n    with ag__.FunctionScope('loop', ")
    assert "ag__.for_stmt(" in code and "break_1 = False" in code
    assert tf.function(loop)(tf.constant(9)).numpy() == 6
