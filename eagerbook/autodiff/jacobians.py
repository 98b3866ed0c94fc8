"""``GradientTape.jacobian`` and ``batch_jacobian``: one backward sweep per target element.

TF vectorizes these with pfor; eagerbook runs the tape's sweep once per element of the target
(seeded with a one-hot), then stacks the rows. ``gradient_tape`` is the ``GradientTape``.

Inside ``tf.function`` the target's size may be known only when the function runs (an
``input_signature`` with ``None``): then the sweeps are the body of a ``tf.map_fn`` over the
element index, which the graph layer builds as a ``while_loop`` writing TensorArrays, and the
results are reshaped with ``tf.shape`` values. TF's static shapes follow: a dim unknown in the
target or the source is unknown in the jacobian.
"""

import numpy as np

from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from ..ops import array_ops, functional_ops, math_ops


def jacobian(gradient_tape, target, flat_sources, zero_unconnected):
    size = target.shape.num_elements()
    if size is None:
        results = _jacobian_loop(gradient_tape, target, flat_sources, zero_unconnected)
    else:
        results = _jacobian_unrolled(gradient_tape, target, flat_sources, zero_unconnected, size)
    if not gradient_tape._persistent:
        gradient_tape._release()
    return results


def _jacobian_unrolled(gradient_tape, target, flat_sources, zero_unconnected, size):
    rows = []
    for i in range(size):
        seed = _one_hot_like(target, i)
        rows.append(gradient_tape._backward([target], [seed], flat_sources))
    results = []
    for k, source in enumerate(flat_sources):
        value = _value_of(source)
        column = [row[k] for row in rows]
        if all(g is None for g in column) or size == 0:
            if zero_unconnected or size == 0:
                results.append(_zeros_jacobian(target, value))
            else:
                results.append(None)
            continue
        column = [math_ops.zeros_like(value) if g is None else g for g in column]
        results.append(_reshape_jacobian(array_ops.stack(column), target, value))
    return results


def _jacobian_loop(gradient_tape, target, flat_sources, zero_unconnected):
    """The jacobian of a target whose size is unknown while tracing: row i (the gradient of
    element i) is computed in a graph loop when the function runs."""
    size = array_ops.size(target)
    values = [_value_of(s) for s in flat_sources]
    connected = []

    def row(i):
        seed = array_ops.reshape(array_ops.one_hot(i, size, dtype=target.dtype),
                                 array_ops.shape(target))
        grads = gradient_tape._backward([target], [seed], flat_sources)
        if not connected:  # the body is traced once: note which sources the target reaches
            connected.extend(g is not None for g in grads)
        return [math_ops.zeros_like(v) if g is None else g for g, v in zip(grads, values)]

    rows = functional_ops.map_fn(row, array_ops.range(size),
                                 fn_output_signature=[v.dtype for v in values])
    results = []
    for k, value in enumerate(values):
        if not connected[k] and not zero_unconnected:
            results.append(None)
        else:
            results.append(_reshape_jacobian(rows[k], target, value))
    return results


def batch_jacobian(gradient_tape, target, source, zero_unconnected):
    value = _value_of(source)
    _check_batch_shapes(target.shape, value.shape)
    inner = target.shape[1:].num_elements()
    if inner is None:
        result = _batch_jacobian_loop(gradient_tape, target, source, value, zero_unconnected)
        if not gradient_tape._persistent:
            gradient_tape._release()
        return result
    columns = []
    for j in range(inner):
        seed = _one_hot_per_example(target, j, inner)
        (g,) = gradient_tape._backward([target], [seed], [source])
        columns.append(g)
    if not gradient_tape._persistent:
        gradient_tape._release()
    if all(g is None for g in columns):
        if not zero_unconnected:
            return _unconnected_batch_jacobian(target, value)
        columns = [math_ops.zeros_like(value) for _ in range(inner)]
    columns = [math_ops.zeros_like(value) if g is None else g for g in columns]
    stacked = array_ops.stack(columns, axis=1) if columns else math_ops.zeros_like(value)
    static = target.shape.concatenate(value.shape[1:])
    if static.is_fully_defined():
        return array_ops.reshape(stacked, static.as_list())
    shape = array_ops.concat([array_ops.shape(target), array_ops.shape(value)[1:]], 0)
    return _with_static_shape(array_ops.reshape(stacked, shape), static)


