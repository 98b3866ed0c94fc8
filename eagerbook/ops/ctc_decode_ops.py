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


class _Beam:
    """The prefixes in the beam, worst first when asked (TF's bounded top-N list)."""

    def __init__(self, width):
        self.width = width
        self.members = []

    def bottom(self):
        return min(self.members, key=lambda p: p.new[2])

    def push(self, prefix):
        if len(self.members) == self.width:
            worst = self.bottom()
            if prefix.new[2] <= worst.new[2]:
                return
            self.members.remove(worst)
        self.members.append(prefix)

    def is_candidate(self, total):
        return total > _LOG_ZERO and (len(self.members) < self.width or
                                      total > self.bottom().new[2])


def _step(beam, log_probs, blank):
    branches, beam.members = beam.members, []
    for b in branches:
        b.old = list(b.new)
    for b in branches:  # carry each prefix on: a blank, or its last label again
        if b.parent is not None:
            label = b.new[1]
            if b.parent.active():
                previous = b.parent.old[0] if b.label == b.parent.label else b.parent.old[2]
                label = _log_add(label, previous)
            b.new[1] = np.float32(label + log_probs[b.label])
        b.new[0] = np.float32(b.old[2] + log_probs[blank])
        b.new[2] = _log_add(b.new[0], b.new[1])
        beam.push(b)
    for b in branches:  # extend each prefix by every label
        if not b.active():
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
                if len(beam.members) == beam.width:
                    worst = beam.bottom()
                    worst.new = [_LOG_ZERO] * 3  # no longer in the beam
                    beam.members.remove(worst)
                beam.members.append(c)
            else:
                c.new = [_LOG_ZERO] * 3
                c.old = [_LOG_ZERO] * 3


def _normalized(frame):
    """log softmax of one frame in float32, as TF's decoder computes it."""
    top = frame.max()
    total = np.float32(0.0)
    for e in eigen_float._expf((frame - top).astype(np.float32)):  # (TF adds them in order)
        total = np.float32(total + e)
    offset = np.float32(top + eigen_float._logf(total))
    return (frame - offset).astype(np.float32)


def _best_paths(frames, beam_width, top_paths):
    blank = frames.shape[-1] - 1
    root = _Prefix(-1, None)
    root.new = [np.float32(0.0), _LOG_ZERO, np.float32(0.0)]
    beam = _Beam(beam_width)
    beam.members = [root]
    for frame in frames:
        _step(beam, _normalized(frame.astype(np.float32)), blank)
    ranked = sorted(beam.members, key=lambda p: -p.new[2])
    if top_paths > len(ranked):
        raise invalid_argument("CTCBeamSearchDecoder",
                               "Less leaves in the beam search than requested.")
    return [(p.labels(), p.new[2]) for p in ranked[:top_paths]]


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
