"""``tf.keras.callbacks``: hooks that ``fit``/``evaluate``/``predict`` call as they run."""

import csv
import json
import os
import shutil
import sys
import time
import urllib.parse
import urllib.request

import numpy as np

from ..checkpoints.checkpoint import Checkpoint
from ..checkpoints.state import latest_checkpoint, update_checkpoint_state
from ..core import errors
from ..core import logs as _tf_logging
from ..core.tensor import Tensor
from ..core.variable import Variable
from ..ops import event_files
from . import backend

# TF's Keras warns through the "tensorflow" logger (WARNING:tensorflow:...); `logs` is every
# callback method's argument, hence the longer module name.
_warn = _tf_logging.logger.warning


class Callback:
    """Base class. ``self.model`` and ``self.params`` are set before training starts."""

    def __init__(self):
        self.model = None
        self.params = {}
        self.validation_data = None

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_batch_begin(self, batch, logs=None):
        pass

    def on_batch_end(self, batch, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        pass

    def on_test_batch_end(self, batch, logs=None):
        pass

    def on_predict_batch_begin(self, batch, logs=None):
        pass

    def on_predict_batch_end(self, batch, logs=None):
        pass

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_test_begin(self, logs=None):
        pass

    def on_test_end(self, logs=None):
        pass

    def on_predict_begin(self, logs=None):
        pass

    def on_predict_end(self, logs=None):
        pass


def _flat_callbacks(callbacks):
    """`callbacks` as a flat list: TF accepts one callback alone, or lists nested in lists."""
    if callbacks is None:
        return []
    if isinstance(callbacks, CallbackList):
        return list(callbacks.callbacks)
    if not isinstance(callbacks, (list, tuple)):
        return [callbacks]
    return [cb for item in callbacks for cb in _flat_callbacks(item)]


class CallbackList:
    """Calls every callback's hook in order."""

    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None,
                 **params):
        self.callbacks = _flat_callbacks(callbacks)
        # As in fit: a History and a progress bar join unless the list has them already.
        if add_history and not any(isinstance(cb, History) for cb in self.callbacks):
            self.callbacks.append(History())
        if add_progbar and not any(isinstance(cb, ProgbarLogger) for cb in self.callbacks):
            self.callbacks.append(ProgbarLogger(count_mode="steps"))
        if model is not None:
            self.set_model(model)
        if params:
            self.set_params(params)

    def append(self, callback):
        self.callbacks.append(callback)

    def set_model(self, model):
        self.model = model
        for cb in self.callbacks:
            cb.set_model(model)

    def set_params(self, params):
        self.params = params
        for cb in self.callbacks:
            cb.set_params(params)

    def _call(self, hook, *args, **kwargs):
        # Keras always hands callbacks a logs dict, positionally: (batch/epoch, logs) or (logs).
        takes_index = "batch" in hook or "epoch" in hook
        index = (args[0],) if takes_index else ()
        rest = args[1:] if takes_index else args
        logs = kwargs.get("logs", rest[0] if rest else None)
        logs = {} if logs is None else logs
        for cb in self.callbacks:
            getattr(cb, hook)(*index, logs)

    def __getattr__(self, hook):
        if hook.startswith("on_"):
            return lambda *args, **kwargs: self._call(hook, *args, **kwargs)
        raise AttributeError(hook)

    def __iter__(self):
        return iter(self.callbacks)


