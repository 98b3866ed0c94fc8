"""Saving a directory of files (a SavedModel, a Keras model directory) over an earlier one, so
that a save cut short leaves the earlier one whole, or the new one, never a mixture.

A SavedModel is several files (the checkpoint's two, the traced functions, the manifest); no
single rename replaces them all. So the new files are first written, complete, into a staging
directory beside the target. Then a journal file, ``.saving`` in the target, names that staging
directory: from the moment it exists, the save counts as done, and whoever comes next -- the
rest of this save, a later save, or a load -- finishes it by moving every staged entry into
place (each move is one rename, and repeating the whole step is harmless). A kill before the
journal exists leaves the earlier directory as it was (and a staging directory that the next
save to the same place removes, once its process is gone).

Files in the target that the new save does not write stay, as when TF writes a SavedModel
into a directory that holds other files.
"""

import os
import shutil

from . import files

JOURNAL = ".saving"


def save_directory(target, write, owned=()):
    """Writes the directory `target` with ``write(directory)`` (see the module docstring).
    `owned`: names of files an earlier save may have left that this one must not keep when it
    does not write them again (a model saved again without its traced functions)."""
    target = os.path.abspath(os.fspath(target))
    parent = os.path.dirname(target)
    os.makedirs(parent, exist_ok=True)
    finish_interrupted_save(target)
    _remove_stale_staging(target)
    files.remove_stale_temp_files(os.path.join(target, JOURNAL))  # (a journal half written)
    staging = files.temp_name(target)
    try:
        write(staging)
        if not os.path.isdir(target):
            os.rename(staging, target)  # nothing to keep: the whole directory at once
            staging = None
            return
        _commit(target, staging, [name for name in owned
                                  if not os.path.lexists(os.path.join(staging, name))])
        staging = None  # (committed: the moves below may be finished by anyone)
        finish_interrupted_save(target)
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def _commit(target, staging, stale):
    """Writes the journal naming `staging`, then the `stale` files to remove, one a line (one
    rename: it exists whole or not at all)."""
    journal = os.path.join(target, JOURNAL)
    text = "\n".join([os.path.basename(staging), *stale])
    pending = files.write_temp(journal, lambda f: f.write(text.encode()))
    try:
        os.replace(pending, journal)
    except BaseException:
        files._remove_quietly(pending)
        raise


def finish_interrupted_save(target):
    """Completes a committed save of `target` that was cut short (nothing to do otherwise)."""
    journal = os.path.join(target, JOURNAL)
    try:
        with open(journal, "rb") as f:
            staged_name, *stale = f.read().decode("utf-8", "replace").split("\n")
    except (FileNotFoundError, NotADirectoryError):
        return
    for name in stale:
        path = os.path.join(target, os.path.basename(name))  # (never outside the target)
        if os.path.isfile(path):
            os.remove(path)
    staging = os.path.join(os.path.dirname(target), os.path.basename(staged_name))
    if os.path.isdir(staging):
        _move_entries(staging, target)
        shutil.rmtree(staging, ignore_errors=True)
    os.remove(journal)


def _move_entries(source, target):
    """Moves every file of `source` to the same place under `target`, replacing what is
    there (directories are merged, so other files in them stay)."""
    for name in sorted(os.listdir(source)):
        staged, final = os.path.join(source, name), os.path.join(target, name)
        if os.path.isdir(staged) and not os.path.islink(staged):
            if os.path.exists(final) and not os.path.isdir(final):
                os.remove(final)
            os.makedirs(final, exist_ok=True)
            _move_entries(staged, final)
            continue
        if os.path.isdir(final) and not os.path.islink(final):
            shutil.rmtree(final)
        os.replace(staged, final)


def _remove_stale_staging(target):
    """Staging directories beside `target` left by saves killed before they committed."""
    parent, base = os.path.split(target)
    for name in os.listdir(parent):
        match = files._TEMP_NAME.match(name)
        path = os.path.join(parent, name)
        if match and name.startswith(f".{base}.") and os.path.isdir(path) and \
                files._process_is_gone(int(match.group(1))):
            shutil.rmtree(path, ignore_errors=True)
