"""What a cond or a while loop makes is named under its op, as TF names it (checked against
TF 2.21): a loop body's variables are `while/Placeholder`, `while/Placeholder_1`, its ops
`while/mul`, a cond's results `cond/Identity`, nested loops `while_1/while/Placeholder`."""

import eagerbook as tf


def _printed(fn, *args):
    seen = []

    def show(*values):
        seen.append(" ".join(v.name if hasattr(v, "name") else str(v) for v in values))
    fn(show).get_concrete_function(*args)
    return seen


def test_autograph_loops_and_conds_name_their_inner_tensors_as_tf():
    def make(show):
        @tf.function
        def f(n):
            s = tf.constant(0)
            t = tf.constant(1.0)
            for i in tf.range(n):
                show(i, s, t)
                s += i
                t *= 2.0
            j = tf.constant(0)
            while j < n:
                for k in tf.range(j):
                    show(k, j)
                j += 1
            if n > 2:
                r = n + 1
            else:
                r = n - 1
            show(r)
            return s
        return f

    assert _printed(make, tf.constant(3)) == [
        "while/Placeholder:0 while/Placeholder_1:0 while/Placeholder_2:0",
        "while_1/while/Placeholder:0 while_1/Placeholder:0",
        "cond/Identity:0",
    ]


def test_tf_while_loop_and_tf_cond_inside_name_scopes():
    def make(show):
        @tf.function
        def g(n):
            def body(i, acc):
                y = acc * 2
                show(i, acc, y)
                return i + 1, y
            tf.while_loop(lambda i, a: i < n, body, [0, 1])
            a, b = tf.cond(n > 1, lambda: (n + 1, n * 2), lambda: (n - 1, n * 3))
            show(a, b)
            with tf.name_scope("outer"):
                show(tf.cond(n > 1, lambda: n + 1, lambda: n - 1))
            return a
        return g

    assert _printed(make, tf.constant(2)) == [
        "while/Placeholder:0 while/Placeholder_1:0 while/mul:0",
        "cond/Identity:0 cond/Identity_1:0",
        "outer/cond/Identity:0",
    ]


def test_a_branch_op_and_the_graph_s_op_names():
    v = tf.Variable(1.0, name="v")

    @tf.function
    def g(x):
        if x > 0:
            v.assign_add(x)
        else:
            x = -x
        return v * x

    graph = g.get_concrete_function(tf.constant(1.0)).graph
    names = [op.name for op in graph.get_operations()]
    assert names[names.index("cond"):] == ["cond", "cond/Identity", "ReadVariableOp", "mul",
                                           "Identity"]
    assert g(tf.constant(2.0)).numpy() == 6.0 and g(tf.constant(-1.0)).numpy() == 3.0


def test_range_of_a_tensor_is_a_tensor_and_its_loop_counts_either_way():
    @tf.function
    def as_value(n):
        return range(n), tf.stack(range(n))

    r, s = as_value(tf.constant(3))
    assert r.numpy().tolist() == [0, 1, 2] and s.numpy().tolist() == [0, 1, 2]

    @tf.function
    def total(n, d):
        s = 0
        for i in range(10, n, d):
            s += i
        return s

    assert int(total(tf.constant(0), tf.constant(-3))) == 22  # 10 + 7 + 4 + 1
    assert int(total(tf.constant(20), tf.constant(4))) == 42  # 10 + 14 + 18

    @tf.function
    def halves(n):
        s = tf.constant(0.0)
        for x in tf.range(0.0, n, 0.5):
            s += x
        return s

    assert float(halves(tf.constant(3.0))) == 7.5


def test_a_loop_over_a_dataset_keeps_plain_names_and_cond_passes_tensor_arrays():
    # TF runs a `for` over a dataset as a reduce function: its ops are `add`, not `while/add`.
    def make(show):
        @tf.function
        def f(ds):
            step = 0
            for x in ds:
                step += 1
                show(step, tf.reduce_mean(x))
            return step
        return f

    spec = tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32)).batch(2)
    assert _printed(make, spec) == ["add:0 Mean:0"]

    @tf.function
    def squares(x):
        result = tf.TensorArray(tf.int32, size=len(x))
        for i in range(len(x)):
            if x[i] > 0:
                result = result.write(i, x[i] ** 2)
            else:
                result = result.write(i, x[i])
        return result.stack()

    assert squares(tf.range(-2, 3)).numpy().tolist() == [-2, -1, 0, 1, 4]
