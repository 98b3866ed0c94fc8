"""Exercises of lessons 6-11: checkpoints, autodiff, performance, graphs, the engine."""

import numpy as np

from ...autodiff.tape import GradientTape
from ...core import context
from ...core.tensor import Tensor, constant
from ...ops import registry
from ..gradient_check import check_gradients
from .base import as_array, call, close, exercise, not_callable, said, show

# --- lesson 6: objects for state ---


def _check_roundtrip(fn):
    problem = not_callable(fn, "a function roundtrip(value)")
    if problem:
        return problem
    restored, problem = call(fn, 7.5, label="roundtrip")
    if problem:
        return problem
    if restored is None:
        return "roundtrip(7.5) returned None; return the fresh Variable you restored into"
    if not hasattr(restored, "assign"):
        return (f"roundtrip(7.5) returned a {type(restored).__name__}; return the fresh "
                "tf.Variable that restore() filled")
    value = float(as_array(restored))
    if value == 0.0:
        return ("roundtrip(7.5) returned a Variable still holding 0: restore matched nothing. "
                "Checkpoints match by the keyword you saved under: tf.train.Checkpoint(v=fresh)"
                " restores what tf.train.Checkpoint(v=original) saved")
    if value != 7.5:
        return f"roundtrip(7.5) returned a Variable holding {value:g}; expected 7.5"
    return None


exercise(
    id="6.1", title="Save, forget, restore", name="roundtrip",
    prompt="Write `roundtrip(value)`: put `value` in a `tf.Variable`, save it with a "
           "`tf.train.Checkpoint` in a fresh temporary directory, create a *new* Variable "
           "holding 0.0, restore the checkpoint into it, and return the new Variable.",
    given="""
    import tempfile

    # --- your code below ---
    def roundtrip(value):
        return None
    """,
    solution="""
    def roundtrip(value):
        original = tf.Variable(value)
        path = tf.train.Checkpoint(v=original).save(tempfile.mkdtemp() + "/ckpt")
        fresh = tf.Variable(0.0)
        tf.train.Checkpoint(v=fresh).restore(path)
        return fresh
    """,
    check=_check_roundtrip, success="the value came back through the checkpoint.")


def _check_epoch_mean(value):
    array = as_array(value)
    if array is None or array.size != 1:
        return f"expected one number (the metric's result), got {show(value)}"
    number = float(np.reshape(array, -1)[0])
    if np.isclose(number, 0.75):
        return None
    if np.isclose(number, 1.875):
        return ("1.875 is the mean of all four losses: the metric kept epoch 1's values. "
                "Call mean_loss.reset_state() between epochs")
    if np.isclose(number, 3.0):
        return "3.0 is epoch 1's mean; update the metric with epoch 2's losses after resetting"
    return f"got {number:g}; the mean of epoch 2's losses [1.0, 0.5] is 0.75"


exercise(
    id="6.2", title="A metric across epochs", name="epoch2_mean",
    prompt="Use `mean_loss` to average epoch 1's losses, then reset it and average epoch 2's. "
           "`epoch2_mean` is the metric's result after epoch 2.",
    given="""
    losses_epoch1 = [4.0, 2.0]
    losses_epoch2 = [1.0, 0.5]
    mean_loss = tf.keras.metrics.Mean()
    # --- your code below ---
    epoch2_mean = None
    """,
    solution="""
    mean_loss.update_state(losses_epoch1)
    mean_loss.reset_state()
    mean_loss.update_state(losses_epoch2)
    epoch2_mean = mean_loss.result()
    """,
    check=_check_epoch_mean, success="0.75, epoch 2 alone.")

# --- lesson 7: custom gradients and gradient rules ---


def _gradient_at(fn, values):
    x = constant(np.array(values, np.float32))
    with GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    return y, tape.gradient(y, x)


