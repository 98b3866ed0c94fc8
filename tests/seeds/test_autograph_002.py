"""Seed 002: a blog chapter on tf.function and AutoGraph (TF 2.0, Chinese), every snippet.

The snippets run as written with ``import eagerbook as tf``. Adaptations: the first snippet's
``x`` is given a value; the training loop needs ``mnist_dataset``, ``model`` and ``optimizer``,
which the chapter takes from TF's AutoGraph guide (defined here as there); offline, MNIST is the
1,498-image stand-in, so one pass is 15 batches of 100. The chapter's prose claims (undefined and
None values, dtype consistency, lists versus TensorArray, source code needed) are checked with
TF's errors.
"""

import math
import warnings

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import random_ops


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("EAGERBOOK_OFFLINE", "1")
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "keras_home"))
    random_ops.set_seed(0)
    yield
    random_ops.set_seed(None)


# --- 1. AutoGraph analyzes code: only x is a loop variable ---------------------------------------
def test_loop_vars_analysis(capsys):
    x = tf.constant(5)
    y = 0
    while x > 0:
        x = x - 1
    print(y)
    assert capsys.readouterr().out == "0\n"
    assert int(x) == 0

    @tf.function
    def f(x):
        y = 0
        while x > 0:
            x = x - 1
        print(y)
        return x, y

    x, y = f(tf.constant(5))
    assert capsys.readouterr().out == "0\n"  # Python print: once, while tracing
    assert int(x) == 0 and int(y) == 0
    code = tf.autograph.to_code(f.python_function)
    assert "ag__.while_stmt(" in code and "('x',)" in code and "'y'" not in code
    assert [op.type for op in f.get_concrete_function(tf.constant(5)).graph.get_operations()
            ].count("While") == 1

    # The commented tf.while_loop equivalent (body written as a lambda that returns x - 1).
    (r,) = tf.function(lambda x: tf.while_loop(cond=lambda x: x > 0, body=lambda x: x - 1,
                                               loop_vars=(x,)))(tf.constant(5))
    assert int(r) == 0
    eager = tf.while_loop(cond=lambda x: x > 0, body=lambda x: (x - 1,),
                          loop_vars=(tf.constant(5),))
    assert type(eager) is tuple and int(eager[0]) == 0
    # Python values among loop_vars come back as tensors, as in TF.
    i, s = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s + i), (0, 0))
    assert isinstance(s, tf.Tensor) and int(s) == 3 and int(i) == 3


# --- 2. Python collections: a list in a graph loop, tf.TensorArray instead ------------------------
def test_tensor_array_replaces_list():
    @tf.function
    def with_list(n):
        items = []
        for i in tf.range(n):
            items.append(i)
        return items

    with pytest.raises(ValueError, match="TensorArray"):  # TF's InaccessibleTensorError
        with_list(tf.constant(3))

    @tf.function
    def with_tensor_array(n):
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, i * i)
        return ta.stack()

    out = with_tensor_array(tf.constant(4))
    assert out.dtype == tf.int32 and out.numpy().tolist() == [0, 1, 4, 9]
    assert with_tensor_array(tf.constant(6)).numpy().tolist() == [0, 1, 4, 9, 16, 25]
    assert with_tensor_array.experimental_get_tracing_count() == 1  # same signature

    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)  # eagerly, as written
    for i in range(3):
        ta = ta.write(i, i * 10)
    assert ta.size().numpy() == 3 and ta.stack().numpy().tolist() == [0, 10, 20]


