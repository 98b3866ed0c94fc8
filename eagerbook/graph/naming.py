"""Names of traced ops, as TF's Python API gives them.

TF names a node after the Python call that made it, not only after its op type:

    x + 1.0              add/y (Const), add (AddV2)       an operator: its lowercase name
    tf.add(x, 1.0)       Add/y, Add                        a function: its own default
    tf.reduce_sum(y)     Sum                                most functions: the op type
    tf.reduce_sum(y, name="total")   total                 the user's name
    with tf.name_scope("blk"): tf.nn.relu(y)   blk/Relu    the scopes open at the call
    x[0]                 strided_slice                     (and a second one strided_slice_1)

The tracer learns which call made an op from the Python stack while it traces (never while
code runs eagerly: this costs nothing outside tracing). The *call* is the outermost eagerbook
frame under the user's code (AutoGraph's converted_call does not count, and neither do thin
wrappers taking ``*args``); all ops made during that one call form a group:

- a call with a scope name (the user's ``name=``, or TF's name for the function or operator,
  ``add``, ``strided_slice``, ``concat``, ...) names its last op after the scope and the ops
  before it ``scope/<OpType>``;
- any other call names each op after its type (``Sum``, ``Relu``, ``MatMul``);
- a constant or a Variable read the call made for an argument is named after the op that
  takes it, as TF converts arguments inside the op's scope: ``add/y``, ``MatMul/b``,
  ``sequential/dense/MatMul/ReadVariableOp``.

Names are unique per graph with TF's rule: ``add``, ``add_1``, ..., compared without case, so
``tf.add`` after ``+`` is ``Add_1``.
"""

import contextlib
import dis
import inspect
import sys

from ..core import context, nest

# --- TF's scope names ---------------------------------------------------------------------------
# Operators TF names in lowercase (x + y is "add", x[i] "strided_slice"); comparisons, -x and
# ~x are named after their op type (Greater, Neg, LogicalNot).
_OPERATOR_NAMES = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv",
                   "%": "mod", "**": "pow", "@": "matmul", "&": "and", "|": "or", "^": "xor"}
_BINARY_OP = dis.opmap.get("BINARY_OP")
_BINARY_SUBSCR = dis.opmap.get("BINARY_SUBSCR")
_CACHE = dis.opmap.get("CACHE", -1)
_NB_SYMBOLS = [symbol.rstrip("=") for _, symbol in getattr(dis, "_nb_ops", ())]

# Functions whose TF default name is not their op's type: tf.add's node is "Add" (its op is
# AddV2), tf.concat's "concat", tf.zeros's "zeros". Keyed by the eagerbook function's name.
_FUNCTION_NAMES = {
    "add": "Add", "subtract": "Sub", "multiply": "Mul", "divide": "truediv",
    "truediv": "truediv", "pow": "Pow", "matmul": "MatMul", "concat": "concat",
    "stack": "stack", "transpose": "transpose", "zeros": "zeros", "ones": "ones",
    "range": "range", "one_hot": "one_hot", "clip_by_value": "clip_by_value",
    "zeros_like": "zeros_like", "ones_like": "ones_like", "tensor_getitem": "strided_slice",
    "reduce_std": "reduce_std", "reduce_variance": "reduce_variance",
}

# Functions that open a name scope (theirs, or the user's name=) and name their ops after
# their types inside it (tf.linalg.triangular_solve: triangular_solve/MatrixTriangularSolve).
_SCOPE_FUNCTIONS = {"triangular_solve": "triangular_solve"}

# Op types whose TF default name differs from the type wherever they come from.
_TYPE_NAMES = {"If": "cond", "StatelessIf": "cond", "While": "while",
               "StatelessWhile": "while"}

_ASSIGNMENTS = frozenset(("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"))

# Ops TF makes while converting a call's arguments (named after the op that takes them).
ARGUMENT_OPS = frozenset(("Const", "ReadVariableOp"))


def _function_name_of(function):
    return _FUNCTION_NAMES.get(function) or _SCOPE_FUNCTIONS.get(function)


def default_name(type_):
    return _TYPE_NAMES.get(type_, type_)


# --- which call is making ops -------------------------------------------------------------------
# What kind of code a frame runs: the user's, eagerbook's, or AutoGraph's runtime
# (converted_call, if_stmt, ...), which is eagerbook's but stands for the user's code. Every
# traced op walks the stack, so each code object's kind is remembered (a code object belongs
# to one module for life; the table is cleared when large, as notebooks compile often).
# FORWARDER: eagerbook's code that hands its arguments on (see _is_forwarder).
# The table is keyed by id(code): hashing a code object hashes its names and constants anew
# every time. _CODES holds the code objects, so no id is reused while it is a key.
USER, EAGERBOOK, AUTOGRAPH, FORWARDER = 0, 1, 2, 3
_KINDS = {}
_CODES = []


