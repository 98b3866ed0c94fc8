"""``tf.train.CheckpointManager``: numbered saves in one directory, keeping the newest few."""

import glob
import os
import time

from .checkpoint import INDEX_SUFFIX
from .state import get_checkpoint_state, update_checkpoint_state


def _delete_checkpoint(prefix):
    for path in [prefix + INDEX_SUFFIX] + glob.glob(glob.escape(prefix) + ".data-*"):
        try:
            os.remove(path)
        except FileNotFoundError:
            pass


class CheckpointManager:
    """Saves `checkpoint` as ``directory/{checkpoint_name}-{N}`` and deletes the oldest so that
    at most `max_to_keep` remain (None keeps all). Recovers the list from the directory's
    ``checkpoint`` file, so a restarted program continues where it stopped."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None,
                 init_fn=None):
        if max_to_keep is not None and max_to_keep <= 0:
            raise ValueError("Expected a positive integer or `None` for `max_to_keep`, got "
                             f"{max_to_keep}.")
        if checkpoint_interval is not None and step_counter is None:
            raise ValueError("`step_counter` should be passed if `checkpoint_interval` is not "
                             "None.")
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._keep_every = keep_checkpoint_every_n_hours
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._step_counter = step_counter
        self._checkpoint_interval = checkpoint_interval
        self._init_fn = init_fn
        self._last_checkpoint_step = None
        self._maybe_delete = {}  # prefix -> timestamp, oldest first
        self._latest_checkpoint = None
        self._last_preserved = time.time()
        state = get_checkpoint_state(self._directory)
        if state is not None:
            times = state.all_model_checkpoint_timestamps
            now = time.time()
            for i, path in enumerate(state.all_model_checkpoint_paths):
                stamp = times[i] if i < len(times) else now
                self._maybe_delete[path] = min(stamp, now)
            if state.last_preserved_timestamp is not None:
                self._last_preserved = state.last_preserved_timestamp
            # (as TF: the state file's word, even when its files are gone -- restoring it
            # then says which files are missing)
            self._latest_checkpoint = state.model_checkpoint_path

    @property
    def directory(self):
        return self._directory

    @property
    def checkpoint(self):
        return self._checkpoint

    @property
    def latest_checkpoint(self):
        """Prefix of the newest checkpoint, or None."""
        return self._latest_checkpoint

    @property
    def checkpoints(self):
        """Prefixes of the checkpoints kept, oldest first."""
        return list(self._maybe_delete)

    @property
    def checkpoint_interval(self):
        return self._checkpoint_interval

    def _record_state(self):
        if self._latest_checkpoint is None:
            return
        update_checkpoint_state(self._directory, self._latest_checkpoint,
                                list(self._maybe_delete),
                                list(self._maybe_delete.values()), self._last_preserved)

    def _sweep(self):
        if self._max_to_keep is None:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            prefix = next(iter(self._maybe_delete))
            stamp = self._maybe_delete.pop(prefix)
            if self._keep_every is not None and \
                    stamp - self._keep_every * 3600 >= self._last_preserved:
                self._last_preserved = stamp
                continue
            _delete_checkpoint(prefix)

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        """Writes a new checkpoint and returns its prefix (None if skipped by the interval)."""
        if self._checkpoint_interval is not None:
            step = int(self._step_counter.numpy() if hasattr(self._step_counter, "numpy")
                       else self._step_counter)
            last = self._last_checkpoint_step
            # As in TF: never twice at one step, even with check_interval=False.
            if last is not None and (step == last or check_interval and
                                     step < last + self._checkpoint_interval):
                return None
            self._last_checkpoint_step = step
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        if checkpoint_number is None:
            checkpoint_number = int(counter.numpy())
        elif hasattr(checkpoint_number, "numpy"):
            checkpoint_number = int(checkpoint_number.numpy())
        prefix = f"{self._prefix}-{int(checkpoint_number)}"
        path = self._checkpoint.write(prefix)
        self._maybe_delete.pop(path, None)
        self._maybe_delete[path] = time.time()
        self._latest_checkpoint = path
        self._record_state()
        self._sweep()
        self._record_state()
        return path

    def restore_or_initialize(self):
        """Restores the latest checkpoint (returning its path) or runs `init_fn` (None)."""
        if self._latest_checkpoint is not None:
            self._checkpoint.restore(self._latest_checkpoint)
            if self._checkpoint_interval is not None:
                self._last_checkpoint_step = int(self._step_counter.numpy())
            return self._latest_checkpoint
        if self._init_fn is not None:
            self._init_fn()
        return None
