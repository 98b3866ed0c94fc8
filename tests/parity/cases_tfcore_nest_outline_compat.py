"""Parity cases for tf.nest.assert_same_structure's message (the outline of both structures
at its end) and tf.compat's helpers (dimension_value, dimension_at_index, as_bytes/as_text,
the type tuples, forward_compatible, v2)."""

from tests.parity.harness import ParityCase

CASES = [
    # Mismatched structures: the message ends with both outlines, leaves drawn as dots
    ParityCase('nest_structure_outlines', ('\n'
               'cases = [([1, 2], [1, (2, 3)]), ([1, 2], [1, 2, 3]), ({"a": 1}, {"b": 1'
               '}), ([1, 2], (1, 2)),\n'
               '         ((1, [2, {"k": 3}]), (1, [2, {"k": (3, 4)}])), (1, [1])]\n'
               'for a, b in cases:\n'
               '  try:\n'
               '    tf.nest.assert_same_structure(a, b)\n'
               '  except (ValueError, TypeError) as e:\n'
               '    print(type(e).__name__, str(e).split("More specifically: ")[1])\n'),
               ('ValueError Substructure "type=tuple str=(2, 3)" is a sequence, while su'
               'bstructure "type=int str=2" is not\n'
               'Entire first structure:\n'
               '[., .]\n'
               'Entire second structure:\n'
               '[., (., .)]\n'
               "ValueError The two structures don't have the same number of elements. F"
               'irst structure: type=list str=[1, 2]. Second structure: type=list str=[1, 2, 3]\n'
               'Entire first structure:\n'
               '[., .]\n'
               'Entire second structure:\n'
               '[., ., .]\n'
               "ValueError The two dictionaries don't have the same set of keys. First "
               "structure has keys type=list str=['a'], while second structure has keys"
               " type=list str=['b']\n"
               'Entire first structure:\n'
               "{'a': .}\n"
               'Entire second structure:\n'
               "{'b': .}\n"
               "TypeError The two namedtuples don't have the same sequence type. First "
               'structure type=list str=[1, 2] has type list, while second structure ty'
               'pe=tuple str=(1, 2) has type tuple\n'
               'Entire first structure:\n'
               '[., .]\n'
               'Entire second structure:\n'
               '(., .)\n'
               'ValueError Substructure "type=tuple str=(3, 4)" is a sequence, while su'
               'bstructure "type=int str=3" is not\n'
               'Entire first structure:\n'
               "(., [., {'k': .}])\n"
               'Entire second structure:\n'
               "(., [., {'k': (., .)}])\n"
               'ValueError Substructure "type=list str=[1]" is a sequence, while substr'
               'ucture "type=int str=1" is not\n'
               'Entire first structure:\n'
               '.\n'
               'Entire second structure:\n'
               '[.]\n')),
    # tf.compat's helpers for code written for both TF 1 and TF 2
    ParityCase('compat_helpers', ('\n'
               's = tf.TensorShape([2, None, 4])\n'
               'print(tf.compat.dimension_value(s[1]), tf.compat.dimension_value(s[0]),'
               ' tf.compat.dimension_at_index(s, 0), repr(tf.compat.dimension_at_index('
               's, 1)), tf.compat.dimension_value(3))\n'
               'print(repr(tf.compat.dimension_at_index(tf.TensorShape(None), 2)))\n'
               'print(tf.compat.as_bytes("héllo"), tf.compat.as_text(b"h\\xc3\\xa9llo"), '
               'tf.compat.as_str(b"abc"), tf.compat.as_str_any(5), tf.compat.path_to_st'
               'r("a/b"))\n'
               'print(tf.compat.as_bytes(bytearray(b"x")))\n'
               'for f in (tf.compat.as_bytes, tf.compat.as_text):\n'
               '  try:\n'
               '    f(5)\n'
               '  except TypeError as e:\n'
               '    print(e)\n'
               'print(tf.compat.integral_types, tf.compat.real_types, tf.compat.complex'
               '_types, tf.compat.bytes_or_text_types)\n'
               'print(tf.compat.forward_compatible(2020, 1, 1), tf.compat.forward_compa'
               'tible(2031, 1, 1))\n'
               'print(tf.compat.v2.constant is tf.constant)\n'),
               ('None 2 2 Dimension(None) 3\n'
               'Dimension(None)\n'
               "b'h\\xc3\\xa9llo' héllo abc 5 a/b\n"
               "b'x'\n"
               'Expected binary or unicode string, got 5\n'
               'Expected binary or unicode string, got 5\n'
               "(<class 'numbers.Integral'>, <class 'numpy.integer'>) (<class 'numbers."
               "Real'>, <class 'numpy.integer'>, <class 'numpy.floating'>) (<class 'num"
               "bers.Complex'>, <class 'numpy.number'>) (<class 'bytes'>, <class 'str'>)\n"
               'True False\n'
               'True\n')),
]
