"""Datasets that read files: ``TextLineDataset``, ``experimental.CsvDataset`` and
``experimental.make_csv_dataset``.

Files are opened when a pass over the data starts and read lazily, line by line. Missing files
raise ``tf.errors.NotFoundError`` at that moment (as TF raises it from ``IteratorGetNext``).
"""

import collections
import csv
import glob
import gzip
import io
import zlib

import numpy as np

from ..core import dtypes, errors
from ..core.spec import TensorSpec
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from .dataset import UNKNOWN, Dataset


def _filenames(filenames):
    """A list of str paths from a string, a list of strings, a string tensor or a dataset."""
    if isinstance(filenames, Dataset):
        filenames = [t.numpy() for t in filenames]
    elif isinstance(filenames, Tensor):
        filenames = filenames.numpy().tolist() if filenames.ndim else [filenames.numpy()]
    elif isinstance(filenames, (str, bytes)):
        filenames = [filenames]
    out = []
    for name in filenames:
        if isinstance(name, Tensor):
            name = name.numpy()
        if isinstance(name, bytes):
            name = name.decode("utf-8")
        if not isinstance(name, str):
            raise TypeError(f"`filenames` must be a `tf.Tensor` of dtype `tf.string`, got "
                            f"{type(name).__name__}")
        out.append(name)
    if not out:
        raise ValueError("`filenames` must not be empty.")
    return out


def _open(name, compression_type):
    """A binary stream over the (possibly compressed) file `name`."""
    try:
        raw = open(name, "rb")  # noqa: SIM115 - closed by the reading generator
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, f"{name}; No such file or directory "
                                               f"[Op:IteratorGetNext]") from None
    if compression_type in (None, ""):
        return raw
    if compression_type == "GZIP":
        return gzip.GzipFile(fileobj=raw)
    if compression_type == "ZLIB":
        with raw:
            return io.BytesIO(zlib.decompress(raw.read()))
    raw.close()
    raise ValueError(f"Unsupported compression_type: {compression_type}. Expected one of "
                     f"'', 'GZIP' or 'ZLIB'.")


def _lines(names, compression_type):
    """Every line of every file, without its line ending ('\\n' or '\\r\\n')."""
    for name in names:
        with _open(name, compression_type) as f:
            for line in f:
                if line.endswith(b"\n"):
                    line = line[:-1]
                    if line.endswith(b"\r"):
                        line = line[:-1]
                yield line


class TextLineDataset(Dataset):
    """``tf.data.TextLineDataset(filenames)``: one string scalar per line of the files."""

    _tf_name = "TextLineDatasetV2"

    def __init__(self, filenames, compression_type=None, buffer_size=None,
                 num_parallel_reads=None, name=None):
        self._names = _filenames(filenames)
        self._compression = compression_type

    def _iterate(self):
        for line in _lines(self._names, self._compression):
            yield _from_numpy(np.array(line, dtype=object))

    def _compute_spec(self):
        return TensorSpec([], dtypes.string)

    def _cardinality(self):
        return UNKNOWN


_CSV_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.string)


def _record_default(value):
    """(dtype, default or None) for one entry of `record_defaults`."""
    if isinstance(value, dtypes.DType) or (isinstance(value, type) and value in (int, float,
                                                                                  str)):
        dtype, default = dtypes.as_dtype(value if value is not str else "string"), None
    else:
        tensor = convert_to_tensor(value)
        if tensor.ndim > 1 or (tensor.ndim == 1 and tensor.shape[0] > 1):
            raise ValueError(f"record_defaults must contain scalars or empty vectors, got "
                             f"{tensor!r}")
        dtype = tensor.dtype
        default = None if tensor.ndim == 1 and tensor.shape[0] == 0 else \
            tensor._value.reshape(())[()]
    if dtype not in _CSV_TYPES:
        raise TypeError(f"Unsupported type for record_defaults: {dtype.name} (expected "
                        f"float32, float64, int32, int64 or string)")
    return dtype, default


def _parse_field(text, dtype, default, column, na_value):
    """One CSV field as a NumPy value of `dtype` (its default when empty or the NA value)."""
    if text == "" or (na_value and text == na_value):
        if default is None:
            raise errors.InvalidArgumentError(
                None, None, f"Field {column} is required but missing in record! "
                            f"[Op:IteratorGetNext]")
        return default
    if dtype is dtypes.string:
        return text.encode("utf-8")
    try:
        value = (float if dtype.is_floating else int)(text)
    except ValueError:
        kind = "float" if dtype is dtypes.float32 else ("double" if dtype is dtypes.float64
                                                         else dtype.name)
        raise errors.InvalidArgumentError(
            None, None, f"Field {column} in record is not a valid {kind}: {text} "
                        f"[Op:IteratorGetNext]") from None
    return value


def _csv_rows(names, compression_type, header, field_delim, use_quote_delim):
    """The rows (lists of str) of every file, skipping each file's header line if asked."""
    for name in names:
        lines = _lines([name], compression_type)
        if header:
            next(lines, None)
        text_lines = (line.decode("utf-8") for line in lines)
        reader = csv.reader(text_lines, delimiter=field_delim,
                            quoting=csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE)
        yield from reader


