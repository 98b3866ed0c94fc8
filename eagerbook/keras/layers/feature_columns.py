"""``tf.feature_column`` and ``tf.keras.layers.DenseFeatures``: TF 2's older way of describing
how the columns of structured data become a model's input (TF now points to the preprocessing
layers instead, and still runs this code).

A feature column says how to turn one feature of a batch (a dict of columns) into numbers:
  - numeric_column: the values as they are (optionally through a `normalizer_fn`);
  - bucketized_column: a numeric column cut at `boundaries` into one-hot buckets;
  - categorical columns give each value an integer id: from a vocabulary list or file, the
    value itself (identity), its hash (hash bucket), or the hash of several features crossed;
  - indicator_column (one-hot/multi-hot counts of the ids) and embedding_column (a trainable
    vector per id, averaged) make a categorical column dense.
``DenseFeatures(columns)(features)`` computes the dense columns, in the order of their names,
and concatenates them into one (batch, n) float32 tensor.
"""

import collections
import inspect
import math

import numpy as np

from ...core import dtypes, errors
from ...core import logs as _tf_logging
from ...core.shape import TensorShape
from ...core.tensor import Tensor, convert_to_tensor, is_symbolic
from ...ops import array_ops, math_ops, script_ops
from ...ops.example_ops import FixedLenFeature, VarLenFeature
from ...ops.sparse_ops import SparseTensor
from .. import initializers, initializers_v1
from .base import Layer
from .hashing import _CROSS_KEY, _as_bytes, _feature_hash, _fingerprint_cat64
from .string_hashes import fingerprint64

__all__ = ["bucketized_column", "categorical_column_with_hash_bucket",
           "categorical_column_with_identity", "categorical_column_with_vocabulary_file",
           "categorical_column_with_vocabulary_list", "crossed_column", "embedding_column",
           "indicator_column", "input_layer", "make_parse_example_spec", "numeric_column",
           "weighted_categorical_column", "DenseFeatures"]

_INSTEAD = ("Use Keras preprocessing layers instead, either directly or via the "
            "`tf.keras.utils.FeatureSpace` utility. Each of `tf.feature_column.*` has a "
            "functional equivalent in `tf.keras.layers` for feature preprocessing when training "
            "a Keras model.")
_warned = set()


def _deprecated(function_name, instructions=_INSTEAD, module="feature_column_v2"):
    """TF logs once per function that the feature columns are deprecated, naming the caller's
    file and line (and the function as TF's module names it)."""
    if function_name in _warned:
        return
    _warned.add(function_name)
    caller = inspect.stack()[2]
    _tf_logging.logger.warning(
        f"From {caller.filename}:{caller.lineno}: {function_name} (from tensorflow.python."
        f"feature_column.{module}) is deprecated and will be removed in a future "
        f"version.\nInstructions for updating:\n{instructions}")


# --- the columns: immutable records, printed as TF prints its namedtuples -------------------
class _Column:
    _is_dense = False
    _is_categorical = False


class DenseColumn(_Column):
    _is_dense = True


class CategoricalColumn(_Column):
    _is_categorical = True


def _record(name, fields, base):
    return type(name, (collections.namedtuple(name, fields), base), {"__slots__": ()})


NumericColumn = _record("NumericColumn",
                        "key shape default_value dtype normalizer_fn", DenseColumn)
BucketizedColumn = _record("BucketizedColumn", "source_column boundaries", DenseColumn)
VocabularyListCategoricalColumn = _record(
    "VocabularyListCategoricalColumn",
    "key vocabulary_list dtype default_value num_oov_buckets", CategoricalColumn)
VocabularyFileCategoricalColumn = _record(
    "VocabularyFileCategoricalColumn",
    "key vocabulary_file vocabulary_size num_oov_buckets dtype default_value file_format",
    CategoricalColumn)
IdentityCategoricalColumn = _record("IdentityCategoricalColumn",
                                    "key number_buckets default_value", CategoricalColumn)
HashedCategoricalColumn = _record("HashedCategoricalColumn", "key hash_bucket_size dtype",
                                  CategoricalColumn)
