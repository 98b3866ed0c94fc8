"""tf.train.CheckpointView / TrackableView: TF's node ids, children, match and diff."""

import pytest

import eagerbook as tf


class SimpleModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.a_var = tf.Variable(5.0)
        self.b_var = tf.Variable(4.0)
        self.vars = [tf.Variable(1.0), tf.Variable(2.0)]


def _saved_with_leaves(tmp_path):
    root = SimpleModule(name="root")
    leaf = root.leaf = SimpleModule(name="leaf")
    leaf.leaf3 = tf.Variable(6.0, name="leaf3")
    leaf.leaf4 = tf.Variable(7.0, name="leaf4")
    return tf.train.Checkpoint(root).save(str(tmp_path / "tf_ckpts"))


def _other_module():
    root2 = SimpleModule(name="root")
    leaf2 = root2.leaf2 = SimpleModule(name="leaf2")
    leaf2.leaf3 = tf.Variable(6.0)
    leaf2.leaf4 = tf.Variable(7.0)
    return root2


def test_children_of_the_root_have_tfs_node_ids(tmp_path):
    root = SimpleModule(name="root")
    root.leaf = SimpleModule(name="leaf")
    view = tf.train.CheckpointView(tf.train.Checkpoint(root).save(str(tmp_path / "ckpt")))
    # A list is one node ("vars"), its items below it; Checkpoint(root) adds "root" -> 0.
    assert list(view.children(0).items()) == [
        ("a_var", 1), ("b_var", 2), ("vars", 3), ("leaf", 4), ("root", 0),
        ("save_counter", 5)]
    assert view.children(3) == {"0": 6, "1": 7}
    assert view.children(4) == {"a_var": 8, "b_var": 9, "vars": 10}
    assert view.descendants() == list(range(13))


def test_keyword_checkpoint_has_no_root_edge(tmp_path):
    module = SimpleModule()
    view = tf.train.CheckpointView(tf.train.Checkpoint(
        model=module, opt=tf.Variable(1.0)).save(str(tmp_path / "ckpt")))
    assert view.children(0) == {"model": 1, "opt": 2, "save_counter": 3}
    assert view.children(1) == {"a_var": 4, "b_var": 5, "vars": 6}


def test_match_and_diff_as_tfs_docstring(tmp_path):
    view = tf.train.CheckpointView(_saved_with_leaves(tmp_path))
    root2 = _other_module()
    matched = view.match(root2)
    assert list(matched) == [0, 1, 2, 3, 6, 7]
    assert matched[0] is root2 and matched[1] is root2.a_var and matched[3] is root2.vars
    assert matched[7] is root2.vars[1]
    same, only_in_checkpoint, only_in_trackable = view.diff(root2)
    assert same == matched
    assert only_in_checkpoint == [4, 5, 8, 9, 10, 11, 12, 13, 14]
    leaf2 = root2.leaf2
    assert [id(t) for t in only_in_trackable] == [id(t) for t in (
        leaf2, leaf2.a_var, leaf2.b_var, leaf2.vars, leaf2.leaf3, leaf2.leaf4,
        leaf2.vars[0], leaf2.vars[1])]


def test_match_refuses_a_non_trackable(tmp_path):
    view = tf.train.CheckpointView(_saved_with_leaves(tmp_path))
    with pytest.raises(ValueError, match="Expected a Trackable, got 3"):
        view.match(3)


def test_trackable_view_children_and_descendants():
    root = SimpleModule(name="root")
    root.leaf = SimpleModule(name="leaf")
    view = tf.train.TrackableView(root)
    children = view.children(root)
    assert list(children) == ["a_var", "b_var", "vars", "leaf"]
    assert children["vars"] is root.vars and children["leaf"] is root.leaf
    assert view.root is root
    assert len(view.descendants()) == 1 + 4 + 2 + 3 + 2


def test_the_root_edge_does_not_disturb_restoring(tmp_path):
    path = _saved_with_leaves(tmp_path)
    fresh = SimpleModule(name="root")
    fresh.leaf = SimpleModule(name="leaf")
    fresh.leaf.leaf3, fresh.leaf.leaf4 = tf.Variable(0.0), tf.Variable(0.0)
    fresh.a_var.assign(0.0)
    tf.train.Checkpoint(fresh).restore(path).assert_consumed()
    assert float(fresh.a_var) == 5.0 and float(fresh.leaf.leaf4) == 7.0
