"""What a loaded SavedModel's objects offer, as TF 2.21 loads them (compared side by side): a
plain tf.Module comes back as a ``_UserObject`` that is not a tf.Module (no ``name``,
``variables``, ``submodules``...), and a Keras model's object lists its ``variables`` and
``trainable_variables`` (TF saves those two)."""

import pytest

import eagerbook as tf


class _Plain(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)
        self.inner = tf.Module()
        self.inner.w = tf.Variable(2.0, trainable=False)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def __call__(self, x):
        return x * self.v + self.inner.w


@pytest.fixture
def loaded(tmp_path):
    tf.saved_model.save(_Plain(), str(tmp_path / "plain"))
    return tf.saved_model.load(str(tmp_path / "plain"))


@pytest.mark.parametrize("attribute", ["name", "name_scope", "variables", "trainable_variables",
                                       "non_trainable_variables", "submodules"])
def test_a_loaded_plain_module_has_no_module_attributes(loaded, attribute):
    with pytest.raises(AttributeError, match=f"^'_UserObject' object has no attribute "
                                             f"'{attribute}'$"):
        getattr(loaded, attribute)
    assert not hasattr(loaded.inner, attribute)


def test_a_loaded_plain_module_is_not_a_module_but_still_works(loaded, tmp_path):
    assert not isinstance(loaded, tf.Module)
    assert type(loaded).__name__ == "_UserObject"
    assert loaded(tf.constant(3.0)).numpy() == 5.0
    assert loaded.v.numpy() == 1.0 and loaded.inner.w.numpy() == 2.0
    outer = tf.Module()
    outer.loaded = loaded
    assert outer.variables == () and outer.submodules == ()  # (TF's Modules look no deeper)
    # it is still saved by checkpoints, and exported again
    loaded.v.assign(4.0)
    path = tf.train.Checkpoint(model=loaded).save(str(tmp_path / "ckpt" / "c"))
    loaded.v.assign(0.0)
    tf.train.Checkpoint(model=loaded).restore(path)
    assert loaded.v.numpy() == 4.0
    tf.saved_model.save(loaded, str(tmp_path / "again"))
    assert tf.saved_model.load(str(tmp_path / "again"))(tf.constant(1.0)).numpy() == 6.0


def test_a_loaded_keras_model_lists_its_variables(tmp_path):
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,)),
                                 tf.keras.layers.BatchNormalization()])
    tf.saved_model.save(model, str(tmp_path / "keras"))
    loaded = tf.saved_model.load(str(tmp_path / "keras"))
    assert type(loaded.variables).__name__ == "ListWrapper"
    assert type(loaded.trainable_variables).__name__ == "ListWrapper"
    assert [v.name for v in loaded.variables] == [v.name for v in model.variables]
    assert [v.name for v in loaded.trainable_variables] == \
        [v.name for v in model.trainable_variables]
