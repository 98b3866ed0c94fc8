"""Parity cases: stateless random image flips (one image flips below 0.5, a batch where the
draw rounds to 1, as TF)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('stateless_flips', ('\n'
                'image = tf.constant([[[1], [2]], [[3], [4]]])\n'
                'images = tf.stack([image, image + 4])\n'
                'for seed in ([0, 1], [3, 4], [1, 0], [9, 9], [2, 7]):\n'
                '  print(tf.image.stateless_random_flip_left_right(image, seed).numpy()'
                '.tolist(),\n'
                '        tf.image.stateless_random_flip_up_down(image, seed).numpy().to'
                'list())\n'
                '  print(tf.image.stateless_random_flip_left_right(images, seed).numpy('
                ').tolist())\n'),
               ('[[[2], [1]], [[4], [3]]] [[[3], [4]], [[1], [2]]]\n'
                '[[[[1], [2]], [[3], [4]]], [[[5], [6]], [[7], [8]]]]\n'
                '[[[2], [1]], [[4], [3]]] [[[3], [4]], [[1], [2]]]\n'
                '[[[[1], [2]], [[3], [4]]], [[[6], [5]], [[8], [7]]]]\n'
                '[[[1], [2]], [[3], [4]]] [[[1], [2]], [[3], [4]]]\n'
                '[[[[2], [1]], [[4], [3]]], [[[5], [6]], [[7], [8]]]]\n'
                '[[[1], [2]], [[3], [4]]] [[[1], [2]], [[3], [4]]]\n'
                '[[[[2], [1]], [[4], [3]]], [[[5], [6]], [[7], [8]]]]\n'
                '[[[1], [2]], [[3], [4]]] [[[1], [2]], [[3], [4]]]\n'
                '[[[[2], [1]], [[4], [3]]], [[[5], [6]], [[7], [8]]]]\n')),
]
