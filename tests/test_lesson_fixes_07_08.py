"""Fixes found while writing lessons 7 (advanced autodiff) and 8 (performance)."""

import json
import math

import numpy as np
import pytest

import eagerbook as tf

pytest.importorskip("anywidget")

from eagerbook.notebook import LiveLoss, TapeView  # noqa: E402 - needs the notebook extra


def _strict_json(widget):
    # Widget state reaches the browser as strict JSON (jupyter_client refuses NaN/Infinity).
    return json.loads(json.dumps(widget.get_state(), allow_nan=False, default=str))


@pytest.fixture
def kept_tapes():
    from eagerbook.viz import tape as viz_tape

    viz_tape.keep_tapes(True)
    yield
    viz_tape.keep_tapes(False)


def test_tapeview_state_is_strict_json_when_a_gradient_is_nan(kept_tapes):
    # Lesson 7: the naive log(1 + exp(x)) at x = 100 has a nan gradient (0 * inf).
    x = tf.constant(100.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.log(1 + tf.exp(x))
    assert np.isnan(tape.gradient(y, x).numpy())
    view = TapeView(tape, draw=False)
    (watched,) = [n for n in view.graph["nodes"] if n["kind"] == "watched"]
    assert math.isnan(watched["grad_norm"])  # Python side keeps the float
    state = _strict_json(view)
    sent = {n["id"]: n for n in state["graph"]["nodes"]}
    assert sent[watched["id"]]["grad_norm"] == "NaN"
    assert "|grad| = nan" in view.text()


def test_liveloss_state_is_strict_json_with_infinite_and_nan_losses():
    live = LiveLoss(interval=0)
    live.update(loss=1.0)
    live.update(loss=float("inf"))
    live.update(loss=float("nan"))
    live.update(loss=-float("inf"))
    values = _strict_json(live)["data"]["series"]["loss"]["values"]
    assert values == [1.0, "Infinity", "NaN", "-Infinity"]
