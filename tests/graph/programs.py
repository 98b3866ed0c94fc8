"""Random small programs for property tests: an interpreter over a list of instructions.

Run eagerly it executes ops one by one; under tf.function AutoGraph converts its data-dependent
``if``/``while`` on tensors into If/While ops (the instruction dispatch stays Python).
"""

import numpy as np
from hypothesis import strategies as st

import eagerbook as tf

KINDS = ("add", "sub", "mul", "tanh", "sin", "square", "neg", "maximum", "scale", "times_one",
         "plus_zero", "sum", "const", "if", "while")

instruction = st.tuples(st.sampled_from(KINDS), st.integers(0, 9), st.integers(0, 9),
                        st.sampled_from([-0.5, 0.0, 0.25, 1.0, 2.0]))
programs = st.lists(instruction, min_size=1, max_size=7)
seeds = st.integers(0, 2**31 - 1)


def inputs(seed):
    rng = np.random.RandomState(seed)
    return (tf.constant(rng.uniform(-1.5, 1.5, size=3).astype(np.float32)),
            tf.constant(rng.uniform(-1.5, 1.5, size=3).astype(np.float32)))


def run_program(program, x, y):
    values = [x, y, x * 0.5]
    for kind, i, j, c in program:
        a = values[i % len(values)]
        b = values[j % len(values)]
        if kind == "add":
            r = a + b
        elif kind == "sub":
            r = a - b
        elif kind == "mul":
            r = a * b
        elif kind == "tanh":
            r = tf.tanh(a)
        elif kind == "sin":
            r = tf.sin(a)
        elif kind == "square":
            r = tf.square(a)
        elif kind == "neg":
            r = -a
        elif kind == "maximum":
            r = tf.maximum(a, b)
        elif kind == "scale":
            r = a * c
        elif kind == "times_one":
            r = a * tf.ones_like(a)  # simplification food
        elif kind == "plus_zero":
            r = a + tf.constant(0.0)
        elif kind == "sum":
            r = a + tf.reduce_sum(b)
        elif kind == "const":
            r = a + tf.constant([c, 1.0, 2.0]) * tf.constant(2.0)  # folding food
        elif kind == "if":
            if tf.reduce_sum(a) > c:
                r = a * b
            else:
                r = a - tf.sin(b)
        else:
            r = a
            k = tf.constant(0)
            while k < 3 and tf.reduce_sum(tf.square(r)) > c:
                r = r * 0.5 + b * 0.25
                k += 1
        values.append(r)
    return tf.reduce_sum(values[-1] * values[-2])
