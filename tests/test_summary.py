"""tf.summary writes the event files TF 2 writes: the same tags, steps, dashboards and tensors.

The expected values below were recorded from TF 2.21 (with TensorBoard installed) running the
same calls; the files are read back here with a small decoder of the few protocol-buffer
fields involved, and, where TensorFlow is installed, with TF's own reader.
"""

import glob
import os
import threading

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import event_files
from eagerbook.ops.example_ops import _DTYPE_OF, _fields


def _message(data):
    """{field number: [values]} of one serialized message."""
    out = {}
    for number, _, value in _fields(data):
        out.setdefault(number, []).append(value)
    return out


def _events(logdir):
    """(step, tag, plugin name, description, value as NumPy) per summary value, and the
    GraphDefs (node name, op, inputs) of graph events, of the one event file in `logdir`."""
    (path,) = glob.glob(os.path.join(str(logdir), "events.out.tfevents.*"))
    values, graphs = [], []
    for record in event_files.read_events(path):
        event = _message(record)
        step = event.get(2, [0])[0]
        for node_list in event.get(4, []):
            nodes = [_message(n) for n in _message(node_list).get(1, [])]
            graphs.append([(n[1][0].decode(), n[2][0].decode(),
                            [i.decode() for i in n.get(3, [])]) for n in nodes])
        for summary in event.get(5, []):
            for value in _message(summary)[1]:
                value = _message(value)
                metadata = _message(value.get(9, [b""])[0])
                plugin = _message(metadata.get(1, [b""])[0]).get(1, [b""])[0].decode()
                described = metadata.get(3, [b""])[0].decode()
                proto = value[8][0]
                dtype = _DTYPE_OF[_message(proto)[1][0]]
                tensor = tf.io.parse_tensor(proto, dtype).numpy()
                values.append((step, value[1][0].decode(), plugin, described, tensor))
    return values, graphs


