"""Parity cases: Keras objects serialize in Keras 2.13's form (module, class_name, config,
registered_name), built-in and the user's, also nested in a layer's config; a functional model's
config in TF's form (inbound_nodes, input_layers, output_layers); a functional model lists a
symbolic add_loss term before its first call (recorded from TensorFlow 2.21 with Keras 2)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('serialize_keras_2_13_form',
               ('\n'
                'k = tf.keras\n'
                'print(k.initializers.serialize(k.initializers.GlorotUniform()))\n'
                'print(k.regularizers.serialize(k.regularizers.L2(0.1)))\n'
                'print(k.regularizers.serialize(k.regularizers.l1_l2(0.1, 0.2)))\n'
                'print(k.constraints.serialize(k.constraints.MaxNorm(2)))\n'
                'print(k.losses.serialize(k.losses.BinaryCrossentropy(from_logits=True)))\n'
                'print(k.metrics.serialize(k.metrics.AUC()))\n'
                "print(k.layers.serialize(k.layers.Dropout(0.5, name='drop')))\n"
                "print(k.layers.serialize(k.layers.Dense(2, name='d', kernel_"
                'constraint=k.constraints.NonNeg(),\n'
                "                                        kernel_regularizer='"
                "l2'))['config'])\n"),
               ("{'module': 'keras.initializers', 'class_name': 'GlorotUnifor"
                "m', 'config': {'seed': None}, 'registered_name': None}\n"
                "{'module': 'keras.regularizers', 'class_name': 'L2', 'config"
                "': {'l2': 0.10000000149011612}, 'registered_name': None}\n"
                "{'module': 'keras.regularizers', 'class_name': 'L1L2', 'conf"
                "ig': {'l1': 0.10000000149011612, 'l2': 0.20000000298023224},"
                " 'registered_name': None}\n"
                "{'module': 'keras.constraints', 'class_name': 'MaxNorm', 'co"
                "nfig': {'max_value': 2, 'axis': 0}, 'registered_name': None}\n"
                "{'module': 'keras.losses', 'class_name': 'BinaryCrossentropy"
                "', 'config': {'reduction': 'auto', 'name': 'binary_crossentr"
                "opy', 'from_logits': True, 'label_smoothing': 0.0, 'axis': -"
                "1, 'fn': 'binary_crossentropy'}, 'registered_name': None}\n"
                "{'module': 'keras.metrics', 'class_name': 'AUC', 'config': {"
                "'name': 'auc', 'dtype': 'float32', 'num_thresholds': 200, 'c"
                "urve': 'ROC', 'summation_method': 'interpolation', 'multi_la"
                "bel': False, 'num_labels': None, 'label_weights': None, 'fro"
                "m_logits': False}, 'registered_name': None}\n"
                "{'module': 'keras.layers', 'class_name': 'Dropout', 'config'"
                ": {'name': 'drop', 'trainable': True, 'dtype': 'float32', 'r"
                "ate': 0.5, 'noise_shape': None, 'seed': None}, 'registered_name': None}\n"
                "{'name': 'd', 'trainable': True, 'dtype': 'float32', 'units'"
                ": 2, 'activation': 'linear', 'use_bias': True, 'kernel_initi"
                "alizer': {'module': 'keras.initializers', 'class_name': 'Glo"
                "rotUniform', 'config': {'seed': None}, 'registered_name': No"
                "ne}, 'bias_initializer': {'module': 'keras.initializers', 'c"
                "lass_name': 'Zeros', 'config': {}, 'registered_name': None},"
                " 'kernel_regularizer': {'module': 'keras.regularizers', 'cla"
                "ss_name': 'L2', 'config': {'l2': 0.009999999776482582}, 'reg"
                "istered_name': None}, 'bias_regularizer': None, 'activity_re"
                "gularizer': None, 'kernel_constraint': {'module': 'keras.con"
                "straints', 'class_name': 'NonNeg', 'config': {}, 'registered"
                "_name': None}, 'bias_constraint': None}\n")),
    ParityCase('serialize_user_classes',
               ('\n'
                'k = tf.keras\n'
                'class Twice(k.layers.Layer):\n'
                '    def call(self, x):\n'
                '        return 2 * x\n'
                "@k.utils.register_keras_serializable(package='pk')\n"
                'class Thrice(k.layers.Layer):\n'
                '    def call(self, x):\n'
                '        return 3 * x\n'
                'class Zero(k.initializers.Initializer):\n'
                '    def __call__(self, shape, dtype=None):\n'
                '        return tf.zeros(shape)\n'
                "print(k.layers.serialize(Twice(name='t')))\n"
                "print(k.layers.serialize(Thrice(name='th')))\n"
                'print(k.initializers.serialize(Zero()))\n'
                'print(k.layers.Dense(2, kernel_initializer=Zero()).get_confi'
                "g()['kernel_initializer'])\n"
                "entry = k.layers.serialize(Thrice(name='th2'))\n"
                'print(type(k.layers.deserialize(entry)).__name__)\n'),
               ("{'module': '__snippet__', 'class_name': 'Twice', 'config': {"
                "'name': 't', 'trainable': True, 'dtype': 'float32'}, 'regist"
                "ered_name': 'Twice'}\n"
                "{'module': '__snippet__', 'class_name': 'Thrice', 'config': "
                "{'name': 'th', 'trainable': True, 'dtype': 'float32'}, 'regi"
                "stered_name': 'pk>Thrice'}\n"
                "{'module': '__snippet__', 'class_name': 'Zero', 'config': {}"
                ", 'registered_name': 'Zero'}\n"
                "{'module': '__snippet__', 'class_name': 'Zero', 'config': {}"
                ", 'registered_name': 'Zero'}\n"
                'Thrice\n')),
    ParityCase('serialize_wrapped_layers',
               ('\n'
                'k = tf.keras\n'
                "w = k.layers.TimeDistributed(k.layers.Dense(2, name='inner'), name='td')\n"
                "print({key: w.get_config()['layer'][key] for key in ('module"
                "', 'class_name', 'registered_name')})\n"
                "b = k.layers.Bidirectional(k.layers.LSTM(2, name='l'), name='bi')\n"
                "print({key: b.get_config()['layer'][key] for key in ('module"
                "', 'class_name', 'registered_name')})\n"
                'again = k.layers.deserialize(k.layers.serialize(b))\n'
                'print(type(again).__name__, type(again.forward_layer).__name__)\n'),
               ("{'module': 'keras.layers', 'class_name': 'Dense', 'registered_name': None}\n"
                "{'module': 'keras.layers', 'class_name': 'LSTM', 'registered_name': None}\n"
                'Bidirectional LSTM\n')),
    ParityCase('serialize_legacy_optimizer',
               ('\n'
                'print(tf.keras.optimizers.serialize(tf.keras.optimizers.legacy.SGD()))\n'
                'again = tf.keras.optimizers.deserialize(tf.keras.optimizers.'
                'serialize(tf.keras.optimizers.legacy.Adam(0.5)))\n'
                "print(type(again).__name__, again.get_config()['learning_rate'])\n"),
               ("{'module': 'keras.optimizers.legacy', 'class_name': 'SGD', '"
                "config': {'name': 'SGD', 'learning_rate': 0.01, 'decay': 0.0"
                ", 'momentum': 0.0, 'nesterov': False}, 'registered_name': None}\n"
                'Adam 0.5\n')),
    ParityCase('symbolic_add_loss_listed_before_the_first_call',
               ('\n'
                'inputs = tf.keras.Input(shape=(10,))\n'
                'x = tf.keras.layers.Dense(10)(inputs)\n'
                'outputs = tf.keras.layers.Dense(1)(x)\n'
                'model = tf.keras.Model(inputs, outputs)\n'
                'print(len(model.losses))\n'
                'model.add_loss(tf.abs(tf.reduce_mean(x)))\n'
                'print(len(model.losses), model.losses[0].shape, model.losses[0].dtype)\n'
                "model(np.ones((2, 10), 'float32'))\n"
                'print(len(model.losses), type(model.losses[0].numpy()).__name__)\n'),
               ('0\n'
                "1 () <dtype: 'float32'>\n"
                '1 float32\n')),
    ParityCase('functional_get_config_tf_form',
               ('\n'
                "inp = tf.keras.Input(shape=(28, 28, 1), name='img')\n"
                "x = tf.keras.layers.Conv2D(3, 3, activation='relu', name='conv')(inp)\n"
                "shared = tf.keras.layers.Dense(3, name='shared')\n"
                "y = shared(tf.keras.layers.GlobalMaxPooling2D(name='pool')(x))\n"
                "z = shared(tf.keras.layers.Dense(3, name='again')(y))\n"
                "model = tf.keras.Model(inp, [y, z], name='encoder')\n"
                'config = model.get_config()\n'
                "print(sorted(config), config['input_layers'], config['output_layers'])\n"
                "for layer in config['layers']:\n"
                "    print(layer['name'], layer['class_name'], layer['inbound_nodes'])\n"
                "print(config['layers'][0]['config'])\n"
                'new = tf.keras.Model.from_config(config)\n'
                'print(new.name, new.count_params(), [l.name for l in new.layers])\n'),
               ("['input_layers', 'layers', 'name', 'output_layers', 'trainab"
                "le'] [['img', 0, 0]] [['shared', 0, 0], ['shared', 1, 0]]\n"
                'img InputLayer []\n'
                "conv Conv2D [[['img', 0, 0, {}]]]\n"
                "pool GlobalMaxPooling2D [[['conv', 0, 0, {}]]]\n"
                "shared Dense [[['pool', 0, 0, {}]], [['again', 0, 0, {}]]]\n"
                "again Dense [[['shared', 0, 0, {}]]]\n"
                "{'batch_input_shape': (None, 28, 28, 1), 'dtype': 'float32',"
                " 'sparse': False, 'ragged': False, 'name': 'img', 'optional': False}\n"
                "encoder 54 ['img', 'conv', 'pool', 'shared', 'again']\n")),
]
