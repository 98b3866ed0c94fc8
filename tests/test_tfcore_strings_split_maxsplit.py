"""tf.strings.split with maxsplit, as TF 2.21's StringSplitV2 kernel splits: on whitespace,
once `maxsplit` pieces are taken what follows is the last piece even when it is empty, and
maxsplit=0 keeps each string whole. Each expectation is what TF printed."""

import pytest

import eagerbook as tf


@pytest.mark.parametrize("strings, sep, maxsplit, pieces", [
    (["a b", "c"], None, 1, [[b"a", b"b"], [b"c", b""]]),
    (["a b c", "c"], None, 1, [[b"a", b"b c"], [b"c", b""]]),
    (["a b", "c"], None, 2, [[b"a", b"b", b""], [b"c"]]),
    (["a  b", " c"], None, 1, [[b"a", b"b"], [b"c", b""]]),
    (["a b ", "", " "], None, 2, [[b"a", b"b", b""], [], []]),
    (["a b  ", "x"], None, 1, [[b"a", b"b  "], [b"x", b""]]),
    ([" a ", ""], None, 0, [[b" a "], [b""]]),
    (["a,b", "c"], ",", 1, [[b"a", b"b"], [b"c"]]),
    (["a,,b", ""], ",", -1, [[b"a", b"", b"b"], [b""]]),
])
def test_split_with_maxsplit(strings, sep, maxsplit, pieces):
    assert tf.strings.split(strings, sep=sep, maxsplit=maxsplit).to_list() == pieces