def _check_norm(fn):
    problem = not_callable(fn, "a function norm(x)")
    if problem:
        return problem
    for values, expected in (([3.0, 4.0], [0.6, 0.8]), ([0.0, 0.0], [0.0, 0.0]),
                             ([-1.0, 0.0], [-1.0, 0.0])):
        try:
            y, grad = _gradient_at(fn, values)
        except Exception as exc:  # noqa: BLE001 - reported as a hint
            return f"taking the gradient at x = {values} raised {type(exc).__name__}: {said(exc)}"
        if grad is None:
            return (f"the gradient at x = {values} is None: return (value, grad_fn) from a "
                    "function decorated with @tf.custom_gradient, computed from x")
        g = as_array(grad)
        if np.isnan(g).any():
            return (f"your gradient at x = {values} is {show(g)}: the automatic rule of sqrt "
                    "divides by 2·sqrt(0) = 0, and 0 · inf is nan. With @tf.custom_gradient, "
                    "return dy · x / norm where norm > 0 and 0 where it is 0 (tf.where)")
        if not close(g, expected):
            return (f"your gradient at x = {values} is {show(g)}; d‖x‖/dx = x / ‖x‖ = "
                    f"{expected} there (and 0 at the origin, TF's choice)")
        if values == [3.0, 4.0] and not close(y, 5.0):
            return f"norm([3, 4]) returned {show(y)}; expected 5"
    return None


exercise(
    id="7.1", title="A custom gradient that removes a NaN", name="norm",
    prompt="`norm(x)` computes the length ‖x‖ correctly, but its gradient at the origin is "
           "`nan` (sqrt's rule divides by zero there). Like `log1pexp` above, redefine it with "
           "`@tf.custom_gradient` so that the gradient is x / ‖x‖ away from the origin and 0 at "
           "it.",
    given="""
    def norm(x):
        return tf.sqrt(tf.reduce_sum(x * x))

    # --- your code below ---
    # @tf.custom_gradient
    # def norm(x): ...
    """,
    solution="""
    @tf.custom_gradient
    def norm(x):
        n = tf.sqrt(tf.reduce_sum(x * x))

        def grad(dy):
            safe = tf.where(n > 0, n, tf.ones_like(n))    # never divide by zero
            return dy * tf.where(n > 0, x / safe, tf.zeros_like(x))

        return n, grad
    """,
    check=_check_norm, success="x / ‖x‖ away from 0, and 0 (not NaN) at the origin.")


def _cube(rule):
    """A fresh, unregistered ``Cube`` primitive using the learner's gradient rule."""
    return registry.per_use_op("Exercise", lambda x: np.power(x, 3), grad=rule, name="Cube",
                               elementwise=True)


def _check_cube_grad(rule):
    problem = not_callable(rule, "a gradient rule cube_grad(op, dy)")
    if problem:
        return problem
    op = _cube(rule)
    x = constant(np.float32(2.0))
    y = registry.execute(op, (x,))
    returned, problem = call(rule, registry.OpRecord(op, (x,), (y,), {}), constant(1.0),
                             label="cube_grad")
    if problem:
        return problem
    if not isinstance(returned, (list, tuple)) or len(returned) != 1:
        return (f"cube_grad returned {show(returned)}; a gradient rule returns a list with one "
                "gradient per input: [dy * ...]")
    if not isinstance(returned[0], Tensor):
        return (f"cube_grad returned [{show(returned[0])}]; the gradient must be a tensor "
                "built with eagerbook ops from op.inputs[0] and dy")
    for upstream, expected in ((1.0, 12.0), (2.0, 24.0)):
        with GradientTape() as tape:
            tape.watch(x)
            y = registry.execute(op, (x,))
        grad = tape.gradient(y, x, output_gradients=constant(np.float32(upstream)))
        got = float(as_array(grad))
        if not np.isclose(got, expected):
            if upstream == 1.0:
                return (f"your gradient of x**3 at x = 2 is {got:g}; the power rule gives "
                        "12.0 (3·x²)")
            return (f"with an upstream gradient dy = 2 your rule gives {got:g} at x = 2, "
                    "expected 24.0: multiply the local derivative by dy (the chain rule)")
    try:
        check_gradients(lambda t: registry.execute(op, (t,)), [np.array([0.5, -1.5, 2.0])])
    except AssertionError as exc:
        return f"eagerbook's gradient checker disagrees on a vector input: {exc}"
    return None