# --- 3, 4. Shapes/dtypes must agree; undefined and None values ------------------------------------
def test_consistency_undefined_and_none_errors():
    @tf.function
    def undefined_in_else(x):
        if x > 0:
            y = x
        return y  # noqa: F821 - defined in one branch only, the point of the example

    with pytest.raises(ValueError, match="'y' must also be initialized in the else branch"):
        undefined_in_else(tf.constant(1))

    @tf.function
    def none_in_main(x):
        if x > 0:
            y = None
        else:
            y = x
        return y

    with pytest.raises(ValueError, match=r"'y' is None at the end of the main branch\."):
        none_in_main(tf.constant(1))

    @tf.function
    def none_before(x):
        y = None
        if x > 0:
            y = x
        return y

    with pytest.raises(ValueError, match=r"'y' is None at the end of the else branch\."):
        none_before(tf.constant(1))

    @tf.function
    def none_unused(x):
        y = None
        if x > 0:
            y = x  # noqa: F841 - not used after the if, the point of the example
        return x + 1

    assert int(none_unused(tf.constant(1))) == 2  # not used after the if: no error

    @tf.function
    def dtypes_differ(x):
        if x > 0:
            y = x
        else:
            y = tf.cast(x, tf.float32)
        return y

    with pytest.raises(TypeError, match="'y' has dtype int32 in the main branch, but dtype "
                                        "float32 in the else branch"):
        dtypes_differ(tf.constant(1))

    @tf.function
    def shape_grows(x):
        while tf.reduce_sum(x) > 0:
            x = tf.concat([x, x], 0)
        return x

    with pytest.raises(ValueError, match=r"'x' has shape \(1,\) before the loop, but shape "
                                         r"\(2,\) after one iteration"):
        shape_grows(tf.constant([1]))

    # Python control flow on Python values stays Python (eager semantics).
    @tf.function
    def python_none(flag):
        y = None
        if flag:
            y = tf.constant(1)
        return y if y is not None else tf.constant(0)

    assert int(python_none(True)) == 1 and int(python_none(False)) == 0


# --- 5. AutoGraph needs the source code -----------------------------------------------------------
def test_source_code_needed(caplog):
    scope = {}
    exec("def no_source(x):\n    if x > 0:\n        return x\n    return -x\n", {}, scope)
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError):
        tf.function(scope["no_source"])(tf.constant(-3))
    assert "AutoGraph could not transform" in caplog.text  # a logged warning, as in TF
    # Eagerly, the same function is plain Python on a concrete tensor.
    assert int(scope["no_source"](tf.constant(-3))) == 3

    double_if_positive = tf.function(lambda x: x * 2 if x > 0 else x)  # a lambda is converted
    assert int(double_if_positive(tf.constant(3))) == 6
    assert int(double_if_positive(tf.constant(-3))) == -3


# --- control dependencies again ----------------------------------------------------------------
def test_control_dependencies_again(capsys):
    a = tf.Variable(1.0)
    b = tf.Variable(1.0)

    @tf.function
    def f():
        # a.assign 和 b.assign 的執行順序,使用者無法控制
        a.assign(2.0)
        b.assign(3.0)
        return a + b

    print(f())
    assert capsys.readouterr().out == "tf.Tensor(5.0, shape=(), dtype=float32)\n"
    assert a.numpy() == 2.0 and b.numpy() == 3.0
    ops = [op.type for op in f.get_concrete_function().graph.get_operations()]
    assert ops.count("AssignVariableOp") == 2
    # The reads come after both assignments (automatic control dependencies).
    assert max(i for i, t in enumerate(ops) if t == "AssignVariableOp") < \
        min(i for i, t in enumerate(ops) if t == "ReadVariableOp")


def test_find_next_odd():
    v = tf.Variable(5)

    @tf.function
    def find_next_odd():
        v.assign(v + 1)  # v += 1, in-place addition
        if v % 2 == 0:
            v.assign(v + 1)  # 依賴 v 目前的值,故不能先執行

    assert find_next_odd() is None
    assert repr(v) == "<tf.Variable 'Variable:0' shape=() dtype=int32, numpy=7>"
    find_next_odd()
    assert int(v.numpy()) == 9
    v.assign(6)
    find_next_odd()
    assert int(v.numpy()) == 7
    graph = find_next_odd.get_concrete_function().graph
    assert "If" in [op.type for op in graph.get_operations()]


