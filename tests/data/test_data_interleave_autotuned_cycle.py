"""interleave()'s cycle length when it is left to AUTOTUNE, as TF picks it from the
schedulable cores and num_parallel_calls (the order a deterministic pipeline yields)."""
import pytest

import eagerbook as tf
from eagerbook.data import dataset as dataset_module


def _tens(x):
    return tf.data.Dataset.range(3).map(lambda y: y + 10 * x)


def _order(cores, monkeypatch, **kwargs):
    monkeypatch.setattr(dataset_module, "_schedulable_cores", lambda: cores)
    return [int(v) for v in tf.data.Dataset.range(4).interleave(_tens, **kwargs)]


SEQUENTIAL = [0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32]
PAIRS = [0, 10, 1, 11, 2, 12, 20, 30, 21, 31, 22, 32]


def test_autotuned_parallel_calls_use_a_third_of_the_cores(monkeypatch):
    # TF 2.21 on two cores: ceil(2 / 3) = 1 dataset at a time
    assert _order(2, monkeypatch, num_parallel_calls=tf.data.AUTOTUNE) == SEQUENTIAL
    assert _order(6, monkeypatch, num_parallel_calls=tf.data.AUTOTUNE) == PAIRS


def test_fixed_parallel_calls_set_the_cycle_up_to_the_cores(monkeypatch):
    assert _order(2, monkeypatch, num_parallel_calls=1) == SEQUENTIAL
    assert _order(2, monkeypatch, num_parallel_calls=2) == PAIRS
    assert _order(2, monkeypatch) == PAIRS  # no parallel calls: one per core
    assert _order(8, monkeypatch, num_parallel_calls=tf.data.AUTOTUNE, cycle_length=2) == PAIRS


def test_more_parallel_calls_than_the_cycle_is_tfs_error(monkeypatch):
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="`num_parallel_calls` is 3 and `cycle_length` is 2"):
        _order(2, monkeypatch, num_parallel_calls=3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be either `tf.data.AUTOTUNE`"):
        _order(8, monkeypatch, num_parallel_calls=4, cycle_length=2)
