"""tf.compat.v1.train.Saver.export_meta_graph and tf.compat.v1.train.import_meta_graph, as the
SavedModel migration guide uses them: the graph written (TF's GraphDef text in a graph_def
block) is imported again in this program, into a Graph or a wrap_function, with a Saver of its
Variables to restore."""
import pytest

import eagerbook as tf

tf1 = tf.compat.v1


@pytest.fixture()
def exported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, shape=[], name="x")
        v = tf.Variable(3.0, name="v")
        y = tf.multiply(x, v, name="y")
        with tf1.Session() as sess:
            sess.run(v.initializer)
            assert sess.run(y, feed_dict={x: 5}) == 15.0
            saver = tf1.train.Saver()
            meta = saver.export_meta_graph("multiply.pb", as_text=True)
            saver.save(sess, "multiply_values.ckpt")
    return meta


def test_the_file_holds_the_graph_def_text(exported):
    text = open("multiply.pb").read()
    assert text.startswith('graph_def {\n  node {\n    name: "x"\n    op: "Placeholder"\n')
    assert text == str(exported)
    assert 'name: "y"' in text and 'op: "Mul"' in text


def test_import_into_a_graph_and_restore(exported):
    with tf.Graph().as_default() as g:
        meta = tf1.train.import_meta_graph("multiply.pb")
        x = g.get_tensor_by_name("x:0")
        y = g.get_tensor_by_name("y:0")
        with tf1.Session() as sess:
            meta.restore(sess, "multiply_values.ckpt")
            assert sess.run(y, feed_dict={x: 5}) == 15.0


def test_import_into_wrap_function_and_prune(exported):
    def import_multiply():
        tf1.train.import_meta_graph("multiply.pb")

    wrapped = tf1.wrap_function(import_multiply, [])
    x = wrapped.graph.get_tensor_by_name("x:0")
    y = wrapped.graph.get_tensor_by_name("y:0")
    tf1.train.Saver(wrapped.variables).restore(sess=None, save_path="multiply_values.ckpt")
    assert wrapped.prune(feeds=x, fetches=y)(tf.constant(5.0)).numpy() == 15.0


def test_eagerly_there_is_no_graph_to_export_or_import(exported):
    saver = tf1.train.Saver([tf.Variable(1.0)])
    message = ("Exporting/importing meta graphs is not supported when eager execution is "
               "enabled. No graph exists when eager execution is enabled.")
    with pytest.raises(RuntimeError, match=message):
        saver.export_meta_graph("again.pb", as_text=True)
    with pytest.raises(RuntimeError, match=message):
        tf1.train.import_meta_graph("multiply.pb")


def test_a_file_this_program_did_not_write_is_refused(tmp_path):
    (tmp_path / "other.meta").write_text("graph_def {\n}\n")
    with tf.Graph().as_default():
        with pytest.raises(NotImplementedError, match="eagerbook imports the meta graphs"):
            tf1.train.import_meta_graph(str(tmp_path / "other.meta"))
