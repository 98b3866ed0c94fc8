"""Which Python class a saved config names: Keras's custom-object registry.

A config records a class by name (``{"class_name": "Dense", "config": {...}}``). To make the
object again, the name is looked up, in this order, in the ``custom_objects`` passed to the
call, in the enclosing ``custom_object_scope`` blocks (innermost first), in the classes
registered with ``@register_keras_serializable`` (as ``"package>Name"``), and finally among
the built-in classes of the module at hand (``tf.keras.layers`` for layers).
"""

import threading
import types

import numpy as np

_REGISTERED = {}  # "package>Name" -> class (and what get_custom_objects() returns)
_NAMES = {}  # class -> "package>Name"
_scopes = threading.local()


def register_keras_serializable(package="Custom", name=None):
    """Class (or function) decorator: saved configs name it ``"package>Name"`` and loading
    finds it without ``custom_objects``."""
    def decorator(cls):
        key = f"{package}>{name or cls.__name__}"
        if key in _REGISTERED:
            raise ValueError(f"{key} has already been registered to {_REGISTERED[key]}")
        if isinstance(cls, type) and not hasattr(cls, "get_config"):  # functions need none
            raise ValueError("Cannot register a class that does not have a get_config() "
                             "method.")
        _REGISTERED[key] = cls
        _NAMES[cls] = key
        return cls
    return decorator


def get_registered_name(obj):
    """``"package>Name"`` for a registered class, else the class's own name."""
    return _NAMES.get(obj, getattr(obj, "__name__", None))


def get_custom_objects():
    """The global registry (a dict that may also be filled by hand: name -> class)."""
    return _REGISTERED


class CustomObjectScope:
    """``with custom_object_scope({"MyLayer": MyLayer}):`` -- names that configs loaded
    inside the block may use."""

    def __init__(self, *objects):
        self.objects = {}
        for mapping in objects:
            self.objects.update(mapping or {})

    def __enter__(self):
        stack = getattr(_scopes, "stack", None)
        if stack is None:
            stack = _scopes.stack = []
        stack.append(self.objects)
        return self

    def __exit__(self, *exc):
        _scopes.stack.pop()
        return False


custom_object_scope = CustomObjectScope


def lookup(name, custom_objects=None):
    """The class (or function) a config's `name` means, or None if no registry has it."""
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    for scope in reversed(getattr(_scopes, "stack", None) or []):
        if name in scope:
            return scope[name]
    return _REGISTERED.get(name)


def unknown_object_error(kind, name):
    """TF's ValueError for a name that no registry, scope or module holds (`kind`: "layer",
    "initializer", "loss function", ...), pointing at how to register the class."""
    return ValueError(f"Unknown {kind}: '{name}'. Please ensure you are using a "
                      "`keras.utils.custom_object_scope` and that this object is included in "
                      "the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
                      "#registering_the_custom_object for details.")


def get_registered_object(name, custom_objects=None, module_objects=None):
    found = lookup(name, custom_objects)
    if found is None and module_objects:
        found = module_objects.get(name)
    return found


def is_builtin(cls):
    """Whether `cls` is one of eagerbook's own classes (not a user's, not registered)."""
    return cls.__module__.startswith("eagerbook.") and cls not in _NAMES


def keras_object_entry(obj, module, config=None, class_name=None):
    """Keras 2.13's form of a saved object: where its class lives (`module`, e.g.
    ``"keras.initializers"`` for a built-in; the user's module, None for a script's own
    classes), its name, its config, and the name it is registered under (None for built-ins;
    the class name or ``"package>Name"`` for the user's, which loading looks up first)."""
    cls = type(obj)
    builtin = is_builtin(cls)
    if not builtin:
        module = None if cls.__module__ == "__main__" else cls.__module__
    config = _plain_numbers(obj.get_config() if config is None else config)
    if isinstance(config, dict) and any(map(_is_type_spec, config.values())):
        config = {key: typespec_entry(value) if _is_type_spec(value) else value
                  for key, value in config.items()}  # (an Input's type_spec)
    entry = {"module": module,
             "class_name": class_name or cls.__name__,
             "config": config,
             "registered_name": None if builtin else get_registered_name(cls)}
    # A built layer or model also keeps how it was built (``get_build_config``), so that
    # loading can build it before its weights are restored.
    build_config = obj.get_build_config() if hasattr(obj, "get_build_config") else None
    if build_config:
        entry["build_config"] = build_config
    return entry


