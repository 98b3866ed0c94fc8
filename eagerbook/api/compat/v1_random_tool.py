"""``tf.compat.v1.keras.utils.DeterministicRandomTestTool``: the same random numbers in TF 1.x
code and in its TF 2 rewrite, for the migration guides' numerical-equivalence checks.

Inside ``tool.scope()`` every random op takes its seeds from the tool instead of the global
and per-op seeds: in mode ``"constant"`` every op gets the same seeds (so two draws of the
same shape are equal), in mode ``"num_random_ops"`` the n-th random op of the scope gets op
seed n, so two programs making their random draws in the same order get the same numbers,
however many other ops each runs. ``operation_seed`` is the op seed the next draw takes.
"""

import contextlib

from ...ops import random_ops


class DeterministicRandomTestTool:
    def __init__(self, seed=42, mode="constant"):
        if mode not in {"constant", "num_random_ops"}:
            raise ValueError("Mode arg must be 'constant' or 'num_random_ops'. "
                             f"Got: {mode}")
        self._seed = seed
        self._mode = mode
        self.operation_seed = 0
        self._observed_seeds = set()

    def _get_seed(self, _op_seed):
        op_seed = self.operation_seed
        if self._mode == "constant":
            random_ops.set_seed(op_seed)  # each draw restarts its sequence: equal draws
        else:
            if op_seed in self._observed_seeds:
                raise ValueError(
                    f"This `DeterministicRandomTestTool` object is trying to re-use the already-"
                    f"used operation seed {op_seed}. It cannot guarantee random numbers will "
                    "match between eager and sessions when an operation seed is reused. You "
                    "most likely set `operation_seed` explicitly but used a value that caused "
                    "the naturally-incrementing operation seed sequences to overlap with an "
                    "already-used seed.")
            self._observed_seeds.add(op_seed)
            self.operation_seed += 1
        return self._seed, op_seed

    @contextlib.contextmanager
    def scope(self):
        """Within it, random ops take their seeds from this tool."""
        random_ops.set_seed(self._seed)
        saved = random_ops.get_seed
        random_ops.get_seed = self._get_seed  # (every random op asks random_ops.get_seed)
        try:
            yield
        finally:
            random_ops.get_seed = saved
