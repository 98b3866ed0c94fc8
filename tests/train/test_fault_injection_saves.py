"""Fault injection over everything that saves and loads: damaged files, interrupted saves.

1. Damage: every file of a checkpoint, a CheckpointManager directory, a SavedModel, a Keras
   model (directory, .keras, .h5) and Keras weights (TF format, .h5) is deleted, emptied,
   truncated, bit-flipped, replaced by text or by a directory. Loading must then give one of
   TF's error kinds (an OpError such as DataLossError or NotFoundError, OSError, ValueError)
   -- never a raw Python exception (struct.error, KeyError, UnicodeDecodeError, a JSON or ZIP
   error...), never a hang -- or load the saved values exactly; restoring into existing
   Variables never leaves them half written.
2. Interruption: each save fails at its k-th file-system step (an open for writing, a write,
   half a write, a rename, a removal, an fsync...). The earlier save must stay readable, or
   the new one be there whole; ``latest_checkpoint`` must name a readable checkpoint.
3. A process killed while it saves, over and over: what it leaves is readable.
"""

import builtins
import contextlib
import json
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import textwrap
import time
import zipfile

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import errors

SEED = 20261125
# (a damaged or unparsable checkpoint state file is warned about and ignored, as TF ignores it)
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


# --- what may come out of a load -----------------------------------------------------------------
def _is_tf_error_kind(exc):
    """TF's kinds: an OpError, or a plain OSError / ValueError (not a Python parser's own
    subclass: json.JSONDecodeError, UnicodeDecodeError, zipfile.BadZipFile...)."""
    if isinstance(exc, (json.JSONDecodeError, UnicodeDecodeError, zipfile.BadZipFile,
                        struct.error)):
        return False
    if isinstance(exc, errors.OpError):
        return True
    return type(exc) in (ValueError, OSError, FileNotFoundError, IsADirectoryError,
                         NotADirectoryError, FileExistsError)


class _Hang(Exception):
    pass


@contextlib.contextmanager
def _time_limit(seconds):
    def hang(*_):
        raise _Hang(f"no answer within {seconds} s")
    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _same(a, b):
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))


# --- the things saved: (write the artifact under a directory, load it and say what came) ---------
def _keras_model(seed, units=3):
    tf.keras.utils.set_random_seed(seed)
    model = tf.keras.Sequential([tf.keras.layers.Dense(units, input_shape=(4,)),
                                 tf.keras.layers.Dense(2)])
    model.compile("adam", "mse")
    return model


class _Scaler(tf.Module):
    def __init__(self, scale):
        super().__init__()
        self.v = tf.Variable([scale, scale])

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
    def __call__(self, x):
        return x * self.v


def _checkpoint_artifact(d):
    tf.train.Checkpoint(v=tf.Variable([1.0, 2.0]), n=tf.Variable(7)).save(f"{d}/ck")

    def load():
        v, n = tf.Variable([0.0, 0.0]), tf.Variable(0)
        try:
            path = tf.train.latest_checkpoint(d) or f"{d}/ck-1"
            tf.train.Checkpoint(v=v, n=n).restore(path).assert_consumed()
        finally:  # whatever happened, both Variables are untouched or both restored
            got = (v.numpy().tolist(), int(n.numpy()))
            assert got in (([0.0, 0.0], 0), ([1.0, 2.0], 7)), f"half restored: {got}"
        return got
    return load


def _reader_artifact(d):
    tf.train.Checkpoint(v=tf.Variable([1.0, 2.0])).write(f"{d}/ck")

    def load():
        names = [name for name, _ in tf.train.list_variables(f"{d}/ck")]
        return names, tf.train.load_checkpoint(f"{d}/ck").get_tensor(
            "v/.ATTRIBUTES/VARIABLE_VALUE").tolist()
    return load


