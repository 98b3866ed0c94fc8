"""``tf.keras.utils.SidecarEvaluator``: evaluates the checkpoints a training job writes.

The evaluator runs beside training (in TF, on its own machine): it waits for each new
checkpoint in ``checkpoint_dir`` (``tf.train.checkpoints_iterator``), loads it into its own
copy of the model, runs ``model.evaluate(data, verbose=2)``, and stops after the checkpoint
numbered ``max_evaluations`` (``ckpt-3`` is number 3), or when no new checkpoint comes.
"""

from ..checkpoints.checkpoint import Checkpoint
from ..checkpoints.reader import list_variables
from ..checkpoints.state import checkpoints_iterator
from ..core.logs import logger

_CHECKPOINT_TIMEOUT_SEC = 30  # how long TF's evaluator waits for a new checkpoint


def list_checkpoint_attributes(ckpt_dir_or_file):
    """The first names of a checkpoint's keys (``model``, ``optimizer``, ``save_counter``)."""
    return {name.split("/")[0] for name, _ in list_variables(ckpt_dir_or_file)}


class SidecarEvaluator:
    """Evaluates `model` on `data` with each checkpoint that appears in `checkpoint_dir`."""

    def __init__(self, model, data, checkpoint_dir, steps=None, max_evaluations=None,
                 callbacks=None):
        self.model = model
        self.data = data
        self.checkpoint_dir = checkpoint_dir
        self.max_evaluations = max_evaluations
        self.steps = steps
        self.callbacks = callbacks or []

    def _timeout_fn(self):
        logger.info(f"No checkpoints appear to be found after {_CHECKPOINT_TIMEOUT_SEC} "
                    "seconds. Please check if you are properly using a "
                    "`tf.train.Checkpoint/CheckpointManager` or "
                    "`tf.keras.callbacks.ModelCheckpoint(save_weights_only=True)` to save "
                    "checkpoints by the training. See `tf.keras.SidecarEvaluator` doc for "
                    "recommended flows of saving checkpoints.")
        return False

    def _load(self, path):
        """A ``tf.train.Checkpoint(model=..., optimizer=...)`` file restores through such a
        Checkpoint; a file of ``model.save_weights`` (the model is its root) through
        ``load_weights``. Either way the optimizer's ``iterations`` comes back too."""
        if "model" in list_checkpoint_attributes(path):
            objects = {"model": self.model}
            if self.model.optimizer is not None:
                objects["optimizer"] = self.model.optimizer
            Checkpoint(**objects).restore(path).expect_partial()
        else:
            self.model.load_weights(path).expect_partial()

    def start(self):
        """Runs the evaluation loop (returns when it stops)."""
        for latest_checkpoint in checkpoints_iterator(self.checkpoint_dir,
                                                      timeout=_CHECKPOINT_TIMEOUT_SEC,
                                                      timeout_fn=self._timeout_fn):
            self._load(latest_checkpoint)
            logger.info("Evaluation starts: Model weights loaded from latest checkpoint file "
                        f"{latest_checkpoint}")
            self.model.evaluate(self.data, steps=self.steps, callbacks=self.callbacks,
                                verbose=2)
            results = {}
            for metric in self.model.metrics:
                result = metric.result()
                results.update(result if isinstance(result, dict) else {metric.name: result})
            logger.info("End of evaluation. Metrics: %s", " ".join(
                f"{name}={value.numpy()}" for name, value in results.items()))
            if self.max_evaluations and \
                    self.max_evaluations <= int(latest_checkpoint.split("-")[-1]):
                logger.info("Last checkpoint evaluated. SidecarEvaluator stops.")
                return
