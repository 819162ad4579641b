"""The engine is pure Python: no pygame, no Python random for deals, no
threads, nothing from the layers above it, and no import cycle. It runs
under the solver, the command line and WebAssembly."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = ["game/engine", "game/i18n", "game/help", "game/solver"]
NEVER = {"pygame", "random", "threading", "multiprocessing", "concurrent"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def type_checking_nodes(tree: ast.AST) -> set[ast.AST]:
    """The imports inside ``if TYPE_CHECKING:`` blocks (never run)."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            inside.update(n for stmt in node.body for n in ast.walk(stmt))
    return inside


def imports_of(source: str, module: str, is_package: bool = False, type_checking: bool = True) -> set[str]:
    """Every module ``source`` (the text of ``module``) imports, anywhere in
    it (function bodies included; ``if TYPE_CHECKING`` blocks unless
    ``type_checking`` is False), as absolute names: relative imports are
    resolved, and ``from pkg import name`` counts as ``pkg.name`` when that
    is a module of this repository."""
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    tree = ast.parse(source)
    skip = set() if type_checking else type_checking_nodes(tree)
    for node in ast.walk(tree):
        if node in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                where = ROOT / Path(*sub.split("."))
                names.add(sub if where.with_suffix(".py").exists() or where.is_dir() else target)
    return names


def imports_of_file(path: Path, type_checking: bool = True) -> set[str]:
    return imports_of(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py", type_checking)


def engine_files() -> list[Path]:
    return sorted((ROOT / "game/engine").rglob("*.py"))


def test_the_import_reader_resolves_relative_imports():
    # the hole the old check had: a relative import of the window code
    assert "game.ui.app" in imports_of("from ..ui import app", "game.engine.deals")
    assert "game.ui.drawing.layout" in imports_of("def f():\n    from ..ui.drawing.layout import Box\n", "game.engine.deals")
    assert "game.engine.rules" in imports_of("from . import rules", "game.engine", is_package=True)
    assert "game.engine.rules" in imports_of("from .rules import Rules", "game.engine.position")
    hidden = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .position import Position\n"
    assert "game.engine.position" in imports_of(hidden, "game.engine.rules")
    assert "game.engine.position" not in imports_of(hidden, "game.engine.rules", type_checking=False)


def forbidden(name: str) -> bool:
    top = name.split(".")[0]
    above = name == "game" or (name.startswith("game.") and not name.startswith("game.engine"))
    return top in NEVER or above


def test_the_engine_imports_nothing_above_it():
    # ui, host, persistence, solver, i18n, help, daily, cli: all build on the engine
    checked = 0
    for path in engine_files():
        bad = sorted(n for n in imports_of_file(path) if forbidden(n))
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
        checked += 1
    assert checked >= 10
    assert forbidden("game.ui.layout") and forbidden("game.solver") and forbidden("pygame.display")
    assert forbidden("game.persistence.stats") and forbidden("game.host") and not forbidden("game.engine.cards")


def test_no_pygame_random_or_threads_imported_by_the_pure_packages():
    checked = 0
    for package in PURE:
        for path in (ROOT / package).rglob("*.py"):
            bad = {n for n in imports_of_file(path) if n.split(".")[0] in NEVER}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
            checked += 1
    assert checked >= 8


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (a list of modules, the first repeated
    at the end), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_the_engine_has_no_import_cycle():
    # every import, function bodies and TYPE_CHECKING blocks included (the
    # rules name what they use of a position, the Table protocol, instead of
    # importing it); tests/test_import_cycles.py checks the whole of game/
    modules = {module_name(p): p for p in engine_files()}
    graph = {name: {n for n in imports_of_file(path) if n in modules and n != name}
             for name, path in modules.items()}
    assert len(graph) >= 10 and graph["game.engine.position"]
    assert cycle(graph) is None, f"import cycle: {' -> '.join(cycle(graph))}"


@pytest.mark.skipif(sys.platform == "emscripten", reason="WebAssembly has no subprocesses; runs natively")
def test_the_command_line_runs_without_pygame():
    code = (
        "import sys, game.engine, game.cli, game.i18n;"
        "game.cli.main(['deal', 'EH1-N-AAAAAAF']);"
        "assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
