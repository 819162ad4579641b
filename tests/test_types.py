"""The type checker holds the game: mypy (pinned in requirements-dev.txt,
with its settings in mypy.ini) finds no error in any module of game/ (the
engine, persistence, the session, the host, the daily deal, the text-file
reader, the command line, the help pages, the catalogues, the application
layer in game/play, the solver and the window in game/ui) nor in main.py;
and none in the fakes the dialogs are built on in their tests
(tests/ui/test_dialog_hosts.py), so those fakes meet the dialogs'
protocols (game/ui/dialogs/hosts.py) as the app does. A new module of
game/ is checked from the start.

mypy runs once, from scratch, with its cache sent to the null device: it
writes nothing in the repository or anywhere else (about 4 s on 2 cores,
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


def test_the_core_has_no_type_errors():
    command = [
        sys.executable, "-m", "mypy",
        "--config-file", str(ROOT / "mypy.ini"),
        "--no-incremental", "--cache-dir", os.devnull,
        "--no-color-output", "--no-error-summary",
        *CHECKED,
    ]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    output = (result.stdout + result.stderr).strip()
    assert "No module named mypy" not in output, "mypy is not installed: pip install -r requirements-dev.txt"
    assert result.returncode == 0 and "error:" not in output, f"mypy found type errors:\n{output}"