def _manager_artifact(d):
    v = tf.Variable(1.0)
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), d, max_to_keep=2)
    manager.save()
    v.assign(2.0)
    manager.save()

    def load():
        w = tf.Variable(0.0)
        again = tf.train.CheckpointManager(tf.train.Checkpoint(w=w), d, max_to_keep=2)
        if again.latest_checkpoint is None:
            return None  # (an unreadable state file is ignored, as TF ignores it)
        tf.train.Checkpoint(v=w).restore(again.latest_checkpoint)
        return float(w.numpy())
    return load


def _saved_model_artifact(d):
    tf.saved_model.save(_Scaler(3.0), f"{d}/sm")

    def load():
        return tf.saved_model.load(f"{d}/sm")(tf.constant([1.0, 1.0])).numpy().tolist()
    return load


def _keras_file_artifact(name):
    def artifact(d):
        _keras_model(0).save(f"{d}/{name}")

        def load():
            return [w.tolist() for w in tf.keras.models.load_model(f"{d}/{name}").get_weights()]
        return load
    return artifact


def _weights_artifact(name):
    def artifact(d):
        _keras_model(0).save_weights(f"{d}/{name}")
        model = _keras_model(1)

        def load():
            before = model.get_weights()
            try:
                model.load_weights(f"{d}/{name}")
            except BaseException:
                assert _same(model.get_weights(), before), "weights half loaded"
                raise
            return [w.tolist() for w in model.get_weights()]
        return load
    return artifact


ARTIFACTS = {
    "checkpoint": _checkpoint_artifact,
    "checkpoint_reader": _reader_artifact,
    "manager": _manager_artifact,
    "saved_model": _saved_model_artifact,
    "keras_directory": _keras_file_artifact("model_dir"),
    "keras_file": _keras_file_artifact("model.keras"),
    "keras_h5": _keras_file_artifact("model.h5"),
    "weights_tf": _weights_artifact("weights"),
    "weights_h5": _weights_artifact("weights.h5"),
}