CrossedColumn = _record("CrossedColumn", "keys hash_bucket_size hash_key", CategoricalColumn)
WeightedCategoricalColumn = _record("WeightedCategoricalColumn",
                                    "categorical_column weight_feature_key dtype",
                                    CategoricalColumn)
IndicatorColumn = _record("IndicatorColumn", "categorical_column", DenseColumn)
EmbeddingColumn = _record(
    "EmbeddingColumn",
    "categorical_column dimension combiner initializer ckpt_to_load_from tensor_name_in_ckpt "
    "max_norm trainable use_safe_embedding_lookup", DenseColumn)


def _name(column):
    """A column's name: its key, or a name made from its source's (as TF names them)."""
    if isinstance(column, str):
        return column
    if isinstance(column, BucketizedColumn):
        return f"{column.source_column.key}_bucketized"
    if isinstance(column, CrossedColumn):
        return "_X_".join(sorted(_name(key) for key in column.keys))
    if isinstance(column, WeightedCategoricalColumn):
        return f"{_name(column.categorical_column)}_weighted_by_{column.weight_feature_key}"
    if isinstance(column, IndicatorColumn):
        return f"{_name(column.categorical_column)}_indicator"
    if isinstance(column, EmbeddingColumn):
        return f"{_name(column.categorical_column)}_embedding"
    return column.key


def _num_buckets(column):
    """How many ids a categorical column (or a bucketized one) can give."""
    if isinstance(column, BucketizedColumn):
        return (len(column.boundaries) + 1) * int(np.prod(column.source_column.shape))
    if isinstance(column, VocabularyListCategoricalColumn):
        return len(column.vocabulary_list) + column.num_oov_buckets
    if isinstance(column, VocabularyFileCategoricalColumn):
        return column.vocabulary_size + column.num_oov_buckets
    if isinstance(column, IdentityCategoricalColumn):
        return column.number_buckets
    if isinstance(column, (HashedCategoricalColumn, CrossedColumn)):
        return column.hash_bucket_size
    if isinstance(column, WeightedCategoricalColumn):
        return _num_buckets(column.categorical_column)
    raise ValueError(f"Unsupported input type. Input must be a CategoricalColumn. Given: "
                     f"{column}")


for _column_type in (NumericColumn, BucketizedColumn, VocabularyListCategoricalColumn,
                     VocabularyFileCategoricalColumn, IdentityCategoricalColumn,
                     HashedCategoricalColumn, CrossedColumn, WeightedCategoricalColumn,
                     IndicatorColumn, EmbeddingColumn):
    _column_type.name = property(_name)
for _column_type in (BucketizedColumn, VocabularyListCategoricalColumn,
                     VocabularyFileCategoricalColumn, IdentityCategoricalColumn,
                     HashedCategoricalColumn, CrossedColumn, WeightedCategoricalColumn):
    _column_type.num_buckets = property(_num_buckets)
NumericColumn.variable_shape = property(lambda self: TensorShape(self.shape))
BucketizedColumn.variable_shape = property(
    lambda self: TensorShape(tuple(self.source_column.shape) + (len(self.boundaries) + 1,)))
IndicatorColumn.variable_shape = property(
    lambda self: TensorShape([1, _num_buckets(self.categorical_column)]))
EmbeddingColumn.variable_shape = property(lambda self: TensorShape([self.dimension]))


# --- the constructors of tf.feature_column ----------------------------------------------------
def numeric_column(key, shape=(1,), default_value=None, dtype=dtypes.float32,
                   normalizer_fn=None):
    """A feature's numbers as they are, `shape` per example (``normalizer_fn`` applied)."""
    _deprecated("numeric_column")
    shape = (shape,) if isinstance(shape, int) else tuple(int(d) for d in shape)
    dtype = dtypes.as_dtype(dtype)
    if not (dtype.is_floating or dtype.is_integer):
        raise ValueError(f"dtype must be convertible to float. dtype: {dtype}, key: {key}")
    if normalizer_fn is not None and not callable(normalizer_fn):
        raise TypeError(f"normalizer_fn must be a callable. Given: {normalizer_fn}")
    if default_value is not None:  # kept as nested tuples of the column's shape, as TF does
        values = np.broadcast_to(np.asarray(default_value, np.float64 if dtype.is_floating
                                            else np.int64), shape)
        default_value = _nested_tuples(values.tolist())
    return NumericColumn(key, shape, default_value, dtype, normalizer_fn)


