"""``tf.keras.utils.FeatureSpace``: one object that turns a dict of raw columns (numbers,
categories as strings or integers) into the features a model trains on.

Each column is declared with a *feature*: how to preprocess it (a Keras preprocessing layer:
``Normalization``, ``Discretization``, ``StringLookup``, ``Hashing``, ...) and how to encode
the result (``"float"`` as it is, ``"one_hot"`` as a multi-hot vector of the preprocessor's
size, ``"int"`` as the index). Crosses hash pairs of categorical columns into one more feature.
``adapt(dataset)`` fits every preprocessor that learns from data; then calling the space on a
dict gives one concatenated float tensor (``output_mode="concat"``) or a dict of encoded
features (``"dict"``). ``get_inputs()`` and ``get_encoded_features()`` give the symbolic
versions, to build a training model (on encoded data) and an inference model (on raw dicts).
"""

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from ..data.dataset import Dataset
from ..ops import array_ops
from . import backend
from . import layers as layers_mod
from .layers.base import Layer
from .serialization import deserialize_keras_object, serialize_keras_object


def _check_output_mode(output_mode, allowed):
    if output_mode not in allowed:
        names = "{" + ", ".join(f"'{m}'" for m in sorted(allowed)) + "}"
        raise ValueError(f"Invalid value for argument `output_mode`. Expected one of "
                         f"{names}. Received: output_mode={output_mode}")


