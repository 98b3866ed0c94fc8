"""No import cycles between eagerbook's modules, function-local imports included.

tests/test_layering.py checks that packages import downward; this checks the modules inside
them: every ``import`` anywhere in a file (at the top, or inside a function to dodge a cycle at
import time) is an edge, and the module graph must have no cycle. A function-local import that
closes a loop still couples two modules both ways, so a reader cannot read either first.
"""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1] / "eagerbook"

# Known cycles, each named by the modules it joins; their packages' owners are removing them.
# An entry must still be needed: the test fails when one can be dropped (or shrunk).
KNOWN_CYCLES = []


def _module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {_module_name(p): p for p in ROOT.rglob("*.py")}


def _is_package(name):
    return (ROOT.joinpath(*name.split(".")) / "__init__.py").exists() if name else True


def _resolve(base, names):
    """Modules a `from base import names` statement loads (submodules where they exist)."""
    out = []
    for alias in names:
        candidate = f"{base}.{alias}" if base else alias
        out.append(candidate if candidate in MODULES else base)
    return out


def imports_of(name):
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    edges = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "eagerbook":
                    edges.add(".".join(parts[1:]))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                up = package.split(".") if package else []
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + (node.module.split(".") if node.module else []))
            elif node.module.split(".")[0] == "eagerbook":
                base = ".".join(node.module.split(".")[1:])
            else:
                continue
            edges.update(_resolve(base, [a.name for a in node.names]))
    # A package's __init__ runs before any of its modules: importing `a.b.c` imports `a.b`
    # too, but that edge is the package's business, not a dependency of this module.
    return {e for e in edges if e in MODULES and e != name}


def cycles(graph=None):
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    if graph is None:
        graph = {name: imports_of(name) for name in MODULES}
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.add(w)
                        if w == node:
                            break
                    if len(component) > 1:
                        found.append(component)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_no_import_cycles_outside_the_known_ones():
    unexpected = [sorted(c) for c in cycles()
                  if not any(c <= set(known) for known in KNOWN_CYCLES)]
    assert not unexpected, f"import cycles between modules: {unexpected}"


def test_every_known_cycle_is_still_there():
    found = cycles()
    for known in KNOWN_CYCLES:
        inside = [c for c in found if c <= known]
        assert inside, f"no cycle left among {sorted(known)}: remove it from KNOWN_CYCLES"


def test_the_cycle_finder_finds_a_planted_cycle():
    # The analysis itself: a made-up c -> a -> b -> a must report {a, b} and nothing else.
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [{"a", "b"}]
    assert cycles({"a": {"b"}, "b": set()}) == []
