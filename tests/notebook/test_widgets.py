"""Widget state without a browser: traitlets, view-models, static and text representations."""

import base64
import math
import pathlib
import re
import struct

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.notebook import GradientFlow, GraphView, LiveLoss, TapeView
from eagerbook.viz import dot as viz_dot
from eagerbook.viz import history as viz_history
from eagerbook.viz import tape as viz_tape

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _png_size(b64):
    """(width, height) of a base64 PNG, read from its IHDR chunk."""
    data = base64.b64decode(b64)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def small_tape(persistent=False):
    w = tf.Variable([[1.0, -2.0], [0.5, 3.0]], name="w")
    x = tf.constant([[1.0], [2.0]])
    with tf.GradientTape(persistent=persistent) as tape:
        h = tf.matmul(w, x)
        out = tf.reduce_sum(tf.tanh(h) * 2.0)
    return tape, w, x, h, out


# --- TapeView ---
def test_tapeview_nodes_gradients_and_selection(kept_tapes):
    tape, w, x, h, out = small_tape()
    (gw,) = tape.gradient(out, [w])
    view = TapeView(tape)
    kinds = sorted(n["kind"] for n in view.graph["nodes"])
    assert kinds == ["constant", "constant", "op", "op", "op", "op", "variable"]
    (var_id,) = view.find("w:0")
    node = view.select(var_id)
    assert view.selected == var_id
    assert node["grad_norm"] == pytest.approx(float(np.linalg.norm(gw.numpy())), rel=1e-5)
    assert node["shape"] == [2, 2] and node["dtype"] == "float32"
    (tanh_id,) = view.find("Tanh")
    # d out / d tanh(h) = 2 everywhere (a 2x1 tensor): norm 2*sqrt(2).
    assert view.node(tanh_id)["grad_norm"] == pytest.approx(2 * math.sqrt(2), rel=1e-6)
    assert "2." in view.node(tanh_id)["grad"]
    with pytest.raises(KeyError):
        view.select("nope")


def test_tapeview_text_form_stays_in_python(kept_tapes):
    """The text form is for terminals and the fallback output; the browser never reads it, so
    it is neither sent nor saved in the notebook's widget state (a long tape's text is tens of
    kilobytes on top of its picture and graph)."""
    tape, w, x, h, out = small_tape()
    tape.gradient(out, [w])
    view = TapeView(tape)
    assert "text_view" not in view.get_state()
    assert "Tanh" in repr(view) and "Tanh" in view._repr_mimebundle_()["text/plain"]


def test_tapeview_steps_through_the_backward_sweep(kept_tapes):
    tape, w, x, h, out = small_tape()
    tape.gradient(out, w)
    view = TapeView(tape)
    order = view.backward_order
    labels = [view.node(i)["label"] for i in order]
    assert labels == ["Sum", "Mul", "Tanh", "MatMul", "w:0"]
    seen = [view.step_backward()["label"] for _ in order]
    assert seen == labels and view.step == len(order) - 1
    assert view.step_backward()["label"] == "w:0"  # stays at the end


def test_tapeview_svg_has_clickable_node_ids(kept_tapes):
    tape, w, *_ , out = small_tape()
    tape.gradient(out, w)
    view = TapeView(tape)
    assert view.svg.startswith("<svg")
    for node_id in view.nodes:
        assert f'id="node_{node_id}"' in view.svg
    assert "|grad|" in view.svg
    bundle = view._repr_mimebundle_()
    # The saved picture is a PNG (shown in untrusted notebooks), no HTML to sanitize.
    assert "text/html" not in bundle and "image/svg+xml" not in bundle
    assert _png_size(bundle["image/png"])[0] > 100
    assert bundle["text/plain"].startswith("GradientTape: 5 recorded ops")
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == view.model_id


def test_tapeview_falls_back_to_text_without_dot(kept_tapes, monkeypatch):
    monkeypatch.setattr(viz_dot.shutil, "which", lambda name: None)
    tape, w, *_ , out = small_tape()
    tape.gradient(out, w)
    view = TapeView(tape)
    assert view.svg == ""
    assert "Graphviz" in view.message and "apt-get install graphviz" in view.message
    bundle = view._repr_mimebundle_()
    assert "image/png" not in bundle
    html = bundle["text/html"]
    assert "MatMul" in html and "<pre>" in html and "<b>GradientTape</b>" in html