class CsvDataset(Dataset):
    """``tf.data.experimental.CsvDataset``: one tuple of scalars per CSV record.

    `record_defaults` gives one entry per selected column: a dtype (the field is required) or a
    value (its default when the field is empty).
    """

    _tf_name = "CsvDatasetV2"

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None,
                 header=False, field_delim=",", use_quote_delim=True, na_value="",
                 select_cols=None, exclude_cols=None, name=None):
        self._names = _filenames(filenames)
        self._defaults = [_record_default(v) for v in record_defaults]
        if select_cols is not None and exclude_cols is not None:
            raise ValueError("Either select_cols or exclude_cols should be empty")
        if select_cols is not None:
            select_cols = [int(c) for c in select_cols]
            if sorted(select_cols) != select_cols or len(set(select_cols)) != len(select_cols):
                raise errors.InvalidArgumentError(
                    None, None, "select_cols is not strictly increasing.")
            if len(select_cols) != len(self._defaults):
                raise errors.InvalidArgumentError(
                    None, None, "Expected len(select_cols) == len(record_defaults) but got "
                                f"{len(select_cols)} vs {len(self._defaults)}")
        self._select = select_cols
        self._exclude = None if exclude_cols is None else {int(c) for c in exclude_cols}
        self._compression = compression_type
        self._header = bool(header)
        self._delim = field_delim
        self._quote = bool(use_quote_delim)
        self._na = na_value

    def _columns(self, row):
        if self._select is not None:
            if self._select and self._select[-1] >= len(row):
                raise errors.InvalidArgumentError(
                    None, None, f"Expect {self._select[-1] + 1} fields but have {len(row)} "
                                f"in record [Op:IteratorGetNext]")
            return [row[c] for c in self._select]
        if self._exclude is not None:
            return [f for i, f in enumerate(row) if i not in self._exclude]
        return row

    def _iterate(self):
        n = len(self._defaults)
        for row in _csv_rows(self._names, self._compression, self._header, self._delim,
                             self._quote):
            fields = self._columns(row)
            if len(fields) != n:
                raise errors.InvalidArgumentError(
                    None, None, f"Expect {n} fields but have {len(fields)} in record "
                                f"[Op:IteratorGetNext]")
            yield tuple(
                _from_numpy(np.array(_parse_field(text, dtype, default, i, self._na),
                                     dtype=dtype._np))
                for i, (text, (dtype, default)) in enumerate(zip(fields, self._defaults,
                                                                 strict=True)))

    def _compute_spec(self):
        return tuple(TensorSpec([], dtype) for dtype, _ in self._defaults)


# --- make_csv_dataset ------------------------------------------------------------------------
def _infer_dtype(values, na_value):
    """TF's column type inference: int32, then int64, float32, float64, else string."""
    order = [dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.string]
    best = 0
    for text in values:
        if text == "" or (na_value and text == na_value):
            continue
        while best < 4 and not _fits(text, order[best]):
            best += 1
    return order[best]


def _fits(text, dtype):
    try:
        if dtype.is_integer:
            value = int(text)
            return dtype.min <= value <= dtype.max
        value = float(text)
        return dtype is dtypes.float64 or np.isfinite(np.float32(value)) or not np.isfinite(
            value)
    except ValueError:
        return False


