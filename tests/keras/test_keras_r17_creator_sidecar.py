"""tf.keras.utils.experimental.DatasetCreator in Model.fit, tf.train.checkpoints_iterator and
tf.keras.utils.SidecarEvaluator (the migrate-evaluation guide's flow)."""

import os

import numpy as np
import pytest

import eagerbook as tf


def _model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(
        1, input_shape=(2,), kernel_initializer=tf.keras.initializers.Constant(0.5))])
    model.compile(tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    return model


def test_dataset_creator_feeds_fit_with_an_input_context():
    seen = []

    def dataset_fn(input_context):
        seen.append((input_context.num_input_pipelines, input_context.input_pipeline_id,
                     input_context.get_per_replica_batch_size(4)))
        x = np.ones((8, 2), "float32")
        return tf.data.Dataset.from_tensor_slices((x, x[:, :1])).repeat().batch(4)

    model = _model()
    history = model.fit(tf.keras.utils.experimental.DatasetCreator(dataset_fn), epochs=2,
                        steps_per_epoch=3, verbose=0)
    assert seen == [(1, 0, 4)]
    assert history.params == {"verbose": 0, "epochs": 2, "steps": 3}
    assert int(model.optimizer.iterations) == 6


def test_dataset_creator_errors():
    creator = tf.keras.utils.experimental.DatasetCreator(
        lambda ctx: tf.data.Dataset.from_tensors((np.ones((1, 2)), np.ones((1, 1)))).repeat())
    with pytest.raises(ValueError, match="`steps_per_epoch`, `validation_steps`, `steps`, or "
                                         "`pss_evaluation_shards` argument must be provided"):
        _model().fit(creator, epochs=1, verbose=0)
    with pytest.raises(TypeError, match="`dataset_fn` for `DatasetCreator` must be a "
                                        "`callable`. Received: 3"):
        tf.keras.utils.experimental.DatasetCreator(3)
    with pytest.raises(TypeError, match="must return a Dataset"):
        tf.keras.utils.experimental.DatasetCreator(lambda ctx: 3)(None)


def test_checkpoints_iterator_yields_the_newest_then_times_out(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=3)
    manager.save()
    manager.save()
    asked = []
    paths = list(tf.train.checkpoints_iterator(str(tmp_path), timeout=0.01,
                                               timeout_fn=lambda: asked.append(1) or False))
    assert [os.path.basename(p) for p in paths] == ["ckpt-2"]
    assert asked == [1]


@pytest.mark.parametrize("save_weights_only", [True, False])
def test_sidecar_evaluator_evaluates_the_latest_checkpoint(tmp_path, capsys,
                                                           save_weights_only):
    x = np.arange(16, dtype="float32").reshape(8, 2) / 16
    y = x.sum(axis=1, keepdims=True)
    model = _model()
    if save_weights_only:
        callback = tf.keras.callbacks.ModelCheckpoint(
            os.path.join(str(tmp_path), "ckpt-{epoch}"), save_weights_only=True)
        model.fit(x, y, batch_size=4, epochs=2, callbacks=[callback], verbose=0,
                  shuffle=False)
    else:  # a custom loop's CheckpointManager: keys start with model/ and optimizer/
        checkpoint = tf.train.Checkpoint(model=model, optimizer=model.optimizer)
        manager = tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=None)
        for _ in range(2):
            model.fit(x, y, batch_size=4, verbose=0, shuffle=False)
            manager.save()
    evaluator_model = _model()
    evaluator = tf.keras.utils.SidecarEvaluator(
        evaluator_model, tf.data.Dataset.from_tensor_slices((x, y)).batch(4),
        checkpoint_dir=str(tmp_path), max_evaluations=2)
    capsys.readouterr()
    evaluator.start()
    out = capsys.readouterr().out
    assert out.startswith("2/2 - ") and " - loss: " in out and " - mae: " in out
    assert int(evaluator_model.optimizer.iterations) == 4
    for trained, restored in zip(model.get_weights(), evaluator_model.get_weights()):
        np.testing.assert_array_equal(trained, restored)
