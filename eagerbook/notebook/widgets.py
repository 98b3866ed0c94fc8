"""The four widgets: TapeView, GraphView, GradientFlow, LiveLoss.

Each is an anywidget whose browser side is a plain ES module + CSS (``static/``, a copy of
the repository's ``widgets/``). The Python side prepares everything with ``eagerbook.viz``:
layouts come from Graphviz on the server, so the browser only shows SVG and handles clicks.

Every widget's display bundle carries, next to the live widget view, a PNG picture of the
whole widget (title included) and plain text. Why PNG: a notebook opened before anything
runs is *untrusted* (a fresh clone, a Binder visitor), and then JupyterLab and Notebook 7
show only "safe" outputs: the widget view, SVG and JavaScript are withheld and HTML is
sanitized (inline SVG stripped), while ``image/png`` is shown as it is. nbconvert (GitHub,
nbviewer) shows it too when the notebook keeps no widget state, and a terminal shows the
text. After Run All and save, the widget view comes back from the kernel while it runs, or
from the widget state saved in the notebook: JupyterLab and Notebook 7 save it when "Save
Widget State Automatically" is on (``binder/`` and ``make lab`` turn it on), and with the
setting off (the default) each widget's browser code asks for it (``static/keep_state.js``),
so a reopened notebook never says "model not found". Running the cell again always gives
the live widget.
"""

import base64
import math
import pathlib
import time
import weakref

import anywidget
import traitlets

from ..viz import dot as viz_dot
from ..viz import gradflow as viz_gradflow
from ..viz import graphs as viz_graphs
from ..viz import history as viz_history
from ..viz import tape as viz_tape
from . import charts as viz_charts

STATIC = pathlib.Path(__file__).parent / "static"


def _asset(name):
    """The text of a browser file. Given as text, not as a path: for a path anywidget keeps a
    file watcher per class whose signal holds every instance ever made (a closed widget
    would never be freed)."""
    return (STATIC / name).read_text(encoding="utf-8")


def _module(name):
    """A widget's ES module: keep_state.js (shared: the notebook keeps the widget state
    when saved, see that file) followed by the widget's own code."""
    return _asset("keep_state.js") + "\n" + _asset(name)


_CSS = _asset("eagerbook.css")