def test_freed_tape_without_keeping_gives_a_clear_error():
    tape, w, *_ , out = small_tape()
    tape.gradient(out, w)
    with pytest.raises(ValueError, match="load_ext eagerbook"):
        TapeView(tape)


def test_persistent_tape_refresh_after_gradient():
    tape, w, *_ , out = small_tape(persistent=True)
    view = TapeView(tape)
    assert not view.graph["has_gradient"]
    assert all(n["grad_norm"] is None for n in view.graph["nodes"])
    viz_tape.keep_tapes(True)
    try:
        tape.gradient(out, w)
    finally:
        viz_tape.keep_tapes(False)
    view.refresh()
    assert view.graph["has_gradient"]


def test_variable_read_twice_sums_its_gradients(kept_tapes):
    v = tf.Variable(3.0, name="v")
    with tf.GradientTape() as tape:
        y = v * 2.0 + v * v
    (g,) = tape.gradient(y, [v])
    model = viz_tape.tape_model(tape)
    (var,) = [n for n in model["nodes"] if n["kind"] == "variable"]
    assert float(g) == pytest.approx(8.0)
    assert var["grad_norm"] == pytest.approx(8.0)


def test_watched_tensor_is_marked(kept_tapes):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(x * x)
    tape.gradient(y, x)
    model = viz_tape.tape_model(tape)
    (watched,) = [n for n in model["nodes"] if n["kind"] == "watched"]
    assert watched["grad_norm"] == pytest.approx(math.hypot(2.0, 4.0))


def test_big_tape_uses_fast_layout_and_truncation(kept_tapes):
    x = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = x
        for _ in range(400):
            y = y * 1.001
    tape.gradient(y, x)
    model = viz_tape.tape_model(tape, max_nodes=350)
    assert model["truncated"] == 51  # 401 entries: the read plus 400 Mul ops
    dot_text = viz_dot.tape_dot(model)
    assert "splines=false" in dot_text and "label=\"()\"" not in dot_text


# --- LiveLoss ---
def test_liveloss_throttles_redraws_and_groups_validation():
    live = LiveLoss(interval=3600)
    for step in range(100):
        live.update(loss=tf.constant(1.0 / (step + 1)), accuracy=step / 100)
    assert live.redraws == 1  # the first point draws, then the interval holds further redraws
    assert live.data["count"] == 1
    live.on_epoch_end(0, {"val_loss": 0.5, "loss": 0.1})
    live.finish()
    assert live.done and live.data["count"] == 100
    assert live.data["groups"] == [["loss", ["loss", "val_loss"]], ["accuracy", ["accuracy"]]]
    assert live.history.values["loss"][-1] == pytest.approx(0.01)
    assert "step 100" in live.progress and "val_loss 0.5" in live.progress


def test_liveloss_static_picture_and_text():
    live = LiveLoss(title="demo", interval=0)
    for step in range(20):
        live.update(loss=math.exp(-step / 5), val_loss=math.exp(-step / 6) + 0.05)
    live.finish()
    bundle = live._repr_mimebundle_()
    width, height = _png_size(bundle["image/png"])
    assert width >= 600 and height >= 250
    assert "text/html" not in bundle and "image/svg+xml" not in bundle
    assert bundle["text/plain"].startswith("LiveLoss: step 20")
    before = bundle["image/png"]
    live.log_scale = True  # the picture follows the widget's settings
    assert live._repr_mimebundle_()["image/png"] != before


def test_liveloss_as_keras_callback_protocol():
    live = LiveLoss(interval=0)
    live.set_params({"epochs": 2, "steps": 3})
    live.on_train_begin()
    for epoch in range(2):
        live.on_epoch_begin(epoch)
        for batch in range(3):
            live.on_train_batch_end(batch, {"loss": 1.0 / (epoch * 3 + batch + 1),
                                            "accuracy": 0.5, "lr": "n/a"})
        live.on_epoch_end(epoch, {"loss": 0.3, "val_loss": 0.4 - 0.1 * epoch})
    live.on_test_begin()  # any hook Keras calls exists
    live.on_train_end()
    assert live.total == 6 and live.done
    assert live.history.steps["val_loss"] == [2, 5]
    assert "lr" not in live.history.values


