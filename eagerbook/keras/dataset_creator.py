"""``tf.keras.utils.experimental.DatasetCreator``: a function that builds the input pipeline,
given to ``Model.fit`` instead of a dataset.

TF made it for parameter-server training, where every worker builds its own pipeline: ``fit``
calls the function through ``strategy.distribute_datasets_from_function``, with an
``InputContext`` that says how many pipelines there are and which one this is. Such a dataset
usually repeats forever, so ``fit`` needs ``steps_per_epoch`` (``evaluate``/``predict``:
``steps``), and one iterator serves every epoch.
"""

from ..data.dataset import Dataset
from ..distribute.cross_device import InputOptions


class DatasetCreator:
    """Wraps ``dataset_fn(input_context) -> tf.data.Dataset`` for ``Model.fit``."""

    def __init__(self, dataset_fn, input_options=None):
        if not callable(dataset_fn):
            raise TypeError("`dataset_fn` for `DatasetCreator` must be a `callable`. "
                            f"Received: {dataset_fn}")
        if input_options and not isinstance(input_options, InputOptions):
            raise TypeError("`input_options` for `DatasetCreator` must be a "
                            f"`tf.distribute.InputOptions`. Received: {input_options}")
        self.dataset_fn = dataset_fn
        self.input_options = input_options

    def __call__(self, *args, **kwargs):
        dataset = self.dataset_fn(*args, **kwargs)
        if not isinstance(dataset, Dataset):
            raise TypeError("The `callable` provided to `DatasetCreator` must return a "
                            f'Dataset. It returns "{dataset}"')
        return dataset


def distributed_input(creator, steps):
    """The dataset `creator` builds, for the current strategy: what ``Model.fit`` iterates."""
    if steps is None:
        raise ValueError("When using a `tf.keras.utils.experimental.DatasetCreator`, "
                         "`steps_per_epoch`, `validation_steps`, `steps`, or "
                         "`pss_evaluation_shards` argument must be provided in `Model.fit`, "
                         "`Model.evaluate`, or `Model.predict`.")
    from ..distribute import get_strategy  # (the strategy of the scope fit runs in, if any)
    return get_strategy().distribute_datasets_from_function(creator,
                                                            options=creator.input_options)
