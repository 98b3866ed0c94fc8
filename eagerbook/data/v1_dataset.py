"""``tf.compat.v1.data.Dataset``: TF 1.x's datasets, which make their own iterators.

A dataset made by one of its factories (``tf.compat.v1.data.Dataset.from_tensor_slices``,
``range``, ``zip``, ...), and every dataset its methods make from it, also has TF 1.x's
``make_one_shot_iterator()`` and ``make_initializable_iterator()`` (for TF 1.x graphs run in
sessions, see graph/v1_iterators.py) and the ``output_types`` / ``output_shapes`` /
``output_classes`` properties. A TF 2 dataset (``tf.data.Dataset``) has none of them, as in TF.
"""

from ..core import nest
from ..core.tensor import Tensor
from ..graph import v1_iterators
from ..ops.sparse_ops import SparseTensor, SparseTensorSpec
from .dataset import NOT_FOUND, TF1_ATTRIBUTES, Dataset, ZipDataset

_FACTORIES = ("from_tensor_slices", "from_tensors", "from_generator", "range", "zip",
              "list_files", "counter", "random", "sample_from_datasets",
              "choose_from_datasets")


def is_v1(dataset):
    """Made by a TF 1.x factory, or by a method of such a dataset (its first input)."""
    while True:
        marked = vars(dataset).get("_tf1_dataset")
        if marked is not None:
            return marked
        inputs = dataset._inputs()
        if not inputs or isinstance(dataset, ZipDataset):  # (TF 2's zip makes a TF 2 dataset)
            return False
        dataset = inputs[0]


def _marked(dataset):
    vars(dataset)["_tf1_dataset"] = True
    return dataset


def _factory(name):
    made_by = getattr(Dataset, name)

    def make(*args, **kwargs):
        return _marked(made_by(*args, **kwargs))
    make.__name__ = make.__qualname__ = name
    make.__doc__ = made_by.__doc__
    return staticmethod(make)


class _TF1DatasetType(type):
    """``isinstance(d, tf.compat.v1.data.Dataset)`` holds for TF 1.x datasets only."""

    def __instancecheck__(cls, instance):
        return isinstance(instance, Dataset) and is_v1(instance)


class DatasetV1(Dataset, metaclass=_TF1DatasetType):
    """``tf.compat.v1.data.Dataset``: its factories make TF 1.x datasets (see above)."""


for _name in _FACTORIES:
    setattr(DatasetV1, _name, _factory(_name))


# --- what a TF 1.x dataset has besides TF 2's methods ---------------------------------------
def _make_one_shot_iterator(dataset):
    return v1_iterators.make_one_shot_iterator(dataset)


def _make_initializable_iterator(dataset, shared_name=None):
    if v1_iterators._graph_being_built() is None:
        raise RuntimeError("`make_initializable_iterator()` is not supported in eager mode. "
                           "Use Python-style iteration instead.")
    return v1_iterators.make_initializable_iterator(dataset, shared_name=shared_name)


def output_classes(dataset_or_iterator):
    """The class of each component: ``tf.Tensor``, ``tf.SparseTensor``, ..."""
    def class_of(spec):
        if isinstance(spec, SparseTensorSpec):
            return SparseTensor
        return getattr(spec, "value_type", Tensor)
    return nest.map_structure(class_of, dataset_or_iterator.element_spec)


METHODS = {"make_one_shot_iterator": _make_one_shot_iterator,
           "make_initializable_iterator": _make_initializable_iterator}
PROPERTIES = {"output_types": v1_iterators.get_output_types,
              "output_shapes": v1_iterators.get_output_shapes,
              "output_classes": output_classes}


def v1_attribute(dataset, name):
    """`name` of a TF 1.x dataset, else NOT_FOUND (Dataset.__getattr__ asks)."""
    if (name in METHODS or name in PROPERTIES) and is_v1(dataset):
        if name in METHODS:
            return METHODS[name].__get__(dataset)
        return PROPERTIES[name](dataset)
    return NOT_FOUND


TF1_ATTRIBUTES.append(v1_attribute)
