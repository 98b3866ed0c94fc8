"""AutoGraph: rewrite a Python function's AST so its control flow works on tensors.

The converted function does the same thing as the original for Python values; for symbolic
tensors its ``if``/``while``/``for`` become graph control flow. The rewrite, in order:

1. expressions: ``a and b`` -> ``ag__.and_(lambda: a, lambda: b)``, ``not x`` ->
   ``ag__.not_(x)``, ``x if c else y`` -> ``ag__.if_exp(c, lambda: x, lambda: y)``, and every
   call ``f(x)`` -> ``ag__.converted_call(f, (x,), None)`` (user functions get converted too);
2. ``return`` inside control flow -> ``do_return = True; retval_ = value`` with the rest of the
   function guarded by ``if ag__.not_(do_return):``;
3. ``break`` / ``continue`` -> flags (``break_1 = True``) guarding the rest of the loop body;
4. ``if``/``while``/``for`` -> local functions for the branches/body taking and returning the
   variables the statement assigns, and a call of ``ag__.if_stmt`` / ``while_stmt`` /
   ``for_stmt``, which decide at run time between Python and graph control flow.

``tf.autograph.to_code(f)`` shows TF's form of it (tf_form.py), or this rewrite where that
does not reach (loops). The source comes from ``inspect.getsource``, which reads
``linecache``: functions defined in notebook cells work because IPython registers each cell's
source there.
"""

import ast
import builtins
import inspect
import textwrap
import threading
import types
import weakref

from ...core import context, logs
from .. import ir
from . import runtime, tf_form

_CACHE = weakref.WeakKeyDictionary()
_SOURCE_CACHE = weakref.WeakKeyDictionary()
_CACHE_LOCK = threading.Lock()


class ConversionError(Exception):
    pass


class AmbiguousLambdaError(ConversionError):
    """Several lambdas with the same arguments on the lambda's line: AutoGraph cannot tell which
    one it is (TF warns in several lines, naming the candidates)."""


# --- helpers for building AST ---------------------------------------------------------------------
def _name(id_, ctx=None):
    return ast.Name(id=id_, ctx=ctx or ast.Load())


def _ag(attr):
    return ast.Attribute(value=_name("ag__"), attr=attr, ctx=ast.Load())


def _call(func, args, keywords=()):
    return ast.Call(func=func, args=list(args), keywords=list(keywords))


def _lambda(body):
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None,
                                         kwonlyargs=[], kw_defaults=[], kwarg=None,
                                         defaults=[]), body=body)


def _tuple(elts, ctx=None):
    return ast.Tuple(elts=list(elts), ctx=ctx or ast.Load())


def _const(v):
    return ast.Constant(value=v)


def _assign(name, value):
    return ast.Assign(targets=[_name(name, ast.Store())], value=value, lineno=0)


def _funcdef(name, params, body):
    args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None,
                         kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    return ast.FunctionDef(name=name, args=args, body=body or [ast.Pass()], decorator_list=[],
                           returns=None, type_params=[])


def _walk_local(node):
    """ast.walk that does not enter nested functions, lambdas, classes or comprehensions."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        for child in ast.iter_child_nodes(n):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                  ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp,
                                  ast.GeneratorExp)):
                continue
            stack.append(child)


def assigned_names(stmts):
    names = []
    for stmt in stmts:
        for n in _walk_local(stmt):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                if not n.id.startswith("ag__") and n.id not in names:
                    names.append(n.id)
    return names


def _composite_root(node):
    """The name under ``a.b``, ``a.b.c``, ``a["k"]``, ``a[0].b`` (attributes and constant
    subscripts only), or None."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Constant):
            return None
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def assigned_composites(stmts, names):
    """Source texts of the composite variables the statements assign (``obj.x += 1``,
    ``self.total = ...``, ``d["a"] = ...``) whose root name they leave alone (it is not among
    `names`): AutoGraph carries them through loops and branches as it does plain names."""
    out = []
    for stmt in stmts:
        for n in _walk_local(stmt):
            if isinstance(n, (ast.Attribute, ast.Subscript)) and isinstance(n.ctx, ast.Store):
                root = _composite_root(n)
                if root is None or root in names or root.startswith("ag__"):
                    continue
                text = ast.unparse(n)
                if text not in out:
                    out.append(text)
    return out


def _composite_expr(text, ctx=None):
    node = ast.parse(text, mode="eval").body
    node.ctx = ctx or ast.Load()
    return node


def _contains(stmts, kinds, stop_at_loops=False):
    for stmt in stmts:
        stack = [stmt]
        while stack:
            n = stack.pop()
            if isinstance(n, kinds):
                return True
            for child in ast.iter_child_nodes(n):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                      ast.ClassDef)):
                    continue
                if stop_at_loops and isinstance(child, (ast.For, ast.While)):
                    continue
                stack.append(child)
    return False


