"""One check for tables of calls with TF's recorded outcome: (call, None, printed value) or
(call, error class name, error text), each text as TF 2.21 printed it."""

import pytest


def check_outcome(call, kind, text):
    if kind is None:
        assert str(call()) == text
        return
    with pytest.raises(Exception) as info:
        call()
    assert type(info.value).__name__ == kind
    assert str(info.value) == text