def _nested_tuples(value):
    return tuple(_nested_tuples(v) for v in value) if isinstance(value, list) else value


def bucketized_column(source_column, boundaries):
    """A numeric column one-hot encoded by bucket: (-inf, b0), [b0, b1), ..., [bn, inf)."""
    _deprecated("bucketized_column")
    if not isinstance(source_column, NumericColumn):
        raise ValueError("source_column must be a column generated with numeric_column(). "
                         f"Given: {source_column}")
    if len(source_column.shape) > 1:
        raise ValueError("source_column must be one-dimensional column. Given: "
                         f"{source_column}")
    if not boundaries:
        raise ValueError(f"boundaries must not be empty. Given: {boundaries}")
    if not isinstance(boundaries, (list, tuple)) or \
            any(a >= b for a, b in zip(boundaries[:-1], boundaries[1:])):
        raise ValueError("boundaries must be a sorted list.")
    return BucketizedColumn(source_column, tuple(boundaries))


def _key_dtype(values, dtype):
    if dtype is not None:
        return dtypes.as_dtype(dtype)
    return dtypes.string if isinstance(values[0], (str, bytes)) else dtypes.int64


def categorical_column_with_vocabulary_list(key, vocabulary_list, dtype=None, default_value=-1,
                                            num_oov_buckets=0):
    """Each value's position in `vocabulary_list`; others get `default_value` (-1: no id) or,
    with `num_oov_buckets`, one of that many ids after the vocabulary, by hash."""
    _deprecated("categorical_column_with_vocabulary_list")
    if vocabulary_list is None or len(vocabulary_list) < 1:
        raise ValueError(f"vocabulary_list {vocabulary_list} must be non-empty, column_name: "
                         f"{key}")
    if len(set(vocabulary_list)) != len(vocabulary_list):
        raise ValueError(f"Duplicate keys in vocabulary_list {list(vocabulary_list)}, "
                         f"column_name: {key}")
    if num_oov_buckets < 0:
        raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets}.")
    if default_value != -1 and num_oov_buckets:
        raise ValueError(f"Can't specify both num_oov_buckets and default_value in {key}.")
    return VocabularyListCategoricalColumn(key, tuple(vocabulary_list),
                                           _key_dtype(vocabulary_list, dtype), default_value,
                                           num_oov_buckets)


def categorical_column_with_vocabulary_file(key, vocabulary_file, vocabulary_size=None,
                                            dtype=dtypes.string, default_value=None,
                                            num_oov_buckets=0, file_format=None):
    """As the vocabulary list, with the vocabulary read from a file (one token a line)."""
    _deprecated("categorical_column_with_vocabulary_file_v2")
    if not vocabulary_file:
        raise ValueError(f"Missing vocabulary_file in {key}.")
    if vocabulary_size is None:
        with open(vocabulary_file, encoding="utf-8") as f:
            vocabulary_size = sum(1 for _ in f)
    if num_oov_buckets and default_value is not None:
        raise ValueError(f"Can't specify both num_oov_buckets and default_value in {key}.")
    return VocabularyFileCategoricalColumn(key, vocabulary_file, vocabulary_size,
                                           num_oov_buckets, dtypes.as_dtype(dtype),
                                           -1 if default_value is None else default_value,
                                           file_format)


def categorical_column_with_identity(key, num_buckets, default_value=None):
    """Integer values that are their own ids, in [0, num_buckets)."""
    _deprecated("categorical_column_with_identity")
    if num_buckets < 1:
        raise ValueError(f"num_buckets {num_buckets} < 1, column_name {key}")
    if default_value is not None and not 0 <= default_value < num_buckets:
        raise ValueError(f"default_value {default_value} not in range [0, {num_buckets}), "
                         f"column_name {key}")
    return IdentityCategoricalColumn(key, num_buckets, default_value)


