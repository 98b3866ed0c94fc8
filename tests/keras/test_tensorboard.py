"""The TensorBoard callback writes event files TensorBoard (and TF's reader) can parse."""

import glob
import os
import struct

import numpy as np

from eagerbook import keras
from eagerbook.ops import event_files


def _scalars(path):
    """(step, {tag: value}) per event, decoding the few protobuf fields the writer uses."""
    out = []
    for record in event_files.read_events(path):
        step, values, pos = 0, {}, 0
        while pos < len(record):
            key = record[pos]
            pos += 1
            field, wire = key >> 3, key & 7
            if wire == 1:
                pos += 8
            elif wire == 0:
                shift = value = 0
                while True:
                    byte = record[pos]
                    pos += 1
                    value |= (byte & 0x7F) << shift
                    shift += 7
                    if not byte & 0x80:
                        break
                step = value if field == 2 else step
            elif wire == 2:
                length = record[pos]
                pos += 1
                payload = record[pos:pos + length]
                pos += length
                if field == 5:  # Summary: value entries of tag + float
                    i = 0
                    while i < len(payload):
                        n = payload[i + 1]
                        entry = payload[i + 2:i + 2 + n]
                        tag_len = entry[1]
                        tag = entry[2:2 + tag_len].decode()
                        values[tag] = struct.unpack("<f", entry[3 + tag_len:7 + tag_len])[0]
                        i += 2 + n
        out.append((step, values))
    return out


def test_crc32c_check_value():
    assert event_files.crc32c(b"123456789") == 0xE3069283


def test_fit_logs_epoch_curves_for_train_and_validation(tmp_path):
    model = keras.Sequential([keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse", metrics=["mae"])
    x, y = np.ones((8, 2), "float32"), np.ones((8, 1), "float32")
    log_dir = str(tmp_path / "logs")
    model.fit(x, y, epochs=3, verbose=0, validation_data=(x, y),
              callbacks=[keras.callbacks.TensorBoard(log_dir=log_dir)])
    assert sorted(os.listdir(log_dir)) == ["train", "validation"]
    (train_file,) = glob.glob(os.path.join(log_dir, "train", "events.out.tfevents.*.v2"))
    events = _scalars(train_file)
    assert events[0] == (0, {})  # the file-version header
    assert [step for step, _ in events[1:]] == [0, 1, 2]
    assert sorted(events[1][1]) == ["epoch_loss", "epoch_mae"]
    (val_file,) = glob.glob(os.path.join(log_dir, "validation", "*"))
    assert sorted(_scalars(val_file)[1][1]) == ["epoch_loss", "epoch_mae"]


def test_tf_reads_the_files_when_installed(tmp_path):
    import pytest

    tf = pytest.importorskip("tensorflow", reason="reading back with TF needs TensorFlow")
    writer = event_files.EventFileWriter(str(tmp_path))
    writer.add_scalars({"epoch_loss": 0.5}, 3)
    writer.close()
    events = list(tf.compat.v1.train.summary_iterator(writer.path))
    assert events[1].step == 3 and events[1].summary.value[0].tag == "epoch_loss"
