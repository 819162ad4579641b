"""game/ui has no import cycle: the modules are read (not imported), relative
imports resolved, and the graph searched for a cycle. The app imports the
scenes; the scenes know it only as the ``Host`` protocol (game/ui/scene.py)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "game" / "ui"
PACKAGE = "game.ui"


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    """The game.ui modules an import statement names (as full dotted names)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            base = PACKAGE.split(".")[: len(PACKAGE.split(".")) - (node.level - 1)]
            base_name = ".".join(base)
        else:
            base_name = ""
        module = ".".join(p for p in (base_name, node.module or "") if p)
        names = [module] + [f"{module}.{alias.name}" for alias in node.names]
    return {name for name in names if name in modules}


def graph(with_type_checking: bool) -> dict[str, set[str]]:
    modules = {f"{PACKAGE}.{p.stem}" for p in UI.glob("*.py") if p.stem != "__init__"}
    edges: dict[str, set[str]] = {}
    for path in sorted(UI.glob("*.py")):
        if path.stem == "__init__":
            continue
        deps: set[str] = set()

        def walk(node: ast.AST) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and is_type_checking(child) and not with_type_checking:
                    for other in child.orelse:
                        walk(other)
                    continue
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    deps.update(imported(child, modules))
                walk(child)

        walk(ast.parse(path.read_text(encoding="utf-8")))
        name = f"{PACKAGE}.{path.stem}"
        edges[name] = deps - {name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected group of modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
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
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_reader_sees_relative_imports_and_type_checking_blocks():
    edges = graph(with_type_checking=True)
    assert "game.ui.scene" in edges["game.ui.table"]  # from .scene import Scene
    assert "game.ui.theme" in edges["game.ui.table"]  # from . import theme
    assert "game.ui.app" in edges["game.ui.launch"]  # inside a function
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_game_ui_has_no_import_cycle():
    # annotations included: the scenes know the table and the announcer as
    # protocols of game/ui/scene.py (TableView, Voice), the keyboard its
    # table as KeyboardTable; tests/test_import_cycles.py checks all of game/
    assert cycles(graph(with_type_checking=False)) == []
    assert cycles(graph(with_type_checking=True)) == []


def test_no_cycle_runs_through_the_app_even_for_type_checking():
    """The scenes type their app as ``Host``: only what builds or drives the
    app (launch, the frame guard) names ``App``."""
    edges = graph(with_type_checking=True)
    assert not [group for group in cycles(edges) if "game.ui.app" in group]
    assert sorted(m for m, deps in edges.items() if "game.ui.app" in deps) == ["game.ui.guard", "game.ui.launch"]