class History(Callback):
    """Records every epoch's logs: ``history.history['loss']`` is a list, one per epoch."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        self.epoch.append(epoch)
        for key, value in logs.items():
            self.history.setdefault(key, []).append(value)
        if self.model is not None:
            self.model.history = self


class BaseLogger(Callback):
    pass


def _format_value(value, signed=True):
    """A metric in Keras's progress bar: 4 decimals, or exponent form at or below 1e-3 (so
    an exact 0 prints 0.0000e+00). The one-line-per-epoch form (verbose=2) compares the value
    itself, not its size: negatives print in exponent form there."""
    value = float(np.mean(value))  # a metric of one value per class shows their mean
    size = abs(value) if signed else value
    return f"{value:.4f}" if size > 1e-3 else f"{value:.4e}"


def _format_eta(seconds):
    # Keras: "1:02:03" past an hour, "1:34" past a minute, else whole seconds (truncated).
    if seconds > 3600:
        return f"{int(seconds // 3600)}:{int(seconds % 3600 // 60):02d}:{int(seconds % 60):02d}"
    if seconds > 60:
        return f"{int(seconds // 60)}:{int(seconds % 60):02d}"
    return f"{int(seconds)}s"


def _format_elapsed(seconds):
    # The time already spent is always whole seconds ("- 94s 2s/step"), never "1:34".
    return f"{seconds:.0f}s"


def _per_step(seconds, unit="step"):
    if seconds >= 1 or seconds == 0:  # (a step that took no time at all prints "0s/step")
        return f"{seconds:.0f}s/{unit}"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.0f}ms/{unit}"
    return f"{seconds * 1e6:.0f}us/{unit}"


class _AllNames:
    """Contains every name: the stateful_metrics of fit's progress bar."""

    def __contains__(self, name):
        return True


class Progbar:
    """Keras's text progress bar: ``12/60 [=====>.......] - ETA: 3s - loss: ...``."""

    def __init__(self, target, width=30, verbose=1, interval=0.05, stateful_metrics=None,
                 unit_name="step", stream=None):
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self.stream = stream or sys.stdout
        # Values of other names are averaged over the steps since the bar began, as in TF;
        # fit's logger passes every name (its metrics are running means already).
        self.stateful_metrics = stateful_metrics if isinstance(stateful_metrics, _AllNames) \
            else set(stateful_metrics or ())
        self._sums = {}  # name -> [sum of value * steps, steps]
        # TF's Keras redraws the bar in place ("\r") on a terminal, in Jupyter, and on every
        # POSIX system even when the output is a file or a pipe; elsewhere each update is a
        # new line.
        self._dynamic = (hasattr(self.stream, "isatty") and self.stream.isatty()) or \
            "ipykernel" in sys.modules or "posix" in sys.modules
        self._start = time.time()
        self._time_after_first_step = None
        self._last_update = 0.0
        self._total_width = 0
        self._values = {}
        self._seen = 0

    def update(self, current, values=None, finalize=None):
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        steps = max(current - self._seen, 1)
        for key, value in (values or []):
            if key in self.stateful_metrics:
                self._values[key] = value
            else:
                total = self._sums.setdefault(key, [0.0, 0])
                total[0] += float(np.mean(value)) * steps
                total[1] += steps
                self._values[key] = total[0] / total[1]
        self._seen = current
        now = time.time()
        elapsed = now - self._start
        if self.verbose == 1:
            if not finalize and now - self._last_update < self.interval:
                return
            self._write_line(current, now, elapsed, finalize)
            self._last_update = now
        elif self.verbose == 2 and finalize:
            count = f"{int(current)}/{int(self.target)}" if self.target else f"{current}"
            line = f"{count} - {_format_elapsed(elapsed)}"
            line += "".join(f" - {k}: {_format_value(v, signed=False)}"
                            for k, v in self._values.items())
            # TF 2.5+ ends the line with the epoch's time and the time per step.
            line += (f" - {_per_step(elapsed, 'epoch')}"
                     f" - {_per_step(elapsed / max(current, 1), self.unit_name)}")
            self.stream.write(line + "\n")
            self.stream.flush()

    def _write_line(self, current, now, elapsed, finalize):
        """One display of the bar, written as TF's Keras writes it: back over the previous
        one ("\b" for each of its characters, then "\r"), padded with spaces to cover it."""
        previous_width = self._total_width
        bar = self._bar(current)
        per_step = self._step_duration(current, now)
        if finalize or self.target is None:
            info = f" - {_format_elapsed(elapsed)} {_per_step(per_step, self.unit_name)}"
        else:
            info = f" - ETA: {_format_eta(per_step * (self.target - current))}"
        info += "".join(f" - {k}: {_format_value(v)}" for k, v in self._values.items())
        self._total_width = len(bar) + len(info)
        info += " " * max(0, previous_width - self._total_width)
        start = "\b" * previous_width + "\r" if self._dynamic else "\n"
        self.stream.write(start + bar + info + ("\n" if finalize else ""))
        self.stream.flush()

    def _step_duration(self, current, now):
        # As TF estimates it: past the first step, the first one (often slow: tracing,
        # warm-up) is left out of the average.
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            per_step = (now - self._time_after_first_step) / (current - 1)
        else:
            per_step = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return per_step

    def _bar(self, current):
        if self.target is None:
            return f"{current:7d}/Unknown"
        # TF formats both with %d: a float target (steps_per_epoch=np.ceil(...)) shows as 3
        target = int(self.target)
        digits = len(str(target))
        head = f"{int(current):{digits}d}/{target} ["
        filled = int(self.width * min(current, self.target) / max(self.target, 1))
        if filled > 0:
            body = "=" * (filled - 1) + (">" if current < self.target else "=")
        else:
            body = ""
        return head + body + "." * (self.width - len(body)) + "]"

    def add(self, n, values=None):
        self.update(self._seen + n, values)


