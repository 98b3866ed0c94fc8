"""Shared test fixtures."""

import os

import pytest

# TF's float32 softmax depends on whether TF would use oneDNN on this CPU (ops/onednn_float.py);
# the tests hold the values of TF with oneDNN on (its default on CPUs like this project's).
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "1"

from eagerbook.core import context  # noqa: E402 - after the setting above, as TF reads it once


@pytest.fixture(autouse=True)
def _clean_context():
    """Every test starts and must end with no active tape, observer, graph or device scope: a
    test that leaks one fails here instead of confusing the next test."""
    here = context.thread_state()
    assert not here.recorders and here.graph is None, "a previous test leaked a recorder"
    yield
    leaked = list(here.recorders), here.graph, list(here.device_stack)
    here.recorders[:] = []
    here.graph = None
    here.device_stack[:] = []
    here.refresh()
    assert leaked == ([], None, []), f"test leaked context state: {leaked}"


@pytest.fixture(autouse=True)
def _no_keras_seed_stream_left():
    """`tf.keras.utils.set_random_seed` starts a stream unseeded initializers draw from for
    the rest of the process; a test that starts one must not change the next test's weights."""
    yield
    from eagerbook.keras import initializers
    initializers._seed_stream = None


def pytest_configure(config):
    # The install and browser tests (a fresh venv with pip, JupyterLab in Chromium) take minutes;
    # a run over whole folders (`pytest tests`) leaves them out so the inner loop stays fast, and
    # `make test` runs them in a step of their own (`pytest -m "binder or browser" tests`).
    # Naming a test file, or giving -m yourself, selects whatever you ask for.
    only_folders = all(os.path.isdir(arg.split("::")[0]) for arg in config.args)
    if not config.option.markexpr and only_folders:
        config.option.markexpr = "not binder and not browser"


@pytest.fixture
def numpy_behavior():
    """tf.experimental.numpy's NumPy behavior for one test, then turned off again (TF itself
    has no way back; eagerbook's tests need one)."""
    from eagerbook.api import numpy_api

    numpy_api.experimental_enable_numpy_behavior()
    yield
    numpy_api._disable_numpy_behavior()
