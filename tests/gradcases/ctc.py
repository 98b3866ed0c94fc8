"""Gradient cases for eagerbook/ops/ctc_ops.py."""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.ops import ctc_ops
from eagerbook.testing import Fixed, GradCase

_rng = np.random.default_rng(5)
LOGITS = _rng.normal(size=(5, 2, 4))  # [frames, batch, classes]
LABELS = Fixed(_from_numpy(np.array([[1, 2, 2], [3, 1, 0]], np.int32)))
LABEL_LENGTH = Fixed(_from_numpy(np.array([3, 2], np.int32)))
LOGIT_LENGTH = Fixed(_from_numpy(np.array([5, 4], np.int32)))

CASES = [
    GradCase("CTCLossDense", lambda logits, labels, label_length, logit_length: ctc_ops.ctc_loss(
        labels, logits, label_length, logit_length), [LOGITS, LABELS, LABEL_LENGTH,
                                                      LOGIT_LENGTH]),
]
