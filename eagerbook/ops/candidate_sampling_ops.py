"""Candidate samplers (``tf.random.log_uniform_candidate_sampler`` and friends) and
``tf.nn.compute_accidental_hits``: the negative classes of sampled losses such as word2vec's.

A sampler draws `num_sampled` class ids from [0, range_max) and says, for each sampled id and
each true class, how many times it is expected to appear among the samples (the correction
sampled losses subtract). The draws are TF's: a seeded call reads 32-bit words one after
another from its op's Philox stream, reserving 2048 words per sampled id, as TF's kernel does.
"""

import collections
import ctypes
import ctypes.util
import math

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from . import array_ops, math_ops, nn_ops, philox
from .random_ops import _STATE, _philox_stream, _seed_attrs
from .registry import execute, invalid_argument, register

_FIELDS = ["sampled_candidates", "true_expected_count", "sampled_expected_count"]
LogUniformCandidateSampler = collections.namedtuple("LogUniformCandidateSampler", _FIELDS)
UniformCandidateSampler = collections.namedtuple("UniformCandidateSampler", _FIELDS)
AllCandidateSampler = collections.namedtuple("AllCandidateSampler", _FIELDS)
FixedUnigramCandidateSampler = collections.namedtuple("FixedUnigramCandidateSampler", _FIELDS)
LearnedUnigramCandidateSampler = collections.namedtuple("LearnedUnigramCandidateSampler",
                                                        _FIELDS)
ComputeAccidentalHits = collections.namedtuple("ComputeAccidentalHits",
                                               ["indices", "ids", "weights"])

_WORDS_RESERVED_PER_SAMPLE = 2048


class _Words:
    """uint32 words of a Philox stream, one at a time (TF's SimplePhilox)."""

    def __init__(self, key, counter):
        self._key, self._counter, self._buffer = key, counter, []

    def rand32(self):
        if not self._buffer:
            self._buffer = philox.blocks(self._key, self._counter, 16).reshape(-1).tolist()
            self._buffer.reverse()
            self._counter = philox.skip(self._counter, 16)
        return self._buffer.pop()

    def rand_double(self):
        """A float64 in [0, 1) from two words (20 + 32 mantissa bits)."""
        x0, x1 = self.rand32(), self.rand32()
        return float(philox._unit_float64(np.uint32(x0), np.uint32(x1)))

    def rand_float(self):
        return float(philox._unit_float32(np.uint32(self.rand32())))

    def rand64(self):
        low, high = self.rand32(), self.rand32()
        return low | (high << 32)


# --- the distributions: a sample, and the probability of one id ------------------------------
def _log_uniform(range_max):
    log_range = math.log1p(range_max)

    def sample(words):
        # (the modulo guards a roundoff that would give range_max itself)
        return (int(math.exp(words.rand_double() * log_range)) - 1) % range_max

    def probability(value):
        return np.float32(math.log((value + 2.0) / (value + 1.0)) / log_range)
    return sample, probability


def _uniform(range_max):
    def sample(words):
        return words.rand64() % range_max

    def probability(value):
        return np.float32(1.0 / range_max)
    return sample, probability


def _fixed_unigram(range_max, unigrams, distortion, num_reserved_ids, num_shards, shard):
    """Ids drawn in proportion to unigrams ** distortion (reserved ids: weight 0), by Walker's
    alias method as TF's sampler builds it."""
    weights = [np.float32(0)] * sum(1 for i in range(num_reserved_ids) if i % num_shards == shard)
    total = np.float32(0)
    for word_id, w in enumerate(unigrams, start=num_reserved_ids):
        if word_id % num_shards == shard:
            w = np.float32(np.float32(w) ** np.float32(distortion))
            total = np.float32(total + w)
            weights.append(w)
    if len(weights) != range_max:
        raise invalid_argument("FixedUnigramCandidateSampler", f"range is {range_max} must be "
                                                               f"equal to weights size  "
                                                               f"{len(weights)}")
    prob, alt = _alias_table(weights)

    def sample(words):
        r = np.float32(words.rand_float())
        index = words.rand32() % len(weights)
        return index if r < prob[index] else alt[index]

    def probability(value):
        if not 0 <= value < len(weights):
            return np.float32(0)
        return np.float32(weights[value] / total)
    return sample, probability


