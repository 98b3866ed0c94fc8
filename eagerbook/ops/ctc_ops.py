"""Connectionist temporal classification: ``tf.nn.ctc_loss`` and ``tf.nn.ctc_greedy_decoder``.

CTC scores a label sequence against per-frame class scores by summing over every alignment
that spells the labels once blanks are dropped and repeats merged. The loss is computed by the
forward-backward recursions over the labels with a blank between and around them, in log
space; the same two tables give the gradient: softmax(logits) minus each class's share of the
alignments passing through it at that frame.
"""

import numpy as np

from ..core import dtypes
from ..core.errors import FailedPreconditionError, op_error
from ..core.tensor import _from_numpy, convert_to_tensor
from . import array_ops
from .registry import execute, invalid_argument, register
from .sparse_ops import SparseTensor


def _log_softmax(logits):
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def _logsumexp(*terms):
    stacked = np.stack(terms)
    top = stacked.max(axis=0)
    safe_top = np.where(np.isfinite(top), top, 0.0)
    with np.errstate(divide="ignore"):
        return safe_top + np.log(np.exp(stacked - safe_top).sum(axis=0))


def _shift(v, k):
    """v moved k places right (k > 0) or left (k < 0), -inf coming in."""
    out = np.full_like(v, -np.inf)
    if k > 0:
        out[k:] = v[:-k]
    else:
        out[:k] = v[-k:]
    return out


def _exact_forward_backward(log_probs, labels, blank):
    """(-log p(labels), d loss / d logits) for one sequence: log_probs [frames, classes].

    The textbook recursions over exactly the sequence's labels (what TF's kernel for
    SparseTensor labels computes): an impossible sequence has probability 0, loss inf."""
    frames, _ = log_probs.shape
    extended = np.full(2 * len(labels) + 1, blank)  # blank, l1, blank, l2, ..., blank
    extended[1::2] = labels
    states = len(extended)
    # A state may be entered from two back unless it is a blank or repeats the label before.
    skip = np.zeros(states, bool)
    skip[2:] = (extended[2:] != blank) & (extended[2:] != extended[:-2])
    emit = log_probs[:, extended]  # [frames, states]
    alpha = np.full((frames, states), -np.inf)
    alpha[0, :2] = emit[0, :2]
    for t in range(1, frames):
        prev = alpha[t - 1]
        two_back = np.where(skip, _shift(prev, 2), -np.inf)
        alpha[t] = _logsumexp(prev, _shift(prev, 1), two_back) + emit[t]
    beta = np.full((frames, states), -np.inf)
    beta[-1, -2:] = emit[-1, -2:]
    for t in range(frames - 2, -1, -1):
        after = beta[t + 1]
        two_ahead = _shift(np.where(skip, after, -np.inf), -2)
        beta[t] = _logsumexp(after, _shift(after, -1), two_ahead) + emit[t]
    log_likelihood = _logsumexp(alpha[-1, -1], alpha[-1, -2]) if states > 1 else alpha[-1, -1]
    # Occupancy of class k at frame t: alignments through any state showing k, over all.
    with np.errstate(invalid="ignore"):
        share = np.exp(alpha + beta - emit - log_likelihood)
    occupancy = np.zeros_like(log_probs)
    for s, label in enumerate(extended):
        occupancy[:, label] += share[:, s]
    return -log_likelihood, np.exp(log_probs) - occupancy


# TF's CTC for dense labels gives an impossible state the log-probability log(1e-307)
# (rounded to float32) rather than -inf. A label sequence that cannot fit its frames then
# costs about 707 plus the cost of its best partial alignment, not inf; and possible ones
# are unchanged (the extra 1e-307 is far below float32 precision).
_LOG_ZERO = float(np.float32(np.log(1e-307)))