exercise(
    id="7.2", title="A gradient rule for a new primitive", name="cube_grad",
    prompt="`cube` is a new primitive: a NumPy kernel computing x³ and no gradient rule. Write "
           "`cube_grad(op, dy)`: given the op (its input is `op.inputs[0]`) and the upstream "
           "gradient `dy`, return the list of input gradients, using eagerbook ops. The checker "
           "compares it with central finite differences (`eagerbook.testing.check_gradients`).",
    given="""
    from eagerbook.ops.registry import execute, per_use_op

    # A new primitive: a kernel, no gradient rule yet; execute(cube, (x,)) runs it.
    cube = per_use_op("Exercise", lambda x: x ** 3, grad=None, name="Cube")
    # --- your code below ---
    def cube_grad(op, dy):
        return None
    """,
    solution="""
    def cube_grad(op, dy):
        x = op.inputs[0]
        return [dy * 3.0 * tf.square(x)]
    """,
    check=_check_cube_grad, success="3·x²·dy, confirmed by finite differences.")

# --- lesson 8: performance ---

_SCALED_CALLS = ((2, 1.0), (3, 0.5), (4, 0.25), (5, 0.125))


def _check_no_retrace(fn):
    counter = getattr(fn, "experimental_get_tracing_count", None)
    if counter is None:
        return (f"`scaled` is a {type(fn).__name__} without a tracing count: decorate it with "
                "@tf.function")
    before = counter()
    for length, factor in _SCALED_CALLS:
        x = constant(np.ones(length, np.float32))
        out, problem = call(fn, x, factor, label="scaled")
        if problem:
            return problem
        if not close(out, np.full(length, factor, np.float32)):
            return f"scaled(ones({length}), {factor}) returned {show(out)}; expected x * factor"
    traces = counter() - before
    if traces > 1:
        return (f"your function traced {traces} times for {len(_SCALED_CALLS)} calls (x of "
                "lengths 2 to 5, factor 1.0, 0.5, 0.25, 0.125): each new Python float and each "
                "new shape is a new trace. Give it an input_signature: "
                "[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.float32)]")
    return None


exercise(
    id="8.1", title="A tf.function that must not retrace", name="scaled",
    prompt="A training loop calls `scaled(x, factor)` with vectors of changing length and a "
           "Python float `factor` that decays. Make it trace **once** for all of these calls "
           "(the checker calls it four times and counts traces).",
    given="""
    # --- your code below ---
    @tf.function
    def scaled(x, factor):
        return x * factor
    """,
    solution="""
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                  tf.TensorSpec([], tf.float32)])
    def scaled(x, factor):
        return x * factor
    """,
    check=_check_no_retrace, success="one trace serves every length and factor.")


def _check_few_ops(fn):
    problem = not_callable(fn, "a function sum_of_squares(x)")
    if problem:
        return problem
    x = constant(np.arange(300, dtype=np.float32) / 300)
    names = []
    with context.observe(lambda event: names.append(event.name), include_variable_reads=False):
        out, problem = call(fn, x, label="sum_of_squares")
    if problem:
        return problem
    expected = float(np.sum(np.square(as_array(x), dtype=np.float64)))
    if out is None or as_array(out) is None or as_array(out).size != 1:
        return f"sum_of_squares(x) returned {show(out)}; expected one number, {expected:.4f}"
    if not np.isclose(float(as_array(out)), expected, rtol=1e-4):
        return f"sum_of_squares(x) returned {show(out)}; expected {expected:.4f}"
    if len(names) > 3:
        common = min(set(names), key=lambda name: (-names.count(name), name))  # stable
        return (f"your function ran {len(names)} ops on a 300-element vector ({common} alone "
                f"{names.count(common)} times); whole-tensor ops need two: "
                "tf.reduce_sum(x * x)")
    return None


exercise(
    id="8.2", title="Fewer, bigger ops", name="sum_of_squares",
    prompt="This `sum_of_squares` runs three ops per element. Rewrite it with whole-tensor ops "
           "so that it runs at most three ops whatever the length of `x` (the checker counts "
           "them with the same observer `%%eager` uses).",
    given="""
    # --- your code below ---
    def sum_of_squares(x):
        total = tf.constant(0.0)
        for value in x:
            total += value * value
        return total
    """,
    solution="""
    def sum_of_squares(x):
        return tf.reduce_sum(x * x)
    """,
    check=_check_few_ops, success="two ops, whatever the length.")

# --- lesson 9: tf.function and AutoGraph ---


def _is_function(fn, name):
    if getattr(fn, "experimental_get_tracing_count", None) is None:
        return f"`{name}` is not a tf.function: decorate it with @tf.function"
    return None