def _batch_jacobian_loop(gradient_tape, target, source, value, zero_unconnected):
    """batch_jacobian when the number of target elements per example is known only when the
    function runs: column j (element j of every example) is computed in a graph loop."""
    if value.shape.rank is None:
        raise ValueError("batch_jacobian inside tf.function needs a source of known rank")
    target_shape = array_ops.shape(target)
    inner = math_ops.reduce_prod(target_shape[1:])
    connected = []

    def column(j):
        row = array_ops.reshape(array_ops.one_hot(j, inner, dtype=target.dtype), [1, -1])
        seed = array_ops.reshape(array_ops.tile(row, array_ops.stack([target_shape[0], 1])),
                                 target_shape)
        (g,) = gradient_tape._backward([target], [seed], [source])
        if not connected:  # the body is traced once: note whether the target reaches source
            connected.append(g is not None)
        return math_ops.zeros_like(value) if g is None else g

    columns = functional_ops.map_fn(column, array_ops.range(inner),
                                    fn_output_signature=value.dtype)
    if not connected[0] and not zero_unconnected:
        return _unconnected_batch_jacobian(target, value)
    rank = value.shape.rank
    stacked = array_ops.transpose(columns, [1, 0] + list(range(2, rank + 1)))
    shape = array_ops.concat([target_shape, array_ops.shape(value)[1:]], 0)
    static = target.shape.concatenate(value.shape[1:])
    return _with_static_shape(array_ops.reshape(stacked, shape), static)


def _check_batch_shapes(target_shape, source_shape):
    """TF's checks, in its order: a scalar target fails reading its first dimension (Python's
    IndexError), then both must have rank 2 at least (TensorShape's ValueError), then their
    first dimensions must agree."""
    first = None if target_shape.rank is None else target_shape.dims[0]  # (IndexError)
    target_shape.with_rank_at_least(2)
    source_shape.with_rank_at_least(2)
    if first is not None and not TensorShape([first]).is_compatible_with(source_shape[:1]):
        raise ValueError(f"Need first dimension of target shape ({target_shape}) and source "
                         f"shape ({source_shape}) to match.")


def _unconnected_batch_jacobian(target, value):
    """What TF's batch_jacobian answers when the target does not reach the source and
    unconnected_gradients is NONE: zeros (not None, as its batch_jacobian always did), of the
    target's dtype, shaped target + source[1:]."""
    static = target.shape.concatenate(value.shape[1:])
    if static.is_fully_defined():
        return array_ops.zeros(static.as_list(), target.dtype)
    shape = array_ops.concat([array_ops.shape(target), array_ops.shape(value)[1:]], 0)
    return _with_static_shape(array_ops.zeros(shape, target.dtype), static)


def _value_of(source):
    return source if isinstance(source, Tensor) else source._as_tensor()


def _reshape_jacobian(stacked, target, value):
    """`stacked` (one row per target element) as shape target + source."""
    static = target.shape.concatenate(value.shape)
    if static.is_fully_defined():
        return array_ops.reshape(stacked, static.as_list())
    shape = array_ops.concat([array_ops.shape(target), array_ops.shape(value)], 0)
    return _with_static_shape(array_ops.reshape(stacked, shape), static)


def _with_static_shape(tensor, static):
    """`tensor` (a reshape to a traced shape) given the dims known while tracing."""
    if tensor.shape.rank is None or not tensor.shape.is_fully_defined():
        tensor.set_shape(TensorShape(static))
    return tensor


def _one_hot_like(target, index):
    shape = tuple(target.shape.as_list())
    seed = np.zeros(int(np.prod(shape)), dtype=target.dtype.as_numpy_dtype)
    seed[index] = 1
    return convert_to_tensor(seed.reshape(shape))  # a Const op when traced


def _one_hot_per_example(target, index, inner):
    """A seed picking element `index` of every example: ones at that position of each row."""
    if target.shape.is_fully_defined():
        batch = int(target.shape[0])
        seed = np.zeros((batch, inner), dtype=target.dtype.as_numpy_dtype)
        seed[:, index] = 1
        return convert_to_tensor(seed.reshape(tuple(target.shape.as_list())))
    batch = array_ops.shape(target)[:1]
    row = array_ops.one_hot(index, inner, dtype=target.dtype)
    return array_ops.reshape(array_ops.tile(row, batch), array_ops.shape(target))


def _zeros_jacobian(target, value):
    static = target.shape.concatenate(value.shape)
    if static.is_fully_defined():
        return _from_numpy(np.zeros(tuple(static.as_list()), dtype=value.dtype.as_numpy_dtype))
    shape = array_ops.concat([array_ops.shape(target), array_ops.shape(value)], 0)
    return _with_static_shape(array_ops.zeros(shape, value.dtype), static)