# --- 1. expressions -------------------------------------------------------------------------------
class _ExpressionConverter(ast.NodeTransformer):
    def __init__(self, first_arg):
        self.first_arg = first_arg

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        fn = "and_" if isinstance(node.op, ast.And) else "or_"
        return ast.copy_location(_call(_ag(fn), [_lambda(v) for v in node.values]), node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(_call(_ag("not_"), [node.operand]), node)
        return node

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return ast.copy_location(_call(_ag("if_exp"), [node.test, _lambda(node.body),
                                                       _lambda(node.orelse)]), node)

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id == "super" and not node.args \
                and self.first_arg is not None:
            node.args = [_name("__class__"), _name(self.first_arg)]
            return node
        if isinstance(func, ast.Name) and func.id in ("locals", "globals", "super", "vars"):
            return node
        if isinstance(func, ast.Attribute) and func.attr == "set_loop_options":
            return node
        args = _tuple([a for a in node.args])
        if node.keywords:
            keys, values = [], []
            for kw in node.keywords:
                keys.append(None if kw.arg is None else _const(kw.arg))
                values.append(kw.value)
            kwargs = ast.Dict(keys=keys, values=values)
        else:
            kwargs = _const(None)
        return ast.copy_location(_call(_ag("converted_call"), [func, args, kwargs]), node)

    # (a lambda's expressions are converted as the function's are: ``lambda x: a if x > 0
    # else b`` passed to tf.map_fn takes a tensor condition, as in TF)

    def visit_FunctionDef(self, node):
        # Nested functions are converted too (their own first argument for super()).
        saved = self.first_arg
        self.first_arg = node.args.args[0].arg if node.args.args else None
        node.body = [self.visit(s) for s in node.body]
        self.first_arg = saved
        return node


# --- 2. return ------------------------------------------------------------------------------------
def _needs_return_conversion(fn_node):
    for stmt in fn_node.body:
        if isinstance(stmt, (ast.If, ast.For, ast.While, ast.With, ast.Try)) and \
                _contains([stmt], ast.Return):
            if isinstance(stmt, (ast.If, ast.For, ast.While)) or \
                    _contains_cf_return(stmt):
                return True
    return False


def _contains_cf_return(stmt):
    for n in _walk_local(stmt):
        if isinstance(n, (ast.If, ast.For, ast.While)) and _contains([n], ast.Return):
            return True
    return False


def _guard(test, rest):
    node = ast.If(test=test, body=rest, orelse=[])
    if rest:
        node.lineno = getattr(rest[0], "lineno", 1)
        node.end_lineno = getattr(rest[-1], "end_lineno", node.lineno)
        node.col_offset = getattr(rest[0], "col_offset", 0)
    return node


def _move_after_definite_returns(stmts):
    """TF's first step for returns, on one block: when a branch of an ``if`` returns on every
    path, the statements after the ``if`` move into the other branch (so ``if c: return a``
    then ``return b`` becomes one conditional returning on both sides). Returns the new block
    and whether it returns on every path. Only statements of the same block move: a nested
    ``if`` keeps what follows its enclosing statement outside, as in TF (where it then fails
    for a tensor condition: "the else branch must also have a return statement")."""
    out = []
    target = out  # where the statements that follow go
    returns = False
    grown = []  # the ifs that took statements: they now end where those end
    for stmt in stmts:
        target.append(stmt)
        if isinstance(stmt, ast.Return):
            returns = True
        elif isinstance(stmt, ast.If):
            stmt.body, body_returns = _move_after_definite_returns(stmt.body)
            stmt.orelse, else_returns = _move_after_definite_returns(stmt.orelse)
            returns = returns or (body_returns and else_returns)
            if body_returns or else_returns:
                target = stmt.orelse if body_returns else stmt.body
                grown.append(stmt)
        elif isinstance(stmt, (ast.For, ast.While)):
            stmt.body = _move_after_definite_returns(stmt.body)[0]
            stmt.orelse = _move_after_definite_returns(stmt.orelse)[0]
        elif isinstance(stmt, ast.With):
            stmt.body, with_returns = _move_after_definite_returns(stmt.body)
            returns = returns or with_returns
        elif isinstance(stmt, ast.Try):
            for part in ("body", "orelse", "finalbody"):
                setattr(stmt, part, _move_after_definite_returns(getattr(stmt, part))[0])
            for handler in stmt.handlers:
                handler.body = _move_after_definite_returns(handler.body)[0]
    for node in reversed(grown):  # (liveness is read from line numbers: see live_after)
        node.end_lineno = max(getattr(n, "end_lineno", 0) or 0 for n in ast.walk(node))
    return out, returns


def _convert_returns_block(stmts):
    out = []
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, ast.Return):
            value = stmt.value if stmt.value is not None else _const(None)
            out.append(ast.copy_location(_assign("do_return", _const(True)), stmt))
            out.append(ast.copy_location(_assign("retval_", value), stmt))
            return out  # anything after a return is unreachable
        had_return = _contains([stmt], ast.Return)
        if isinstance(stmt, ast.If):
            stmt.body = _convert_returns_block(stmt.body)
            stmt.orelse = _convert_returns_block(stmt.orelse)
        elif isinstance(stmt, (ast.For, ast.While)):
            stmt.body = _convert_returns_block(stmt.body)
        elif isinstance(stmt, (ast.With, ast.Try)):
            stmt.body = _convert_returns_block(stmt.body)
        out.append(stmt)
        rest = stmts[i + 1:]
        if had_return and rest:
            out.append(_guard(_call(_ag("not_"), [_name("do_return")]),
                              _convert_returns_block(rest)))
            return out
    return out


