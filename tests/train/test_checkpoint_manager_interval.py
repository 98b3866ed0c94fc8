"""CheckpointManager with checkpoint_interval: a save waits for the interval to pass and never
happens twice at one step, even with check_interval=False (TF's sequence, checked by hand)."""

import eagerbook as tf


def test_interval_and_same_step_rules(tmp_path):
    step = tf.Variable(5, dtype=tf.int64)
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(step=step), str(tmp_path),
                                         max_to_keep=None, step_counter=step,
                                         checkpoint_interval=5)
    saved = [manager.save(), manager.save(), manager.save(check_interval=False)]
    step.assign(7)
    saved += [manager.save(), manager.save(check_interval=False)]
    step.assign(11)
    saved.append(manager.save())
    step.assign(12)
    saved.append(manager.save())
    names = [None if path is None else path.rsplit("/", 1)[1] for path in saved]
    assert names == ["ckpt-1", None, None, None, "ckpt-2", None, "ckpt-3"]
