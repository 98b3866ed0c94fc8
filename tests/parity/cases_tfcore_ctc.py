"""Parity cases: tf.nn.ctc_loss for labels that cannot fit their frames."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('ctc_loss_impossible_dense_label',
               ('\n'
                'logits = tf.constant(np.random.default_rng(0).normal(size=(3, 2, 4)).a'
                'stype(np.float32))\n'
                'labels = tf.constant([[1, 1, 2, 3], [1, 2, 0, 0]])\n'
                'with tf.GradientTape() as tape:\n'
                '    tape.watch(logits)\n'
                '    loss = tf.nn.ctc_loss(labels, logits, [4, 2], [3, 3])\n'
                'print(np.round(loss.numpy(), 2))\n'
                'print(np.round(tape.gradient(loss, logits).numpy()[:, 0], 3))\n'
                'print(np.round(tf.nn.ctc_loss([[3, 3, 3, 0]], logits[:, :1], [3], [3])'
                '.numpy(), 2))\n'),
               ('[710.38   4.14]\n'
                '[[-0.011  0.124 -0.151  0.038]\n'
                ' [ 0.008  0.109  0.016 -0.134]\n'
                ' [-0.031  0.113  0.267 -0.348]]\n'
                '[708.63]\n')),
    ParityCase('ctc_loss_sparse_labels_too_long',
               ('\n'
                'logits = tf.constant(np.random.default_rng(0).normal(size=(3, 2, 4)).a'
                'stype(np.float32))\n'
                'labels = tf.sparse.from_dense(tf.constant([[1, 2], [3, 3]]))\n'
                'print(np.round(tf.nn.ctc_loss(labels, logits, None, [3, 2], blank_inde'
                'x=0).numpy(), 4))\n'
                'for bad in (lambda: tf.nn.ctc_loss(labels, logits, None, [3, 1], blank'
                '_index=0),\n'
                '            lambda: tf.nn.ctc_loss(labels, logits, None, [3, 3])):\n'
                '    try:\n'
                '        bad()\n'
                '    except (tf.errors.InvalidArgumentError, ValueError) as e:\n'
                '        print(type(e).__name__, str(e).split("}")[-1].split(" [Op")[0]'
                '.strip())\n'),
               ('[3.2891    inf]\n'
                'InvalidArgumentError Not enough time for target transition sequence (r'
                'equired: 2, available: 1)1You can turn this error into a warning by us'
                'ing the flag ignore_longer_outputs_than_inputs\n'
                'ValueError Argument `blank_index` must be provided when `labels` is a '
                '`SparseTensor`.\n')),
]