def convert_returns(fn_node):
    if not _needs_return_conversion(fn_node):
        return False
    body = list(fn_node.body)
    docstring = []
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        docstring = [body.pop(0)]
    body, _ = _move_after_definite_returns(body)
    new = _convert_returns_block(body)
    # A path that returns nothing leaves retval_ undefined: ``ret`` makes it None.
    fn_node.body = docstring + [
        _assign("do_return", _const(False)),
        _assign("retval_", _call(_ag("UndefinedReturnValue"), [])),
    ] + new + [ast.Return(value=_call(_ag("ret"), [_name("retval_"), _name("do_return")]))]
    return True


# --- 3. break / continue --------------------------------------------------------------------------
class _Counter:
    def __init__(self):
        self.n = 0

    def next(self):
        self.n += 1
        return self.n


def _replace_jumps(stmts, kind, flag):
    """Replaces `break`/`continue` of this loop level by `flag = True` and guards the rest."""
    out = []
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, kind):
            out.append(ast.copy_location(_assign(flag, _const(True)), stmt))
            return out
        had = _contains([stmt], kind, stop_at_loops=True)
        if had:
            if isinstance(stmt, ast.If):
                stmt.body = _replace_jumps(stmt.body, kind, flag)
                stmt.orelse = _replace_jumps(stmt.orelse, kind, flag)
            elif isinstance(stmt, (ast.With, ast.Try)):
                stmt.body = _replace_jumps(stmt.body, kind, flag)
        out.append(stmt)
        rest = stmts[i + 1:]
        if had and rest:
            out.append(_guard(_call(_ag("not_"), [_name(flag)]),
                              _replace_jumps(rest, kind, flag)))
            return out
    return out


class _JumpConverter(ast.NodeTransformer):
    def __init__(self, counter):
        self.counter = counter

    def _visit_loop(self, node):
        self.generic_visit(node)  # inner loops first
        extra = []
        if _contains(node.body, ast.Break, stop_at_loops=True):
            flag = f"break_{self.counter.next()}"
            node.body = _replace_jumps(node.body, ast.Break, flag)
            node._ag_break = flag
            extra.append(ast.copy_location(_assign(flag, _const(False)), node))
        if _contains(node.body, ast.Continue, stop_at_loops=True):
            flag = f"continue_{self.counter.next()}"
            node.body = [ast.copy_location(_assign(flag, _const(False)), node)] + \
                _replace_jumps(node.body, ast.Continue, flag)
            node._ag_continue = flag
        return extra + [node] if extra else node

    visit_While = _visit_loop
    visit_For = _visit_loop

    def visit_FunctionDef(self, node):
        if not _is_generator(node):
            self.generic_visit(node)
        return node


# --- 4. control flow ------------------------------------------------------------------------------
_LIVE_SPECIAL = {"do_return", "retval_"}


