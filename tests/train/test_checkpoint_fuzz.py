"""Damaged checkpoints: hundreds of seeded damages, each must give a clear TF error (and change
no Variable) or restore every value exactly. Never a raw exception, never a partial or wrong
restore, never memory beyond the file's own size.

The damages: truncated and bit-flipped files, JSON fields of the wrong type or value, deeply
nested JSON, foreign files in place of the data file (a plain ``.npy``, a plain ``.npz``, text,
nothing), array headers that disagree with the manifest (one declaring 4 TiB), compressed
members (a zip bomb), a manifest naming a data file outside the directory, missing files.
"""

import hashlib
import io
import json
import os
import random
import tracemalloc
import zipfile

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.checkpoints import Checkpoint, checkpoint
from eagerbook.core import errors

CASES = 400
CLEAR_ERRORS = (errors.OpError, ValueError)  # DataLossError, NotFoundError, a bad .index
DATA = ".data-00000-of-00001"


def make_program():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,))])
    optimizer = tf.keras.optimizers.Adam(0.1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones([2, 4])))
    optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                                  model.trainable_variables))
    extras = {"count": tf.Variable(7), "words": tf.Variable(["ab", "c"]),
              "big": tf.Variable(np.arange(24, dtype=np.float64).reshape(2, 3, 4))}
    ckpt = Checkpoint(model=model, optimizer=optimizer, **extras)
    variables = list(model.variables) + list(extras.values()) + [
        optimizer.get_slot(v, name) for v in model.trainable_variables for name in ("m", "v")]
    return ckpt, variables


def values(variables):
    return [v.numpy().copy() for v in variables]


def same(a, b):
    return all(x.shape == y.shape and (x == y).all() for x, y in zip(a, b))


def sentinel(variables):
    for v in variables:
        if v.dtype == tf.string:
            v.assign(tf.fill(v.shape, "?"))
        else:
            v.assign(tf.zeros_like(v) + 9)


# --- damages -------------------------------------------------------------------------------------
def rehash(files):
    """Makes the index's data hash match the (damaged) data file: the reader's worst case."""
    index = json.loads(files["index"])
    index["data_sha256"] = hashlib.sha256(files["data"]).hexdigest()
    files["index"] = json.dumps(index).encode()


def truncate(rng, files, which):
    files[which] = files[which][:rng.randrange(len(files[which]))]


def flip(rng, files, which):
    content = bytearray(files[which])
    for _ in range(rng.randint(1, 3)):
        content[rng.randrange(len(content))] ^= 1 << rng.randrange(8)
    files[which] = bytes(content)


def json_slots(tree, out):
    """Every (container, key) in a parsed JSON tree."""
    items = tree.items() if isinstance(tree, dict) else enumerate(tree)
    for key, value in items:
        out.append((tree, key))
        if isinstance(value, (dict, list)):
            json_slots(value, out)
    return out


WRONG_VALUES = [None, True, 0, -1, 1.5, "x", "", [], {}, [1, 2], {"a": 1}, 10 ** 30]


def retype(rng, files, which="index"):
    tree = json.loads(files[which])
    container, key = rng.choice(json_slots(tree, []))
    old = container[key]
    choices = [v for v in WRONG_VALUES if type(v) is not type(old) or v != old]
    container[key] = rng.choice(choices)
    files[which] = json.dumps(tree).encode()


def revalue(rng, files):
    """Same type, another value (shapes, edges, names, keys, dtypes...)."""
    tree = json.loads(files["index"])
    slots = [(c, k) for c, k in json_slots(tree, [])
             if isinstance(c[k], (int, str)) and not isinstance(c[k], bool)]
    container, key = rng.choice(slots)
    old = container[key]
    if isinstance(old, int):
        container[key] = old + rng.choice([-1, 1, 2, 1 << 20])
    else:
        container[key] = rng.choice([old + "x", old[:-1], "float64", "../outside", "int32"])
    files["index"] = json.dumps(tree).encode()
    if rng.random() < 0.5:
        rehash(files)


