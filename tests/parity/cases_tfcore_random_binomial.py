"""Parity cases from the random number generation guide: TF's binomial sampler (inversion
for small means, BTRS otherwise) and the stream a Generator's binomial reserves."""

from tests.parity.harness import ParityCase

CASES = [
    # Seeded binomial samples: per-batch counts and probs, p above one half, float64 parameters
    ParityCase('stateless_binomial_values', ('\n'
               'def show(e):\n'
               '  message = str(e).split("}} ")[-1]\n'
               '  if "[Op:" in message:  # drop TF\'s " name: ..." after the op\n'
               '    message = message[:message.index("]", message.index("[Op:")) + 1]\n'
               '  print(type(e).__name__ + ":", message)\n'
               '\n'
               'print(tf.random.stateless_binomial([3], seed=[1, 2], counts=10., probs=0.5))\n'
               'print(tf.random.stateless_binomial([2, 3], seed=[1, 2], counts=[10., 20'
               '., 30.], probs=0.5))\n'
               'print(tf.random.stateless_binomial([2, 3], seed=[1, 2], counts=100., pr'
               'obs=0.3))\n'
               'print(tf.random.stateless_binomial([4], seed=[1, 2], counts=1000., prob'
               's=[0.1, 0.2, 0.7, 0.9]))\n'
               'print(tf.random.stateless_binomial([4, 6], seed=[7, 3], counts=[1., 5.,'
               ' 30., 100., 1e4, 0.],\n'
               '                                   probs=[0.2, 0.7, 0.5, 0.93, 0.01, 0.5]))\n'
               'print(tf.random.stateless_binomial([3, 2], seed=[9, 9], counts=tf.const'
               'ant([40., 8.], tf.float64),\n'
               '                                   probs=tf.constant([0.6, 0.99], tf.float64),\n'
               '                                   output_dtype=tf.float32))\n'
               'try:\n'
               '  tf.random.stateless_binomial([3, 2], seed=[1, 2], counts=[[5.], [50.]'
               ', [500.]], probs=0.4)\n'
               'except tf.errors.InvalidArgumentError as e:\n'
               '  show(e)\n'),
               ('tf.Tensor([6 6 7], shape=(3,), dtype=int32)\n'
               'tf.Tensor(\n'
               '[[ 6 13 12]\n'
               ' [ 6 15 17]], shape=(2, 3), dtype=int32)\n'
               'tf.Tensor(\n'
               '[[36 33 37]\n'
               ' [42 26 34]], shape=(2, 3), dtype=int32)\n'
               'tf.Tensor([112 208 679 889], shape=(4,), dtype=int32)\n'
               'tf.Tensor(\n'
               '[[  0   4  16  91 109   0]\n'
               ' [  0   3  17  95  94   0]\n'
               ' [  1   3  14  95 121   0]\n'
               ' [  0   3  16  92 103   0]], shape=(4, 6), dtype=int32)\n'
               'tf.Tensor(\n'
               '[[23.  8.]\n'
               ' [19.  7.]\n'
               ' [23.  8.]], shape=(3, 2), dtype=float32)\n'
               'InvalidArgumentError: Shape passed in must end with broadcasted shape. '
               '[Op:StatelessRandomBinomial]\n')),
    # A Generator's binomial draws, and how far each call moves the counter
    ParityCase('generator_binomial_and_its_state', ('\n'
               'g = tf.random.Generator.from_seed(1234)\n'
               'print(g.binomial([3], counts=10., probs=0.5), g.state.numpy())\n'
               'print(g.binomial([2, 3], counts=[10., 20, 30], probs=0.5), g.state.numpy())\n'
               'print(g.binomial([3], counts=10., probs=[0.1, 0.5, 0.9]), g.state.numpy())\n'
               'print(g.uniform_full_int([2], tf.int64))\n'
               'print(g.normal([3], dtype=tf.float64))\n'),
               ('tf.Tensor([5 2 6], shape=(3,), dtype=int32) [78034     0     0]\n'
               'tf.Tensor(\n'
               '[[ 5 11 14]\n'
               ' [ 8  7 14]], shape=(2, 3), dtype=int32) [270034      0      0]\n'
               'tf.Tensor([0 7 9], shape=(3,), dtype=int32) [423634      0      0]\n'
               'tf.Tensor([ -225115464124138295 -2727141435146422660], shape=(2,), dtype=int64)\n'
               'tf.Tensor([ 0.78421656 -0.03420474 -0.39997216], shape=(3,), dtype=float64)\n')),
]