def categorical_column_with_hash_bucket(key, hash_bucket_size, dtype=dtypes.string):
    """Each value's id is its hash (FarmHash fingerprint, as TF's) modulo the bucket count."""
    _deprecated("categorical_column_with_hash_bucket")
    if hash_bucket_size is None:
        raise ValueError(f"hash_bucket_size must be set. key: {key}")
    if hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be at least 1. hash_bucket_size: "
                         f"{hash_bucket_size}, key: {key}")
    return HashedCategoricalColumn(key, hash_bucket_size, dtypes.as_dtype(dtype))


def crossed_column(keys, hash_bucket_size, hash_key=None):
    """Every combination of the values of several features (raw string/integer features by
    key, or categorical columns' ids), hashed into `hash_bucket_size` ids."""
    _deprecated("crossed_column", "Use `tf.keras.layers.experimental.preprocessing."
                "HashedCrossing` instead for feature crossing when preprocessing data to train "
                "a Keras model.")
    if not hash_bucket_size or hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be > 1. hash_bucket_size: {hash_bucket_size}")
    if not keys or len(keys) < 2:
        raise ValueError(f"keys must be a list with length > 1. Given: {keys}")
    for key in keys:
        if not isinstance(key, (str, CategoricalColumn, BucketizedColumn)):
            raise ValueError(f"Unsupported key type. All keys must be either string, or "
                             f"categorical column except HashedCategoricalColumn. Given: {key}")
        if isinstance(key, HashedCategoricalColumn):
            raise ValueError("categorical_column_with_hash_bucket is not supported for "
                             "crossing. Hashing before crossing will increase probability of "
                             f"collision. Instead, use the feature name as a string. Given: {key}")
    return CrossedColumn(tuple(keys), hash_bucket_size, hash_key)


def weighted_categorical_column(categorical_column, weight_feature_key, dtype=dtypes.float32):
    """A categorical column whose ids count with the weights in feature `weight_feature_key`."""
    _deprecated("weighted_categorical_column")
    dtype = dtypes.as_dtype(dtype)
    if dtype is None or not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype {dtype} is not convertible to float.")
    return WeightedCategoricalColumn(categorical_column, weight_feature_key, dtype)


def indicator_column(categorical_column):
    """A categorical column as counts of each id per example (one-hot for single values)."""
    _deprecated("indicator_column")
    if not isinstance(categorical_column, (CategoricalColumn, BucketizedColumn)):
        raise ValueError("Unsupported input type. Input must be a CategoricalColumn. Given: "
                         f"{categorical_column}")
    return IndicatorColumn(categorical_column)


def embedding_column(categorical_column, dimension, combiner="mean", initializer=None,
                     ckpt_to_load_from=None, tensor_name_in_ckpt=None, max_norm=None,
                     trainable=True, use_safe_embedding_lookup=True):
    """A trainable `dimension`-vector per id; an example's vectors are combined by `combiner`
    ('mean', 'sqrtn' or 'sum'). Initial vectors: truncated normal, stddev 1/sqrt(dimension)."""
    _deprecated("embedding_column")
    if dimension is None or dimension < 1:
        raise ValueError(f"Invalid dimension {dimension}.")
    if (ckpt_to_load_from is None) != (tensor_name_in_ckpt is None):
        raise ValueError("Must specify both `ckpt_to_load_from` and `tensor_name_in_ckpt` or "
                         "none of them.")
    if initializer is not None and not callable(initializer):
        raise ValueError(f"initializer must be callable if specified. Embedding of column_name: "
                         f"{_name(categorical_column)}")
    if initializer is None:
        # TF's default is TF 1.x's initializer: its draws are the seeded random op's
        initializer = initializers_v1.TruncatedNormal(mean=0.0, stddev=1 / math.sqrt(dimension))
        initializer._column_default = True  # a fresh copy per table: TF's are not reused
    return EmbeddingColumn(categorical_column, dimension, combiner, initializer,
                           ckpt_to_load_from, tensor_name_in_ckpt, max_norm, trainable,
                           use_safe_embedding_lookup)