class _ControlFlowConverter:
    def __init__(self, counter, loads, stores=()):
        self.counter = counter
        self.loads = loads  # [(name, lineno)] of the whole function
        self.stores = stores  # [(name, lineno)] assignments of the whole function
        self.loop_spans = []
        self.nonlocal_names = set()  # declared global or nonlocal: never branch/loop state
        self.declarations = {}  # name -> ast.Global or ast.Nonlocal, as the function says

    def live_after(self, node, extra=()):
        end = getattr(node, "end_lineno", None) or getattr(node, "lineno", 0)
        live = {n for n, line in self.loads if line > end}
        for (start, stop) in self.loop_spans:
            # In an enclosing loop, a name is read from the previous iteration only if some
            # read comes no later than its first assignment in the loop (a line-order
            # approximation of liveness): `for x, y in ds: pred = f(x)` inside another loop
            # needs none of x, y, pred defined before it, as in TF.
            first_store = {}
            for n, line in self.stores:
                if start <= line <= stop and line < first_store.get(n, line + 1):
                    first_store[n] = line
            live.update(n for n, line in self.loads
                        if start <= line <= stop and line <= first_store.get(n, line))
        live |= _LIVE_SPECIAL
        live.update(extra)
        return live

    def block(self, stmts):
        out = []
        for stmt in stmts:
            res = self.stmt(stmt)
            if isinstance(res, list):
                out.extend(res)
            else:
                out.append(res)
        return out

    def stmt(self, node):
        if isinstance(node, ast.If):
            return self.convert_if(node)
        if isinstance(node, ast.While):
            return self.convert_while(node)
        if isinstance(node, ast.For):
            return self.convert_for(node)
        if isinstance(node, (ast.With, ast.AsyncWith)):
            node.body = self.block(node.body)
        elif isinstance(node, ast.Try):
            node.body = self.block(node.body)
            for h in node.handlers:
                h.body = self.block(h.body)
            node.orelse = self.block(node.orelse)
            node.finalbody = self.block(node.finalbody)
        elif isinstance(node, ast.FunctionDef):
            convert_function_node(node, self.counter)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            self.nonlocal_names.update(node.names)
            self.declarations.update((n, type(node)) for n in node.names)
        return node

    def _funcdef(self, name, params, body):
        """A branch or loop body as a function. A name the converted function declares global
        or nonlocal and the body assigns is declared so again in it: otherwise the assignment
        would make a local of the body function (`global g; if g is None: g = ...`)."""
        declared = [n for n in assigned_names(body) if n in self.declarations]
        kinds = {}
        for n in declared:
            kinds.setdefault(self.declarations[n], []).append(n)
        head = [kind(names=names) for kind, names in kinds.items()]
        return _funcdef(name, params, head + body)

    def _state_names(self, stmts, extra=()):
        names = [n for n in list(extra) + assigned_names(stmts)
                 if n not in self.nonlocal_names]
        seen, out = set(), []
        for n in names:
            if n not in seen:
                seen.add(n)
                out.append(n)
        return out

    def _with_composites(self, stmts, names):
        """`names` followed by the composite variables `stmts` assign (``obj.x``), and the
        parameter names standing for those in the branch and body functions."""
        composites = [c for c in assigned_composites(stmts, names)
                      if _composite_root(_composite_expr(c)) not in self.nonlocal_names]
        k = self.counter.next() if composites else 0  # (no number taken without them)
        params = list(names) + [f"ag__cs_{k}_{j}" for j in range(len(composites))]
        return list(names) + composites, params

    def _state_call(self, names):
        plain = [n for n in names if n.isidentifier()]
        call = _call(_ag("get_vars"), [_call(_name("locals"), []),
                                       _tuple([_const(n) for n in plain])])
        composites = [self._read_composite(n) for n in names if not n.isidentifier()]
        return ast.BinOp(left=call, op=ast.Add(), right=_tuple(composites)) if composites \
            else call

    @staticmethod
    def _read_composite(text):
        return _call(_ag("get_composite"), [_lambda(_composite_expr(text)), _const(text)])

    def _set_composites(self, names, params):
        """``obj.x = param`` for each composite (in a body's first lines, and after the
        statement); one without a value is deleted (a branch traced before may have set it)."""
        return [ast.If(test=_call(_ag("not_"), [_call(_ag("is_undefined"), [_name(p)])]),
                       body=[ast.Assign(targets=[_composite_expr(n, ast.Store())],
                                        value=_name(p))],
                       orelse=[ast.If(test=_call(_ag("not_"), [_call(
                           _ag("is_undefined"), [self._read_composite(n)])]),
                           body=[ast.Delete(targets=[_composite_expr(n, ast.Del())])],
                           orelse=[])])
                for n, p in zip(names, params) if not n.isidentifier()]

    def _result(self, names, call, node, params=None):
        params = params or names
        if names:
            target = _tuple([_name(p, ast.Store()) for p in params], ast.Store())
            stmt = ast.Assign(targets=[target], value=call)
        else:
            stmt = ast.Expr(value=call)
        # The call stands on the statement's first line (tracebacks show that line).
        for n in (stmt, call):
            n.lineno = n.end_lineno = node.lineno
            n.col_offset = n.end_col_offset = node.col_offset
        composites = self._set_composites(names, params)
        return [stmt] + [ast.copy_location(c, node) for c in composites] if composites \
            else stmt

    def _ret(self, names):
        return ast.Return(value=_tuple([_name(n) if n.isidentifier()
                                        else self._read_composite(n) for n in names]))

    @staticmethod
    def _live(names, live):
        return _const(frozenset(n for n in names if n in live or not n.isidentifier()))

    def convert_if(self, node):
        live = self.live_after(node, extra=[n for n, _ in self.loads
                                            if n.startswith(("break_", "continue_"))])
        body = self.block(node.body)
        orelse = self.block(node.orelse)
        names, params = self._with_composites(node.body + node.orelse,
                                              self._state_names(node.body + node.orelse))
        k = self.counter.next()
        prelude = self._set_composites(names, params)
        body_fn = self._funcdef(f"if_body_{k}", params,
                                prelude + body + [self._ret(names)])
        else_fn = self._funcdef(f"else_body_{k}", params,
                                prelude + orelse + [self._ret(names)])
        call = _call(_ag("if_stmt"), [node.test, _name(body_fn.name), _name(else_fn.name),
                                      self._state_call(names),
                                      _tuple([_const(n) for n in names]),
                                      self._live(names, live)])
        return [ast.copy_location(body_fn, node), ast.copy_location(else_fn, node)] + \
            _as_list(self._result(names, call, node, params))

    def _loop_options(self, body):
        """Takes a leading set_loop_options(...) call out of a loop body."""
        opts = None
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Call):
            call = body[0].value
            func = call.func
            fname = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if fname == "set_loop_options":
                opts = ast.Dict(keys=[_const(kw.arg) for kw in call.keywords],
                                values=[kw.value for kw in call.keywords])
                body = body[1:]
        return body, opts

    def _extra_test(self, node, names):
        flags = []
        if getattr(node, "_ag_break", None):
            flags.append(node._ag_break)
        if "do_return" in names:
            flags.append("do_return")
        return flags

    def convert_while(self, node):
        if node.orelse:
            raise ConversionError("while/else is not supported by AutoGraph")
        self.loop_spans.append((node.lineno, node.end_lineno))
        body, opts = self._loop_options(node.body)
        body = self.block(body)
        self.loop_spans.pop()
        names, params = self._with_composites(node.body, self._state_names(node.body))
        live = self.live_after(node)
        k = self.counter.next()
        flags = self._extra_test(node, names)
        test = node.test
        if flags:
            test = _call(_ag("and_"), [_lambda(_call(_ag("not_"), [_name(f)])) for f in flags]
                         + [_lambda(test)])
        prelude = self._set_composites(names, params)
        test_fn = _funcdef(f"loop_test_{k}", params, prelude + [ast.Return(value=test)])
        body_fn = self._funcdef(f"loop_body_{k}", params,
                                prelude + body + [self._ret(names)])
        call = _call(_ag("while_stmt"), [_name(test_fn.name), _name(body_fn.name),
                                         self._state_call(names),
                                         _tuple([_const(n) for n in names]),
                                         self._live(names, live),
                                         opts if opts is not None else _const(None)])
        return [ast.copy_location(test_fn, node), ast.copy_location(body_fn, node)] + \
            _as_list(self._result(names, call, node, params))

    def convert_for(self, node):
        if node.orelse:
            raise ConversionError("for/else is not supported by AutoGraph")
        self.loop_spans.append((node.lineno, node.end_lineno))
        body, opts = self._loop_options(node.body)
        body = self.block(body)
        self.loop_spans.pop()
        target_names = assigned_names([ast.Assign(targets=[node.target], value=_const(0))])
        names, params = self._with_composites(
            node.body, self._state_names(node.body, extra=target_names))
        live = self.live_after(node)
        k = self.counter.next()
        itr = f"itr_{k}"
        flags = self._extra_test(node, names)
        if flags:
            cond = _call(_ag("and_"), [_lambda(_call(_ag("not_"), [_name(f)]))
                                       for f in flags]) if len(flags) > 1 else \
                _call(_ag("not_"), [_name(flags[0])])
            extra_fn = _funcdef(f"extra_test_{k}", params, [ast.Return(value=cond)])
            extra_ref = _name(extra_fn.name)
            pre = [ast.copy_location(extra_fn, node)]
        else:
            extra_ref, pre = _const(None), []
        unpack = ast.Assign(targets=[node.target], value=_name(itr))
        ast.copy_location(unpack, node)
        body_fn = self._funcdef(f"loop_body_{k}", [itr] + params,
                                self._set_composites(names, params) + [unpack] + body
                                + [self._ret(names)])
        call = _call(_ag("for_stmt"), [node.iter, extra_ref, _name(body_fn.name),
                                       self._state_call(names),
                                       _tuple([_const(n) for n in names]),
                                       self._live(names, live),
                                       opts if opts is not None else _const(None)])
        return pre + [ast.copy_location(body_fn, node)] + \
            _as_list(self._result(names, call, node, params))


