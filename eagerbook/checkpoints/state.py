"""The ``checkpoint`` state file and ``tf.train.latest_checkpoint``.

Like TensorFlow, a directory of checkpoints holds a small text file named ``checkpoint``::

    model_checkpoint_path: "ckpt-3"
    all_model_checkpoint_paths: "ckpt-2"
    all_model_checkpoint_paths: "ckpt-3"

``latest_checkpoint(directory)`` reads it. Paths inside the directory are stored relative to it.
"""

import os
import re
import time
import warnings

from .files import remove_stale_temp_files, write_temp

STATE_FILENAME = "checkpoint"
_LINE = re.compile(r'^\s*([A-Za-z_]+)\s*:\s*(.*?)\s*$')


class CheckpointState:
    """The parsed state file (TF's ``CheckpointState`` proto)."""

    def __init__(self, model_checkpoint_path, all_model_checkpoint_paths=(),
                 all_model_checkpoint_timestamps=(), last_preserved_timestamp=None):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)
        self.all_model_checkpoint_timestamps = list(all_model_checkpoint_timestamps)
        self.last_preserved_timestamp = last_preserved_timestamp

    def __str__(self):
        """The proto's text format, as TF prints it (one field a line, set fields only)."""
        lines = []
        if self.model_checkpoint_path:
            lines.append(f"model_checkpoint_path: {_quote(self.model_checkpoint_path)}")
        lines += [f"all_model_checkpoint_paths: {_quote(p)}"
                  for p in self.all_model_checkpoint_paths]
        lines += [f"all_model_checkpoint_timestamps: {float(t)!r}"
                  for t in self.all_model_checkpoint_timestamps]
        if self.last_preserved_timestamp:
            lines.append(f"last_preserved_timestamp: {float(self.last_preserved_timestamp)!r}")
        return "".join(line + "\n" for line in lines)

    __repr__ = __str__  # (a proto's repr is its text too)


def _quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(text):
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"expected a quoted string, got {text!r}")
    out, i, body = [], 0, text[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            i += 1
            c = {"n": "\n", "t": "\t"}.get(body[i], body[i])
        out.append(c)
        i += 1
    return "".join(out)


def _relative(directory, path):
    if os.path.dirname(os.path.abspath(path)) == os.path.abspath(directory or "."):
        return os.path.basename(path)
    return path


def update_checkpoint_state(directory, model_checkpoint_path, all_model_checkpoint_paths=None,
                            all_model_checkpoint_timestamps=None, last_preserved_timestamp=None,
                            latest_filename=None, relative=True, stamped=True):
    """Atomically (re)writes ``directory/checkpoint``. TF 1.x's Saver writes the paths as
    given (`relative` False, unless its ``save_relative_paths``) and no timestamps."""
    directory = directory or "."
    paths = list(all_model_checkpoint_paths or [])
    if model_checkpoint_path not in paths:
        paths.append(model_checkpoint_path)

    def shown(path):
        return _relative(directory, path) if relative else path

    lines = [f"model_checkpoint_path: {_quote(shown(model_checkpoint_path))}"]
    lines += [f"all_model_checkpoint_paths: {_quote(shown(p))}" for p in paths]
    for t in all_model_checkpoint_timestamps or []:
        lines.append(f"all_model_checkpoint_timestamps: {float(t)!r}")
    if stamped:
        lines.append(f"last_preserved_timestamp: "
                     f"{float(last_preserved_timestamp or time.time())!r}")
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, latest_filename or STATE_FILENAME)
    remove_stale_temp_files(target)  # left by a save that was killed
    text = ("\n".join(lines) + "\n").encode("utf-8")
    tmp = write_temp(target, lambda f: f.write(text))
    try:
        os.replace(tmp, target)
        tmp = None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """``tf.train.get_checkpoint_state``: the parsed ``checkpoint`` file, or None."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    path = os.path.join(checkpoint_dir, latest_filename or STATE_FILENAME)
    if not os.path.isfile(path):
        return None
    fields = {"model_checkpoint_path": [], "all_model_checkpoint_paths": [],
              "all_model_checkpoint_timestamps": [], "last_preserved_timestamp": []}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                m = _LINE.match(line)
                if not m or m.group(1) not in fields:
                    raise ValueError(f"unexpected line {line.strip()!r}")
                key, value = m.groups()
                fields[key].append(_unquote(value) if key.endswith("paths") or key ==
                                   "model_checkpoint_path" else float(value))
    except (ValueError, UnicodeDecodeError) as exc:
        # TF logs an unparsable state file and carries on as if there were none (a manager
        # then starts afresh; latest_checkpoint finds nothing), rather than failing.
        warnings.warn(f"{path} is not a valid checkpoint state file ({exc}): checkpoint "
                      "ignored.", stacklevel=2)
        return None
    if not fields["model_checkpoint_path"]:
        raise ValueError(f"Invalid checkpoint state loaded from {checkpoint_dir}: no "
                         "model_checkpoint_path")

    def absolute(p):
        return p if os.path.isabs(p) else os.path.join(checkpoint_dir, p)

    return CheckpointState(
        absolute(fields["model_checkpoint_path"][-1]),
        [absolute(p) for p in fields["all_model_checkpoint_paths"]],
        fields["all_model_checkpoint_timestamps"],
        fields["last_preserved_timestamp"][-1] if fields["last_preserved_timestamp"] else None)


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    """``tf.train.latest_checkpoint``: the prefix of the newest checkpoint in `checkpoint_dir`
    (as recorded by ``save``), or None when there is none."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state is None:
        return None
    path = state.model_checkpoint_path
    if os.path.isfile(path + ".index"):
        return path
    from ..core.logs import logger  # (the "tensorflow" logger, as TF reports it)
    logger.error("Couldn't match files for checkpoint %s", path)
    return None


def wait_for_new_checkpoint(checkpoint_dir, last_checkpoint=None, seconds_to_sleep=1,
                            timeout=None):
    """The newest checkpoint of `checkpoint_dir` once it differs from `last_checkpoint`;
    None when `timeout` seconds pass first."""
    stop_time = None if timeout is None else time.time() + timeout
    while True:
        path = latest_checkpoint(checkpoint_dir)
        if path is not None and path != last_checkpoint:
            return path
        if stop_time is not None and time.time() + seconds_to_sleep > stop_time:
            return None
        time.sleep(seconds_to_sleep)


def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None, timeout_fn=None):
    """``tf.train.checkpoints_iterator``: yields each new checkpoint of `checkpoint_dir` as
    training writes it (an evaluator's loop). After `timeout` seconds without one it asks
    ``timeout_fn()``: True waits again, False (or no timeout_fn) ends the iteration."""
    from ..core.logs import logger  # (the "tensorflow" logger, as TF reports the time-out)
    checkpoint_path = None
    while True:
        new_path = wait_for_new_checkpoint(checkpoint_dir, checkpoint_path, timeout=timeout)
        if new_path is None:
            if timeout_fn is None:
                logger.info("Timed-out waiting for a checkpoint.")
                return
            if timeout_fn():
                continue
            return
        started = time.time()
        checkpoint_path = new_path
        yield checkpoint_path
        pause = started + min_interval_secs - time.time()
        if pause > 0:
            time.sleep(pause)
