"""tf.test.TestCase's per-test seeds, temp dir and eager "sessions", as TF 2.21's."""

import io
import os
import unittest

import numpy as np

import eagerbook as tf


def _run(case):
    result = unittest.TextTestRunner(stream=io.StringIO()).run(
        unittest.TestLoader().loadTestsFromTestCase(case))
    assert result.wasSuccessful(), result.failures + result.errors


def test_each_test_starts_from_tfs_default_seed():
    seen = []

    class Draws(tf.test.TestCase):
        def test_a(self):
            seen.append((tf.random.uniform([2]).numpy().tolist(), np.random.rand()))

        def test_b(self):
            seen.append((tf.random.uniform([2]).numpy().tolist(), np.random.rand()))

    _run(Draws)
    # TF 2.21 draws these in both tests (its setUp seeds with 87654321)
    expected = ([0.5836375, 0.2972299], 0.18463433217903202)
    for values, numpy_value in seen:
        np.testing.assert_allclose(values, expected[0], rtol=1e-6)
        assert numpy_value == expected[1]


def test_sessions_and_temp_dir():
    class Sessions(tf.test.TestCase):
        def test_session(self):
            with self.cached_session() as sess:
                self.assertEqual(type(sess).__name__, "FakeEagerSession")
                self.assertEqual(sess.run(tf.constant(3)), 3)
                self.assertEqual(self.evaluate(tf.constant([1, 2])).tolist(), [1, 2])
            with self.session() as sess:
                self.assertAllEqual(sess.run({"a": tf.constant([1])})["a"], [1])
            self.assertTrue(os.path.isdir(self.get_temp_dir()))
            self.assertEqual(self.get_temp_dir(), self.get_temp_dir())
            self.assertItemsEqual([1, 2], [2, 1])

    _run(Sessions)