def test_each_summary_writes_what_tf_writes(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    step = tf.Variable(3, dtype=tf.int64)
    with writer.as_default(step=10):
        assert tf.summary.scalar("i", 3, step=step).numpy() is np.True_
        tf.summary.scalar("loss", 0.25)  # the step given to as_default
        with tf.name_scope("grp"):
            tf.summary.scalar("acc", tf.constant(0.5, tf.float64), step=2,
                              description="accuracy")
        tf.summary.text("tl", ["a", "b"], step=1)
        tf.summary.histogram("h0", [1.0, 1.0, 1.0], step=1, buckets=4)
        tf.summary.histogram("he", tf.zeros([0]), step=1, buckets=3)
        tf.summary.histogram("hr", np.arange(10.0), step=1, buckets=4)
        tf.summary.image("f", np.linspace(-0.5, 1.5, 12, dtype=np.float32).reshape(1, 2, 2, 3),
                         step=1)
        tf.summary.write("raw", tf.constant([1, 2]), step=4)
    writer.close()
    values, _ = _events(tmp_path)
    scalars = [(s, tag, plugin, d, float(v)) for s, tag, plugin, d, v in values[:3]]
    assert scalars == [(3, "i", "scalars", "", 3.0), (10, "loss", "scalars", "", 0.25),
                       (2, "grp/acc", "scalars", "accuracy", 0.5)]
    assert values[0][4].dtype == np.float32 and values[2][4].dtype == np.float32
    assert values[3][1:3] == ("tl", "text") and values[3][4].tolist() == [b"a", b"b"]
    assert [v[2] for v in values[4:7]] == ["histograms"] * 3
    assert values[4][4].tolist() == [[1, 1, 0], [1, 1, 0], [1, 1, 0], [1, 1, 3]]
    assert values[5][4].tolist() == [[0, 0, 0]] * 3
    assert values[6][4].tolist() == [[0, 2.25, 3], [2.25, 4.5, 2], [4.5, 6.75, 2], [6.75, 9, 3]]
    width, height, png = values[7][4]
    assert (values[7][2], width, height) == ("images", b"2", b"2")
    assert tf.io.decode_png(png).numpy().tolist() == [[[0, 0, 0], [11, 58, 104]],
                                                      [[150, 197, 243], [255, 255, 255]]]
    assert values[8][:3] == (4, "raw", "") and values[8][4].tolist() == [1, 2]


def test_without_a_writer_nothing_is_written_and_no_step_is_needed():
    assert tf.summary.scalar("x", 1.0).numpy() is np.False_
    assert tf.summary.histogram("h", [1.0]).numpy() is np.False_
    assert not tf.summary.should_record_summaries().numpy()


def test_tfs_errors(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        with pytest.raises(ValueError, match=r"^No step set. Please specify one either through "
                                             r"the `step` argument or through tf.summary"):
            tf.summary.scalar("x", 1.0)
        with pytest.raises(ValueError, match=r"^Expected scalar shape, saw shape: \(2,\)\.$"):
            tf.summary.scalar("x", [1.0, 2.0], step=0)
        with pytest.raises(ValueError, match=r"^Tensor  must have rank 4.  Received rank 2, "
                                             r"shape \(4, 4\)$"):
            tf.summary.image("x", np.zeros([4, 4]), step=0)
        with pytest.raises(tf.errors.InvalidArgumentError, match="1, 2, 3, or 4 channels, got 5"):
            tf.summary.image("x", np.zeros([1, 2, 2, 5]), step=0)
    writer.close()
    with pytest.raises(RuntimeError, match="is already closed"), writer.as_default():
        pass  # (entering the context is the test)
    assert _events(tmp_path)[0] == []


def test_record_if_step_and_default_writer_scoping(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        with tf.summary.record_if(False):
            assert tf.summary.scalar("skipped", 1.0, step=0).numpy() is np.False_
            assert not tf.summary.should_record_summaries().numpy()
        with tf.summary.record_if(lambda: True):
            assert tf.summary.should_record_summaries().numpy()
        tf.summary.experimental.set_step(5)
    # As in TF: as_default() without a step leaves the step set inside it, and the writer
    # stops being the default.
    assert tf.summary.experimental.get_step() == 5
    assert tf.summary.scalar("after", 1.0).numpy() is np.False_
    with writer.as_default(step=7):
        assert tf.summary.experimental.get_step() == 7
    assert tf.summary.experimental.get_step() == 5  # restored: this as_default set it
    tf.summary.experimental.set_step(None)

    seen = []  # the default writer and step belong to the thread that set them
    with writer.as_default(step=1):
        worker = threading.Thread(target=lambda: seen.append(
            (tf.summary.scalar("other", 1.0).numpy(), tf.summary.experimental.get_step())))
        worker.start()
        worker.join()
    assert seen == [(np.False_, None)]
    writer.close()
    assert [v[1] for v in _events(tmp_path)[0]] == []


def test_inside_tf_function_the_write_runs_each_call_reading_the_step(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    step = tf.Variable(3, dtype=tf.int64)

    @tf.function
    def f(x):
        tf.summary.scalar("in_fn", x, step=step)
        return x + 1

    with writer.as_default():
        f(tf.constant(2.0))
        step.assign_add(1)
        f(tf.constant(5.0))
    writer.close()
    assert f.experimental_get_tracing_count() == 1
    assert [(s, tag, float(v)) for s, tag, _, _, v in _events(tmp_path)[0]] == [
        (3, "in_fn", 2.0), (4, "in_fn", 5.0)]


def test_trace_export_writes_the_graphs_traced_since_trace_on(tmp_path):
    with pytest.raises(ValueError, match="Must enable trace before export"):
        tf.summary.trace_export("nothing", step=0)

    @tf.function
    def g(x, y):
        return tf.nn.relu(tf.matmul(x, y))

    writer = tf.summary.create_file_writer(str(tmp_path))
    tf.summary.trace_on(graph=True)
    g(tf.ones([2, 2]), tf.ones([2, 2]))
    with writer.as_default():
        tf.summary.trace_export("g_trace", step=0)
        g(tf.ones([3, 2]), tf.ones([2, 2]))  # traced after the export: not collected
        tf.summary.graph(g.get_concrete_function(tf.ones([2, 2]), tf.ones([2, 2])).graph)
    writer.close()
    _, graphs = _events(tmp_path)
    expected = [("x", "Placeholder", []), ("y", "Placeholder", []),
                ("MatMul", "MatMul", ["x", "y"]), ("Relu", "Relu", ["MatMul"]),
                ("Identity", "Identity", ["Relu"])]
    assert graphs == [expected, expected]


def test_tf_reads_the_files_when_installed(tmp_path):
    real_tf = pytest.importorskip("tensorflow", reason="reading back with TF needs TensorFlow")
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default(step=2):
        tf.summary.scalar("loss", 0.5)
        tf.summary.histogram("w", [1.0, 2.0, 4.0], buckets=2)
    writer.close()
    (path,) = glob.glob(os.path.join(str(tmp_path), "*"))
    read = [(e.step, v.tag, v.metadata.plugin_data.plugin_name,
             real_tf.make_ndarray(v.tensor).tolist())
            for e in real_tf.compat.v1.train.summary_iterator(path) for v in e.summary.value]
    assert read == [(2, "loss", "scalars", 0.5),
                    (2, "w", "histograms", [[1.0, 2.5, 2.0], [2.5, 4.0, 1.0]])]


def test_tensorboard_reads_the_files(tmp_path):
    event_accumulator = pytest.importorskip(
        "tensorboard.backend.event_processing.event_accumulator",
        reason="TensorBoard comes with the notebook extra (make install)")
    from tensorboard.util import tensor_util

    @tf.function
    def g(x):
        return tf.nn.relu(x)

    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default(step=4):
        tf.summary.scalar("loss", 0.5)
        tf.summary.image("digit", np.ones([1, 2, 2, 1], np.float32))
        tf.summary.graph(g.get_concrete_function(tf.ones([2])).graph)
    writer.close()
    board = event_accumulator.EventAccumulator(str(tmp_path),
                                               size_guidance={event_accumulator.TENSORS: 0})
    board.Reload()
    assert board.Tags()["tensors"] == ["loss", "digit"] and board.Tags()["graph"]
    (loss,) = board.Tensors("loss")
    assert (loss.step, tensor_util.make_ndarray(loss.tensor_proto).tolist()) == (4, 0.5)
    assert board.SummaryMetadata("loss").plugin_data.plugin_name == "scalars"
    assert board.SummaryMetadata("digit").plugin_data.plugin_name == "images"
    assert [node.op for node in board.Graph().node] == ["Placeholder", "Relu", "Identity"]