class Cross:
    """A hashed cross of categorical features (``FeatureSpace.cross``)."""

    def __init__(self, feature_names, crossing_dim, output_mode="one_hot"):
        _check_output_mode(output_mode, {"int", "one_hot"})
        self.feature_names = tuple(feature_names)
        self.crossing_dim = crossing_dim
        self.output_mode = output_mode

    @property
    def name(self):
        return "_X_".join(self.feature_names)

    def get_config(self):
        return {"feature_names": self.feature_names, "crossing_dim": self.crossing_dim,
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Feature:
    """One column's input dtype, preprocessor layer and encoding."""

    def __init__(self, dtype, preprocessor, output_mode):
        _check_output_mode(output_mode, {"int", "one_hot", "float"})
        self.dtype = dtype
        if isinstance(preprocessor, dict):
            preprocessor = deserialize_keras_object(preprocessor)
        self.preprocessor = preprocessor
        self.output_mode = output_mode

    def get_config(self):
        return {"dtype": self.dtype, "preprocessor": serialize_keras_object(self.preprocessor),
                "output_mode": self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _layer_name(name, kind):
    return f"{name or backend.unique_object_name(kind)}_preprocessor"


# The size of the space a preprocessor's integer output indexes (what one_hot needs).
def _cardinality(preprocessor):
    if isinstance(preprocessor, (layers_mod.IntegerLookup, layers_mod.StringLookup)):
        return preprocessor.vocabulary_size()
    if isinstance(preprocessor, layers_mod.CategoryEncoding):
        return preprocessor.num_tokens
    if isinstance(preprocessor, (layers_mod.Discretization, layers_mod.HashedCrossing,
                                 layers_mod.Hashing)):
        return preprocessor.num_bins
    return None


class FeatureSpace(Layer):
    """Preprocesses and encodes a dict of columns; see the module docstring."""

    # --- feature declarations (class methods, as TF offers them) ---------------------------------
    @classmethod
    def cross(cls, feature_names, crossing_dim, output_mode="one_hot"):
        return Cross(feature_names, crossing_dim, output_mode=output_mode)

    @classmethod
    def feature(cls, dtype, preprocessor, output_mode):
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name=None):
        layer = layers_mod.Identity(dtype="float32", name=_layer_name(name, "float"))
        return Feature("float32", layer, "float")

    @classmethod
    def float_rescaled(cls, scale=1.0, offset=0.0, name=None):
        layer = layers_mod.Rescaling(scale=scale, offset=offset,
                                     name=_layer_name(name, "float_rescaled"))
        return Feature("float32", layer, "float")

    @classmethod
    def float_normalized(cls, name=None):
        layer = layers_mod.Normalization(axis=-1, name=_layer_name(name, "float_normalized"))
        return Feature("float32", layer, "float")

    @classmethod
    def float_discretized(cls, num_bins, bin_boundaries=None, output_mode="one_hot",
                          name=None):
        layer = layers_mod.Discretization(num_bins=num_bins, bin_boundaries=bin_boundaries,
                                          name=_layer_name(name, "float_discretized"))
        return Feature("float32", layer, output_mode)

    @classmethod
    def integer_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode="one_hot",
                            name=None):
        layer = layers_mod.IntegerLookup(name=_layer_name(name, "integer_categorical"),
                                         max_tokens=max_tokens,
                                         num_oov_indices=num_oov_indices)
        return Feature("int64", layer, output_mode)

    @classmethod
    def string_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode="one_hot",
                           name=None):
        layer = layers_mod.StringLookup(name=_layer_name(name, "string_categorical"),
                                        max_tokens=max_tokens, num_oov_indices=num_oov_indices)
        return Feature("string", layer, output_mode)

    @classmethod
    def string_hashed(cls, num_bins, output_mode="one_hot", name=None):
        layer = layers_mod.Hashing(name=_layer_name(name, "string_hashed"), num_bins=num_bins)
        return Feature("string", layer, output_mode)

    @classmethod
    def integer_hashed(cls, num_bins, output_mode="one_hot", name=None):
        layer = layers_mod.Hashing(name=_layer_name(name, "integer_hashed"), num_bins=num_bins)
        return Feature("int64", layer, output_mode)

    # --- construction --------------------------------------------------------------------------
    def __init__(self, features, output_mode="concat", crosses=None, crossing_dim=32,
                 hashing_dim=32, num_discretization_bins=32):
        if not features:
            raise ValueError("The `features` argument cannot be None or empty.")
        super().__init__()
        self.crossing_dim = crossing_dim
        self.hashing_dim = hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {name: self._standardize_feature(name, value)
                         for name, value in features.items()}
        self.crosses = [self._standardize_cross(c, set(features), crossing_dim)
                        for c in crosses or ()]
        self.crosses_by_name = {cross.name: cross for cross in self.crosses}
        _check_output_mode(output_mode, {"dict", "concat"})
        self.output_mode = output_mode
        self.inputs = {name: layers_mod.Input(shape=(1,), dtype=feature.dtype, name=name)
                       for name, feature in self.features.items()}
        self.preprocessors = {name: f.preprocessor for name, f in self.features.items()}
        self.crossers = {c.name: layers_mod.HashedCrossing(c.crossing_dim, name=c.name)
                         for c in self.crosses}
        self.encoded_features = None
        self.one_hot_encoders = {}
        self.concat = None
        self.built = False
        self._is_adapted = False

    _STRING_FEATURES = ("float", "float_normalized", "float_rescaled", "float_discretized",
                        "integer_categorical", "string_categorical", "integer_hashed",
                        "string_hashed")

    def _standardize_feature(self, name, feature):
        """A Feature from a Feature, its config, or a kind's name (``"float_normalized"``)."""
        if isinstance(feature, Feature):
            return feature
        if isinstance(feature, dict):
            return deserialize_keras_object(feature)
        if feature not in self._STRING_FEATURES:
            raise ValueError(f"Invalid feature type: {feature}")
        if feature == "float_discretized":
            return self.float_discretized(name=name, num_bins=self.num_discretization_bins)
        if feature.endswith("_hashed"):
            return getattr(self, feature)(self.hashing_dim, name=name)
        return getattr(self, feature)(name=name)

    @staticmethod
    def _standardize_cross(cross, feature_names, crossing_dim):
        if isinstance(cross, dict):
            cross = deserialize_keras_object(cross)
        if isinstance(cross, Cross):
            return cross
        if not crossing_dim:
            raise ValueError("When specifying `crosses`, the argument `crossing_dim` "
                             "(dimensionality of the crossing space) should be specified as "
                             "well.")
        if any(key not in feature_names for key in cross):
            raise ValueError("All features referenced in the `crosses` argument should be "
                             f"present in the `features` dict. Received unknown features: "
                             f"{cross}")
        return Cross(cross, crossing_dim=crossing_dim)

    # --- adapting ------------------------------------------------------------------------------
    def _adaptable(self):
        """The names of the features whose preprocessor learns from data (a Normalization
        given its mean does not)."""
        names = []
        for name, preprocessor in self.preprocessors.items():
            if isinstance(preprocessor, layers_mod.Normalization) and \
                    getattr(preprocessor, "input_mean", None) is not None:
                continue
            if hasattr(preprocessor, "adapt"):
                names.append(name)
        return names

    def adapt(self, dataset):
        """Fits each learning preprocessor on its column of `dataset` (a dataset of dicts)."""
        if not isinstance(dataset, Dataset):
            raise ValueError("`adapt()` can only be called on a tf.data.Dataset. Received "
                             f"instead: {dataset} (of type {type(dataset)})")
        for name in self._adaptable():
            column = dataset.map(lambda x, name=name: x[name])
            rank = column.element_spec.shape.rank
            if rank == 0:  # single values: batched, as the preprocessors adapt on batches
                column = column.batch(32)
            if rank in (0, 1):
                column = column.map(lambda x: array_ops.expand_dims(x, -1))
            self.preprocessors[name].adapt(column)
        self._is_adapted = True
        self.get_encoded_features()  # builds the encoders and the concatenation
        self.built = True

    def _check_if_adapted(self):
        if not self._is_adapted:
            if self._adaptable():
                raise ValueError("You need to call `.adapt(dataset)` on the FeatureSpace "
                                 "before you can start using it.")
            self._is_adapted = True

    def _check_if_built(self):
        if not self.built:
            self._check_if_adapted()
            self.get_encoded_features()
            self.built = True

    # --- symbolic and eager use ----------------------------------------------------------------
    def get_inputs(self):
        """``{name: Input}``: one Keras Input per feature, shape (1,)."""
        self._check_if_built()
        return self.inputs

    def get_encoded_features(self):
        """The encoded features of ``get_inputs()`` (a KerasTensor, or a dict of them)."""
        self._check_if_adapted()
        if self.encoded_features is None:
            preprocessed = self._preprocess(self.inputs)
            self.encoded_features = self._merge(preprocessed, self._cross(preprocessed))
        return self.encoded_features

    def _preprocess(self, features):
        return {name: self.preprocessors[name](features[name]) for name in features}

    def _cross(self, preprocessed):
        return {c.name: self.crossers[c.name]([preprocessed[n] for n in c.feature_names])
                for c in self.crosses}

    def _ordered(self, preprocessed, crossed):
        """(name, tensor, spec) of every feature: the columns sorted by name, then the crosses
        sorted by name."""
        rows = [(n, preprocessed[n], self.features[n]) for n in sorted(preprocessed)]
        return rows + [(n, crossed[n], self.crosses_by_name[n]) for n in sorted(crossed)]

    def _make_encoder(self, name, feature, spec):
        """The first time through: a multi-hot CategoryEncoding for each one_hot feature."""
        if spec.output_mode != "one_hot":
            return
        if not feature.dtype.name.startswith("int"):
            raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. Thus its "
                             "preprocessor should return an int64 dtype. Instead it returns "
                             f"a {feature.dtype.name} dtype.")
        size = _cardinality(self.preprocessors.get(name) or self.crossers.get(name))
        if size is None:
            raise ValueError(f"Feature '{name}' has `output_mode='one_hot'`. However it isn't "
                             "a standard feature and the dimensionality of its output space "
                             "is not known, thus it cannot be one-hot encoded. Try using "
                             "`output_mode='int'`.")
        self.one_hot_encoders[name] = layers_mod.CategoryEncoding(num_tokens=size,
                                                                  output_mode="multi_hot")

    def _merge(self, preprocessed, crossed):
        first_time = not self.built
        encoded = {}
        for name, feature, spec in self._ordered(preprocessed, crossed):
            if first_time:
                self._make_encoder(name, feature, spec)
            encoder = self.one_hot_encoders.get(name)
            feature = encoder(feature) if encoder is not None else feature
            if self.output_mode == "concat" and (feature.dtype.is_integer or
                                                 feature.dtype == dtypes.string):
                raise ValueError(f"Cannot concatenate features because feature '{name}' has "
                                 f"not been encoded (it has dtype {feature.dtype.name}). "
                                 "Consider using `output_mode='dict'`.")
            encoded[name] = feature
        if self.output_mode == "dict":
            return encoded
        if self.concat is None:
            self.concat = layers_mod.Concatenate(axis=-1)
        return self.concat(list(encoded.values()))

    def __call__(self, data):
        self._check_if_built()
        if not isinstance(data, dict):
            raise ValueError("A FeatureSpace can only be called with a dict. Received: "
                             f"data={data} (of type {type(data)}")
        data = {key: convert_to_tensor(value) for key, value in data.items()}
        single = False
        for name, x in data.items():  # columns of one value per example: shape (batch, 1)
            if x.shape.rank == 0:
                data[name] = array_ops.reshape(x, [1, 1])
                single = True
            elif x.shape.rank == 1:
                data[name] = array_ops.expand_dims(x, -1)
        preprocessed = self._preprocess(data)
        merged = self._merge(preprocessed, self._cross(preprocessed))
        if not single:
            return merged
        if self.output_mode == "concat":
            return array_ops.squeeze(merged, axis=0)
        return {name: array_ops.squeeze(x, axis=0) if x.shape.rank == 2 and x.shape[0] == 1
                else x for name, x in merged.items()}

    # --- configs -------------------------------------------------------------------------------
    def get_config(self):
        return {"features": serialize_keras_object(self.features),
                "output_mode": self.output_mode,
                "crosses": serialize_keras_object(self.crosses),
                "crossing_dim": self.crossing_dim, "hashing_dim": self.hashing_dim,
                "num_discretization_bins": self.num_discretization_bins}

    @classmethod
    def from_config(cls, config):
        return cls(**config)
