"""No function of the checked packages is longer than ``MOST_LINES`` lines
(its ``def`` line to its last, docstring and comments included): a longer
one is broken into named steps. Today game/solver; a package joins by being
added to ``PACKAGES``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 80
PACKAGES = ["game/solver"]


def long_functions(folder: Path, root: Path = ROOT, most: int = MOST_LINES) -> list[str]:
    """``path:line name (N lines)`` for every function or method in ``folder`` longer than ``most`` lines."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > most:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_is_longer_than_the_limit() -> None:
    for package in PACKAGES:
        assert (ROOT / package).is_dir(), package
        assert not long_functions(ROOT / package), long_functions(ROOT / package)


def test_the_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x = {i}" for i in range(MOST_LINES))
    (tmp_path / "long.py").write_text(f"def short():\n    pass\n\n\ndef long():\n{body}\n", encoding="utf-8")
    assert long_functions(tmp_path, tmp_path) == [f"long.py:5 long ({MOST_LINES + 1} lines)"]
