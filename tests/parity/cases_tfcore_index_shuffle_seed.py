"""Parity cases for tf.random.experimental.index_shuffle's seed check: TF's words."""

from tests.parity.harness import ParityCase

CASES = [
    # Seeds of shape [2] and [n, 2] work; others are refused as TF refuses them
    ParityCase('index_shuffle_seed_shapes', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message)\n'
               '\n'
               'for seed in ([1, 2, 3, 4], [[1, 2, 3], [4, 5, 6]], [[1, 2]], [1, 2]):\n'
               '  try:\n'
               '    print(tf.random.experimental.index_shuffle(3, seed, 9))\n'
               '  except tf.errors.InvalidArgumentError as e:\n'
               '    show(e)\n'),
               ('InvalidArgumentError: Seed must be a vector of size [3] or a matrix of '
               'size [1, 3] but got [5]. [Op:RandomIndexShuffle]\n'
               'tf.Tensor([3 4 7], shape=(3,), dtype=int32)\n'
               'InvalidArgumentError: Seed must be a vector of size [3] or a matrix of '
               'size [1, 3] but got [2,2]. [Op:RandomIndexShuffle]\n'
               'tf.Tensor(4, shape=(), dtype=int32)\n')),
]
