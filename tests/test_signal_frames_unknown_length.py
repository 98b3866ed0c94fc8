"""tf.signal.frame and stft on a traced signal whose length is unknown until it runs (a WAV
decoded inside Dataset.map, a tf.function with a ``[None]`` signature): TF counts the frames
with ops; values and static shapes checked against TF 2.21."""

import numpy as np

import eagerbook as tf


def _traced(fn, spec):
    return tf.function(fn, input_signature=[spec])


def test_frame_of_an_unknown_length_without_padding():
    shapes = []

    def frames(x):
        out = tf.signal.frame(x, 4, 2)
        shapes.append(out.shape.as_list())
        return out
    f = _traced(frames, tf.TensorSpec([2, None], tf.float32))
    out = f(tf.reshape(tf.range(14, dtype=tf.float32), [2, 7]))
    assert shapes == [[2, None, 4]]
    assert out.numpy().tolist() == [[[0, 1, 2, 3], [2, 3, 4, 5]], [[7, 8, 9, 10], [9, 10, 11, 12]]]
    assert f(tf.zeros([2, 2])).shape == (2, 0, 4)  # too short for one frame: none


def test_frame_of_an_unknown_length_padded_at_the_end():
    f = _traced(lambda x: tf.signal.frame(x, 5, 3, pad_end=True, pad_value=-1),
                tf.TensorSpec([None], tf.float32))
    assert f(tf.range(11, dtype=tf.float32)).numpy().tolist() == [
        [0, 1, 2, 3, 4], [3, 4, 5, 6, 7], [6, 7, 8, 9, 10], [9, 10, -1, -1, -1]]
    assert f(tf.range(2, dtype=tf.float32)).numpy().tolist() == [[0, 1, -1, -1, -1]]


def test_stft_inside_dataset_map_of_unknown_length_waveforms():
    waves = [np.sin(np.arange(n) / 7.0).astype(np.float32) for n in (1000, 700)]
    ds = tf.data.Dataset.from_generator(lambda: iter(waves),
                                        output_signature=tf.TensorSpec([None], tf.float32))
    shapes = []

    def spectrogram(w):
        padded = tf.concat([w, tf.zeros([1000] - tf.shape(w), dtype=tf.float32)], 0)
        s = tf.abs(tf.signal.stft(padded, frame_length=255, frame_step=128))
        shapes.append(s.shape.as_list())
        return s
    got = [s.numpy() for s in ds.map(spectrogram)]
    assert shapes == [[None, 129]]
    eager = [tf.abs(tf.signal.stft(np.pad(w, (0, 1000 - len(w))), 255, 128)).numpy()
             for w in waves]
    for g, e in zip(got, eager):
        assert g.shape == (6, 129)
        np.testing.assert_array_equal(g, e)