def _learned_counts(kernel_id, seed, seed2, range_max):
    state = _STATE.streams
    name = ("learned unigram counts", kernel_id, seed, seed2)
    if name not in state:
        state[name] = [1] * range_max  # every id seen once to begin with
    return state[name]


def _learned_unigram(range_max, counts):
    """Ids in proportion to how often each was a true class (starting from 1 each)."""
    total = sum(counts)
    ends = np.cumsum(counts)

    def sample(words):
        return int(np.searchsorted(ends, _unbiased_below(words, total), side="right"))

    def probability(value):
        return np.float32(np.float32(counts[value]) / np.float32(total))
    return sample, probability


def _unbiased_below(words, n):
    """A uniform integer in [0, n) from 32-bit words, rejecting those that would favour small
    values (a power of two just takes the low bits)."""
    if n & (n - 1) == 0:
        return words.rand32() & (n - 1)
    rem = (0xFFFFFFFF % n) + 1
    while True:
        bits = words.rand32()
        if bits >= rem:
            return bits % n


def _alias_table(weights):
    """Walker's alias table: bucket i keeps its own id with probability prob[i], else gives
    alt[i] (TF's DistributionSampler: float32 probabilities, pairing from the lists' ends)."""
    n = len(weights)
    total = float(sum(float(w) for w in weights))
    scaled = [float(np.float32(w * np.float32(n))) / total for w in weights]
    alt = [-1] * n
    low = [i for i in range(n) if scaled[i] < 1.0]
    high = [i for i in range(n) if scaled[i] >= 1.0]
    while high and low:
        small, large = low.pop(), high.pop()
        alt[small] = large
        scaled[large] -= 1.0 - scaled[small]
        (low if scaled[large] < 1.0 else high).append(large)
    prob = [np.float32(p) for p in scaled]
    for i in high + low:  # left over by rounding: they keep their own id
        prob[i], alt[i] = np.float32(1.0), i
    return prob, alt


_DISTRIBUTIONS = {"LogUniformCandidateSampler": _log_uniform,
                  "UniformCandidateSampler": _uniform,
                  "FixedUnigramCandidateSampler": _fixed_unigram,
                  "LearnedUnigramCandidateSampler": _learned_unigram}


def _float_functions():
    """The C library's float log1p and expm1, which TF's kernel calls: NumPy's float32 ones may
    use other (vectorized) code that differs in the last bit. NumPy's where there is none."""
    try:
        libm = ctypes.CDLL(ctypes.util.find_library("m"))
        log1pf, expm1f = libm.log1pf, libm.expm1f
    except (OSError, TypeError, AttributeError):
        return np.log1p, np.expm1
    for function in (log1pf, expm1f):
        function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return log1pf, expm1f


_log1pf, _expm1f = _float_functions()


def _expected_count(p, batch_size, num_tries):
    """How often an id of probability `p` shows up among the samples (float32, as TF)."""
    if num_tries == batch_size:  # sampling with replacement, or unique without a repeat
        return np.float32(p * np.float32(batch_size))
    return -np.float32(_expm1f(np.float32(num_tries) * np.float32(_log1pf(-p))))