def make_parse_example_spec(feature_columns):
    """The ``tf.io.parse_example`` features the columns read: a fixed-length feature per
    numeric column, a variable-length one per categorical key (and weight)."""
    _deprecated("make_parse_example_spec_v2")
    spec = {}

    def add(column):
        if isinstance(column, str):
            spec[column] = VarLenFeature(dtypes.string)
        elif isinstance(column, NumericColumn):
            spec[column.key] = FixedLenFeature(column.shape, column.dtype, column.default_value)
        elif isinstance(column, BucketizedColumn):
            add(column.source_column)
        elif isinstance(column, (IndicatorColumn, EmbeddingColumn)):
            add(column.categorical_column)
        elif isinstance(column, WeightedCategoricalColumn):
            add(column.categorical_column)
            spec[column.weight_feature_key] = VarLenFeature(column.dtype)
        elif isinstance(column, CrossedColumn):
            for key in column.keys:
                add(key)
        elif isinstance(column, IdentityCategoricalColumn):
            spec[column.key] = VarLenFeature(dtypes.int64)
        elif isinstance(column, CategoricalColumn):
            spec[column.key] = VarLenFeature(column.dtype)
        else:
            raise ValueError(f"All feature_columns must be FeatureColumn instances. Given: "
                             f"{column}")

    for column in feature_columns:
        add(column)
    return spec


def input_layer(features, feature_columns, weight_collections=None, trainable=True,
                cols_to_vars=None, cols_to_output_tensors=None):
    """TF 1's ``tf.compat.v1.feature_column.input_layer``: the dense columns of `features`
    side by side (a ``DenseFeatures`` layer called once)."""
    _deprecated("input_layer", module="feature_column")
    # named, so that it takes no number from the layers' automatic names (TF makes no layer)
    return DenseFeatures(feature_columns, trainable=trainable, name="input_layer")(
        features, cols_to_output_tensors=cols_to_output_tensors)


# --- turning features into numbers ----------------------------------------------------------
def _raw(features, key):
    """The feature `key` of the batch as an array of rank 2 at least (a vector becomes one
    value per example)."""
    if key not in features:
        raise ValueError(f"Feature {key} is not in features dictionary.")
    value = features[key]
    if isinstance(value, SparseTensor):  # parse_example's variable-length features
        return _filled(value)
    array = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    return array.reshape(-1, 1) if array.ndim < 2 else array


def _filled(sparse):
    """A SparseTensor as an array whose missing entries hold the values the columns skip:
    b'' for strings, -1 for integers (0 for floats)."""
    values = sparse.values.numpy()
    fill = b"" if values.dtype.kind in "OSU" else (-1 if values.dtype.kind in "iu" else 0)
    array = np.full(tuple(sparse.dense_shape.numpy()), fill,
                    dtype=object if values.dtype.kind in "OSU" else values.dtype)
    array[tuple(sparse.indices.numpy().T)] = values
    return array.reshape(-1, 1) if array.ndim < 2 else array


def _numeric(column, features):
    """A numeric column's float32 tensor (batch, values), after its normalizer."""
    values = convert_to_tensor(_raw(features, column.key).astype(np.float32))
    if column.normalizer_fn is not None:
        values = column.normalizer_fn(values)
    return array_ops.reshape(values, [-1, int(np.prod(column.shape))])


def _bucket_ids(column, features):
    """Bucket indices (batch, values): how many boundaries each value reaches."""
    values = _raw(features, column.source_column.key).astype(np.float64)
    values = values.reshape(values.shape[0], -1)
    return np.searchsorted(np.asarray(column.boundaries, np.float64), values, side="right")


def _check_key_dtype(column, features):
    value = features[column.key]
    found = value.dtype if isinstance(value, SparseTensor) else convert_to_tensor(value).dtype
    if (found == dtypes.string) != (column.dtype == dtypes.string):
        raise ValueError(f"Column dtype and SparseTensors dtype must be compatible. key: "
                         f"{column.key}, column dtype: {column.dtype}, tensor dtype: {found}")


def _present(values):
    """Which entries hold a value: TF drops '' from strings and -1 from integers."""
    if values.dtype.kind in "OSU":
        return np.array([_as_bytes(v) != b"" for v in values.reshape(-1)]).reshape(values.shape)
    return values != -1


