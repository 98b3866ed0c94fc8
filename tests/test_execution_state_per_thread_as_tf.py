"""Which execution state is per thread and which is the process's, row by row as TF 2.21 has it.

Each row runs `inside(hold)` in a second thread: it opens some state (a scope, a tape, a trace,
a setting) and calls `hold()`, which waits there while the main thread runs `outside()`. The
expected values are TF's, read by running the same rows under TF 2.21. Barriers and joins have
timeouts, so a thread that never gets there fails the test instead of hanging it.
"""

import sys
import threading

import pytest

import eagerbook as tf
from eagerbook.ops import random_ops

TIMEOUT = 20


def run_held(inside, outside):
    """(inside's result, outside's result): outside() runs while inside() waits in hold()."""
    meet = threading.Barrier(2, timeout=TIMEOUT)
    result = {}

    def hold():
        meet.wait()  # the state is open in this thread: the main thread looks now
        meet.wait()  # the main thread has looked

    def body():
        try:
            result["inside"] = inside(hold)
        except BaseException as exc:  # raised in the main thread below
            result["error"] = exc
            meet.abort()

    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    try:
        meet.wait()
        result["outside"] = outside()
    finally:
        try:
            meet.wait()
        except threading.BrokenBarrierError:
            pass
        thread.join(TIMEOUT)
    assert not thread.is_alive(), "the holding thread never finished"
    if "error" in result:
        raise result["error"]
    return result["inside"], result["outside"]


# --- the rows: (inside(hold), outside()) -> (TF's inside value, TF's outside value) -----------
def traced_executing_eagerly(hold):
    seen = []

    @tf.function
    def f(x):
        hold()
        seen.append(tf.executing_eagerly())
        return x + 1.0

    f(tf.constant(1.0))
    return seen[0]


def eager_value_and_mode():
    return tf.executing_eagerly(), float((tf.constant(2.0) * 3.0).numpy())


def init_scope_in_a_trace(hold):
    seen = []

    @tf.function
    def f(x):
        with tf.init_scope():
            hold()
            seen.append(tf.executing_eagerly())
        return x

    f(tf.constant(1.0))
    return seen[0]


def a_trace_of_its_own():
    seen = []

    @tf.function
    def g(x):
        seen.append(tf.executing_eagerly())
        return x

    g(tf.constant(1.0))
    return seen[0]


SHARED_X = tf.constant(3.0)
OTHER_THREAD = {}


def tape_while_the_other_thread_multiplies(hold):
    with tf.GradientTape() as tape:
        tape.watch(SHARED_X)
        hold()  # the main thread computes z = x * 5 now, on the tensor this tape watches
        y = SHARED_X * SHARED_X
    grads = tape.gradient([y, OTHER_THREAD["z"]], SHARED_X)
    return float(grads.numpy())  # 2x only: the other thread's multiply was not recorded


def multiply_shared_x():
    OTHER_THREAD["z"] = SHARED_X * 5.0
    return None


def stop_recording_there(hold):
    with tf.GradientTape() as tape:
        tape.watch(SHARED_X)
        with tape.stop_recording():
            hold()
        y = SHARED_X * SHARED_X
    return float(tape.gradient(y, SHARED_X).numpy())


def a_tape_here():
    with tf.GradientTape() as tape:
        tape.watch(SHARED_X)
        y = SHARED_X * SHARED_X
    return float(tape.gradient(y, SHARED_X).numpy())


def name_scope_there(hold):
    with tf.name_scope("there"):
        hold()
        return tf.Variable(1.0, name="v").name


def variable_here():
    return tf.Variable(1.0, name="v").name


HOLDS = []


@tf.function
def traced_under_a_device(x):
    with tf.device("/CPU:0"):
        HOLDS[-1]()
        return tf.identity(x, name="out")


@tf.function
def traced_plainly(x):
    return tf.identity(x, name="out")


def devices_of(function):
    graph = function.get_concrete_function(tf.TensorSpec([], tf.float32)).graph
    return [op.device for op in graph.get_operations()]


def device_scope_in_a_trace(hold):
    HOLDS.append(hold)
    return devices_of(traced_under_a_device)


def devices_of_another_trace():
    return devices_of(traced_plainly)


V1_GRAPH = tf.Graph()


def v1_control_dependencies_there(hold):
    with V1_GRAPH.as_default():
        a = tf.constant(1.0, name="a")
        with tf.control_dependencies([a]):
            hold()
            return [op.name for op in tf.constant(3.0, name="c").op.control_inputs]