def _damages(data, rng):
    """(label, new content or None to delete or "dir" for a directory in the file's place)."""
    n = len(data)
    yield "deleted", None
    yield "empty", b""
    yield "a directory", "dir"
    yield "text", b"not what belongs here\n"
    for at in sorted({n // 10, n // 2, n - 1} - {0}):
        yield f"truncated at {at} of {n}", data[:at]
    for at in sorted({0, min(12, n - 1), n // 2, n - 1, *(rng.randrange(n) for _ in range(2))}):
        flipped = bytearray(data)
        flipped[at] ^= 0xFF
        yield f"byte {at} of {n} flipped", bytes(flipped)


def _damage(path, content):
    os.remove(path)
    if content == "dir":
        os.makedirs(path)
    elif content is not None:
        with open(path, "wb") as f:
            f.write(content)


@pytest.mark.parametrize("kind", sorted(ARTIFACTS))
def test_every_damaged_file_gives_a_tf_error_or_the_saved_values(tmp_path, kind):
    pristine = tmp_path / "pristine"
    pristine.mkdir()
    load = ARTIFACTS[kind](str(pristine))
    expected = load()
    rng = random.Random(f"{SEED}-{kind}")
    files = sorted(os.path.relpath(os.path.join(root, name), pristine)
                   for root, _, names in os.walk(pristine) for name in names)
    assert files
    # `load` reads from the pristine directory's path: the damaged copy is moved there.
    shutil.move(str(pristine), str(tmp_path / "kept"))
    failures, kinds = [], set()
    for rel in files:
        with open(tmp_path / "kept" / rel, "rb") as f:
            data = f.read()
        for label, content in _damages(data, rng):
            shutil.rmtree(pristine, ignore_errors=True)
            shutil.copytree(tmp_path / "kept", pristine)
            _damage(str(pristine / rel), content)
            try:
                with _time_limit(20):
                    got = load()
            except _Hang as exc:
                failures.append(f"{rel} {label}: hangs ({exc})")
            except Exception as exc:  # noqa: BLE001 - every kind is sorted out here
                if not _is_tf_error_kind(exc):
                    failures.append(f"{rel} {label}: {type(exc).__name__}: {exc}")
                kinds.add(type(exc).__name__)
            else:
                if got != expected and not (got is None and rel == "checkpoint"):
                    failures.append(f"{rel} {label}: loaded {got!r}, saved {expected!r}")
    assert not failures, "\n".join(failures)
    assert kinds, "no damage was noticed at all"


# --- interrupted saves ---------------------------------------------------------------------------
class _Injected(Exception):
    pass


class _FailAt:
    """Makes the k-th file-system step of the code inside fail (counting opens for writing,
    writes -- the failing one writes half its bytes first --, renames, removals, fsyncs and
    directory changes)."""

    _STEPS = ((os, "replace"), (os, "rename"), (os, "remove"), (os, "unlink"), (os, "fsync"),
              (os, "makedirs"), (os, "mkdir"), (shutil, "rmtree"), (shutil, "move"))

    def __init__(self, k):
        self.k, self.count, self.hit = k, 0, None
        self._saved = []

    def step(self, what):
        self.count += 1
        if self.count == self.k:
            self.hit = what
            raise _Injected(what)

    def __enter__(self):
        fail = self
        real_open = builtins.open

        class Writer:
            def __init__(self, f):
                self._f = f

            def write(self, data):
                if fail.count + 1 == fail.k and len(data) > 1:
                    self._f.write(data[:len(data) // 2])
                fail.step("write")
                return self._f.write(data)

            def __getattr__(self, name):
                return getattr(self._f, name)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return self._f.__exit__(*exc)

        def open_(file, mode="r", *args, **kwargs):
            f = real_open(file, mode, *args, **kwargs)
            if not any(c in mode for c in "wax+"):
                return f
            try:
                fail.step(f"open {file}")
            except _Injected:
                f.close()
                raise
            return Writer(f)

        self._saved.append((builtins, "open", real_open))
        builtins.open = open_
        for module, name in self._STEPS:
            real = getattr(module, name)
            self._saved.append((module, name, real))

            def counted(*args, _real=real, _name=name, **kwargs):
                fail.step(_name)
                return _real(*args, **kwargs)
            setattr(module, name, counted)
        return self

    def __exit__(self, *exc):
        for module, name, real in reversed(self._saved):
            setattr(module, name, real)


def _checkpoint_save(d):
    v = tf.Variable([1.0, 2.0])
    checkpoint = tf.train.Checkpoint(v=v)
    checkpoint.save(f"{d}/ck")
    v.assign([5.0, 6.0])

    def check():
        w = tf.Variable([0.0, 0.0])
        tf.train.Checkpoint(v=w).restore(tf.train.latest_checkpoint(d)).assert_consumed()
        return w.numpy().tolist()
    return lambda: checkpoint.save(f"{d}/ck"), check, [1.0, 2.0], [5.0, 6.0]


def _checkpoint_write(d):
    v = tf.Variable([1.0, 2.0])
    checkpoint = tf.train.Checkpoint(v=v)
    checkpoint.write(f"{d}/ck")
    v.assign([5.0, 6.0])

    def check():
        w = tf.Variable([0.0, 0.0])
        tf.train.Checkpoint(v=w).read(f"{d}/ck").assert_consumed()
        return w.numpy().tolist()
    return lambda: checkpoint.write(f"{d}/ck"), check, [1.0, 2.0], [5.0, 6.0]


def _manager_save(d):
    v = tf.Variable(1.0)
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), d, max_to_keep=1)
    manager.save()
    v.assign(2.0)
    manager.save()
    v.assign(3.0)

    def check():
        w = tf.Variable(0.0)
        again = tf.train.CheckpointManager(tf.train.Checkpoint(v=w), d, max_to_keep=1)
        assert again.latest_checkpoint == tf.train.latest_checkpoint(d)
        tf.train.Checkpoint(v=w).restore(again.latest_checkpoint).assert_consumed()
        again.save()  # and the directory takes the next save
        return float(w.numpy())
    return manager.save, check, 2.0, 3.0


class _Shifted(tf.Module):
    """Another SavedModel than _Scaler's: other Variables, another function."""

    def __init__(self):
        super().__init__()
        self.w = tf.Variable([2.0, 2.0])
        self.b = tf.Variable(100.0)

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
    def __call__(self, x):
        return x * self.w + self.b


def _saved_model_over_another(d):
    tf.saved_model.save(_Scaler(1.0), f"{d}/sm")
    new = _Shifted()

    def check():
        return tf.saved_model.load(f"{d}/sm")(tf.constant([1.0, 1.0])).numpy().tolist()
    return lambda: tf.saved_model.save(new, f"{d}/sm"), check, [1.0, 1.0], [102.0, 102.0]


def _keras_save_over_another(name, fmt=None):
    def scenario(d):
        path = f"{d}/{name}"
        old = _keras_model(0)
        old.save(path, save_format=fmt)
        new = _keras_model(1, units=5)

        def check():
            return [w.shape for w in tf.keras.models.load_model(path).get_weights()]
        return (lambda: new.save(path, save_format=fmt), check,
                [w.shape for w in old.get_weights()], [w.shape for w in new.get_weights()])
    return scenario


def _weights_save(name):
    def scenario(d):
        path = f"{d}/{name}"
        _keras_model(0).save_weights(path)
        old, new = _keras_model(0).get_weights(), _keras_model(1)
        reader = _keras_model(2)

        def check():
            reader.load_weights(path)
            got = reader.get_weights()
            return "old" if _same(got, old) else "new" if _same(got, new.get_weights()) else got
        return lambda: new.save_weights(path), check, "old", "new"
    return scenario


SAVES = {
    "checkpoint_save": _checkpoint_save,
    "checkpoint_write": _checkpoint_write,
    "manager_save": _manager_save,
    "saved_model_over_another": _saved_model_over_another,
    "keras_directory_over_another": _keras_save_over_another("model_dir", "tf"),
    "keras_file_over_another": _keras_save_over_another("model.keras"),
    "keras_h5_over_another": _keras_save_over_another("model.h5"),
    "weights_tf": _weights_save("weights"),
    "weights_h5": _weights_save("weights.h5"),
}


def _steps_of(save, d):
    """How many file-system steps a whole save takes."""
    with _FailAt(0) as counter:
        save()
    return counter.count


@pytest.mark.parametrize("kind", sorted(SAVES))
def test_a_save_failing_at_any_step_leaves_the_old_save_or_the_new(tmp_path, kind):
    first = tmp_path / "first"
    first.mkdir()
    save, _, _, _ = SAVES[kind](str(first))
    total = _steps_of(save, str(first))
    rng = random.Random(f"{SEED}-{kind}")
    # Every step of the short saves; for the long ones the first and last ten and a seeded
    # sample between (the whole file stays well under a minute).
    steps = range(1, total + 1) if total <= 40 else sorted(
        set(range(1, 11)) | set(range(total - 9, total + 1)) |
        set(rng.sample(range(11, total - 9), 12)))
    failures = []
    for k in steps:
        d = tmp_path / f"k{k}"
        d.mkdir()
        save, check, old, new = SAVES[kind](str(d))
        with _time_limit(30):
            with _FailAt(k) as fail:
                try:
                    save()
                except _Injected:
                    pass
            try:
                got = check()
            except Exception as exc:  # noqa: BLE001 - any failure to read back is reported
                failures.append(f"fails at step {k} ({fail.hit}): then {type(exc).__name__}: "
                                f"{exc}")
                continue
        if got != (new if fail.hit is None else got) or got not in (old, new):
            failures.append(f"fails at step {k} ({fail.hit}): reads back {got!r}")
        leftovers = [name for root, dirs, names in os.walk(d) for name in names + dirs
                     if name.endswith(".tmp")]
        if leftovers:
            failures.append(f"fails at step {k} ({fail.hit}): leaves {leftovers}")
        shutil.rmtree(d)
    assert not failures, "\n".join(failures)


# --- killed while saving -------------------------------------------------------------------------
_SAVING_FOREVER = textwrap.dedent("""
    import sys
    import eagerbook as tf

    d = sys.argv[1]
    v = tf.Variable([0.0, 0.0])
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), d + "/ckpts", max_to_keep=2)

    class Scaler(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = v

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def __call__(self, x):
            return x * self.v

    module = Scaler()
    step = 0
    while True:
        step += 1
        v.assign([float(step), float(step)])
        manager.save()
        tf.saved_model.save(module, d + "/sm")
        if step == 2:
            print("saving", flush=True)
""")


def test_a_process_killed_while_saving_leaves_readable_saves(tmp_path):
    script = tmp_path / "saving_forever.py"
    script.write_text(_SAVING_FOREVER)
    rng = random.Random(SEED)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    for round_ in range(2):
        process = subprocess.Popen([sys.executable, str(script), str(tmp_path)],
                                   stdout=subprocess.PIPE, env=env)
        try:
            assert process.stdout.readline().strip() == b"saving"
            time.sleep(rng.uniform(0.05, 0.5))
        finally:
            process.kill()
            process.wait(timeout=30)
            process.stdout.close()
        w = tf.Variable([0.0, 0.0])
        latest = tf.train.latest_checkpoint(str(tmp_path / "ckpts"))
        tf.train.Checkpoint(v=w).restore(latest).assert_consumed()
        assert w.numpy().tolist() == [float(latest.rsplit("-", 1)[1])] * 2, round_
        got = tf.saved_model.load(str(tmp_path / "sm"))(tf.constant([1.0, 1.0])).numpy()
        assert got[0] == got[1] >= 2.0, round_
    # The next saves sweep what the killed processes left behind.
    tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable([0.0, 0.0])),
                               str(tmp_path / "ckpts"), max_to_keep=2).save()
    tf.saved_model.save(_Scaler(1.0), str(tmp_path / "sm"))
    left = os.listdir(tmp_path) + os.listdir(tmp_path / "ckpts") + os.listdir(tmp_path / "sm")
    assert not [name for name in left if name.endswith(".tmp") or name == ".saving"], left


def test_a_manager_names_its_latest_checkpoint_even_when_its_files_are_gone(tmp_path, caplog):
    v = tf.Variable(1.0)
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), str(tmp_path), max_to_keep=2)
    manager.save()
    manager.save()
    os.remove(tmp_path / "ckpt-2.index")
    assert tf.train.latest_checkpoint(str(tmp_path)) is None  # (TF logs why)
    assert f"Couldn't match files for checkpoint {tmp_path}/ckpt-2" in caplog.text
    again = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), str(tmp_path), max_to_keep=2)
    assert again.latest_checkpoint == f"{tmp_path}/ckpt-2"  # as TF: the state file's word
    with pytest.raises(errors.NotFoundError, match="Failed to find any matching files"):
        tf.train.Checkpoint(v=v).restore(again.latest_checkpoint)


@pytest.mark.parametrize("suffix", [".index", ".data-00000-of-00001"])
def test_a_directory_in_place_of_a_checkpoint_file_is_tfs_op_error(tmp_path, suffix):
    path = tf.train.Checkpoint(v=tf.Variable(1.0)).write(str(tmp_path / "ck"))
    os.remove(path + suffix)
    os.makedirs(path + suffix)
    with pytest.raises(errors.OpError) as info:
        tf.train.Checkpoint(v=tf.Variable(0.0)).read(path)
    assert type(info.value) is errors.OpError and info.value.error_code == 2
    assert info.value.message == f"{path}{suffix}; Is a directory"