def _esc(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def _json_safe(value, widget=None):
    """A trait value with NaN/inf floats as the strings "NaN", "Infinity", "-Infinity".

    Widget state travels as strict JSON, which has no NaN or infinity: a tape whose gradient
    overflowed, or a loss that diverged, would otherwise fail to reach the browser. The
    strings are what JavaScript's ``Number()`` turns back into NaN and Infinity.
    """
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    return value


class _Displayable:
    """Display bundles with the widget view plus a PNG picture and a text fallback."""

    _png_cache = None

    def static_png(self):  # -> PNG bytes of the whole widget, or None (no picture possible)
        raise NotImplementedError

    def _static_png(self):
        if self._png_cache is None:
            try:
                self._png_cache = self.static_png() or b""
            except (viz_dot.GraphvizUnavailable, ImportError):
                self._png_cache = b""  # no Graphviz/Matplotlib: the text fallback stays
        return self._png_cache

    def _forget_picture(self):
        self._png_cache = None

    def text(self):
        raise NotImplementedError

    def __repr__(self):
        return self.text()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        bundle = {}
        png = self._static_png()
        if png:
            bundle["image/png"] = base64.b64encode(png).decode("ascii")
        else:  # a <pre> survives sanitizing; the title keeps the picture's place
            bundle["text/html"] = (f"<div><b>{_esc(getattr(self, 'title', ''))}</b>"
                                   f"<pre>{_esc(self.text())}</pre></div>")
        bundle["text/plain"] = self.text()
        if self._view_name is not None:
            bundle["application/vnd.jupyter.widget-view+json"] = {
                "version_major": 2, "version_minor": 1, "model_id": self.model_id}
        return bundle


# --- TapeView ------------------------------------------------------------------------------------
class TapeView(_Displayable, anywidget.AnyWidget):
    """A GradientTape drawn as a graph; select nodes, step through the backward sweep.

        with tf.GradientTape() as tape:
            loss = ...
        grads = tape.gradient(loss, model.trainable_variables)
        TapeView(tape)

    Inputs (Variables, watched tensors) and saved constants are marked; after ``gradient``
    each node shows the norm of the gradient flowing through it. A non-persistent tape frees
    what it recorded inside ``gradient``: after ``%load_ext eagerbook`` (or
    ``eagerbook.viz.tape.keep_tapes()``) a snapshot is kept for viewing.
    """

    _esm = _module("tape_view.js")
    _css = _CSS

    graph = traitlets.Dict().tag(sync=True, to_json=_json_safe)
    svg = traitlets.Unicode("").tag(sync=True)
    # The text form (a terminal's repr, the fallback output) is read in Python only: not
    # synced, so it is not sent to the browser nor saved again in the notebook's widget state.
    text_view = traitlets.Unicode("")
    message = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("GradientTape").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    detail = traitlets.Dict().tag(sync=True, to_json=_json_safe)  # the selected op's code
    step = traitlets.Int(-1).tag(sync=True)
    stepping = traitlets.Bool(False).tag(sync=True)

    def __init__(self, tape, title="GradientTape", max_nodes=2500, draw=True, **kwargs):
        super().__init__(title=title, **kwargs)
        self._tape = tape
        self._max_nodes = max_nodes
        self._draw = draw
        self.refresh()

    def refresh(self):
        """Re-reads the tape (e.g. after ``gradient`` was called on a persistent tape)."""
        tape = self._tape
        self._values = None  # a big tape's arrays, formatted when a node is selected
        if isinstance(tape, dict):
            self._snapshot, self._grads, model = None, {}, tape
        else:
            self._snapshot = viz_tape.TapeSnapshot.of(tape)
            self._grads = viz_tape.all_gradients(self._snapshot) \
                if self._snapshot.has_gradient else {}
            if len(self._snapshot.entries) > viz_dot.LARGE:
                self._values = {}
            model = viz_tape.tape_model(self._snapshot, max_nodes=self._max_nodes,
                                        grads=self._grads, values_of=self._values)
        svg, message = "", ""
        if self._draw and model["nodes"]:
            try:
                svg = viz_dot.render_svg(viz_dot.tape_dot(model))
            except viz_dot.GraphvizUnavailable as exc:
                message = str(exc)
        elif not model["nodes"]:
            message = "The tape recorded nothing: was anything watched inside it?"
        self.set_trait("text_view", viz_tape.tape_text(model))
        self._forget_picture()
        with self.hold_sync():
            self.graph = model
            self.svg = svg
            self.message = message
            self.step = -1
            self.stepping = False
            self.detail = {}

    @traitlets.observe("selected")
    def _on_selected(self, change):
        """The side panel's code and chain rule for the selected op (computed on demand)."""
        if self._snapshot is None or not change["new"]:
            self.detail = {}
            return
        detail = viz_tape.node_detail(self._snapshot, self._grads, change["new"], self.graph)
        self.detail = {**detail, **viz_tape.previews(self._values, change["new"])}

    # Python-side mirrors of the browser controls (also what the tests drive).
    @property
    def nodes(self):
        return {n["id"]: n for n in self.graph.get("nodes", [])}

    def node(self, node_id):
        """The node's view-model, with its value and gradient text (a big tape formats
        those only for the node asked about)."""
        return {**self.nodes[node_id], **viz_tape.previews(self._values, node_id)}

    def find(self, label):
        """Ids of the nodes whose label (op name or Variable name) is `label`."""
        return [n["id"] for n in self.graph.get("nodes", []) if n["label"] == label]

    def select(self, node_id):
        if node_id not in self.nodes:
            raise KeyError(f"No node {node_id!r}; nodes are {list(self.nodes)}")
        self.selected = node_id
        return self.nodes[node_id]

    @property
    def backward_order(self):
        return list(self.graph.get("backward_order", []))

    def step_backward(self):
        """Advances the backward sweep by one node; returns the node now reached (or None)."""
        order = self.backward_order
        if not order:
            return None
        nxt = min(len(order) - 1, (self.step if self.stepping else -1) + 1)
        self.stepping = True
        self.step = nxt
        self.selected = order[nxt]
        return self.nodes[order[nxt]]

    def text(self):
        return self.text_view

    def static_png(self):
        if not (self._draw and self.graph.get("nodes")):
            return None
        return viz_dot.render_png(viz_dot.tape_dot(self.graph, title=self._picture_title()))

    def _picture_title(self):
        graph = self.graph
        parts = [self.title, f"{graph.get('num_entries', 0)} recorded ops"]
        if graph.get("has_gradient"):
            parts.append("gradient computed")
        if graph.get("nonfinite"):
            parts.append(f"{len(graph['nonfinite'])} node(s) with NaN/Inf")
        return " · ".join(parts)


# --- GraphView -----------------------------------------------------------------------------------
class GraphView(_Displayable, anywidget.AnyWidget):
    """A tf.function's traced graph: before/after optimization, IR text, AutoGraph code, and
    the trace history (one entry per concrete function).

        @tf.function
        def f(x): ...
        f(tf.constant(1.0))
        GraphView(f)          # or GraphView(f.get_concrete_function(...))
    """

    _esm = _module("graph_view.js")
    _css = _CSS

    title = traitlets.Unicode("tf.function").tag(sync=True)
    tabs = traitlets.List().tag(sync=True)
    traces = traitlets.List().tag(sync=True)
    trace_index = traitlets.Int(-1).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(self, fn, title=None, draw=True, **kwargs):
        name = title or getattr(fn, "__name__", None) or getattr(
            getattr(fn, "python_function", None), "__name__", "tf.function")
        super().__init__(title=str(name), **kwargs)
        self._fn = fn
        self._draw = draw
        self.refresh()

    def refresh(self):
        fn = self._fn
        concrete = viz_graphs.concrete_functions(fn)
        self.traces = [{"signature": viz_graphs.signature_text(c),
                        "ops": len(viz_graphs._call(getattr(c, "graph", None), "get_operations",
                                                    default=[]) or [])} for c in concrete]
        index = len(concrete) - 1  # the newest trace
        self.set_trait("trace_index", index)
        self._build(concrete[index] if concrete else None)

    @traitlets.observe("trace_index")
    def _on_trace(self, change):
        concrete = viz_graphs.concrete_functions(self._fn)
        if 0 <= change["new"] < len(concrete):
            self._build(concrete[change["new"]])

    def _build(self, concrete):
        """The tabs: two pictures (the graph as traced, unused ops marked; the graph after the
        optimization passes), then three texts that say different things (the IR before and
        after the passes side by side, the NumPy code that runs, AutoGraph's Python), then
        the traces. Without Graphviz there are no pictures, and the message says why."""
        tabs, message = [], ""
        self._dots = {}  # tab key -> DOT source (the saved picture redraws the first one)
        self._forget_picture()
        if concrete is None:
            self.tabs = []
            self.message = "This function has not been traced yet: call it once, then refresh()."
            return
        graph = concrete.graph
        before = getattr(concrete, "unoptimized_graph", None) or \
            getattr(concrete, "traced_graph", None) or graph
        after = viz_graphs._call(concrete, "optimized_graph", default=None) or graph
        names = viz_graphs.output_names(concrete)
        for key, label, g in (("before", "Traced graph", before),
                              ("after", "Optimized graph", after)):
            if key == "after" and after is before or not self._draw:
                continue
            try:
                dot_source = viz_graphs.function_dot(g, names)
                content = viz_dot.render_svg(dot_source)
            except viz_dot.GraphvizUnavailable as exc:
                message = str(exc)
                break
            self._dots[key] = dot_source
            tabs.append({"key": key, "label": label, "kind": "svg", "content": content,
                         "nodes": viz_graphs.op_details(g),  # what a click on a node shows
                         "unused": content.count('class="node eb&#45;dead"')})
        sections = [{"title": "as traced", "text": viz_graphs.ir_text(before)}]
        if after is not before:
            sections.append({"title": "after the optimization passes",
                             "text": viz_graphs.ir_text(after)})
        tabs.append({"key": "ir", "label": "IR text", "kind": "text",
                     "content": sections[-1]["text"], "sections": sections})
        source = viz_graphs._call(concrete, "compiled_source", default=None)
        if isinstance(source, str) and source:
            tabs.append({"key": "code", "label": "Generated code", "kind": "text",
                         "content": source})
        code = viz_graphs.autograph_code(self._fn)
        if code:
            tabs.append({"key": "autograph", "label": "AutoGraph", "kind": "text",
                         "content": code})
        with self.hold_sync():
            self.tabs = tabs
            self.message = message

    def tab(self, key):
        return next(t for t in self.tabs if t["key"] == key)

    def text(self):
        ir = next((t["content"] for t in self.tabs if t["key"] == "ir"), "")
        return f"{self.title}: {len(self.traces)} trace(s)\n{ir}".rstrip()

    def static_png(self):
        key = "after" if "after" in self._dots else "before"
        if key not in self._dots:
            return None
        label = "optimized graph" if key == "after" else "traced graph"
        title = f"{self.title} · {label} · {len(self.traces)} trace(s)"
        return viz_dot.render_png(viz_dot.with_title(self._dots[key], title))


# --- Keras callback protocol (duck-typed: eagerbook.keras is imported lazily, if at all) -----
class _CallbackHooks:
    """No-op versions of every Keras callback hook, so these widgets work as callbacks."""

    model = None
    params = None

    def set_model(self, model):
        self.model = model

    def set_params(self, params):
        self.params = params

    def __getattr__(self, name):
        if name.startswith("on_"):
            return lambda *args, **kwargs: None
        raise AttributeError(name)


def _keras_callback_base():
    # Imported when needed so that loading the widgets does not load Keras.
    from ..keras.callbacks import Callback

    return Callback


class _LiveDisplay:
    """Displays itself with a display id so the final picture can replace the live one in
    the saved notebook (``update_display``), without any clear_output loop.

    A cell that ends without ``finish()`` (a loop interrupted, or simply no ``with``) still
    leaves its final picture: one ``post_run_cell`` hook per shell finishes the displayed
    widgets that are still drawing. It holds them weakly and removes itself once none is left,
    so a finished or closed widget leaves neither a hook nor a reference behind.
    """

    _handle = None

    def _ipython_display_(self):
        from IPython.display import display

        self._handle = display(self._repr_mimebundle_(), raw=True, display_id=True)
        _CellEndHook.watch(self)

    def _refresh_display(self):
        if self._handle is not None:
            self._handle.update(self._repr_mimebundle_(), raw=True)

    def _stop_watching(self):
        _CellEndHook.forget(self)

    def close(self):
        self._stop_watching()
        super().close()


class _CellEndHook:
    """The single post_run_cell callback that finishes unfinished live widgets."""

    shell = None
    pending = weakref.WeakSet()

    @classmethod
    def watch(cls, widget):
        try:
            from IPython import get_ipython
        except ImportError:
            return
        shell = get_ipython()
        if shell is None:
            return
        if cls.shell is not shell:
            cls._unregister()
            shell.events.register("post_run_cell", cls.at_cell_end)
            cls.shell = shell
        cls.pending.add(widget)

    @classmethod
    def forget(cls, widget):
        cls.pending.discard(widget)
        if not len(cls.pending):
            cls._unregister()

    @classmethod
    def _unregister(cls):
        if cls.shell is not None:
            try:
                cls.shell.events.unregister("post_run_cell", cls.at_cell_end)
            except ValueError:  # already gone (e.g. the shell was reset)
                pass
            cls.shell = None

    @staticmethod
    def at_cell_end(result=None):
        for widget in list(_CellEndHook.pending):
            if widget._dirty:
                widget.finish()
            _CellEndHook.pending.discard(widget)
        if not len(_CellEndHook.pending):
            _CellEndHook._unregister()


# --- LiveLoss ------------------------------------------------------------------------------------
class LiveLoss(_LiveDisplay, _CallbackHooks, _Displayable, anywidget.AnyWidget):
    """Loss and metric curves drawn while training runs.

    Custom loop::

        live = LiveLoss()
        display(live)
        for step, (x, y) in enumerate(dataset):
            ...
            live.update(loss=loss, accuracy=acc)
        # the cell ends: final curves stay as a static picture in the saved notebook

    Keras: ``model.fit(..., callbacks=[LiveLoss()])`` (it displays itself).

    ``val_*`` series share a panel with their training twin. Redraws are throttled to one per
    `interval` seconds and happen in place; `smoothing` (0..0.99, exponential) and
    `log_scale` can also be changed from the widget.
    """

    _esm = _module("live_loss.js")
    _css = _CSS

    data = traitlets.Dict().tag(sync=True, to_json=_json_safe)
    progress = traitlets.Unicode("").tag(sync=True)
    smoothing = traitlets.Float(0.0).tag(sync=True)
    log_scale = traitlets.Bool(False).tag(sync=True)
    done = traitlets.Bool(False).tag(sync=True)
    title = traitlets.Unicode("Training").tag(sync=True)

    def __init__(self, title="Training", interval=0.5, total=None, smoothing=0.0,
                 log_scale=False, **kwargs):
        super().__init__(title=title, smoothing=smoothing, log_scale=log_scale, **kwargs)
        self.history = viz_history.History()
        self.interval = float(interval)
        self.total = total
        self.epoch = None
        self.redraws = 0
        self._last_draw = float("-inf")  # the first point draws at once
        self._dirty = False

    # The hot path: one call per training step.
    def update(self, step=None, **metrics):
        """Adds one point per metric (tensors, NumPy or Python numbers)."""
        self.history.append(step, **{k: float(v) for k, v in metrics.items()
                                     if v is not None})
        self._dirty = True
        now = time.perf_counter()
        if now - self._last_draw >= self.interval:
            self.redraw(now)

    def redraw(self, now=None):
        self._forget_picture()
        with self.hold_sync():
            self.data = self.history.to_state()
            self.progress = viz_history.progress_line(self.history, self.total, self.epoch)
            if self.done:
                self.done = False
        self.redraws += 1
        self._last_draw = time.perf_counter() if now is None else now

    def finish(self):
        """Final redraw; the saved notebook keeps a picture of the final curves."""
        self.redraw()
        self.done = True
        self._dirty = False
        self._refresh_display()
        self._stop_watching()

    def reset(self):
        self.history = viz_history.History()
        self.done = False
        self.redraw()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.finish()
        return False

    # Keras callback hooks.
    def on_train_begin(self, logs=None):
        if self.total is None and self.params:
            steps, epochs = self.params.get("steps"), self.params.get("epochs")
            if steps and epochs:
                self.total = steps * epochs
        if self._handle is None:
            try:
                from IPython import get_ipython
                if get_ipython() is not None:
                    self._ipython_display_()
            except ImportError:
                pass

    def on_epoch_begin(self, epoch, logs=None):
        self.epoch = epoch + 1

    def on_train_batch_end(self, batch, logs=None):
        if logs:
            self.update(**{k: v for k, v in logs.items() if not k.startswith("val_")
                           and _is_number(v)})

    def on_epoch_end(self, epoch, logs=None):
        vals = {k: v for k, v in (logs or {}).items() if k.startswith("val_") and _is_number(v)}
        if vals:
            self.history.append(max(0, self.history.counter - 1), **{
                k: float(v) for k, v in vals.items()})
            self.redraw()

    def on_train_end(self, logs=None):
        self.finish()
        self.model = None  # a finished widget must not keep the trained model alive

    def text(self):
        return "LiveLoss: " + viz_history.progress_line(self.history, self.total, self.epoch)

    def static_png(self):
        return viz_charts.loss_png(self.history, title=self.title, smoothing=self.smoothing,
                                   log_scale=self.log_scale,
                                   footer=viz_history.progress_line(self.history, self.total,
                                                                    self.epoch))

    @traitlets.observe("smoothing", "log_scale", "title")
    def _on_look(self, change):
        self._forget_picture()


def _is_number(v):
    try:
        float(v)
    except (TypeError, ValueError):
        return False
    return True


# --- GradientFlow --------------------------------------------------------------------------------
class GradientFlow(_LiveDisplay, _CallbackHooks, _Displayable, anywidget.AnyWidget):
    """Per-layer gradient norms over training steps; vanishing/exploding layers highlighted.

    Custom loop: ``flow.update(grads, model.trainable_variables)`` after each ``gradient``.
    Keras: ``model.fit(..., callbacks=[GradientFlow()])`` — during ``fit`` it looks at the
    gradients the optimizer applies.
    """

    _esm = _module("gradient_flow.js")
    _css = _CSS

    data = traitlets.Dict().tag(sync=True, to_json=_json_safe)
    low = traitlets.Float(1e-7).tag(sync=True)
    high = traitlets.Float(1e3).tag(sync=True)
    title = traitlets.Unicode("Gradient flow").tag(sync=True)

    def __init__(self, low=1e-7, high=1e3, ratio=1e-3, interval=0.5, every=1,
                 title="Gradient flow", **kwargs):
        super().__init__(low=low, high=high, title=title, **kwargs)
        self.flow = viz_gradflow.FlowHistory(low, high, ratio)
        self.interval = float(interval)
        self.every = max(1, int(every))
        self._calls = 0
        self._last_draw = float("-inf")  # the first point draws at once
        self._dirty = False
        self._wrapped = None

    def update(self, grads, variables=None, step=None):
        """Records one step: `grads` with their `variables`, or (grad, variable) pairs."""
        self._calls += 1
        if (self._calls - 1) % self.every:
            return
        if variables is None:
            pairs = list(grads)
            grads, variables = [g for g, _ in pairs], [v for _, v in pairs]
        self.flow.add(list(grads), list(variables), step)
        self._dirty = True
        now = time.perf_counter()
        if now - self._last_draw >= self.interval:
            self.redraw(now)

    def redraw(self, now=None):
        self._forget_picture()
        self.data = self.flow.to_state()
        self._last_draw = time.perf_counter() if now is None else now

    def finish(self):
        self.redraw()
        self._dirty = False
        self._refresh_display()
        self._stop_watching()

    def flags(self):
        return self.flow.flags()

    # Keras: watch the optimizer's apply_gradients for the duration of fit.
    def on_train_begin(self, logs=None):
        optimizer = getattr(self.model, "optimizer", None)
        if optimizer is not None and self._wrapped is None:
            original = optimizer.apply_gradients

            def apply_gradients(grads_and_vars, *args, **kwargs):
                pairs = list(grads_and_vars)
                self.update(pairs)
                return original(pairs, *args, **kwargs)

            optimizer.apply_gradients = apply_gradients
            self._wrapped = (optimizer, original)
        if self._handle is None:
            try:
                from IPython import get_ipython
                if get_ipython() is not None:
                    self._ipython_display_()
            except ImportError:
                pass

    def on_train_end(self, logs=None):
        if self._wrapped is not None:
            optimizer, _ = self._wrapped
            if "apply_gradients" in vars(optimizer):
                del optimizer.apply_gradients
            self._wrapped = None
        self.finish()
        self.model = None  # a finished widget must not keep the trained model alive

    def text(self):
        return self.flow.text()

    def static_png(self):
        return viz_charts.flow_png(self.flow, title=self.title)


def _adopt_keras_base():
    """Make LiveLoss/GradientFlow real subclasses of keras Callback when it is available."""
    base = _keras_callback_base()
    if base is None:
        return
    for cls in (LiveLoss, GradientFlow):
        if base not in cls.__mro__:
            try:
                base.register(cls)  # abc-style virtual subclass, if Callback is an ABC
            except AttributeError:
                pass


_adopt_keras_base()
