"""tf.function and friends: tracing Python into a graph IR, optimizing and compiling it.

    ir.py            Graph, Operation, SymbolicTensor; text form, DOT, view-model data
    tracer.py        FuncGraph: the graph builder the op dispatcher calls while tracing
    function.py      tf.function (Function) and ConcreteFunction
    passes/          pure Graph -> Graph optimizations
    compile.py       Graph -> generated Python/NumPy source -> function
    gradients.py     backward functions for calls under a GradientTape
    control_flow.py  tf.cond, tf.while_loop, tf.case, tf.switch_case
    tensor_array.py  tf.TensorArray
    row_loops.py     map_fn/scan/fold over a length known only when the function runs
    autograph/       AST conversion of if/while/for/break/continue/return/and/or/not
"""

from . import passes, row_loops  # noqa: F401 - row_loops registers its loops
from .compile import compile_graph
from .control_flow import case, cond, switch_case, while_loop
from .function import ConcreteFunction, Function, defun, function, trace_listeners
from .ir import Graph, Operation, OperatorNotAllowedInGraphError, SymbolicTensor
from .tensor_array import TensorArray

__all__ = ["passes", "compile_graph", "case", "cond", "switch_case", "while_loop",
           "ConcreteFunction", "Function", "defun", "function", "Graph", "Operation",
           "OperatorNotAllowedInGraphError", "SymbolicTensor", "TensorArray", "trace_listeners"]