def nest(rng, files):
    depth = rng.choice([2_000, 50_000, 200_000])
    deep = "[" * depth + "]" * depth
    text = files["index"].decode()
    at = rng.choice(['"children": {', '"nodes": ['])
    if at in text and rng.random() < 0.5:
        files["index"] = text.replace(at, at + '"deep": ' + deep + ", " if at.endswith("{")
                                      else at + deep + ", ", 1).encode()
    else:
        files["index"] = deep.encode()


def foreign(rng, files, arrays):
    kind = rng.choice(["npy", "npz", "text", "empty", "zip"])
    buffer = io.BytesIO()
    if kind == "npy":
        np.save(buffer, rng.choice(arrays))
    elif kind == "npz":
        np.savez(buffer, *arrays)
    elif kind == "text":
        buffer.write(b"model_checkpoint_path: \"ckpt-1\"\n")
    elif kind == "zip":
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("manifest.json", b"{}")
    files["data"] = buffer.getvalue()
    if rng.random() < 0.5:
        rehash(files)


def rebuild_member(files, rewrite):
    """Rewrites the data archive, letting `rewrite(name, bytes)` change members."""
    source = zipfile.ZipFile(io.BytesIO(files["data"]))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", allowZip64=True) as archive:
        for info in source.infolist():
            rewrite(archive, info.filename, source.read(info.filename))
    files["data"] = buffer.getvalue()
    rehash(files)


def npy_members(files):
    return [n for n in zipfile.ZipFile(io.BytesIO(files["data"])).namelist()
            if n.endswith(".npy")]


def huge_header(rng, files):
    """A member whose header declares an enormous array (4 TiB) over a few bytes of data."""
    victim = rng.choice(npy_members(files))
    shape = rng.choice([(1 << 40,), (1 << 20, 1 << 20), (3, 1 << 50)])

    def rewrite(archive, name, content):
        if name == victim:
            header = io.BytesIO()
            np.lib.format.write_array_header_1_0(
                header, {"descr": "<f4", "fortran_order": False, "shape": shape})
            content = header.getvalue() + content[-16:]
        archive.writestr(name, content)

    rebuild_member(files, rewrite)
    if rng.random() < 0.5:  # also make the manifest agree with the header
        index = json.loads(files["index"])
        for node in index["nodes"]:
            if node.get("variable", {}).get("key", "") + ".npy" == victim:
                node["variable"]["shape"] = list(shape)
                node["variable"]["dtype"] = "float32"
        files["index"] = json.dumps(index).encode()


BOMB_BYTES = 64 << 20


def bomb(rng, files):
    """A deflated member that inflates to 64 MiB (the manifest may even agree with it)."""
    victim = rng.choice(npy_members(files))
    count = BOMB_BYTES // 4
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": "<f4", "fortran_order": False, "shape": (count,)})

    source = zipfile.ZipFile(io.BytesIO(files["data"]))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED,
                         allowZip64=True) as archive:
        for item in source.infolist():
            if item.filename == victim:
                with archive.open(victim, "w", force_zip64=True) as out:
                    out.write(header.getvalue())
                    zeros = bytes(1 << 20)
                    for _ in range(BOMB_BYTES >> 20):
                        out.write(zeros)
            else:
                archive.writestr(item.filename, source.read(item.filename))
    files["data"] = buffer.getvalue()
    rehash(files)
    if rng.random() < 0.5:
        index = json.loads(files["index"])
        for node in index["nodes"]:
            if node.get("variable", {}).get("key", "") + ".npy" == victim:
                node["variable"]["shape"] = [count]
                node["variable"]["dtype"] = "float32"
        files["index"] = json.dumps(index).encode()


def outside(rng, files):
    """The manifest names a data file elsewhere (a valid one): it must not be read."""
    index = json.loads(files["index"])
    index["data_file"] = rng.choice(["../elsewhere/ckpt" + DATA, "/tmp/ckpt" + DATA])
    files["index"] = json.dumps(index).encode()


def missing(rng, files):
    del files[rng.choice(["index", "data"])]


DAMAGES = ["truncate data", "truncate index", "flip data", "flip index", "retype index",
           "retype data manifest", "revalue", "nest", "foreign", "huge header", "outside",
           "missing"]


