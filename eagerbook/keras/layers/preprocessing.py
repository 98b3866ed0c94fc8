"""Preprocessing layers that turn raw features into numbers: ``StringLookup``,
``IntegerLookup``, ``CategoryEncoding``, ``Discretization``, ``TextVectorization``, and the
numeric ones ``Rescaling`` and ``Normalization`` (whose ``adapt`` learns a mean and variance).

The lookup layers work on NumPy values (strings are byte strings in object arrays, as in
eagerbook's string tensors) and have no weights to train. A lookup layer's vocabulary comes
from the constructor or from ``adapt(data)``, which counts the tokens and orders them as TF
does: most frequent first, ties in descending token order. Index 0 (and 1 for
TextVectorization, after the padding token ``''``) is for out-of-vocabulary tokens (``[UNK]``,
or -1 for integers).
"""

import collections
import functools
import os
import re

import numpy as np

from ...checkpoints.containers import ListWrapper
from ...core import dtypes, errors, logs, nest
from ...core.shape import TensorShape
from ...core.spec import TensorSpec
from ...core.tensor import Tensor, _from_numpy, convert_to_tensor, is_symbolic
from ...data import shuffle_order
from ...ops import array_ops, math_ops, script_ops, sparse_ops
from ...ops.ragged_ops import RaggedTensor
from ...ops.sparse_ops import SparseTensor
from .. import backend
from .base import Layer, _tracked_container, count_as_traced_calls
from .string_hashes import fingerprint64

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")


def _values(data):
    """`data` (a tensor, array, list or Dataset) as one flat NumPy array of its entries."""
    if hasattr(data, "element_spec") and hasattr(data, "as_numpy_iterator"):
        parts = [np.asarray(b, dtype=object if isinstance(b, (bytes, str)) or
                            getattr(getattr(b, "dtype", None), "kind", "") == "O"
                            else None).reshape(-1)
                 for b in data.as_numpy_iterator()]
        return np.concatenate(parts) if parts else np.array([])
    if hasattr(data, "numpy"):
        data = data.numpy()
    return np.asarray(data).reshape(-1)


def _refuse_repeats(given, tokens):
    """TF refuses a vocabulary that lists a token twice, naming the repeats as NumPy gave
    them (``[np.str_('a')]``), each once, in order of first appearance."""
    counts = collections.Counter(tokens)
    if all(n == 1 for n in counts.values()):
        return
    repeated, seen = [], set()
    for value, token in zip(given, tokens):
        if counts[token] > 1 and token not in seen:
            seen.add(token)
            repeated.append(value.astype(str)[()] if isinstance(value, np.bytes_) else value)
    raise ValueError("The passed vocabulary has at least one repeated term. Please uniquify "
                     f"your dataset. The repeated terms are {repeated}")


def _rows(data):
    """The documents of adapt data: its rows (each element of a vector is one)."""
    if hasattr(data, "element_spec") and hasattr(data, "as_numpy_iterator"):
        out = []
        for batch in data.as_numpy_iterator():
            batch = np.asarray(batch, dtype=object if isinstance(batch, (bytes, str)) else None)
            out.extend(batch.reshape(-1, 1) if batch.ndim < 2 else batch)
        return out
    array = np.asarray(data.numpy() if hasattr(data, "numpy") else data)
    return list(array.reshape(-1, 1) if array.ndim < 2 else array)


def kernel_dtype_name(dtype):
    """A NumPy dtype as TF's kernel messages name it (float32 is 'float')."""
    name = np.dtype(dtype).name
    if np.dtype(dtype).kind in "OSU":
        return "string"
    return {"float32": "float", "float64": "double", "float16": "half"}.get(name, name)


def _is_ragged(value):
    return hasattr(value, "flat_values") and hasattr(value, "with_flat_values")


def _as_bytes(value):
    return value.encode("utf-8") if isinstance(value, str) else bytes(value)


def _as_given(values):
    """A vocabulary, weights or boundaries argument as ``get_config`` shows it: TF keeps the
    constructor's argument there, a list as the ``ListWrapper`` its attribute tracking made of
    it; arrays and tensors become plain lists (byte strings text)."""
    if values is None or isinstance(values, str):  # (a string is a vocabulary file's path)
        return values
    if isinstance(values, list):
        return ListWrapper(values)
    if isinstance(values, tuple):
        return list(values)
    listed = _values(values).tolist()
    return [v.decode("utf-8") if isinstance(v, bytes) else v for v in listed]


def _vocabulary_file(vocabulary, output_mode):
    """A vocabulary given as the path of a text file: its lines, one token each."""
    if not isinstance(vocabulary, str):
        return vocabulary
    if not os.path.exists(vocabulary):
        raise ValueError(f"Vocabulary file {vocabulary} does not exist.")
    if output_mode == "tf_idf":
        raise ValueError("output_mode `'tf_idf'` does not support loading a vocabulary from "
                         "file.")
    with open(vocabulary, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f]


def _adapt_rank(data):
    """The rank of one batch of adapt data (a Dataset's elements are its batches)."""
    if hasattr(data, "element_spec"):
        return data.element_spec.shape.rank
    return np.ndim(data.numpy() if hasattr(data, "numpy") else data)


def _note_adapt_shape(layer, data):
    """A first ``adapt`` on a layer never called fixes its input rank, every axis unknown:
    TF's config then shows it as ``batch_input_shape`` (``(None,)`` for a vector)."""
    if not getattr(layer, "_called_once", False) and layer._batch_input_shape is None:
        layer._batch_input_shape = (None,) * _adapt_rank(data)


def _merge_moments(mean, variance, count, batch, reduce_axes):
    """Running (mean, variance, count) updated with one float32 batch, in float32 and in
    TF's order of operations, so that adapt's statistics match TF's to the last digit."""
    batch_mean = np.mean(batch, axis=reduce_axes, dtype=np.float32)
    centred = batch - batch_mean.reshape(_keepdims_shape(batch.ndim, reduce_axes, batch_mean))
    batch_variance = np.mean(np.square(centred), axis=reduce_axes, dtype=np.float32)
    batch_count = int(np.prod([batch.shape[a] for a in reduce_axes]))
    total = count + batch_count
    batch_weight = np.float32(batch_count) / np.float32(total)
    existing_weight = np.float32(1.0) - batch_weight
    total_mean = mean * existing_weight + batch_mean * batch_weight
    total_variance = ((variance + np.square(mean - total_mean)) * existing_weight
                      + (batch_variance + np.square(batch_mean - total_mean)) * batch_weight)
    return total_mean.astype(np.float32), total_variance.astype(np.float32), total


def _keepdims_shape(rank, reduce_axes, reduced):
    """The shape `reduced` (kept axes only) takes to broadcast against a rank-`rank` batch."""
    kept = iter(reduced.shape)
    return [1 if a in reduce_axes else next(kept) for a in range(rank)]


def _current_output_mode(output_mode):
    """TF 2.4's names of two output modes, still accepted: 'binary' is 'multi_hot' and
    'tf-idf' is 'tf_idf'."""
    return {"binary": "multi_hot", "tf-idf": "tf_idf"}.get(output_mode, output_mode)


