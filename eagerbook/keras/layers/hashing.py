"""``tf.keras.layers.Hashing``: values -> one of ``num_bins`` bins by a hash of their bytes.

The bins are the ones TF gives, so a model trained with TF hashes a feature the same way here:
without a salt, a value goes to ``Fingerprint64(bytes) % num_bins`` (TF's
``tf.strings.to_hash_bucket_fast``, FarmHash's 64-bit fingerprint); with a salt, to
``SipHash-2-4(key=salt, bytes) % num_bins`` (``to_hash_bucket_strong``). Integers are hashed
as their decimal text (``tf.as_string``). The hashes are in ``string_hashes.py``.
"""

import numpy as np

from ...core import dtypes, errors
from ...core.shape import TensorShape
from ...core.tensor import _from_numpy
from .base import Layer
from .preprocessing import EncodedRank, _encode, encoded_output, kernel_dtype_name, runs_on_values
from .string_hashes import fingerprint64, siphash24


def _as_bytes(value):
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    return str(int(value)).encode("ascii")  # integers hash as their decimal text


class Hashing(EncodedRank, Layer):
    """Values (strings or integers) -> bin indices in ``[0, num_bins)`` by hashing; with a
    `mask_value`, that value goes to bin 0 and the others to the remaining bins."""

    _MODES = ("int", "one_hot", "multi_hot", "count")

    def __init__(self, num_bins, mask_value=None, salt=None, output_mode="int", sparse=False,
                 **kwargs):
        if num_bins is None or num_bins <= 0:
            raise ValueError("The `num_bins` for `Hashing` cannot be `None` or non-positive "
                             f"values. Received: num_bins={num_bins}.")
        if output_mode not in self._MODES:
            raise ValueError(f"Unkown value for `output_mode` argument of layer Hashing. "
                             f"Allowed values are: or one of the following values: "
                             f"{self._MODES}. Received: {output_mode}")  # TF's words
        if sparse and output_mode == "int":
            raise ValueError('`sparse` may only be true if `output_mode` is `"one_hot"`, '
                             f'`"multi_hot"`, or `"count"`. Received: sparse={sparse} and '
                             f"output_mode={output_mode}")
        if salt is not None and not (isinstance(salt, (tuple, list)) and len(salt) == 2) \
                and not isinstance(salt, int):
            raise ValueError("The `salt` argument for `Hashing` can only be a tuple of size 2 "
                             f"integers, or a single integer. Received: salt={salt}.")
        if kwargs.get("dtype") is None:  # TF's: the dtype of what the layer returns
            kwargs["dtype"] = "int64" if output_mode == "int" else "float32"
        super().__init__(**kwargs)
        self.num_bins = num_bins
        self.mask_value = mask_value
        self.salt = None if salt is None else list(salt) if isinstance(salt, (tuple, list)) \
            else [salt, salt]
        self.output_mode = output_mode
        self.sparse = sparse
        self._autocast = False

    def _bin(self, value, bins):
        data = _as_bytes(value)
        digest = fingerprint64(data) if self.salt is None else siphash24(self.salt, data)
        return digest % bins

    @runs_on_values
    def call(self, inputs):
        values = np.asarray(inputs.numpy() if hasattr(inputs, "numpy") else inputs)
        if values.dtype.kind == "f":  # TF hashes strings, and integers made strings
            raise errors.InvalidArgumentError(
                None, None, "cannot compute StringToHashBucketFast as input #0(zero-based) was "
                f"expected to be a string tensor but is a {kernel_dtype_name(values.dtype)} "
                "tensor [Op:StringToHashBucketFast]")
        masked = self.mask_value is not None and self.num_bins > 1
        bins = self.num_bins - 1 if masked else self.num_bins
        flat = values.reshape(-1)
        indices = np.array([self._bin(v, bins) for v in flat], np.int64).reshape(values.shape)
        if masked:
            mask_value = _as_bytes(self.mask_value) if values.dtype.kind in "OSU" \
                else self.mask_value
            is_mask = np.array([(_as_bytes(v) if values.dtype.kind in "OSU" else v) ==
                                mask_value for v in flat], bool).reshape(values.shape)
            indices = np.where(is_mask, 0, indices + 1)
        if self.output_mode == "int":
            return _from_numpy(indices)
        self._check_encoded_rank(values.shape)
        if self.output_mode == "one_hot":
            return encoded_output(_encode(indices, self.num_bins, "one_hot"), self.sparse)
        rows = indices if indices.ndim > 1 else indices.reshape(1, -1)
        encoded = _encode(rows, self.num_bins, self.output_mode)
        return encoded_output(encoded if indices.ndim > 1 else encoded[0], self.sparse)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.output_mode == "int":
            return TensorShape(dims)
        if self.output_mode == "one_hot" and (len(dims) < 2 or dims[-1] != 1):
            return TensorShape(dims + [self.num_bins])
        return TensorShape(dims[:-1] + [self.num_bins])

    def _output_dtype(self, input_dtype):
        return dtypes.int64 if self.output_mode == "int" else dtypes.float32

    def get_config(self):
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "salt": self.salt,
                       "mask_value": self.mask_value, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config