def test_widgets_do_not_use_clear_output():
    for path in (ROOT / "eagerbook" / "notebook").glob("*.py"):
        assert "clear_output(" not in path.read_text(), path


# --- GradientFlow ---
def test_gradient_flow_flags_vanishing_and_exploding():
    flow = GradientFlow(low=1e-6, high=1e2, interval=0)
    a = tf.Variable([1.0], name="dense/kernel:0")
    b = tf.Variable([1.0], name="dense/bias:0")
    c = tf.Variable([1.0], name="deep/kernel:0")
    d = tf.Variable([1.0], name="out/kernel:0")
    for _ in range(3):
        flow.update([tf.constant([3.0]), tf.constant([4.0]), tf.constant([1e-9]),
                     tf.constant([1e4])], [a, b, c, d])
    flow.finish()
    layers = {entry["name"]: entry for entry in flow.data["layers"]}
    assert layers["dense"]["norms"][-1] == pytest.approx(5.0)
    assert flow.flags() == {"dense": None, "deep": "vanishing", "out": "exploding"}
    assert "vanishing" in flow.text() and "exploding" in flow.text()
    assert _png_size(flow._repr_mimebundle_()["image/png"])[0] > 600


def test_gradient_flow_as_callback_wraps_apply_gradients():
    applied = []

    class Optimizer:
        def apply_gradients(self, grads_and_vars):
            applied.append(list(grads_and_vars))

    class Model:
        optimizer = Optimizer()

    flow = GradientFlow(interval=0)
    flow.set_model(Model())
    flow.on_train_begin()
    v = tf.Variable([2.0], name="layer/w:0")
    Model.optimizer.apply_gradients([(tf.constant([0.5]), v)])
    flow.on_train_end()
    assert len(applied) == 1 and flow.flow.steps == [0]
    assert "apply_gradients" not in vars(Model.optimizer)  # unwrapped again
    assert flow.model is None  # the finished widget lets the model go


def test_finished_keras_callbacks_let_the_model_go():
    import gc
    import weakref

    # Built up front: fit on an unbuilt Sequential reads no variables (a Keras-side gap).
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(optimizer="sgd", loss="mse")
    live, flow = LiveLoss(interval=0), GradientFlow(interval=0)
    x = np.ones((8, 2), "float32")
    model.fit(x, x[:, :1], epochs=2, batch_size=4, verbose=0, callbacks=[live, flow])
    assert live.done and live.history.counter == 4 and flow.flow.steps
    gone = weakref.ref(model)
    del model
    gc.collect()
    assert gone() is None and live.model is None and flow.model is None


# --- GraphView with a stand-in for a traced function ---
class _Op:
    def __init__(self, type_, name, inputs=()):
        self.type, self.name, self.inputs = type_, name, list(inputs)
        self.outputs = [_T(self)]


class _T:
    def __init__(self, op):
        self.op, self.shape, self.dtype = op, (2,), tf.float32


class _Graph:
    def __init__(self):
        x = _Op("Placeholder", "x")
        sq = _Op("Square", "sq", [x.outputs[0]])
        self.ops = [x, sq, _Op("Identity", "out", [sq.outputs[0]])]

    def get_operations(self):
        return self.ops

    def to_text(self):
        return "{ lambda x:f32[2]. let sq = Square x in (sq) }"


class _Concrete:
    graph = _Graph()
    structured_input_signature = "(TensorSpec(shape=(2,), dtype=tf.float32),)"


class _Function:
    __name__ = "square"

    def list_concrete_functions(self):
        return [_Concrete()]


def test_graphview_tabs_and_traces():
    view = GraphView(_Function())
    keys = [t["key"] for t in view.tabs]
    assert keys[0] == "before" and "ir" in keys
    assert view.tab("before")["kind"] == "svg" and "Square" in view.tab("before")["content"]
    assert "lambda x" in view.tab("ir")["content"]
    assert len(view.traces) == 1 and view.trace_index == 0
    assert "square: 1 trace(s)" in view.text()