def _ordered_vocabulary(tokens, max_size):
    """Tokens by count (most frequent first), ties in descending token order."""
    counts = collections.Counter(tokens)
    ordered = sorted(counts, key=lambda t: (counts[t], t), reverse=True)
    return ordered if max_size is None else ordered[:max(max_size, 0)]


def _encode(indices, depth, mode, idf=None):
    """Integer indices (batch, n) or (n,) -> one_hot/multi_hot/count/tf_idf rows."""
    indices = np.asarray(indices)
    if mode == "one_hot":
        if indices.ndim and indices.shape[-1] == 1:
            indices = indices[..., 0]
        return np.eye(depth, dtype=np.float32)[indices]
    rows = indices.reshape(-1, indices.shape[-1]) if indices.ndim > 1 else indices[None, :]
    out = np.zeros((rows.shape[0], depth), dtype=np.float32)
    for r, row in enumerate(rows):
        np.add.at(out[r], row, 1.0)
    if mode == "multi_hot":
        out = np.minimum(out, 1.0)
    elif mode == "tf_idf":
        out = out * idf
    return out if indices.ndim > 1 else out[0]


def runs_on_values(call):
    """Decorates the `call` of a layer that computes on NumPy values: inside a tf.function,
    where its inputs are symbolic, the layer becomes one op of the traced graph (a
    ``py_function``) that calls it on the inputs' values when the function runs, with the
    output's dtype and static shape as the layer computes them (sparse outputs are carried
    dense through the op)."""
    @functools.wraps(call)
    def wrapper(self, inputs, *args, **kwargs):
        flat = nest.flatten(inputs)
        if not any(isinstance(x, Tensor) and is_symbolic(x) for x in flat):
            return call(self, inputs, *args, **kwargs)
        if any(isinstance(x, RaggedTensor) for x in flat):
            raise NotImplementedError(f"eagerbook's {type(self).__name__} cannot run on ragged "
                                      "tensors inside a tf.function")
        if getattr(self, "ragged", False):
            return _ragged_rows_on_values(self, call, inputs, args, kwargs)

        def on_values(*values):
            out = call(self, nest.pack_sequence_as(inputs, list(values)), *args, **kwargs)
            return sparse_ops.to_dense(out) if isinstance(out, SparseTensor) else out

        shapes = nest.map_structure(lambda x: x.shape, inputs)
        out = script_ops.py_function(on_values, flat, Tout=self._output_dtype(flat[0].dtype))
        out.set_shape(self._symbolic_output_shape(shapes))
        if not getattr(self, "sparse", False):
            return out
        sparse = sparse_ops.from_dense(out)
        # as TF's sparse bincount: the rows' count is known only when the function runs
        sparse._static_shape = TensorShape([None] + out.shape.as_list()[1:])
        return sparse
    return wrapper


def _ragged_rows_on_values(layer, call, inputs, args, kwargs):
    """A layer whose output is ragged rows (TextVectorization with ``ragged=True``, as the
    translation tutorial maps it over a dataset) inside a tf.function: one py_function
    gives the rows' values and row splits, put together as a RaggedTensor of the graph."""
    def on_values(values):
        out = call(layer, values, *args, **kwargs)
        return out.flat_values, out.row_splits

    values, splits = script_ops.py_function(on_values, [inputs],
                                            Tout=[dtypes.int64, dtypes.int64])
    values.set_shape([None])
    splits.set_shape([None])
    return RaggedTensor.from_row_splits(values, splits, validate=False)


def encoded_output(rows, sparse):
    """Encoded (one-hot, multi-hot, count, tf-idf) rows as the layer returns them: a dense
    float32 tensor, or with ``sparse=True`` a SparseTensor of the nonzero entries."""
    rows = np.asarray(rows, np.float32)
    if not sparse:
        return _from_numpy(rows)
    indices = np.argwhere(rows != 0)  # row-major, as TF orders them
    return SparseTensor(_from_numpy(indices.astype(np.int64)),
                        _from_numpy(rows[tuple(indices.T)]),
                        _from_numpy(np.asarray(rows.shape, np.int64)))


def check_sparse_mode(sparse, output_mode, modes="`'one_hot'`, `'multi_hot'`, `'count'` or "
                                                 "`'tf_idf'`"):
    """TF's ValueError for ``sparse=True`` with integer outputs."""
    if sparse and output_mode == "int":
        raise ValueError(f"`sparse` may only be true if `output_mode` is {modes}. Received: "
                         f"sparse={sparse} and output_mode={output_mode}")


def check_vocabulary_set(layer):
    """TF's errors for a lookup (or TextVectorization) called before it has a vocabulary:
    the encoding modes need its size first; an index lookup finds its table empty."""
    if hasattr(layer, "_index"):
        return
    if layer.output_mode != "int" and not layer.pad_to_max_tokens:
        raise RuntimeError(f"When using `output_mode={layer.output_mode}` and "
                           "`pad_to_max_tokens=False`, you must set the layer's vocabulary "
                           "before calling it. Either pass a `vocabulary` argument to the "
                           "layer, or call `adapt` with some sample data.")
    raise errors.op_error(errors.FailedPreconditionError, "LookupTableFindV2",
                          "Table not initialized.")


class EncodedRank:
    """Encoded outputs (one_hot, multi_hot, count, tf_idf) have at most two axes: a call whose
    output would have more fails with TF's ValueError, eagerly and on KerasTensors alike."""

    def _check_encoded_rank(self, input_shape):
        if self.output_mode == "int" or getattr(self, "invert", False):
            return
        rank = len(self.compute_output_shape(input_shape))
        if rank > 2:
            raise ValueError(f"When output_mode is not `'int'`, maximum supported output rank "
                             f"is 2. Received output_mode {self.output_mode} and input shape "
                             f"{tuple(TensorShape(input_shape).as_list())}, which would result "
                             f"in output rank {rank}.")

    def _symbolic_output_shape(self, input_shape):
        self._check_encoded_rank(input_shape)
        return self.compute_output_shape(input_shape)


_adapting = [0]  # adapt calls running (one inside another counts once)


def _tfs_adapt_iterations(adapt):
    """An adapt method's effect on a Dataset's seeded shuffles, as TF's adapt has it: TF makes
    an iterator it never reads, then the one it reads, so each shuffle moves on two
    iterations, however many passes eagerbook's adapt makes (the first reads TF's order)."""
    @functools.wraps(adapt)
    def adapt_as_tf(self, data, *args, **kwargs):
        shuffles = shuffle_order.shuffles_in(data) \
            if callable(getattr(data, "_inputs", None)) and not _adapting[0] else []
        starts = [shuffle._epoch for shuffle in shuffles]
        for shuffle in shuffles:
            shuffle._epoch += 1
        if not _adapting[0]:
            count_as_traced_calls(self.make_adapt_function(), _tfs_adapt_steps(data, *args,
                                                                                **kwargs))
        _adapting[0] += 1
        try:
            return adapt(self, data, *args, **kwargs)
        finally:
            _adapting[0] -= 1
            for shuffle, start in zip(shuffles, starts, strict=True):
                shuffle._epoch = start + 2
    return adapt_as_tf


