"""Every exercise: the reference solution passes its checker, the stored (unsolved) cell gets a
deterministic "not yet", and typical wrong answers fail with a hint computed from their value."""

import inspect
import linecache

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.testing import exercises
from eagerbook.testing.exercises.base import EXERCISES, SKELETON, verdict


def run(exercise_id, source):
    """Executes an exercise cell's code the way a notebook would (source known to linecache,
    so AutoGraph can read it) and returns the learner's value."""
    filename = f"<exercise {exercise_id} {abs(hash(source))}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"tf": tf, "np": np, "exercises": exercises, "__name__": "__main__"}
    exec(compile(source, filename, "exec"), namespace)
    return namespace.get(EXERCISES[exercise_id].name)


def test_every_lesson_has_at_least_two_exercises():
    for lesson in range(1, 12):
        assert len(exercises.for_lesson(lesson)) >= 2, f"lesson {lesson}"


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_reference_solution_passes(exercise_id):
    value = run(exercise_id, EXERCISES[exercise_id].solved_source())
    passed, message = verdict(exercise_id, value)
    assert passed, message
    assert message.startswith(f"✔ Exercise {exercise_id} solved")


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_unsolved_cell_says_not_yet_the_same_way_every_time(exercise_id):
    given = EXERCISES[exercise_id].given
    first = verdict(exercise_id, run(exercise_id, given))
    second = verdict(exercise_id, run(exercise_id, given))
    assert first == second and not first[0]
    assert first[1].startswith(f"✘ Exercise {exercise_id}, not yet: ")
    assert f'exercises.solution("{exercise_id}")' in first[1]


# (exercise, code replacing the skeleton, a phrase the hint must contain)
WRONG = [
    ("1.1", "fives = tf.fill([2, 3], 5)", "dtype int32"),
    ("1.1", "fives = tf.fill([3, 2], 5.0)", "shape (3, 2)"),
    ("1.1", "fives = np.full([2, 3], 5.0)", "not a tensor"),
    ("1.1", "fives = tf.ones([2, 3])", "every element should be 5.0"),
    ("1.2", "scores = tf.cast(counts, tf.float32) * tf.reshape(weights, [1, 2])", "shape (2, 2)"),
    ("1.2", "scores = tf.cast(tf.matmul(counts, tf.cast(weights, tf.int32)), tf.float32)",
     "4.5"),
    ("2.1", "def halvings(n):\n    s = 0\n    while n > 1:\n        n = n / 2\n        s += 1\n"
     "    return tf.cast(s, tf.float32)", "float"),
    ("2.1", "def halvings(n):\n    s = 0\n    while n >= 1:\n        n = n // 2\n        s += 1\n"
     "    return s", "halvings(17) returned 5; expected 4"),
    ("2.2", "def describe(scores):\n    if scores > 0.5:\n        return 'all high'\n"
     "    return 'none high'", "tf.reduce_any"),
    ("3.1", "class Affine(tf.keras.layers.Layer):\n    def __init__(self, units):\n"
     "        super().__init__()\n        self.kernel = self.add_weight('k', shape=[units])\n"
     "    def call(self, x):\n        return x", "expected a (4, 3) kernel"),
    ("3.2", "classifier = tf.keras.Sequential([tf.keras.layers.Dense(5, activation='relu', "
     "input_shape=(6,)), tf.keras.layers.Dense(3)])", "expected (1, 2)"),
    ("3.2", "classifier = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(6,))])",
     "14 parameters"),
    ("3.2", "classifier = tf.keras.Sequential([tf.keras.layers.Dense(5, input_shape=(6,)), "
     "tf.keras.layers.Dense(2)])", "relu"),
    ("4.1", "dloss_dw = 10.0", "chain rule multiplies by d h / d w = x = 3"),
    ("4.1", "dloss_dw = loss", "the loss itself"),
    ("4.2", "for step in range(3):\n    with tf.GradientTape() as tape:\n"
     "        loss = tf.reduce_mean(tf.square(model(xs) - ys))\n"
     "    grads = tape.gradient(loss, model.trainable_variables)\n"
     "    optimizer.apply_gradients(zip(grads, model.trainable_variables))", "train more steps"),
    ("4.2", "optimizer = tf.keras.optimizers.SGD(learning_rate=50.0)\nfor step in range(60):\n"
     "    with tf.GradientTape() as tape:\n"
     "        loss = tf.reduce_mean(tf.square(model(xs) - ys))\n"
     "    grads = tape.gradient(loss, model.trainable_variables)\n"
     "    optimizer.apply_gradients(zip(grads, model.trainable_variables))", "diverged"),
    ("5.1", "def sgd_step(var, grad, lr):\n    return var - lr * grad", "a new tensor"),
    ("5.1", "def sgd_step(var, grad, lr):\n    var.assign_add(lr * grad)", "uphill"),
    ("5.2", "for _ in range(5):\n    with tf.GradientTape() as tape:\n        f = (x - 3.0) ** 2\n"
     "    optimizer.apply_gradients([(tape.gradient(f, x), x)])", "where 5 steps end"),
    ("5.2", "for _ in range(10):\n    with tf.GradientTape() as tape:\n        f = (x - 3.0) ** 2\n"
     "    optimizer.apply_gradients([(-tape.gradient(f, x), x)])", "not its negative"),
    ("6.1", "def roundtrip(value):\n    original = tf.Variable(value)\n"
     "    path = tf.train.Checkpoint(v=original).save(tempfile.mkdtemp() + '/c')\n"
     "    fresh = tf.Variable(0.0)\n    tf.train.Checkpoint(w=fresh).restore(path)\n"
     "    return fresh", "restore matched nothing"),
    ("6.2", "mean_loss.update_state(losses_epoch1)\nmean_loss.update_state(losses_epoch2)\n"
     "epoch2_mean = mean_loss.result()", "reset_state()"),
    ("7.1", "def norm(x):\n    return tf.sqrt(tf.reduce_sum(x * x))", "[nan, nan]"),
    ("7.1", "@tf.custom_gradient\ndef norm(x):\n    n = tf.sqrt(tf.reduce_sum(x * x))\n"
     "    return n, lambda dy: dy * x", "your gradient at x = [3.0, 4.0] is [3., 4.]"),
    ("7.1", "def norm(x):\n    return tf.reduce_sum(tf.abs(x))", "x / ‖x‖"),
    ("7.2", "def cube_grad(op, dy):\n    return [dy * 3.0 * op.inputs[0]]",
     "your gradient of x**3 at x = 2 is 6; the power rule gives 12.0"),
    ("7.2", "def cube_grad(op, dy):\n    return [3.0 * tf.square(op.inputs[0])]",
     "multiply the local derivative by dy"),
    ("7.2", "def cube_grad(op, dy):\n    return dy * 3.0 * tf.square(op.inputs[0])",
     "returns a list"),
    ("7.2", "def cube_grad(op, dy):\n    x = op.inputs[0]\n"
     "    return [dy * 3.0 * tf.square(x) + (x - 2.0) * dy]", "gradient checker disagrees"),
    ("8.1", "@tf.function(input_signature=[tf.TensorSpec([None], tf.float32), "
     "tf.TensorSpec([], tf.float32)])\ndef scaled(x, factor):\n    return x + factor",
     "expected x * factor"),
    ("8.1", "def scaled(x, factor):\n    return x * factor", "@tf.function"),
    ("8.2", "def sum_of_squares(x):\n    return tf.reduce_sum(tf.stack([v * v for v in x]))",
     "ran 6"),
    ("9.1", "@tf.function\ndef digit_sum(n):\n    total = tf.constant(0)\n"
     "    while n > 0:\n        total += n // 10\n        n //= 10\n    return total",
     "digit_sum(1234) returned 136; expected 10"),
    ("9.1", "def digit_sum(n):\n    return n", "not a tf.function"),
    ("9.2", "@tf.function\ndef running_max(xs):\n    return tf.reduce_max(xs)",
     "expected [1.0, 3.0, 3.0, 5.0, 5.0]"),
    ("10.1", "y_values = 2.0 * tf.constant([1.0, 2.0, 3.0]) + 1.0", "eager tensor"),
    ("10.2", "def affine(x):\n    return 2.0 * x + 1.0", "runs eagerly"),
    ("11.1", "op_name = 'multiply'", "Python function on the way"),
    ("11.1", "op_name = 'AddV2'", "not the one"),
    ("11.2", "dy_dx = 3.0", "the sweep adds them"),
]


