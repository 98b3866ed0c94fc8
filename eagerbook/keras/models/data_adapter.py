"""Turns what ``fit``/``evaluate``/``predict`` receive into batches.

Arrays (NumPy, Tensors, lists/dicts of them) are cut into ``batch_size`` slices, shuffled per
epoch if asked. Anything else that can be iterated (a ``tf.data.Dataset``, a generator, a list
of batches) is taken as already batched: each element is ``x``, ``(x, y)`` or
``(x, y, sample_weight)``.
"""

import math
import numbers

import numpy as np

from ...core import errors, logs, nest
from ...core.tensor import Tensor, convert_to_tensor
from ...data import shuffle_order
from ...ops import philox, ragged_ops, random_ops
from ...ops.ragged_ops import RaggedTensor
from ...ops.sparse_ops import SparseTensor
from .. import backend
from ..data_utils import Sequence, SequenceEpochs
from ..dataset_creator import DatasetCreator, distributed_input


def _is_array(x):
    return isinstance(x, (np.ndarray, Tensor, RaggedTensor, SparseTensor)) or \
        hasattr(type(x), "_as_tensor") or _pandas_kind(x) is not None


def _pandas_kind(x):
    """"DataFrame" or "Series" for a pandas one (Keras takes both as arrays), else None."""
    cls = type(x)
    if cls.__module__.split(".")[0] == "pandas" and cls.__name__ in ("DataFrame", "Series"):
        return cls.__name__
    return None


def _num_rows(a):
    return int(a.dense_shape.numpy()[0]) if isinstance(a, SparseTensor) else len(a)


def _sparse_rows(sparse, rows):
    """The rows `rows` (in that order) of a SparseTensor, as one SparseTensor (a batch for an
    ``Input(sparse=True)``)."""
    indices, values = sparse.indices.numpy(), sparse.values.numpy()
    new_position = np.full(int(sparse.dense_shape.numpy()[0]), -1, dtype=np.int64)
    new_position[np.asarray(rows)] = np.arange(len(rows))
    keep = new_position[indices[:, 0]] >= 0
    kept = indices[keep].copy()
    kept[:, 0] = new_position[kept[:, 0]]
    order = np.lexsort(kept.T[::-1])  # row-major, as a SparseTensor keeps its entries
    shape = [len(rows)] + sparse.dense_shape.numpy()[1:].tolist()
    return SparseTensor(kept[order], values[keep][order], shape)


