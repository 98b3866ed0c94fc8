"""CTC decoding beyond the greedy decoder: ``tf.nn.ctc_beam_search_decoder``, and the label
helpers ``tf.nn.collapse_repeated`` and ``tf.nn.ctc_unique_labels``.

The beam search keeps the `beam_width` most probable label *prefixes*. A prefix's probability
sums over every alignment that spells it, split in two: alignments ending in a blank and
alignments ending in its last label (only those can absorb a repeat of that label without a
blank between). Each frame every prefix in the beam is carried on (a blank, or its last label
again) and extended by each label; the best `beam_width` survive. As in TF's kernel, the
arithmetic is float32 and a new prefix only enters the beam if it beats the current worst.
"""

import numpy as np

from ..core import dtypes
from ..core.errors import FailedPreconditionError, op_error
from ..core.tensor import _from_numpy, convert_to_tensor
from . import eigen_float
from .registry import execute, invalid_argument, register
from .sparse_ops import SparseTensor

_LOG_ZERO = np.float32(-np.inf)


def _log_add(a, b):
    """log(exp(a) + exp(b)) in float32, the larger term factored out."""
    if a == _LOG_ZERO:
        return b
    if b == _LOG_ZERO:
        return a
    big, small = (a, b) if a > b else (b, a)
    # float32 throughout, with the C library's correctly rounded expf and log1pf, as TF
    return np.float32(big + eigen_float._log1pf(eigen_float._expf(np.float32(small - big))))


class _Prefix:
    """One node of the prefix tree: its last label, parent, and (blank, label, total) log
    probabilities now (`new`) and one frame ago (`old`)."""

    def __init__(self, label, parent):
        self.label, self.parent = label, parent
        self.children = {}
        self.new = [_LOG_ZERO] * 3
        self.old = [_LOG_ZERO] * 3

    def active(self):
        return self.new[2] != _LOG_ZERO

    def child(self, label):
        if label not in self.children:
            self.children[label] = _Prefix(label, self)
        return self.children[label]

    def labels(self):
        out, node = [], self
        while node.parent is not None:
            out.append(node.label)
            node = node.parent
        return out[::-1]


def _better(a, b):
    """TF's beam order: a prefix ranks above another when its total probability is larger."""
    return a.new[2] > b.new[2]


# TF keeps the beam in its bounded top-N list and sorts it with the C++ standard library; with
# equal probabilities (common for made-up inputs) which prefix survives, and in which order the
# paths come out, follows those algorithms, so they are reproduced step for step here.
def _push_heap(a, hole, top, value):
    parent = (hole - 1) // 2
    while hole > top and _better(a[parent], value):
        a[hole] = a[parent]
        hole = parent
        parent = (hole - 1) // 2
    a[hole] = value