def _dense_forward_backward(log_probs, labels, length):
    """(-log p(labels[:length]), d loss / d logits) for one sequence, in TF's dense model.

    States: 0 = start (shows nothing), 2i = label i, 2i + 1 = the blank after label i, for
    every label of the padded row (padding included). Every alignment starts at state 0 with
    log-probability 0 (any other state: _LOG_ZERO) and ends in label `length` or the blank
    after it (0; any other state: _LOG_ZERO)."""
    frames = log_probs.shape[0]
    states = 2 * len(labels) + 2
    shows = np.zeros(states, np.int64)  # the class each state shows (blanks: 0)
    shows[2::2] = labels
    emit = log_probs[:, shows]
    emit[:, 0] = -np.inf
    skip = np.zeros(states, bool)  # may a state be entered from two states back?
    skip[2] = True  # start -> first label
    skip[4::2] = labels[1:] != labels[:-1]  # a label -> the next, unless it repeats
    start = np.full(states, _LOG_ZERO)
    start[0] = 0.0
    end = np.full(states, _LOG_ZERO)
    end[[2 * length, 2 * length + 1]] = 0.0
    alpha = np.empty((frames, states))  # log p(frames 0..t, in state s at t)
    prev = start
    for t in range(frames):
        two_back = np.where(skip, _shift(prev, 2), -np.inf)
        prev = alpha[t] = _logsumexp(prev, _shift(prev, 1), two_back) + emit[t]
    beta = np.empty((frames, states))  # log p(frames after t | in state s at t)
    after = end
    for t in range(frames - 1, -1, -1):
        beta[t] = after
        ahead = after + emit[t]
        two_ahead = _shift(np.where(skip, ahead, -np.inf), -2)
        after = _logsumexp(ahead, _shift(ahead, -1), two_ahead)
    log_likelihood = after[0]  # from the start state, before the first frame
    posterior = alpha + beta
    share = np.exp(posterior - _logsumexp(*posterior.T)[:, None])  # per frame, sums to 1
    occupancy = np.zeros_like(log_probs)
    counted = np.arange(states) != 0  # the start state and padding labels show no class
    counted[2::2] = labels != 0
    for s in np.flatnonzero(counted):
        occupancy[:, shows[s]] += share[:, s]
    return -log_likelihood, np.exp(log_probs) - occupancy


@register("CTCLossDense", differentiable=True, num_outputs=2)
def _ctc_loss_dense(logits, labels, label_length, logit_length, *, blank_index,
                    exact_labels=False):
    """logits [frames, batch, classes] (time major), labels [batch, max labels]; the blank is
    class 0. `exact_labels`: the labels came as a SparseTensor (see _exact_forward_backward)."""
    log_probs = _log_softmax(logits.astype(np.float64))
    losses = np.zeros(logits.shape[1])
    gradient = np.zeros(logits.shape, np.float64)
    for b in range(logits.shape[1]):
        frames, length = int(logit_length[b]), int(label_length[b])
        if exact_labels:
            if length > frames:
                raise invalid_argument("CTCLoss", f"Not enough time for target transition "
                                                  f"sequence (required: {length}, available: "
                                                  f"{frames}){b}You can turn this error into a "
                                                  f"warning by using the flag "
                                                  f"ignore_longer_outputs_than_inputs")
            losses[b], gradient[:frames, b] = _exact_forward_backward(
                log_probs[:frames, b], labels[b, :length], blank_index)
        else:
            losses[b], gradient[:frames, b] = _dense_forward_backward(
                log_probs[:frames, b], labels[b], length)
    return losses.astype(logits.dtype), gradient.astype(logits.dtype)


@_ctc_loss_dense.gradient
def _ctc_loss_dense_grad(op, dy, _):
    # The kernel's second output is d loss / d logits per sequence: scale by each loss's dy.
    return [op.outputs[1] * array_ops.reshape(dy, [1, -1, 1]), None, None, None]


def _dense_labels(labels):
    """(labels [batch, max length], lengths) from a SparseTensor of labels."""
    indices = labels.indices.numpy()
    batch = int(labels.dense_shape.numpy()[0])
    lengths = np.zeros(batch, np.int64)
    for row, col in indices:
        lengths[row] = max(lengths[row], col + 1)
    dense = np.zeros((batch, max(int(lengths.max(initial=0)), 1)), np.int64)
    dense[indices[:, 0], indices[:, 1]] = labels.values.numpy()
    return _from_numpy(dense), _from_numpy(lengths)


def ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True, unique=None,
             blank_index=None, name=None):
    """``tf.nn.ctc_loss``: -log p(labels | logits) per sequence, summing over alignments.

    ``labels`` is [batch, max labels] with ``label_length`` (or a SparseTensor and ``None``),
    ``logits`` [frames, batch, classes] (``logits_time_major=False``: [batch, frames,
    classes]) with ``logit_length``. The blank class is ``blank_index`` (0 by default; negative
    counts from the end; required with a SparseTensor)."""
    logits = convert_to_tensor(logits)
    if not logits_time_major:
        logits = array_ops.transpose(logits, [1, 0, 2])
    exact_labels = isinstance(labels, SparseTensor)
    if exact_labels:
        if blank_index is None:
            raise ValueError("Argument `blank_index` must be provided when `labels` is a "
                             "`SparseTensor`.")
        labels, label_length = _dense_labels(labels)
    else:
        labels = convert_to_tensor(labels)
        label_length = convert_to_tensor(label_length)
    logit_length = convert_to_tensor(logit_length)
    blank = 0 if blank_index is None else int(blank_index)
    if blank < 0:
        blank += logits.shape[-1]
    if blank != 0:
        # As TF does: move the blank's scores to class 0 and shift the labels below it up one
        # (a label equal to the blank index thus names the class after the blank).
        order = [blank] + [k for k in range(logits.shape[-1]) if k != blank]
        logits = array_ops.gather(logits, order, axis=2)
        labels = _from_numpy(np.where(labels.numpy() < blank, labels.numpy() + 1,
                                      labels.numpy()))
    loss, _ = execute(_ctc_loss_dense, (logits, labels, label_length, logit_length),
                      {"blank_index": 0, "exact_labels": exact_labels})
    return loss


@register("CTCGreedyDecoder", differentiable=False, num_outputs=4)
def _ctc_greedy_decoder(inputs, sequence_length, *, merge_repeated, blank_index):
    frames, batch, _ = inputs.shape
    indices, values, longest = [], [], 0
    for b in range(batch):
        length = int(sequence_length[b])
        if length > frames:
            raise op_error(FailedPreconditionError, "CTCGreedyDecoder",
                           f"sequence_length({b}) <= {frames}")
        best = inputs[:length, b].argmax(axis=-1)
        decoded = []
        for t, label in enumerate(best):
            if label == blank_index or (merge_repeated and t > 0 and label == best[t - 1]):
                continue
            decoded.append(label)
        indices += [[b, i] for i in range(len(decoded))]
        values += decoded
        longest = max(longest, len(decoded))
    neg_sum_logits = np.array([[-inputs[:int(n), b].max(axis=-1).sum()]
                               for b, n in enumerate(sequence_length)], inputs.dtype)
    return (np.array(indices, np.int64).reshape(-1, 2), np.array(values, np.int64),
            np.array([batch, longest], np.int64), neg_sum_logits)


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None):
    """``tf.nn.ctc_greedy_decoder``: the best class per frame, repeats merged
    (``merge_repeated``) and blanks dropped (the last class unless ``blank_index`` says
    otherwise). Returns ``([decoded SparseTensor], neg_sum_logits [batch, 1])``."""
    inputs = convert_to_tensor(inputs)
    classes = inputs.shape[-1]
    blank = classes - 1 if blank_index is None else int(blank_index)
    if blank < 0:
        blank += classes
    sequence_length = convert_to_tensor(sequence_length, dtype=dtypes.int32)
    indices, values, shape, neg_sum_logits = execute(
        _ctc_greedy_decoder, (inputs, sequence_length),
        {"merge_repeated": bool(merge_repeated), "blank_index": blank})
    return [SparseTensor(indices, values, shape)], neg_sum_logits
