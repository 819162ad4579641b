"""The type checker holds the game: mypy (pinned in requirements-dev.txt,
with its settings in pyproject.toml) finds no error in any module of game/
(the engine, the application layer, persistence, the solver, the host, the
text-file reader, the command line, the help pages, the catalogues and the
window in game/ui) nor in main.py; and none in the fakes the dialogs are
built on in their tests (tests/ui/test_dialog_hosts.py), so those fakes
meet the dialogs' protocol (game/ui/dialogs/hosts.py) as the app does. A
new module of game/ is checked from the start.

All of it (``STRICT``: the whole of game/, the window in game/ui included
since issue 41, and main.py) is held to more: pyproject.toml gives it every
flag of ``mypy --strict`` (every function typed, no bare generic, no Any
returned where a type is promised, no implicit re-export), so the same run
reports on it as ``mypy --strict game main.py`` would.

mypy runs from scratch, with its cache sent to the null device: it writes
nothing in the repository or anywhere else (about 4 s a run on 2 cores,
quicker than filling a fresh cache folder)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECKED = [
    "game",
    "main.py",
    "tests/ui/test_dialog_hosts.py",
]
STRICT = ["game", "main"]


def mypy(*args: str) -> str:
    """mypy's report on ``args`` (files, packages, flags): empty when it found
    nothing; fails when mypy is missing."""
    command = [
        sys.executable, "-m", "mypy",
        "--config-file", str(ROOT / "pyproject.toml"),
        "--no-incremental", "--cache-dir", os.devnull,
        "--no-color-output", "--no-error-summary",
        *args,
    ]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    output = (result.stdout + result.stderr).strip()
    assert "No module named mypy" not in output, "mypy is not installed: pip install -r requirements-dev.txt"
    return output if result.returncode or "error:" in output else ""


def test_the_game_has_no_type_errors():
    output = mypy(*CHECKED)
    assert not output, f"mypy found type errors:\n{output}"


def test_the_game_is_checked_strictly():
    """pyproject.toml gives the whole of game/ and main.py every flag of
    ``mypy --strict`` that mypy takes per module (the two global ones,
    globally), so the test above holds them to it; a package left out of
    the list fails here."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["warn_unused_configs"] and config["warn_redundant_casts"]
    strict_flags = {"disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
                    "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
                    "disallow_untyped_decorators", "warn_unused_ignores", "warn_return_any", "strict_equality",
                    "extra_checks"}
    overrides = [o for o in config["overrides"] if all(o.get(flag) is True for flag in strict_flags)
                 and o.get("implicit_reexport") is False]
    modules = {m for o in overrides for m in o["module"]}
    for package in STRICT:
        assert package in modules, package
        if (ROOT / package.replace(".", "/")).is_dir():
            assert f"{package}.*" in modules, package