def _check_digit_sum(fn):
    problem = _is_function(fn, "digit_sum")
    if problem:
        return problem
    before = fn.experimental_get_tracing_count()
    for n, expected in ((1234, 10), (9, 9), (0, 0), (505, 10)):
        out, problem = call(fn, constant(n), label="digit_sum")
        if problem:
            return problem
        array = as_array(out)
        if array is None or array.size != 1 or int(np.reshape(array, -1)[0]) != expected:
            return f"digit_sum({n}) returned {show(out)}; expected {expected}"
    traces = fn.experimental_get_tracing_count() - before
    if traces > 1:
        return (f"digit_sum traced {traces} times for four int32 scalars: the loop was unrolled "
                "in Python. Let AutoGraph turn `while n > 0` into a While op: the condition must "
                "be a tensor")
    return None


exercise(
    id="9.1", title="A data-dependent loop in a graph", name="digit_sum",
    prompt="Write the `tf.function` `digit_sum(n)` summing the decimal digits of an int32 "
           "tensor with a `while n > 0` loop (`n % 10`, `n // 10`). One trace must serve every "
           "value of `n`.",
    given="""
    # --- your code below ---
    @tf.function
    def digit_sum(n):
        return None
    """,
    solution="""
    @tf.function
    def digit_sum(n):
        total = tf.constant(0)
        while n > 0:
            total += n % 10
            n //= 10
        return total
    """,
    check=_check_digit_sum, success="10, 9, 0, 10 from one trace.")


def _check_running_max(fn):
    problem = _is_function(fn, "running_max")
    if problem:
        return problem
    for values, expected in (([1.0, 3.0, 2.0, 5.0, 4.0], [1.0, 3.0, 3.0, 5.0, 5.0]),
                             ([-1.0, -2.0, 0.5, -3.0, 0.0], [-1.0, -1.0, 0.5, 0.5, 0.5])):
        out, problem = call(fn, constant(np.array(values, np.float32)), label="running_max")
        if problem:
            return problem
        if not isinstance(out, Tensor):
            return (f"running_max({values}) returned {show(out)}; return values.stack() of "
                    "the TensorArray")
        if not close(out, expected):
            return f"running_max({values}) returned {show(out)}; expected {expected}"
    return None


exercise(
    id="9.2", title="Collecting values in a graph loop", name="running_max",
    prompt="Write the `tf.function` `running_max(xs)` returning, for each position, the largest "
           "value so far. Collect the values in a `tf.TensorArray` inside a `for i in "
           "tf.range(...)` loop (a Python list cannot collect across a graph loop; read "
           "element i with `tf.gather(xs, i)`).",
    given="""
    # --- your code below ---
    @tf.function
    def running_max(xs):
        return None
    """,
    solution="""
    @tf.function
    def running_max(xs):
        values = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        best = tf.gather(xs, 0)
        for i in tf.range(tf.size(xs)):
            best = tf.maximum(best, tf.gather(xs, i))
            values = values.write(i, best)
        return values.stack()
    """,
    check=_check_running_max, success="[1, 3, 3, 5, 5] and [−1, −1, 0.5, 0.5, 0.5].")

# --- lesson 10: define-and-run and define-by-run ---


def _check_session_values(value):
    if isinstance(value, Tensor):
        return ("that is an eager tensor: the exercise asks for the TF 1.x way, a graph with a "
                "placeholder run by Session.run (which returns NumPy arrays)")
    if not isinstance(value, np.ndarray):
        return f"expected the NumPy array sess.run returns, got {type(value).__name__}"
    if not close(value, np.array([3.0, 5.0, 7.0], np.float32)):
        return f"got {show(value)}; y = 2x + 1 for x = [1, 2, 3] is [3, 5, 7]"
    return None


exercise(
    id="10.1", title="Define, then run (TF 1.x)", name="y_values",
    prompt="TF 1.x style: in `graph`, make a `float32` placeholder `x` of shape `[None]` and "
           "`y = 2x + 1`; then open a `tf.compat.v1.Session` on the graph and run `y` feeding "
           "x = [1, 2, 3].",
    given="""
    graph = tf.compat.v1.Graph()
    # --- your code below ---
    y_values = None
    """,
    solution="""
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, shape=[None], name="x")
        y = 2.0 * x + 1.0
    with tf.compat.v1.Session(graph=graph) as sess:
        y_values = sess.run(y, feed_dict={x: [1.0, 2.0, 3.0]})
    """,
    check=_check_session_values, success="[3, 5, 7], from a graph run in a session.")


