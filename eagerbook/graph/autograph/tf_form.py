"""``tf.autograph.to_code`` in the form TF's AutoGraph writes (what its guides print).

eagerbook's converter (conversion.py) passes the variables of an ``if`` or a loop in and out of
the branch functions; TF's writes them through ``nonlocal`` with ``get_state``/``set_state``,
wraps every load in ``ag__.ld``, every ``return`` in a ``do_return``/``retval_`` block, and
passes ``fscope`` to ``converted_call``. This module writes that form for the statements TF's
guides show: assignments, expressions, ``return``, ``if``/``else`` (nested, returning or not)
and ``while``/``for`` loops without ``break`` or ``return`` (a ``continue`` becomes TF's
``continue_`` flag, the statements after it guarded by ``if not continue_``). The rarer
statements raise ``Unsupported``: ``to_code`` then shows this engine's own converted code,
which is what runs in either case.
"""

import ast
import copy

_OPTIONS = ("ag__.ConversionOptions(recursive=True, user_requested=True, optional_features=(), "
            "internal_convert_user_code=True)")
_RETURN_STATE = ("do_return", "retval_")


class Unsupported(Exception):
    """A statement or expression this module does not write in TF's form."""


def render(node, options=_OPTIONS, convert_asserts=False):
    """TF's converted source of function `node` (an ``ast.FunctionDef``), as a string.
    `options`: the ConversionOptions source; `convert_asserts`: the ASSERT_STATEMENTS feature
    (``assert`` -> ``ag__.assert_stmt``)."""
    node = copy.deepcopy(node)
    body = _returns_moved_into_else(node.body)
    returns = any(isinstance(n, ast.Return) for s in body for n in _walk_statement(s))
    writer = _Writer([a.arg for a in node.args.posonlyargs + node.args.args +
                      node.args.kwonlyargs] + [a.arg for a in (node.args.vararg,
                                                               node.args.kwarg) if a],
                     convert_asserts)
    converted = writer.statements(body, later_reads=set(_RETURN_STATE) if returns else set())
    if returns:
        converted = ast.parse("do_return = False\nretval_ = ag__.UndefinedReturnValue()").body \
            + converted + ast.parse("return fscope.ret(retval_, do_return)").body
    scope = ast.parse(f"with ag__.FunctionScope({node.name!r}, 'fscope', {options}) as "
                      f"fscope:\n    pass").body[0]
    scope.body = converted
    node.body, node.decorator_list, node.returns = [scope], [], None
    node.name = "tf__" + node.name
    return ast.unparse(ast.fix_missing_locations(node)) + "\n"


def _walk_statement(statement):
    """The nodes of `statement`, not looking into nested functions, lambdas or classes."""
    pending = [statement]
    while pending:
        n = pending.pop()
        yield n
        for child in ast.iter_child_nodes(n):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                      ast.ClassDef)):
                pending.append(child)


def _always_returns(statements):
    last = statements[-1] if statements else None
    if isinstance(last, ast.Return):
        return True
    return isinstance(last, ast.If) and _always_returns(last.body) and \
        _always_returns(last.orelse)


def _returns_moved_into_else(statements):
    """TF's return rewrite on a statement list: what follows an ``if`` whose body always
    returns becomes its ``else``; what follows a return is never reached."""
    out = []
    for i, statement in enumerate(statements):
        if isinstance(statement, ast.Return):
            out.append(statement)
            return out
        if isinstance(statement, ast.If):
            statement.body = _returns_moved_into_else(statement.body)
            statement.orelse = _returns_moved_into_else(statement.orelse)
            rest = statements[i + 1:]
            if rest and _always_returns(statement.body) and not statement.orelse:
                statement.orelse = _returns_moved_into_else(rest)
                out.append(statement)
                return out
            returning = [n for s in statement.body + statement.orelse
                         for n in _walk_statement(s) if isinstance(n, ast.Return)]
            if returning and not (_always_returns(statement.body) and
                                  _always_returns(statement.orelse)):
                raise Unsupported("a return that only some paths reach")
        out.append(statement)
    return out


