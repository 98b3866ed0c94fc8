"""TF's eager conversion of the inputs of an op whose inputs share one dtype (its attr ``T``).

TF makes an op's inputs tensors in three steps, and the first that fails names the error:

1. Conversion, input by input: ``T`` is the dtype of the first input already a tensor (or
   Variable), else that of the first input converted on its own; each Python value is then
   converted to ``T`` (``Cannot convert 1.5 to EagerTensor of dtype int8``, a TypeError), and
   an input of a fixed dtype (LogicalAnd's bools, SelectV2's condition) to that dtype.
2. The op's definition: ``T`` must be in its allowed list (``Value for attr 'T' of int32 is
   not in the list of allowed values: ...``); a dtype listed there for which TF has no CPU
   kernel is a NotFoundError (``Could not find device for node: ...``).
3. The kernel's inputs, in order: a tensor of another dtype than expected is ``cannot compute
   Xdivy as input #1(zero-based) was expected to be a float tensor but is a int32 tensor``.

Composite ops (``tf.math.xdivy``, computed with Mul and SelectV2) convert through here under
their own TF name, so their errors name the op TF runs.
"""

from ..core.context import state
from ..core.tensor import Tensor, convert_to_tensor
from .registry import invalid_argument
from .support import dtype_error, tf_type_name
from .tf_type_lists import TF_TYPE_LISTS


def _is_tensor(value):
    return isinstance(value, Tensor) or hasattr(type(value), "_as_tensor")


def _as_tensor(value):
    return value._as_tensor() if hasattr(type(value), "_as_tensor") else value


def op_inputs(op_name, values, allowed=None, fixed=None, names=None, attr="T"):
    """Tensors for `values`, the inputs of TF's op `op_name` in its order, raising TF's error
    where TF would. `allowed`: the dtypes eagerbook computes for ``T`` (None: any);
    `fixed`: {input index: dtype} for inputs of a fixed dtype; `names`: the inputs' names
    (as the op defines them) for the TypeError a graph being built raises; `attr`: the name
    of the shared type attr (Tidx for UnravelIndex)."""
    fixed = fixed or {}
    shared = [i for i in range(len(values)) if i not in fixed]
    dtype = next((_as_tensor(values[i])._dtype for i in shared if _is_tensor(values[i])), None)
    tensors = []
    for index, value in enumerate(values):  # 1. conversion, in input order
        if _is_tensor(value):
            tensors.append(_as_tensor(value))
            continue
        tensor = convert_to_tensor(value, dtype=fixed.get(index, dtype))
        if dtype is None and index not in fixed:
            dtype = tensor._dtype
        tensors.append(tensor)
    if allowed is not None and dtype is not None and dtype not in allowed:  # 2. the attr
        listed = TF_TYPE_LISTS.get(op_name) if attr == "T" else None
        raise dtype_error(op_name, dtype, listed or [d.name for d in allowed],
                          (names or ["x"])[0], attr)
    for index, tensor in enumerate(tensors):  # 3. the kernel's inputs
        expected = fixed.get(index, dtype)
        if tensor._dtype is not expected:
            raise _mismatch(op_name, index, expected, tensor._dtype, names,
                            None if index in fixed else shared[0])
    return tensors


def _mismatch(op_name, index, expected, given, names, first):
    if state.graph is not None:  # building a graph, TF checks the op's input types
        names = names or [f"input_{i}" for i in range(index + 1)]
        against = (f"expected type of {expected.name}" if first is None else
                   f"type {expected.name} of argument '{names[first]}'")
        return TypeError(f"Input '{names[index]}' of '{op_name}' Op has type {given.name} that "
                         f"does not match {against}.")
    return invalid_argument(op_name, f"cannot compute {op_name} as input #{index}(zero-based) "
                                     f"was expected to be a {tf_type_name(expected)} tensor "
                                     f"but is a {tf_type_name(given)} tensor")