def _tfs_adapt_steps(data, batch_size=None, steps=None):
    """How many steps TF's adapt runs: one per batch (a Dataset's elements, or `batch_size`
    rows, 32 by default), at most `steps`."""
    if callable(getattr(data, "_inputs", None)):
        try:
            count = int(data.cardinality())
        except (TypeError, ValueError):
            count = -1
        count = count if count >= 0 else 1  # (an unknown number: counted as one)
    else:
        shape = getattr(data, "shape", None)
        rows = shape[0] if shape is not None and len(shape) else \
            len(data) if isinstance(data, (list, tuple)) else 1
        count = -(-int(rows or 1) // (batch_size or 32))
    return max(1, count if steps is None else min(count, steps))


class PreprocessingLayer(Layer):
    """The base of the layers whose state ``adapt(data)`` computes from data: ``adapt``
    starts from ``reset_state()``, feeds each batch to ``update_state(batch)`` and ends with
    ``finalize_state()``; ``is_adapted`` tells whether it ran. (The built-in layers compute
    their state in one pass instead.)"""

    @property
    def is_adapted(self):
        return getattr(self, "_is_adapted", False)

    def update_state(self, data):
        raise NotImplementedError

    def reset_state(self):
        pass

    def finalize_state(self):
        pass

    def make_adapt_function(self):
        """The function TF's adapt runs, traced, for each batch: ``adapt_step(iterator)``
        updates the state with the iterator's next batch."""
        def adapt_step(iterator):
            self.update_state(next(iterator))

        self._adapt_function = adapt_step
        return adapt_step

    @_tfs_adapt_iterations
    def adapt(self, data, batch_size=None, steps=None):
        self.reset_state()
        for count, batch in enumerate(_adapt_batches(data, batch_size)):
            if steps is not None and count >= steps:
                break
            self.update_state(batch)
        self.finalize_state()
        self._is_adapted = True


def _adapt_batches(data, batch_size):
    """`data` as batches: a Dataset's elements, else slices of `batch_size` (32) rows."""
    if hasattr(data, "element_spec"):
        yield from data
        return
    size = batch_size or 32
    for start in range(0, len(data), size):
        yield convert_to_tensor(data[start:start + size])


class _Lookup(EncodedRank, PreprocessingLayer):
    """Shared by StringLookup and IntegerLookup: token -> index (or back, with `invert`)."""

    _oov_default = None

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=None,
                 vocabulary=None, idf_weights=None, invert=False, output_mode="int",
                 sparse=False, pad_to_max_tokens=False, **kwargs):
        # A config's vocabulary size, shown again while no vocabulary is set (as TF does).
        self._config_vocabulary_size = kwargs.pop("vocabulary_size", None)
        output_mode = _current_output_mode(output_mode)
        # Index outputs are int64, so is the layer's dtype; encoded rows are floats.
        kwargs.setdefault("dtype", "int64" if output_mode == "int" else None)
        super().__init__(**kwargs)
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(f"Unkown value for `output_mode` argument of layer "  # TF's typo
                             f"{type(self).__name__}. Allowed values are: or one of the "
                             f"following values: {_OUTPUT_MODES}. Received: "
                             f"{output_mode}")
        if num_oov_indices < 0:
            raise ValueError("`num_oov_indices` must be greater than or equal to 0. Received: "
                             f"num_oov_indices={num_oov_indices}")
        if invert and output_mode != "int":
            raise ValueError("`output_mode` must be `'int'` when `invert` is true. Received: "
                             f"output_mode={output_mode}")
        check_sparse_mode(sparse, output_mode)
        self.max_tokens = max_tokens
        self.num_oov_indices = num_oov_indices
        self.mask_token = mask_token
        self.oov_token = self._oov_default if oov_token is None else oov_token
        self.invert = invert
        self.output_mode = output_mode
        self.sparse = sparse
        self.pad_to_max_tokens = pad_to_max_tokens
        self._tokens = []
        self._idf = None
        self._has_vocabulary = False
        self._static_vocabulary = vocabulary is not None
        self._vocabulary_arg = _as_given(vocabulary)
        self._idf_arg = _as_given(idf_weights)
        self._autocast = False
        self.built = True
        if idf_weights is not None and output_mode != "tf_idf":
            raise ValueError(f"`idf_weights` should only be set if `output_mode` is "
                             f"`'tf_idf'`. Received: idf_weights={idf_weights} and "
                             f"output_mode={output_mode}")
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)

    def _key(self, value):
        raise NotImplementedError

    _key_kinds = ""  # the NumPy kinds of inputs TF's table casts to its key dtype
    _key_dtype_name = ""

    def _check_key_kind(self, array):
        """Inputs of another kind fail in TF's cast to the table's key dtype."""
        if array.size and array.dtype.kind not in self._key_kinds:
            raise errors.op_error(errors.UnimplementedError, "Cast",
                                  f"Cast {kernel_dtype_name(array.dtype)} to "
                                  f"{self._key_dtype_name} is not supported")

    def _specials(self):
        return ([] if self.mask_token is None else [self.mask_token]) + \
            [self.oov_token] * self.num_oov_indices

    def _oov_index(self, key):
        """Where an out-of-vocabulary token goes: one of the `num_oov_indices` OOV slots after
        the mask, picked by a hash of the token (TF's: FarmHash for strings, the value modulo
        the slot count for integers)."""
        first = 0 if self.mask_token is None else 1
        if self.num_oov_indices <= 1:
            return first
        return first + self._hash(key) % self.num_oov_indices

    def get_vocabulary(self, include_special_tokens=True):
        """The vocabulary as TF lists it: its terms as NumPy scalars (``np.str_``,
        ``np.int64``: TF reads them back from a tensor), the special tokens as given (for
        IntegerLookup, NumPy integers too)."""
        tokens = [self._shown(t) for t in self._tokens]
        if not include_special_tokens:
            return tokens
        return [self._shown_special(t) for t in self._specials()] + tokens

    def _shown_special(self, token):
        return token

    def vocabulary_size(self):
        return len(self._specials()) + len(self._tokens)

    def vocab_size(self):
        """The old name of ``vocabulary_size`` (TF keeps it, with a logged warning)."""
        logs.logger.warning("vocab_size is deprecated, please use vocabulary_size.")
        return self.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Sets the tokens (a list, array, tensor or file-free iterable); in ``tf_idf`` mode
        also their idf weights. The special tokens may lead the vocabulary (as
        ``get_vocabulary()`` returns it), with weights of their own in `idf_weights`. A string
        is the path of a text file with a token per line."""
        given = _values(_vocabulary_file(vocabulary, self.output_mode))
        tokens = [self._key(v) for v in given]
        _refuse_repeats(given, tokens)
        specials = [self._key(t) for t in self._specials()]
        given_specials = tokens[:len(specials)] == specials and bool(specials)
        if given_specials:
            tokens = tokens[len(specials):]
        if self.output_mode == "tf_idf":
            if idf_weights is None:
                raise ValueError("`idf_weights` must be set if output_mode is TF_IDF")
            weights = np.asarray(_values(idf_weights), dtype=np.float32)
            expected = len(tokens) + (len(specials) if given_specials else 0)
            if len(weights) != expected:
                raise ValueError(f"`idf_weights` must be the same length as vocabulary. "
                                 f"len(idf_weights) is {len(weights)}, len(vocabulary) is "
                                 f"{expected}")
            if not given_specials:
                # TF's guess for out-of-vocabulary tokens: the average weight; the mask: 0.
                front = np.full(len(specials), weights.mean() if len(weights) else 0.0,
                                np.float32)
                weights = np.concatenate([front, weights])
            if self.mask_token is not None:
                weights[0] = 0.0
            self._idf = weights
        elif idf_weights is not None:
            raise ValueError(f"`idf_weights` should only be set if `output_mode` is "
                             f"`'tf_idf'`. Received: idf_weights={idf_weights} and "
                             f"output_mode={self.output_mode}")
        self._tokens = tokens
        self._index = {t: i + len(specials) for i, t in enumerate(tokens)}
        self._has_vocabulary = True
        self._static_vocabulary = True

    def _check_adaptable(self):
        if self._static_vocabulary:
            raise ValueError(f"Cannot adapt {type(self).__name__} layer after setting a static "
                             "vocabulary via init argument or `set_vocabulary`.")

    @_tfs_adapt_iterations
    def adapt(self, data, batch_size=None, steps=None):
        self._check_adaptable()
        _note_adapt_shape(self, data)
        tokens = [self._key(v) for v in _values(data)]
        specials = {self._key(s) for s in self._specials()}
        tokens = [t for t in tokens if t not in specials]
        limit = None if self.max_tokens is None else self.max_tokens - len(self._specials())
        vocabulary = _ordered_vocabulary(tokens, limit)
        idf = None
        if self.output_mode == "tf_idf":
            # Each row of the data is a document: idf = log(1 + documents / (1 + containing)).
            documents = [{self._key(v) for v in np.asarray(row).reshape(-1)}
                         for row in _rows(data)]
            idf = [np.log(1 + len(documents) / (1 + sum(t in d for d in documents)))
                   for t in vocabulary]
        self.set_vocabulary(np.array(vocabulary, dtype=object), idf)
        self._static_vocabulary = False  # adapted, so a later adapt may start over
        self._is_adapted = True

    @runs_on_values
    def call(self, inputs):
        self._called_once = True
        check_vocabulary_set(self)
        if _is_ragged(inputs):
            return self._call_ragged(inputs)
        array = np.asarray(inputs.numpy() if hasattr(inputs, "numpy") else inputs)
        if self.invert:
            words = self.get_vocabulary()
            lookup = np.vectorize(lambda i: self._out_token(words[i] if 0 <= i < len(words)
                                                            else self.oov_token),
                                  otypes=[object])
            tokens = lookup(array) if array.size else array.astype(object)
            return _from_numpy(tokens.astype(np.int64) if self._output_dtype(None) is
                               dtypes.int64 else tokens)
        self._check_encoded_rank(array.shape)
        self._check_key_kind(array)
        mask_key = None if self.mask_token is None else self._key(self.mask_token)
        keys = [self._key(v) for v in array.reshape(-1)]
        if self.num_oov_indices == 0:
            unknown = [k for k in keys if k != mask_key and k not in self._index]
            if unknown:
                shown = ", ".join(f'"{self._shown(k)}"' for k in unknown)
                raise errors.InvalidArgumentError(
                    None, None, "When `num_oov_indices=0` all inputs should be in vocabulary, "
                    f"found OOV values [{shown}], consider setting `num_oov_indices=1`.")
        flat = [0 if k == mask_key else self._index[k] if k in self._index
                else self._oov_index(k) for k in keys]
        indices = np.asarray(flat, dtype=np.int64).reshape(array.shape)
        if self.output_mode == "int":
            return _from_numpy(indices)
        return encoded_output(_encode(indices, self.vocabulary_size(), self.output_mode,
                                      self._idf), self.sparse)

    def _call_ragged(self, inputs):
        """Ragged rows (a text split into characters, say): indices (or tokens) keep the
        rows; an encoded output has one row per ragged row."""
        if self.output_mode == "int" or self.invert:
            return inputs.with_flat_values(self.call(inputs.flat_values))
        self._check_encoded_rank([None, None])  # (batch, ragged steps)
        rows = [self._encode_row(row) for row in inputs.to_list()]
        return encoded_output(np.stack(rows) if rows else
                              np.zeros((0, self.vocabulary_size()), np.float32), self.sparse)

    def _encode_row(self, tokens):
        """One ragged row's tokens as one encoded (multi-hot, count, tf-idf) row."""
        encoded = self.call(np.asarray(tokens, dtype=object if isinstance(self._oov_default, str)
                                       else np.int64).reshape(1, -1))
        if isinstance(encoded, SparseTensor):
            encoded = sparse_ops.to_dense(encoded)
        return encoded.numpy()[0]

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.output_mode == "int" or self.invert:
            return TensorShape(dims)
        depth = self.vocabulary_size()
        if self.output_mode == "one_hot":  # a new last axis, unless the last one has size 1
            return TensorShape((dims[:-1] if dims and dims[-1] == 1 else dims) + [depth])
        # multi_hot/count/tf_idf: a vector is one sample, a matrix one sample per row
        return TensorShape(dims[:-1] + [depth] if len(dims) > 1 else [depth])

    def get_config(self):
        # TF's keys in TF's order: the vocabulary and weights given to the constructor (None
        # when adapted), and the size of the vocabulary in use (None while there is none).
        config = super().get_config()
        config.update({"invert": self.invert, "max_tokens": self.max_tokens,
                       "num_oov_indices": self.num_oov_indices, "oov_token": self.oov_token,
                       "mask_token": self.mask_token, "output_mode": self.output_mode,
                       "sparse": self.sparse, "pad_to_max_tokens": self.pad_to_max_tokens})
        config.update(self._type_config())
        config.update({"idf_weights": self._idf_arg, "vocabulary": self._vocabulary_arg,
                       "vocabulary_size": self.vocabulary_size() if self._has_vocabulary
                       else self._config_vocabulary_size})
        return config

    def _type_config(self):
        return {}


