"""tf.compat.v1.train.summary_iterator reads back what tf.summary wrote, as TF 2.21 reads the
same program's file (expected values printed by TF), and tf.summary.audio."""

import io
import os
import wave

import numpy as np
import pytest

import eagerbook as tf


def _events(logdir):
    (name,) = os.listdir(logdir)
    return list(tf.compat.v1.train.summary_iterator(os.path.join(logdir, name)))


def test_every_kind_of_summary_reads_back(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default(step=0):
        tf.summary.scalar("loss", 0.5, description="the loss")
        tf.summary.scalar("loss", 0.25, step=1)
        tf.summary.text("note", "hello", step=1)
        tf.summary.histogram("h", [1.0, 2.0, 3.0], step=1, buckets=2)
        tf.summary.image("img", tf.zeros([1, 2, 2, 1]), step=2)
        tf.summary.audio("snd", tf.zeros([1, 4, 1]), 8000, step=3)
        tf.summary.write("raw", tf.constant([1, 2]), step=4)
    w.close()
    events = _events(tmp_path)
    header = events[0]
    assert (header.step, header.file_version, header.HasField("summary")) == \
        (0, "brain.Event:2", False)
    assert all(isinstance(e.wall_time, float) and e.wall_time > 1e9 for e in events)
    seen = [(e.step, v.tag, v.metadata.plugin_data.plugin_name, v.WhichOneof("value"))
            for e in events[1:] for v in e.summary.value]
    assert seen == [(0, "loss", "scalars", "tensor"), (1, "loss", "scalars", "tensor"),
                    (1, "note", "text", "tensor"), (1, "h", "histograms", "tensor"),
                    (2, "img", "images", "tensor"), (3, "snd", "audio", "tensor"),
                    (4, "raw", "", "tensor")]
    values = [tf.make_ndarray(v.tensor) for e in events[1:] for v in e.summary.value]
    assert values[0].dtype == np.float32 and values[0] == 0.5 and values[1] == 0.25
    assert events[1].summary.value[0].metadata.summary_description == "the loss"
    assert values[2].shape == () and values[2].item() == b"hello"
    np.testing.assert_array_equal(values[3], [[1.0, 2.0, 1.0], [2.0, 3.0, 2.0]])
    width, height, png = values[4]
    assert (width, height) == (b"2", b"2") and png.startswith(b"\x89PNG")
    assert values[5].shape == (1, 2) and values[5][0, 1] == b""
    np.testing.assert_array_equal(values[6], [1, 2])


def test_audio_clips_are_wav_files(tmp_path):
    clips = np.stack([np.sin(np.linspace(0, 20, 400)), np.zeros(400)])[..., None] * 0.5
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default():
        assert bool(tf.summary.audio("a", clips.astype(np.float32), 16000, step=0,
                                     max_outputs=1))
        with pytest.raises(ValueError):
            tf.summary.audio("bad", tf.zeros([4, 1]), 16000, step=0)
    w.close()
    (value,) = _events(tmp_path)[1].summary.value
    rows = tf.make_ndarray(value.tensor)
    assert rows.shape == (1, 2)  # max_outputs=1
    with wave.open(io.BytesIO(rows[0, 0])) as wav:
        assert (wav.getframerate(), wav.getnchannels(), wav.getsampwidth()) == (16000, 1, 2)
        samples = np.frombuffer(wav.readframes(400), "<i2")
    np.testing.assert_allclose(samples / 32767, clips[0, :, 0], atol=1e-4)


def test_without_a_writer_nothing_is_written():
    assert not bool(tf.summary.audio("a", tf.zeros([1, 4, 1]), 8000, step=0))
    writer = tf.summary.create_noop_writer()
    assert type(writer).__name__ == "_NoopSummaryWriter"
    with writer.as_default():
        assert not bool(tf.summary.scalar("x", 1.0, step=0))


def test_a_damaged_event_file_is_an_error_not_garbage(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default():
        tf.summary.scalar("x", 1.0, step=0)
    w.close()
    (name,) = os.listdir(tmp_path)
    path = tmp_path / name
    raw = bytearray(path.read_bytes())
    raw[-6] ^= 0xFF
    path.write_bytes(bytes(raw))
    events = tf.compat.v1.train.summary_iterator(str(path))
    assert next(events).file_version == "brain.Event:2"  # the records before the damage
    with pytest.raises(tf.errors.DataLossError, match="corrupted record at"):
        list(events)
    path.write_bytes(bytes(raw[:-3]))
    with pytest.raises(tf.errors.DataLossError):
        list(tf.compat.v1.train.summary_iterator(str(path)))