_CROSS_KEY = 0xDECAFCAFFE  # TF's starting value for a hashed feature cross
_MASK64 = (1 << 64) - 1


def _shift_mix(value):
    return value ^ (value >> 47)


def _fingerprint_cat64(first, second):
    """TF's FingerprintCat64: two 64-bit fingerprints combined into one."""
    mul = 0xC6A4A7935BD1E995
    result = first ^ mul
    result ^= (_shift_mix((second * mul) & _MASK64) * mul) & _MASK64
    result = (result * mul) & _MASK64
    result = (_shift_mix(result) * mul) & _MASK64
    return _shift_mix(result)


def _feature_hash(value):
    """A string's FarmHash fingerprint; an integer stands for itself (as 64 unsigned bits)."""
    if isinstance(value, (bytes, str)):
        return fingerprint64(_as_bytes(value))
    return int(value) & _MASK64


class HashedCrossing(Layer):
    """``HashedCrossing(num_bins)``: the features of each position crossed into one of
    ``num_bins`` bins by hashing them together (TF's ``sparse.cross_hashed`` bins, so a model
    trained with TF finds the same bins)."""

    def __init__(self, num_bins, output_mode="int", sparse=False, **kwargs):
        if output_mode not in ("int", "one_hot"):
            raise ValueError(f"Unknown arg for `output_mode` argument of layer HashedCrossing. "
                             f"Allowed values are: or one of the following values: "
                             f"('int', 'one_hot'). Received: output_mode={output_mode}")
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = "int64" if output_mode == "int" else "float32"
        super().__init__(**kwargs)
        self.num_bins = num_bins
        self.output_mode = output_mode
        self.sparse = sparse
        self._autocast = False

    @runs_on_values
    def call(self, inputs):
        if not isinstance(inputs, (tuple, list)) or len(inputs) < 2:
            raise ValueError(f"`HashedCrossing` should be called on a list or tuple of inputs "
                             f"with at least two elements. Received: inputs={inputs}")
        arrays = [np.asarray(x.numpy() if hasattr(x, "numpy") else x) for x in inputs]
        shape = arrays[0].shape
        if any(a.shape != shape for a in arrays):
            raise ValueError(f"All `HashedCrossing` inputs should have equal shape. Received: "
                             f"inputs={[a.shape for a in arrays]}")
        flat = [a.reshape(-1) for a in arrays]
        bins = []
        for features in zip(*flat):
            digest = _CROSS_KEY
            for value in features:
                digest = _fingerprint_cat64(digest, _feature_hash(value))
            bins.append(digest % self.num_bins)
        indices = np.array(bins, np.int64).reshape(shape)
        if self.output_mode == "int":
            return _from_numpy(indices)
        return encoded_output(_encode(indices, self.num_bins, "one_hot"), self.sparse)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape[0]).as_list()
        return TensorShape(dims if self.output_mode == "int" else dims + [self.num_bins])

    def _output_dtype(self, input_dtype):
        return dtypes.int64 if self.output_mode == "int" else dtypes.float32

    def get_config(self):
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config
