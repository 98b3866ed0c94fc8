"""TF 1.x's SavedModel API (tf.compat.v1.saved_model): simple_save and Builder write a
Session's graph as signatures that TF 2's tf.saved_model.load and TF 1's load both read."""

import os

import numpy as np
import pytest

import eagerbook as tf


def _save_add_two(path, use_builder):
    with tf.Graph().as_default():
        with tf.compat.v1.Session() as sess:
            x = tf.compat.v1.placeholder(tf.float32, shape=[], name="x")
            scale = tf.compat.v1.get_variable("scale", shape=[],
                                              initializer=tf.constant_initializer(3.0))
            y = x * scale + 2
            sess.run(tf.compat.v1.global_variables_initializer())
            assert sess.run(y, {x: 1.0}) == 5.0
            if use_builder:
                builder = tf.compat.v1.saved_model.Builder(path)
                signature = tf.compat.v1.saved_model.predict_signature_def(
                    inputs={"input": x}, outputs={"output": y})
                assert signature.method_name == "tensorflow/serving/predict"
                assert signature.inputs["input"].name == "x:0"
                builder.add_meta_graph_and_variables(
                    sess, tags=[tf.compat.v1.saved_model.tag_constants.SERVING],
                    signature_def_map={tf.compat.v1.saved_model.signature_constants
                                       .DEFAULT_SERVING_SIGNATURE_DEF_KEY: signature})
                builder.save()
            else:
                tf.compat.v1.saved_model.simple_save(sess, path, inputs={"input": x},
                                                     outputs={"output": y})


@pytest.mark.parametrize("use_builder", [False, True])
def test_tf2_load_of_a_tf1_saved_model(tmp_path, use_builder):
    path = str(tmp_path / "model")
    _save_add_two(path, use_builder)
    assert tf.saved_model.contains_saved_model(path)
    imported = tf.saved_model.load(path)
    serve = imported.signatures["serving_default"]
    assert serve.structured_input_signature == (
        (), {"input": tf.TensorSpec(shape=(), dtype=tf.float32, name="input")})
    result = serve(input=tf.constant(4.0))
    assert list(result) == ["output"] and float(result["output"]) == 14.0


def test_tf1_load_into_a_session(tmp_path):
    path = str(tmp_path / "model")
    _save_add_two(path, use_builder=False)
    with tf.Graph().as_default():
        with tf.compat.v1.Session() as sess:
            meta = tf.compat.v1.saved_model.load(sess, ["serve"], path)
            signature = meta.signature_def["serving_default"]
            assert sorted(signature.inputs) == ["input"]
            assert signature.method_name == "tensorflow/serving/predict"
            # fetches and feed_dict keys by name, as TF 1.x programs pass them
            value = sess.run(signature.outputs["output"].name,
                             feed_dict={signature.inputs["input"].name: 10.0})
    assert np.float32(value) == 32.0


def test_builder_refuses_a_directory_with_files(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(AssertionError, match="Export directory already exists"):
        tf.compat.v1.saved_model.Builder(str(tmp_path))
    assert not os.path.exists(tmp_path / "variables")


def test_import_graph_def_with_an_input_map_inside_a_function():
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, shape=[], name="x")
        y = x * 2.0
    graph_def = graph.as_graph_def()

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def doubled(value):
        out, = tf.graph_util.import_graph_def(graph_def, input_map={"x:0": value},
                                              return_elements=[y.name], name="")
        return out

    assert float(doubled(tf.constant(3.5))) == 7.0