def _check_affine_function(fn):
    problem = _is_function(fn, "affine")
    if problem:
        if callable(fn):
            problem += " (as a plain function it runs eagerly, op by op, with no graph)"
        return problem
    for values in ([1.0, 2.0, 3.0], [0.5]):
        out, problem = call(fn, constant(np.array(values, np.float32)), label="affine")
        if problem:
            return problem
        expected = 2 * np.array(values, np.float32) + 1
        if not close(out, expected):
            return f"affine({values}) returned {show(out)}; expected {show(expected)}"
    graph = fn.get_concrete_function(constant(np.array([1.0], np.float32))).graph
    kinds = sorted({op.type for op in graph.get_operations()})
    if "Placeholder" not in kinds:
        return f"the traced graph holds {kinds}; expected a Placeholder for x"
    return None


exercise(
    id="10.2", title="The same graph, TF 2 style", name="affine",
    prompt="Now the TF 2 way: a Python function `affine(x)` returning `2x + 1`, made a graph by "
           "`tf.function` — no placeholder, no session; the arguments play their role.",
    given="""
    # --- your code below ---
    def affine(x):
        return None
    """,
    solution="""
    @tf.function
    def affine(x):
        return 2.0 * x + 1.0
    """,
    check=_check_affine_function, success="a traced graph, called like a Python function.")

# --- lesson 11: inside the engine ---


def _check_op_name(value):
    if not isinstance(value, str):
        return f"expected the op's name as a string, e.g. \"AddV2\"; got {show(value)}"
    if value == "Mul":
        return None
    if value.lower() in ("multiply", "tf.multiply", "math_ops.multiply", "__mul__"):
        return (f"{value!r} is the Python function on the way; the registered primitive has "
                "TF's op name: look at the OpDef that multiply passes to execute")
    if value in registry.REGISTRY:
        return f"{value!r} is a registered op, but not the one `x * w` runs; try %%eager"
    return f"no op named {value!r} is registered; the names are TF's (AddV2, MatMul, ...)"


exercise(
    id="11.1", title="Which primitive runs?", name="op_name",
    prompt="Which registered op (its name in `REGISTRY`) does `x * w` run? Find it by "
           "reading the source above, or by asking the dispatcher with an observer.",
    given="""
    # --- your code below ---
    op_name = None
    """,
    solution="""
    from eagerbook.core import context

    seen = []
    with context.observe(lambda event: seen.append(event.name)):
        tf.constant(2.0) * tf.constant(3.0)
    op_name = seen[0]    # "Mul"
    """,
    check=_check_op_name, success="Mul: Tensor.__mul__ → tf.multiply → execute(Mul).")


def _check_two_paths(value):
    array = as_array(value)
    if array is None or array.size != 1:
        return f"expected one number, got {show(value)}"
    number = float(np.reshape(array, -1)[0])
    if np.isclose(number, 4.0):
        return None
    if np.isclose(number, 3.0):
        return ("3 is the contribution through Mul alone (dy/dx = w); x also reaches y "
                "directly through AddV2, contributing 1: the sweep adds them")
    if np.isclose(number, 1.0):
        return "1 is the AddV2 path alone; the Mul path contributes w = 3 more"
    if np.isclose(number, 7.0):
        return "7 = x·w + 1 mixes a value into the gradient; the Mul path gives w, not x·w"
    return f"got {number:g}; follow both paths from y back to x and add them"


exercise(
    id="11.2", title="Two paths meet in the backward sweep", name="dy_dx",
    prompt="For `y = x * w + x` at x = 2, w = 3, which gradient reaches `x` when the backward "
           "sweep has processed every entry? Work it out from the tape entries printed above, "
           "then let the tape confirm it.",
    given="""
    x = tf.constant(2.0)
    w = tf.constant(3.0)
    # --- your code below ---
    dy_dx = None
    """,
    solution="""
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * w + x
    dy_dx = tape.gradient(y, x)   # w (through Mul) + 1 (through AddV2) = 4
    """,
    check=_check_two_paths, success="w + 1 = 4: contributions from both paths add up.")