def _as_list(stmt_or_list):
    return stmt_or_list if isinstance(stmt_or_list, list) else [stmt_or_list]


def _loads(fn_node):
    out = []
    for n in ast.walk(fn_node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out.append((n.id, getattr(n, "lineno", 0)))
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            out.append((n.target.id, getattr(n, "lineno", 0)))  # `s += x` reads s
    return out


def _stores(fn_node):
    return [(n.id, getattr(n, "lineno", 0)) for n in ast.walk(fn_node)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]


def _is_generator(fn_node):
    """True when the function's own body yields (nested functions aside)."""
    todo = list(fn_node.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return False


def convert_function_node(fn_node, counter):
    """Rewrites one FunctionDef in place (steps 2-4; step 1 ran on the whole tree). A
    generator is left as written, as TF's AutoGraph leaves it: its loops run in Python."""
    if _is_generator(fn_node):
        return fn_node
    convert_returns(fn_node)
    _JumpConverter(counter).visit(fn_node)
    ast.fix_missing_locations(fn_node)
    converter = _ControlFlowConverter(counter, _loads(fn_node), _stores(fn_node))
    fn_node.body = converter.block(fn_node.body)
    return fn_node


# --- turning a function object into converted source and back -------------------------------------
def _function_node(fn):
    try:
        source = inspect.getsource(fn)
    except (OSError, TypeError) as exc:
        raise ConversionError(f"could not get the source code of {fn!r}: {exc}") from None
    source = parsed = textwrap.dedent(source)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        try:  # a lambda on a continuation line: parse the line as an expression
            parsed = "(" + source.strip().rstrip(",") + ")"
            tree = ast.parse(parsed)
        except SyntaxError:
            raise ConversionError(f"could not parse the source code of {fn!r}") from None
    if fn.__name__ == "<lambda>":
        return _lambda_node(fn, tree, parsed)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.name == fn.__name__:
            return node
    raise ConversionError(f"could not find the definition of {fn.__name__} in its source "
                          "(lambdas are not converted)")


_LAMBDA_NAME = "__ag_lambda"


def _lambda_node(fn, tree, source):
    """A lambda's source is the whole line: find the one lambda with fn's arguments and turn
    it into ``def __ag_lambda(args): return body``."""
    code = fn.__code__
    names = list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda)
             and [a.arg for a in n.args.posonlyargs + n.args.args + n.args.kwonlyargs] == names]
    if len(found) > 1:  # TF's words, listing the candidates in the same (breadth-first) order
        matches = "\n".join(f"Match {i}:\n{ast.get_source_segment(source, n)}\n"
                            for i, n in enumerate(found))
        raise AmbiguousLambdaError(
            f"could not parse the source code of {fn!r}: found multiple definitions with "
            "identical signatures at the location. This error may be avoided by defining each "
            "lambda on a single line and with unique argument names. The matching definitions "
            f"were:\n{matches}")
    if not found:
        raise ConversionError("could not find which lambda on its source line this is")
    lam = found[0]
    node = ast.FunctionDef(name=_LAMBDA_NAME, args=lam.args,
                           body=[ast.Return(value=lam.body)], decorator_list=[], returns=None,
                           type_params=[])
    return ast.fix_missing_locations(ast.copy_location(node, lam))