def test_graphview_untraced_function_says_so():
    class Untraced:
        __name__ = "f"

        def list_concrete_functions(self):
            return []

    view = GraphView(Untraced())
    assert "not been traced" in view.message


# --- viz helpers ---
def test_smoothing_is_bias_corrected():
    assert viz_history.smooth([1.0, 1.0, 1.0], 0.9) == pytest.approx([1.0, 1.0, 1.0])
    assert viz_history.smooth([0.0, 10.0], 0.0) == [0.0, 10.0]


def test_dot_quoting_survives_odd_names():
    model = {"nodes": [{"id": 'a"b', "kind": "op", "label": 'x\\"y', "shape": [1],
                        "dtype": "float32", "grad_norm": None}], "edges": []}
    svg = viz_dot.render_svg(viz_dot.tape_dot(model))
    assert re.search(r"<svg", svg) and "<?xml" not in svg and "<!--" not in svg


# --- TapeView: the op's code, the chain rule, NaN/Inf ---
def test_tapeview_selected_op_shows_kernel_grad_rule_and_chain_rule(kept_tapes):
    tape, w, x, h, out = small_tape()
    tape.gradient(out, w)
    view = TapeView(tape)
    (tanh_id,) = view.find("Tanh")
    view.select(tanh_id)
    detail = view.detail
    assert detail["id"] == tanh_id and detail["op"] == "Tanh"
    assert "np.tanh" in detail["kernel"] and detail["kernel_at"].startswith("eagerbook/ops/")
    assert "square" in detail["grad_rule"] and ":" in detail["grad_rule_at"]
    (step,) = detail["chain"]
    # upstream d out/d tanh = 2; local derivative 1 - tanh(h)^2; contribution = their product.
    h_val = np.tanh(h.numpy())
    assert "2." in step["upstream"]
    local = np.array([float(v) for v in re.findall(r"[-\d.e]+", step["local"])])
    assert np.allclose(local, (1 - h_val ** 2).ravel(), atol=1e-4)
    contribution = [float(v) for v in re.findall(r"[-\d.e]+", step["contribution"])]
    assert np.allclose(contribution, 2 * (1 - h_val ** 2).ravel(), atol=1e-4)
    (mm_id,) = view.find("MatMul")
    view.select(mm_id)
    assert "local" not in view.detail["chain"][0]  # a matmul's local derivative is no scalar
    view.select(view.find("w:0")[0])
    assert "kernel" not in view.detail  # a Variable has no op code


def test_tapeview_marks_where_a_nan_was_born_and_keeps_the_colour_scale(kept_tapes):
    a = tf.Variable([1.0, 0.0], name="a")
    b = tf.Variable([2.0, 3.0], name="b")
    with tf.GradientTape() as tape:
        y = tf.math.log(a) * 0.0  # log(0) = -inf, times 0 = nan
        z = tf.reduce_sum(y) + tf.reduce_sum(b * b)
    tape.gradient(z, [a, b])
    view = TapeView(tape)
    graph = view.graph
    (log_id,) = view.find("Log")
    assert graph["nan_origin"] == log_id and view.node(log_id)["nan_origin"]
    assert log_id in graph["nonfinite"]
    assert "NaN/Inf born here" in view.text()
    dot = viz_dot.tape_dot(graph)
    # The finite nodes keep the orange scale; NaN nodes have their own colour, not the top one.
    (b_id,) = view.find("b:0")
    b_line = next(line for line in dot.splitlines() if f'"node_{b_id}"' in line)
    assert viz_dot.NONFINITE_FILL not in b_line and "fillcolor=\"#ff" in b_line
    log_line = next(line for line in dot.splitlines() if f'"node_{log_id}"' in line)
    assert viz_dot.NONFINITE_FILL in log_line and "born here" in log_line