def v1_op_here():
    with V1_GRAPH.as_default():
        return [op.name for op in tf.constant(2.0, name="b").op.control_inputs]


def v1_default_graph_there(hold):
    with V1_GRAPH.as_default():
        hold()
        return tf.compat.v1.get_default_graph() is V1_GRAPH


def is_v1_default_graph():
    return tf.compat.v1.get_default_graph() is V1_GRAPH


def variable_scope_there(hold):
    with tf.compat.v1.variable_scope("vs"):
        hold()
        return tf.compat.v1.get_variable_scope().name


def variable_scope_here():
    return tf.compat.v1.get_variable_scope().name


def learning_phase_set_there(hold):
    tf.keras.backend.set_learning_phase(1)
    hold()
    return tf.keras.backend.learning_phase()


def learning_phase_here():
    return tf.keras.backend.learning_phase()


class _Inner(tf.keras.layers.Layer):
    def __init__(self, hold=None):
        super().__init__()
        self.hold, self.training_seen = hold, "not called"

    def call(self, x, training=None):
        self.training_seen = training
        if self.hold is not None:
            self.hold()
        return x


class _Outer(tf.keras.layers.Layer):
    def __init__(self, hold):
        super().__init__()
        self.inner = _Inner(hold)

    def call(self, x, training=None):
        return self.inner(x)  # `training` passes on to the inner layer by Keras's call context


def training_passed_there(hold):
    outer = _Outer(hold)
    outer(tf.ones([1, 2]), training=True)
    return outer.inner.training_seen


def training_seen_here():
    inner = _Inner()
    inner(tf.ones([1, 2]))
    return inner.training_seen


STRATEGY = tf.distribute.MirroredStrategy()


def strategy_scope_there(hold):
    with STRATEGY.scope():
        hold()
        return tf.distribute.has_strategy(), tf.distribute.in_cross_replica_context()


def strategy_here():
    return (type(tf.distribute.get_strategy()).__name__, tf.distribute.has_strategy(),
            tf.distribute.in_cross_replica_context())


WRITER = []


def default_writer_there(hold):
    with WRITER[0].as_default(step=5):
        hold()
        return bool(tf.summary.should_record_summaries()), int(tf.summary.experimental.get_step())


def default_writer_here():
    return bool(tf.summary.should_record_summaries()), tf.summary.experimental.get_step()


def global_seed_set_there(hold):
    tf.random.set_seed(7)
    hold()
    return None


def draws_here():  # the global seed and the op seeds drawn from it are the process's, in TF
    return [round(float(tf.random.uniform([])), 6) for _ in range(2)]


def inside_a_traced_keras_step(hold):
    tf.random.set_seed(7)
    with random_ops.traced_step(object()):  # op seeds 0, 1, ... and streams of the step's own
        hold()
    return None


def functions_run_eagerly_there(hold):
    tf.config.run_functions_eagerly(True)
    try:
        hold()
    finally:
        tf.config.run_functions_eagerly(False)
    return True


ROWS = {
    "tf.function traces in one thread, another runs eagerly":
        (traced_executing_eagerly, eager_value_and_mode, False, (True, 6.0)),
    "init_scope in one trace lifts only that thread":
        (init_scope_in_a_trace, a_trace_of_its_own, True, False),
    "a tape never records another thread's ops":
        (tape_while_the_other_thread_multiplies, multiply_shared_x, 6.0, None),
    "stop_recording pauses only its own thread's tape":
        (stop_recording_there, a_tape_here, 6.0, 6.0),
    "name scopes": (name_scope_there, variable_here, "there/v:0", "v:0"),
    "device scopes in traces": (device_scope_in_a_trace, devices_of_another_trace,
                                ["", "/device:CPU:0", ""], ["", "", ""]),
    "control dependencies of a TF 1 graph":
        (v1_control_dependencies_there, v1_op_here, ["a"], []),
    "TF 1 default graph": (v1_default_graph_there, is_v1_default_graph, True, False),
    "TF 1 variable scopes": (variable_scope_there, variable_scope_here, "vs", ""),
    "Keras learning phase": (learning_phase_set_there, learning_phase_here, 1, 0),
    "Keras training flag passed to inner layers":
        (training_passed_there, training_seen_here, True, None),
    "distribution strategy scopes":
        (strategy_scope_there, strategy_here, (True, True),
         ("_DefaultDistributionStrategy", False, False)),
    "default summary writer and step":
        (default_writer_there, default_writer_here, (True, 5), (False, None)),
    "the global seed is the process's":
        (global_seed_set_there, draws_here, None, [0.834454, 0.019053]),
    "a Keras step's random streams stay in its thread":
        (inside_a_traced_keras_step, draws_here, None, [0.834454, 0.019053]),
    "run_functions_eagerly is the process's":
        (functions_run_eagerly_there, tf.config.functions_run_eagerly, True, True),
}