class ProgbarLogger(Callback):
    """Prints ``Epoch i/N`` and a progress bar (``verbose=1``) or one line per epoch (2)."""

    def __init__(self, count_mode="steps", stateful_metrics=None):
        super().__init__()
        self.verbose = 1
        self.epochs = 1
        self.target = None
        self._bar = None
        self._mode = "train"
        self._called_in_fit = False  # fit's validation passes print no bar of their own

    def set_params(self, params):
        super().set_params(params)
        self.verbose = params.get("verbose", 1)
        self.epochs = params.get("epochs", 1)
        self.target = params.get("steps")

    def _finalize(self, logs):
        """The bar's last line, at its target as TF draws it (also when the data ran out
        before the steps asked for: ``5/5`` after 3 batches); without a target, at the
        batches seen."""
        if self._bar.target is None:
            self._bar.target = self._bar._seen
        values = None if logs is None else list(logs.items())
        self._bar.update(self._bar.target, values, finalize=True)
        self._bar = None

    def on_train_begin(self, logs=None):
        self._called_in_fit = True

    def on_train_end(self, logs=None):
        self._called_in_fit = False

    def on_epoch_begin(self, epoch, logs=None):
        if self.verbose and self.epochs > 1:  # TF 2 prints no "Epoch 1/1"
            print(f"Epoch {epoch + 1}/{self.epochs}")
        self._bar = Progbar(self.target, verbose=self.verbose, stateful_metrics=_AllNames())
        self._mode = "train"

    def on_train_batch_end(self, batch, logs=None):
        if self._bar is not None:
            self._bar.update(batch + 1, list((logs or {}).items()), finalize=False)

    def on_epoch_end(self, epoch, logs=None):
        if self._bar is not None:
            self._finalize(logs)

    def on_test_begin(self, logs=None):
        if self._bar is None and self.verbose and not self._called_in_fit:
            self._bar = Progbar(self.params.get("steps"), verbose=self.verbose,
                                stateful_metrics=_AllNames())
            self._mode = "test"

    def on_test_batch_end(self, batch, logs=None):
        if self._mode == "test" and self._bar is not None:
            self._bar.update(batch + 1, list((logs or {}).items()), finalize=False)

    def on_test_end(self, logs=None):
        if self._mode == "test" and self._bar is not None:
            self._finalize(logs)

    def on_predict_begin(self, logs=None):
        if self.verbose and not self._called_in_fit:
            self._bar = Progbar(self.params.get("steps"), verbose=self.verbose,
                                stateful_metrics=_AllNames())
            self._mode = "predict"

    def on_predict_batch_end(self, batch, logs=None):
        if self._mode == "predict" and self._bar is not None:
            self._bar.update(batch + 1, finalize=False)

    def on_predict_end(self, logs=None):
        if self._mode == "predict" and self._bar is not None:
            self._finalize(None)