# --- keras and AutoGraph -----------------------------------------------------------------------
def test_custom_model_with_tf_function_call():
    class CustomModel(tf.keras.models.Model):

        @tf.function
        def call(self, input_data):
            if tf.reduce_mean(input_data) > 0:
                return input_data
            else:
                return input_data // 2

    model = CustomModel()
    out = model(tf.constant([-2, -4]))
    assert repr(out) == ("<tf.Tensor: shape=(2,), dtype=int32, "
                         "numpy=array([-1, -2], dtype=int32)>")
    assert model(tf.constant([2, 4])).numpy().tolist() == [2, 4]
    assert model(tf.constant([1, -3])).numpy().tolist() == [0, -2]  # floor division


# --- an in-graph training loop --------------------------------------------------------------------
def prepare_mnist_features_and_labels(x, y):
    x = tf.cast(x, tf.float32) / 255.0
    y = tf.cast(y, tf.int64)
    return x, y


def mnist_dataset():
    (x, y), _ = tf.keras.datasets.mnist.load_data()
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    ds = ds.map(prepare_mnist_features_and_labels)
    ds = ds.take(20000).shuffle(20000).batch(100)
    return ds


def test_in_graph_training_loop(capsys):
    warnings.filterwarnings("ignore", "MNIST is not available")
    model = tf.keras.Sequential((
        tf.keras.layers.Reshape(target_shape=(28 * 28,), input_shape=(28, 28)),
        tf.keras.layers.Dense(100, activation='relu'),
        tf.keras.layers.Dense(100, activation='relu'),
        tf.keras.layers.Dense(10)))
    model.build()
    optimizer = tf.keras.optimizers.Adam()

    compute_loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    compute_accuracy = tf.keras.metrics.SparseCategoricalAccuracy()

    def train_one_step(model, optimizer, x, y):
        with tf.GradientTape() as tape:
            logits = model(x)
            loss = compute_loss(y, logits)

        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))

        compute_accuracy(y, logits)
        return loss

    @tf.function
    def train(model, optimizer):
        train_ds = mnist_dataset()
        step = 0
        loss = 0.0
        accuracy = 0.0
        for x, y in train_ds:
            step += 1
            loss = train_one_step(model, optimizer, x, y)
            if step % 10 == 0:
                tf.print('Step', step, ': loss', loss, '; accuracy', compute_accuracy.result())
        return step, loss, accuracy

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        step, loss, accuracy = train(model, optimizer)
    print('Final step', step, ': loss', loss, '; accuracy', compute_accuracy.result())

    captured = capsys.readouterr()
    printed = [line for line in captured.err.splitlines() if line.startswith("Step")]
    assert len(printed) == 1 and printed[0].startswith("Step 10 : loss ")
    step10_loss = float(printed[0].split()[4])
    assert int(step) == 15 and step.dtype == tf.int32
    assert isinstance(loss, tf.Tensor) and loss.dtype == tf.float32
    assert math.isfinite(float(loss)) and float(loss) < math.log(10)
    assert float(loss) < step10_loss + 0.5
    assert isinstance(accuracy, tf.Tensor) and float(accuracy) == 0.0  # returned as written
    acc = float(compute_accuracy.result())
    assert 0.2 < acc <= 1.0
    assert captured.out.startswith("Final step tf.Tensor(15, shape=(), dtype=int32) : loss "
                                   "tf.Tensor(")
    assert int(optimizer.iterations.numpy()) == 15

    # A second call reuses the trace, rebuilds the dataset's iterator and keeps training.
    before = [w.numpy().copy() for w in model.trainable_variables]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        step2, loss2, _ = train(model, optimizer)
    assert int(step2) == 15 and int(optimizer.iterations.numpy()) == 30
    assert float(loss2) < float(loss) + 0.5
    assert any(not np.array_equal(b, w.numpy())
               for b, w in zip(before, model.trainable_variables))
    assert float(compute_accuracy.result()) > acc - 0.1