def _kind(frame):
    code = frame.f_code
    kind = _KINDS.get(id(code))
    if kind is None:
        module = frame.f_globals.get("__name__") or ""
        kind = USER if module in _LIKE_USER_CODE or (
            module != "eagerbook" and not module.startswith("eagerbook.")) else \
            AUTOGRAPH if module.startswith("eagerbook.graph.autograph") else \
            FORWARDER if _is_forwarder(code) else EAGERBOOK
        if len(_KINDS) > 50_000:
            _KINDS.clear()
            _CODES.clear()
        _KINDS[id(code)] = kind
        _CODES.append(code)
    return kind


# eagerbook modules written as TF writes them, as Python code calling public ops (TF 1.x's
# functional layers and metrics): the ops they make are named as if the user had made those calls
# (``fc1/MatMul``, ``fc1/BiasAdd`` inside the layer's scope), not after the layer function.
_LIKE_USER_CODE = frozenset(("eagerbook.api.compat.v1_layers", "eagerbook.api.compat.v1_metrics"))


def _is_forwarder(code):
    """A wrapper that hands its arguments on (the functional-model hook around tf.*
    functions, the ragged dispatch of tf.concat, a Variable's operators): the call it
    forwards to names the ops."""
    return bool(code.co_flags & inspect.CO_VARARGS) or code.co_name in _WRAPPER_NAMES


_WRAPPER_NAMES = frozenset(("op", "wrapper", "wrapped", "delegate", "swapped"))


def current_call():
    """(outermost eagerbook frame of the current call, the frame that names it, the user's
    frame that called it); (None, None, None) when no user code is on the stack. Called by
    Namer._enter_call from name_for from Graph.create_op: the walk starts at create_op's
    caller (each frame it passes costs a frame object; those three are always eagerbook's)."""
    frame = sys._getframe(4)
    outer = named = None  # the outermost eagerbook frame, the outermost non-forwarder
    while frame is not None:
        kind = _KINDS.get(id(frame.f_code))  # (_kind, spelled out: this runs per frame per op)
        if kind is None:
            kind = _kind(frame)
        if kind == USER:
            break
        if kind == EAGERBOOK:
            outer = named = frame
        elif kind == FORWARDER:
            outer = frame
        frame = frame.f_back
    if outer is None:
        return None, None, frame
    return outer, named or outer, frame


def _operator_name(caller):
    """TF's name for the operator the user's frame is executing: None for a call, "" for an
    operator named after its op type (``x > 0`` is ``Greater``)."""
    if caller is None:
        return None
    code, at = caller.f_code.co_code, caller.f_lasti
    while at > 0 and code[at] == _CACHE:  # (f_lasti may point at the instruction's caches)
        at -= 2
    if at < 0 or at + 1 >= len(code):
        return None
    opcode = code[at]
    if dis.opname[opcode].startswith(("CALL", "PRECALL")):
        return None
    if opcode == _BINARY_SUBSCR:
        return "strided_slice"
    if opcode == _BINARY_OP and code[at + 1] < len(_NB_SYMBOLS):
        return _OPERATOR_NAMES.get(_NB_SYMBOLS[code[at + 1]], "")
    return ""


def _user_name(frame):
    """The `name=` the user passed to the call (None if the function takes no name)."""
    code = frame.f_code
    params = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    if "name" not in params:
        return None
    name = frame.f_locals.get("name")
    return name if isinstance(name, str) and name else None


def definition_site(frame, only=False):
    """The user's frames from `frame` (the innermost user frame) outwards, outermost first, as
    (file, line, function): where a node is defined, which TF's errors name (``Detected at node
    ... defined at``). `only`: `frame` alone."""
    site = []
    while frame is not None:
        kind = _KINDS.get(id(frame.f_code))
        if kind is None:
            kind = _kind(frame)
        if kind == USER:
            code = frame.f_code
            site.append((code.co_filename, frame.f_lineno, _function_name(code)))
        frame = None if only else frame.f_back
    return tuple(reversed(site))


def frame_summary(code, at):
    """(file, line, function) of a frame of `code` stopped at instruction offset `at` (its
    f_lasti): what definition_site lists for it, read later from what the tracer kept."""
    line = code.co_firstlineno
    for start, end, number in code.co_lines():
        if start <= at < end:
            line = number if number is not None else line
            break
    return code.co_filename, line, _function_name(code)


