"""``tf.compat.v1.make_template``: share a function's Variables between its calls (TF 1.x).

A function that makes its Variables with ``tf.compat.v1.get_variable`` creates new ones each
time it runs. Its template runs it under one variable scope, creating the Variables on the
first call and reusing them on every later call, so ``scale = make_template("scale", f)``
then ``scale(a)``, ``scale(b)`` use the same weights (``scale/w``).
"""

from .v1_variable_scope import _THREAD, GraphKeys, _graph, get_collection, variable_scope


class Template:
    """What ``make_template`` returns: call it like the function it wraps."""

    def __init__(self, name, func, create_scope_now=False, unique_name=None,
                 custom_getter=None, **kwargs):
        if not name:
            raise ValueError("name cannot be None.")
        self._name, self._func, self._kwargs = name, func, kwargs
        self._unique_name, self._custom_getter = unique_name, custom_getter
        self._scope = None
        self._variables_created = False
        self._eager_store = {}  # full name -> Variable, made by eager calls
        if create_scope_now:
            self._open_scope()

    def _open_scope(self):
        with variable_scope(self._unique_name, default_name=self._name,
                            custom_getter=self._custom_getter) as scope:
            self._scope = scope

    def __call__(self, *args, **kwargs):
        if self._scope is None:
            self._open_scope()
        if _graph() is None:  # eagerly there are no collections: the template keeps a store
            return self._call_eagerly(args, kwargs)
        before = {id(v) for v in get_collection(GraphKeys.TRAINABLE_VARIABLES)}
        # The first call creates the Variables; later calls must find them (reuse=True).
        with variable_scope(self._scope, reuse=True if self._variables_created else None):
            result = self._func(*args, **{**self._kwargs, **kwargs})
        if self._variables_created:
            new = [v for v in get_collection(GraphKeys.TRAINABLE_VARIABLES)
                   if id(v) not in before]
            if new:
                raise ValueError("Trainable variable created when calling a template after the "
                                 "first time, perhaps you used tf.Variable when you meant "
                                 f"tf.get_variable: {new}")
        self._variables_created = True
        return result

    def _call_eagerly(self, args, kwargs):
        saved = _THREAD.tracked_store, _THREAD.tracked_owner
        outer = saved[0]
        if outer is None:  # on its own: the template keeps its Variables
            _THREAD.tracked_store, _THREAD.tracked_owner = self._eager_store, None
        try:
            with variable_scope(self._scope):
                return self._func(*args, **{**self._kwargs, **kwargs})
        finally:
            _THREAD.tracked_store, _THREAD.tracked_owner = saved
            self._variables_created = True
            if outer is not None:  # in a tracked layer's call: the layer keeps them (and their
                # regularizers' losses), the template knows those of its scope
                inside = self._scope.name + "/"
                self._eager_store.update((name, v) for name, v in outer.items()
                                         if name.startswith(inside))

    @property
    def name(self):
        return self._name

    @property
    def func(self):
        return self._func

    @property
    def variable_scope(self):
        return self._scope

    @property
    def variable_scope_name(self):
        return None if self._scope is None else self._scope.name + "/"

    def _collection(self, key):
        if self._scope is None:
            return []
        if self._eager_store:
            return [v for v in self._eager_store.values()
                    if key != GraphKeys.TRAINABLE_VARIABLES or v.trainable]
        return get_collection(key, self._scope.name + "/")

    @property
    def variables(self):
        if self._eager_store:
            return list(self._eager_store.values())
        return self.global_variables + self.local_variables

    @property
    def trainable_variables(self):
        return self._collection(GraphKeys.TRAINABLE_VARIABLES)

    @property
    def non_trainable_variables(self):
        trainable = {id(v) for v in self.trainable_variables}
        return [v for v in self.global_variables if id(v) not in trainable]

    @property
    def global_variables(self):
        return self._collection(GraphKeys.GLOBAL_VARIABLES)

    @property
    def local_variables(self):
        return self._collection(GraphKeys.LOCAL_VARIABLES)


def make_template(name_, func_, create_scope_now_=False, unique_name_=None,
                  custom_getter_=None, **kwargs):
    """``func_`` wrapped so that all its calls share the Variables of its first call (the
    keyword arguments are passed to every call)."""
    return Template(name_, func_, create_scope_now=create_scope_now_, unique_name=unique_name_,
                    custom_getter=custom_getter_, **kwargs)
