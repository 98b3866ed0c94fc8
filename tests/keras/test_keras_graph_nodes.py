"""Where layers sit in functional graphs: inbound_nodes/outbound_nodes and
tf.keras.utils.get_source_inputs, as TF 2 reports them (compared by hand)."""

import eagerbook as tf


def test_inbound_and_outbound_nodes():
    x = tf.keras.Input((3,))
    dense = tf.keras.layers.Dense(2)
    y = dense(x)
    tf.keras.layers.Dense(1)(y)
    tf.keras.layers.Dense(1)(y)
    assert len(dense.inbound_nodes) == 1 and len(dense.outbound_nodes) == 2
    assert len(x._node.layer.outbound_nodes) == 1


def test_a_rebuilt_sequential_graph_leaves_no_stale_nodes():
    model = tf.keras.Sequential([tf.keras.layers.Dense(2), tf.keras.layers.Dense(1)])
    model(tf.ones((1, 4)))
    model(tf.ones((2, 4)))  # another batch size: the inferred graph is made again
    assert [(len(l.inbound_nodes), len(l.outbound_nodes)) for l in model.layers] == \
        [(1, 1), (1, 0)]


def test_get_source_inputs_depth_first():
    a, b = tf.keras.Input((3,), name="a"), tf.keras.Input((2,), name="b")
    hidden = tf.keras.layers.Dense(2)(a)
    joined = tf.keras.layers.concatenate([b, hidden])
    assert [t.name for t in tf.keras.utils.get_source_inputs(joined)] == ["b", "a"]
    assert tf.keras.utils.get_source_inputs(a)[0] is a


def test_a_shared_layer_answers_input_and_output_with_its_first_call():
    x, x2 = tf.keras.Input(shape=(4,)), tf.keras.Input(shape=(4,))
    shared = tf.keras.layers.Dense(2)
    first, _ = shared(x), shared(x2)
    assert shared.output is first and shared.input is x  # TF 2: no error for shared layers
    assert shared.input_shape == (None, 4) and shared.output_shape == (None, 2)
