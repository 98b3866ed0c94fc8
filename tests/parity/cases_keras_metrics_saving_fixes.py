"""Parity cases: compiled metrics meeting rank-1 targets, MeanMetricWrapper's rank fix-up and the
metric function aliases, configs holding NumPy values, and the error kinds for an unregistered
custom class per format (outputs recorded from TensorFlow 2.21 with Keras 2)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('compiled_metrics_meet_rank_one_targets_as_a_column',
               ('\n'
                'model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_'
                'dim=4, kernel_initializer="ones")])\n'
                'model.compile(optimizer="rmsprop", loss="mean_squared_error",\n'
                '              metrics=["mean_absolute_error", "mse", tf.kera'
                's.metrics.RootMeanSquaredError()])\n'
                'x = np.arange(40, dtype="float32").reshape(10, 4) / 40.0\n'
                'y = np.arange(10, dtype="float32")\n'
                'print(np.round(model.evaluate(x, y, batch_size=5, verbose=0), 5))\n'
                'print(np.round(model.evaluate(x, y.reshape(10, 1), batch_siz'
                'e=5, verbose=0), 5))\n'
                'print(np.round(model.evaluate(x, y.astype("int32"), batch_si'
                'ze=5, verbose=0), 5))\n'),
               ('[9.4725  2.58    9.4725  3.07774]\n'
                '[9.4725  2.58    9.4725  3.07774]\n'
                '[9.4725  2.58    9.4725  3.07774]\n')),
    ParityCase('mean_metric_wrapper_squeezes_like_keras',
               ('\n'
                'm = tf.keras.metrics.MeanAbsoluteError()\n'
                'm.update_state([1.0, 2.0, 3.0], [[1.5], [2.0], [2.0]])\n'
                'print(m.result().numpy())\n'
                'm = tf.keras.metrics.MeanSquaredError()\n'
                'm.update_state([[1.0], [2.0]], [0.0, 0.0])\n'
                'print(m.result().numpy())\n'
                'acc = tf.keras.metrics.Accuracy()\n'
                'acc.update_state([1, 2, 3], [[1], [2], [0]])\n'
                'print(acc.result().numpy())\n'
                'print(tf.keras.metrics.mean_absolute_error([1.0, 2.0], [1.5, 3.0]).numpy(),\n'
                '      tf.keras.metrics.mean_squared_error([1.0, 2.0], [1.5, 3.0]).numpy(),\n'
                '      tf.keras.metrics.mean_absolute_percentage_error([1.0, '
                '2.0], [1.5, 3.0]).numpy(),\n'
                '      np.round(tf.keras.metrics.mean_squared_logarithmic_err'
                'or([1.0, 2.0], [1.5, 3.0]).numpy(), 5),\n'
                '      np.round(tf.keras.metrics.kullback_leibler_divergence('
                '[0.2, 0.8], [0.5, 0.5]).numpy(), 5))\n'),
               ('0.5\n'
                '2.5\n'
                '0.6666667\n'
                '0.75 0.625 50.0 0.06628 0.19274\n')),
    ParityCase('config_holding_numpy_values_saves',
               ('\n'
                'import os, tempfile\n'
                'class CustomLayer(tf.keras.layers.Layer):\n'
                '    def __init__(self, a, table=None, **kwargs):\n'
                '        super().__init__(**kwargs)\n'
                '        self.var = tf.Variable(a, name="var_a")\n'
                '        self.table = table\n'
                '    def call(self, inputs):\n'
                '        return inputs * self.var\n'
                '    def get_config(self):\n'
                '        config = super().get_config()\n'
                '        config.update({"a": self.var.numpy(), "table": np.int64(3)})\n'
                '        return config\n'
                'd = tempfile.mkdtemp()\n'
                'model = tf.keras.Sequential([tf.keras.Input((2,)), CustomLayer(2.0)])\n'
                'for name in ["custom.keras", "custom.h5"]:\n'
                '    path = os.path.join(d, name)\n'
                '    model.save(path)\n'
                '    restored = tf.keras.models.load_model(path, custom_objec'
                'ts={"CustomLayer": CustomLayer})\n'
                '    layer = restored.layers[0]\n'
                '    print(name, layer.var.numpy(), layer.table, restored(np.'
                'ones((1, 2))).numpy())\n'),
               ('custom.keras 2.0 3 [[2. 2.]]\n'
                'custom.h5 2.0 3 [[2. 2.]]\n')),
    ParityCase('unknown_custom_class_error_kinds',
               ('\n'
                'import os, tempfile\n'
                'class Unregistered(tf.keras.layers.Layer):\n'
                '    def call(self, x):\n'
                '        return x\n'
                'd = tempfile.mkdtemp()\n'
                'inputs = tf.keras.Input((2,))\n'
                'model = tf.keras.Model(inputs, Unregistered()(inputs))\n'
                'for name in ["m.keras", "m.h5"]:\n'
                '    model.save(os.path.join(d, name))\n'
                '    try:\n'
                '        tf.keras.models.load_model(os.path.join(d, name))\n'
                '    except (TypeError, ValueError) as e:\n'
                '        print(name, type(e).__name__, str(e).split(".")[0] i'
                'f name.endswith("h5") else "")\n'
                'try:\n'
                '    tf.keras.models.model_from_json(model.to_json())\n'
                'except TypeError as e:\n'
                '    print("json TypeError")\n'),
               ('m.keras TypeError \n'
                "m.h5 ValueError Unknown layer: 'Unregistered'\n"
                'json TypeError\n')),
]
