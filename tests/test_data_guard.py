"""The tests keep off the player's saved game (tests/data_guard.py, wired in
tests/conftest.py): every test has a stand-in home, and a session that
writes in the real data folder fails. Everything here writes under
``tmp_path`` only: a "player" is made there for the sessions run here."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import data_guard
from data_guard import DataGuard, differences, player_data_folders, snapshot
from game.host import APP_NAME, open_storage, user_data_dir

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


# ---- the look at a folder -------------------------------------------------------------------


def test_a_snapshot_sees_files_created_changed_and_deleted(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "game.json").write_text("EH1-N-AAAAAAF, 12 moves")
    (folder / "stats.json").write_text("{}")
    before = snapshot([folder])
    assert differences(before, snapshot([folder])) == []

    (folder / "game.json").write_text("EH1-N-AAAAAAF, 0 moves")  # same size, other bytes
    (folder / "stats.json").unlink()
    (folder / "game.json.bak").write_text("old")
    changed = differences(before, snapshot([folder]))
    assert f"created: {folder / 'game.json.bak'}" in changed
    assert f"deleted: {folder / 'stats.json'}" in changed
    assert any(line.startswith(f"changed: {folder / 'game.json'} (") and "other content" in line for line in changed)


def test_same_size_and_same_mtime_but_other_bytes_is_seen(tmp_path):
    saved = tmp_path / "game.json"
    saved.write_text("one")
    st = saved.stat()
    before = snapshot([tmp_path])
    with open(saved, "r+") as f:  # in place: same inode and size
        f.write("two")
    os.utime(saved, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert differences(before, snapshot([tmp_path])) == [f"changed: {saved} (other content)"]
    assert differences(snapshot([tmp_path], contents=False), snapshot([tmp_path], contents=False)) == []


def test_a_folder_that_appears_is_reported_with_what_is_in_it(tmp_path):
    folder = tmp_path / "share" / APP_NAME
    before = snapshot([folder])
    assert before == {str(folder): data_guard.MISSING}
    folder.mkdir(parents=True)
    (folder / "game.json").write_text("{}")
    assert differences(before, snapshot([folder])) == [f"created: {folder}", f"created: {folder / 'game.json'}"]


def test_links_and_special_files_are_looked_at_not_followed_or_read(tmp_path):
    (tmp_path / "loop").symlink_to(tmp_path)  # followed, this would never end
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")  # read, this would block
    seen = snapshot([tmp_path])
    assert seen[str(tmp_path / "loop")][0] == "link"
    assert not hasattr(os, "mkfifo") or seen[str(tmp_path / "pipe")][0] == "special file"


def test_the_guard_blames_the_test_that_wrote_and_reports_at_the_end(tmp_path):
    folder = tmp_path / APP_NAME
    folder.mkdir()
    (folder / "game.json").write_text("the player's game")
    guard = DataGuard([folder])
    assert guard.look("tests/test_a.py::test_reads") == []
    (folder / "game.json").write_text("EH1-N-AAAAAAF")
    changed = guard.look("tests/test_b.py::test_writes")  # stats only: a new size, a new mtime
    assert len(changed) == 1 and changed[0].startswith(f"changed: {folder / 'game.json'} (")
    assert guard.look("tests/test_c.py::test_after") == []  # the next test is not blamed
    report = guard.report()
    assert report[0].startswith("The tests wrote in the player's real data folder")
    assert any("game.json" in line and "changed" in line for line in report)
    assert any("seen after tests/test_b.py::test_writes" in line for line in report)
    assert DataGuard([folder]).report() == []


def test_the_data_folders_guarded_are_user_data_dirs_for_every_system(tmp_path):
    home, xdg, roaming = tmp_path / "home", tmp_path / "xdg", tmp_path / "Roaming"
    folders = player_data_folders({"HOME": str(home), "XDG_DATA_HOME": str(xdg), "APPDATA": str(roaming)})
    for system, env in (("linux", {"XDG_DATA_HOME": str(xdg)}), ("linux", {}), ("darwin", {}),
                        ("win32", {"APPDATA": str(roaming)}), ("win32", {})):
        assert user_data_dir(env=env, system=system, home=home) in folders


# ---- the stand-in home of every test ------------------------------------------------------


_SAVED_BY_THE_TEST_BEFORE: list[Path] = []


def test_a_game_saved_without_saying_where_lands_in_the_stand_in(real_environ):
    """The mistake that once replaced a player's saved game (a test that
    built the app without --data): the save goes to this test's own home."""
    assert open_storage().set("game", '{"deal": "EH1-N-AAAAAAF"}')
    saved = user_data_dir() / "game.json"
    assert saved.is_file() and Path(os.environ["HOME"]) in saved.parents
    assert all(folder not in saved.parents for folder in player_data_folders(real_environ))
    _SAVED_BY_THE_TEST_BEFORE.append(saved)


def test_every_test_has_a_fresh_home_of_its_own(real_environ, tmp_path):
    assert Path.home() == Path(os.environ["HOME"]) and Path.home().is_dir()
    for name in data_guard.STAND_IN:
        assert os.environ[name] != real_environ.get(name), name
        assert Path(os.environ[name]) == Path.home() or Path.home() in Path(os.environ[name]).parents, name
    assert tmp_path not in Path.home().parents  # beside tmp_path, not in it: tests count what is there
    assert not user_data_dir().exists()  # nothing saved in it yet, by this test or another
    for saved in _SAVED_BY_THE_TEST_BEFORE:  # when run after the test above
        assert saved.is_file() and Path.home() not in saved.parents


