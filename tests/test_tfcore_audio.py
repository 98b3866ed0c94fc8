"""tf.audio.decode_wav / encode_wav: 16-bit PCM WAV (bytes and values checked against TF 2.21)."""

import io
import wave

import numpy as np
import pytest

import eagerbook as tf


def test_encode_wav_writes_tfs_bytes():
    x = np.array([[0.0, 0.5], [-0.25, 1.0], [0.999, -1.0]], np.float32)
    assert tf.audio.encode_wav(x, 16000).numpy() == (
        b"RIFF0\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x02\x00\x80>\x00\x00\x00\xfa\x00"
        b"\x00\x04\x00\x10\x00data\x0c\x00\x00\x00\x00\x00\x00@\x00\xe0\xff\x7f\xdf\x7f\x00\x80")


def test_decode_a_file_written_by_pythons_wave_module():
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(np.array([0, 16384, -32768, 32767], "<i2").tobytes())
    audio, rate = tf.audio.decode_wav(buffer.getvalue())
    assert int(rate) == 8000 and audio.shape == (4, 1)
    assert audio.numpy()[:, 0].tolist() == [0.0, 0.5, -1.0, 32767 / 32768]
    padded = tf.audio.decode_wav(buffer.getvalue(), desired_channels=2, desired_samples=6)
    assert padded.audio.shape == (6, 2) and padded.audio.numpy()[5].tolist() == [0.0, 0.0]


def test_bad_data_is_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Data too short"):
        tf.audio.decode_wav(b"abc")