def _ids(column, features):
    """A categorical column's ids per example: a list (one per example) of (id, weight)
    pairs, where ids that are -1 (no id) are left out."""
    if isinstance(column, BucketizedColumn):
        ids = _bucket_ids(column, features)
        # the i-th value of an example has its own range of buckets
        ids = ids + np.arange(ids.shape[1]) * (len(column.boundaries) + 1)
        return [[(int(i), 1.0) for i in row] for row in ids]
    if isinstance(column, WeightedCategoricalColumn):
        weights = _raw(features, column.weight_feature_key).astype(np.float32)
        return _categorical_ids(column.categorical_column, features, weights)
    return _categorical_ids(column, features, None)


def _categorical_ids(column, features, weights):
    if isinstance(column, CrossedColumn):
        return _crossed_ids(column, features)
    values = _raw(features, column.key)
    if not isinstance(column, IdentityCategoricalColumn):
        _check_key_dtype(column, features)
    present = _present(values)
    ids = np.array([_one_id(column, v) for v in values.reshape(-1)],
                   np.int64).reshape(values.shape)
    weights = np.ones(values.shape, np.float32) if weights is None else weights
    return [[(int(i), float(w)) for i, w, keep in zip(id_row, w_row, keep_row)
             if keep and i >= 0]
            for id_row, w_row, keep_row in zip(ids, weights, present)]


def _vocabulary(column):
    if isinstance(column, VocabularyListCategoricalColumn):
        tokens = column.vocabulary_list
    else:
        with open(column.vocabulary_file, encoding="utf-8") as f:
            tokens = [line.rstrip("\n") for line in f][:column.vocabulary_size]
        if column.dtype != dtypes.string:
            tokens = [int(t) for t in tokens]
    return {_as_bytes(t) if isinstance(t, str) else t: i for i, t in enumerate(tokens)}


def _one_id(column, value):
    if isinstance(column, IdentityCategoricalColumn):
        value = int(value)
        if 0 <= value < column.number_buckets or value == -1:
            return value
        if column.default_value is not None:
            return column.default_value
        raise errors.InvalidArgumentError(
            None, None, f"assert_less_than_num_buckets: Returned ids for column {column.key} "
            f"must be less than {column.number_buckets}; got {value}.")
    if isinstance(column, HashedCategoricalColumn):
        return fingerprint64(_as_bytes(value)) % column.hash_bucket_size
    key = _as_bytes(value) if isinstance(value, (str, bytes)) else int(value)
    index = _vocabulary_index(column).get(key)
    if index is not None:
        return index
    if column.num_oov_buckets:
        return len(_vocabulary_index(column)) + \
            fingerprint64(_as_bytes(value)) % column.num_oov_buckets
    return column.default_value


_vocabularies = {}


def _vocabulary_index(column):
    """The token -> id table of a vocabulary column (read once per column)."""
    if column not in _vocabularies:
        _vocabularies[column] = _vocabulary(column)
    return _vocabularies[column]


def _crossed_ids(column, features):
    """Each example's crossed ids: every combination of its values across the keys, hashed
    as TF's sparse cross (starting from `hash_key`) and taken modulo the bucket count. As in
    TF, the sparse inputs (the columns' ids, sparse features) come first, then the dense raw
    features (all values kept), each group in the order given."""
    sparse_parts, dense_parts = [], []
    for key in _leaf_keys(column):
        if not isinstance(key, str):
            sparse_parts.append([[i for i, _ in row] for row in _ids(key, features)])
        elif isinstance(features.get(key), SparseTensor):  # a sparse raw feature: its values
            values = _raw(features, key)
            sparse_parts.append([[v for v, keep in zip(row, keep_row) if keep]
                                 for row, keep_row in zip(values, _present(values))])
        else:
            dense_parts.append([list(row) for row in _raw(features, key)])
    parts = sparse_parts + dense_parts
    start = _CROSS_KEY if column.hash_key is None else column.hash_key
    out = []
    for example in zip(*parts):
        combos = [[]]
        for values in example:
            combos = [c + [v] for c in combos for v in values]
        row = []
        for combo in combos:
            digest = start
            for value in combo:
                digest = _fingerprint_cat64(digest, _feature_hash(value))
            row.append((digest % column.hash_bucket_size, 1.0))
        out.append(row)
    return out


