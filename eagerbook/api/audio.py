"""``tf.audio``: WAV files to float tensors and back."""

from ..ops.audio_ops import decode_wav, encode_wav

__all__ = ["decode_wav", "encode_wav"]
