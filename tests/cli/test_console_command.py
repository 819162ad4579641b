"""The installed command: ``pip install .`` (a wheel) and ``pip install -e .``
give ``easy-harp-eight-off`` (pyproject.toml), which starts the same game as
``python3 main.py`` from any folder: the same command line, and a
screenshot made through it (fonts, card art, the first deal) is the same
picture. The wheel carries the fonts and sounds (``assets/``, at the top of
the repository for pygbag, is the package ``game.assets`` in it).

Each test works on a copy of the project in a temporary folder, builds with
the interpreter running the tests (its setuptools and wheel, those of
requirements-dev.txt, whether it is a virtual environment or not) and
installs into a fresh virtual environment of its own, which sees only the
running interpreter's pygame besides (nothing is fetched, and nothing is
written next to the real checkout). The command runs from a folder outside
both."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import threading
import tomllib
import zipfile
from pathlib import Path

import pytest

from game.textfile import FONTS, SOUNDS

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ["main.py", "pyproject.toml", "README.md", "game", "assets"]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
BIN = "Scripts" if os.name == "nt" else "bin"


def project_copy(tmp_path: Path) -> Path:
    """What a clean clone holds of the game, in ``tmp_path / "project"``."""
    project = tmp_path / "project"
    project.mkdir()
    for name in SHIPPED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, project / name)
    return project


def pip(*args: str) -> None:
    """The running interpreter's pip, offline (it has what the build needs:
    requirements-dev.txt's setuptools and wheel)."""
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def fresh_venv(tmp_path: Path) -> Path:
    """A new virtual environment (no pip of its own, not the system's
    packages) that sees the folders the running interpreter finds pygame-ce,
    setuptools and wheel in, after its own site-packages: a line of a
    ``.pth`` file adds a folder, never the ``.pth`` files inside it, so an
    editable install of the checkout there is not seen. Its Python."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / BIN / ("python.exe" if os.name == "nt" else "python")
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    folders = []
    for name in ("pygame", "setuptools", "wheel"):
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, f"{name} is not installed"
        folder = str(Path(spec.origin).parents[1])
        if folder not in folders:
            folders.append(folder)
    (Path(site) / "outer-packages.pth").write_text("\n".join(folders) + "\n", encoding="utf-8")
    return python


def build_wheel(project: Path, out: Path) -> Path:
    pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", str(out), str(project))
    wheels = sorted(out.glob("easy_harp_eight_off-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def install(python: Path, *what: str) -> Path:
    """``what`` installed into ``python``'s environment by the running
    pip (``--python``: pip 22.3 and later); the command."""
    pip("--python", str(python), "install", "--no-deps", "--no-build-isolation", "--no-index", "-q", *what)
    command = python.parent / ("easy-harp-eight-off.exe" if os.name == "nt" else "easy-harp-eight-off")
    assert command.exists()
    return command


def where_from(python: Path, cwd: Path) -> tuple[Path, Path, bool]:
    """Where ``python`` (run from ``cwd``) finds the game and its assets, and
    whether every shipped file is whole (fonts, sounds, winnable lists, daily tables)."""
    code = ("import game, game.textfile as t; print(game.__file__); print(t.ASSETS); "
            "print(t.check_shipped().ok)")
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, cwd=cwd, env=ENV, timeout=120)
    assert done.returncode == 0, done.stderr
    package, assets, ok = done.stdout.split("\n")[:3]
    return Path(package), Path(assets), ok == "True"


def same_game(command: Path, main_py: Path, elsewhere: Path) -> None:
    """The command and ``main_py``, both run from ``elsewhere``: the same
    help and the same screenshot."""
    helps = [subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=elsewhere, env=ENV)
             for args in ([str(command), "--help"], [sys.executable, str(main_py), "--help"])]
    assert helps[0].returncode == helps[1].returncode == 0, helps[0].stderr + helps[1].stderr
    assert helps[0].stdout == helps[1].stdout and "--deal CODE" in helps[0].stdout
    shots = []
    for name, args in (("command", [str(command)]), ("main", [sys.executable, str(main_py)])):
        shot = elsewhere / f"{name}.png"
        done = subprocess.run([*args, "--screenshot", str(shot), "--deal", "EO1-C8-AAAAAFA", "--size", "640x400"],
                              capture_output=True, text=True, timeout=120, cwd=elsewhere, env=ENV)
        assert done.returncode == 0, done.stderr
        assert done.stderr == "", done.stderr  # no notice of a missing file
        shots.append(shot.read_bytes())
    assert shots[0] == shots[1] and shots[0].startswith(b"\x89PNG")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built once from a copy of the project (the copy then goes)."""
    folder = tmp_path_factory.mktemp("wheel")
    built = build_wheel(project_copy(folder), folder / "dist")
    shutil.rmtree(folder / "project")
    return built


