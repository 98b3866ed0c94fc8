"""Parity cases: Keras 2.11+'s optimizer features -- decoupled `weight_decay` (and
`exclude_from_weight_decay`), the moving average of `use_ema`, AdamW and Lion (outputs recorded
from TensorFlow 2.21 with Keras 2)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('sgd_weight_decay_excluding_a_variable',
               ('\n'
                'opt = tf.keras.optimizers.SGD(1, weight_decay=0.004)\n'
                'g, v1, v2 = tf.zeros(()), tf.Variable(2.0), tf.Variable(2.0)\n'
                'opt.exclude_from_weight_decay(var_list=[v2])\n'
                'opt.apply_gradients(zip([g, g], [v1, v2]))\n'
                'print([v1.numpy(), v2.numpy()])\n'
                'try:\n'
                '    opt.exclude_from_weight_decay(var_names=["bias"])\n'
                'except ValueError as e:\n'
                '    print("ValueError", e)\n'),
               ('[np.float32(1.992), np.float32(2.0)]\n'
                'ValueError `exclude_from_weight_decay()` can only be configu'
                'ed before the optimizer is built.\n')),
    ParityCase('weight_decay_by_name_pattern_in_fit',
               ('\n'
                'model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel'
                '_initializer="ones",\n'
                '                                                   bias_init'
                'ializer="ones", input_shape=(2,))])\n'
                'opt = tf.keras.optimizers.SGD(0.5, weight_decay=0.1)\n'
                'opt.exclude_from_weight_decay(var_names=["bias"])\n'
                'model.compile(opt, "mse")\n'
                'model.fit(np.zeros((2, 2), "float32"), np.ones((2, 1), "floa'
                't32"), epochs=2, verbose=0)\n'
                'print(np.round(model.get_weights()[0].ravel(), 5), np.round('
                'model.get_weights()[1], 5))\n'),
               ('[0.9025 0.9025] [1.]\n')),
    ParityCase('ema_overwrite_every_third_step',
               ('\n'
                'opt = tf.keras.optimizers.SGD(learning_rate=1, use_ema=True,'
                ' ema_momentum=0.5,\n'
                '                              ema_overwrite_frequency=3)\n'
                'a, b = tf.Variable(2.0), tf.Variable(2.0)\n'
                'for i in range(4):\n'
                '    opt.apply_gradients(zip([tf.constant(1.0), tf.constant(1.0)], [a, b]))\n'
                '    print(a.numpy(), b.numpy())\n'
                'opt.finalize_variable_values([a, b])\n'
                'print(a.numpy(), b.numpy(), opt.iterations.numpy())\n'),
               ('1.0 1.0\n'
                '0.0 0.0\n'
                '-0.125 -0.125\n'
                '-1.125 -1.125\n'
                '-0.625 -0.625 4\n')),
    ParityCase('ema_in_a_traced_step',
               ('\n'
                'opt = tf.keras.optimizers.SGD(learning_rate=1, use_ema=True,'
                ' ema_momentum=0.5,\n'
                '                              ema_overwrite_frequency=2)\n'
                'v = tf.Variable([2.0, 4.0])\n'
                '@tf.function\n'
                'def step():\n'
                '    opt.apply_gradients([(tf.constant([1.0, 2.0]), v)])\n'
                'for i in range(3):\n'
                '    step()\n'
                '    print(v.numpy())\n'),
               ('[1. 2.]\n'
                '[0.75 1.5 ]\n'
                '[-0.25 -0.5 ]\n')),
    ParityCase('ema_fit_finalizes_weights',
               ('\n'
                'model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel'
                '_initializer="ones",\n'
                '                                                   input_shape=(2,))])\n'
                'model.compile(tf.keras.optimizers.SGD(0.1, weight_decay=0.5,'
                ' use_ema=True), "mse")\n'
                'model.fit(np.ones((4, 2), "float32"), np.zeros((4, 1), "floa'
                't32"), epochs=2, verbose=0,\n'
                '          batch_size=2)\n'
                'print([np.round(w.ravel(), 5) for w in model.get_weights()])\n'),
               ('[array([0.97561, 0.97561], dtype=float32), array([-0.01968], dtype=float32)]\n')),
    ParityCase('adamw_and_lion_steps',
               ('\n'
                'w = tf.Variable([1.0, 2.0, 3.0])\n'
                'opt = tf.keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.1)\n'
                'for i in range(3):\n'
                '    opt.apply_gradients([(tf.constant([0.5, -1.0, 2.0]), w)])\n'
                'print(np.round(w.numpy(), 4), opt.weight_decay)\n'
                'w = tf.Variable([1.0, 2.0, 3.0])\n'
                'opt = tf.keras.optimizers.Lion(learning_rate=0.1)\n'
                'for i in range(3):\n'
                '    opt.apply_gradients([(tf.constant([0.5, -1.0, 0.0]), w)])\n'
                'print(np.round(w.numpy(), 4))\n'
                'print(type(tf.keras.optimizers.get("adamw")).__name__, tf.ke'
                'ras.optimizers.AdamW().weight_decay)\n'
                'try:\n'
                '    tf.keras.optimizers.AdamW(weight_decay=None)\n'
                'except ValueError as e:\n'
                '    print("ValueError", e)\n'),
               ('[0.6733 2.2376 2.6139] 0.1\n'
                '[0.7 2.3 3. ]\n'
                'AdamW 0.004\n'
                'ValueError Missing value of `weight_decay` which is required'
                ' and must be a float value.\n')),
    ParityCase('adamw_fit_decreases_loss',
               ('\n'
                'x = np.random.RandomState(0).rand(32, 3).astype("float32")\n'
                'y = x @ np.array([[1.0], [-2.0], [0.5]], "float32")\n'
                'model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel'
                '_initializer="zeros",\n'
                '                                                   input_shape=(3,))])\n'
                'model.compile(tf.keras.optimizers.AdamW(0.05, weight_decay=0.01), "mse")\n'
                'h = model.fit(x, y, epochs=5, batch_size=8, verbose=0, shuffle=False)\n'
                'print([round(l, 3) for l in h.history["loss"]])\n'),
               ('[0.498, 0.408, 0.33, 0.263, 0.211]\n')),
    ParityCase('new_style_argument_errors',
               ('\n'
                'for bad in [dict(use_ema=True, ema_momentum=2.0), dict(use_e'
                'ma=True, ema_overwrite_frequency=0.5),\n'
                '            dict(clipnorm=1, global_clipnorm=1)]:\n'
                '    try:\n'
                '        tf.keras.optimizers.SGD(**bad)\n'
                '    except ValueError as e:\n'
                '        print("ValueError", e)\n'),
               ('ValueError `ema_momentum` must be in the range [0, 1]. Recei'
                'ved: ema_momentum=2.0\n'
                'ValueError `ema_overwrite_frequency` must be an integer > 1 '
                'or None. Received: ema_overwrite_frequency=0.5\n'
                'ValueError At most one of `clipnorm` and `global_clipnorm` c'
                'an be set. Received: clipnorm=1, global_clipnorm=1.\n')),
    ParityCase('clipping_with_weight_decay',
               ('\n'
                'v = tf.Variable([3.0, 4.0])\n'
                'opt = tf.keras.optimizers.SGD(0.5, weight_decay=0.1, global_clipnorm=1.0)\n'
                'opt.apply_gradients([(tf.constant([30.0, 40.0]), v)])\n'
                'print(np.round(v.numpy(), 5))\n'
                'v = tf.Variable([3.0, 4.0])\n'
                'opt = tf.keras.optimizers.SGD(1.0, clipvalue=0.5, weight_decay=0.5)\n'
                'opt.apply_gradients([(tf.constant([-3.0, 0.25]), v)])\n'
                'print(v.numpy())\n'),
               ('[2.55 3.4 ]\n'
                '[2.   1.75]\n')),
]