def _sampler_kernel(op_name):
    def kernel(true_classes, *, num_true, num_sampled, unique, range_max, seed, seed2, **extra):
        _check_true_classes(true_classes, range_max, op_name)
        # TF keeps one stream per kernel, and a kernel per op and attributes
        kernel_id = (op_name, num_true, num_sampled, unique, range_max, repr(sorted(
            extra.items())))
        stream = _philox_stream(kernel_id, seed, seed2, 0,
                                blocks=_WORDS_RESERVED_PER_SAMPLE * num_sampled // 4)
        if stream is None:  # unseeded: a fresh stream each call
            fresh = np.random.default_rng().integers(0, 1 << 32, 6).tolist()
            stream = fresh[:2], fresh[2:]
        words = _Words(*stream)
        if op_name == "LearnedUnigramCandidateSampler":
            # the kernel's counts, kept until set_seed restarts the kernels (as TF's cache)
            extra = {"counts": _learned_counts(kernel_id, seed, seed2, range_max)}
        sample, probability = _DISTRIBUTIONS[op_name](range_max, **extra)
        picked, used, tries = [], set(), 0
        while len(picked) < num_sampled:
            tries += 1
            value = sample(words)
            if not unique or value not in used:
                used.add(value)
                picked.append(value)
        tries = tries if unique else num_sampled
        sampled_counts = [_expected_count(probability(v), num_sampled, tries) for v in picked]
        true_counts = [_expected_count(probability(int(v)), num_sampled, tries)
                       for v in true_classes.reshape(-1)]
        if op_name == "LearnedUnigramCandidateSampler":  # it learns from the true classes
            for v in true_classes.reshape(-1):
                extra["counts"][int(v)] += 1
        return (np.array(picked, np.int64),
                np.array(true_counts, np.float32).reshape(true_classes.shape),
                np.array(sampled_counts, np.float32))
    kernel.__name__ = f"_{op_name}"
    return kernel


def _check_true_classes(true_classes, range_max, op_name):
    bad = (true_classes < 0) | (true_classes >= range_max)
    if bad.any():
        raise invalid_argument(op_name, f"`true_candidate` out of range [0, {range_max}), "
                                        f"received {true_classes[bad][0]}")


def _infer_sampler(inputs, attrs):
    return [(dtypes.int64, (attrs["num_sampled"],)), (dtypes.float32, inputs[0]._shape),
            (dtypes.float32, (attrs["num_sampled"],))]


_KERNELS = {name: register(name, stateful=True, differentiable=False, num_outputs=3,
                           infer_shape=_infer_sampler)(_sampler_kernel(name))
            for name in _DISTRIBUTIONS}


def _true_classes(true_classes, num_true, op_name):
    classes = convert_to_tensor(true_classes, dtype=dtypes.int64)
    if classes.shape.rank != 2:
        raise invalid_argument(op_name, f"true_classes must be a matrix, got shape "
                                        f"{list(classes.shape)}")
    if classes.shape[1] is not None and classes.shape[1] != num_true:
        raise invalid_argument(op_name, f"true_classes must have num_true columns, expected: "
                                        f"{classes.shape[1]} was: {num_true}")
    return classes


def _sample(op_name, result_type, true_classes, num_true, num_sampled, unique, range_max,
            seed, **extra):
    num_true, num_sampled, range_max = int(num_true), int(num_sampled), int(range_max)
    classes = _true_classes(true_classes, num_true, op_name)
    if unique and num_sampled > range_max:
        raise invalid_argument(op_name, "Sampler's range is too small.")
    attrs = {"num_true": num_true, "num_sampled": num_sampled, "unique": bool(unique),
             "range_max": range_max, **extra}
    attrs.update(_seed_attrs(seed))
    return result_type(*execute(_KERNELS[op_name], (classes,), attrs))


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                  seed=None, name=None):
    """Ids from [0, range_max) with P(k) = log((k + 2) / (k + 1)) / log(range_max + 1): small
    ids (the frequent words of a vocabulary sorted by frequency) come up most often."""
    return _sample("LogUniformCandidateSampler", LogUniformCandidateSampler, true_classes,
                   num_true, num_sampled, unique, range_max, seed)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                              seed=None, name=None):
    """Ids drawn uniformly from [0, range_max)."""
    return _sample("UniformCandidateSampler", UniformCandidateSampler, true_classes, num_true,
                   num_sampled, unique, range_max, seed)


def learned_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                      seed=None, name=None):
    """Ids in proportion to how often each has been a true class in this op's earlier calls
    (every id starts at a count of 1; a call's true classes are counted after it samples)."""
    return _sample("LearnedUnigramCandidateSampler", LearnedUnigramCandidateSampler,
                   true_classes, num_true, num_sampled, unique, range_max, seed)