def _function_name(code):
    name = code.co_name
    return name[4:] if name.startswith("tf__") else name  # (AutoGraph's converted functions)


@contextlib.contextmanager
def outside_name_scopes():
    """No name scope open meanwhile (this thread): a weight made inside is named by its own
    scopes only (a layer called on KerasTensors inside another layer's call names its weights
    `dense/kernel:0`; a variable scope's get_variable, whatever name scope is open)."""
    here = context.thread_state()
    saved, here.name_scopes = here.name_scopes, []
    try:
        yield
    finally:
        here.name_scopes = saved


def scope_prefix():
    scopes = context.state.name_scopes
    return "/".join(scopes) + "/" if scopes else ""


# --- the namer ----------------------------------------------------------------------------------
class Namer:
    """Names the ops of one FuncGraph as they are created (see the module docstring)."""

    def __init__(self, graph):
        self.graph = graph
        self.forget_call()

    def forget_call(self):
        """Lets go of the current call (its frame holds the caller's locals)."""
        self.frame = self  # the frame that names the current call (self: no call yet)
        self.caller = None  # the user's frame making the op being named
        self.outer_site = (None, None, ())  # (a frame, where it stopped, the site out from it)
        self.scope = None  # the call's scope name: the user's name=, TF's name, or None
        self.user_named = False
        self.inside_scope = False  # every op of the call under the scope (_SCOPE_FUNCTIONS)
        self.base = None  # `scope` made unique, taken when the call makes its first op
        self.holder = None  # the op of this call now named `base`
        self.arguments = {}  # id(op) -> op: Consts/reads of this call not yet taken by an op
        self.taken = {}  # name -> [(argument op, label)]: the arguments named under it
        self.identity_of = {}  # id(returned tensor) -> its output Identity (the trace's end)

    def scope_name(self, name):
        """The name ``tf.name_scope(name)`` enters now (``scope_for``)."""
        return scope_for(name)

    def output_identities(self, outputs):
        """The function's outputs, each through an Identity node as in TF (``Identity``,
        ``Identity_1``, ...: what ``concrete.outputs`` names). Free when the function runs:
        the simplify pass removes them (compiled code would only alias the value)."""
        from ..ops.registry import REGISTRY  # (ops build on the graph package's modules)
        identity = REGISTRY["Identity"]
        identities = [self.graph.create_op("Identity", (t,), {}, [(t._dtype, t._shape)],
                                           opdef=identity, name="Identity").outputs[0]
                      for t in outputs]
        self.identity_of = {id(t): out for t, out in zip(outputs, identities)}
        return identities

    def structured_outputs(self, result):
        """`result` with each tensor the function returns replaced by its Identity node's
        output, as TF's ``concrete.structured_outputs`` holds them."""
        if not self.identity_of:
            return result
        return nest.map_structure(lambda leaf: self.identity_of.get(id(leaf), leaf), result)

    def _enter_call(self):
        outer, named, caller = current_call()
        self.caller = caller  # (created() starts the definition site there, then lets go)
        if named is self.frame:
            return
        outer_site = self.outer_site  # (kept from call to call: see site_out_from)
        self.forget_call()
        self.caller, self.outer_site = caller, outer_site
        self.frame = named
        if named is None:
            return
        scope = _user_name(named)
        self.user_named = scope is not None
        function = named.f_code.co_name
        self.inside_scope = function in _SCOPE_FUNCTIONS
        if scope is None and outer.f_back is caller:
            operator = _operator_name(caller)
            scope = operator if operator is not None else _function_name_of(function)
        elif scope is None:
            scope = _function_name_of(function)
        self.scope = scope or None

    def name_for(self, type_, inputs, opdef=None):
        """The name of a new op of `type_` taking `inputs`. In a call with a scope name the
        new op takes that name, and the op that held it moves under it; a constant or a
        Variable read made before the call's first op is named after its type until an op
        takes it (a Variable's `v * x` reads v before the multiplication, as in TF)."""
        self._enter_call()
        argument = type_ in ARGUMENT_OPS
        if self.base is None and self.scope and (not argument or self.user_named):
            self.base = self.graph.unique_name(scope_prefix() + self.scope)
        if self.base is None:
            return self.graph.unique_name(scope_prefix() + default_name(type_))
        if self.inside_scope:
            return self.graph.unique_name(f"{self.base}/{default_name(type_)}")
        if argument and self.holder is not None:
            return self.graph.unique_name(f"{self.base}/{default_name(type_)}")
        holder = self.holder
        if holder is not None:
            self._move(holder, f"{self.base}/{default_name(holder.type)}")
        self._name_arguments(self.base, type_, inputs, opdef)
        return self.base

    def created(self, op):
        """Bookkeeping after `op` (named by name_for) joined the graph."""
        caller = self.caller
        if caller is None:
            op._site = ()
        else:  # (the caller's own line is read only if asked: Operation.site)
            op._site = self.site_out_from(caller)
            op._site_code, op._site_at = caller.f_code, caller.f_lasti
            self.caller = None
        if self.base is not None and op.name == self.base:
            self.holder = op
        elif op.type not in ARGUMENT_OPS:
            self._name_arguments(op.name, op.type, op.inputs, op.opdef)
        if op.type in ARGUMENT_OPS:
            self.arguments[id(op)] = op

    def site_out_from(self, frame):
        """definition_site of the frames out from `frame`'s caller, remembered: the ops of one
        trace mostly share it (a loop body's caller is the same AutoGraph frame every turn),
        and walking the whole stack for every op cost more than all the rest of naming."""
        back = frame.f_back
        if back is None:  # (the outermost frame: a script's own code)
            return ()
        outer, at, site = self.outer_site
        if outer is not back or at != back.f_lasti:  # (stopped elsewhere: walk again)
            site = definition_site(back)
            self.outer_site = back, back.f_lasti, site
        return site

    def _name_arguments(self, name, type_, inputs, opdef):
        """Argument ops of this call that `inputs` take go under the taking op: ``add/y``
        (not under a Variable assignment: TF converts its value before)."""
        if type_ in _ASSIGNMENTS:
            return
        for i, t in enumerate(inputs):
            arg = self.arguments.pop(id(t._op), None)
            if arg is not None:
                label = argument_label(arg, type_, len(inputs), i, opdef)
                self._rename(arg, f"{name}/{label}")
                self.taken.setdefault(name, []).append((arg, label))

    def _move(self, op, name):
        """Renames the former holder of the scope name, and the arguments named under it."""
        old = op.name
        self._rename(op, name)
        for arg, label in self.taken.pop(old, ()):
            self._rename(arg, f"{op.name}/{label}")

    def _rename(self, op, name):
        if op.name != self.base:  # (the scope name stays taken: its new holder comes)
            self.graph._release_name(op.name)
        self.graph.rename_op(op, self.graph.unique_name(name), release=False)