@pytest.fixture(autouse=True)
def _clean_settings(tmp_path):
    WRITER[:] = [tf.summary.create_file_writer(str(tmp_path))]
    tf.random.set_seed(1)
    yield
    tf.random.set_seed(None)
    tf.config.run_functions_eagerly(False)


@pytest.mark.parametrize("row", list(ROWS))
def test_state_per_thread_or_per_process_as_tf(row):
    inside, outside, expected_inside, expected_outside = ROWS[row]
    assert run_held(inside, outside) == (expected_inside, expected_outside)


# --- tracing, Variables, iterators and AutoGraph from several threads at once ----------------
@pytest.fixture
def interleaved():
    """Threads switch every few bytecodes: state they share unguarded shows up at once."""
    saved = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(saved)


def run_together(work, count=4):
    """work(index) in `count` threads released together; re-raises the first failure."""
    start = threading.Barrier(count, timeout=TIMEOUT)
    failures = []

    def body(index):
        try:
            start.wait()
            work(index)
        except BaseException as exc:  # raised in the main thread below
            failures.append(exc)

    threads = [threading.Thread(target=body, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a thread never finished"
    if failures:
        raise failures[0]


def test_a_variable_made_by_another_thread_during_a_first_trace_is_not_the_trace_s():
    traces = []
    holds = []

    @tf.function
    def f(x):
        traces.append(1)
        if holds:  # (the first trace only: a second one would wait for no one)
            holds.pop()()
        return x + 1.0

    def call_holding(x):
        return lambda hold: (holds.append(hold), f(x).numpy().tolist())[1]

    def make_a_variable():
        return tf.Variable(2.0).numpy()

    assert run_held(call_holding(tf.constant(1.0)), make_a_variable) == (2.0, 2.0)
    assert len(traces) == 1  # TF traces once: the Variable is not f's
    # A later trace (a new shape) while another thread makes a Variable: no error either.
    assert run_held(call_holding(tf.ones([2])), make_a_variable) == ([2.0, 2.0], 2.0)
    assert len(traces) == 2


def test_a_function_s_own_variable_still_makes_it_trace_again():
    traces = []
    made = []

    @tf.function
    def f(x):
        traces.append(1)
        if not made:
            made.append(tf.Variable(3.0))
        return x * made[0]

    assert float(f(tf.constant(2.0))) == 6.0
    assert len(traces) == 2  # as TF: the trace that made a Variable, then one reading it


def test_threads_sharing_an_iterator_each_take_other_elements(interleaved):
    dataset = tf.data.Dataset.range(300).map(lambda x: x * 2).batch(7).prefetch(2)
    iterator = iter(dataset)
    taken = [[] for _ in range(4)]

    def work(index):
        for batch in iterator:
            taken[index].extend(batch.numpy().tolist())

    run_together(work)
    assert sorted(sum(taken, [])) == list(range(0, 600, 2))


def test_one_function_traced_by_threads_at_once_traces_once(interleaved):
    traces = []

    @tf.function
    def f(x):
        traces.append(1)
        total = tf.constant(0.0)
        for v in x:  # AutoGraph: a loop over a tensor
            if v > 0:
                total += v
        return total

    results = {}

    def work(index):
        results[index] = float(f(tf.constant([1.0, -2.0, float(index)])))

    run_together(work)
    assert results == {i: 1.0 + i for i in range(4)}
    assert len(traces) == 1


def test_autograph_converts_functions_in_threads_at_once(interleaved):
    def make(k):
        def body(x):
            i = tf.constant(0)
            while i < k:  # a tensor loop AutoGraph converts: each thread its own function
                x = x * 2.0
                i += 1
            return x
        return tf.function(body)

    functions = [make(k) for k in range(4)]
    results = {}

    def work(index):
        results[index] = float(functions[index](tf.constant(1.0)))

    run_together(work)
    assert results == {k: 2.0 ** k for k in range(4)}