def is_array_input(x):
    if x is None:
        return False
    if _is_array(x):
        return True
    if isinstance(x, dict):
        return all(_is_array(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return len(x) > 0 and all(_is_array(v) or isinstance(v, (int, float, list, str, bytes))
                                  for v in x)  # (a list of texts is one array of strings)
    return False


def _as_numpy(x):
    kind = _pandas_kind(x)
    if kind == "Series":  # a column: one feature per row, as TF's adapter makes it
        return _floatx(np.expand_dims(x.to_numpy(), axis=-1))
    if kind == "DataFrame":
        return _floatx(x.to_numpy())
    if isinstance(x, (RaggedTensor, SparseTensor)):
        return x  # rows of different lengths: batches are cut from the RaggedTensor itself
    if isinstance(x, Tensor) or hasattr(type(x), "_as_tensor"):
        return x._value  # a tensor keeps its dtype
    return _floatx(x if isinstance(x, np.ndarray) else np.asarray(x))


def _floatx(array):
    """NumPy floats (float64 from np.random, say) become floatx, as TF's adapter makes them."""
    if array.dtype.kind == "f":
        target = np.dtype(backend.floatx())
        if array.dtype != target:
            return array.astype(target)
    return array


def _arrays(structure):
    """A structure of arrays; a list of numbers is one array, a list of arrays is several."""
    if structure is None:
        return None
    if _pandas_kind(structure) is not None:  # (nest would walk a DataFrame's columns)
        return _as_numpy(structure)
    if isinstance(structure, (list, tuple)) and structure and \
            not any(_is_array(v) for v in structure):
        return _floatx(np.asarray(structure))
    return nest.map_structure(_as_numpy, structure)


def unpack(data):
    """(x, y, sample_weight) from one batch element."""
    if isinstance(data, tuple):
        if len(data) == 1:
            return data[0], None, None
        if len(data) == 2:
            return data[0], data[1], None
        if len(data) == 3:
            return data
        raise ValueError("Data is expected to be in format `x`, `(x,)`, `(x, y)`, or "
                         f"`(x, y, sample_weight)`, found: {data}")
    return data, None, None


def unpack_validation(data):
    if isinstance(data, (tuple, list)) and len(data) in (2, 3) and is_array_input(data[0]):
        if len(data) == 2:
            return data[0], data[1], None
        return data[0], data[1], data[2]
    return data, None, None


def train_validation_split(arrays, validation_split):
    """Keras takes the *last* fraction of the (unshuffled) arrays for validation. TF checks
    no range: a split above 1 makes the cut point negative, which Python slicing (and TF)
    counts from the end (1.5 of 8 samples trains on the first 4, validates on the last 4)."""
    x, y, sw = arrays
    x = _arrays(x)
    n = len(nest.flatten(x)[0])
    split = int(math.floor(n * (1.0 - validation_split)))
    if split == 0 or split == n:
        raise ValueError(f"Training data contains {n} samples, which is not sufficient to "
                         f"split it into a validation and training set as specified by "
                         f"`validation_split={validation_split}`. Either provide more data, "
                         "or a different value for the `validation_split` argument.")

    def head(s):
        return None if s is None else nest.map_structure(lambda a: a[:split], _arrays(s))

    def tail(s):
        return None if s is None else nest.map_structure(lambda a: a[split:], _arrays(s))

    train = (head(x), head(y), head(sw))
    val = (tail(x), tail(y)) if sw is None else (tail(x), tail(y), tail(sw))
    return train, val


def _checked_class_weight(class_weight, y):
    """TF's checks before training: one weight per class id 0 .. n-1, a single output."""
    if class_weight is None:
        return None
    if sorted(class_weight) != list(range(len(class_weight))):
        raise ValueError("Expected `class_weight` to be a dict with keys from 0 to one less "
                         f"than the number of classes, found {class_weight}")
    if y is not None and len(nest.flatten(y)) > 1:
        raise ValueError("`class_weight` is only supported for Models with a single output.")
    return class_weight


def _class_weights(y, class_weight):
    """Each sample's weight: its class's (the argmax of one-hot labels, else the label
    rounded, as TF's input pipeline reads them)."""
    if any(isinstance(w, (str, bytes)) for w in class_weight.values()):
        # TF casts the weights to float32 in its input pipeline, an op that fails at the
        # first batch.
        raise errors.UnimplementedError(None, None, "Cast string to float is not supported")
    y = _as_numpy(y)
    if y.ndim >= 2:
        labels = np.argmax(y, axis=-1) if y.shape[-1] > 1 else np.round(np.squeeze(y, -1))
    else:
        labels = np.round(y)
    labels = labels.astype(np.int64)
    weights = np.asarray([class_weight[c] for c in range(len(class_weight))], np.float32)
    outside = np.flatnonzero((labels < 0) | (labels >= len(weights)))
    if outside.size:  # (TF's gather of the weights in its input pipeline fails so)
        i = int(outside[0])
        raise errors.InvalidArgumentError(
            None, None, f"indices[{i}] = {labels.reshape(-1)[i]} is not in [0, "
                        f"{len(weights)})")
    return weights[labels]



def _ambiguous_cardinality(x, y, sample_weight):
    """TF's message for arrays of different lengths: each part's sizes on a line of its own."""
    lines = ["Data cardinality is ambiguous:"]
    for label, part in (("x", x), ("y", y), ("sample_weight", sample_weight)):
        arrays = [a for a in nest.flatten(part) if a is not None] if part is not None else []
        if arrays:
            lines.append(f"  {label} sizes: {', '.join(str(len(a)) for a in arrays)}")
    lines.append("Make sure all arrays contain the same number of samples.")
    return "\n".join(lines)

class _SeededPermutations:
    """Each epoch's sample order as TF's fit draws it when a global seed is set: its input
    pipeline shuffles range(n) with a RandomShuffle op of op seed 0, made anew for each fit
    call, one draw per epoch. The draws are TF's Fisher-Yates on Philox words (as
    tf.random.shuffle's), so a seeded fit visits the samples in TF's order."""

    def __init__(self, n):
        self.n = n
        seed, seed2 = random_ops.get_seed(0)
        self._key, self._counter = philox.key_counter_from_op_seeds(seed, seed2)

    def next_order(self):
        n = self.n
        order = np.arange(n)
        if n <= 1:
            return order
        draws = philox.words(self._key, self._counter, n - 1).astype(np.int64)
        self._counter = philox.skip(self._counter, (n - 1 + 3) // 4)  # the op's reservation
        for i in range(n - 1):
            j = i + int(draws[i]) % (n - i)
            order[i], order[j] = order[j], order[i]
        return order


class DataHandler:
    def __init__(self, x, y=None, sample_weight=None, batch_size=None, steps_per_epoch=None,
                 shuffle=False, class_weight=None, single_batch=False, epochs=None):
        if steps_per_epoch is not None and not isinstance(steps_per_epoch, bool) and \
                steps_per_epoch == 0:
            raise ValueError("steps_per_epoch must be positive, None or -1. Received 0. See "
                             "`Model.fit`.")
        self.exhausted = False
        self._steps = steps_per_epoch
        self._epochs = epochs  # (fit's: named in the message when the data runs out)
        self._iterator = None
        if is_array_input(x):
            self._mode = "arrays"
            self.x, self.y = _arrays(x), _arrays(y)
            self.sw = _arrays(sample_weight)
            class_weight = _checked_class_weight(class_weight, self.y)
            if class_weight is not None and self.y is not None:
                cw = _class_weights(nest.flatten(self.y)[0], class_weight)
                self.sw = cw if self.sw is None else self.sw * cw
            sizes = {_num_rows(a) for a in nest.flatten((self.x, self.y, self.sw))
                     if a is not None}
            if len(sizes) > 1:
                raise ValueError(_ambiguous_cardinality(self.x, self.y, self.sw))
            self.n = sizes.pop()
            if single_batch:
                batch_size = self.n
            if batch_size is not None and (isinstance(batch_size, bool) or not isinstance(
                    batch_size, numbers.Integral) or batch_size <= 0):
                raise ValueError("Expected `batch_size` to be a positive integer, received "
                                 f"batch_size={batch_size!r}.")
            self.batch_size = int(batch_size) if batch_size is not None else 32
            self.shuffle = bool(shuffle)
            self._seeded_orders = _SeededPermutations(self.n) if self.shuffle and \
                random_ops.get_global_seed() is not None else None
            self.batches_per_pass = int(math.ceil(self.n / self.batch_size)) if self.n else 0
            self.steps_per_epoch = steps_per_epoch or self.batches_per_pass
            # As TF's: the arrays make `epochs` passes (one for evaluate and predict), read
            # on from one epoch to the next (steps_per_epoch need not divide a pass); each
            # pass has an order of its own.
            self._passes = epochs or 1
            self._cursor = 0  # batches read so far, over all passes
            self._order = None
        else:
            if x is None:
                raise ValueError("No data was provided: `x` is None.")
            if isinstance(x, DatasetCreator):  # one iterator for all epochs: steps needed
                x = distributed_input(x, steps_per_epoch)
            if isinstance(x, Sequence):
                if y is not None or sample_weight is not None:
                    argument = "y" if y is not None else "sample_weight"
                    raise ValueError(f"`{argument}` argument is not supported when using "
                                     "`keras.utils.Sequence` as input.")
                x = SequenceEpochs(x, shuffle)
            if y is not None:
                raise ValueError("`y` argument is not supported when using dataset as input.")
            # (a batch_size given with data that comes batched is ignored, as TF 2.4+ does)
            if not hasattr(x, "__iter__"):
                raise ValueError(f"Unrecognized data type: x={x} (of type {type(x)})")
            self._mode = "iterable"
            self.dataset = x
            self.class_weight = _checked_class_weight(class_weight, None)
            self.steps_per_epoch = steps_per_epoch
            if steps_per_epoch is None:
                try:
                    n = len(x)
                    self.steps_per_epoch = int(n) if n >= 0 else None
                except TypeError:
                    card = getattr(x, "cardinality", None)
                    if callable(card):
                        try:
                            value = int(card())
                            self.steps_per_epoch = value if value >= 0 else None
                        except (TypeError, ValueError):
                            pass

    def traced_x_spec(self):
        """(shape, dtype) of ``x`` as TF's traced train/test/predict function sees it, or None
        when ``x`` is not a single array: arrays cut into whole batches keep their batch size,
        a partial last batch makes it None; a dataset gives its element_spec."""
        if self._mode == "arrays":
            if not isinstance(self.x, np.ndarray) or not self.n:
                return None
            batch = self.batch_size if self.n % self.batch_size == 0 else None
            return [batch] + list(self.x.shape[1:]), convert_to_tensor(self.x[:0]).dtype
        spec = getattr(self.dataset, "element_spec", None)
        if isinstance(spec, tuple) and spec:
            spec = spec[0]
        shape = getattr(spec, "shape", None)
        if shape is None or shape.rank is None or not hasattr(spec, "dtype"):
            return None
        return shape.as_list(), spec.dtype

    def traced_batch_size(self):
        """The batch size TF's traced step sees, or None (unknown): arrays cut into whole
        batches keep theirs, a partial last batch makes it None; a dataset gives its
        element_spec's (a batch made with drop_remainder keeps its size)."""
        if self._mode == "arrays":
            whole = self.n and self.n % self.batch_size == 0
            return self.batch_size if whole else None
        specs = nest.flatten(getattr(self.dataset, "element_spec", None))
        shape = getattr(specs[0], "shape", None) if specs else None
        if shape is None or not shape.rank:
            return None
        return shape.as_list()[0]

    def input_structure(self):
        """What else a trace of TF's step functions is for, when ``x`` is not one array: its
        nesting (a list, tuple or dict of inputs) with each input's inner shape and dtype, or
        a dataset's element_spec, as text."""
        if self._mode != "arrays":
            return repr(getattr(self.dataset, "element_spec", None))
        return repr(nest.map_structure(
            lambda a: (np.shape(a)[1:], str(getattr(a, "dtype", type(a).__name__))), self.x))

    def epoch_batches(self):
        if self.exhausted:
            return  # (as TF's: data that ran out gives no more batches, even to a new pass)
        if self._mode == "arrays":
            yield from self._array_batches()
        else:
            yield from self._iterable_batches()

    def _array_batches(self):
        if not self.batches_per_pass:
            return  # (no samples: the loops say the data is empty)
        step = 0
        while step < self.steps_per_epoch:
            pass_index, b = divmod(self._cursor, self.batches_per_pass)
            if pass_index >= self._passes:
                self._ran_out()
                return
            if b == 0:
                self._order = self._pass_order()
            self._cursor += 1
            yield step, self._array_batch(self._order, b)
            step += 1

    def _pass_order(self):
        """The sample order of the next pass: None (as given) unless shuffling."""
        if not self.shuffle:
            return None
        if self._seeded_orders is not None:
            return self._seeded_orders.next_order()
        return np.random.permutation(self.n)  # no global seed: any order will do

    def _array_batch(self, order, b):
        """Batch `b` of a pass in the given sample order, packed as TF packs it."""
        if order is not None:
            idx = order[b * self.batch_size:(b + 1) * self.batch_size]

            def take(a):
                if isinstance(a, SparseTensor):
                    return _sparse_rows(a, idx)
                if isinstance(a, RaggedTensor):
                    return ragged_ops._gather_rows(a, convert_to_tensor(idx, "int64"))
                return convert_to_tensor(a[idx])
        else:
            lo, hi = b * self.batch_size, (b + 1) * self.batch_size

            def take(a):
                if isinstance(a, SparseTensor):
                    return _sparse_rows(a, np.arange(lo, min(hi, self.n)))
                rows = a[lo:hi]
                return rows if isinstance(rows, RaggedTensor) else convert_to_tensor(rows)
        x = nest.map_structure(take, self.x)
        y = None if self.y is None else nest.map_structure(take, self.y)
        sw = None if self.sw is None else nest.map_structure(take, self.sw)
        if y is None:
            # As TF packs it: x alone (a custom step gets the batch itself), a tuple of
            # inputs wrapped once so that it is not taken for (x, y).
            return (x,) if isinstance(x, tuple) else x
        return (x, y) if sw is None else (x, y, sw)

    def _ran_out(self):
        """TF's warning when the steps asked for need more batches than the data gives; the
        loop then stops (fit after this epoch's end)."""
        logs.logger.warning(  # (as TF logs it: WARNING:tensorflow:...)
            "Your input ran out of data; interrupting training. Make sure that your dataset "
            "or generator can generate at least `steps_per_epoch * epochs` batches (in this "
            f"case, {self.steps_per_epoch * (self._epochs or 1)} batches). You may need to use "
            "the repeat() function when building your dataset.")
        self.exhausted = True

    def start_over(self):
        """The next pass starts at the data's beginning: each evaluation does (TF makes a new
        iterator per evaluate call, also for fit's validation with validation_steps)."""
        self._iterator = None
        self._unread_iterator_due = True
        self._cursor = 0

    def _skip_tfs_unread_iterator(self):
        """TF's Keras makes an iterator over a dataset before its epochs begin and, unless
        steps_per_epoch stops short of the dataset's end, a new one for each epoch: the first
        is never read, but its shuffles have drawn their seeds, so each seeded shuffle moves
        on an iteration (fit's first epoch has the order of the dataset's second iteration)."""
        due, self._unread_iterator_due = self.__dict__.get("_unread_iterator_due", True), False
        if not due or not callable(getattr(self.dataset, "_inputs", None)):
            return
        if self._steps is not None:
            try:
                if int(self.dataset.cardinality()) != self._steps:
                    return  # (that first iterator is the one read)
            except (TypeError, ValueError, AttributeError):
                return
        shuffle_order.skip_an_iteration(self.dataset)

    def _class_weighted(self, element):
        """A dataset's (x, y[, sample_weight]) batch with its class weights as the sample
        weights (times those it has), as TF maps its input."""
        if len(nest.flatten(element[1])) > 1:
            raise ValueError("`class_weight` is only supported for Models with a single "
                             "output.")
        weights = _class_weights(element[1], self.class_weight)
        if len(element) == 3 and element[2] is not None:
            given = _as_numpy(element[2])
            given = given.reshape(given.shape + (1,) * (weights.ndim - given.ndim))
            weights = given * weights
        return element[0], element[1], weights

    def _iterable_batches(self):
        self._skip_tfs_unread_iterator()
        if self._steps is None or self._iterator is None:
            self._iterator = iter(self.dataset)
        step = 0
        while self._steps is None or step < self._steps:
            try:
                element = next(self._iterator)
            except StopIteration:
                if self._steps is not None:
                    if step == 0:
                        self._iterator = iter(self.dataset)
                        try:
                            element = next(self._iterator)
                        except StopIteration:
                            return
                    else:
                        self._ran_out()
                        return
                else:
                    return
            if isinstance(element, list):
                element = tuple(element)
            if self.class_weight is not None and isinstance(element, tuple) and \
                    len(element) in (2, 3):
                element = self._class_weighted(element)
            yield step, element
            step += 1
