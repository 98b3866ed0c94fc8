"""``tf.compat.v1.wrap_function``: TF 1.x-style code traced once into a callable graph.

    def f(x):
        v = tf.compat.v1.get_variable("v", shape=[], initializer=...)   # made at the trace
        return v * x
    w = tf.compat.v1.wrap_function(f, [tf.TensorSpec([], tf.float32)])
    w(tf.constant(5.0))

Unlike ``tf.function``, the function is traced exactly once, for `signature` (TensorSpecs,
and Python values passed as they are), and every wrap makes its own Variables. The result
calls like a ConcreteFunction and offers TF's ``prune(feeds, fetches)``: a function from some
tensors of the graph to others, running only what the fetches need (as a v1 Session does).
"""

import inspect

from ..core import nest
from ..core.spec import TensorSpec
from ..core.tensor import _from_numpy, convert_to_tensor
from .function import Function
from .ir import Operation, SymbolicTensor
from .session import WRAPPING, Session
from .trace_types import FunctionType, _type_text, _TypeText


class _PrintedAsConcreteFunction:
    """Prints as TF prints a ConcreteFunction (what TF's wrapped and pruned functions are)."""

    def pretty_printed_signature(self, verbose=True):
        return repr(self.function_type) if verbose else str(self.function_type)

    def __repr__(self):
        return f"<ConcreteFunction {self.pretty_printed_signature(verbose=False)} " \
               f"at 0x{id(self):X}>"

    def __str__(self):
        return f"ConcreteFunction {self.pretty_printed_signature()}"


class WrappedFunction(_PrintedAsConcreteFunction):
    """What ``wrap_function`` returns: the one trace, callable with tensors."""

    def __init__(self, concrete, signature=()):
        self._concrete = concrete
        # TF names the signature's unnamed specs after their position: tensor_0, tensor_1, ...
        self._signature = tuple(
            TensorSpec(s.shape, s.dtype, s.name or f"tensor_{i}") if isinstance(s, TensorSpec)
            else s for i, s in enumerate(signature))

    @property
    def structured_input_signature(self):
        return self._signature, {}

    @property
    def function_type(self):
        """Positional-only parameters arg_0, arg_1, ... typed by the signature."""
        params = [inspect.Parameter(f"arg_{i}", inspect.Parameter.POSITIONAL_ONLY,
                                    annotation=_TypeText(_type_text(spec)))
                  for i, spec in enumerate(self._signature)]
        captures = [(id(obj), _TypeText(_type_text(t)))
                    for obj, t in self._concrete.graph.captures]
        return FunctionType(params, _TypeText(_type_text(self._concrete.structured_outputs)),
                            captures)

    def __call__(self, *args):
        """Called with one value per graph input (TF 1.x's flat call: Python values of the
        signature were fixed by the trace)."""
        inputs = self._concrete.graph.inputs
        if len(args) != len(inputs):
            raise TypeError(f"{self._concrete.name}() takes {len(inputs)} positional "
                            f"argument(s) but {len(args)} were given.")
        return self._concrete._call_flat([convert_to_tensor(a, dtype=p.dtype)
                                          for a, p in zip(args, inputs)])

    def __getattr__(self, name):  # graph, inputs, outputs, variables, structured_outputs, ...
        return getattr(self._concrete, name)

    def prune(self, feeds, fetches, name=None, input_signature=None):
        """A function taking values for `feeds` (tensors of this graph, or their names) and
        returning `fetches` (tensors or ops of it, or their names, in the same structure)."""
        def element(x):
            return self.graph.as_graph_element(x) if isinstance(x, str) else x
        return PrunedFunction(self.graph, [element(f) for f in nest.flatten(feeds)],
                              nest.map_structure(element, fetches))


class PrunedFunction(_PrintedAsConcreteFunction):
    """``WrappedFunction.prune``'s result: the part of the graph the fetches need."""

    structured_input_signature = None  # (TF's: a pruned function takes flat tensors)

    @property
    def structured_outputs(self):
        return self._fetches

    @property
    def function_type(self):
        return FunctionType([], _TypeText(_type_text(self._fetches)), [])

    def __init__(self, graph, feeds, fetches):
        for t in feeds:
            if not isinstance(t, SymbolicTensor) or t.graph is not graph:
                raise ValueError(f"Can only prune function whose feeds are tensors of its "
                                 f"graph, got {t!r}")
        self._feeds, self._fetches = feeds, fetches
        flat = nest.flatten(fetches)
        self._tensors = [f for f in flat if isinstance(f, SymbolicTensor)]
        targets = [f for f in flat if isinstance(f, Operation)]
        self._fn = Session._compile(None, graph, self._tensors, feeds, targets)[0]

    @property
    def inputs(self):
        return list(self._feeds)

    @property
    def outputs(self):
        return list(self._tensors)

    def __call__(self, *args):
        if len(args) != len(self._feeds):
            raise TypeError(f"The pruned function takes {len(self._feeds)} argument(s), got "
                            f"{len(args)}.")
        arrays = [convert_to_tensor(a, dtype=t.dtype)._value for a, t in zip(args, self._feeds)]
        outs = iter(self._fn(*arrays))
        values = [_from_numpy(next(outs)) if isinstance(f, SymbolicTensor) else None
                  for f in nest.flatten(self._fetches)]
        return nest.pack_sequence_as(self._fetches, values)


def wrap_function(fn, signature, name=None):
    """Traces `fn` once for `signature` (Variables it makes are created then)."""
    function = Function(fn, name=name, autograph=False)
    function._wrapped = True
    args = function._canonicalize(tuple(signature), {})
    WRAPPING.append(fn)
    try:
        return WrappedFunction(function._trace_once(args, None, allow_variables=True),
                               signature)
    finally:
        WRAPPING.pop()


__all__ = ["WrappedFunction", "wrap_function"]
