"""Gradient cases for the ops tf.function registers (eagerbook/graph/) and Variable reads.

Most of them cannot run outside a traced graph (their inputs are branch functions, loop bodies
or TensorArray handles), so ``NO_CASE`` names, for each, why it has no case here and where its
gradient is tested instead; tests/test_gradients.py checks that every differentiable op of the
registry has a case or a reason.
"""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.graph.autograph.runtime import GET_ITEM
from eagerbook.ops.registry import execute
from eagerbook.testing import Fixed, GradCase

INDEX = Fixed(_from_numpy(np.array(1, np.int32)))

CASES = [
    # AutoGraph's `for x in tensor` reads element i with GatherElement; it also runs eagerly.
    GradCase("GatherElement", lambda x, i: execute(GET_ITEM, (x, i)), [(3, 4), INDEX]),
]

_IN_GRAPHS = "needs a traced graph (branch or body functions as attributes); its gradient is " \
             "tested through tf.function in tests/graph/test_gradients.py"
_TENSOR_ARRAY = "its input is a TensorArray handle that only exists inside tf.function; " \
                "tested in tests/graph/test_tensor_array_gradients.py"
NO_CASE = {
    "If": _IN_GRAPHS,
    "While": _IN_GRAPHS,
    "ReadVariableOp": "its input is a Variable, not a tensor (the checker perturbs tensors); "
                      "its pass-through rule is tested in tests/test_tape.py and "
                      "tests/test_variable.py",
    **{name: _TENSOR_ARRAY for name in [
        "TensorArrayWriteV3", "TensorArrayReadV3", "TensorArrayStack", "TensorArrayUnstack",
        "TensorArrayGradAdd", "TensorArrayGradAt", "TensorArrayGradClear", "TensorArrayGradRead",
        "TensorArrayGradStack", "TensorArrayGradUnstack"]},
    "EagerPyFunc": "tf.py_function's op, made only inside tf.function (eagerly the function's "
                   "own ops are taped); its gradient is tested in "
                   "tests/graph/test_engine_traced_composites.py",
    "TensorArrayConcatV3": "its input is a TensorArray handle that only exists inside "
                           "tf.function; tested in tests/graph/test_engine_traced_composites.py",
}