def fixed_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                    vocab_file="", distortion=1.0, num_reserved_ids=0,
                                    num_shards=1, shard=0, unigrams=(), seed=None, name=None):
    """Ids drawn in proportion to `unigrams` (counts or frequencies, one per id after the
    `num_reserved_ids` reserved ones) raised to `distortion`; with `num_shards`, only the ids
    of shard `shard` (id % num_shards == shard)."""
    if vocab_file:
        raise NotImplementedError("eagerbook's fixed_unigram_candidate_sampler takes "
                                  "`unigrams`, not a vocabulary file")
    return _sample("FixedUnigramCandidateSampler", FixedUnigramCandidateSampler, true_classes,
                   num_true, num_sampled, unique, range_max, seed,
                   unigrams=tuple(float(u) for u in unigrams), distortion=float(distortion),
                   num_reserved_ids=int(num_reserved_ids), num_shards=int(num_shards),
                   shard=int(shard))


@register("AllCandidateSampler", differentiable=False, num_outputs=3,
          infer_shape=_infer_sampler)
def _all_candidates(true_classes, *, num_true, num_sampled, unique, seed, seed2):
    _check_true_classes(true_classes, num_sampled, "AllCandidateSampler")
    return (np.arange(num_sampled, dtype=np.int64), np.ones(true_classes.shape, np.float32),
            np.ones(num_sampled, np.float32))


def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """Every id of [0, num_sampled), each expected once (for checking a sampled loss against
    the full one)."""
    num_true, num_sampled = int(num_true), int(num_sampled)
    classes = _true_classes(true_classes, num_true, "AllCandidateSampler")
    attrs = {"num_true": num_true, "num_sampled": num_sampled, "unique": bool(unique)}
    attrs.update(_seed_attrs(seed))
    return AllCandidateSampler(*execute(_all_candidates, (classes,), attrs))


@register("ComputeAccidentalHits", differentiable=False, num_outputs=3,
          infer_shape=lambda inputs, attrs: [(dtypes.int32, (None,)), (dtypes.int64, (None,)),
                                             (dtypes.float32, (None,))])
def _accidental_hits(true_classes, sampled_candidates, *, num_true, seed, seed2):
    # where each sampled id sits (its last place, when it was sampled twice)
    position = {int(c): i for i, c in enumerate(sampled_candidates)}
    rows, ids = [], []
    for row, classes in enumerate(true_classes):
        for c in classes:
            if int(c) in position:
                rows.append(row)
                ids.append(position[int(c)])
    lowest = np.finfo(np.float32).min
    return (np.array(rows, np.int32), np.array(ids, np.int64),
            np.full(len(rows), lowest, np.float32))


def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None, name=None):
    """The (row, sampled position) pairs where a sampled id is one of the row's true classes,
    with weight -FLT_MAX: added to those logits, it takes them out of a sampled softmax."""
    num_true = int(num_true)
    classes = _true_classes(true_classes, num_true, "ComputeAccidentalHits")
    sampled = convert_to_tensor(sampled_candidates, dtype=dtypes.int64)
    attrs = {"num_true": num_true}
    attrs.update(_seed_attrs(seed))
    return ComputeAccidentalHits(*execute(_accidental_hits, (classes, sampled), attrs))




# --- sampled losses: the true classes' logits against a few sampled ones ------------------------
def _sum_rows(x):
    # a product with a column of ones, as TF sums these rows (the same float32 digits)
    ones = array_ops.ones(array_ops.stack([array_ops.shape(x)[1], 1]), x.dtype)
    return array_ops.reshape(math_ops.matmul(x, ones), [-1])


