"""``tf.train.checkpoints_iterator``: the checkpoints a training job writes, as they appear (an
evaluation job's loop)."""

import logging
import time


def _latest(checkpoint_dir):
    from ..checkpoints.state import latest_checkpoint
    return latest_checkpoint(checkpoint_dir)


def wait_for_new_checkpoint(checkpoint_dir, last_checkpoint=None, seconds_to_sleep=1,
                            timeout=None):
    """The newest checkpoint of `checkpoint_dir` other than `last_checkpoint`, polled every
    `seconds_to_sleep`; None after `timeout` seconds without one."""
    stop_time = time.time() + timeout if timeout is not None else None
    while True:
        path = _latest(checkpoint_dir)
        if path is not None and path != last_checkpoint:
            return path
        if stop_time is not None and time.time() + seconds_to_sleep > stop_time:
            return None
        time.sleep(seconds_to_sleep)


def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None, timeout_fn=None):
    """Yields each new checkpoint path of `checkpoint_dir`, at least `min_interval_secs`
    apart; stops after `timeout` seconds without a new one (unless `timeout_fn()` says to
    go on waiting)."""
    checkpoint_path = None
    while True:
        new_path = wait_for_new_checkpoint(checkpoint_dir, checkpoint_path, timeout=timeout)
        if new_path is None:
            if not timeout_fn:
                logging.getLogger("tensorflow").info("Timed-out waiting for a checkpoint.")
                return
            if timeout_fn():
                return
            continue
        start = time.time()
        checkpoint_path = new_path
        yield checkpoint_path
        wait = start + min_interval_secs - time.time()
        if wait > 0:
            time.sleep(wait)
