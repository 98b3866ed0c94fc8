"""tf.train.Checkpoint on plain Variables and small trackable objects: the guide's example,
numbering, the object graph, deferred restoration, slots, and every failure path (a damaged or
mismatched checkpoint raises and changes no Variable)."""

import gc
import hashlib
import json
import os
import weakref
import zipfile

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.checkpoints import (
    Checkpoint,
    CheckpointManager,
    checkpoint,
    get_checkpoint_state,
    latest_checkpoint,
    restore_deferred,
)
from eagerbook.core import errors


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    yield
    checkpoint._PENDING.clear()


class Lazy:
    """Creates its variables on first use, like an unbuilt Keras layer, and reports them."""

    def __init__(self, n=3):
        self.n = n
        self.w = None

    def build(self):
        self.w = tf.Variable(np.zeros(self.n, np.float32), name="w")
        self.b = tf.Variable(0.0, name="b")
        restore_deferred(self)

    def _trackable_children(self):
        return {k: v for k, v in (("w", self.w), ("b", getattr(self, "b", None)))
                if v is not None}


class FakeOptimizer:
    """TF-style slot API (get_slot_names / get_slot); slots are created lazily."""

    def __init__(self):
        self._slots = {}
        self.iterations = tf.Variable(np.int64(0))

    def variables(self):
        return [self.iterations] + [s for d in self._slots.values() for s in d.values()]

    def get_slot_names(self):
        return ["m"]

    def get_slot(self, var, name):
        return self._slots[id(var)][name]

    def create_slots(self, variables):
        for v in variables:
            self._slots[id(v)] = {"m": tf.Variable(np.zeros(v.shape.as_list(), np.float32))}
        restore_deferred(self)

    def _trackable_children(self):
        return {"iter": self.iterations}


def files_in(directory):
    return sorted(os.listdir(directory))


# --- the guide -----------------------------------------------------------------------------------
def test_guide_example_restores_two():
    x = tf.Variable(10.)
    ckpt = Checkpoint(x=x)
    x.assign(2.)
    path = ckpt.save("./ckpt/")
    assert path == "./ckpt/-1"
    x.assign(11.)
    ckpt.restore("./ckpt/-1")
    assert repr(x) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"
    assert latest_checkpoint("./ckpt/") == "./ckpt/-1"


def test_save_numbers_and_state_file_write_does_not():
    v = tf.Variable([1.0, 2.0])
    ckpt = Checkpoint(v=v)
    assert ckpt.save("out/ckpt") == "out/ckpt-1"
    assert ckpt.save("out/ckpt") == "out/ckpt-2"
    assert int(ckpt.save_counter) == 2
    assert latest_checkpoint("out") == os.path.join("out", "ckpt-2")
    state = get_checkpoint_state("out")
    assert state.model_checkpoint_path == os.path.join("out", "ckpt-2")
    assert ckpt.write("out/other") == "out/other"
    assert int(ckpt.save_counter) == 2
    assert latest_checkpoint("out") == os.path.join("out", "ckpt-2")
    assert files_in("out") == ["checkpoint", "ckpt-1.data-00000-of-00001", "ckpt-1.index",
                               "ckpt-2.data-00000-of-00001", "ckpt-2.index",
                               "other.data-00000-of-00001", "other.index"]


def test_restore_brings_back_save_counter():
    ckpt = Checkpoint(v=tf.Variable(1.0))
    ckpt.save("c/ckpt")
    path = ckpt.save("c/ckpt")
    fresh = Checkpoint(v=tf.Variable(0.0))
    fresh.restore(path).assert_consumed()
    assert int(fresh.save_counter) == 2
    assert fresh.save("c/ckpt") == "c/ckpt-3"


def test_latest_checkpoint_none_cases():
    assert latest_checkpoint("nowhere") is None
    ckpt = Checkpoint(v=tf.Variable(1.0))
    path = ckpt.save("d/ckpt")
    os.remove(path + ".index")
    assert latest_checkpoint("d") is None
    assert Checkpoint(v=tf.Variable(1.0)).restore(None) is not None


def test_format_is_npz_plus_json_without_pickle():
    v = tf.Variable(np.arange(6, dtype=np.float64).reshape(2, 3))
    path = Checkpoint(model=Lazy(), v=v).write("f/ckpt")
    manifest = json.load(open(path + ".index"))
    assert manifest["format"] == "eagerbook-checkpoint"
    with np.load(path + ".data-00000-of-00001", allow_pickle=False) as data:
        np.testing.assert_array_equal(data["v"], v.numpy())
    assert not any(f.endswith(".tmp") for f in files_in("f"))


