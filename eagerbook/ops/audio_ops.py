"""WAV audio: ``tf.audio.decode_wav`` / ``tf.audio.encode_wav``.

A WAV file is a RIFF container: the "RIFF" tag, the size, "WAVE", then chunks of (4-byte id,
4-byte little-endian size, body). The "fmt " chunk gives the encoding (1: PCM), channels,
sample rate and bits per sample; the "data" chunk holds the interleaved samples. TF reads and
writes 16-bit PCM: a sample s stands for s / 32768 in [-1, 1).
"""

import collections
import struct

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from .registry import execute, invalid_argument, register

DecodeWav = collections.namedtuple("DecodeWav", ["audio", "sample_rate"])


def _read(data, offset, size, what="string"):
    if offset + size > len(data):
        raise invalid_argument("DecodeWav", f"Data too short when trying to read {what}")
    return data[offset:offset + size]


def _parse_wav(data):
    """(samples as int16 [frames, channels], sample rate) of a 16-bit PCM WAV file."""
    if _read(data, 0, 4) != b"RIFF" or _read(data, 8, 4) != b"WAVE":
        raise invalid_argument("DecodeWav", "Header mismatch: Expected RIFF/WAVE in the file")
    pos, channels, rate, samples = 12, None, None, None
    while pos + 8 <= len(data) and samples is None:
        chunk_id, size = struct.unpack("<4sI", _read(data, pos, 8))
        body = _read(data, pos + 8, size, "chunk")
        if chunk_id == b"fmt ":
            encoding, channels, rate, _, _, bits = struct.unpack("<HHIIHH", body[:16])
            if encoding != 1 or bits != 16:
                raise invalid_argument("DecodeWav", f"Can only read 16-bit PCM WAV files, got "
                                                    f"encoding {encoding} with {bits} bits")
        elif chunk_id == b"data":
            if channels is None:
                raise invalid_argument("DecodeWav", "The data chunk comes before the fmt chunk")
            samples = np.frombuffer(body[:len(body) // 2 * 2], "<i2").reshape(-1, channels)
        pos += 8 + size + (size & 1)  # (chunks are padded to an even size)
    if samples is None:
        raise invalid_argument("DecodeWav", "No data chunk found in the WAV file")
    return samples, rate


@register("DecodeWav", num_outputs=2, differentiable=False)
def _decode_wav(contents, desired_channels, desired_samples):
    samples, rate = _parse_wav(bytes(contents.item()))
    audio = samples.astype(np.float32) / np.float32(32768)
    if desired_channels > 0:  # fewer: the first ones; more: the last one repeated
        picks = np.minimum(np.arange(desired_channels), audio.shape[1] - 1)
        audio = audio[:, picks]
    if desired_samples >= 0:  # cut, or padded with silence
        audio = audio[:desired_samples]
        audio = np.pad(audio, [(0, desired_samples - len(audio)), (0, 0)])
    return np.ascontiguousarray(audio), np.int32(rate)


def _infer_decode_wav(inputs, attrs):
    """Traced: (samples, channels) known only where desired_samples/desired_channels say."""
    samples, channels = attrs["desired_samples"], attrs["desired_channels"]
    return [(dtypes.float32, [samples if samples >= 0 else None,
                              channels if channels > 0 else None]),
            (dtypes.int32, [])]


_decode_wav.infer_shape = _infer_decode_wav


def decode_wav(contents, desired_channels=-1, desired_samples=-1, name=None):
    """16-bit PCM WAV bytes -> ``(audio, sample_rate)``: audio a float32 [samples, channels]
    tensor in [-1, 1), sample_rate an int32 scalar. `desired_channels` and `desired_samples`
    (when >= 0) cut or extend the result."""
    contents = convert_to_tensor(contents, dtype=dtypes.string)
    audio, rate = execute(_decode_wav, (contents,), {"desired_channels": int(desired_channels),
                                                     "desired_samples": int(desired_samples)})
    return DecodeWav(audio, rate)


@register("EncodeWav", differentiable=False)
def _encode_wav(audio, sample_rate):
    frames, channels = audio.shape
    scaled = audio.astype(np.float64) * 32768  # rounded half away from zero, as C's roundf
    rounded = np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)
    samples = np.clip(rounded, -32768, 32767).astype("<i2")
    body = samples.tobytes()
    rate = int(sample_rate)
    header = (b"RIFF" + struct.pack("<I", 36 + len(body)) + b"WAVE"
              + b"fmt " + struct.pack("<IHHIIHH", 16, 1, channels, rate, rate * channels * 2,
                                      channels * 2, 16)
              + b"data" + struct.pack("<I", len(body)))
    return np.array(header + body, dtype=object)


def encode_wav(audio, sample_rate, name=None):
    """A float32 [samples, channels] tensor in [-1, 1] -> 16-bit PCM WAV bytes."""
    audio = convert_to_tensor(audio, dtype=dtypes.float32)
    sample_rate = convert_to_tensor(sample_rate, dtype=dtypes.int32)
    if audio.ndim != 2:
        raise invalid_argument("EncodeWav", f"audio must be 2-dimensional (samples, channels), "
                                            f"got {audio.shape}")
    return execute(_encode_wav, (audio, sample_rate), {})
