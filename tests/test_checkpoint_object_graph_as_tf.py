"""tf.train.load_checkpoint(...).get_tensor('_CHECKPOINTABLE_OBJECT_GRAPH') is TF's encoding of
the object graph (a serialized TrackableObjectGraph), byte for byte what TF 2.21 writes for the
same objects (the bytes below are TF's, from the checkpoint-migration guide)."""
import eagerbook as tf

KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"


def _graph(ckpt, tmp_path):
    return tf.train.load_checkpoint(ckpt.save(str(tmp_path / "ck"))).get_tensor(KEY)


def test_a_list_of_named_variables(tmp_path):
    a = tf.Variable(5.0, name="a")
    b = tf.Variable(6.0, name="b")
    with tf.name_scope("scoped"):
        c = tf.Variable(7.0, name="c")
    assert _graph(tf.train.Checkpoint(variables=[a, b, c]), tmp_path) == (
        b"\n%\n\r\x08\x01\x12\tvariables\n\x10\x08\x02\x12\x0csave_counter*\x02\x08\x01\n\x19"
        b"\n\x05\x08\x03\x12\x010\n\x05\x08\x04\x12\x011\n\x05\x08\x05\x12\x012*\x02\x08\x01"
        b"\nM\x12G\n\x0eVARIABLE_VALUE\x12\x0csave_counter\x1a'save_counter/.ATTRIBUTES/"
        b"VARIABLE_VALUE*\x02\x08\x01\nA\x12;\n\x0eVARIABLE_VALUE\x12\x01a\x1a&variables/0/."
        b"ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\nA\x12;\n\x0eVARIABLE_VALUE\x12\x01b\x1a&"
        b"variables/1/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\nH\x12B\n\x0eVARIABLE_VALUE\x12"
        b"\x08scoped/c\x1a&variables/2/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01")


def test_a_dict_a_module_and_a_variable(tmp_path):
    module = tf.Module()
    module.d = tf.Variable(0.)
    ckpt = tf.train.Checkpoint(v={"a": tf.Variable(0.), "b": tf.Variable(0.)},
                               c=tf.Variable(0.), module=module)
    assert _graph(ckpt, tmp_path) == (
        b"\n0\n\x05\x08\x01\x12\x01c\n\n\x08\x02\x12\x06module\n\x05\x08\x03\x12\x01v\n\x10"
        b"\x08\x04\x12\x0csave_counter*\x02\x08\x01\n>\x128\n\x0eVARIABLE_VALUE\x12\x08"
        b"Variable\x1a\x1cc/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\n\x0b\n\x05\x08\x05\x12"
        b"\x01d*\x02\x08\x01\n\x12\n\x05\x08\x06\x12\x01a\n\x05\x08\x07\x12\x01b*\x02\x08\x01"
        b"\nM\x12G\n\x0eVARIABLE_VALUE\x12\x0csave_counter\x1a'save_counter/.ATTRIBUTES/"
        b"VARIABLE_VALUE*\x02\x08\x01\nE\x12?\n\x0eVARIABLE_VALUE\x12\x08Variable\x1a#module/d/"
        b".ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\n@\x12:\n\x0eVARIABLE_VALUE\x12\x08Variable"
        b"\x1a\x1ev/a/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\n@\x12:\n\x0eVARIABLE_VALUE\x12"
        b"\x08Variable\x1a\x1ev/b/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01")


def test_an_escaped_dict_key_keeps_its_name(tmp_path):
    variables = {"a": tf.Variable(1., name="a"), "b": tf.Variable(2., name="b"),
                 "scoped/c": tf.Variable(3., name="scoped/c")}
    assert _graph(tf.train.Checkpoint(var_list=variables), tmp_path) == (
        b"\n$\n\x0c\x08\x01\x12\x08var_list\n\x10\x08\x02\x12\x0csave_counter*\x02\x08\x01\n "
        b"\n\x05\x08\x03\x12\x01a\n\x05\x08\x04\x12\x01b\n\x0c\x08\x05\x12\x08scoped/c*\x02\x08"
        b"\x01\nM\x12G\n\x0eVARIABLE_VALUE\x12\x0csave_counter\x1a'save_counter/.ATTRIBUTES/"
        b"VARIABLE_VALUE*\x02\x08\x01\n@\x12:\n\x0eVARIABLE_VALUE\x12\x01a\x1a%var_list/a/."
        b"ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\n@\x12:\n\x0eVARIABLE_VALUE\x12\x01b\x1a%"
        b"var_list/b/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\nO\x12I\n\x0eVARIABLE_VALUE\x12"
        b"\x08scoped/c\x1a-var_list/scoped.Sc/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01")


def test_an_empty_module_is_a_node_without_values(tmp_path):
    m = tf.Module()
    m.empty = tf.Module()
    assert _graph(tf.train.Checkpoint(m=m), tmp_path) == (  # (has_checkpoint_values false)
        b"\n\x1d\n\x05\x08\x01\x12\x01m\n\x10\x08\x02\x12\x0csave_counter*\x02\x08\x01\n\r\n"
        b"\t\x08\x03\x12\x05empty*\x00\nM\x12G\n\x0eVARIABLE_VALUE\x12\x0csave_counter\x1a'"
        b"save_counter/.ATTRIBUTES/VARIABLE_VALUE*\x02\x08\x01\n\x02*\x00")
