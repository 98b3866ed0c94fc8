"""tf.io.SparseFeature in parse_example / parse_single_example (TF 2.21's results)."""

import eagerbook as tf


def _example(idx, val, idx2=None):
    feature = {"idx": tf.train.Feature(int64_list=tf.train.Int64List(value=idx)),
               "val": tf.train.Feature(float_list=tf.train.FloatList(value=val))}
    if idx2 is not None:
        feature["idx2"] = tf.train.Feature(int64_list=tf.train.Int64List(value=idx2))
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


def test_single_example_sorted_by_index():
    sp = tf.io.parse_single_example(_example([3, 0], [2.5, 1.5]), {
        "sp": tf.io.SparseFeature("idx", "val", tf.float32, 5)})["sp"]
    assert sp.indices.numpy().tolist() == [[0], [3]]
    assert sp.values.numpy().tolist() == [1.5, 2.5]
    assert sp.dense_shape.numpy().tolist() == [5]
    kept = tf.io.parse_single_example(_example([3, 0], [2.5, 1.5]), {
        "sp": tf.io.SparseFeature("idx", "val", tf.float32, 5, already_sorted=True)})["sp"]
    assert kept.indices.numpy().tolist() == [[3], [0]]


def test_batch_and_several_index_keys():
    e1, e2 = _example([3, 0], [2.5, 1.5], [1, 0]), _example([], [], [])
    out = tf.io.parse_example([e1, e2, e1], {
        "sp": tf.io.SparseFeature("idx", "val", tf.float32, 5),
        "idx": tf.io.VarLenFeature(tf.int64)})
    assert sorted(out) == ["idx", "sp"]
    assert tf.sparse.to_dense(out["sp"]).numpy().tolist() == [
        [1.5, 0, 0, 2.5, 0], [0] * 5, [1.5, 0, 0, 2.5, 0]]
    two_d = tf.io.parse_example([e1], {
        "sp2": tf.io.SparseFeature(["idx", "idx2"], "val", tf.float32, [5, 2])})["sp2"]
    assert two_d.indices.numpy().tolist() == [[0, 0, 0], [0, 3, 1]]
    assert two_d.dense_shape.numpy().tolist() == [1, 5, 2]
