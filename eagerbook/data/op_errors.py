"""tf.data's errors in TF's eager frame.

TF makes a dataset by running one op (``BatchDatasetV2``, ``ShardDataset``...) eagerly, and
produces each element with the iterator's ``IteratorGetNext`` op. Like any eager op, each runs
as a small function of its own, so an error begins with that function's name and ends with
the op's; dataset ops also pass a name (empty unless given), which TF's error repeats::

    {{function_node __wrapped__BatchDatasetV2_device_/job:...}} Batch size must be greater
    than zero. [Op:BatchDatasetV2] name:

The function of an op that returns elements is named for how many components an element has
(``IteratorGetNext_output_types_2`` for ``(x, y)``): a dict, tuple or list counts each of its
leaves, a RaggedTensor or SparseTensor (one variant tensor in TF's pipeline) counts once.

This module does not import ``dataset``: the datasets and iterators import it.
"""

from ..core import errors, nest

_GRAPH_ERROR = "Graph execution error:"  # a dataset function's failing node: framed already


def dataset_op_error(cls, op_type, message, wrapped=None):
    """The error `cls` of dataset op `op_type` (the function `wrapped`, default the op's name)
    refusing its arguments: ``{{function_node ...}} message [Op:op_type] name: ``."""
    framed = errors.op_error(cls, op_type, message, wrapped).message
    framed = framed.rsplit(" [Op:", 1)[0]  # (the name a dataset op passes is always empty)
    return cls(None, None, f"{framed} [Op:{op_type}] name: ")


def element_op_name(op_type, element_spec):
    """The function name of an op returning elements of `element_spec`:
    ``IteratorGetNext_output_types_<number of components>``."""
    return f"{op_type}_output_types_{len(nest.flatten(element_spec))}"


def element_error(exc, op_type, element_spec, wrapped=None):
    """`exc`, an OpError raised while producing an element, as op `op_type` reports it (the
    kernel's words in the op's frame); None when `exc` already reads as TF's (a dataset
    function's graph error, or an error framed for this op already)."""
    message = exc.message
    if message.startswith(_GRAPH_ERROR) or message.endswith(f"[Op:{op_type}] name: "):
        return None
    wrapped = wrapped or element_op_name(op_type, element_spec)
    reframed = dataset_op_error(type(exc), op_type, errors.kernel_message(message), wrapped)
    reframed.node_def, reframed.op = exc.node_def, exc.op
    return reframed


def end_of_sequence(element_spec):
    """What ``iterator.get_next()`` raises after the last element."""
    return dataset_op_error(errors.OutOfRangeError, "IteratorGetNext", "End of sequence",
                            element_op_name("IteratorGetNext", element_spec))
