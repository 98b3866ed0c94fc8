"""Golden text forms of traced graphs, optimized graphs and generated code (lesson artifacts:
a change here changes what learners read, so it must be deliberate)."""

import eagerbook as tf
from eagerbook.graph import function

SIMPLE = """\
func f(%x: f32[3], %y: f32[3]) {
  %mul = Mul(%x, %y) : f32[3]
  %add/y = Const(1.) : f32[]
  %add = AddV2(%mul, %add/y) : f32[3]
  %Sum = Sum(%add) {axis=(0,), keepdims=False} : f32[]
  %Identity = Identity(%Sum) : f32[]
  return %Identity
}"""

SIMPLE_OPTIMIZED = """\
func f(%x: f32[3], %y: f32[3]) {
  %add/y = Const(1.) : f32[]
  %fused = FusedElementwise(%x, %y, %add/y) {ops=('Mul', 'AddV2')} : f32[3]
  %Sum = Sum(%fused) {axis=(0,), keepdims=False} : f32[]
  return %Sum
}"""

SIMPLE_SOURCE = """\
def f(x, y):
    fused = AddV2(Mul(x, y), add_y)
    sum = Sum(fused, axis=(0,), keepdims=False)
    return (sum,)
"""

BRANCHY = """\
func g(%x: f32[]) {
  capture %v: resource <- Variable 'v:0'
  %Greater/y = Const(0.) : f32[]
  %Greater = Greater(%x, %Greater/y) : bool[]
  %cond = If(%Greater, %x, %v) : f32[] {
    then if_true(%x: f32[], %v: resource) {
      AssignAddVariableOp(%v, %x)  !
      return %x
    }
    else if_false(%x: f32[], %unused: resource) {
      %cond/Neg = Neg(%x) : f32[]
      return %cond/Neg
    }
  }
  %cond/Identity = Identity(%cond) : f32[]
  %ReadVariableOp = ReadVariableOp(%v) : f32[]
  %mul = Mul(%ReadVariableOp, %cond/Identity) : f32[]
  %Identity = Identity(%mul) : f32[]
  return %Identity
}"""

BRANCHY_SOURCE = """\
def g(x):
    greater = Greater(x, greater_y)
    if greater:
        v._value = _asarray(v._value + x)
        cond = x
    else:
        cond_neg = Neg(x)
        cond = cond_neg
    read_variable_op = v._value
    mul = Mul(read_variable_op, cond)
    return (mul,)
"""


def test_simple_function_golden():
    @function
    def f(x, y):
        return tf.reduce_sum(x * y + 1.0)

    concrete = f.get_concrete_function(tf.constant([1.0, 2.0, 3.0]),
                                       tf.constant([1.0, 2.0, 3.0]))
    assert str(concrete.graph) == SIMPLE
    assert str(concrete.optimized_graph) == SIMPLE_OPTIMIZED
    assert concrete.compiled_source == SIMPLE_SOURCE


def test_branch_with_variable_golden():
    v = tf.Variable(1.0, name="v")

    @function
    def g(x):
        if x > 0:
            v.assign_add(x)
        else:
            x = -x
        return v * x

    concrete = g.get_concrete_function(tf.constant(1.0))
    assert str(concrete.graph) == BRANCHY
    assert concrete.compiled_source == BRANCHY_SOURCE
    assert "%ReadVariableOp = ReadVariableOp(%v) : f32[]  ^(%cond)" in str(
        concrete.optimized_graph)
    assert g(tf.constant(2.0)).numpy() == 6.0 and v.numpy() == 3.0


def test_graph_md_sample():
    """docs/GRAPH.md's text-form sample is this trace's text (the doc cannot go stale)."""
    import pathlib
    import re

    doc = (pathlib.Path(__file__).parents[2] / "docs" / "GRAPH.md").read_text()
    section = doc.split("## The text form", 1)[1]
    python_block, text_block = re.findall(r"```(?:python)?\n(.*?)```", section, re.S)[:2]
    namespace = {"tf": tf}
    code = python_block.replace("print(", "result = (")
    filename = "<GRAPH.md sample>"
    import linecache
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    exec(compile(code, filename, "exec"), namespace)  # noqa: S102 - the doc's own sample
    assert str(namespace["result"]) == text_block.rstrip("\n") == BRANCHY