# --- the object graph ----------------------------------------------------------------------------
def test_nested_objects_lists_dicts_and_shared_variables():
    shared = tf.Variable(5.0)

    class Holder:
        variables = ()

        def __init__(self):
            self.a = shared
            self.items = [tf.Variable(1.0), {"deep": tf.Variable([2, 3])}]
            self.again = shared
            self.note = "not state"

    h = Holder()
    path = Checkpoint(h=h).write("g/ckpt")
    manifest = json.load(open(path + ".index"))
    paths = {n["path"] for n in manifest["nodes"] if "variable" in n}
    assert paths == {"h/a", "h/items/0", "h/items/1/deep"}  # shared stored once
    for var in (shared, h.items[0]):
        var.assign(0.0)
    h.items[1]["deep"].assign([0, 0])
    # (A write() keeps no save_counter, which a restoring Checkpoint has: as in TF, only
    # the restore's own objects are checked.)
    Checkpoint(h=h).restore(path).expect_partial()
    assert float(shared) == 5.0 and float(h.items[0]) == 1.0
    assert h.items[1]["deep"].numpy().tolist() == [2, 3]


def test_checkpoint_rejects_non_trackable_values():
    with pytest.raises(ValueError, match="trackable"):
        Checkpoint(x=1)
    ckpt = Checkpoint()
    ckpt.v = tf.Variable(3.0)  # attributes set later are tracked too
    path = ckpt.write("h/ckpt")
    ckpt.v.assign(0.0)
    ckpt.read(path)
    assert float(ckpt.v) == 3.0


def test_string_variable_round_trip():
    s = tf.Variable(["a", "bc"])
    path = Checkpoint(s=s).write("s/ckpt")
    s.assign(["x", "y"])
    Checkpoint(s=s).read(path).assert_consumed()
    assert s.numpy().tolist() == [b"a", b"bc"]


# --- status objects ------------------------------------------------------------------------------
def test_assert_consumed_and_partial_restores():
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    path = Checkpoint(a=a, b=b).write("p/ckpt")
    only_a = Checkpoint(a=tf.Variable(0.0))
    status = only_a.read(path)
    with pytest.raises(AssertionError, match="Unresolved object"):
        status.assert_consumed()
    status.assert_existing_objects_matched()
    assert status.expect_partial() is status
    assert float(only_a.a) == 1.0
    extra = Checkpoint(a=tf.Variable(0.0), b=tf.Variable(0.0), c=tf.Variable(9.0))
    status = extra.read(path)
    with pytest.raises(AssertionError, match="not bound"):
        status.assert_existing_objects_matched()
    with pytest.raises(AssertionError):
        Checkpoint(a=a).restore(None).assert_consumed()


# --- deferred restoration ------------------------------------------------------------------------
def test_deferred_restore_when_variables_are_created_later():
    built = Lazy()
    built.build()
    built.w.assign([1.0, 2.0, 3.0])
    built.b.assign(7.0)
    path = Checkpoint(model=built).save("dr/ckpt")

    fresh = Lazy()
    status = Checkpoint(model=fresh).restore(path)
    with pytest.raises(AssertionError):
        status.assert_consumed()
    status.assert_existing_objects_matched()  # nothing that exists is unmatched
    fresh.build()  # the values arrive with the variables
    assert fresh.w.numpy().tolist() == [1.0, 2.0, 3.0] and float(fresh.b) == 7.0
    status.assert_consumed()


def test_deferred_restore_checks_shapes_before_assigning():
    built = Lazy(3)
    built.build()
    path = Checkpoint(model=built).write("ds/ckpt")
    wrong = Lazy(4)
    Checkpoint(model=wrong).read(path)
    with pytest.raises(ValueError, match="incompatible"):
        wrong.build()
    assert wrong.w.numpy().tolist() == [0.0] * 4 and float(wrong.b) == 0.0