_OPTIONS = ("ag__.ConversionOptions(recursive=True, user_requested=True, optional_features=(), "
            "internal_convert_user_code=True)")


def normalize_features(features):
    """``experimental_autograph_options`` / ``experimental_optional_features`` as a tuple of
    Feature names: None, one Feature, or a sequence of them."""
    if features is None:
        return ()
    if not isinstance(features, (tuple, list)):
        features = (features,)
    return tuple(getattr(f, "value", f) for f in features)


def options_source(features):
    """The ConversionOptions TF's converted code shows: ``optional_features=()``, one
    ``ag__.Feature.X``, or a tuple of them."""
    names = [f"ag__.Feature.{name}" for name in features]
    shown = names[0] if len(names) == 1 else f"({', '.join(names)})" if names else "()"
    return _OPTIONS.replace("optional_features=()", f"optional_features={shown}")


def converts_asserts(features):
    """Whether `assert` becomes ``ag__.assert_stmt`` (tf.debugging.Assert on a tensor): only
    with the ASSERT_STATEMENTS (or ALL) feature, as in TF; else it stays Python's assert."""
    return "ASSERT_STATEMENTS" in features or "ALL" in features


class _AssertConverter(ast.NodeTransformer):
    """``assert test, msg`` -> ``ag__.assert_stmt(test, lambda: msg)`` (TF's default message
    is 'Assertion error')."""

    def visit_Assert(self, node):
        message = node.msg if node.msg is not None else ast.Constant(value="Assertion error")
        call = _call(_ag("assert_stmt"), [node.test, _lambda(message)])
        return ast.copy_location(ast.Expr(value=call), node)
# Code objects of converted functions (and the branch/loop functions inside them): error
# reports mark their frames with " *", as TF does.
CONVERTED_CODE = weakref.WeakKeyDictionary()  # code object -> the user's function name
# code object -> the converted function's own code (its nested bodies map to it too)
CONVERTED_ROOT = weakref.WeakKeyDictionary()


def original_name(code):
    """The user's function name for a code object of converted code."""
    return CONVERTED_CODE.get(code, code.co_name)


def _converted_node(fn, features=()):
    """The converted FunctionDef of `fn`, TF's shape: ``def tf__f(...)`` whose body runs in
    ``with ag__.FunctionScope(...)``. Nodes keep the user's line numbers (made absolute), so
    tracebacks through converted code name the user's file and line."""
    node = _function_node(fn)
    node.decorator_list = []
    if converts_asserts(features):
        node = _AssertConverter().visit(node)
    first = node.args.args[0].arg if node.args.args else None
    node = _ExpressionConverter(first).visit(node)
    convert_function_node(node, _Counter())
    original = node.name
    scope = ast.parse(f"with ag__.FunctionScope({original!r}, 'fscope', "
                      f"{options_source(features)}) as fscope:"
                      "\n    pass").body[0]
    ast.copy_location(scope, node.body[0])
    scope.body = node.body
    node.body = [scope]
    node.name = "tf__" + original
    return ast.fix_missing_locations(node)


