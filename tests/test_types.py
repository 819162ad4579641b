"""The type checker holds the game: mypy (pinned in requirements-dev.txt,
with its settings in mypy.ini) finds no error in any module of game/ (the
engine, persistence, the session, the host, the daily deal, the text-file
reader, the command line, the help pages, the catalogues, the application
layer in game/play, the solver and the window in game/ui) nor in main.py;
and none in the fakes the dialogs are built on in their tests
(tests/ui/test_dialog_hosts.py), so those fakes meet the dialogs'
protocols (game/ui/dialogs/hosts.py) as the app does. A new module of
game/ is checked from the start.

The packages of ``STRICT`` (today game/solver) are held to more: ``mypy
--strict`` finds no error in them (every function typed, no bare generic,
no Any returned where a type is promised). The modules they import from
outside ``STRICT`` are read for their types but not reported on, so a
package joins by being added to the list, and the list grows package by
package.

mypy runs from scratch, with its cache sent to the null device: it writes
nothing in the repository or anywhere else (about 4 s a run on 2 cores,
quicker than filling a fresh cache folder)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECKED = [
    "game",
    "main.py",
    "tests/ui/test_dialog_hosts.py",
]
STRICT = [
    "game/solver",
]


def mypy(*args: str) -> str:
    """mypy's report on ``args`` (files, packages, flags); fails when mypy is missing."""
    command = [
        sys.executable, "-m", "mypy",
        "--config-file", str(ROOT / "mypy.ini"),
        "--no-incremental", "--cache-dir", os.devnull,
        "--no-color-output", "--no-error-summary",
        *args,
    ]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    output = (result.stdout + result.stderr).strip()
    assert "No module named mypy" not in output, "mypy is not installed: pip install -r requirements-dev.txt"
    return output if result.returncode or "error:" in output else ""


def test_the_core_has_no_type_errors():
    output = mypy(*CHECKED)
    assert not output, f"mypy found type errors:\n{output}"


def test_the_strict_packages_pass_mypy_strict():
    output = mypy("--strict", "--follow-imports=silent", *STRICT)
    assert not output, f"mypy --strict found type errors:\n{output}"
