"""``tf.lookup``: fixed key -> value tables (``StaticHashTable``) and what fills them
(``KeyValueTensorInitializer``, ``TextFileInitializer``).

A table is a Python dict built once from its initializer; ``lookup`` maps every element of a
tensor (or of a RaggedTensor's values) through it, with ``default_value`` for keys it lacks.
The lookup is one op, ``LookupTableFindV2``, eager or inside ``tf.function``; the table is
its attribute (state the graph reads, not a value it computes).
"""

import numpy as np

from ..core import context, dtypes, errors
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from . import string_hashes
from .ragged_ops import RaggedTensor
from .registry import execute, invalid_argument, register


def _hashable(value):
    return value.item() if isinstance(value, np.generic) else value


class KeyValueTensorInitializer:
    """Fills a table from a tensor of keys and a tensor of values of the same length."""

    def __init__(self, keys, values, key_dtype=None, value_dtype=None, name=None):
        with context.building_graph(None):  # Python values: known now, even in a TF 1.x graph
            self._keys = convert_to_tensor(keys, dtype=key_dtype)
            self._values = convert_to_tensor(values, dtype=value_dtype)
        if self._keys.shape.as_list() != self._values.shape.as_list():
            raise errors.op_error(  # (TF's table import checks it, in these words)
                errors.InvalidArgumentError, "LookupTableImportV2",
                f"Expected shape [{','.join(map(str, self._keys.shape))}] for value, got "
                f"[{','.join(map(str, self._values.shape))}]")
        self.key_dtype, self.value_dtype = self._keys.dtype, self._values.dtype

    def _items(self):
        return zip(self._keys.numpy().reshape(-1).tolist(),
                   self._values.numpy().reshape(-1).tolist())


class TextFileIndex:
    WHOLE_LINE = -2
    LINE_NUMBER = -1


class TextFileInitializer:
    """Fills a table from a text file: per line, the key and the value are a column of the
    line split at `delimiter`, the whole line (``WHOLE_LINE``) or its number
    (``LINE_NUMBER``)."""

    def __init__(self, filename, key_dtype, key_index, value_dtype, value_index,
                 vocab_size=None, delimiter="\t", name=None, value_index_offset=0):
        self._filename = filename.numpy().decode() if isinstance(filename, Tensor) \
            else str(filename)
        self.key_dtype = dtypes.as_dtype(key_dtype)
        self.value_dtype = dtypes.as_dtype(value_dtype)
        self._key_index, self._value_index = key_index, value_index
        self._vocab_size, self._delimiter = vocab_size, delimiter

    def _column(self, number, line, index, dtype):
        if index == TextFileIndex.LINE_NUMBER:
            text = number
        elif index == TextFileIndex.WHOLE_LINE:
            text = line
        else:
            text = line.split(self._delimiter)[index]
        if dtype == dtypes.string:
            return text.encode() if isinstance(text, str) else str(text).encode()
        return dtype.as_numpy_dtype(text).item()

    def _items(self):
        with open(self._filename, encoding="utf-8") as f:
            lines = f.read().splitlines()
        if self._vocab_size is not None:
            lines = lines[:self._vocab_size]
        for number, line in enumerate(lines):
            yield (self._column(number, line, self._key_index, self.key_dtype),
                   self._column(number, line, self._value_index, self.value_dtype))


def _infer_find(inputs, attrs):
    return [(attrs["table"].value_dtype, inputs[0]._shape)]


@register("LookupTableFindV2", differentiable=False, infer_shape=_infer_find)
def _lookup_find(keys, table):
    """Each key's value in `table` (a StaticHashTable), or the table's default value."""
    out = [table._table.get(_hashable(k), table._default) for k in np.ravel(keys)]
    np_dtype = object if table.value_dtype == dtypes.string else table.value_dtype.as_numpy_dtype
    return np.array(out, dtype=np_dtype).reshape(np.shape(keys))


class StaticHashTable:
    """An immutable table: ``lookup(keys)`` gives each key's value, or `default_value`."""

    def __init__(self, initializer, default_value, name=None, experimental_is_anonymous=False):
        self.key_dtype, self.value_dtype = initializer.key_dtype, initializer.value_dtype
        with context.building_graph(None):  # filled now, even in a TF 1.x graph
            self.default_value = convert_to_tensor(default_value, dtype=self.value_dtype)
        self._table = {_hashable(k): v for k, v in initializer._items()}
        self._default = _hashable(self.default_value.numpy())

    def size(self, name=None):
        return _from_numpy(np.array(len(self._table), np.int64))

    def lookup(self, keys, name=None):
        return _run_lookup(_lookup_find, self, keys)

    __getitem__ = lookup

    def export(self, name=None):
        """All keys and their values, as two tensors."""
        def column(values, dtype):
            np_dtype = object if dtype == dtypes.string else dtype.as_numpy_dtype
            return _from_numpy(np.array(values, dtype=np_dtype).reshape(-1))
        return (column(list(self._table), self.key_dtype),
                column(list(self._table.values()), self.value_dtype))