# ---- whole sessions: the guard fails them ---------------------------------------------------

CLEAN = """
from game.host import open_storage

def test_a_save_without_a_data_folder():
    assert open_storage().set("game", "{}")  # the stand-in's data folder, not the player's
"""

WRITES_IN_A_TEST = """
import os
from pathlib import Path

def test_overwrites_the_saved_game():
    Path(os.environ["GUARD_TEST_TARGET"], "game.json").write_text("EH1-N-AAAAAAF")

def test_after_it():
    pass
"""

WRITES_AT_COLLECTION = """
import os
from pathlib import Path

Path(os.environ["GUARD_TEST_TARGET"], "stray.json").write_text("{}")

def test_passes():
    pass
"""


def run_session(tmp_path: Path, test_text: str, *options: str) -> tuple[subprocess.CompletedProcess, Path]:
    """A pytest session with the real tests/conftest.py, for a player whose
    home (and saved game) is in ``tmp_path`` (``options``: more for pytest)."""
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(TESTS / "conftest.py", project / "conftest.py")
    shutil.copy(TESTS / "data_guard.py", project / "data_guard.py")
    (project / "pytest.ini").write_text("[pytest]\n")
    (project / "test_inner.py").write_text(test_text)
    env = {k: v for k, v in os.environ.items() if k not in data_guard.STAND_IN and not k.startswith("PYTEST_")}
    env.update(HOME=str(tmp_path / "player"), PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    target = user_data_dir(env=env, home=tmp_path / "player")
    target.mkdir(parents=True)
    (target / "game.json").write_text("the player's game, 40 moves in")
    env["GUARD_TEST_TARGET"] = str(target)
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             f"--basetemp={tmp_path / 'basetemp'}", *options, "test_inner.py"],
                            cwd=project, env=env, capture_output=True, text=True, timeout=120)
    return result, target


def test_a_session_that_keeps_off_the_data_folder_passes(tmp_path):
    result, target = run_session(tmp_path, CLEAN)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (target / "game.json").read_text() == "the player's game, 40 moves in"
    assert sorted(p.name for p in target.iterdir()) == ["game.json"]
    assert "data folder" not in result.stdout


def test_a_test_that_writes_in_the_data_folder_fails_the_session(tmp_path):
    result, target = run_session(tmp_path, WRITES_IN_A_TEST)
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "2 passed, 1 error" in out  # the culprit errs at teardown, the next test is not blamed
    assert "ERROR test_inner.py::test_overwrites_the_saved_game" in out
    assert "this test wrote in the player's real data folder" in out
    assert f"changed: {target / 'game.json'}" in out
    assert "the player's data folder changed during the tests" in out


def test_in_several_processes_the_test_that_writes_is_still_named(tmp_path):
    """The suite runs in several processes (pytest-xdist): each one's guard
    watches the player's real folders (handed on by the first process, which
    has already pointed its own environment at a stand-in home)."""
    result, target = run_session(tmp_path, WRITES_IN_A_TEST, "-n", "2")
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "ERROR test_inner.py::test_overwrites_the_saved_game" in out
    assert "this test wrote in the player's real data folder" in out
    assert f"changed: {target / 'game.json'}" in out
    # (test_after_it may be blamed too: it ran in the other process at the same time)


def test_a_write_outside_any_test_fails_the_session_at_its_end(tmp_path):
    result, target = run_session(tmp_path, WRITES_AT_COLLECTION)
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "1 passed in" in out and "error" not in out
    assert f"created: {target / 'stray.json'}" in out
    assert "seen after the collection" in out
    assert "the player's data folder changed during the tests" in out


# ---- the tools ------------------------------------------------------------------------------

OPENS_THE_PLAYERS_STORAGE = {"open_storage", "user_data_dir", "make_app"}


def test_no_tool_builds_the_app_or_a_storage_on_the_players_data_folder():
    """Tools build their apps on a MemoryStorage or a temporary folder:
    build_app always gets storage=, Persistence a storage, and nothing asks
    the host for the player's storage or folder."""
    found = []
    for path in sorted((ROOT / "tools").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            keywords = {k.arg for k in node.keywords}
            if name == "build_app" and "storage" not in keywords:
                found.append(f"{path.name}:{node.lineno}: build_app without storage=")
            elif name == "Persistence" and not node.args and "storage" not in keywords:
                found.append(f"{path.name}:{node.lineno}: Persistence() without a storage")
            elif name == "opening":
                found.append(f"{path.name}:{node.lineno}: Persistence.opening(), the host's storage")
            elif name in OPENS_THE_PLAYERS_STORAGE:
                found.append(f"{path.name}:{node.lineno}: {name}()")
    assert found == []


@pytest.mark.parametrize("mistake", ["build_app(['--deal', 'EH1-N-AAAAAAF'])", "Persistence()", "open_storage()",
                                     "Persistence.opening(host.open_storage)"])
def test_the_tools_check_catches_a_mistake(mistake, tmp_path, monkeypatch):
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "bad_tool.py").write_text(f"def main():\n    {mistake}\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    with pytest.raises(AssertionError):
        test_no_tool_builds_the_app_or_a_storage_on_the_players_data_folder()
