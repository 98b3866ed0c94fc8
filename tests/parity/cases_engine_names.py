"""Parity cases: the names of ops and tensors in traced graphs (operators, functions, the
user's name=, tf.name_scope, argument constants and Variable reads, output Identity
nodes, case-insensitive uniquifying) and the error of a failing node, as TF 2.21 prints
them."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('names_operators',
               ('@tf.function\n'
                'def f(x):\n'
                '    return x * 2.0 + 1.0, -x, x > 0, x / 2.0, 3.0 - x, x[0]\n'
                'g = f.get_concrete_function(tf.TensorSpec([2], tf.float32)).graph\n'
                'print([op.name for op in g.get_operations() if op.type != "Const" or "/" in '
                'op.name and "stack" not in op.name])\n'),
               ("['x', 'mul/y', 'mul', 'add/y', 'add', 'Neg', 'Greater/y', 'Greater', "
                "'truediv/y', 'truediv', 'sub/x', 'sub', 'strided_slice', 'Identity', "
                "'Identity_1', 'Identity_2', 'Identity_3', 'Identity_4', 'Identity_5']\n")),
    ParityCase('names_functions_and_uniquify',
               ('@tf.function\n'
                'def f(x, m):\n'
                '    a = x + x\n'
                '    b = tf.add(x, x)\n'
                '    c = tf.matmul(m, m)\n'
                '    d = m @ m\n'
                '    e = tf.nn.relu(x)\n'
                '    s = tf.reduce_sum(e, name="total")\n'
                '    return a, b, c, d, tf.exp(x), tf.math.log(x), tf.cast(x, tf.int32), '
                'tf.sqrt(x), s\n'
                'g = f.get_concrete_function(tf.TensorSpec([2]), tf.TensorSpec([2, '
                '2])).graph\n'
                'print([(op.name, '
                'op.type) for op in g.get_operations() if op.type != "Const"])\n'),
               ("[('x', 'Placeholder'), ('m', 'Placeholder'), ('add', 'AddV2'), ('Add_1', "
                "'AddV2'), ('MatMul', 'MatMul'), ('matmul_1', 'MatMul'), ('Relu', 'Relu'), "
                "('total', 'Sum'), ('Exp', 'Exp'), ('Log', 'Log'), ('Cast', 'Cast'), "
                "('Sqrt', 'Sqrt'), ('Identity', 'Identity'), ('Identity_1', 'Identity'), "
                "('Identity_2', 'Identity'), ('Identity_3', 'Identity'), ('Identity_4', "
                "'Identity'), ('Identity_5', 'Identity'), ('Identity_6', 'Identity'), "
                "('Identity_7', 'Identity'), ('Identity_8', 'Identity')]\n")),
    ParityCase('names_printed_inside',
               ('@tf.function\n'
                'def f(x):\n'
                '    y = x * 2.0\n'
                '    z = tf.reduce_sum(y, name="total")\n'
                '    print(y)\n'
                '    print(z)\n'
                '    return z\n'
                'f(tf.constant([1.0, 2.0]))\n'),
               ('Tensor("mul:0", shape=(2,), dtype=float32)\n'
                'Tensor("total:0", shape=(), dtype=float32)\n')),
    ParityCase('names_outputs_and_inputs',
               ('@tf.function\n'
                'def f(x, y):\n'
                '    return x + y, {"p": x * y}\n'
                'cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32), '
                'tf.TensorSpec([None], tf.float32))\n'
                'print(cf.outputs)\n'
                'print(cf.inputs)\n'
                'print([t.op.inputs[0].name for t in cf.outputs])\n'),
               ("[<tf.Tensor 'Identity:0' shape=(None,) dtype=float32>, "
                "<tf.Tensor 'Identity_1:0' shape=(None,) dtype=float32>]\n"
                "[<tf.Tensor 'x:0' shape=(None,) dtype=float32>, "
                "<tf.Tensor 'y:0' shape=(None,) dtype=float32>]\n"
                "['add:0', 'mul:0']\n")),
    ParityCase('names_scopes',
               ('@tf.function\n'
                'def f(x):\n'
                '    with tf.name_scope("blk"):\n'
                '        a = tf.nn.relu(x)\n'
                '    with tf.name_scope("blk"):\n'
                '        b = a + 1.0\n'
                '        with tf.name_scope("inner"):\n'
                '            c = tf.square(b)\n'
                '    d = tf.identity(c, name="blk")\n'
                '    print(a.name, b.name, c.name, d.name)\n'
                '    return d\n'
                'f(tf.constant([1.0]))\n'),
               ('blk/Relu:0 blk_1/add:0 blk_1/inner/Square:0 blk_2:0\n')),
    ParityCase('names_variable_reads',
               ('v = tf.Variable(2.0)\n'
                '@tf.function\n'
                'def f(x):\n'
                '    return v * x + v\n'
                'g = f.get_concrete_function(tf.constant(1.0)).graph\n'
                'print([(op.name, '
                'op.type) for op in g.get_operations() if op.type not in ("Placeholder", '
                '"Const", "NoOp")])\n'),
               ("[('ReadVariableOp', 'ReadVariableOp'), ('mul', 'Mul'), "
                "('add/ReadVariableOp', 'ReadVariableOp'), ('add', 'AddV2'), ('Identity', "
                "'Identity')]\n")),
    ParityCase('names_graph_def_and_lookup',
               ('@tf.function\n'
                'def f(x):\n'
                '    return tf.square(x) + 1.0\n'
                'g = f.get_concrete_function(tf.TensorSpec([3], tf.float32)).graph\n'
                'print([(n.name, n.op, list(n.input)) for n in g.as_graph_def().node])\n'
                'print(g.get_tensor_by_name("add:0"))\n'
                'print(g.get_operation_by_name("Square").outputs[0])\n'),
               ("[('x', 'Placeholder', []), ('Square', 'Square', ['x']), ('add/y', 'Const', "
                "[]), ('add', 'AddV2', ['Square', 'add/y']), ('Identity', 'Identity', "
                "['add'])]\n"
                'Tensor("add:0", shape=(3,), dtype=float32)\n'
                'Tensor("Square:0", shape=(3,), dtype=float32)\n')),
    ParityCase('names_no_autograph_and_v1_graph',
               ('def f(x):\n'
                '    return tf.add(x, 1.0), x + 1.0, tf.concat([x, x], 0), tf.stack([x, x]), '
                'tf.transpose(x)\n'
                'cf = tf.function(f, '
                'autograph=False).get_concrete_function(tf.TensorSpec([2]))\n'
                'print([op.name for op in cf.graph.get_operations() if op.type not in ("Const'
                '", "Placeholder")])\n'
                'graph = tf.compat.v1.Graph()\n'
                'with graph.as_default():\n'
                '    p = tf.compat.v1.placeholder(tf.float32, shape=[None, 3], name="p")\n'
                '    y = tf.matmul(p, tf.ones([3, 2])) * 2.0\n'
                'print(y)\n'),
               ("['Add', 'add_1', 'concat', 'stack', 'transpose', 'Identity', 'Identity_1', "
                "'Identity_2', 'Identity_3', 'Identity_4']\n"
                'Tensor("mul:0", shape=(None, 2), dtype=float32)\n')),
    ParityCase('names_control_flow',
               ('@tf.function\n'
                'def f(x, n):\n'
                '    y = tf.cond(x > 0, lambda: x * 2.0, lambda: -x)\n'
                '    i = tf.constant(0)\n'
                '    while i < n:\n'
                '        i += 1\n'
                '    return y, i\n'
                'g = f.get_concrete_function(tf.constant(1.0), tf.constant(3)).graph\n'
                'print([op.name for op in g.get_operations() if "If" in op.type or "While" in'
                ' op.type])\n'
                'print([t.name for t in f.get_concrete_function(tf.constant(1.0), '
                'tf.constant(3)).outputs])\n'),
               ("['cond', 'while']\n"
                "['Identity:0', 'Identity_1:0']\n")),
    ParityCase('names_node_error_header',
               ('@tf.function\n'
                'def f(x, i):\n'
                '    return tf.gather(x * 2.0, i)\n'
                'print(f(tf.constant([1., 2.]), tf.constant(1)))\n'
                'try:\n'
                '    f(tf.constant([1., 2.]), tf.constant(5))\n'
                'except tf.errors.InvalidArgumentError as e:\n'
                '    lines = e.message.split("\\n")\n'
                '    print(lines[0])\n'
                '    print(lines[2])\n'
                '    print([l.split(", '
                'in ")[-1] for l in lines if l.startswith("  File ")][-1])\n'
                '    print(lines[-1].split(" [Op:")[0])\n'
                'g = tf.function(lambda x, i: tf.gather(x, i))\n'
                'try:\n'
                '    g(tf.constant([1., 2.]), tf.constant(5))\n'
                'except tf.errors.InvalidArgumentError as e:\n'
                '    print(e.message.startswith("{{function_node __inference_<lambda>_"), '
                '"Graph" in e.message)\n'),
               ('tf.Tensor(4.0, shape=(), dtype=float32)\n'
                'Graph execution error:\n'
                'Detected at node GatherV2 defined at (most recent call last):\n'
                'f\n'
                '\t [[{{node GatherV2}}]]\n'
                'True False\n')),
]