def _sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true,
                    sampled_values, remove_accidental_hits, seed):
    """[batch, num_true + num_sampled] logits (true classes first) with their labels: each
    logit less the log of how often its class is expected among the samples."""
    if isinstance(weights, (list, tuple)):  # shards of one table, split by TF's "div" rule
        weights = weights[0] if len(weights) == 1 else array_ops.concat(list(weights), 0)
    inputs = convert_to_tensor(inputs)
    labels = math_ops.cast(convert_to_tensor(labels), dtypes.int64)
    labels_flat = array_ops.reshape(labels, [-1])
    if sampled_values is None:
        sampled_values = log_uniform_candidate_sampler(labels, num_true, num_sampled, True,
                                                       num_classes, seed=seed)
    sampled, true_expected, sampled_expected = (math_ops.stop_gradient(s)
                                                for s in sampled_values)
    sampled = math_ops.cast(sampled, dtypes.int64)
    all_ids = array_ops.concat([labels_flat, sampled], 0)
    num_labels = array_ops.shape(labels_flat)[0]
    all_w = math_ops.cast(array_ops.gather(weights, all_ids), inputs.dtype)
    true_w, sampled_w = all_w[:num_labels], all_w[num_labels:]
    sampled_logits = math_ops.matmul(inputs, sampled_w, transpose_b=True)
    all_b = math_ops.cast(array_ops.gather(biases, all_ids), inputs.dtype)
    true_b, sampled_b = all_b[:num_labels], all_b[num_labels:]
    dim = array_ops.shape(true_w)[1:2]
    row_wise_dots = math_ops.multiply(array_ops.expand_dims(inputs, 1), array_ops.reshape(
        true_w, array_ops.concat([[-1, num_true], dim], 0)))
    dots = array_ops.reshape(row_wise_dots, array_ops.concat([[-1], dim], 0))
    true_logits = array_ops.reshape(_sum_rows(dots), [-1, num_true])
    true_logits = true_logits + array_ops.reshape(true_b, [-1, num_true])
    sampled_logits = sampled_logits + sampled_b
    if remove_accidental_hits:  # a sampled class that is also a true class scores -FLT_MAX
        hits = compute_accidental_hits(labels, sampled, num_true)
        at = array_ops.stack([hits.indices, math_ops.cast(hits.ids, dtypes.int32)], axis=1)
        shape = array_ops.stack([array_ops.shape(labels)[0], num_sampled])
        sampled_logits = sampled_logits + array_ops.scatter_nd(
            at, math_ops.cast(hits.weights, sampled_logits.dtype), shape)
    true_logits = true_logits - math_ops.log(true_expected)
    sampled_logits = sampled_logits - math_ops.log(sampled_expected)
    logits = array_ops.concat([true_logits, sampled_logits], 1)
    out_labels = array_ops.concat([math_ops.ones_like(true_logits) / num_true,
                                   math_ops.zeros_like(sampled_logits)], 1)
    return logits, out_labels


def nce_loss(weights, biases, labels, inputs, num_sampled, num_classes, num_true=1,
             sampled_values=None, remove_accidental_hits=False, name="nce_loss"):
    """Noise-contrastive estimation: per example, a logistic loss for telling its true
    classes from `num_sampled` sampled ones (log-uniform by default). Shape [batch]."""
    logits, labels = _sampled_logits(weights, biases, labels, inputs, num_sampled,
                                     num_classes, num_true, sampled_values,
                                     remove_accidental_hits, None)
    losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    return _sum_rows(losses)


def sampled_softmax_loss(weights, biases, labels, inputs, num_sampled, num_classes,
                         num_true=1, sampled_values=None, remove_accidental_hits=True, seed=None,
                         name="sampled_softmax_loss"):
    """A softmax cross-entropy over the true classes and `num_sampled` sampled ones only: a
    cheap stand-in for the full softmax over many classes while training. Shape [batch]."""
    logits, labels = _sampled_logits(weights, biases, labels, inputs, num_sampled,
                                     num_classes, num_true, sampled_values,
                                     remove_accidental_hits, seed)
    labels = math_ops.stop_gradient(labels)
    return nn_ops.softmax_cross_entropy_with_logits(labels=labels, logits=logits)


__all__ = ["all_candidate_sampler", "compute_accidental_hits",
           "fixed_unigram_candidate_sampler", "learned_unigram_candidate_sampler",
           "log_uniform_candidate_sampler", "nce_loss",
           "sampled_softmax_loss", "uniform_candidate_sampler"]
