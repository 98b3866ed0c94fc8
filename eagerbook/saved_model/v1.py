"""TF 1.x's SavedModel API (``tf.compat.v1.saved_model``): ``simple_save``, ``Builder``, the
``SignatureDef`` helpers, and ``load(sess, tags, export_dir)``.

A TF 1.x program saves the graph of a Session together with *signatures*: named entry points,
each a map from input names to placeholders and from output names to tensors. eagerbook writes
each signature as a function of the SavedModel format of ``save.py``: the part of the graph
between the signature's placeholders and its outputs is copied into a ``tf.function``
(``import_graph_def`` with the placeholders mapped to the function's arguments), and the
Variables it reads are saved with it. So TF 2's ``tf.saved_model.load(path).signatures[...]``
and TF 1's ``load(sess, ["serve"], path)`` both read what these functions write.
"""

import os
import sys

from ..core.spec import TensorSpec
from ..graph.function import function as _function
from ..graph.import_graph import import_graph_def
from ..graph.ir import SymbolicTensor
from ..graph.session import placeholder
from ..module.module import Module
from .load import load as _load_v2
from .save import DEFAULT_SERVING_SIGNATURE_DEF_KEY
from .save import save as _save_v2

PREDICT_METHOD_NAME = "tensorflow/serving/predict"
CLASSIFY_METHOD_NAME = "tensorflow/serving/classify"
REGRESS_METHOD_NAME = "tensorflow/serving/regress"


class TensorInfo:
    """Where a signature's input or output is in the graph: the tensor's name, dtype and
    shape (TF's ``TensorInfo`` protocol buffer, as plain fields)."""

    def __init__(self, name, dtype, tensor_shape):
        self.name = name
        self.dtype = dtype
        self.tensor_shape = tensor_shape

    def __repr__(self):
        return f"TensorInfo(name={self.name!r}, dtype={self.dtype.name}, " \
               f"shape={self.tensor_shape})"


class SignatureDef:
    """A named entry point: ``inputs`` and ``outputs`` map names to ``TensorInfo``s."""

    def __init__(self, inputs=None, outputs=None, method_name=""):
        self.inputs = dict(inputs or {})
        self.outputs = dict(outputs or {})
        self.method_name = method_name

    def __repr__(self):
        return f"SignatureDef(inputs={self.inputs}, outputs={self.outputs}, " \
               f"method_name={self.method_name!r})"


class MetaGraphDef:
    """What ``load`` returns: the tags of the loaded graph and its signatures."""

    def __init__(self, tags, signature_def):
        self.meta_info_def = type("MetaInfoDef", (), {"tags": list(tags)})()
        self.signature_def = signature_def


def build_tensor_info(tensor):
    if not isinstance(tensor, SymbolicTensor):
        raise RuntimeError("`build_tensor_info` is not supported in eager execution.")
    return TensorInfo(tensor.name, tensor.dtype, tensor.shape)


def build_signature_def(inputs=None, outputs=None, method_name=None):
    """A SignatureDef from ``{name: TensorInfo}`` maps."""
    return SignatureDef(inputs, outputs, method_name or "")


def _infos(tensors):
    return {key: t if isinstance(t, TensorInfo) else build_tensor_info(t)
            for key, t in tensors.items()}


def predict_signature_def(inputs, outputs):
    """The signature of a prediction: ``{name: tensor}`` in, ``{name: tensor}`` out."""
    if inputs is None or not inputs:
        raise ValueError("Prediction `inputs` cannot be None or empty.")
    if outputs is None or not outputs:
        raise ValueError("Prediction `outputs` cannot be None or empty.")
    return SignatureDef(_infos(inputs), _infos(outputs), PREDICT_METHOD_NAME)


def _signature_function(graph, signature):
    """A ConcreteFunction computing `signature`'s outputs from its inputs: the graph's ops
    between them, copied into a tf.function's trace (its arguments named after the inputs)."""
    graph_def = graph.as_graph_def()
    input_keys = sorted(signature.inputs)
    output_keys = sorted(signature.outputs)

    def run(**arguments):
        outputs = import_graph_def(
            graph_def, name="",
            input_map={signature.inputs[k].name: arguments[k] for k in input_keys},
            return_elements=[signature.outputs[k].name for k in output_keys])
        return dict(zip(output_keys, outputs))

    specs = {k: TensorSpec(signature.inputs[k].tensor_shape, signature.inputs[k].dtype, name=k)
             for k in input_keys}
    return _function(run, autograph=False).get_concrete_function(**specs)


