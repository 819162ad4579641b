"""The engine is pure Python: no pygame, no Python random for deals, no
threads. It runs under the solver, the command line and WebAssembly."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = ["game/engine", "game/i18n", "game/help", "game/solver"]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_pygame_random_or_threads_imported_by_the_pure_packages():
    checked = 0
    for package in PURE:
        for path in (ROOT / package).rglob("*.py"):
            bad = imported_modules(path) & {"pygame", "random", "threading", "multiprocessing", "concurrent"}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
            checked += 1
    assert checked >= 8


@pytest.mark.skipif(sys.platform == "emscripten", reason="WebAssembly has no subprocesses; runs natively")
def test_the_command_line_runs_without_pygame():
    code = (
        "import sys, game.engine, game.cli, game.i18n;"
        "game.cli.main(['deal', 'EH1-N-AAAAAAF']);"
        "assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