@pytest.mark.parametrize("exercise_id, code, phrase", WRONG,
                         ids=[f"{w[0]}-{i}" for i, w in enumerate(WRONG)])
def test_typical_wrong_answer_fails_with_its_hint(exercise_id, code, phrase):
    source = EXERCISES[exercise_id].given.split(SKELETON)[0] + code + "\n"
    passed, message = verdict(exercise_id, run(exercise_id, source))
    assert not passed
    assert phrase in message, message


def test_check_shows_feedback_and_solution_prints(capsys):
    right = exercises.check("1.1", tf.fill([2, 3], 5.0))
    wrong = exercises.check("1.1", tf.fill([2, 3], 5))
    assert right and not wrong
    assert repr(right).startswith("✔ Exercise 1.1 solved") and "dtype int32" in repr(wrong)
    assert "<details" not in right._repr_html_()
    assert "Show a solution</summary>" in wrong._repr_html_()
    assert "tf.fill([2, 3], 5.0)" in wrong._repr_html_()
    exercises.solution("7.2")
    out = capsys.readouterr().out
    assert "def cube_grad(op, dy):" in out and "tf.square(x)" in out
    with pytest.raises(KeyError, match="No exercise '99.1'"):
        exercises.check("99.1", 1)


def test_a_checker_never_raises_on_strange_values():
    for exercise_id in EXERCISES:
        for value in (object(), "text", 3, [1, 2], lambda *a: 1 / 0):
            passed, message = verdict(exercise_id, value)
            assert not passed and "not yet" in message


def _fails(*args, **kwargs):
    """A learner's function that stops with TF's error (a reshape to the wrong size)."""
    return tf.reshape(tf.constant([1.0, 2.0, 3.0]), [2, 2])


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_an_answer_that_fails_is_told_what_went_wrong(exercise_id):
    """A function that raises, given where a plain function is the answer: the hint names the
    call and TF's error kind and message. Given where a value, a class or a tf.function is
    the answer: the hint says what was expected, naming the function without its memory
    address (which changes run to run and tells a learner nothing)."""
    reference = run(exercise_id, EXERCISES[exercise_id].solved_source())
    passed, message = verdict(exercise_id, _fails)
    assert not passed
    assert " at 0x" not in message, message
    if inspect.isfunction(reference):  # a plain Python function (not a tf.function, a model)
        assert "raised InvalidArgumentError: Input to reshape is a tensor with 3 values" \
            in message, message
    else:
        assert "function" in message, message  # what was given, said plainly