class StringLookup(_Lookup):
    """Strings -> indices (``[UNK]`` = 0 for tokens outside the vocabulary)."""

    _oov_default = "[UNK]"

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token="[UNK]",
                 vocabulary=None, idf_weights=None, encoding="utf-8", invert=False,
                 output_mode="int", sparse=False, pad_to_max_tokens=False, **kwargs):
        self.encoding = encoding
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices,
                         mask_token=mask_token, oov_token=oov_token, vocabulary=vocabulary,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode,
                         sparse=sparse, pad_to_max_tokens=pad_to_max_tokens, **kwargs)

    def get_config(self):
        config = super().get_config()
        config["encoding"] = self.encoding  # TF lists it last
        return config

    _key_kinds, _key_dtype_name = "OSU", "string"

    def _key(self, value):
        return _as_bytes(value)

    def _hash(self, key):
        return fingerprint64(key)

    def _shown(self, token):
        return np.str_(token.decode("utf-8"))

    def _out_token(self, word):
        return _as_bytes(word)

    def _output_dtype(self, input_dtype):
        return dtypes.string if self.invert else (
            dtypes.int64 if self.output_mode == "int" else dtypes.float32)


class IntegerLookup(_Lookup):
    """Integers -> indices (-1 stands for out-of-vocabulary values, at index 0)."""

    _oov_default = -1

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=-1,
                 vocabulary=None, vocabulary_dtype="int64", idf_weights=None, invert=False,
                 output_mode="int", sparse=False, pad_to_max_tokens=False, **kwargs):
        self.vocabulary_dtype = vocabulary_dtype
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices,
                         mask_token=mask_token, oov_token=oov_token, vocabulary=vocabulary,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode,
                         sparse=sparse, pad_to_max_tokens=pad_to_max_tokens, **kwargs)

    def _type_config(self):
        return {"vocabulary_dtype": self.vocabulary_dtype}

    def get_config(self):
        config = super().get_config()
        for key in ("oov_token", "mask_token"):  # TF keeps them as NumPy int64 scalars
            if config[key] is not None:
                config[key] = np.int64(config[key])
        return config

    _key_kinds, _key_dtype_name = "iufb", "int64"

    def _key(self, value):
        return int(value)

    def _hash(self, key):
        return key  # TF's integer lookup table: value modulo the OOV slot count

    def _shown(self, token):
        return np.int64(token)

    def _shown_special(self, token):
        return np.int64(token)

    def _out_token(self, word):
        return int(word)

    def _output_dtype(self, input_dtype):
        return dtypes.int64 if self.output_mode == "int" or self.invert else dtypes.float32