def _leaf_keys(column):
    """The keys of a cross, with crosses among them expanded into their own keys."""
    keys = []
    for key in column.keys:
        keys.extend(_leaf_keys(key) if isinstance(key, CrossedColumn) else [key])
    return keys


def _id_matrix(rows, num_buckets, combiner="sum"):
    """(batch, num_buckets) float32: each example's weighted id counts, scaled for `combiner`
    ('mean' divides by the weight total, 'sqrtn' by the root of the squared weights)."""
    out = np.zeros((len(rows), num_buckets), np.float32)
    for r, row in enumerate(rows):
        for i, w in row:
            out[r, i] += w
        weights = np.array([w for _, w in row], np.float32)
        if combiner == "mean" and weights.size and weights.sum():
            out[r] /= weights.sum()
        elif combiner == "sqrtn" and weights.size:
            out[r] /= np.sqrt((weights ** 2).sum())
    return out


# --- the layer -------------------------------------------------------------------------------
class DenseFeatures(Layer):
    """``DenseFeatures(feature_columns)``: called on a dict of features, the dense columns'
    values side by side, in the order of the columns' names: a (batch, n) float32 tensor."""

    def __init__(self, feature_columns, trainable=True, name=None, partitioner=None,
                 **kwargs):
        super().__init__(trainable=trainable, name=name, **kwargs)
        # (a column is a namedtuple, so a tuple too: test for it first)
        columns = [feature_columns] if isinstance(feature_columns, _Column) \
            else list(feature_columns)
        if not columns:
            raise ValueError("Expected feature_columns to be iterable, found dict.")
        for column in columns:
            if not getattr(column, "_is_dense", False):
                raise ValueError(
                    f"Items of feature_columns must be a {DenseColumn}. You can wrap a "
                    "categorical column with an embedding_column or indicator_column. Given: "
                    f"{column}")
        self._feature_columns = sorted(columns, key=_name)
        self._embeddings = {}
        self._autocast = False

    def build(self, input_shape):
        for column in self._feature_columns:
            if isinstance(column, EmbeddingColumn) and column.name not in self._embeddings:
                initializer = column.initializer
                if getattr(initializer, "_column_default", False):
                    initializer = type(initializer).from_config(initializer.get_config())
                self._embeddings[column.name] = self.add_weight(
                    name=f"{column.name}/embedding_weights",
                    shape=(_num_buckets(column.categorical_column), column.dimension),
                    initializer=initializer, trainable=column.trainable)
        self.built = True

    def call(self, features, cols_to_output_tensors=None, training=None):
        if not isinstance(features, dict):
            raise ValueError(f"We expected a dictionary here. Instead we got: {features}")
        if any(isinstance(v, Tensor) and is_symbolic(v) for v in features.values()):
            parts = self._parts_in_graph(features)
        else:
            parts = [self._part(column, features) for column in self._feature_columns]
        outputs = [math_ops.matmul(part, self._embeddings[column.name])
                   if isinstance(column, EmbeddingColumn) else part
                   for column, part in zip(self._feature_columns, parts)]
        if cols_to_output_tensors is not None:
            cols_to_output_tensors.update(zip(self._feature_columns, outputs))
        return outputs[0] if len(outputs) == 1 else array_ops.concat(outputs, axis=1)

    def _part(self, column, features):
        """A column's float32 rows: its dense values, or for an embedding the id counts
        (scaled by the combiner) that multiply the table."""
        if isinstance(column, NumericColumn):
            return math_ops.cast(_numeric(column, features), dtypes.float32)
        if isinstance(column, BucketizedColumn):
            ids = _bucket_ids(column, features)
            one_hot = np.eye(len(column.boundaries) + 1, dtype=np.float32)[ids]
            return convert_to_tensor(one_hot.reshape(ids.shape[0], -1))
        categorical = column.categorical_column
        rows = _ids(categorical, features)
        combiner = column.combiner if isinstance(column, EmbeddingColumn) else "sum"
        return convert_to_tensor(_id_matrix(rows, _num_buckets(categorical), combiner))

    def _parts_in_graph(self, features):
        """Inside a tf.function: the parts come from one op that computes them on the
        features' values when the function runs (the embedding tables stay in the graph)."""
        keys = sorted(features)

        def on_values(*values):
            given = dict(zip(keys, values))
            return [self._part(column, given) for column in self._feature_columns]

        parts = script_ops.py_function(on_values, [features[k] for k in keys],
                                       Tout=[dtypes.float32] * len(self._feature_columns))
        batch = convert_to_tensor(features[keys[0]]).shape.as_list()[:1] or [None]
        for column, part in zip(self._feature_columns, parts):
            width = _num_buckets(column.categorical_column) \
                if isinstance(column, EmbeddingColumn) else \
                int(np.prod(column.variable_shape.as_list()))
            part.set_shape(batch + [width])
        return parts

    def compute_output_shape(self, input_shape):
        first = next(iter(input_shape.values())) if isinstance(input_shape, dict) \
            else input_shape
        batch = TensorShape(first).as_list()[0] if TensorShape(first).rank else None
        width = sum(int(np.prod(c.variable_shape.as_list())) for c in self._feature_columns)
        return TensorShape([batch, width])

    def _output_dtype(self, input_dtype):
        return dtypes.float32

    def get_config(self):
        config = super().get_config()
        config["feature_columns"] = [_serialize(c) for c in self._feature_columns]
        config["partitioner"] = None
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config.pop("partitioner", None)
        columns = [_deserialize(c) for c in config.pop("feature_columns")]
        return cls(columns, **config)