def test_the_wheel_carries_the_fonts_and_sounds_and_nothing_at_the_top(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for name in [*FONTS, *SOUNDS, "fonts/LICENSE-DejaVu.txt"]:
            assert archive.read(f"game/assets/{name}") == (ROOT / "assets" / name).read_bytes(), name
    lists = sorted(p.name for p in (ROOT / "game" / "solver" / "winnable").glob("*.txt"))
    assert lists and all(f"game/solver/winnable/{name}" in names for name in lists)
    tables = sorted(p.name for p in (ROOT / "game" / "play" / "daily_deals").glob("*.txt"))
    assert tables and all(f"game/play/daily_deals/{name}" in names for name in tables)
    info = "-".join(wheel.name.split("-")[:2]) + ".dist-info"
    assert {name.split("/")[0] for name in names} == {"game", info}  # no top-level assets/ or main.py


@pytest.fixture(scope="module")
def installed(tmp_path_factory, wheel) -> tuple[Path, Path]:
    """The wheel installed in a fresh virtual environment: (its Python, the command)."""
    python = fresh_venv(tmp_path_factory.mktemp("installed"))
    return python, install(python, str(wheel))


def test_an_installed_wheel_plays_from_any_folder_with_its_fonts_and_sounds(tmp_path, installed):
    python, command = installed
    package, assets, whole = where_from(python, tmp_path)
    assert package.is_relative_to(python.parent.parent) and assets == package.parent / "assets", (package, assets)
    assert whole  # every font, sound, winnable list and daily table found and whole
    same_game(command, ROOT / "main.py", tmp_path)


# Moments of the command's start-up, each the end of a module's import (-X importtime says so on
# standard error as it happens): all inside game.entry.run, whose module the command's script
# imports before anything else (tests/ui/test_interrupt.py does the same, and more, for main.py).
@pytest.mark.parametrize("module", ["asyncio", "pygame", "game.start", "game.ui.dialogs.help"])
def test_ctrl_c_during_the_commands_start_up_ends_it_quietly_with_status_130(tmp_path, installed, module):
    python, command = installed
    args = [str(python), "-X", "importtime", str(command), "--data", str(tmp_path / "data")]
    run = subprocess.Popen(args, cwd=tmp_path, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert run.stderr is not None
    stuck = threading.Timer(60, run.kill)  # a command that never gets there (or hangs) is ended
    stuck.start()
    try:
        for line in run.stderr:
            if line.startswith("import time:") and line.rsplit("|", 1)[1].strip() == module:
                run.send_signal(signal.SIGINT)
                break
        err = run.communicate(timeout=30)[1]
    finally:
        stuck.cancel()
        if run.poll() is None:
            run.kill()
            run.communicate()
    said = "\n".join(line for line in err.splitlines() if not line.startswith("import time:"))
    assert run.returncode == 130, said
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said


def test_an_editable_install_reads_the_checkouts_assets(tmp_path):
    project = project_copy(tmp_path)
    python = fresh_venv(tmp_path)
    command = install(python, "-e", str(project))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    package, assets, whole = where_from(python, elsewhere)
    assert package == project / "game" / "__init__.py" and assets == project / "assets" and whole
    same_game(command, project / "main.py", elsewhere)


def test_pyproject_lists_every_package_of_game():
    # setuptools' find can't be used (game.assets lives outside game/): the list follows the folders
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    folders = [ROOT / "game", *(p for p in (ROOT / "game").rglob("*") if p.is_dir() and p.name != "__pycache__")]
    wanted = {".".join(p.relative_to(ROOT).parts) for p in folders}
    wanted |= {"game.assets", *(f"game.assets.{p.name}" for p in (ROOT / "assets").iterdir() if p.is_dir())}
    assert sorted(listed) == sorted(wanted)


def test_the_fonts_sounds_and_start_up_check_read_one_folder():
    from game import textfile
    from game.ui.drawing import fonts
    from game.ui.voice import sound

    assert textfile.ASSETS == fonts.FONT_DIR.parent == sound.SOUND_DIR.parent == ROOT / "assets"  # the checkout's


def test_the_lookup_finds_an_installed_wheels_assets_first(tmp_path):
    from game.textfile import assets_folder

    checkout = tmp_path / "checkout"  # also an editable install and pygbag's bundle
    (checkout / "game").mkdir(parents=True)
    assert assets_folder(checkout / "game") == checkout / "assets"
    site = tmp_path / "site-packages"  # a wheel's game/assets, beside another project's top-level assets/
    (site / "game" / "assets").mkdir(parents=True)
    (site / "assets").mkdir()
    assert assets_folder(site / "game") == site / "game" / "assets"