def _run_lookup(op, table, keys):
    """Runs a table's lookup `op` on `keys` (a RaggedTensor's values, keeping its rows)."""
    if isinstance(keys, RaggedTensor):
        return keys.with_flat_values(_run_lookup(op, table, keys.flat_values))
    keys = convert_to_tensor(keys)
    if keys.dtype != table.key_dtype:
        raise TypeError(f"Dtype of argument `keys` must be {table.key_dtype}, received: "
                        f"{keys.dtype}")
    return execute(op, (keys,), {"table": table})


# --- vocabulary tables ------------------------------------------------------------------------
# (TF builds this lookup from a hash table find, a string hash and a select; here it is one op.)
@register("LookupTableFindWithOovBuckets", differentiable=False, infer_shape=_infer_find)
def _lookup_vocabulary(keys, table):
    """Each key's id in the vocabulary, or for a key outside it, vocabulary size + its
    FarmHash Fingerprint64 (of its decimal text, for integers) modulo the bucket count."""
    def one(key):
        found = table._table.get(_hashable(key))
        if found is not None:
            return found
        data = key if isinstance(key, bytes) else str(int(key)).encode()
        return table._vocab_size + string_hashes.fingerprint64(data) % table.num_oov_buckets
    return np.array([one(k) for k in np.ravel(keys)], dtype=np.int64).reshape(np.shape(keys))


class StaticVocabularyTable:
    """Ids for a vocabulary (``tf.lookup.StaticVocabularyTable``): a known key gets its value,
    any other one of `num_oov_buckets` extra ids chosen by hashing it (the same key, the same
    bucket)."""

    def __init__(self, initializer, num_oov_buckets, lookup_key_dtype=None, name=None,
                 experimental_is_anonymous=False):
        if num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")
        self.key_dtype, self.value_dtype = initializer.key_dtype, dtypes.int64
        self.num_oov_buckets = int(num_oov_buckets)
        self._table = {_hashable(k): int(v) for k, v in initializer._items()}
        self._vocab_size = len(self._table)

    def size(self, name=None):
        return _from_numpy(np.array(self._vocab_size + self.num_oov_buckets, np.int64))

    def lookup(self, keys, name=None):
        return _run_lookup(_lookup_vocabulary, self, keys)

    __getitem__ = lookup


# --- mutable tables (tf.lookup.experimental) ----------------------------------------------------
# A mutable table changes when its insert and remove ops run; they are stateful ops with the
# table as an attribute, so inside tf.function they run (in program order) each time the
# function does, like a Variable's assignments.
@register("LookupTableInsertV2", stateful=True, differentiable=False, num_outputs=0)
def _lookup_insert(keys, values, table):
    table._insert(keys, values)
    return ()


@register("LookupTableRemoveV2", stateful=True, differentiable=False, num_outputs=0)
def _lookup_remove(keys, table):
    table._remove(keys)
    return ()


def _infer_find_rows(inputs, attrs):
    table = attrs["table"]
    return [(table.value_dtype, inputs[0]._shape.concatenate(table._value_shape))]


@register("MutableLookupTableFindV2", differentiable=False, stateful=True,
          infer_shape=_infer_find_rows)
def _mutable_lookup_find(keys, table):
    """Each key's value (a scalar, or a row of the table's value shape), else the default."""
    rows = [table._table.get(_hashable(k), table._default_row) for k in np.ravel(keys)]
    out = np.array(rows + [None], dtype=object)[:-1] if not rows else np.array(rows)
    return out.astype(table._np_value_dtype).reshape(np.shape(keys) + table._value_shape)