def _stored_names(statements):
    names = set()
    for statement in statements:
        for n in _walk_statement(statement):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                names.add(n.id)
            elif isinstance(n, ast.Return):
                names.update(_RETURN_STATE)
    return names


def _read_names(statements):
    return {n.id for statement in statements for n in ast.walk(statement)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


class _Writer:
    """Writes statements in TF's form; numbers the branch functions as TF does (innermost
    first: ``if_body``, then ``if_body_1``...)."""

    def __init__(self, parameters, convert_asserts=False):
        self.defined = set(parameters)
        self.counts = {}  # base name -> how many functions of that name were written
        self.convert_asserts = convert_asserts

    def suffix(self, base):
        """TF's namer: each base name (get_state, if_body, loop_body...) numbered apart."""
        n = self.counts.get(base, 0)
        self.counts[base] = n + 1
        return f"_{n}" if n else ""

    def statements(self, statements, later_reads):
        out = []
        for i, statement in enumerate(statements):
            after = later_reads | _read_names(statements[i + 1:])
            out.extend(self.statement(statement, after))
        return out

    def statement(self, s, later_reads):
        if isinstance(s, ast.Return):
            if s.value is None:
                raise Unsupported("a return without a value")
            block = ast.parse("try:\n    do_return = True\n    retval_ = None\nexcept:\n"
                              "    do_return = False\n    raise").body[0]
            block.body[1].value = _expression(s.value)
            return [block]
        if isinstance(s, ast.If):
            return self.if_statement(s, later_reads)
        if isinstance(s, (ast.While, ast.For)) and not s.orelse:
            return self.loop(s, later_reads)
        if isinstance(s, ast.Assign):
            s.value = _expression(s.value)
            s.targets = [_target(t) for t in s.targets]
            self.defined |= _stored_names([s])
            return [s]
        if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name):
            s.value = _expression(s.value, loads=False)  # (TF reloads the target only)
            self.defined.add(s.target.id)
            reload = ast.parse(f"{s.target.id} = ag__.ld({s.target.id})").body[0]
            return [reload, s]
        if isinstance(s, ast.Expr):
            s.value = _expression(s.value)
            return [s]
        if isinstance(s, ast.Pass):
            return [s]
        if isinstance(s, ast.Assert):
            return [self.assert_statement(s)]
        raise Unsupported(type(s).__name__)

    def assert_statement(self, s):
        """``assert`` stays Python's (its test in TF's form), or with ASSERT_STATEMENTS
        becomes ``ag__.assert_stmt(test, lambda: message)``."""
        if not self.convert_asserts:
            s.test = _expression(s.test)
            return s
        message = s.msg if s.msg is not None else ast.Constant(value="Assertion error")
        return ast.Expr(value=_ag_call("assert_stmt", [_expression(s.test),
                                                       _thunk(_expression(message))]))

    def if_statement(self, s, later_reads):
        defined_before = set(self.defined)
        body = self.statements(s.body, later_reads)
        orelse = self.statements(s.orelse, later_reads)
        state = sorted(n for n in _stored_names(s.body + s.orelse)
                       if n in later_reads or n in _RETURN_STATE)
        if not state:
            raise Unsupported("an if that changes no variable read later")
        suffix, branch = self.suffix("get_state"), self.suffix("if_body")
        names = ", ".join(state)
        unpacked = state[0] + "," if len(state) == 1 else names
        listed = f"({state[0]},)" if len(state) == 1 else f"({names})"
        functions = ast.parse(
            f"def get_state{suffix}():\n    return {listed}\n"
            f"def set_state{suffix}(vars_):\n    nonlocal {names}\n    {unpacked} = vars_\n"
            f"def if_body{branch}():\n    nonlocal {names}\n"
            f"def else_body{branch}():\n    nonlocal {names}\n").body
        functions[2].body += body or [ast.Pass()]
        functions[3].body += orelse or [ast.Pass()]
        undefined = [ast.parse(f"{n} = ag__.Undefined({n!r})").body[0] for n in state
                     if n not in defined_before and n not in _RETURN_STATE]
        quoted = repr(tuple(state))
        call = ast.parse(f"ag__.if_stmt(None, if_body{branch}, else_body{branch}, "
                         f"get_state{suffix}, set_state{suffix}, {quoted}, "
                         f"{len(state)})").body[0]
        call.value.args[0] = _expression(s.test)
        self.defined |= set(state)
        return functions + undefined + [call]


    def loop(self, s, later_reads):
        """A ``while`` or ``for`` (over anything: a name as its target) in TF's form."""
        if any(isinstance(n, (ast.Break, ast.Return))
               for statement in s.body for n in _walk_statement(statement)):
            raise Unsupported("break or return in a loop")
        flag = None
        if _continues(s.body):  # TF's continue rewrite: a flag, the rest guarded by it
            flag = "continue_" + self.suffix("continue_")
            s.body = ast.parse(f"{flag} = False").body + _without_continue(s.body, flag)
        iterate = None
        if isinstance(s, ast.For):
            if not isinstance(s.target, ast.Name):
                raise Unsupported("a loop target that is not a name")
            iterate = s.target.id
        defined_before = set(self.defined)
        carried = _read_before_written(s.body) | (_read_names([s.test]) if iterate is None
                                                  else set())
        state = sorted(n for n in _stored_names(s.body) - {iterate}
                       if n in later_reads or n in carried)
        if not state:
            raise Unsupported("a loop that changes no variable read later")
        self.defined |= {iterate} if iterate else set()
        body = self.statements(s.body, later_reads | _read_names(s.body) | carried)
        suffix, loop = self.suffix("get_state"), self.suffix("loop_body")
        names = ", ".join(state)
        unpacked = state[0] + "," if len(state) == 1 else names
        listed = f"({state[0]},)" if len(state) == 1 else f"({names})"
        argument = "itr" + self.suffix("itr") if iterate else ""
        functions = ast.parse(
            f"def get_state{suffix}():\n    return {listed}\n"
            f"def set_state{suffix}(vars_):\n    nonlocal {names}\n    {unpacked} = vars_\n"
            f"def loop_body{loop}({argument}):\n    nonlocal {names}\n").body
        if iterate:
            functions[2].body.append(ast.parse(f"{iterate} = {argument}").body[0])
        functions[2].body += body or [ast.Pass()]
        quoted = repr(tuple(state))
        if iterate is None:
            test = ast.parse(f"def loop_test{loop}():\n    return None").body[0]
            test.body[0].value = _expression(s.test)
            functions.append(test)
            call = ast.parse(f"ag__.while_stmt(loop_test{loop}, loop_body{loop}, "
                             f"get_state{suffix}, set_state{suffix}, {quoted}, {{}})").body[0]
        else:
            call = ast.parse(f"ag__.for_stmt(None, None, loop_body{loop}, get_state{suffix}, "
                             f"set_state{suffix}, {quoted}, "
                             f"{{'iterate_names': {iterate!r}}})").body[0]
            call.value.args[0] = _expression(s.iter)
        flags = [flag] if flag else []  # (TF lists the flag too, made in the loop)
        undefined = [ast.parse(f"{n} = ag__.Undefined({n!r})").body[0]
                     for n in flags + ([iterate] if iterate else []) + state
                     if n not in defined_before]
        self.defined |= set(state)
        return functions + undefined + [call]


