"""Parity case: a learning-rate schedule serializes in Keras 2.13's form (module, class_name,
config, registered_name), also inside an optimizer's config (recorded from TensorFlow 2.21)."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('schedule_serialize_keras_2_13_form',
               ('\n'
                's = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 1000, 0.9)\n'
                'print(tf.keras.optimizers.schedules.serialize(s))\n'
                'print(tf.keras.optimizers.SGD(s).get_config()["learning_rate"]["module"])\n'
                'back = tf.keras.optimizers.schedules.deserialize(tf.keras.op'
                'timizers.schedules.serialize(s))\n'
                'print(type(back).__name__, round(float(back(1000)), 6))\n'),
               ("{'module': 'keras.optimizers.schedules', 'class_name': 'Expo"
                "nentialDecay', 'config': {'initial_learning_rate': 0.1, 'dec"
                "ay_steps': 1000, 'decay_rate': 0.9, 'staircase': False, 'nam"
                "e': None}, 'registered_name': None}\n"
                'keras.optimizers.schedules\n'
                'ExponentialDecay 0.09\n')),
]