def argument_label(arg, consumer_type, n_inputs, position, opdef=None):
    """TF's name, under the op taking it, of a Const or Variable read made for an argument:
    ``x``/``y`` for a binary op's operands, else the op's input name (``Reshape/shape``)."""
    if arg.type == "ReadVariableOp":
        return "ReadVariableOp"
    if n_inputs == 2 and (opdef is None or opdef.elementwise or opdef.broadcasts):
        return "xy"[position]
    if opdef is not None:
        names = _input_names(opdef)
        if position < len(names):
            return names[position]
    return "Const"


_INPUT_NAMES = {}


def _input_names(opdef):
    """The names of an op's inputs: its kernel's positional parameters."""
    names = _INPUT_NAMES.get(id(opdef))
    if names is None:
        try:
            params = inspect.signature(opdef.kernel).parameters.values()
            names = [p.name for p in params
                     if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        except (TypeError, ValueError):
            names = []
        _INPUT_NAMES[id(opdef)] = names
    return names


def scope_for(name):
    """The name `tf.name_scope(name)` enters while a graph is traced: unique in the graph
    when the user opens it (a second ``blk`` is ``blk_1``), as it is when eagerbook opens it
    (a Keras layer re-enters ``sequential/dense`` on every call, as in TF)."""
    graph = context.state.graph
    if graph is None or not hasattr(graph, "unique_name") or not _opened_by_user():
        return name
    return graph.unique_name(scope_prefix() + name).rsplit("/", 1)[-1]


def _opened_by_user():
    frame = sys._getframe(1)
    while frame is not None:
        module = frame.f_globals.get("__name__") or ""
        if module not in ("contextlib", "eagerbook.core.context", "eagerbook.api.toplevel_extras",
                          "eagerbook.graph.ir", __name__):  # (ir: graph.name_scope; the last:
            # tf.name_scope's class)
            return _kind(frame) not in (EAGERBOOK, FORWARDER)
        frame = frame.f_back
    return True