def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None,
                     label_name=None, select_columns=None, field_delim=",",
                     use_quote_delim=True, na_value="", header=True, num_epochs=None,
                     shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False,
                     num_rows_for_inference=100, compression_type=None, ignore_errors=False,
                     encoding="utf-8"):
    """Batches of CSV records as ``(OrderedDict of feature columns, label)`` (just the dict
    when `label_name` is None): column names from the header, types inferred from the first
    rows, repeated `num_epochs` times (forever by default) and shuffled by default."""
    names = _csv_file_names(file_pattern)
    rows = _csv_rows(names[:1], compression_type, False, field_delim, use_quote_delim)
    first = next(rows, None)
    rows.close()
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` when `header` is False.")
        if first is None:
            raise ValueError(f"Expected a header line in {names[0]}.")
        column_names = first
    column_names = list(column_names)
    if len(set(column_names)) != len(column_names):
        raise ValueError("Cannot have duplicate column names.")
    if select_columns is not None:
        indices = [column_names.index(c) if isinstance(c, str) else int(c)
                   for c in select_columns]
        indices = sorted(set(indices))
    else:
        indices = list(range(len(column_names)))
    names_selected = [column_names[i] for i in indices]
    if label_name is not None and label_name not in names_selected:
        raise ValueError(f"`label_name` provided must be one of the columns: "
                         f"{names_selected}. Received: {label_name}")
    if column_defaults is None:
        sample = []
        for row in _csv_rows(names, compression_type, header, field_delim, use_quote_delim):
            sample.append(row)
            if len(sample) >= num_rows_for_inference:
                break
        column_defaults = []
        for i in indices:
            dtype = _infer_dtype([r[i] for r in sample if i < len(r)], na_value)
            column_defaults.append(convert_to_tensor(_zero(dtype), dtype=dtype))
    files = Dataset.from_tensor_slices(names)
    if shuffle:
        # TF reads the files in an order shuffled first (a shuffle of its own: it takes the
        # next op seed, so the records' shuffle below draws from the one after it)
        files = files.shuffle(len(names), seed=shuffle_seed)

    def records_of(filename):
        return CsvDataset(filename, column_defaults, compression_type=compression_type,
                          header=header, field_delim=field_delim,
                          use_quote_delim=use_quote_delim, na_value=na_value,
                          select_cols=indices)

    records = files.flat_map(records_of)

    def to_features(*fields):
        features = collections.OrderedDict(zip(names_selected, fields, strict=True))
        if label_name is None:
            return features
        label = features.pop(label_name)
        return features, label

    dataset = records
    if shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, seed=shuffle_seed)
    if num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    dataset = dataset.batch(batch_size, drop_remainder=num_epochs is None)
    dataset = dataset.map(to_features)
    return dataset.prefetch(prefetch_buffer_size or 1)


def _csv_file_names(file_pattern):
    """The files make_csv_dataset reads: every match of the glob pattern (or of each pattern in
    a list), sorted by name as TF sorts them."""
    if isinstance(file_pattern, list):
        if not file_pattern:
            raise ValueError("Argument `file_pattern` should not be empty.")
        patterns = file_pattern
    elif isinstance(file_pattern, (str, bytes)):
        patterns = [file_pattern]
    else:
        return _filenames(file_pattern)
    names = []
    for pattern in patterns:
        pattern = pattern.decode() if isinstance(pattern, bytes) else pattern
        names.extend(glob.glob(pattern))
    if not names:
        raise ValueError(f"No files match `file_pattern` {file_pattern}.")
    return sorted(names)


def _zero(dtype):
    return b"" if dtype is dtypes.string else 0


__all__ = ["CsvDataset", "TextLineDataset", "make_csv_dataset"]


def _byte_count(value, name):
    """An int from `value` as TF converts it to an int64 scalar (TypeError for str/float)."""
    if isinstance(value, Tensor):
        value = value.numpy()
    if isinstance(value, (bool, str, bytes, float)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"Expected int64, but got {value} of type '{type(value).__name__}'.")
    return int(value)


class FixedLengthRecordDataset(Dataset):
    """``tf.data.FixedLengthRecordDataset``: records of `record_bytes` bytes each, read from
    the body of every file (the file without its first `header_bytes` and last
    `footer_bytes`). The body must be a whole number of records."""

    _tf_name = "FixedLengthRecordDatasetV2"

    def __init__(self, filenames, record_bytes, header_bytes=None, footer_bytes=None,
                 buffer_size=None, compression_type=None, num_parallel_reads=None, name=None):
        self._names = _filenames(filenames)
        self._record = _byte_count(record_bytes, "record_bytes")
        self._header = 0 if header_bytes is None else _byte_count(header_bytes, "header_bytes")
        self._footer = 0 if footer_bytes is None else _byte_count(footer_bytes, "footer_bytes")
        self._compression = compression_type

    def _check_arguments(self):
        # TF checks them when the iterator starts, not when the dataset is made.
        for value, name, least in ((self._record, "record_bytes", 1),
                                   (self._header, "header_bytes", 0),
                                   (self._footer, "footer_bytes", 0)):
            if value < least:
                raise errors.InvalidArgumentError(
                    None, "IteratorGetNext",
                    f"`{name}` must be {'> 0' if least else '>= 0'} [Op:IteratorGetNext]")
        if self._compression not in (None, "", "GZIP", "ZLIB"):
            raise errors.InvalidArgumentError(None, "IteratorGetNext",
                                              "Unsupported compression_type. [Op:IteratorGetNext]")

    def _body(self, name):
        with _open(name, self._compression) as f:
            data = f.read()
        if not data:
            return b""
        body = len(data) - self._header - self._footer
        if body < 0 or body % self._record:
            # TF counts the body in an unsigned 64-bit integer, so a file shorter than its
            # header and footer shows a wrapped-around length; compressed input is DataLoss.
            kind = errors.InvalidArgumentError if self._compression in (None, "") \
                else errors.DataLossError
            raise kind(None, "IteratorGetNext",
                       f"Excluding the header ({self._header} bytes) and footer "
                       f"({self._footer} bytes), input file \"{name}\" has body length "
                       f"{body % 2 ** 64} bytes, which is not an exact multiple of the record "
                       f"length ({self._record} bytes). [Op:IteratorGetNext]")
        return data[self._header:self._header + body]

    def _iterate(self):
        self._check_arguments()
        size = self._record
        for name in self._names:
            body = self._body(name)
            for start in range(0, len(body), size):
                yield _from_numpy(np.array(body[start:start + size], dtype=object))

    def _compute_spec(self):
        return TensorSpec([], dtypes.string)

    def _cardinality(self):
        return UNKNOWN
