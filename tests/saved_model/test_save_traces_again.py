"""tf.saved_model.save traces each traced function once more, as TF 2.21 does (saving is part
of a trace's key): the Python function runs again, its tracing count grows, and the function
lists both traces. A later save reuses that trace; a new trace gets its own at the next save."""

import eagerbook as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function
    def __call__(self, x):
        print("Tracing with", x)
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        print("Tracing mutate", new_v)
        self.v.assign(new_v)

    @tf.function
    def scale(self, x, n):
        print("Tracing scale", x, n)
        return x * n


def test_each_trace_is_traced_again_at_the_first_save(tmp_path, capsys):
    m = Model()
    m(tf.constant(1.0))
    m.scale(tf.constant(1.0), 3)
    capsys.readouterr()
    tf.saved_model.save(m, str(tmp_path / "a"))
    # (in the order of the functions' names; a never-called input_signature function: once)
    assert capsys.readouterr().out == (
        'Tracing with Tensor("x:0", shape=(), dtype=float32)\n'
        'Tracing mutate Tensor("new_v:0", shape=(), dtype=float32)\n'
        'Tracing scale Tensor("x:0", shape=(), dtype=float32) 3\n')
    assert m.__call__.experimental_get_tracing_count() == 2
    assert m.mutate.experimental_get_tracing_count() == 1
    assert m.scale.experimental_get_tracing_count() == 2
    # the function lists both traces; the saving one names its argument
    assert m.__call__.pretty_printed_concrete_signatures() == "\n\n".join([
        "Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), "
        f"dtype=tf.float32, name={name})\nOutput Type:\n  TensorSpec(shape=(), "
        f"dtype=tf.float32, name=None)\nCaptures:\n  {id(m.v)}: TensorSpec(shape=(), "
        "dtype=tf.resource, name=None)" for name in ("None", "'x'")])


def test_a_later_save_traces_only_new_traces(tmp_path, capsys):
    m = Model()
    m(tf.constant(1.0))
    tf.saved_model.save(m, str(tmp_path / "a"))
    tf.saved_model.save(m, str(tmp_path / "b"))
    m.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    capsys.readouterr()
    tf.saved_model.save(m, str(tmp_path / "c"))
    assert capsys.readouterr().out == 'Tracing with Tensor("x:0", dtype=float32)\n'
    tf.saved_model.save(m, str(tmp_path / "d"))
    assert capsys.readouterr().out == ""
    assert m.__call__.experimental_get_tracing_count() == 4
    loaded = tf.saved_model.load(str(tmp_path / "d"))
    assert loaded(tf.constant([2.0, 3.0])).numpy().tolist() == [2.0, 3.0]
    assert capsys.readouterr().out == ""  # a loaded function runs no Python
