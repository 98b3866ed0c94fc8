"""Parity case for tf.image.adjust_contrast's digits on a gradient image."""

from tests.parity.harness import ParityCase

CASES = [
    # The channel means accumulated in float64 and rounded once give TF's printed values here
    ParityCase('adjust_contrast_digits', ('\n'
               'img = tf.reshape(tf.range(48, dtype=tf.float32), [4, 4, 3]) / 48.\n'
               'print(tf.image.adjust_contrast(img, 2.)[:2])\n'
               'print(tf.image.adjust_contrast(img, 0.5)[3])\n'),
               ('tf.Tensor(\n'
               '[[[-0.46875    -0.44791663 -0.42708337]\n'
               '  [-0.34375    -0.32291663 -0.30208337]\n'
               '  [-0.21875    -0.19791669 -0.17708331]\n'
               '  [-0.09375    -0.07291669 -0.05208331]]\n'
               '\n'
               ' [[ 0.03125     0.05208337  0.07291663]\n'
               '  [ 0.15625     0.17708337  0.19791663]\n'
               '  [ 0.28125     0.30208337  0.32291663]\n'
               '  [ 0.40625     0.42708337  0.44791663]]], shape=(2, 4, 3), dtype=float32)\n'
               'tf.Tensor(\n'
               '[[0.609375  0.6302083 0.6510417]\n'
               ' [0.640625  0.6614583 0.6822917]\n'
               ' [0.671875  0.6927083 0.7135417]\n'
               ' [0.703125  0.7239583 0.7447917]], shape=(4, 3), dtype=float32)\n')),
]