def damage(rng, kind, files, arrays):
    if kind == "truncate data":
        truncate(rng, files, "data")
    elif kind == "truncate index":
        truncate(rng, files, "index")
    elif kind == "flip data":
        flip(rng, files, "data")
    elif kind == "flip index":
        flip(rng, files, "index")
    elif kind == "retype index":
        retype(rng, files)
    elif kind == "retype data manifest":
        def rewrite(archive, name, content):
            if name == "manifest.json":
                holder = {"m": content}
                retype(rng, holder, "m")
                content = holder["m"]
            archive.writestr(name, content)
        rebuild_member(files, rewrite)
    elif kind == "revalue":
        revalue(rng, files)
    elif kind == "nest":
        nest(rng, files)
    elif kind == "foreign":
        foreign(rng, files, arrays)
    elif kind == "huge header":
        huge_header(rng, files)
    elif kind == "outside":
        outside(rng, files)
    elif kind == "bomb":
        bomb(rng, files)
    else:
        missing(rng, files)


# --- the test ------------------------------------------------------------------------------------
@pytest.fixture
def saved(tmp_path):
    ckpt, variables = make_program()
    prefix = str(tmp_path / "pristine" / "ckpt")
    ckpt.write(prefix)
    pristine = {"index": open(prefix + ".index", "rb").read(),
                "data": open(prefix + DATA, "rb").read()}
    yield ckpt, variables, values(variables), pristine
    checkpoint._PENDING.clear()


def try_restore(ckpt, variables, saved_values, prefix):
    """'error' (clear, nothing changed), 'restored' (every value exact); else fails."""
    sentinel(variables)
    before = values(variables)
    try:
        ckpt.read(prefix).assert_consumed()
    except CLEAR_ERRORS as exc:
        if type(exc) is ValueError:  # TF's kind for a checkpoint that does not match
            assert str(exc).startswith("Checkpoint "), f"a raw ValueError: {exc}"
        assert same(values(variables), before), "a failed restore changed a Variable"
        return "error"
    after = values(variables)
    assert same(after, saved_values), "a damaged checkpoint restored wrong or partial values"
    return "restored"


def write_case(directory, files):
    os.makedirs(directory, exist_ok=True)
    prefix = os.path.join(directory, "ckpt")
    for which, suffix in (("index", ".index"), ("data", DATA)):
        if which in files:
            with open(prefix + suffix, "wb") as f:
                f.write(files[which])
    return prefix


def test_damaged_checkpoints_error_cleanly_or_restore_exactly(tmp_path, saved):
    ckpt, variables, saved_values, pristine = saved
    rng = random.Random(20261122)
    arrays = [np.asarray(a) for a in saved_values if a.dtype != object]
    tally = {"error": 0, "restored": 0}
    assert try_restore(ckpt, variables, saved_values,
                       write_case(str(tmp_path / "intact"), dict(pristine))) == "restored"
    for case in range(CASES):
        kind = DAMAGES[case % len(DAMAGES)]
        files = dict(pristine)
        damage(rng, kind, files, arrays)
        prefix = write_case(str(tmp_path / f"case{case}"), files)
        tally[try_restore(ckpt, variables, saved_values, prefix)] += 1
    print(f"\ndamaged checkpoints: {CASES} tried, {tally['error']} clear errors, "
          f"{tally['restored']} restored exactly (harmless damage), 0 wrong or partial, "
          "0 crashes")
    assert tally["error"] >= CASES * 0.9


@pytest.mark.parametrize("kind", ["huge header", "bomb"])
def test_memory_stays_bounded(tmp_path, saved, kind):
    ckpt, variables, saved_values, pristine = saved
    for seed in range(2):
        files = dict(pristine)
        damage(random.Random(seed), kind, files, [])
        prefix = write_case(str(tmp_path / f"{kind}{seed}".replace(" ", "_")), files)
        tracemalloc.start()
        try:
            assert try_restore(ckpt, variables, saved_values, prefix) == "error"
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 4 * len(files["data"]) + (2 << 20), f"{kind}: peak {peak} bytes"