def _continues(statements):
    """Whether a ``continue`` of this loop is among `statements` (not one of a loop inside)."""
    pending = list(statements)
    while pending:
        n = pending.pop()
        if isinstance(n, ast.Continue):
            return True
        if not isinstance(n, (ast.For, ast.While, ast.FunctionDef, ast.AsyncFunctionDef,
                              ast.Lambda, ast.ClassDef)):
            pending.extend(ast.iter_child_nodes(n))
    return False


def _without_continue(statements, flag):
    """`statements` with each ``continue`` setting `flag` instead, and what follows a statement
    that may continue run only ``if not flag`` (TF's continue_statements rewrite)."""
    out = []
    for i, statement in enumerate(statements):
        if isinstance(statement, ast.Continue):
            out.extend(ast.parse(f"{flag} = True").body)
            return out
        if not _continues([statement]):
            out.append(statement)
            continue
        for field in ("body", "orelse", "finalbody"):
            if getattr(statement, field, None):
                setattr(statement, field, _without_continue(getattr(statement, field), flag))
        out.append(statement)
        rest = statements[i + 1:]
        if rest:
            guard = ast.parse(f"if not {flag}:\n    pass").body[0]
            guard.test.operand.tf_plain_load = True  # (TF loads its own flag without ag__.ld)
            guard.body = _without_continue(rest, flag)
            out.append(guard)
        return out
    return out


