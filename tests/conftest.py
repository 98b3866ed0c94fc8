"""Shared test fixtures."""

import pytest

from eagerbook.core import context


@pytest.fixture(autouse=True)
def _clean_context():
    """Every test starts and must end with no active tape, observer, graph or device scope: a
    test that leaks one fails here instead of confusing the next test."""
    state = context.state
    assert not state.recorders and state.graph is None, "a previous test leaked a recorder"
    yield
    leaked = list(state.recorders), state.graph, list(state.device_stack)
    state.recorders[:] = []
    state.graph = None
    state.device_stack[:] = []
    state.refresh()
    assert leaked == ([], None, []), f"test leaked context state: {leaked}"