def _place_lines_in_user_file(node, fn):
    """A lambda's nodes moved to its lines of the user's file (columns stay the fragment's)."""
    try:
        shift = inspect.getsourcelines(fn)[1] - 1
    except (OSError, TypeError):
        return
    for n in ast.walk(node):
        if "lineno" in n._attributes:
            n.lineno = getattr(n, "lineno", 1) + shift
            n.end_lineno = max(getattr(n, "end_lineno", None) or 0, n.lineno - shift) + shift


def converted_source(fn, features=()):
    """The converted source code of `fn` (what ``tf.autograph.to_code`` prints)."""
    return ast.unparse(_converted_node(fn, features)) + "\n"


def _place_in_user_file(node, fn):
    """Moves `node`'s locations from the parsed (dedented) snippet to the user's file."""
    try:
        lines, first_line = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    shift = first_line - 1
    for n in ast.walk(node):
        if "lineno" not in n._attributes:
            continue
        start, col = getattr(n, "lineno", 1) + shift, getattr(n, "col_offset", 0) + indent
        end = (getattr(n, "end_lineno", None) or 0) + shift
        end_col = (getattr(n, "end_col_offset", None) or 0) + indent
        if (end, end_col) < (start, col):  # rewritten nodes may carry mixed positions
            end, end_col = start, col
        n.lineno, n.col_offset, n.end_lineno, n.end_col_offset = start, col, end, end_col


_RUN_AS_IS = weakref.WeakSet()  # functions AutoGraph could not convert (no source...)


def runs_as_is(fn):
    """True for a user function AutoGraph leaves as written because it cannot convert it (its
    source is not available) or was told not to (do_not_convert): TF does not add "in user
    code" frames to its errors."""
    fn = getattr(fn, "__func__", fn)
    return getattr(fn, runtime._DO_NOT_CONVERT, False) or fn in _RUN_AS_IS


def convert_function(fn, features=()):
    """The AutoGraph-converted version of `fn` (cached); `fn` itself if it cannot be.
    `features`: the optional conversions asked for (normalize_features' names)."""
    if isinstance(fn, types.MethodType):
        converted = convert_function(fn.__func__, features)
        return types.MethodType(converted, fn.__self__) if converted is not fn.__func__ \
            else fn
    if not inspect.isfunction(fn) or getattr(fn, runtime._DO_NOT_CONVERT, False) or \
            inspect.isgeneratorfunction(fn):
        return fn
    if hasattr(fn, "__wrapped__"):
        return fn
    cache = _cache_for(features)
    with _CACHE_LOCK:  # threads may convert at the same time
        try:
            cached = cache.get(fn)
        except TypeError:
            cached = None
    if cached is not None:
        return cached
    try:
        converted = _build(fn, features)
    except ConversionError as exc:
        if isinstance(exc, AmbiguousLambdaError):
            logs.logger.warning(
                "AutoGraph could not transform %r and will run it as-is.\nCause: %s\nTo silence "
                "this warning, decorate the function with "
                "@tf.autograph.experimental.do_not_convert", fn, exc)
        else:
            logs.logger.warning(
                "AutoGraph could not transform %r and will run it as-is. Cause: %s", fn, exc)
        converted = fn
        _RUN_AS_IS.add(fn)
    with _CACHE_LOCK:
        try:
            converted = cache.setdefault(fn, converted)
        except TypeError:  # an unhashable callable is converted again on each call
            pass
    return converted


_FEATURE_CACHES = {}  # features -> a cache like _CACHE, for conversions with optional features


def _cache_for(features):
    if not features:
        return _CACHE
    with _CACHE_LOCK:
        return _FEATURE_CACHES.setdefault(features, weakref.WeakKeyDictionary())


def _node_name(fn):
    return "tf__" + (_LAMBDA_NAME if fn.__name__ == "<lambda>" else fn.__name__)


def _build(fn, features=()):
    node = _converted_node(fn, features)
    source = ast.unparse(node) + "\n"
    code = fn.__code__
    freevars = list(code.co_freevars)
    params = ["ag__"] + [v for v in freevars if v != "ag__"]
    if "__class__" not in params and "super(__class__" in source:
        params.append("__class__")
    # def __ag_factory(ag__, <free variables>): <converted def>; return tf__f
    # compiled from the tree, in the user's file: the converted code's line numbers are the
    # user's own (lambdas, parsed from a line fragment, keep only the line).
    if fn.__name__ != "<lambda>":
        _place_in_user_file(node, fn)
    else:
        _place_lines_in_user_file(node, fn)
    factory = ast.parse(f"def __ag_factory({', '.join(params)}):\n"
                        f"    return {_node_name(fn)}\n")
    factory.body[0].body.insert(0, node)
    ast.fix_missing_locations(factory)
    namespace = {}
    try:
        exec(compile(factory, code.co_filename, "exec"),  # noqa: S102 - our own rewrite
             {"__builtins__": builtins}, namespace)
    except (SyntaxError, ValueError) as exc:
        raise ConversionError(f"converted code does not compile: {exc}") from None
    factory = namespace["__ag_factory"]
    inner_code = None
    for const in factory.__code__.co_consts:
        if isinstance(const, types.CodeType) and const.co_name == _node_name(fn):
            inner_code = const
    if inner_code is None:
        raise ConversionError("converted function not found")
    with _CACHE_LOCK:
        _remember_converted(inner_code, fn.__name__, inner_code)
    cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
    closure = []
    for name in inner_code.co_freevars:
        if name == "ag__":
            closure.append(types.CellType(ag__))
        elif name in cells:
            closure.append(cells[name])
        elif name == "__class__":
            closure.append(types.CellType(None))
        else:
            raise ConversionError(f"free variable {name!r} has no cell")
    converted = types.FunctionType(inner_code, fn.__globals__, fn.__name__,
                                   fn.__defaults__, tuple(closure) or None)
    converted.__kwdefaults__ = fn.__kwdefaults__
    converted.__dict__.update(fn.__dict__)
    converted.__autograph_converted__ = True
    converted.__autograph_source__ = source
    converted.__wrapped_original__ = fn
    # TF's name for the converted function (which a call with wrong arguments reports:
    # "outer_factory.<locals>.inner_factory.<locals>.tf__f() missing 1 required ...")
    name = "<lambda>" if fn.__name__ == "<lambda>" else "tf__" + fn.__name__
    converted.__qualname__ = f"outer_factory.<locals>.inner_factory.<locals>.{name}"
    converted.__module__ = fn.__module__
    return converted