class LambdaCallback(Callback):
    """A callback from plain functions: ``LambdaCallback(on_epoch_end=lambda e, logs: ...)``."""

    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_batch_begin=None,
                 on_batch_end=None, on_train_begin=None, on_train_end=None, **kwargs):
        super().__init__()
        hooks = dict(kwargs, on_epoch_begin=on_epoch_begin, on_epoch_end=on_epoch_end,
                     on_batch_begin=on_batch_begin, on_batch_end=on_batch_end,
                     on_train_begin=on_train_begin, on_train_end=on_train_end)
        for name, fn in hooks.items():
            if fn is not None:
                if not name.startswith("on_"):
                    raise TypeError(f"Unknown LambdaCallback hook: {name}")
                setattr(self, name, fn)


class EarlyStopping(Callback):
    """Stops training when ``monitor`` has not improved by ``min_delta`` for ``patience``
    epochs; optionally puts back the best epoch's weights."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto",
                 baseline=None, restore_best_weights=False, start_from_epoch=0):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self.restore_best_weights = restore_best_weights
        self.start_from_epoch = start_from_epoch
        if mode not in ("auto", "min", "max"):
            _warn(f"EarlyStopping mode {mode} is unknown, fallback to auto mode.")
            mode = "auto"
        if mode == "auto":
            mode = "max" if ("acc" in monitor or monitor.endswith("auc")) else "min"
        self.mode = mode
        if mode == "min":
            self.monitor_op = np.less
            self.min_delta *= -1
        else:
            self.monitor_op = np.greater
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = np.inf if self.mode == "min" else -np.inf
        self.best_weights = None
        self.best_epoch = 0

    def _improved(self, current, reference):
        return bool(self.monitor_op(current - self.min_delta, reference))

    def on_epoch_end(self, epoch, logs=None):
        current = (logs or {}).get(self.monitor)
        if current is None:
            _warn(f"Early stopping conditioned on metric `{self.monitor}` which is not "
                  f"available. Available metrics are: {','.join(logs or {})}")
            return
        if epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            # (the first epoch's weights, should no epoch ever improve)
            self.best_weights = self.model.get_weights()
            self.best_epoch = epoch
        self.wait += 1
        if self._improved(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._improved(current, self.baseline):
                self.wait = 0
            return  # an improving epoch never stops training, as in TF
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")
        # As TF's Keras: the best weights come back when training ends, stopped early or not.
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                print("Restoring model weights from the end of the best epoch: "
                      f"{self.best_epoch + 1}.")
            self.model.set_weights(self.best_weights)


class ModelCheckpoint(Callback):
    """Saves the model (``model.save``, or ``model.save_weights`` with
    ``save_weights_only=True``) after every epoch (or every ``save_freq`` batches when that is
    an integer), or only when ``monitor`` improves.

    ``filepath`` may contain ``{epoch:02d}``, ``{batch}`` and log keys (``{val_loss:.2f}``).
    """

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False,
                 save_weights_only=False, mode="auto", save_freq="epoch", options=None,
                 initial_value_threshold=None, **kwargs):
        super().__init__()
        self.filepath = str(filepath)
        self.monitor = monitor
        self.verbose = verbose
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self._options = options  # (accepted as TF does; saving here has no options to pass)
        # Keras 2.0-era `period` (TF still takes it, with its warning): a save every that
        # many epochs.
        self.period = kwargs.get("period", 1)
        if "period" in kwargs:
            _warn("`period` argument is deprecated. Please use `save_freq` to specify the "
                  "frequency in number of batches seen.")
        self._epochs_since_save = 0
        self.save_freq = save_freq
        # An integer save_freq counts batches across epochs: a save every that many batches.
        self._batches_since_save = 0
        self._last_batch = -1
        self._current_epoch = 0
        if mode not in ("auto", "min", "max"):
            _warn(f"ModelCheckpoint mode {mode} is unknown, fallback to auto mode.")
            mode = "auto"
        if mode == "auto":
            mode = "max" if ("acc" in monitor or monitor.endswith("auc")) else "min"
        self.monitor_op = np.less if mode == "min" else np.greater
        self.best = initial_value_threshold
        if self.best is None:
            self.best = np.inf if mode == "min" else -np.inf
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(f"Unrecognized save_freq: {save_freq}. Expected save_freq are "
                             '"epoch" or integer')

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if self.save_freq == "epoch":
            return
        # A batch index that does not grow means a new epoch began.
        seen = batch + 1 if batch <= self._last_batch else batch - self._last_batch
        self._last_batch = batch
        self._batches_since_save += seen
        if self._batches_since_save >= self.save_freq:
            self._batches_since_save = 0
            self._save(self._current_epoch, batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        self._epochs_since_save += 1
        if self.save_freq == "epoch" and self._epochs_since_save >= self.period:
            self._save(epoch, None, logs)

    def _save(self, epoch, batch, logs):
        self._epochs_since_save = 0
        logs = logs or {}
        if batch is None or "batch" in logs:
            path = self.filepath.format(epoch=epoch + 1, **logs)
        else:
            path = self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        if self.save_best_only:
            current = logs.get(self.monitor)
            if current is None:
                _warn(f"Can save best model only with {self.monitor} available, "
                      "skipping.")
                return
            if not self.monitor_op(current, self.best):
                if self.verbose > 0:
                    print(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from "
                          f"{self.best:.5f}")
                return
            if self.verbose > 0:
                print(f"\nEpoch {epoch + 1}: {self.monitor} improved from {self.best:.5f} to "
                      f"{current:.5f}, saving model to {path}")
            self.best = current
        elif self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: saving model to {path}")
        if self.save_weights_only:
            self.model.save_weights(path)
        else:
            self.model.save(path)


class BackupAndRestore(Callback):
    """Backs up the model and its optimizer into `backup_dir` at the end of every epoch (or
    every `save_freq` batches). When a ``fit`` is interrupted (an exception, a killed process)
    and the same ``fit`` runs again with this callback, it restores the backup and carries on
    after the last batch backed up. A ``fit`` that ends normally deletes the backup
    (``delete_checkpoint=True``)."""

    def __init__(self, backup_dir, save_freq="epoch", delete_checkpoint=True,
                 save_before_preemption=False):
        super().__init__()
        if not backup_dir:
            raise ValueError("Empty `backup_dir` argument passed")
        if not save_freq and not save_before_preemption:
            raise ValueError("Either `save_freq` or `save_before_preemption` must be set.")
        self.backup_dir = os.fspath(backup_dir)
        self.save_freq = save_freq
        self.delete_checkpoint = delete_checkpoint
        self.save_before_preemption = save_before_preemption
        self._position = None  # (epoch, last batch done: -1 once the epoch is over), saved
        self._current_epoch = 0
        self._batches_since_backup = 0
        self._saves = 0

    def _checkpoint(self):
        if self._position is None:
            self._position = (Variable(np.int64(-1), trainable=False, name="epoch"),
                              Variable(np.int64(-1), trainable=False, name="step"))
        epoch, step = self._position
        return Checkpoint(model=self.model, optimizer=self.model.optimizer, epoch=epoch,
                          step=step)

    def _chief_dir(self):
        return os.path.join(self.backup_dir, "chief")

    def on_train_begin(self, logs=None):
        latest = latest_checkpoint(self._chief_dir())
        if latest is None:
            return
        self._checkpoint().restore(latest)
        epoch, step = (int(v.numpy()) for v in self._position)
        if step < 0:  # the epoch was over: the next one starts
            self.model._initial_epoch_from_backup = epoch + 1
        else:  # fit skips the batches of that epoch the backup has seen
            self.model._initial_epoch_from_backup = epoch
            self.model._initial_step_from_backup = step + 1

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if isinstance(self.save_freq, int) and not isinstance(self.save_freq, bool) and \
                self.save_freq > 0:
            self._batches_since_backup += 1
            if self._batches_since_backup >= self.save_freq:
                self._batches_since_backup = 0
                self._back_up(self._current_epoch, batch)

    def on_epoch_end(self, epoch, logs=None):
        if self.save_freq == "epoch":
            self._back_up(epoch, -1)

    def _back_up(self, epoch, step):
        """Writes ckpt-N, keeping only the newest backup (as TF's manager of one)."""
        checkpoint = self._checkpoint()
        self._position[0].assign(np.int64(epoch))
        self._position[1].assign(np.int64(step))
        previous = latest_checkpoint(self._chief_dir())
        self._saves += 1
        path = checkpoint.write(os.path.join(self._chief_dir(), f"ckpt-{self._saves}"))
        update_checkpoint_state(os.path.dirname(path), path, [path])
        if previous is not None and previous != path:
            for name in os.listdir(self._chief_dir()):
                if name.startswith(os.path.basename(previous) + "."):
                    os.remove(os.path.join(self._chief_dir(), name))

    def on_train_end(self, logs=None):
        if self.delete_checkpoint:  # the backup goes; `backup_dir` itself stays (as in TF)
            shutil.rmtree(self._chief_dir(), ignore_errors=True)


class TerminateOnNaN(Callback):
    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and (np.isnan(loss) or np.isinf(loss)):
            print(f"Batch {batch}: Invalid loss, terminating training")
            self.model.stop_training = True


class RemoteMonitor(Callback):
    """Posts each epoch's logs, as JSON, to ``root + path`` on a server: in a form field
    `field`, or as the request body if `send_as_json`. (TF's sends with the ``requests``
    library; this one with the standard library's ``urllib``, as the engine needs NumPy only.)"""

    def __init__(self, root="http://localhost:9000", path="/publish/epoch/end/", field="data",
                 headers=None, send_as_json=False):
        super().__init__()
        self.root = root
        self.path = path
        self.field = field
        self.headers = headers
        self.send_as_json = send_as_json

    def on_epoch_end(self, epoch, logs=None):
        sent = {"epoch": epoch}
        for key, value in (logs or {}).items():
            sent[key] = value.item() if isinstance(value, (np.ndarray, np.generic)) else value
        headers = dict(self.headers or {})
        if self.send_as_json:
            body = json.dumps(sent).encode("utf-8")
            headers.setdefault("Content-Type", "application/json")
        else:
            body = urllib.parse.urlencode({self.field: json.dumps(sent)}).encode("utf-8")
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        request = urllib.request.Request(self.root + self.path, data=body, headers=headers,
                                         method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10):
                pass
        except (OSError, ValueError):  # unreachable, refused, an HTTP error, a bad URL
            _warn(f"Warning: could not reach RemoteMonitor root server at {self.root}")


def _check_scheduled_rate(lr):
    """TF takes a float (Python, NumPy or a float tensor) from a schedule, nothing else (not
    even an int)."""
    if not isinstance(lr, (Tensor, float, np.float32, np.float64)):
        raise ValueError(f'The output of the "schedule" function should be float. Got: {lr}')
    if isinstance(lr, Tensor) and not lr.dtype.is_floating:
        raise ValueError(f"The dtype of `lr` Tensor should be float. Got: {lr.dtype}")


class LearningRateScheduler(Callback):
    """Sets ``optimizer.learning_rate = schedule(epoch, lr)`` at the start of every epoch."""

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = self.model.optimizer
        lr = optimizer.learning_rate
        try:
            new_lr = self.schedule(epoch, float(lr))
        except TypeError:
            new_lr = self.schedule(epoch)
        _check_scheduled_rate(new_lr)
        optimizer.learning_rate = float(new_lr)
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to "
                  f"{float(new_lr)}.")

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["lr"] = _learning_rate(self.model.optimizer)


