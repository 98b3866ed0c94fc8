"""The arguments TF 2.21's optimizers take besides their own: tf.keras.optimizers' (the new
ones) take none, so ``lr=`` is dropped with absl's warning (the learning rate stays the
default: the old guides' ``RMSprop(lr=0.1)`` trains at 0.001 in TF 2.21), ``decay=`` is a
ValueError and anything else a TypeError; tf.keras.optimizers.legacy's (OptimizerV2) still
read ``lr`` as the learning rate, with Python's deprecation warning. Expected values and
words are TF 2.21's (tf_keras) for the same code."""

import logging
import warnings

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    """Layer names start over after each test (later files count on "dense")."""
    yield
    tf.keras.backend.clear_session()


def test_new_optimizers_drop_lr_with_absls_warning(caplog):
    caplog.set_level(logging.WARNING, logger="absl")
    opt = tf.keras.optimizers.RMSprop(lr=0.1)
    assert float(opt.learning_rate) == pytest.approx(0.001)
    assert float(tf.keras.optimizers.SGD(lr=0.5, momentum=0.9).learning_rate) == \
        pytest.approx(0.01)
    assert float(tf.keras.optimizers.Adam(0.05, lr=0.5).learning_rate) == pytest.approx(0.05)
    assert [(r.name, r.getMessage()) for r in caplog.records][:2] == [
        ("absl", "`lr` is deprecated in TF-Keras optimizer, please use `learning_rate` or use "
                 "the legacy optimizer, e.g.,tf.keras.optimizers.legacy.RMSprop."),
        ("absl", "`lr` is deprecated in TF-Keras optimizer, please use `learning_rate` or use "
                 "the legacy optimizer, e.g.,tf.keras.optimizers.legacy.SGD.")]
    caplog.clear()
    tf.keras.optimizers.Adam(lr=0.0)  # a zero lr is dropped without a word, as in TF
    assert not caplog.records


def test_new_optimizers_refuse_the_other_arguments_in_tfs_words():
    with pytest.raises(ValueError, match=r"^decay is deprecated in the new TF-Keras optimizer, "
                       r"please check the docstring for valid arguments, or use the legacy "
                       r"optimizer, e\.g\., tf\.keras\.optimizers\.legacy\.Adam\.$"):
        tf.keras.optimizers.Adam(decay=0.1)
    with pytest.raises(ValueError, match="^gradient_aggregator is deprecated"):
        tf.keras.optimizers.SGD(gradient_aggregator=None)
    with pytest.raises(TypeError, match=r"^foo is not a valid argument, kwargs should be empty "
                       r" for `optimizer_experimental\.Optimizer`\.$"):
        tf.keras.optimizers.Adam(foo=0.1)


def test_legacy_optimizers_read_lr_as_the_learning_rate():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        opt = tf.keras.optimizers.legacy.Adam(lr=0.2)
    assert float(opt.learning_rate) == pytest.approx(0.2)
    assert [str(w.message) for w in caught] == [
        "The `lr` argument is deprecated, use `learning_rate` instead."]
    assert tf.keras.optimizers.legacy.SGD(decay=0.5).get_config()["decay"] == 0.5
    with pytest.raises(TypeError, match="^Unexpected keyword argument passed to optimizer: foo"):
        tf.keras.optimizers.legacy.Adam(foo=1)


def test_configs_still_come_back():
    for opt in (tf.keras.optimizers.Adam(0.01), tf.keras.optimizers.RMSprop(momentum=0.5),
                tf.keras.optimizers.legacy.SGD(0.1, decay=0.01)):
        again = type(opt).from_config(opt.get_config())
        assert again.get_config() == opt.get_config()
    restored = tf.keras.optimizers.deserialize(tf.keras.optimizers.serialize(
        tf.keras.optimizers.SGD(0.3)))
    assert float(restored.learning_rate) == pytest.approx(0.3)


def test_a_guides_lr_argument_trains_as_tf():
    # The 2019 callbacks guide compiles RMSprop(lr=0.1): TF 2.21 trains at 0.001.
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_dim=3)])
    model.compile(optimizer=tf.keras.optimizers.RMSprop(lr=0.1), loss="mse")
    x = np.arange(12, dtype="float32").reshape(4, 3) / 12
    history = model.fit(x, np.ones((4, 1)), epochs=2, verbose=0)
    np.testing.assert_allclose(history.history["loss"], [0.5754965543746948,
                                                         0.5648842453956604], rtol=1e-6)
