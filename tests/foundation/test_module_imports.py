"""No import cycle between the package's modules, hidden or not: the modules' top-level imports form
no loop, no print module reaches another from inside a function (how dicenet and stickers once hid
theirs), and each of the dice modules imports first in a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GENERATOR = Path(__file__).resolve().parents[2] / "generator"


def _module_name(path: Path) -> str:
    parts = path.relative_to(GENERATOR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(GENERATOR.rglob("*.py"))}


def _ancestors(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _imports(name: str, *, in_functions: bool) -> list[tuple[int, str]]:
    """(line, module) of each import of a package module: at the top level of the file (classes and
    conditionals included), or only those written inside a function."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            child_inside = inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom) and inside == in_functions:
                if child.level:
                    base = package.split(".")[:len(package.split(".")) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                found.append((child.lineno, target))
                found.extend((child.lineno, f"{target}.{a.name}") for a in child.names
                             if f"{target}.{a.name}" in MODULES)
            elif isinstance(child, ast.Import) and inside == in_functions:
                found.extend((child.lineno, a.name) for a in child.names)
            visit(child, child_inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return [(line, target) for line, target in found if target in MODULES]


def _top_level_graph() -> dict[str, set[str]]:
    """Module -> the package modules loading it loads first: what it imports, and the packages
    (__init__) above them that are not already its own."""
    graph = {}
    for name in MODULES:
        own = _ancestors(name) | {name}
        deps = set()
        for _, target in _imports(name, in_functions=False):
            deps |= ({target} | _ancestors(target)) - own
        if name == "generator.print":     # its names are imported on first use (PEP 562): counted as imports
            from generator.print import _HOMES
            deps |= {f"generator.print.{home}" for home in _HOMES.values()}
        graph[name] = {d for d in deps if d in MODULES}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph)))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_the_top_level_imports_of_the_package_form_no_cycle():
    assert _cycles(_top_level_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    # The test above would pass on a finder that finds nothing.
    graph = _top_level_graph()
    graph["generator.print.sheet"] = graph["generator.print.sheet"] | {"generator.print.dicenet"}
    assert any({"generator.print.dicenet", "generator.print.sheet"} <= set(group) for group in _cycles(graph))


def test_no_print_module_imports_another_print_module_inside_a_function():
    # Such an import hides a cycle from the test above: dicenet <-> stickers was one.
    hidden = [f"{MODULES[name].name}:{line} imports {target}"
              for name in MODULES if name.startswith("generator.print.")
              for line, target in _imports(name, in_functions=True) if target.startswith("generator.print")]
    assert hidden == []


def test_the_function_level_import_finder_sees_one():
    # cli.py imports each command's modules lazily, inside the command: the finder must see those.
    assert "generator.build" in {target for _, target in _imports("generator.cli", in_functions=True)}


@pytest.mark.parametrize("module", ["generator.print.stickers", "generator.print.dicenet"])
def test_each_dice_module_imports_first_in_a_fresh_interpreter(module):
    run = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
