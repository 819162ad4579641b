"""The installed command: ``pip install -e .`` gives ``easy-harp-eight-off``
(pyproject.toml), which starts the same game as ``python3 main.py``: the
same command line, and a screenshot made through it (fonts, card art, the
first deal) is the same picture. It runs on a copy of the project in a
temporary folder, in a virtual environment that sees the pinned packages
already installed (nothing is fetched, and nothing is written next to the
real checkout)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ["main.py", "pyproject.toml", "README.md", "game", "assets"]


def installed(tmp_path: Path) -> tuple[Path, Path]:
    """The project copied to ``tmp_path / "project"`` and installed, editable,
    in a virtual environment; (the copy, the command)."""
    project = tmp_path / "project"
    project.mkdir()
    for name in SHIPPED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, project / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index",
                           "-q", "-e", str(project)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    command = venv / ("Scripts" if os.name == "nt" else "bin") / "easy-harp-eight-off"
    assert command.exists()
    return project, command


def test_the_command_is_the_game_of_main_py(tmp_path):
    project, command = installed(tmp_path)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    helps = [subprocess.run(args, capture_output=True, text=True, timeout=60, cwd=tmp_path, env=env)
             for args in ([str(command), "--help"], [sys.executable, str(project / "main.py"), "--help"])]
    assert helps[0].returncode == helps[1].returncode == 0
    assert helps[0].stdout == helps[1].stdout and "--deal CODE" in helps[0].stdout
    shots = []
    for name, args in (("command", [str(command)]), ("main", [sys.executable, str(project / "main.py")])):
        shot = tmp_path / f"{name}.png"
        done = subprocess.run([*args, "--screenshot", str(shot), "--deal", "EO1-C8-AAAAAFA", "--size", "640x400"],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
        assert done.returncode == 0, done.stderr
        shots.append(shot.read_bytes())
    assert shots[0] == shots[1] and shots[0].startswith(b"\x89PNG")