def test_optimizer_slots_restore_by_variable_path_even_when_created_later():
    model, opt = Lazy(2), FakeOptimizer()
    model.build()
    opt.create_slots([model.w, model.b])
    opt.get_slot(model.w, "m").assign([0.5, 0.25])
    opt.get_slot(model.b, "m").assign(4.0)
    opt.iterations.assign(12)
    path = Checkpoint(model=model, optimizer=opt).save("sl/ckpt")
    manifest = json.load(open(path + ".index"))
    assert any("slots" in n for n in manifest["nodes"])

    model2, opt2 = Lazy(2), FakeOptimizer()
    status = Checkpoint(model=model2, optimizer=opt2).restore(path)
    assert int(opt2.iterations) == 12
    model2.build()
    opt2.create_slots([model2.b, model2.w])  # different creation order: matched by path
    assert opt2.get_slot(model2.w, "m").numpy().tolist() == [0.5, 0.25]
    assert float(opt2.get_slot(model2.b, "m")) == 4.0
    status.assert_consumed()


def test_pending_restore_does_not_keep_objects_alive():
    built = Lazy()
    built.build()
    path = Checkpoint(model=built).write("gc/ckpt")
    fresh = Lazy()
    Checkpoint(model=fresh).read(path)
    ref = weakref.ref(fresh)
    del fresh
    gc.collect()
    assert ref() is None
    restore_deferred()
    assert checkpoint._PENDING == []


def test_variables_are_freed_with_their_last_reference():
    v = tf.Variable(1.0)
    path = Checkpoint(v=v).write("fr/ckpt")
    Checkpoint(v=v).read(path)
    ref = weakref.ref(v)
    del v
    gc.collect()
    assert ref() is None


# --- damaged or mismatched checkpoints change nothing --------------------------------------------
@pytest.fixture
def saved():
    a, b = tf.Variable([1.0, 2.0]), tf.Variable(3)
    path = Checkpoint(a=a, b=b).write("bad/ckpt")
    a.assign([-1.0, -1.0])
    b.assign(-1)
    return a, b, path


def unchanged(a, b):
    return a.numpy().tolist() == [-1.0, -1.0] and int(b) == -1


def test_missing_checkpoint_is_not_found(saved):
    a, b, path = saved
    with pytest.raises(errors.NotFoundError, match="Failed to find"):
        Checkpoint(a=a, b=b).restore("bad/nope")
    with pytest.raises(errors.NotFoundError):
        Checkpoint(a=a, b=b).restore("bad/")
    os.remove(path + ".data-00000-of-00001")
    with pytest.raises(errors.NotFoundError, match="missing"):
        Checkpoint(a=a, b=b).restore(path)
    assert unchanged(a, b)