def _adjust_heap(a, hole, length, value):
    top, child = hole, hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if _better(a[child], a[child - 1]):
            child -= 1
        a[hole] = a[child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[hole] = a[child - 1]
        hole = child - 1
    _push_heap(a, hole, top, value)


def _make_heap(a):
    n = len(a)
    for parent in range((n - 2) // 2, -1, -1):
        _adjust_heap(a, parent, n, a[parent])


def _pop_heap(a, end):
    """Moves the heap's top (the worst prefix) of a[:end] to a[end - 1]."""
    if end > 1:
        value = a[end - 1]
        a[end - 1] = a[0]
        _adjust_heap(a, 0, end - 1, value)


def _sort_heap(a):
    for end in range(len(a), 1, -1):
        _pop_heap(a, end)


def _insertion_sort(a, lo, hi):
    for i in range(lo + 1, hi):
        value = a[i]
        if _better(value, a[lo]):
            a[lo + 1:i + 1] = a[lo:i]
            a[lo] = value
        else:
            j = i
            while _better(value, a[j - 1]):
                a[j] = a[j - 1]
                j -= 1
            a[j] = value


def _median_to_first(a, result, x, y, z):
    if _better(a[x], a[y]):
        pick = y if _better(a[y], a[z]) else (z if _better(a[x], a[z]) else x)
    else:
        pick = x if _better(a[x], a[z]) else (z if _better(a[y], a[z]) else y)
    a[result], a[pick] = a[pick], a[result]


def _partition(a, first, last, pivot):
    while True:
        while _better(a[first], a[pivot]):
            first += 1
        last -= 1
        while _better(a[pivot], a[last]):
            last -= 1
        if first >= last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _introsort(a, first, last, depth):
    while last - first > 16:
        if depth == 0:
            part = a[first:last]
            _make_heap(part)
            _sort_heap(part)
            a[first:last] = part
            return
        depth -= 1
        _median_to_first(a, first, first + 1, first + (last - first) // 2, last - 1)
        cut = _partition(a, first + 1, last, first)
        _introsort(a, cut, last, depth)
        last = cut


def _std_sort(a):
    """The C++ standard library's sort (introsort, then insertion sort): best first."""
    n = len(a)
    if n < 2:
        return
    _introsort(a, 0, n, 2 * (n.bit_length() - 1))
    if n > 16:
        _insertion_sort(a, 0, 16)
        for i in range(16, n):  # (unguarded: a smaller value sits in front)
            value, j = a[i], i
            while _better(value, a[j - 1]):
                a[j] = a[j - 1]
                j -= 1
            a[j] = value
    else:
        _insertion_sort(a, 0, n)


class _Beam:
    """The prefixes in the beam: TF's bounded top-N list. Unordered until it overflows, then
    a heap with the worst prefix on top (and one spare slot at the end)."""

    def __init__(self, width):
        self.width = width
        self.items = []
        self.state = "unordered"

    def __len__(self):
        return min(len(self.items), self.width)

    def bottom(self):
        if self.state == "unordered":
            worst = 0
            for i in range(1, len(self.items)):
                if _better(self.items[worst], self.items[i]):
                    worst = i
            self.items[0], self.items[worst] = self.items[worst], self.items[0]
            self.state = "bottom_known"
        return self.items[0]

    def push(self, prefix):
        items = self.items
        if self.state != "heap":
            items.append(prefix)
            if self.state == "bottom_known" and not _better(items[-1], items[0]):
                items[0], items[-1] = items[-1], items[0]
            if len(items) == self.width + 1:
                _make_heap(items)
                _pop_heap(items, len(items))
                self.state = "heap"
        elif _better(prefix, items[0]):  # (else it is dropped)
            items[-1] = prefix
            _push_heap(items, len(items) - 1, 0, prefix)
            _pop_heap(items, len(items))

    def unsorted(self):
        """The prefixes in the list's own order (the spare slot left out)."""
        return self.items[:len(self)]

    def extract(self):
        """The prefixes, best first (the list is emptied)."""
        out, self.items = self.items, []
        if self.state == "heap":
            out.pop()
            _sort_heap(out)
        else:
            _std_sort(out)
        self.state = "unordered"
        return out

    def is_candidate(self, total):
        """Whether a prefix this probable may enter: the beam has room, or it beats the worst."""
        return total > _LOG_ZERO and (len(self) < self.width or total > self.bottom().new[2])


def _step(beam, frame, offset, blank):
    log_probs = (frame - offset).astype(np.float32)
    branches = beam.extract()
    for b in branches:
        b.old = list(b.new)
    for b in branches:  # carry each prefix on: a blank, or its last label again
        if b.parent is not None:
            label = b.new[1]
            if b.parent.active():
                previous = b.parent.old[0] if b.label == b.parent.label else b.parent.old[2]
                label = _log_add(label, previous)
            b.new[1] = np.float32(label + log_probs[b.label])
        b.new[0] = np.float32(np.float32(b.old[2] + frame[blank]) - offset)  # (TF's order)
        b.new[2] = _log_add(b.new[0], b.new[1])
        beam.push(b)
    for b in branches:  # extend each prefix (one probable enough last frame) by every label
        if not beam.is_candidate(b.old[2]):
            continue
        for label in range(len(log_probs)):
            if label == blank:
                continue
            c = b.child(label)
            if c.active():
                continue
            previous = b.old[0] if label == b.label else b.old[2]
            total = np.float32(log_probs[label] + previous)
            c.new = [_LOG_ZERO, total, total]
            if beam.is_candidate(total):
                if len(beam) == beam.width:
                    beam.bottom().new = [_LOG_ZERO] * 3  # it leaves the beam
                beam.push(c)
            else:
                c.new = [_LOG_ZERO] * 3
                c.old = [_LOG_ZERO] * 3


def _log_normalizer(frame):
    """log(sum(exp(frame))) in float32, as TF's decoder computes it (the max factored out)."""
    top = frame.max()
    total = np.float32(0.0)
    for e in eigen_float._expf((frame - top).astype(np.float32)):  # (TF adds them in order)
        total = np.float32(total + e)
    return np.float32(top + eigen_float._logf(total))


def _best_paths(frames, beam_width, top_paths):
    blank = frames.shape[-1] - 1
    root = _Prefix(-1, None)
    root.new = [np.float32(0.0), _LOG_ZERO, np.float32(0.0)]
    beam = _Beam(beam_width)
    beam.push(root)
    for frame in frames:
        frame = frame.astype(np.float32)
        _step(beam, frame, _log_normalizer(frame), blank)
    if top_paths > len(beam):
        raise invalid_argument("CTCBeamSearchDecoder",
                               "Less leaves in the beam search than requested.")
    best = _Beam(top_paths)  # (the best paths, taken in the beam's own order)
    for p in beam.unsorted():
        best.push(p)
    return [(p.labels(), p.new[2]) for p in best.extract()[:top_paths]]


@register("CTCBeamSearchDecoder", differentiable=False, num_outputs=None)  # 3 per path + 1
def _ctc_beam_search(inputs, sequence_length, *, beam_width, top_paths):
    frames, batch, _ = inputs.shape
    if top_paths > beam_width:
        raise invalid_argument("CTCBeamSearchDecoder",
                               "requested more paths than the beam width.")
    per_batch = []
    for b in range(batch):
        length = int(sequence_length[b])
        if length > frames:
            raise op_error(FailedPreconditionError, "CTCBeamSearchDecoder",
                           f"sequence_length({b}) <= {frames}")
        per_batch.append(_best_paths(inputs[:length, b], beam_width, top_paths))
    outputs = []
    for k in range(top_paths):
        paths = [per_batch[b][k][0] for b in range(batch)]
        indices = [[b, i] for b, path in enumerate(paths) for i in range(len(path))]
        values = [label for path in paths for label in path]
        longest = max((len(p) for p in paths), default=0)
        outputs += [np.array(indices, np.int64).reshape(-1, 2), np.array(values, np.int64),
                    np.array([batch, longest], np.int64)]
    log_probs = np.array([[per_batch[b][k][1] for k in range(top_paths)]
                          for b in range(batch)], inputs.dtype).reshape(batch, top_paths)
    return tuple(outputs) + (log_probs,)


def ctc_beam_search_decoder(inputs, sequence_length, beam_width=100, top_paths=1):
    """The `top_paths` most probable label sequences of each batch entry, by a beam search
    over prefixes (the last class is the blank). ``inputs`` are logits [time, batch, classes].
    Returns ``(decoded, log_probabilities)``: a SparseTensor [batch, longest] per path, and
    [batch, top_paths] log probabilities."""
    inputs = convert_to_tensor(inputs)
    sequence_length = convert_to_tensor(sequence_length, dtype=dtypes.int32)
    parts = execute(_ctc_beam_search, (inputs, sequence_length),
                    {"beam_width": int(beam_width), "top_paths": int(top_paths)})
    decoded = [SparseTensor(*parts[3 * k:3 * k + 3]) for k in range(int(top_paths))]
    return decoded, parts[-1]


def collapse_repeated(labels, seq_length, name=None):
    """Merges runs of one repeated label in each row (within its `seq_length`), moving the
    rest left and padding with zeros. Returns ``(collapsed labels, new lengths)``; the width
    is the longest new length."""
    labels = convert_to_tensor(labels)
    values = labels.numpy()
    lengths = convert_to_tensor(seq_length).numpy().reshape(-1)
    rows = []
    for row, n in zip(values, lengths, strict=True):
        row = row[:int(n)]
        rows.append([v for i, v in enumerate(row) if i == 0 or v != row[i - 1]])
    width = max((len(r) for r in rows), default=0)
    out = np.zeros((len(rows), width), values.dtype)
    for i, r in enumerate(rows):
        out[i, :len(r)] = r
    return (_from_numpy(out),
            _from_numpy(np.array([len(r) for r in rows], np.int32)))


def ctc_unique_labels(labels, name=None):
    """Each row's distinct labels in order of first appearance (zero-padded, int64), and for
    every position the index of its label among them: the form ``ctc_loss(unique=...)``
    takes."""
    values = convert_to_tensor(labels).numpy()
    uniques = np.zeros(values.shape, np.int64)
    index = np.zeros(values.shape, np.int32)
    for r, row in enumerate(values):
        seen = {}
        for i, v in enumerate(row.tolist()):
            index[r, i] = seen.setdefault(v, len(seen))
        uniques[r, :len(seen)] = list(seen)
    return [_from_numpy(uniques), _from_numpy(index)]
