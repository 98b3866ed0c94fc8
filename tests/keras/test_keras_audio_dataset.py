"""tf.keras.utils.audio_dataset_from_directory (the simple-audio tutorial's loader) and
decode_wav's traced shapes."""
import os
import struct
import wave

import numpy as np
import pytest

import eagerbook as tf


def _write_wav(path, frames, channels=1, rate=16000):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(struct.pack("<h", (i * 37) % 2000 - 1000)
                               for i in range(frames * channels)))


@pytest.fixture
def audio_dir(tmp_path):
    for name in ("down", "up"):
        os.makedirs(tmp_path / name)
        for i in range(2):
            _write_wav(tmp_path / name / f"{i}.wav", 800 + 100 * i)
    return str(tmp_path)


def test_fixed_length_training_and_validation_sets(audio_dir, capsys):
    train, val = tf.keras.utils.audio_dataset_from_directory(
        audio_dir, batch_size=2, validation_split=0.5, seed=0, output_sequence_length=1600,
        subset="both")
    assert capsys.readouterr().out.splitlines() == [
        "Found 4 files belonging to 2 classes.", "Using 2 files for training.",
        "Using 2 files for validation."]
    assert train.class_names == ["down", "up"]
    assert repr(train.element_spec) == (
        "(TensorSpec(shape=(None, 1600, None), dtype=tf.float32, name=None), "
        "TensorSpec(shape=(None,), dtype=tf.int32, name=None))")
    audio, labels = next(iter(val))
    assert audio.shape == (2, 1600, 1) and labels.shape == (2,)
    # cut or padded with silence to 1600 samples
    assert np.all(audio.numpy()[:, 900:, :] == 0)


def test_clips_padded_to_the_longest_of_the_batch_or_ragged(audio_dir):
    padded = tf.keras.utils.audio_dataset_from_directory(audio_dir, batch_size=4,
                                                         shuffle=False)
    audio, labels = next(iter(padded))
    assert audio.shape == (4, 900, 1) and labels.numpy().tolist() == [0, 0, 1, 1]
    ragged = tf.keras.utils.audio_dataset_from_directory(audio_dir, batch_size=4,
                                                         shuffle=False, ragged=True,
                                                         label_mode=None)
    clips = next(iter(ragged))
    assert isinstance(clips, tf.RaggedTensor)
    assert clips.row_lengths().numpy().tolist() == [800, 900, 800, 900]


def test_argument_errors(audio_dir):
    with pytest.raises(ValueError, match="Cannot set both `ragged` and "
                                         "`output_sequence_length`"):
        tf.keras.utils.audio_dataset_from_directory(audio_dir, ragged=True,
                                                    output_sequence_length=10)
    with pytest.raises(ImportError, match="tensorflow_io"):
        tf.keras.utils.audio_dataset_from_directory(audio_dir, sampling_rate=8000)


def test_decode_wav_traced_shapes():
    fn = tf.function(lambda s: tf.audio.decode_wav(s, desired_channels=2, desired_samples=5))
    out = fn.get_concrete_function(tf.TensorSpec([], tf.string)).structured_outputs
    assert out.audio.shape.as_list() == [5, 2] and out.sample_rate.shape.rank == 0
    fn = tf.function(lambda s: tf.audio.decode_wav(s))
    out = fn.get_concrete_function(tf.TensorSpec([], tf.string)).structured_outputs
    assert out.audio.shape.as_list() == [None, None]


def test_without_labels_the_directory_is_one_unnamed_class(tmp_path, capsys):
    for name, text in (("a", "hi"), ("b", "yo")):
        os.makedirs(tmp_path / name)
        (tmp_path / name / f"{name}.txt").write_text(text)
    unlabelled = tf.keras.utils.text_dataset_from_directory(str(tmp_path), labels=None)
    no_mode = tf.keras.utils.text_dataset_from_directory(str(tmp_path), label_mode=None)
    listed = tf.keras.utils.text_dataset_from_directory(str(tmp_path), labels=[0, 1])
    # TF's words, "1 classes" included
    assert capsys.readouterr().out.splitlines() == [
        "Found 2 files belonging to 1 classes.", "Found 2 files belonging to 1 classes.",
        "Found 2 files belonging to 2 classes."]
    assert unlabelled.class_names == [""] and no_mode.class_names == [""]
    assert repr(no_mode.element_spec) == \
        "TensorSpec(shape=(None,), dtype=tf.string, name=None)"
    assert listed.class_names == [0, 1]