class MutableHashTable:
    """A table that ``insert`` and ``remove`` change (``tf.lookup.experimental``): each value
    is a scalar or a tensor of `default_value`'s shape; ``lookup`` gives the default for a key
    it lacks. ``export`` lists the keys in the order they were first inserted."""

    def __init__(self, key_dtype, value_dtype, default_value, name="MutableHashTable",
                 checkpoint=True, experimental_is_anonymous=False):
        self.key_dtype, self.value_dtype = dtypes.as_dtype(key_dtype), dtypes.as_dtype(value_dtype)
        self._name = name
        with context.building_graph(None):
            default = convert_to_tensor(default_value, dtype=self.value_dtype)
        self._value_shape = tuple(default.shape.as_list())
        self._np_value_dtype = object if self.value_dtype == dtypes.string else \
            self.value_dtype.as_numpy_dtype
        self._default_row = default.numpy()
        self._table = {}

    @property
    def name(self):
        return self._name

    def _converted(self, keys, values=None):
        keys = _typed(keys, self.key_dtype, "keys")
        if values is None:
            return keys
        return keys, _typed(values, self.value_dtype, "values")

    def _check_keys(self, keys):
        """A hook for tables that refuse some keys (DenseHashTable)."""

    def _insert(self, keys, values):
        wanted = list(np.shape(keys)) + list(self._value_shape)
        if list(np.shape(values)) != wanted:
            raise invalid_argument("LookupTableInsertV2", f"Expected shape {wanted} for value, "
                                                          f"got {list(np.shape(values))}")
        self._check_keys(keys)
        rows = np.reshape(values, (-1,) + self._value_shape)
        for key, row in zip(np.ravel(keys), rows):
            self._table[_hashable(key)] = row.item() if row.ndim == 0 else row

    def _remove(self, keys):
        self._check_keys(keys)
        for key in np.ravel(keys):
            self._table.pop(_hashable(key), None)

    def insert(self, keys, values, name=None):
        """Sets each key's value (adding the keys it lacks)."""
        keys, values = self._converted(keys, values)
        execute(_lookup_insert, (keys, values), {"table": self})

    def remove(self, keys, name=None):
        """Forgets the keys (those it lacks are ignored)."""
        execute(_lookup_remove, (self._converted(keys),), {"table": self})

    def lookup(self, keys, dynamic_default_values=None, name=None):
        keys = self._converted(keys)
        found = execute(_mutable_lookup_find, (keys,), {"table": self})
        if dynamic_default_values is None:
            return found
        from .math_ops import where_v2
        present = _from_numpy(np.array([_hashable(k) in self._table
                                        for k in np.ravel(keys.numpy())]).reshape(keys.shape))
        return where_v2(present, found, convert_to_tensor(dynamic_default_values,
                                                          dtype=self.value_dtype))

    __getitem__ = lookup

    def size(self, name=None):
        return _from_numpy(np.array(len(self._table), np.int64))

    def export(self, name=None):
        """All keys and their values, as two tensors."""
        keys = np.array(list(self._table) + [None], dtype=object)[:-1]
        if self.key_dtype != dtypes.string:
            keys = keys.astype(self.key_dtype.as_numpy_dtype)
        values = np.array([np.asarray(v) for v in self._table.values()] + [None],
                          dtype=object)[:-1]
        values = np.stack(values) if len(values) else np.zeros((0,) + self._value_shape)
        return _from_numpy(keys), _from_numpy(values.astype(self._np_value_dtype))


class DenseHashTable(MutableHashTable):
    """A MutableHashTable that sets two keys apart, as TF's open-addressing table does:
    `empty_key` and `deleted_key` may not be inserted or removed."""

    def __init__(self, key_dtype, value_dtype, default_value, empty_key, deleted_key,
                 initial_num_buckets=None, name="MutableDenseHashTable", checkpoint=True,
                 experimental_is_anonymous=False):
        super().__init__(key_dtype, value_dtype, default_value, name)
        with context.building_graph(None):
            self._empty = _hashable(convert_to_tensor(empty_key, self.key_dtype).numpy())
            self._deleted = _hashable(convert_to_tensor(deleted_key, self.key_dtype).numpy())
        if self._empty == self._deleted:
            raise invalid_argument("MutableDenseHashTableV2",
                                   "Empty and deleted keys cannot be equal")

    def _check_keys(self, keys):
        for key in np.ravel(keys):
            key = _hashable(key)
            for reserved, word in ((self._empty, "empty_key"), (self._deleted, "deleted_key")):
                if key == reserved:
                    raise invalid_argument("LookupTableInsertV2", f"Using the {word} as a "
                                                                  f"table key is not allowed")

    def insert_or_assign(self, keys, values, name=None):
        self.insert(keys, values)

    def erase(self, keys, name=None):
        self.remove(keys)


def _typed(value, dtype, what):
    """`value` as a tensor of `dtype`; a tensor of another dtype is TF's ValueError."""
    if isinstance(value, Tensor) and value.dtype != dtype:
        raise ValueError(f"{what}: Tensor conversion requested dtype {dtype.name} for Tensor "
                         f"with dtype {value.dtype.name}: {value!r}")
    return convert_to_tensor(value, dtype=dtype)