# TF's modules of the TypeSpecs a config may hold, and each one's config (its _serialize()).
_TYPE_SPECS = {
    "TensorSpec": ("tensorflow.python.framework.tensor",
                   lambda s: [s.shape.as_list(), s.dtype.name, s.name]),
    "RaggedTensorSpec": ("tensorflow.python.ops.ragged.ragged_tensor",
                         lambda s: [s.shape.as_list(), s.dtype.name, s.ragged_rank,
                                    s.row_splits_dtype.name]),
    "SparseTensorSpec": ("tensorflow.python.framework.sparse_tensor",
                         lambda s: [s.shape.as_list(), s.dtype.name]),
}


def _is_type_spec(value):
    return type(value).__name__ in _TYPE_SPECS and hasattr(value, "shape")


def typespec_entry(spec):
    """A TypeSpec as TF writes it in a config (``{"class_name": "__typespec__", ...}``)."""
    module, config = _TYPE_SPECS[type(spec).__name__]
    return {"class_name": "__typespec__", "spec_name": type(spec).__name__, "module": module,
            "config": config(spec), "registered_name": None}


def _type_spec_from_entry(entry):
    from ..core.spec import TensorSpec  # (the core sits below the Keras registry)
    from ..ops.ragged_ops import RaggedTensorSpec
    from ..ops.sparse_ops import SparseTensorSpec

    kind = {"TensorSpec": TensorSpec, "RaggedTensorSpec": RaggedTensorSpec,
            "SparseTensorSpec": SparseTensorSpec}[entry["spec_name"]]
    return kind(*entry["config"])


def _plain_numbers(value):
    """NumPy scalars (and 0-d arrays) in a config as Python numbers, as TF's serialization
    writes them: a ReLU's max_value, a floatx array in its own config, is 6.0 in its entry.
    What holds none is returned as it is (a tracked list stays one)."""
    if isinstance(value, np.generic) or (isinstance(value, np.ndarray) and value.ndim == 0):
        return value.item()
    if isinstance(value, dict):
        plain = {key: _plain_numbers(item) for key, item in value.items()}
        return plain if any(plain[key] is not value[key] for key in value) else value
    if type(value) in (list, tuple):
        plain = [_plain_numbers(item) for item in value]
        return type(value)(plain) if any(a is not b for a, b in zip(plain, value)) else value
    return value


def entry_class_name(entry):
    """The name to look a saved entry's class up by: its registered name when it has one
    (``"package>Name"``), else its class name."""
    return entry.get("registered_name") or entry["class_name"]


# The base class of each kind (by where it is defined: this module imports none of them),
# and where TF's Keras keeps that kind. Metric comes before Layer, its own base.
_KINDS = {("eagerbook.keras.metrics", "Metric"): "keras.metrics",
          ("eagerbook.keras.layers.base", "Layer"): "keras.layers",
          ("eagerbook.keras.initializers", "Initializer"): "keras.initializers",
          ("eagerbook.keras.regularizers", "Regularizer"): "keras.regularizers",
          ("eagerbook.keras.constraints", "Constraint"): "keras.constraints",
          ("eagerbook.keras.losses", "Loss"): "keras.losses",
          # (Keras 2's optimizers, which eagerbook's are, live in keras.optimizers.legacy)
          ("eagerbook.keras.optimizers.optimizer", "Optimizer"): "keras.optimizers.legacy"}


def _builtin_module(obj):
    """Where TF's Keras keeps the built-in kind `obj` is, for `keras_object_entry`."""
    for cls in type(obj).__mro__:  # (the most derived kind first: Metric before Layer)
        module = _KINDS.get((cls.__module__, cls.__name__))
        if module is not None:
            return module
    return "keras"


def serialize(obj):
    """``{"module": ..., "class_name": ..., "config": obj.get_config(), "registered_name":
    ...}`` (Keras 2.13's form). A functional model is class ``Functional``; Sequential lives
    in ``keras``."""
    if getattr(obj, "_is_graph_network", False) and not getattr(obj, "_is_sequential", False) \
            and type(obj).__name__ in ("Model", "Functional") and is_builtin(type(obj)):
        entry = keras_object_entry(obj, None, class_name="Functional")
        entry.update(module="keras.engine.functional", registered_name="Functional")
        return entry
    module = "keras" if type(obj).__name__ == "Sequential" else _builtin_module(obj)
    return keras_object_entry(obj, module)