def _remember_converted(code, name, root):
    CONVERTED_CODE[code] = name
    CONVERTED_ROOT[code] = root
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            _remember_converted(const, name, root)


def converted_call(fn, args, kwargs):
    """Calls `fn`, converting it first when it is user code (recursively)."""
    if fn is builtins.len:
        return runtime.len_(*args)
    if fn is builtins.range:
        return runtime.range_(*args)
    if fn is builtins.int or fn is builtins.float:
        return runtime.number_(fn, args, kwargs)
    tracing = context.state.graph is not None
    if fn is builtins.iter and len(args) == 1 and tracing and \
            runtime.reads_dataset_arguments(args[0]):
        return runtime.GraphIterator(args[0])
    if fn is builtins.next and args and isinstance(args[0], runtime.GraphIterator):
        return args[0].get_next()
    if fn is builtins.next and args and runtime.is_data_iterator(args[0]) and tracing:
        return runtime.graph_next(args[0])
    if inspect.ismethod(fn) and fn.__name__ in ("get_next", "next") and \
            runtime.is_data_iterator(fn.__self__) and tracing:
        return runtime.graph_next(fn.__self__)
    if inspect.ismethod(fn) and fn.__name__ == "get_next_as_optional" and \
            runtime.is_data_iterator(fn.__self__) and tracing:
        return runtime.graph_next_as_optional(fn.__self__)
    if fn is builtins.print or fn is builtins.isinstance or fn is builtins.super:
        return fn(*args, **(kwargs or {}))
    target = fn
    inst = None
    if inspect.ismethod(fn):
        target, inst = fn.__func__, fn.__self__
    elif not inspect.isfunction(fn) and not isinstance(fn, type):
        # a callable object (a tf.Module with __call__...): TF converts its class's __call__
        target, inst = type(fn).__call__, fn
    if runtime.should_convert(target):
        converted = convert_function(target)
        if converted is not target:
            if inst is not None:
                return converted(inst, *args, **(kwargs or {}))
            return converted(*args, **(kwargs or {}))
    return fn(*args, **(kwargs or {}))


# What converted code calls ``ag__``: the runtime's helpers, and converted_call.
ag__ = types.ModuleType("ag__", "What AutoGraph-converted code calls.")
ag__.__dict__.update({k: v for k, v in vars(runtime).items() if not k.startswith("__")})
ag__.converted_call = converted_call


def to_code(entity, recursive=True, experimental_optional_features=None):
    """``tf.autograph.to_code``: the source of the converted function, as a string, in TF's
    form where tf_form.py writes it (else the code this engine runs)."""
    features = normalize_features(experimental_optional_features)
    fn = getattr(entity, "python_function", entity)
    if isinstance(fn, types.MethodType):
        fn = fn.__func__
    node = _function_node(fn)
    if isinstance(node, ast.FunctionDef):
        try:
            return tf_form.render(node, options_source(features), converts_asserts(features))
        except tf_form.Unsupported:
            pass
    return converted_source(fn, features)


def to_graph(entity, recursive=True, experimental_optional_features=None):
    """``tf.autograph.to_graph``: the converted Python function (call it inside tf.function
    to build graph control flow, or eagerly for Python semantics)."""
    fn = getattr(entity, "python_function", entity)
    return convert_function(fn, normalize_features(experimental_optional_features))


def convert_layer_call(call):
    """AutoGraph's version of a Keras layer's bound ``call`` (graph/ir.py's convert_call, for
    graphs traced with autograph): the user's layers only, Keras's own run as written."""
    if not runtime.should_convert(getattr(call, "__func__", call)):
        return call
    return convert_function(call)


ir.CALL_CONVERTER[0] = convert_layer_call
