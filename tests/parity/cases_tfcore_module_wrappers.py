"""Parity cases: tf.Module keeps list and dict attributes as ListWrapper and DictWrapper."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('module_lists_and_dicts_are_wrapped',
               ('\n'
                'class SimpleModule(tf.Module):\n'
                '    def __init__(self, name=None):\n'
                '        super().__init__(name=name)\n'
                '        self.a_var = tf.Variable(5.0)\n'
                '        self.vars = [tf.Variable(1.0), tf.Variable(2.0)]\n'
                '        self.table = {"w": [tf.Variable(3.0)]}\n'
                'root = SimpleModule(name="root")\n'
                'print(root.vars)\n'
                'print(root.table)\n'
                'print(type(root.vars).__name__, isinstance(root.vars, list), isinstanc'
                'e(root.table, dict))\n'
                'print(root.vars == [root.vars[0], root.vars[1]], type(root.vars + []).'
                '__name__)\n'
                'root.vars.append(tf.Variable(4.0))\n'
                'print(len(root.trainable_variables), [v.numpy() for v in tf.nest.flatt'
                'en(root.vars)])\n'
                'for name, child in tf.train.TrackableView(root).children(root).items()'
                ':\n'
                '    print(name, isinstance(child, (list, dict)), child)\n'
                'root.pair = (1, [2])\n'
                'print(root.pair)\n'),
               ("ListWrapper([<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1"
                ".0>, <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>])\n"
                "{'w': ListWrapper([<tf.Variable 'Variable:0' shape=() dtype=float32, n"
                'umpy=3.0>])}\n'
                'ListWrapper True True\n'
                'True list\n'
                '5 [np.float32(1.0), np.float32(2.0), np.float32(4.0)]\n'
                "a_var False <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=5."
                '0>\n'
                "vars True ListWrapper([<tf.Variable 'Variable:0' shape=() dtype=float3"
                "2, numpy=1.0>, <tf.Variable 'Variable:0' shape=() dtype=float32, numpy"
                "=2.0>, <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=4.0>])\n"
                "table True {'w': ListWrapper([<tf.Variable 'Variable:0' shape=() dtype"
                '=float32, numpy=3.0>])}\n'
                '(1, ListWrapper([2]))\n')),
]