def deserialize_keras_object(identifier, module_objects=None, custom_objects=None,
                             printable_module_name="object"):
    """``tf.keras.utils.deserialize_keras_object``: the object a `serialize` entry describes
    (its class found in `custom_objects`, the open scopes, the registry, `module_objects`, then
    among the built-ins of the entry's ``module``); a name is looked up the same way and
    comes back unchanged when nothing has it, as in TF."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        found = get_registered_object(identifier, custom_objects, module_objects)
        return identifier if found is None else found
    if not isinstance(identifier, dict):
        return identifier
    special = _deserialize_special(identifier, custom_objects, module_objects)
    if special is not None:
        return special
    cls = None
    for name in dict.fromkeys((entry_class_name(identifier), identifier["class_name"])):
        cls = cls or get_registered_object(name, custom_objects, module_objects) or \
            _builtin_class(identifier.get("module"), name)
    if cls is None:
        raise TypeError(f"Could not locate class '{identifier['class_name']}'. Make sure custom "
                        "classes are decorated with `@keras.saving.register_keras_serializable()"
                        f"`. Full object config: {identifier}")
    config = identifier.get("config", {})
    if not hasattr(cls, "from_config"):
        return cls(**config)
    try:
        return cls.from_config(config, custom_objects=custom_objects)
    except TypeError:  # a from_config without custom_objects
        return cls.from_config(config)


def _builtin_class(module, name):
    """Built-in class `name` of the Keras module a Keras 2.13 entry names (``keras.layers``)."""
    import importlib

    if not module or not (module == "keras" or module.startswith("keras.")):
        return None
    # (then the enclosing module: AdamW is in keras.optimizers, not in its legacy namespace)
    for where in dict.fromkeys((module, module.rpartition(".")[0] or module)):
        try:
            found = getattr(importlib.import_module(f"eagerbook.{where}"), name, None)
        except ImportError:
            continue
        if isinstance(found, type):
            return found
    return None


def serialize_keras_object(instance):
    """``tf.keras.utils.serialize_keras_object`` (Keras 2.13's form): None, names and numbers
    as they are; lists, tuples and dicts item by item; a function as ``{"module": "builtins",
    "class_name": "function", "config": <its registered name>, "registered_name": "function"}``;
    a tensor or NumPy array by its values; a shape as a list, a dtype by its name; any Keras
    object by its config (see `serialize`)."""
    if instance is None or isinstance(instance, (str, int, float, bool)):
        return instance
    if isinstance(instance, (list, tuple)):
        return type(instance)(serialize_keras_object(item) for item in instance)
    if isinstance(instance, dict):
        return {key: serialize_keras_object(value) for key, value in instance.items()}
    if isinstance(instance, bytes):
        return {"class_name": "__bytes__", "config": {"value": instance.decode("utf-8")}}
    if isinstance(instance, (types.FunctionType, types.BuiltinFunctionType)):
        return {"module": "builtins", "class_name": "function",
                "config": get_registered_name(instance), "registered_name": "function"}
    if hasattr(instance, "get_config"):
        return serialize(instance)
    if hasattr(instance, "as_list"):  # a TensorShape
        return instance.as_list() if instance.rank is not None else None
    if hasattr(instance, "as_numpy_dtype"):  # a DType
        return instance.name
    if isinstance(instance, np.generic):
        return instance.item()
    if isinstance(instance, np.ndarray):
        return {"class_name": "__numpy__",
                "config": {"value": instance.tolist(), "dtype": instance.dtype.name}}
    if hasattr(instance, "numpy") and hasattr(instance, "dtype"):  # a tensor
        return {"class_name": "__tensor__",
                "config": {"value": instance.numpy().tolist(), "dtype": instance.dtype.name}}
    return get_registered_name(instance)


def _deserialize_special(identifier, custom_objects, module_objects):
    """The objects `serialize_keras_object` writes without a class: a function (looked up by
    name as a class is, then among Keras's activations, losses and metrics), bytes, a tensor,
    a NumPy array. None for an ordinary class entry."""
    kind, config = identifier.get("class_name"), identifier.get("config")
    if kind == "function" and identifier.get("module") == "builtins":
        found = get_registered_object(config, custom_objects, module_objects)
        if found is None:
            import importlib

            for where in ("activations", "losses", "metrics"):
                module = importlib.import_module(f"eagerbook.keras.{where}")
                found = found or getattr(module, config, None)
        if found is None:
            raise TypeError(f"Could not locate function '{config}'. Make sure custom functions "
                            "are decorated with `@keras.saving.register_keras_serializable()`. "
                            f"Full object config: {identifier}")
        return found
    if kind == "__typespec__":
        return _type_spec_from_entry(identifier)
    if kind == "__bytes__":
        return config["value"].encode("utf-8")
    if kind == "__numpy__":
        return np.array(config["value"], dtype=config["dtype"])
    if kind == "__tensor__":
        from ..core.tensor import convert_to_tensor  # (the core sits below the Keras registry)

        return convert_to_tensor(np.array(config["value"], dtype=config["dtype"]))
    return None


__all__ = ["CustomObjectScope", "custom_object_scope", "deserialize_keras_object",
           "entry_class_name", "get_custom_objects", "get_registered_name", "get_registered_object",
           "is_builtin", "keras_object_entry", "lookup", "register_keras_serializable",
           "serialize", "serialize_keras_object"]