# --- the post_run_cell hook of live widgets ---
def test_live_widgets_leave_no_hook_or_reference_behind(ipshell):
    from eagerbook.notebook import widgets as widgets_module

    ipshell.run("from eagerbook.notebook import LiveLoss")
    events = ipshell.ip.events.callbacks["post_run_cell"]
    before = len(events)
    for _ in range(20):  # 20 displays that never call finish(): the cell end finishes them
        ipshell.run("live = LiveLoss(interval=0)\ndisplay(live)\nlive.update(loss=1.0)")
        assert ipshell.ns["live"].done  # finished by the hook at the cell's end
        assert len(events) == before  # ... which then removed itself
    hook = widgets_module._CellEndHook
    assert not len(hook.pending) and hook.shell is None
    # While a widget is pending, the one hook holds it weakly (no closure over widgets).
    ipshell.run("a = LiveLoss(interval=0); b = LiveLoss(interval=0)")
    for name in ("a", "b"):
        hook.watch(ipshell.ns[name])
    assert len(events) == before + 1 and len(hook.pending) == 2
    assert not any(isinstance(c, LiveLoss) for cb in events
                   for c in (getattr(cb, "__closure__", None) or ()) if hasattr(c, "cell_contents"))
    ipshell.ns["a"].close()
    ipshell.ns["b"].finish()
    assert len(events) == before and not len(hook.pending)


def test_closed_or_finished_live_widgets_are_freed(ipshell):
    """20 displays: a closed widget is garbage once the notebook's name for it is gone, and a
    finished one is held only by the open widget registry (what its live view talks to):
    no hook, no file watcher, no callback keeps either alive."""
    import gc
    import weakref

    ipshell.run("from eagerbook.notebook import GradientFlow, LiveLoss")
    events = ipshell.ip.events.callbacks["post_run_cell"]
    before = len(events)
    closed, finished = [], []
    for k in range(20):
        ending = ("live.close()", "live.finish()", "pass")[k % 3]  # "pass": the cell end does
        ipshell.run(f"live = LiveLoss(interval=0)\ndisplay(live)\n"
                    f"live.update(loss=1.0 / {k + 1})\n{ending}")
        (closed if ending == "live.close()" else finished).append(weakref.ref(ipshell.ns["live"]))
    ipshell.run("flow = GradientFlow(interval=0)\ndisplay(flow)\nflow.close()")
    closed.append(weakref.ref(ipshell.ns["flow"]))
    assert len(events) == before
    for name in ("live", "flow", "_", "__", "___"):
        ipshell.ns.pop(name, None)
    gc.collect()
    assert [r() for r in closed] == [None] * len(closed)
    alive = [r() for r in finished]
    assert all(w is not None and w.done for w in alive)  # still on screen, still live
    for widget in alive:
        widget.close()
    del widget, alive
    gc.collect()
    assert [r() for r in finished] == [None] * len(finished)


def test_finished_live_widget_removes_the_hook(ipshell):
    ipshell.run("from eagerbook.notebook import GradientFlow")
    events = ipshell.ip.events.callbacks["post_run_cell"]
    before = len(events)
    ipshell.run("flow = GradientFlow(interval=0)\ndisplay(flow)\nflow.finish()")
    assert len(events) == before


# --- GradientFlow: the textbook vanishing case, and a healthy net ---
def _deep_net_flags(activation, layers=8, width=32, seed=0):
    rng = np.random.default_rng(seed)
    x = tf.constant(rng.normal(size=(64, width)).astype("float32"))
    variables = []
    for i in range(layers):
        limit = math.sqrt(6 / (width + width))  # Glorot uniform, Keras's default
        variables.append(tf.Variable(rng.uniform(-limit, limit, (width, width))
                                     .astype("float32"), name=f"dense_{i}/kernel:0"))
    with tf.GradientTape() as tape:
        h = x
        for w in variables:
            h = activation(tf.matmul(h, w))
        loss = tf.reduce_mean(tf.square(h - 1.0))
    grads = tape.gradient(loss, variables)
    flow = GradientFlow(interval=0)
    flow.update(grads, variables)
    return flow


