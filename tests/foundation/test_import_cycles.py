"""No import cycles in `companion/`: the import graph of its modules, read with `ast`, has no
cycle — neither through module-level imports nor through imports inside functions (a deferred
import hides a cycle from the interpreter, not from the design).

An edge A → B means module A imports module B (``import B``, ``from B import x``, or
``from A's package import B`` where B is a submodule). Imports under ``if TYPE_CHECKING:`` are
not edges (they never run). Importing ``a.b.c`` runs the packages ``a`` and ``a.b`` too, but
those implicit edges are not counted, and neither is a module's import of its own ancestor
package (which is always loaded before the module): a package's ``__init__`` that re-exports
its modules, or loads its plug-ins on demand, would otherwise make every module below it look
cyclic.

A cycle is broken by moving what both sides need into a third module below both.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "companion"

#: Cycles that still exist and are being removed by other work (issue #19): this set may only
#: shrink. Each entry: the modules of one strongly connected component, sorted.
KNOWN: set[tuple[str, ...]] = set()


def module_files() -> dict[str, Path]:
    out = {}
    for path in (ROOT / PACKAGE).rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if "migrations" in parts:
            continue
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, except under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _base_of(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts.pop()
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, *([node.module] if node.module else [])])


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    graph: dict[str, set[str]] = {m: set() for m in files}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        for node in _imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _base_of(module, is_package, node)
                subs = [f"{base}.{alias.name}" for alias in node.names
                        if f"{base}.{alias.name}" in files]
                # `from pkg import sub` imports the submodule; any other name, pkg itself
                targets = subs if len(subs) == len(node.names) else [base, *subs]
            for target in targets:
                # `import a.b.c` imports the module a.b.c (the deepest that is ours)
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target and target != module and not module.startswith(target + "."):
                    graph[module].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[tuple[str, ...]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(tuple(sorted(component)))
    return sorted(out)


def test_the_graph_is_read() -> None:
    graph = import_graph()
    # known edges, module level and inside a function, relative and absolute
    assert "companion.engines.base" in graph["companion.engines"]
    assert "companion.games.hit.engine.rules" in graph["companion.games.hit.engine.game"]
    assert "companion.engines.base" in graph["companion.engines.__main__"]
    assert "companion.games.dog.engine.info" in graph["companion.games.dog.engine.game"]
    assert "companion.games.dog.engine" not in graph["companion.games.dog.engine.game"]


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": set()}
    assert cycles(graph) == [("a", "b", "c"), ("d", "e")]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles() -> None:
    found = set(cycles(import_graph()))
    new = found - KNOWN  # a known cycle that grows is a new component, and fails too
    assert not new, "import cycles (move what both sides need into a third module):\n" + \
        "\n".join(" <-> ".join(c) for c in sorted(new))
