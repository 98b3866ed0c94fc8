"""Tracebacks for learners: eagerbook's frames hidden (as TF >= 2.7), one hint line."""

import subprocess
import sys
import textwrap

import eagerbook as tf
from eagerbook.framework import traceback_utils
from tests.eager_error_text import eager_text


def run_script(tmp_path, body):
    script = tmp_path / "learner.py"
    script.write_text(textwrap.dedent(body))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1
    return done.stderr


def test_script_traceback_keeps_user_frames_and_message_hides_eagerbook(tmp_path):
    err = run_script(tmp_path, """\
        import eagerbook as tf
        def model(a, b):
            return tf.matmul(a, b)
        model(tf.ones([2, 3]), tf.ones([2, 3]))
        """)
    assert 'learner.py", line 4' in err and 'learner.py", line 3, in model' in err
    assert "eagerbook/" not in err.replace("eagerbook.core.errors", "")
    message = eager_text("MatMul", "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]",
                         "__MklMatMul")  # (TF's oneDNN kernel, as on the tests' CPU)
    last_lines = err.strip().splitlines()[-2:]
    assert last_lines[0].endswith("InvalidArgumentError: " + message + " name: ")  # TF's text
    assert last_lines[1].startswith("hint: ") and "transpose_b=True" in last_lines[1]


def test_disable_traceback_filtering_shows_eagerbook_frames(tmp_path):
    err = run_script(tmp_path, """\
        import eagerbook as tf
        tf.debugging.disable_traceback_filtering()
        assert not tf.debugging.is_traceback_filtering_enabled()
        tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))
        """)
    assert "/eagerbook/ops/" in err  # the op's own frames are shown again


def test_errors_inside_tf_function_hide_the_tracing_machinery(tmp_path):
    err = run_script(tmp_path, """\
        import eagerbook as tf
        @tf.function
        def f(a):
            return a + tf.constant([1.0])
        f(tf.constant([1, 2]))
        """)
    assert "eagerbook/graph" not in err and "eagerbook/ops" not in err
    assert 'learner.py", line 5' in err
    assert "hint: AddV2 got an int32 and a float tensor" in err and "tf.cast" in err


def test_filter_traceback_drops_only_internal_frames():
    try:
        tf.constant([1, 2]) + tf.constant([0.5, 1.0])
    except tf.errors.InvalidArgumentError as exc:
        full = exc.__traceback__
    frames = []
    tb = traceback_utils.filter_traceback(full)
    while tb is not None:
        frames.append(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    assert frames == [__file__]
    assert traceback_utils.is_traceback_filtering_enabled()


def hint(fn):
    try:
        fn()
    except Exception as exc:
        return traceback_utils.hint_for(exc), str(exc)
    raise AssertionError("no error")


def test_hint_int_float_mix_suggests_cast():
    text, message = hint(lambda: tf.constant([1, 2]) + tf.constant([0.5, 1.0]))
    assert "tf.cast(x, tf.float32)" in text and "hint" not in message
    text, _ = hint(lambda: tf.constant([1, 2]) * 0.5)
    assert "tf.cast" in text and "0.5" in text


def test_hint_second_gradient_call_suggests_persistent():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.gradient(y, x)
    text, message = hint(lambda: tape.gradient(y, x))
    assert "persistent=True" in text
    assert message.startswith("A non-persistent GradientTape can only be used")


def test_hint_matmul_names_the_inner_dimensions():
    text, _ = hint(lambda: tf.matmul(tf.ones([2, 3]), tf.ones([4, 5])))
    assert "inner 3" in text and "inner 4" in text
    text, _ = hint(lambda: tf.matmul(tf.ones([3, 2]), tf.ones([3, 4])))
    assert "transpose_a=True" in text
    text, _ = hint(lambda: tf.matmul(tf.ones([2]), tf.ones([2])))
    assert "tf.reshape" in text


def test_hint_none_gradient_of_unwatched_constant_and_of_an_integer():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        y = x * x
    grad = tape.gradient(y, x)
    traceback_utils.note_gradient(tape, [y], [None], [x], [grad])
    text, _ = hint(lambda: grad * 2.0)
    assert "tape.watch(x)" in text
    n = tf.constant(3)
    with tf.GradientTape() as tape:
        tape.watch(n)  # (logs TF's warning: an integer is not watched)
        m = n * n
    grad = tape.gradient(m, n)
    traceback_utils.note_gradient(tape, [m], [None], [n], [grad])
    text, _ = hint(lambda: grad.numpy())
    assert "int32" in text and "floating-point" in text


def test_add_hint_is_a_note_added_once():
    try:
        tf.constant([1, 2]) + tf.constant([0.5, 1.0])
    except tf.errors.InvalidArgumentError as exc:
        traceback_utils.add_hint(exc)
        traceback_utils.add_hint(exc)
        assert len(exc.__notes__) == 1 and exc.__notes__[0].startswith("hint: ")
        assert "hint" not in str(exc)


def test_no_hint_for_other_errors():
    assert hint(lambda: tf.reshape(tf.ones([4]), [3]))[0] is None
