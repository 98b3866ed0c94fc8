"""Parity cases: calling a ConcreteFunction with Python arguments it was not traced for: TF binds
the structured signature (every parameter required, values cast to their types), falls back to
the flat signature (tensors only) and names both failures in its TypeError."""

from tests.parity.harness import ParityCase

CASES = [
    ParityCase('concrete_function_wrong_python_arguments', ('\n'
               '\n'
               '@tf.function\n'
               'def scale(x, y=2):\n'
               '  return x * y\n'
               'cf = scale.get_concrete_function(tf.constant(1.0))\n'
               'print(cf(tf.constant(3.0)), cf(3.0, 2), cf(x=tf.constant(2.0)))\n'
               'for call in [lambda: cf(3), lambda: cf(), lambda: cf(tf.cons'
               'tant(3.0), 4),\n'
               '             lambda: cf(tf.constant([3.0]), 2), lambda: cf(z'
               '=tf.constant(2.0)),\n'
               '             lambda: cf(tf.constant(3), 2)]:\n'
               '  try:\n'
               '    call()\n'
               '  except TypeError as e:\n'
               "    print(str(e).split(' Received args')[0])\n"
               "    print(str(e).split('\\n')[-1])\n"),
               ('tf.Tensor(6.0, shape=(), dtype=float32) tf.Tensor(6.0, shape'
                '=(), dtype=float32) tf.Tensor(4.0, shape=(), dtype=float32)\n'
                'Binding inputs to tf.function failed due to `missing a requi'
                "red argument: 'y'`.\n"
                'Fallback to flat signature also failed due to: scale(x): exp'
                'ected argument #0(zero-based) to be a Tensor; got int (3).\n'
                'Binding inputs to tf.function failed due to `missing a requi'
                "red argument: 'x'`.\n"
                'Fallback to flat signature also failed due to: scale(x) miss'
                'ing required arguments: x.\n'
                'Binding inputs to tf.function failed due to `Can not cast 4 '
                'to Literal[2]`.\n'
                'Fallback to flat signature also failed due to: scale(x) take'
                's 1 positional arguments, got 2.\n'
                'Binding inputs to tf.function failed due to `Can not cast Te'
                'nsorSpec(shape=(1,), dtype=tf.float32, name=None) to TensorS'
                'pec(shape=(), dtype=tf.float32, name=None)`.\n'
                'Fallback to flat signature also failed due to: scale(x) take'
                's 1 positional arguments, got 2.\n'
                'Binding inputs to tf.function failed due to `missing a requi'
                "red argument: 'x'`.\n"
                'Fallback to flat signature also failed due to: scale(x) miss'
                'ing required arguments: x.\n'
                'Binding inputs to tf.function failed due to `Can not cast Te'
                'nsorSpec(shape=(), dtype=tf.int32, name=None) to TensorSpec('
                'shape=(), dtype=tf.float32, name=None)`.\n'
                'Fallback to flat signature also failed due to: scale(x) take'
                's 1 positional arguments, got 2.\n')),
    ParityCase('concrete_function_flat_signature', ('\n'
               '\n'
               '@tf.function\n'
               'def add(a, b):\n'
               '  return a + b\n'
               'cf = add.get_concrete_function(tf.TensorSpec([], tf.float32)'
               ', tf.TensorSpec([], tf.float32))\n'
               'print(cf(1.0, 2.0), cf(b=tf.constant(1.0), a=tf.constant(2.0)))\n'
               'for call in [lambda: cf(tf.constant(1.0)), lambda: cf(1.0, 2'
               '.0, 3.0), lambda: cf("a", "b")]:\n'
               '  try:\n'
               '    call()\n'
               '  except TypeError as e:\n'
               "    print(str(e).split('\\n')[-1])\n"
               '@tf.function\n'
               'def inc(x):\n'
               '  return x + 1\n'
               'cf = inc.get_concrete_function(tf.TensorSpec([2], tf.float32))\n'
               'print(cf([1, 2]), cf(tf.constant([1.0, 2.0, 3.0])))\n'
               'try:\n'
               '  cf(tf.constant([1, 2]))\n'
               'except tf.errors.InvalidArgumentError as e:\n'
               "  print(type(e).__name__, 'was expected to be a float tensor"
               " but is a int32 tensor' in str(e))\n"),
               ('tf.Tensor(3.0, shape=(), dtype=float32) tf.Tensor(3.0, shape'
                '=(), dtype=float32)\n'
                'Fallback to flat signature also failed due to: add(a, b) mis'
                'sing required arguments: b.\n'
                'Fallback to flat signature also failed due to: add(a, b) tak'
                'es 2 positional arguments, got 3.\n'
                'Fallback to flat signature also failed due to: add(a, b): ex'
                'pected argument #0(zero-based) to be a Tensor; got str (a).\n'
                'tf.Tensor([2. 3.], shape=(2,), dtype=float32) tf.Tensor([2. '
                '3. 4.], shape=(3,), dtype=float32)\n'
                'InvalidArgumentError True\n')),
]