def test_gradient_flow_flags_the_deep_sigmoid_net_at_step_0():
    flow = _deep_net_flags(tf.sigmoid)
    norms = {e["name"]: e["norms"][-1] for e in flow.data["layers"]}
    assert norms["dense_0"] < 1e-3 * norms["dense_7"]
    flags = flow.flags()
    assert flags["dense_0"] == "vanishing" and flags["dense_7"] is None


def test_gradient_flow_does_not_flag_a_healthy_relu_net():
    flow = _deep_net_flags(tf.nn.relu)
    assert set(flow.flags().values()) == {None}


def test_gradient_flow_empty_and_non_finite():
    flow = GradientFlow(interval=0)
    assert flow.data == {} or flow.data.get("layers") == []
    flow.finish()  # nothing recorded: an empty picture, no error
    assert _png_size(flow._repr_mimebundle_()["image/png"])[0] > 100
    v = tf.Variable([1.0], name="a/kernel:0")
    flow.update([tf.constant([float("inf")])], [v])
    assert flow.flags() == {"a": "exploding"}
    flow.finish()
    assert flow.data["layers"][0]["norms"] == ["Infinity"] or \
        math.isinf(flow.flow.layers["a"][0])


# --- LiveLoss: non-finite points are kept and counted; colours pair up ---
def test_liveloss_keeps_non_finite_points_and_pairs_colours():
    live = LiveLoss(interval=0)
    for step in range(60):
        live.update(loss=float("inf") if step > 1 else 1.0, val_loss=0.5, accuracy=0.1)
    live.finish()
    assert len(live.history.values["loss"]) == 60
    assert "58 non-finite points" in live.progress
    colors = live.data["colors"]
    assert len(set(colors.values())) == 3  # loss, val_loss, accuracy: three colours
    assert _png_size(live._repr_mimebundle_()["image/png"])[0] > 600


def test_graphview_nodes_carry_their_op_and_code():
    @tf.function
    def f(x):
        return tf.reduce_sum(x * x + 1.0)

    f(tf.constant([1.0, 2.0]))
    view = GraphView(f)
    nodes = view.tab("before")["nodes"]
    mul = next(d for d in nodes.values() if d["type"] == "Mul")
    assert mul["outputs"] == ["float32[2]"] and len(mul["inputs"]) == 2
    assert "np.multiply" in mul["kernel"] and mul["kernel_at"].startswith("eagerbook/ops/")
    assert "dy" in mul["grad_rule"]
    placeholder = next(d for d in nodes.values() if d["type"] == "Placeholder")
    assert "kernel" not in placeholder  # no registry op behind an input


def test_graphview_names_outputs_of_a_dict_returning_function():
    @tf.function
    def f(x):
        return {"total": tf.reduce_sum(x), "square": x * x}

    f(tf.constant([1.0, 2.0]))
    svg = GraphView(f).tab("before")["content"]
    assert ">total</text>" in svg and ">square</text>" in svg
    assert "output_0</text>" not in svg  # the node keeps its id, the label its name


# --- GraphView: control flow drawn as nested boxes, unused ops marked, distinct tabs ---
def _control_flow_function():
    @tf.function
    def f(x, n):
        if tf.reduce_sum(x) > 0:
            y = x * 2.0
        else:
            y = -x
        unused = tf.exp(x)  # noqa: F841 - dead code: the optimizer deletes it
        i = tf.constant(0)
        while i < n:
            y = y + 1.0
            i += 1
        return {"y": y, "steps": i}

    f(tf.constant([1.0, 2.0]), tf.constant(3))
    return f