def _read_before_written(statements):
    """Names some statement of the list reads before any earlier one of it writes them (a
    loop's body: the values one iteration hands to the next)."""
    written, found = set(), set()
    for statement in statements:
        found |= _read_names([statement]) - written
        written |= _stored_names([statement])
    return found


def _target(node):
    """An assignment target: names stay, loads inside it (``x[i] = ...``) are converted."""
    if isinstance(node, ast.Name):
        return node
    if isinstance(node, (ast.Tuple, ast.List)):
        node.elts = [_target(e) for e in node.elts]
        return node
    raise Unsupported("an assignment to an attribute or an item")


def _ag_call(name, args):
    return ast.Call(func=ast.Attribute(value=ast.Name(id="ag__", ctx=ast.Load()), attr=name,
                                       ctx=ast.Load()), args=args, keywords=[])


def _thunk(node):
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
                                         kw_defaults=[], kwarg=None, defaults=[]), body=node)


def _expression(node, loads=True):
    """An expression in TF's form: loads through ``ag__.ld`` (unless `loads` is False),
    calls through ``ag__.converted_call``, ``and``/``or``/``not`` and ``x if c else y``
    through ag__."""
    if isinstance(node, ast.Name):
        plain = not loads or getattr(node, "tf_plain_load", False)
        return node if plain else _ag_call("ld", [node])
    if isinstance(node, ast.Call):
        if any(isinstance(a, ast.Starred) for a in node.args) or \
                any(k.arg is None for k in node.keywords):
            raise Unsupported("*args or **kwargs in a call")
        args = [_expression(a, loads) for a in node.args]
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            return ast.Call(func=_expression(node.func, loads), args=args, keywords=[])
        keywords = ast.Call(func=ast.Name(id="dict", ctx=ast.Load()), args=[],
                            keywords=[ast.keyword(arg=k.arg, value=_expression(k.value, loads))
                                      for k in node.keywords]) if node.keywords else \
            ast.Constant(value=None)
        return _ag_call("converted_call", [_expression(node.func, loads),
                                           ast.Tuple(elts=args, ctx=ast.Load()), keywords,
                                           ast.Name(id="fscope", ctx=ast.Load())])
    if isinstance(node, ast.BoolOp):
        if len(node.values) != 2:
            raise Unsupported("a chain of and/or")
        name = "and_" if isinstance(node.op, ast.And) else "or_"
        return _ag_call(name, [_thunk(_expression(v, loads)) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _ag_call("not_", [_expression(node.operand, loads)])
    if isinstance(node, ast.IfExp):
        return _ag_call("if_exp", [_expression(node.test, loads),
                                   _thunk(_expression(node.body, loads)),
                                   _thunk(_expression(node.orelse, loads)),
                                   ast.Constant(value=ast.unparse(node.test))])
    if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                         ast.GeneratorExp, ast.NamedExpr, ast.Await, ast.Yield,
                         ast.YieldFrom)):
        raise Unsupported(type(node).__name__)
    for field, value in ast.iter_fields(node):
        if isinstance(value, ast.expr):
            setattr(node, field, _expression(value, loads))
        elif isinstance(value, list):
            setattr(node, field, [_expression(v, loads) if isinstance(v, ast.expr) else v
                                  for v in value])
    return node