# --- configs: a column as {"class_name": ..., "config": {field: value}}, as TF writes it -----
_COLUMN_TYPES = {t.__name__: t for t in (
    NumericColumn, BucketizedColumn, VocabularyListCategoricalColumn,
    VocabularyFileCategoricalColumn, IdentityCategoricalColumn, HashedCategoricalColumn,
    CrossedColumn, WeightedCategoricalColumn, IndicatorColumn, EmbeddingColumn)}


def _serialize(value):
    if isinstance(value, _Column):
        return {"class_name": type(value).__name__,
                "config": {field: _serialize(v) for field, v in value._asdict().items()}}
    if isinstance(value, dtypes.DType):
        return value.name
    if isinstance(value, tuple):
        return [_serialize(v) for v in value]
    if isinstance(value, initializers.Initializer):
        return {"class_name": type(value).__name__, "config": value.get_config()}
    if callable(value):
        return getattr(value, "__name__", repr(value))
    return value


def _initializer_from_config(value):
    """A column's initializer rebuilt as TF rebuilds it: a TF 1.x random initializer when its
    class name is one (as the default truncated normal), else Keras's."""
    if value["class_name"] in ("RandomNormal", "RandomUniform", "TruncatedNormal"):
        return getattr(initializers_v1, value["class_name"]).from_config(value["config"])
    config = {k: v for k, v in value["config"].items() if k != "dtype"}
    return initializers.get({"class_name": value["class_name"], "config": config})


def _deserialize(config):
    column_type = _COLUMN_TYPES[config["class_name"]]
    fields = dict(config["config"])
    for field, value in fields.items():
        if isinstance(value, dict) and value.get("class_name") in _COLUMN_TYPES:
            fields[field] = _deserialize(value)
        elif field == "keys":
            fields[field] = tuple(_deserialize(k) if isinstance(k, dict) else k for k in value)
        elif field in ("shape", "boundaries", "vocabulary_list"):
            fields[field] = tuple(value)
        elif field == "dtype":
            fields[field] = dtypes.as_dtype(value)
        elif field == "initializer" and isinstance(value, dict):
            fields[field] = _initializer_from_config(value)
        elif field == "normalizer_fn" and value is not None:
            raise ValueError(f"eagerbook cannot rebuild the normalizer_fn {value!r} of column "
                             f"{fields.get('key')!r} from a config")
    return column_type(**fields)
