"""The update rules of tf.keras.optimizers as TF 2.21's (its new optimizers), value for value
in float32: RMSprop divides by sqrt(ms + epsilon) also without momentum (TF 2.0's, still
tf.keras.optimizers.legacy.RMSprop, by sqrt(ms) + epsilon, which moves a weight of a small
gradient ten times further: a model trained with RMSprop() went its own way from the second
step), Adagrad puts epsilon under the root, Adam and Adamax take TF's steps in TF's order
(m += (g - m)(1 - b1), alpha from float32 beta powers), Nadam's momentum schedule is
b1 (1 - 0.5 * 0.96^t) (TF 2.0's, still the legacy one's, 0.96^(0.004 t)), SGD with Nesterov
momentum adds the whole step at once. Expected values are TF 2.21's (tf_keras) for the same code."""

import numpy as np
import pytest

import eagerbook as tf

G = np.array([1e-4, -3e-5, 0.2, 0.0, 5e-8], np.float32)
W = np.array([0.5, -1.0, 2.0, 0.25, 1.5], np.float32)

TF_221 = [
    (lambda: tf.keras.optimizers.RMSprop(0.01),
     [0.48177003860473633, -0.9943295121192932, 1.9138998985290527, 0.25, 1.499990463256836]),
    (lambda: tf.keras.optimizers.RMSprop(0.01, momentum=0.5),
     [0.47632256150245667, -0.9926717281341553, 1.8758974075317383, 0.25, 1.4999878406524658]),
    (lambda: tf.keras.optimizers.RMSprop(0.01, centered=True),
     [0.4816173315048218, -0.9943247437477112, 1.9056618213653564, 0.25, 1.499990463256836]),
    (lambda: tf.keras.optimizers.RMSprop(0.01, centered=True, momentum=0.3),
     [0.47852957248687744, -0.9933868050575256, 1.8832443952560425, 0.25, 1.4999889135360718]),
    (lambda: tf.keras.optimizers.Adagrad(0.1),
     [0.49981027841567993, -0.9999431371688843, 1.7996631860733032, 0.25, 1.5]),
    (lambda: tf.keras.optimizers.Adam(0.1),
     [0.21289806067943573, -0.7241902351379395, 1.7076863050460815, 0.25, 1.4897979497909546]),
    (lambda: tf.keras.optimizers.Adamax(0.1),
     [0.2548416554927826, -0.7552163600921631, 1.7546806335449219, 0.25, 1.3871065378189087]),
    (lambda: tf.keras.optimizers.Adadelta(1.0),
     [0.49940845370292664, -0.9998202323913574, 1.9946236610412598, 0.25, 1.499999761581421]),
    (lambda: tf.keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True),
     [0.4998543858528137, -0.9999563097953796, 1.7088199853897095, 0.25, 1.5]),
    (lambda: tf.keras.optimizers.Nadam(0.1),
     [0.20697614550590515, -0.7074618339538574, 1.7067674398422241, 0.25, 1.374841570854187]),
    # the legacy RMSprop keeps TF 2.0's rule
    (lambda: tf.keras.optimizers.legacy.RMSprop(0.01, momentum=0.5),
     [0.47632256150245667, -0.9926717281341553, 1.8758974075317383, 0.25, 1.4999878406524658]),
]


@pytest.mark.parametrize("fast_path", [True, False], ids=["numpy_path", "op_path"])
@pytest.mark.parametrize("case", range(len(TF_221)))
def test_three_steps_give_tfs_float32_values(case, fast_path):
    make, expected = TF_221[case]
    var, opt = tf.Variable(W), make()
    opt._numpy_fast_path = fast_path
    for step in range(3):
        opt.apply_gradients([(tf.constant(G * (step + 1)), var)])
    np.testing.assert_array_equal(var.numpy(), np.array(expected, np.float32))


def test_the_legacy_rmsprop_keeps_tf_2_0s_rule():
    var = tf.Variable(W)
    opt = tf.keras.optimizers.legacy.RMSprop(0.01)
    for step in range(3):
        opt.apply_gradients([(tf.constant(G * (step + 1)), var)])
    # TF 2.21: [0.41406223, -0.91443908, 1.9138995, 0.25, 1.4787755] (its 1 - rho is rounded
    # to float32 first, one unit in the last place here and there)
    np.testing.assert_allclose(var.numpy(), [0.41406223, -0.91443908, 1.9138995, 0.25,
                                             1.4787755], rtol=2e-7)


def test_a_model_trained_with_rmsprop_follows_tf():
    tf.keras.utils.set_random_seed(0)
    inputs = tf.keras.Input(shape=(784,))
    x = tf.keras.layers.Dense(64, activation="relu")(inputs)
    x = tf.keras.layers.Dense(64, activation="relu")(x)
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(10, activation="softmax")(x))
    rs = np.random.RandomState(0)
    x = rs.randint(0, 256, size=(200, 784)).astype("float32") / 255
    y = rs.randint(0, 10, size=(200,)).astype("float32")
    model.compile(optimizer=tf.keras.optimizers.RMSprop(),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy())
    losses = []
    batch_end = tf.keras.callbacks.LambdaCallback(
        on_train_batch_end=lambda batch, logs: losses.append(logs["loss"]))
    model.fit(x, y, batch_size=64, epochs=1, verbose=0, shuffle=False, callbacks=[batch_end])
    tf.keras.backend.clear_session()
    np.testing.assert_allclose(losses, [2.3555428981781006, 2.3465700149536133,
                                        2.322012186050415, 2.325674533843994], rtol=1e-6)


@pytest.mark.parametrize("case", range(len(TF_221)))
def test_traced_steps_give_the_same_values(case):
    make, expected = TF_221[case]
    var, opt = tf.Variable(W), make()

    @tf.function
    def step(g):
        opt.apply_gradients([(g, var)])

    for i in range(3):
        step(tf.constant(G * (i + 1)))
    np.testing.assert_allclose(var.numpy(), np.array(expected, np.float32), rtol=1e-6)


def test_nadam_takes_a_schedule_as_tfs_new_optimizers_do():
    schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)
    var, opt = tf.Variable(W), tf.keras.optimizers.Nadam(schedule)
    opt.apply_gradients([(tf.constant(G), var)])
    with pytest.raises(ValueError, match="does not support"):
        tf.keras.optimizers.legacy.Nadam(schedule)