def _learning_rate(optimizer):
    """The optimizer's current learning rate as TF reads its float32 variable."""
    return np.float32(float(optimizer.learning_rate))


class ReduceLROnPlateau(Callback):
    """Multiplies the learning rate by ``factor`` when ``monitor`` has not improved for
    ``patience`` epochs (never below ``min_lr``), then waits ``cooldown`` epochs."""

    def __init__(self, monitor="val_loss", factor=0.1, patience=10, verbose=0, mode="auto",
                 min_delta=1e-4, cooldown=0, min_lr=0, **kwargs):
        super().__init__()
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0. Got "
                             f"{factor}")
        self.monitor = monitor
        self.factor = factor
        self.patience = patience
        self.verbose = verbose
        self.min_delta = min_delta
        self.cooldown = cooldown
        self.min_lr = min_lr
        if mode not in ("auto", "min", "max"):
            _warn(f"Learning rate reduction mode {mode} is unknown, fallback to auto "
                  "mode.")
            mode = "auto"
        if mode == "min" or (mode == "auto" and "acc" not in monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self._initial_best = self.best
        self.wait = 0
        self.cooldown_counter = 0

    def on_train_begin(self, logs=None):
        self.best = self._initial_best
        self.wait = 0
        self.cooldown_counter = 0

    def on_epoch_end(self, epoch, logs=None):
        logs = logs if logs is not None else {}
        optimizer = self.model.optimizer
        logs["lr"] = _learning_rate(optimizer)
        current = logs.get(self.monitor)
        if current is None:
            _warn(f"Learning rate reduction is conditioned on metric `{self.monitor}` "
                  f"which is not available. Available metrics are: "
                  f"{','.join(logs)}")
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                # (float32 arithmetic, as TF's on the variable's value: the message shows
                # the float32 product, 0.002500000176951289 for 0.025 * 0.1)
                old_lr = _learning_rate(optimizer)
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    optimizer.learning_rate = new_lr
                    if self.verbose > 0:
                        print(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate "
                              f"to {new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0

    def in_cooldown(self):
        return self.cooldown_counter > 0


class CSVLogger(Callback):
    """Writes one CSV row per epoch: ``epoch`` and every log value (columns sorted)."""

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        self.filename = os.fspath(filename)
        self.sep = separator
        self.append = append
        self.keys = None
        self._file = None

    def on_train_begin(self, logs=None):
        has_rows = self.append and os.path.exists(self.filename) and \
            os.path.getsize(self.filename) > 0
        self._file = open(self.filename, "a" if self.append else "w", newline="")  # noqa: SIM115 - open across epochs
        self._write_header = not has_rows
        self.keys = None

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self.keys is None:
            self.keys = sorted(logs)
            if not any(k.startswith("val_") for k in self.keys):
                # As TF: validation columns are there from the first row (NA until known).
                self.keys += [f"val_{k}" for k in self.keys]
        writer = csv.writer(self._file, delimiter=self.sep, lineterminator="\n")
        if self._write_header:
            writer.writerow(["epoch"] + self.keys)
            self._write_header = False

        def text(value):
            if isinstance(value, (list, tuple, np.ndarray)):
                return f'"[{", ".join(map(str, value))}]"'
            return value if not hasattr(value, "numpy") else float(value)
        writer.writerow([epoch] + [text(logs.get(k, "NA")) for k in self.keys])
        self._file.flush()

    def on_train_end(self, logs=None):
        if self._file is not None:
            self._file.close()
            self._file = None



class TensorBoard(Callback):
    """Logs the epoch results as scalar curves TensorBoard shows (``tensorboard --logdir``):
    event files in ``<log_dir>/train`` and ``<log_dir>/validation``, tags ``epoch_loss``,
    ``epoch_accuracy``, ... at step = epoch (with ``update_freq='batch'`` or a number of
    batches, also ``batch_<metric>`` at the global batch count). ``profile_batch`` (a batch
    number, or a (first, last) range, counted over the whole of fit) profiles those batches
    with ``tf.profiler.experimental``: its trace lands in ``<log_dir>/plugins/profile/``.
    Histograms, graphs, images and embeddings are not written."""

    def __init__(self, log_dir="logs", histogram_freq=0, write_graph=True, write_images=False,
                 write_steps_per_second=False, update_freq="epoch", profile_batch=0,
                 embeddings_freq=0, embeddings_metadata=None, **kwargs):
        super().__init__()
        if update_freq != "epoch" and update_freq != "batch" and not (
                isinstance(update_freq, int) and update_freq > 0):
            raise ValueError(f"Unrecognized update_freq: {update_freq!r}")
        self.log_dir = os.fspath(log_dir)
        self.histogram_freq = histogram_freq
        self.write_graph = write_graph
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self._writers = {}
        self._batches_seen = 0
        self._init_profile_batch(profile_batch)

    # --- profiling (TF's profile_batch) -----------------------------------------------------------
    def _init_profile_batch(self, profile_batch):
        message = ("profile_batch must be a non-negative integer or 2-tuple of positive "
                   "integers. A pair of positive integers signifies a range of batches to "
                   f"profile. Found: {profile_batch}")
        if isinstance(profile_batch, str):  # TF's older "first,last" form
            profile_batch = [int(part) for part in profile_batch.split(",")]
        if isinstance(profile_batch, int):
            self._start_batch = self._stop_batch = profile_batch
        elif isinstance(profile_batch, (tuple, list)) and len(profile_batch) == 2:
            self._start_batch, self._stop_batch = profile_batch
        else:
            raise ValueError(message)
        if self._start_batch < 0 or self._stop_batch < self._start_batch:
            raise ValueError(message)
        self._profiler_started = False  # (this callback stops only a profiler it started)
        self._is_tracing = False
        self._should_trace = not (self._start_batch == 0 and self._stop_batch == 0)

    def _start_profiler(self):
        try:
            backend.public_symbol("profiler.experimental.start")(self.log_dir)
            self._profiler_started = True
        except errors.AlreadyExistsError as error:  # a profiler error does not stop training
            _tf_logging.logger.error("Failed to start profiler: %s", error.message)
        self._is_tracing = True

    def _stop_profiler(self):
        self._is_tracing = False
        if not self._profiler_started:
            return
        self._profiler_started = False
        try:
            backend.public_symbol("profiler.experimental.stop")()
        except errors.UnavailableError as error:
            _tf_logging.logger.error("Failed to stop profiler: %s", error.message)

    def on_train_batch_begin(self, batch, logs=None):
        if self._should_trace and self._batches_seen + 1 == self._start_batch:
            self._start_profiler()

    def _writer(self, which):
        if which not in self._writers:
            self._writers[which] = event_files.EventFileWriter(
                os.path.join(self.log_dir, which))
        return self._writers[which]

    def on_train_begin(self, logs=None):
        self._batches_seen = 0

    def on_train_batch_end(self, batch, logs=None):
        self._batches_seen += 1
        if self._is_tracing and self._batches_seen >= self._stop_batch:
            self._stop_profiler()
        if self.update_freq == "epoch" or self._batches_seen % self.update_freq:
            return
        scalars = {f"batch_{k}": float(v) for k, v in (logs or {}).items()
                   if np.ndim(v) == 0}
        if scalars:
            self._writer("train").add_scalars(scalars, self._batches_seen)

    def on_epoch_end(self, epoch, logs=None):
        train, validation = {}, {}
        for key, value in (logs or {}).items():
            if np.ndim(value) != 0:
                continue
            if key.startswith("val_"):
                validation[f"epoch_{key[4:]}"] = float(value)
            else:
                train[f"epoch_{key}"] = float(value)
        if train:
            self._writer("train").add_scalars(train, epoch)
        if validation:
            self._writer("validation").add_scalars(validation, epoch)

    def on_train_end(self, logs=None):
        if self._is_tracing:  # (fit ended inside the range)
            self._stop_profiler()
        for writer in self._writers.values():
            writer.close()
        self._writers = {}