def test_graphview_draws_if_and_while_bodies_wired_to_the_op():
    from eagerbook.viz import graphs as viz_graphs

    f = _control_flow_function()
    concrete = f.get_concrete_function(tf.constant([1.0, 2.0]), tf.constant(3))
    dot = viz_graphs.function_dot(concrete.graph, viz_graphs.output_names(concrete))
    for cluster in ("cluster_cond", "cluster_cond/then/", "cluster_cond/else/",
                    "cluster_while", "cluster_while/cond/", "cluster_while/body/"):
        assert f'subgraph "{cluster}"' in dot, cluster
    # The If's input reaches each branch's input; each branch's result comes back to the op.
    assert '"x" -> "cond/then/x"' in dot and '"x" -> "cond/else/x"' in dot
    assert '"cond/then/mul" -> "cond"' in dot and '"cond/else/Neg" -> "cond"' in dot
    assert re.search(r'"Greater" -> "cond" \[label="pred"\]', dot)
    # The While: loop variables into cond and body, the body's results back as "next".
    assert '"cond/Identity" -> "while/body/Placeholder"' in dot and '"n" -> "while/cond/n"' in dot
    assert re.search(r'"while/body/add" -> "while" \[.*label="next 0"', dot)
    assert re.search(r'"while/cond/Less" -> "while" \[.*label="continue\?"', dot)
    assert '"while/body/unused"' not in dot  # a body input never read is not drawn
    # Outputs carry the function's names; the unused Exp is dashed and classed.
    assert '[label="steps"' in dot and '[label="y"' in dot
    exp_line = next(line for line in dot.splitlines() if line.strip().startswith('"Exp" ['))
    assert 'class="eb-dead"' in exp_line and "(unused)" in exp_line
    view = GraphView(f)
    before, after = view.tab("before"), view.tab("after")
    assert before["unused"] == 2 and after["unused"] == 0  # exp, and the first `i < n`
    assert 'class="cluster"' in before["content"] and "eb&#45;dead" in before["content"]
    # A click on a node inside a body finds its op and code.
    mul = before["nodes"]["cond/then/mul"]
    assert mul["type"] == "Mul" and "np.multiply" in mul["kernel"]
    assert before["nodes"]["while"]["subgraphs"] == ["cond", "body"]


def test_graphview_tabs_are_pictures_or_distinct_texts():
    view = GraphView(_control_flow_function())
    kinds = {t["key"]: t["kind"] for t in view.tabs}
    assert kinds == {"before": "svg", "after": "svg", "ir": "text", "code": "text",
                     "autograph": "text"}
    assert [t["label"] for t in view.tabs] == ["Traced graph", "Optimized graph", "IR text",
                                               "Generated code", "AutoGraph"]
    for key in ("before", "after"):
        assert view.tab(key)["content"].startswith("<svg")
    texts = [view.tab(k)["content"] for k in ("ir", "code", "autograph")]
    assert len(set(texts)) == 3 and not any(t.startswith("<svg") for t in texts)
    ir = view.tab("ir")
    assert [s["title"] for s in ir["sections"]] == ["as traced", "after the optimization passes"]
    assert "Exp(" in ir["sections"][0]["text"] and "Exp(" not in ir["sections"][1]["text"]
    assert "def " in view.tab("code")["content"] and "ag__" in view.tab("autograph")["content"]


def test_graphview_without_graphviz_has_no_picture_tabs(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")  # no `dot` program
    view = GraphView(_control_flow_function())
    assert [t["kind"] for t in view.tabs] == ["text"] * 3
    assert "Graphviz" in view.message


def test_big_tapeview_formats_values_of_the_selected_node_only(kept_tapes):
    """Above viz.dot.LARGE nodes, the value and gradient texts (most of the cost of a big
    tape's view) are made for the node that is selected, and reach the browser in detail."""
    v = tf.Variable([1.0, 2.0], name="v")
    with tf.GradientTape() as tape:
        y = v
        for _ in range(viz_dot.LARGE + 10):
            y = tf.tanh(y)
        loss = tf.reduce_sum(y)
    tape.gradient(loss, v)
    view = TapeView(tape, draw=False)
    assert not any("value" in n or "grad" in n for n in view.graph["nodes"])
    (tanh_id,) = view.find("Tanh")[-1:]
    view.select(tanh_id)
    assert view.detail["id"] == tanh_id and "[" in view.detail["value"]
    assert view.detail["grad"].startswith("[") and view.node(tanh_id)["grad"] == \
        view.detail["grad"]
    (v_id,) = view.find("v:0")
    view.select(v_id)  # a Variable: no op code, but its value and gradient
    assert view.detail["value"] == "[1. 2.]" and view.detail["grad"].startswith("[")
    small = TapeView(small_tape()[0], draw=False)  # a small tape carries every text
    assert all("value" in n for n in small.graph["nodes"])