def test_truncated_data_file_is_data_loss(saved):
    a, b, path = saved
    data = path + ".data-00000-of-00001"
    content = open(data, "rb").read()
    open(data, "wb").write(content[: len(content) // 2])
    with pytest.raises(errors.DataLossError, match="truncated or corrupted"):
        Checkpoint(a=a, b=b).restore(path)
    assert unchanged(a, b)


def test_flipped_bytes_are_data_loss(saved):
    a, b, path = saved
    data = path + ".data-00000-of-00001"
    content = bytearray(open(data, "rb").read())
    content[len(content) // 3] ^= 0xFF
    open(data, "wb").write(bytes(content))
    with pytest.raises(errors.DataLossError):
        Checkpoint(a=a, b=b).restore(path)
    assert unchanged(a, b)


@pytest.mark.parametrize("damage", ["truncate", "garbage", "not_ours", "bad_edge",
                                    "order_not_a_list", "order_names_another_edge"])
def test_corrupted_index_is_tf_op_error(saved, damage):
    a, b, path = saved
    index = path + ".index"
    text = open(index).read()
    if damage == "truncate":
        text = text[: len(text) // 2]
    elif damage == "garbage":
        text = "\x00\x01 not json"
    elif damage == "not_ours":
        text = json.dumps({"hello": 1})
    else:
        manifest = json.loads(text)
        root = manifest["nodes"][0]
        if damage == "bad_edge":
            root["children"]["a"] = 99
        elif damage == "order_not_a_list":
            root["order"] = "a"
        else:
            root["order"] = [name if name != "a" else "z" for name in root["order"]]
        text = json.dumps(manifest)
    open(index, "w").write(text)
    # TF 2.21 reports a damaged .index as a plain OpError (with the data loss code).
    with pytest.raises(errors.OpError, match="Unable to read file") as caught:
        Checkpoint(a=a, b=b).restore(path)
    assert type(caught.value) is errors.OpError
    assert unchanged(a, b)


def test_shape_mismatch_changes_no_variable(saved):
    _, _, path = saved
    a, b = tf.Variable([-1.0, -1.0, 0.0]), tf.Variable(-1)
    with pytest.raises(ValueError, match="incompatible tensor with shape"):
        Checkpoint(a=a, b=b).restore(path)
    assert int(b) == -1  # b alone would have matched, but nothing is assigned


def test_dtype_mismatch_changes_no_variable(saved):
    a, _, path = saved
    b = tf.Variable(-1.0)  # saved as int32
    with pytest.raises(ValueError, match="dtype"):
        Checkpoint(a=a, b=b).restore(path)
    assert unchanged(a, tf.Variable(-1)) and float(b) == -1.0


def test_object_where_a_variable_was_saved_is_an_error(saved):
    a, _, path = saved
    with pytest.raises(ValueError, match="does not match"):
        Checkpoint(a=a, b=Lazy()).restore(path)
    assert a.numpy().tolist() == [-1.0, -1.0]


def test_manifest_and_data_disagreeing_is_an_unreadable_index(saved):
    a, b, path = saved
    index = path + ".index"
    manifest = json.load(open(index))
    for node in manifest["nodes"]:
        if node.get("path") == "a":
            node["variable"]["shape"] = [3]
    json.dump(manifest, open(index, "w"))
    with pytest.raises(errors.OpError, match="shape"):
        Checkpoint(a=a, b=b).restore(path)
    assert unchanged(a, b)


def test_pickled_arrays_are_refused(saved):
    a, b, path = saved
    data = path + ".data-00000-of-00001"
    np.savez(data + ".npz", a=np.array([object(), 1], dtype=object), b=np.array(3, np.int32))
    os.replace(data + ".npz", data)
    index = path + ".index"
    manifest = json.load(open(index))
    manifest["data_sha256"] = hashlib.sha256(open(data, "rb").read()).hexdigest()
    json.dump(manifest, open(index, "w"))
    assert zipfile.is_zipfile(data)
    with pytest.raises(errors.DataLossError, match="unreadable"):
        Checkpoint(a=a, b=b).restore(path)
    assert unchanged(a, b)


def test_failed_write_leaves_previous_checkpoint_and_no_temp_files(monkeypatch):
    v = tf.Variable(1.0)
    ckpt = Checkpoint(v=v)
    first = ckpt.save("w/ckpt")
    before = {f: open(os.path.join("w", f), "rb").read() for f in files_in("w")}

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(np.lib.format, "write_array", broken)
    with pytest.raises(OSError, match="disk full"):
        ckpt.save("w/ckpt")
    assert {f: open(os.path.join("w", f), "rb").read() for f in files_in("w")} == before
    assert int(ckpt.save_counter) == 1
    assert latest_checkpoint("w") == os.path.join("w", "ckpt-1") == os.path.normpath(first)


# --- CheckpointManager ---------------------------------------------------------------------------
def test_manager_keeps_newest_and_recovers_state():
    v = tf.Variable(0.0)
    ckpt = Checkpoint(v=v)
    manager = CheckpointManager(ckpt, "m", max_to_keep=2)
    assert manager.latest_checkpoint is None
    for i in range(3):
        v.assign(float(i))
        manager.save()
    expected = [os.path.join("m", "ckpt-2"), os.path.join("m", "ckpt-3")]
    assert manager.checkpoints == expected
    assert manager.latest_checkpoint == expected[-1]
    assert not os.path.exists(os.path.join("m", "ckpt-1.index"))
    assert not os.path.exists(os.path.join("m", "ckpt-1.data-00000-of-00001"))
    assert latest_checkpoint("m") == expected[-1]

    again = CheckpointManager(Checkpoint(v=v), "m", max_to_keep=2)
    assert again.checkpoints == expected and again.latest_checkpoint == expected[-1]
    v.assign(100.0)
    assert again.restore_or_initialize() == expected[-1]
    assert float(v) == 2.0
    assert manager.save(checkpoint_number=10) == os.path.join("m", "ckpt-10")


def test_manager_arguments_and_initialize():
    with pytest.raises(ValueError):
        CheckpointManager(Checkpoint(), "x", max_to_keep=0)
    called = []
    manager = CheckpointManager(Checkpoint(v=tf.Variable(1.0)), "n", max_to_keep=None,
                                init_fn=lambda: called.append(1))
    assert manager.restore_or_initialize() is None and called == [1]
    for _ in range(4):
        manager.save()
    assert len(manager.checkpoints) == 4


# --- all or nothing, and atomic re-saves ------------------------------------------------
def test_restore_assigns_slots_of_an_existing_optimizer_at_once():
    """TF restores the slots of an optimizer that already has them, with the model's values,
    without waiting for assert_consumed() or another apply_gradients."""
    def program():
        model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
        optimizer = tf.keras.optimizers.Adam(0.1)
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(tf.ones([1, 3])) ** 2)
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                                      model.trainable_variables))
        return model, optimizer

    model, optimizer = program()
    path = Checkpoint(model=model, optimizer=optimizer).write("slots/ckpt")
    saved = {name: optimizer.get_slot(model.trainable_variables[0], name).numpy()
             for name in ("m", "v")}
    other_model, other_optimizer = program()
    kernel = other_model.trainable_variables[0]
    for name in ("m", "v"):
        other_optimizer.get_slot(kernel, name).assign(tf.zeros_like(kernel) - 5.0)
    Checkpoint(model=other_model, optimizer=other_optimizer).restore(path)
    for name in ("m", "v"):  # no assert_consumed(), no training step in between
        np.testing.assert_array_equal(other_optimizer.get_slot(kernel, name).numpy(),
                                      saved[name])


def test_save_killed_between_renames_restores_the_new_checkpoint(monkeypatch):
    """The data file is renamed into place before the index: if the process dies between the
    two, the data file (checked against its own manifest's hashes) is the checkpoint."""
    from eagerbook.checkpoints import files

    v = tf.Variable([1.0, 2.0])
    ckpt = Checkpoint(v=v)
    ckpt.write("re/ckpt")
    v.assign([3.0, 4.0])
    real_replace, calls = os.replace, []

    def dies_before_the_index(src, dst):
        calls.append(dst)
        if dst.endswith(".index"):
            raise KeyboardInterrupt  # stands for a kill between the two renames
        real_replace(src, dst)

    with monkeypatch.context() as patch, pytest.raises(KeyboardInterrupt):
        patch.setattr(files.os, "replace", dies_before_the_index)
        ckpt.write("re/ckpt")
    assert calls[0].endswith(".data-00000-of-00001")
    v.assign([0.0, 0.0])
    ckpt.read("re/ckpt").assert_consumed()
    assert v.numpy().tolist() == [3.0, 4.0]
    assert not any(f.endswith(".tmp") for f in files_in("re"))
    # ... and if the stale index's data file is then damaged, that is still an error.
    data = "re/ckpt.data-00000-of-00001"
    content = bytearray(open(data, "rb").read())
    content[-200] ^= 0x40
    open(data, "wb").write(bytes(content))
    with pytest.raises(errors.DataLossError):
        ckpt.read("re/ckpt")


def test_temp_files_of_killed_saves_are_swept_by_the_next_save():
    v = tf.Variable(1.0)
    ckpt = Checkpoint(v=v)
    ckpt.write("sweep/ckpt")
    dead_pid = 2 ** 22 + 12345  # above Linux's default pid_max: no such process
    for name in ("ckpt.index", "ckpt.data-00000-of-00001", "checkpoint"):
        open(f"sweep/.{name}.{dead_pid}.abcd.tmp", "wb").write(b"half a file")
    open("sweep/.ckpt.index.1.abcd.tmp", "wb").write(b"pid 1 is alive: not ours to delete")
    ckpt.save("sweep/ckpt")
    ckpt.write("sweep/ckpt")
    assert sorted(f for f in files_in("sweep") if f.endswith(".tmp")) == [
        ".ckpt.index.1.abcd.tmp"]


def test_data_file_named_by_the_manifest_is_never_read():
    v = tf.Variable([1.0, 2.0])
    path = Checkpoint(v=v).write("named/ckpt")
    index = json.load(open(path + ".index"))
    index["data_file"] = "../elsewhere" + ".data-00000-of-00001"
    json.dump(index, open(path + ".index", "w"))
    with pytest.raises(errors.OpError, match="data_file"):
        Checkpoint(v=v).read(path)


def test_load_status_repr_is_the_default_and_print_tells_what_was_restored(tmp_path):
    # repr() as TF's (Python's default, what a cell ending in restore(...) shows); print()
    # says how many values found their Variable and how many wait for one.
    saved = tf.train.Checkpoint(a=tf.Variable(1.0), b=tf.Variable(2.0))
    path = saved.save(str(tmp_path / "ckpt"))
    status = tf.train.Checkpoint(a=tf.Variable(0.0)).restore(path)
    assert repr(status).startswith("<eagerbook.checkpoints.checkpoint.CheckpointLoadStatus "
                                   "object at 0x")
    assert str(status) == f"<CheckpointLoadStatus {path}: 2 values restored, 1 pending>"
