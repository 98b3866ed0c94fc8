"""Which Python class a saved config names: Keras's custom-object registry.

A config records a class by name (``{"class_name": "Dense", "config": {...}}``). To make the
object again, the name is looked up, in this order, in the ``custom_objects`` passed to the
call, in the enclosing ``custom_object_scope`` blocks (innermost first), in the classes
registered with ``@register_keras_serializable`` (as ``"package>Name"``), and finally among
the built-in classes of the module at hand (``tf.keras.layers`` for layers).
"""

import threading

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


def get_registered_object(name, custom_objects=None, module_objects=None):
    found = lookup(name, custom_objects)
    if found is None and module_objects:
        found = module_objects.get(name)
    return found


def serialize(obj):
    """``{"class_name": ..., "config": obj.get_config()}``."""
    return {"class_name": get_registered_name(type(obj)), "config": obj.get_config()}


__all__ = ["CustomObjectScope", "custom_object_scope", "get_custom_objects",
           "get_registered_name", "get_registered_object", "lookup",
           "register_keras_serializable", "serialize"]
