"""``tf.keras.Input(type_spec=...)`` and ragged/sparse Inputs, as TF 2.21's tf_keras makes
them: the KerasTensor class, how it prints, its name, its layer's config (the spec written
in TF's form, read back by from_config). Checked side by side with TF."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def test_an_input_of_a_tensor_spec():
    x = tf.keras.Input(type_spec=tf.TensorSpec((None, 3), tf.float32))
    assert repr(x) == "<KerasTensor: shape=(None, 3) dtype=float32 (created by layer 'input_1')>"
    assert repr(x.type_spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)"
    assert x.name == "input_1" and type(x).__name__ == "KerasTensor"
    named = tf.keras.Input(type_spec=tf.TensorSpec((2, 3), tf.int32, name="foo"))
    assert named.name == "foo" and named.shape == (2, 3) and named.dtype == tf.int32
    assert named._keras_history.layer.name == "foo"


def test_ragged_and_sparse_specs_make_their_own_keras_tensors():
    ragged = tf.keras.Input(type_spec=tf.RaggedTensorSpec((None, None), tf.int64))
    assert type(ragged).__name__ == "RaggedKerasTensor" and ragged.ragged_rank == 1
    assert repr(ragged) == ("<KerasTensor: type_spec=RaggedTensorSpec(TensorShape([None, "
                            "None]), tf.int64, 1, tf.int64) (created by layer 'input_1')>")
    assert str(ragged) == ("KerasTensor(type_spec=RaggedTensorSpec(TensorShape([None, None]), "
                           "tf.int64, 1, tf.int64), description=\"created by layer "
                           "'input_1'\")")
    assert ragged.name is None  # (a spec without a name field names no tensor)
    sparse = tf.keras.Input(type_spec=tf.SparseTensorSpec((None, 4), tf.float32))
    assert type(sparse).__name__ == "SparseKerasTensor" and sparse.shape == (None, 4)
    assert sparse._keras_history.layer.get_config()["type_spec"] is sparse.type_spec


def test_ragged_and_sparse_flags_make_the_same_kinds():
    ragged = tf.keras.Input(shape=(None, 3), ragged=True)
    assert str(ragged) == ("KerasTensor(type_spec=RaggedTensorSpec(TensorShape([None, None, 3]), "
                           "tf.float32, 1, tf.int64), name='input_1', description=\"created by "
                           "layer 'input_1'\")")
    sparse = tf.keras.Input(shape=(4,), sparse=True)
    assert repr(sparse.type_spec) == "SparseTensorSpec(TensorShape([None, 4]), tf.float32)"
    assert sparse._keras_history.layer.get_config() == {
        "batch_input_shape": (None, 4), "dtype": "float32", "sparse": True, "ragged": False,
        "name": "input_2", "optional": False}


class Point(tf.experimental.ExtensionType):
    x: tf.Tensor


def test_specs_without_a_shape_and_other_arguments_are_refused():
    with pytest.raises(ValueError, match="^KerasTensor only supports TypeSpecs that have a "
                                         "shape field; got Point.Spec, which does not have "
                                         "a shape.$"):
        tf.keras.Input(type_spec=Point.Spec(x=tf.TensorSpec(())))
    spec = tf.TensorSpec((None, 3))
    for argument, words in (({"shape": (3,)}, "(input_)shape"), ({"batch_size": 2}, "batch_size"),
                            ({"dtype": "int32"}, "dtype"), ({"sparse": True}, "sparse")):
        with pytest.raises(ValueError) as info:
            tf.keras.Input(type_spec=spec, **argument)
        assert str(info.value) == ("When `type_spec` is not None, all other args except "
                                   f"`name` must be None, but {words} is not None.")


def test_a_model_of_a_ragged_input_runs_and_round_trips_its_config():
    ids = tf.keras.Input(type_spec=tf.RaggedTensorSpec((None, None), tf.int64))
    model = tf.keras.Model(ids, tf.keras.layers.Embedding(10, 2)(ids))
    assert model(tf.ragged.constant([[1, 2], [3]], dtype=tf.int64)).shape.as_list() == \
        [2, None, 2]
    entry = model.get_config()["layers"][0]["config"]
    assert entry == {"name": "input_1", "type_spec": {
        "class_name": "__typespec__", "spec_name": "RaggedTensorSpec",
        "module": "tensorflow.python.ops.ragged.ragged_tensor",
        "config": [[None, None], "int64", 1, "int64"], "registered_name": None}}
    again = tf.keras.Model.from_config(model.get_config())
    assert repr(again.inputs[0]) == ("<KerasTensor: type_spec=RaggedTensorSpec(TensorShape("
                                     "[None, None]), tf.int64, 1, tf.int64) (created by layer "
                                     "'input_1')>")


def test_predict_returns_ragged_and_sparse_outputs_as_such():
    ids = tf.keras.Input(type_spec=tf.RaggedTensorSpec((None, None), tf.int64))
    model = tf.keras.Model(ids, ids)
    values = tf.ragged.constant([[1, 2], [3], [4, 5, 6]], dtype=tf.int64)
    out = model.predict(values, batch_size=2, verbose=0)
    assert out.to_list() == [[1, 2], [3], [4, 5, 6]]
    assert isinstance(out, tf.RaggedTensor)
    class Sparse(tf.keras.Model):
        def call(self, x):
            return tf.sparse.from_dense(x)

    out = Sparse().predict(np.eye(3, 2, dtype="float32"), batch_size=2, verbose=0)
    assert isinstance(out, tf.sparse.SparseTensor)
    assert tf.sparse.to_dense(out).numpy().tolist() == [[1, 0], [0, 1], [0, 0]]
