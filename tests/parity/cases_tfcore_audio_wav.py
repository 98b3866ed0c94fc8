"""Parity cases for tf.audio: 16-bit PCM WAV files encoded from float32 samples (rounded,
clipped) and decoded back (samples / 32768), with desired_channels and desired_samples."""

from tests.parity.harness import ParityCase

CASES = [
    # encode_wav and decode_wav, stereo and mono, channels and samples cut or extended
    ParityCase('wav_round_trip', ('\n'
               'x = np.array([[0.0, 0.5], [-0.25, 1.0], [0.999, -1.0], [0.00001526, -0.'
               '0000153]], np.float32)\n'
               'w = tf.audio.encode_wav(x, 16000)\n'
               'print(w)\n'
               'a, sr = tf.audio.decode_wav(w)\n'
               'print(a, sr)\n'
               'print(tf.audio.decode_wav(w, desired_channels=1))\n'
               'print(tf.audio.decode_wav(w, desired_channels=3, desired_samples=5))\n'
               'print(tf.audio.decode_wav(w, desired_samples=2).audio.shape)\n'
               'mono = tf.audio.encode_wav(tf.reshape(tf.linspace(-1., 1., 7), [7, 1]),'
               ' sample_rate=8000)\n'
               'print(tf.audio.decode_wav(mono))\n'
               'try:\n'
               "    tf.audio.decode_wav(tf.constant(b'abc'))\n"
               'except tf.errors.InvalidArgumentError as e:\n'
               '    print(type(e).__name__, str(e).split("}} ")[-1].split(" [Op")[0])\n'),
               ("tf.Tensor(b'RIFF4\\x00\\x00\\x00WAVEfmt \\x10\\x00\\x00\\x00\\x01\\x00\\x02\\"
               'x00\\x80>\\x00\\x00\\x00\\xfa\\x00\\x00\\x04\\x00\\x10\\x00data\\x10\\x00\\'
               'x00\\x00\\x00\\x00\\x00@\\x00\\xe0\\xff\\x7f\\xdf\\x7f\\x00\\x80\\x01\\x00\\'
               "xff\\xff', shape=(), dtype=string)\n"
               'tf.Tensor(\n'
               '[[ 0.0000000e+00  5.0000000e-01]\n'
               ' [-2.5000000e-01  9.9996948e-01]\n'
               ' [ 9.9899292e-01 -1.0000000e+00]\n'
               ' [ 3.0517578e-05 -3.0517578e-05]], shape=(4, 2), dtype=float32) tf.Tens'
               'or(16000, shape=(), dtype=int32)\n'
               'DecodeWav(audio=<tf.Tensor: shape=(4, 1), dtype=float32, numpy=\n'
               'array([[ 0.0000000e+00],\n'
               '       [-2.5000000e-01],\n'
               '       [ 9.9899292e-01],\n'
               '       [ 3.0517578e-05]], dtype=float32)>, sample_rate=<tf.Tensor: shap'
               'e=(), dtype=int32, numpy=16000>)\n'
               'DecodeWav(audio=<tf.Tensor: shape=(5, 3), dtype=float32, numpy=\n'
               'array([[ 0.0000000e+00,  5.0000000e-01,  5.0000000e-01],\n'
               '       [-2.5000000e-01,  9.9996948e-01,  9.9996948e-01],\n'
               '       [ 9.9899292e-01, -1.0000000e+00, -1.0000000e+00],\n'
               '       [ 3.0517578e-05, -3.0517578e-05, -3.0517578e-05],\n'
               '       [ 0.0000000e+00,  0.0000000e+00,  0.0000000e+00]], dtype=float32'
               ')>, sample_rate=<tf.Tensor: shape=(), dtype=int32, numpy=16000>)\n'
               '(2, 2)\n'
               'DecodeWav(audio=<tf.Tensor: shape=(7, 1), dtype=float32, numpy=\n'
               'array([[-1.       ],\n'
               '       [-0.6666565],\n'
               '       [-0.3333435],\n'
               '       [ 0.       ],\n'
               '       [ 0.3333435],\n'
               '       [ 0.6666565],\n'
               '       [ 0.9999695]], dtype=float32)>, sample_rate=<tf.Tensor: shape=()'
               ', dtype=int32, numpy=8000>)\n'
               'InvalidArgumentError Data too short when trying to read string\n')),
]