class CategoryEncoding(EncodedRank, Layer):
    """Integer categories in ``[0, num_tokens)`` -> one-hot, multi-hot or count rows."""

    def __init__(self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs):
        if "max_tokens" in kwargs:  # the old name, which TF still takes (over num_tokens)
            logs.logger.warning("max_tokens is deprecated, please use num_tokens instead.")
            num_tokens = kwargs.pop("max_tokens")
        super().__init__(**kwargs)
        output_mode = "multi_hot" if output_mode == "binary" else output_mode
        if output_mode not in ("one_hot", "multi_hot", "count"):
            raise ValueError(f"Unknown arg for output_mode: {output_mode}")
        if num_tokens is None or num_tokens < 1:
            raise ValueError("`num_tokens` must be >= 1. Received: "
                             f"num_tokens={num_tokens}.")
        self.num_tokens = num_tokens
        self.output_mode = output_mode
        self.sparse = sparse
        self._autocast = False

    @runs_on_values
    def call(self, inputs, count_weights=None):
        array = np.asarray(inputs.numpy() if hasattr(inputs, "numpy") else inputs)
        if array.size and (array.min() < 0 or array.max() >= self.num_tokens):
            raise errors.InvalidArgumentError(
                None, None, "Input values must be in the range 0 <= values < num_tokens with "
                f"num_tokens={self.num_tokens}")
        self._check_encoded_rank(array.shape)
        if count_weights is not None and self.output_mode != "count":
            raise ValueError("`count_weights` is not used when `output_mode` is not `'count'`. "
                             "Received `count_weights={count_weights}`.")  # (TF's, as printed)
        if self.output_mode == "one_hot":
            return encoded_output(_encode(array, self.num_tokens, "one_hot"), self.sparse)
        # multi-hot/count: a matrix has one sample per row, a vector (or scalar) is one sample
        rows = array if array.ndim > 1 else array.reshape(1, -1)
        if count_weights is not None:
            # Each occurrence adds its weight instead of 1 (TF's bincount with weights).
            weights = np.asarray(count_weights.numpy() if hasattr(count_weights, "numpy")
                                 else count_weights, np.float32).reshape(rows.shape)
            out = np.zeros((rows.shape[0], self.num_tokens), np.float32)
            for r in range(rows.shape[0]):
                np.add.at(out[r], rows[r], weights[r])
        else:
            out = _encode(rows, self.num_tokens, self.output_mode)
        return encoded_output(out if array.ndim > 1 else out[0], self.sparse)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.output_mode == "one_hot" and (len(dims) < 2 or dims[-1] != 1):
            return TensorShape(dims + [self.num_tokens])
        return TensorShape(dims[:-1] + [self.num_tokens])

    def _output_dtype(self, input_dtype):
        return dtypes.float32

    def get_config(self):
        config = super().get_config()
        config.update({"num_tokens": self.num_tokens, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config


# --- Discretization.adapt: approximate quantiles from a mergeable summary (TF's algorithm) ---
# A summary is two rows: sorted values and the weight (count of data points) each stands for.
# Each batch is summarized, merged with the running summary and compressed back to about
# 1/epsilon columns; the bin boundaries are read off the final summary at even weight steps.
def _summarize(values, epsilon):
    """A batch -> every (len / (1/epsilon))-th of its sorted values, each weighing that step."""
    values = np.sort(values.reshape(-1))
    increment = int(np.float32(values.size) / np.float32(1.0 / epsilon))
    step = max(increment, 1)
    boundaries = values[increment::step]
    return np.stack([boundaries, np.full(boundaries.shape, step, np.float32)])


def _compress(summary, epsilon):
    """About 1/epsilon columns at even steps of cumulative weight (interpolated)."""
    if summary.shape[1] * epsilon < 1:
        return summary
    percents = epsilon + np.arange(0.0, 1.0, epsilon)
    cumulative = summary[1].cumsum()
    fractions = cumulative / cumulative[-1]
    bins = np.interp(percents, fractions, summary[0])
    cumulative = np.interp(percents, fractions, cumulative)
    weights = cumulative - np.concatenate(([0.0], cumulative[:-1]))
    return np.stack([bins, weights]).astype(np.float32)


def _merge(new, old, epsilon):
    merged = np.concatenate([new, old], axis=1)
    return _compress(merged[:, np.argsort(merged[0], kind="stable")], epsilon)


class Discretization(EncodedRank, PreprocessingLayer):
    """Numbers -> the index of their bin: ``bin_boundaries`` [a, b] make bins (-inf, a),
    [a, b), [b, inf) numbered 0, 1, 2; or ``num_bins`` whose boundaries ``adapt(data)`` puts
    at approximate quantiles of the data (within `epsilon`)."""

    _MODES = ("int", "one_hot", "multi_hot", "count")

    def __init__(self, bin_boundaries=None, num_bins=None, epsilon=0.01, output_mode="int",
                 sparse=False, **kwargs):
        if output_mode not in self._MODES:
            raise ValueError("Unkown value for `output_mode` argument of layer Discretization. "
                             "Allowed values are: or one of the following values: "
                             f"{self._MODES}. Received: {output_mode}")  # TF's words
        if num_bins is not None and num_bins < 0:
            raise ValueError("`num_bins` must be greater than or equal to 0. "
                             f"You passed `num_bins={num_bins}`")
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError("Both `num_bins` and `bin_boundaries` should not be set. You "
                             f"passed `num_bins={num_bins}` and `bin_boundaries="
                             f"{list(bin_boundaries)}`")
        check_sparse_mode(sparse, output_mode, "`'one_hot'`, `'multi_hot'`, or `'count'`")
        # Bin indices are int64, so is the layer's dtype; encoded rows are floats.
        kwargs.setdefault("dtype", "int64" if output_mode == "int" else None)
        super().__init__(**kwargs)
        self.input_bin_boundaries = None if bin_boundaries is None else \
            [float(b) for b in bin_boundaries]
        self._bin_boundaries_arg = _as_given(bin_boundaries)
        self.bin_boundaries = ListWrapper(self.input_bin_boundaries or [])  # as TF tracks it
        self.num_bins = num_bins
        self.epsilon = epsilon
        self.output_mode = output_mode
        self.sparse = sparse
        self._autocast = False

    @_tfs_adapt_iterations
    def adapt(self, data, batch_size=None, steps=None):
        """Bin boundaries at approximate quantiles of `data` (an array, a tensor or a batched
        Dataset; arrays are read in batches of `batch_size`, 32 by default, as TF does)."""
        if self.input_bin_boundaries is not None:
            raise ValueError("Cannot adapt a Discretization layer that has been initialized "
                             "with `bin_boundaries`, use `num_bins` instead. You passed "
                             f"`bin_boundaries={self.input_bin_boundaries}`.")
        _note_adapt_shape(self, data)
        if hasattr(data, "element_spec"):  # a Dataset: its elements are the batches
            batches = [np.asarray(b.numpy() if hasattr(b, "numpy") else b) for b in data]
            batches = batches if steps is None else batches[:steps]
        else:
            values = np.asarray(data.numpy() if hasattr(data, "numpy") else data)
            size = batch_size or 32
            batches = [values[i:i + size] for i in range(0, max(len(values), 1), size)]
        summary = np.zeros((2, 0), np.float32)
        for batch in batches:
            summary = _merge(_summarize(batch.astype(np.float32), self.epsilon), summary,
                             self.epsilon)
        boundaries = _compress(summary, 1.0 / self.num_bins)[0, :-1]
        self.bin_boundaries = ListWrapper(float(b) for b in boundaries)
        self._is_adapted = True
        if not self.built:
            self.built = True

    @runs_on_values
    def call(self, inputs):
        self._called_once = True
        array = np.asarray(inputs.numpy() if hasattr(inputs, "numpy") else inputs,
                           dtype=np.float64)
        indices = np.searchsorted(self.bin_boundaries, array, side="right").astype(np.int64)
        if self.output_mode == "int":
            return _from_numpy(indices)
        self._check_encoded_rank(array.shape)
        depth = len(self.bin_boundaries) + 1
        if self.output_mode == "one_hot":
            return encoded_output(_encode(indices, depth, "one_hot"), self.sparse)
        rows = indices if indices.ndim > 1 else indices.reshape(1, -1)
        encoded = _encode(rows, depth, self.output_mode)
        return encoded_output(encoded if indices.ndim > 1 else encoded[0], self.sparse)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.output_mode == "int":
            return TensorShape(dims)
        depth = len(self.bin_boundaries) + 1
        if self.output_mode == "one_hot" and (len(dims) < 2 or dims[-1] != 1):
            return TensorShape(dims + [depth])
        return TensorShape(dims[:-1] + [depth])

    def _output_dtype(self, input_dtype):
        return dtypes.int64 if self.output_mode == "int" else dtypes.float32

    def get_config(self):
        config = super().get_config()
        config.update({"bin_boundaries": self._bin_boundaries_arg, "num_bins": self.num_bins,
                       "epsilon": self.epsilon, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config


_PUNCTUATION = re.compile(rb'[!"#$%&()\*\+,\-\./:;<=>?@\[\\\]^_`{|}~\']')


class TextVectorization(PreprocessingLayer):
    """Sentences -> token indices (or multi-hot/count/tf-idf rows): lower-cased, punctuation
    stripped, split on whitespace, each word looked up in a vocabulary that has ``''``
    (padding, 0) and ``[UNK]`` (1) first."""

    def __init__(self, max_tokens=None, standardize="lower_and_strip_punctuation",
                 split="whitespace", ngrams=None, output_mode="int",
                 output_sequence_length=None, pad_to_max_tokens=False, vocabulary=None,
                 idf_weights=None, sparse=False, ragged=False, encoding="utf-8", **kwargs):
        kwargs.pop("vocabulary_size", None)  # in the config, implied by the vocabulary
        kwargs.setdefault("dtype", "string")  # the layer takes strings
        super().__init__(**kwargs)
        output_mode = _current_output_mode(output_mode)
        if output_mode not in _OUTPUT_MODES or output_mode == "one_hot":
            raise ValueError("Unkown value for `output_mode` argument of layer "  # TF's typo
                             "TextVectorization. Allowed values are: `None`, or one of the "
                             "following values: ('int', 'count', 'multi_hot', 'tf_idf'). "
                             f"Received: {output_mode}")
        if standardize not in (None, "lower_and_strip_punctuation", "lower",
                               "strip_punctuation") and not callable(standardize):
            raise ValueError(f"Unknown value for `standardize`: {standardize}")
        if split not in (None, "whitespace", "character") and not callable(split):
            raise ValueError(f"Unknown value for `split`: {split}")
        if ngrams is not None and not (isinstance(ngrams, int) and ngrams > 0 or (
                isinstance(ngrams, tuple) and all(isinstance(n, int) and n > 0
                                                  for n in ngrams))):
            raise ValueError("`ngrams` must be None, an integer, or a tuple of integers. "
                             f"Received: ngrams={ngrams}")
        if ragged and output_mode != "int":  # (TF's message says it the other way round)
            raise ValueError("`ragged` must not be true if `output_mode` is `'int'`. "
                             f"Received: ragged={ragged} and output_mode={output_mode}")
        if ragged and output_sequence_length is not None:
            raise ValueError("`output_sequence_length` must not be set if ragged is True. "
                             f"Received: ragged={ragged} and "
                             f"output_sequence_length={output_sequence_length}")
        check_sparse_mode(sparse, output_mode)  # (TF's inner StringLookup checks it)
        # TF's layer makes an inner StringLookup, which takes the next automatic name: a
        # StringLookup made later is "string_lookup_1", as in TF
        backend.unique_object_name("string_lookup")
        # An integer n means every width from 1 to n; a tuple, those widths.
        self.ngrams = ngrams
        self._widths = None if ngrams is None else \
            tuple(range(1, ngrams + 1)) if isinstance(ngrams, int) else ngrams
        self.max_tokens = max_tokens
        self.standardize = standardize
        self.split = split
        self.output_mode = output_mode
        self.output_sequence_length = output_sequence_length
        self.pad_to_max_tokens = pad_to_max_tokens
        self.sparse = sparse
        self.ragged = ragged
        self.encoding = encoding
        self._tokens = []
        self._static_vocabulary = False
        self._vocabulary_arg = _as_given(vocabulary)
        self._idf_arg = _as_given(idf_weights)
        self._autocast = False
        self.built = True
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)

    def _words(self, text):
        text = _as_bytes(text)
        if callable(self.standardize):
            text = _as_bytes(np.asarray(self.standardize(convert_to_tensor(text)).numpy())
                             .item())
        else:
            if self.standardize in ("lower", "lower_and_strip_punctuation"):
                text = text.lower()  # ASCII letters only, as TF's tf.strings.lower(inputs)
            if self.standardize in ("strip_punctuation", "lower_and_strip_punctuation"):
                text = _PUNCTUATION.sub(b"", text)
        if self.split is None:
            words = [text]
        elif self.split == "character":
            words = [c.encode("utf-8") for c in text.decode("utf-8")]
        elif callable(self.split):  # given one text, a callable split returns its words
            pieces = self.split(convert_to_tensor(text))
            words = [_as_bytes(w) for w in np.asarray(pieces.numpy(), object).reshape(-1)]
        else:
            words = text.split()
        if self._widths is None:
            return words
        # TF's tf.strings.ngrams: all the n-grams of the first width, then of the next, ...
        return [b" ".join(words[i:i + width]) for width in self._widths
                for i in range(len(words) - width + 1)]

    def _specials(self):
        return ["", "[UNK]"] if self.output_mode == "int" else ["[UNK]"]

    def get_vocabulary(self, include_special_tokens=True):
        # As StringLookup: the terms as np.str_, the special tokens as Python strings.
        tokens = [np.str_(t.decode("utf-8")) for t in self._tokens]
        return (self._specials() + tokens) if include_special_tokens else tokens

    def vocabulary_size(self):
        return len(self._specials()) + len(self._tokens)

    def set_vocabulary(self, vocabulary, idf_weights=None):
        vocabulary = _vocabulary_file(vocabulary, self.output_mode)
        tokens = [_as_bytes(t) for t in _values(vocabulary)]
        self._tokens = [t for t in tokens if t not in (b"", b"[UNK]")]
        first = len(self._specials())
        self._index = {t: i + first for i, t in enumerate(self._tokens)}
        self._idf = None
        if self.output_mode == "tf_idf":
            if idf_weights is None:
                raise ValueError("`idf_weights` must be set if output_mode is TF_IDF")
            self._idf = np.concatenate([[np.mean(idf_weights)],
                                        np.asarray(idf_weights, np.float32)])
        self._static_vocabulary = True

    @_tfs_adapt_iterations
    def adapt(self, data, batch_size=None, steps=None):
        if self._static_vocabulary:
            raise ValueError("Cannot adapt StringLookup layer after setting a static "
                             "vocabulary via init argument or `set_vocabulary`.")  # TF's words
        _note_adapt_shape(self, data)
        sentences = list(_values(data))
        words = [w for s in sentences for w in self._words(s)]
        limit = None if self.max_tokens is None else self.max_tokens - len(self._specials())
        vocabulary = _ordered_vocabulary(words, limit)
        idf = None
        if self.output_mode == "tf_idf":
            docs = collections.Counter(w for s in sentences for w in set(self._words(s)))
            idf = [np.log(1 + len(sentences) / (1 + docs[w])) for w in vocabulary]
        self.set_vocabulary(np.array(vocabulary, dtype=object), idf_weights=idf)
        self._static_vocabulary = False  # adapted, so a later adapt may start over
        self._is_adapted = True

    @staticmethod
    def _check_text_rank(input_shape):
        """Each sentence is one string: a vector of them, or a column (last axis of size 1)."""
        dims = TensorShape(input_shape).as_list()
        if len(dims) > 1 and dims[-1] != 1:
            raise ValueError("When using `TextVectorization` to tokenize strings, the input "
                             "rank must be 1 or the last shape dimension must be 1. Received: "
                             f"inputs.shape={tuple(dims)} with rank={len(dims)}")

    @runs_on_values
    def call(self, inputs):
        self._called_once = True
        check_vocabulary_set(self)
        array = np.asarray(inputs.numpy() if hasattr(inputs, "numpy") else inputs,
                           dtype=object)
        self._check_text_rank(array.shape)
        squeeze = array.ndim == 2 and array.shape[-1] == 1
        sentences = array.reshape(-1) if array.ndim else array.reshape(1)
        unknown = self._specials().index("[UNK]")
        sequences = [[self._index.get(w, unknown) for w in self._words(s)] for s in sentences]
        if self.output_mode == "int" and self.split is None and self._widths is None and \
                self.output_sequence_length is None:
            # unsplit texts are looked up one for one: the output keeps the input's shape
            return _from_numpy(np.array([seq[0] for seq in sequences],
                                        np.int64).reshape(array.shape))
        if self.output_mode == "int" and self.ragged:  # one row per text, as long as it is
            values = np.array([i for seq in sequences for i in seq], np.int64)
            return RaggedTensor.from_row_lengths(_from_numpy(values),
                                                 [len(seq) for seq in sequences])
        if self.output_mode == "int":
            length = self.output_sequence_length
            if length is None:
                length = max((len(s) for s in sequences), default=0)
            out = np.zeros((len(sequences), length), dtype=np.int64)
            for i, seq in enumerate(sequences):
                seq = seq[:length]
                out[i, :len(seq)] = seq
        else:
            depth = self.max_tokens if self.pad_to_max_tokens and self.max_tokens else \
                self.vocabulary_size()
            out = np.stack([_encode(np.asarray(seq, np.int64), depth, self.output_mode,
                                    self._idf) if seq else np.zeros(depth, np.float32)
                            for seq in sequences])
        if not array.ndim and not squeeze:
            out = out[0]
        return encoded_output(out, self.sparse) if self.output_mode != "int" else \
            _from_numpy(out)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        batch = dims[0] if dims else None
        if self.output_mode == "int":
            return TensorShape([batch, self.output_sequence_length])
        depth = self.max_tokens if self.pad_to_max_tokens and self.max_tokens else \
            self.vocabulary_size()
        return TensorShape([batch, depth])

    def compute_output_signature(self, input_spec):
        """Token ids are int64, encodings float32 (the layer's own dtype is the strings')."""
        return TensorSpec(self.compute_output_shape(input_spec.shape),
                          dtypes.int64 if self.output_mode == "int" else dtypes.float32)

    def _symbolic_output_shape(self, input_shape):
        # TF splits the sentences into ragged rows, which forgets the batch size.
        self._check_text_rank(input_shape)
        if self.output_mode == "int" and self.split is None and self._widths is None and \
                self.output_sequence_length is None:
            return TensorShape(input_shape)  # unsplit texts: one index each
        return TensorShape([None] + self.compute_output_shape(input_shape).as_list()[1:])

    def _output_dtype(self, input_dtype):
        return dtypes.int64 if self.output_mode == "int" else dtypes.float32

    def get_config(self):
        config = super().get_config()
        config.update({"max_tokens": self.max_tokens, "standardize": self.standardize
                       if isinstance(self.standardize, str) or self.standardize is None
                       else None, "split": self.split if isinstance(self.split, str) or
                       self.split is None else None, "ngrams": self.ngrams,
                       "output_mode": self.output_mode,
                       "output_sequence_length": self.output_sequence_length,
                       "pad_to_max_tokens": self.pad_to_max_tokens, "sparse": self.sparse,
                       "ragged": self.ragged, "vocabulary": self._vocabulary_arg,
                       "idf_weights": self._idf_arg, "encoding": self.encoding,
                       "vocabulary_size": self.vocabulary_size()})
        return config



class Rescaling(Layer):
    """``inputs * scale + offset`` (e.g. ``Rescaling(1./255)`` for pixel values)."""

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset

    def call(self, inputs):
        inputs = math_ops.cast(convert_to_tensor(inputs), self.dtype)
        return math_ops.add(math_ops.multiply(inputs, self.scale), self.offset)

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"scale": self.scale, "offset": self.offset})
        return config


class Normalization(PreprocessingLayer):
    """``(x - mean) / sqrt(variance)`` per feature along `axis`; the statistics come from
    ``adapt(data)`` and are non-trainable weights, or are constants given as the
    ``mean``/``variance`` arguments."""

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        if axis is None:
            axis = ()
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis)
        if (mean is None) != (variance is None):
            raise ValueError("When setting values directly, both `mean` and `variance` must "
                             f"be set. Got mean: {mean} and variance: {variance}")
        # (TF tracks a list given here as a ListWrapper: the config shows ListWrapper([1, 2]))
        self.input_mean = _tracked_container(mean, self) if type(mean) is list else mean
        self.input_variance = _tracked_container(variance, self) \
            if type(variance) is list else variance
        self.invert = invert
        self._adapted = False

    def _kept_axes(self, rank):
        return sorted(a + rank if a < 0 else a for a in self.axis)

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        kept = self._kept_axes(shape.rank)
        for a in kept:
            if not 0 <= a < shape.rank or shape[a] is None:
                raise ValueError("All `axis` values to be kept must have known shape. Got "
                                 f"axis: {self.axis}, input shape: {shape.as_list()}, with "
                                 f"unknown axis at index: {a}")
        self._stat_shape = [shape[a] if a in kept else 1 for a in range(shape.rank)]
        param = [shape[a] for a in kept]
        if self.input_mean is not None:
            # Statistics given to the constructor are constants, not weights (the layer has
            # no parameters), broadcast over the kept axes and shaped as TF shapes them.
            self._fixed_mean = self._fixed_statistic(self.input_mean, param)
            self._fixed_variance = self._fixed_statistic(self.input_variance, param)
            self.built = True
            return
        # TF keeps adapted statistics as weights named mean/variance/count and shows them,
        # shaped to broadcast against the inputs, as layer.mean and layer.variance.
        self.adapt_mean = self.add_weight("mean", shape=param, initializer="zeros",
                                          trainable=False)
        self.adapt_variance = self.add_weight("variance", shape=param, initializer="ones",
                                              trainable=False)
        self.count = self.add_weight("count", shape=(), dtype="int64", initializer="zeros",
                                     trainable=False)
        self.built = True

    def _fixed_statistic(self, value, param):
        """A given mean or variance times ones over the kept axes, reshaped to broadcast
        against the inputs (a (1, 2) mean fits a (None, 2) input, as in TF)."""
        value = value.numpy() if isinstance(value, Tensor) else value
        return np.reshape(np.asarray(value, np.float32) * np.ones(param, np.float32),
                          self._stat_shape)

    @_tfs_adapt_iterations
    def adapt(self, data, batch_size=None, steps=None):
        """Computes the mean and variance of `data` (an array, a tensor or a Dataset)."""
        if self.input_mean is not None:
            raise ValueError("Cannot `adapt` a Normalization layer that is initialized with "
                             f"static `mean` and `variance`, you passed mean "
                             f"{self.input_mean} and variance {self.input_variance}.")
        if not self.built:
            _note_adapt_shape(self, data)
        batches = self._adapt_batches(data, batch_size, steps)
        if not self.built:
            self._maybe_build(convert_to_tensor(np.concatenate(batches, axis=0)))
        kept = self._kept_axes(batches[0].ndim)
        reduce_axes = tuple(a for a in range(batches[0].ndim) if a not in kept)
        mean = np.zeros(self.adapt_mean.shape, np.float32)
        variance = np.ones(self.adapt_variance.shape, np.float32)
        count = 0
        for batch in batches:
            mean, variance, count = _merge_moments(mean, variance, count, batch, reduce_axes)
        self.adapt_mean.assign(mean)
        self.adapt_variance.assign(variance)
        self.count.assign(count)
        self._adapted = True
        self._is_adapted = True

    def _adapt_batches(self, data, batch_size, steps):
        """`data` as float32 batches in the order TF's adapt sees them: a Dataset's own
        batches, an array or tensor cut into batches of `batch_size` (32 by default)."""
        from ...data.dataset import Dataset

        if isinstance(data, Dataset):
            batches = [np.asarray(b.numpy() if hasattr(b, "numpy") else b, np.float32)
                       for b in data]
            if steps is not None:
                batches = batches[:steps]
            if any(b.ndim == 0 for b in batches):  # a Dataset of scalars: one batch of them
                batches = [np.concatenate([b.reshape(-1) for b in batches])]
        else:
            values = np.asarray(data.numpy() if hasattr(data, "numpy") else data, np.float32)
            size = batch_size or 32
            batches = [values[i:i + size] for i in range(0, max(len(values), 1), size)]
            if steps is not None:
                batches = batches[:steps]
        if batches[0].ndim == 1 and self.axis == (-1,):
            batches = [b.reshape(-1, 1) for b in batches]
        return batches

    def call(self, inputs):
        inputs = math_ops.cast(convert_to_tensor(inputs), dtypes.as_dtype(self.dtype))
        if inputs.shape.rank == 1 and len(self._stat_shape) == 2:
            inputs = array_ops.expand_dims(inputs, -1)
        mean, std = self.mean, math_ops.maximum(math_ops.sqrt(self.variance), 1e-7)
        if self.invert:
            return math_ops.add(math_ops.multiply(inputs, std), mean)
        return math_ops.truediv(math_ops.subtract(inputs, mean), std)

    @property
    def mean(self):
        if self.input_mean is not None:
            return convert_to_tensor(self._fixed_mean)
        return array_ops.reshape(self.adapt_mean, self._stat_shape)

    @property
    def variance(self):
        if self.input_mean is not None:
            return convert_to_tensor(self._fixed_variance)
        return array_ops.reshape(self.adapt_variance, self._stat_shape)

    def compute_output_shape(self, input_shape):
        shape = TensorShape(input_shape)
        if not self.built or shape.rank != len(self._stat_shape):
            return shape
        # The statistics broadcast against the inputs, as in TF: an axis the inputs leave
        # unknown (an adapted layer's input is all None) takes the size the statistics have.
        return TensorShape([dim if dim is not None or size == 1 else size
                            for dim, size in zip(shape.as_list(), self._stat_shape)])

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "invert": self.invert,
                       "mean": _listified(self.input_mean),
                       "variance": _listified(self.input_variance)})
        return config


def _listified(value):
    """A statistic given as an array or tensor, as TF's config holds it: a (nested) list."""
    if isinstance(value, Tensor):
        value = value.numpy()
    return value.tolist() if isinstance(value, np.ndarray) else value


__all__ = ["PreprocessingLayer", "StringLookup", "IntegerLookup", "CategoryEncoding",
           "Discretization", "TextVectorization", "Rescaling", "Normalization"]