class SavedModelBuilder:
    """``tf.compat.v1.saved_model.Builder``: collects a Session's graph and signatures, then
    ``save()`` writes them to `export_dir` (which must not exist yet)."""

    def __init__(self, export_dir):
        export_dir = os.fspath(export_dir)
        if os.path.exists(export_dir) and os.listdir(export_dir):
            raise AssertionError(f"Export directory already exists, and isn't empty. Please "
                                 f"choose a different export directory, or delete all the "
                                 f"contents of the specified directory: {export_dir}")
        self._export_dir = export_dir
        self._signatures = None
        self._tags = None

    def add_meta_graph_and_variables(self, sess, tags, signature_def_map=None,
                                     assets_collection=None, legacy_init_op=None,
                                     clear_devices=False, main_op=None,
                                     strip_default_attrs=False, saver=None, init_op=None,
                                     train_op=None):
        if self._signatures is not None:
            raise AssertionError("Graph state including variables and assets has already "
                                 "been saved. Please invoke `add_meta_graph()` instead.")
        self._tags = list(tags)
        self._signatures = {key: _signature_function(sess.graph, signature)
                            for key, signature in (signature_def_map or {}).items()}

    def add_meta_graph(self, tags, signature_def_map=None, **kwargs):
        if self._signatures is None:
            raise AssertionError("Graph state including variables and assets has not been "
                                 "saved yet. Please invoke `add_meta_graph_and_variables()` "
                                 "first.")
        raise NotImplementedError("eagerbook saves one graph per SavedModel: put every "
                                  "signature in add_meta_graph_and_variables.")

    def save(self, as_text=False):
        if self._signatures is None:
            raise AssertionError("add_meta_graph_and_variables() must be called before "
                                 "save().")
        root = Module()
        # The Variables the signatures read, so that the checkpoint of the root holds them.
        root.variables_of_signatures = [v for f in self._signatures.values()
                                        for v in f.variables]
        _save_v2(root, self._export_dir, signatures=self._signatures)
        name = "saved_model.pbtxt" if as_text else "saved_model.pb"
        return os.path.join(self._export_dir, name).encode()


Builder = SavedModelBuilder


def simple_save(session, export_dir, inputs, outputs, legacy_init_op=None):
    """Saves `session`'s graph with one signature, ``serving_default``, from `inputs` to
    `outputs` (``{name: tensor}`` each), tagged ``serve``."""
    builder = SavedModelBuilder(export_dir)
    builder.add_meta_graph_and_variables(
        session, tags=["serve"],
        signature_def_map={DEFAULT_SERVING_SIGNATURE_DEF_KEY: predict_signature_def(inputs,
                                                                                     outputs)})
    builder.save()


def load(sess, tags, export_dir, import_scope=None, **saver_kwargs):
    """Loads a SavedModel into `sess`'s graph: each signature becomes placeholders (named
    after its inputs) feeding a call of the saved function; the returned MetaGraphDef's
    ``signature_def`` names those tensors, for ``sess.run(output_name, {input_name: x})``."""
    loaded = _load_v2(export_dir)
    signatures = {}
    with sess.graph.as_default():
        for key in loaded.signatures:
            function = loaded.signatures[key]
            _, spec_map = function.structured_input_signature
            feeds = {name: placeholder(spec.dtype, spec.shape, name=name)
                     for name, spec in spec_map.items()}
            results = _copy_into_graph(function, feeds)
            # the Variables hold the saved values: restored, so initialized in this session
            sess._mark_initialized(function._concrete.variables)
            signatures[key] = SignatureDef(_infos(feeds), _infos(results),
                                           PREDICT_METHOD_NAME)
    return MetaGraphDef(tags, signatures)


def _copy_into_graph(function, feeds):
    """The signature function's ops copied into the default graph, its arguments replaced by
    `feeds` (``{input name: placeholder}``): ``{output name: tensor}``."""
    graph = function.graph
    arguments = [t.name for t in graph.inputs]
    _, spec_map = function.structured_input_signature
    input_map = {arg: feeds[name] for arg, name in zip(arguments, spec_map)}
    outputs = import_graph_def(graph.as_graph_def(), input_map=input_map, name="",
                               return_elements=[t.name for t in graph.outputs])
    return dict(zip(function.structured_outputs, outputs))


class _Constants:
    def __init__(self, **names):
        self.__dict__.update(names)


signature_constants = _Constants(
    DEFAULT_SERVING_SIGNATURE_DEF_KEY=DEFAULT_SERVING_SIGNATURE_DEF_KEY,
    PREDICT_METHOD_NAME=PREDICT_METHOD_NAME, PREDICT_INPUTS="inputs",
    PREDICT_OUTPUTS="outputs", CLASSIFY_METHOD_NAME=CLASSIFY_METHOD_NAME,
    CLASSIFY_INPUTS="inputs", CLASSIFY_OUTPUT_CLASSES="classes",
    CLASSIFY_OUTPUT_SCORES="scores", REGRESS_METHOD_NAME=REGRESS_METHOD_NAME,
    REGRESS_INPUTS="inputs", REGRESS_OUTPUTS="outputs")
tag_constants = _Constants(SERVING="serve", TRAINING="train", GPU="gpu", TPU="tpu")
signature_def_utils = _Constants(build_signature_def=build_signature_def,
                                 predict_signature_def=predict_signature_def)
utils = _Constants(build_tensor_info=build_tensor_info)
loader = _Constants(load=load)
builder = _Constants(SavedModelBuilder=SavedModelBuilder)

def __getattr__(name):
    """tf.compat.v1.saved_model is this module: the names TF 1.x and TF 2 share (``save``,
    ``LoadOptions``, ...) are TF 2's."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(sys.modules[__package__], name)  # (the package imports this module)


# TF 1.x's tag names at the namespace's top level (tag_constants holds them too)
SERVING, TRAINING, GPU, TPU = "serve", "train", "gpu", "tpu"
