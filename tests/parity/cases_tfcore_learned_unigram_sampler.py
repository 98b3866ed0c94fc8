"""Parity cases for tf.random.learned_unigram_candidate_sampler: ids drawn in proportion
to how often each has been a true class in the op's earlier calls, as TF's kernel learns."""

from tests.parity.harness import ParityCase

CASES = [
    # Three calls of one op learn from their true classes; another op (other attributes) starts
    # afresh
    ParityCase('learned_unigram_candidate_sampler', ('\n'
               'tf.random.set_seed(3)  # (restarts the ops and their counts)\n'
               'tc = tf.constant([[1], [3], [3]], tf.int64)\n'
               'for i in range(3):\n'
               '  print(tf.random.learned_unigram_candidate_sampler(tc, 1, 4, True, 6, seed=3))\n'
               'print(tf.nn.learned_unigram_candidate_sampler(tf.constant([[2, 2]], tf.'
               'int64), 2, 8, False, 5,\n'
               '                                              seed=1))\n'
               'print(tf.nn.learned_unigram_candidate_sampler(tf.constant([[2, 2]], tf.'
               'int64), 2, 8, False, 5,\n'
               '                                              seed=1).sampled_candidates)\n'),
               ('LearnedUnigramCandidateSampler(sampled_candidates=<tf.Tensor: shape=(4,'
               '), dtype=int64, numpy=array([1, 2, 5, 3])>, true_expected_count=<tf.Ten'
               'sor: shape=(3, 1), dtype=float32, numpy=\n'
               'array([[0.6666667],\n'
               '       [0.6666667],\n'
               '       [0.6666667]], dtype=float32)>, sampled_expected_count=<tf.Tensor'
               ': shape=(4,), dtype=float32, numpy=array([0.6666667, 0.6666667, 0.66666'
               '67, 0.6666667], dtype=float32)>)\n'
               'LearnedUnigramCandidateSampler(sampled_candidates=<tf.Tensor: shape=(4,'
               '), dtype=int64, numpy=array([5, 2, 3, 1])>, true_expected_count=<tf.Ten'
               'sor: shape=(3, 1), dtype=float32, numpy=\n'
               'array([[0.71537197],\n'
               '       [0.8683128 ],\n'
               '       [0.8683128 ]], dtype=float32)>, sampled_expected_count=<tf.Tenso'
               'r: shape=(4,), dtype=float32, numpy=array([0.44507107, 0.44507107, 0.86'
               '83128 , 0.71537197], dtype=float32)>)\n'
               'LearnedUnigramCandidateSampler(sampled_candidates=<tf.Tensor: shape=(4,'
               '), dtype=int64, numpy=array([3, 1, 2, 0])>, true_expected_count=<tf.Ten'
               'sor: shape=(3, 1), dtype=float32, numpy=\n'
               'array([[0.7626953 ],\n'
               '       [0.93245643],\n'
               '       [0.93245643]], dtype=float32)>, sampled_expected_count=<tf.Tenso'
               'r: shape=(4,), dtype=float32, numpy=array([0.93245643, 0.7626953 , 0.35'
               '277218, 0.35277218], dtype=float32)>)\n'
               'LearnedUnigramCandidateSampler(sampled_candidates=<tf.Tensor: shape=(8,'
               '), dtype=int64, numpy=array([4, 0, 3, 0, 2, 3, 2, 2])>, true_expected_c'
               'ount=<tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[1.6, 1.6]],'
               ' dtype=float32)>, sampled_expected_count=<tf.Tensor: shape=(8,), dtype='
               'float32, numpy=array([1.6, 1.6, 1.6, 1.6, 1.6, 1.6, 1.6, 1.6], dtype=float32)>)\n'
               'tf.Tensor([2 4 4 2 2 2 2 2], shape=(8,), dtype=int64)\n')),
]
