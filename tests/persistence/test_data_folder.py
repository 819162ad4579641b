"""Where the records live when the environment is odd (an empty or relative HOME):
``HOME`` empty or relative never puts them at ``/.local/share`` or in
whatever folder the game was started from."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

from game import host
from game.persistence import Persistence

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("value", ["", "relative/home", "."])
def test_an_empty_or_relative_home_falls_back_to_the_password_database(value, tmp_path, monkeypatch):
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: type("P", (), {"pw_dir": str(tmp_path / "real")})())
    folder = host.user_data_dir("app", env={"HOME": value}, system="linux")
    assert folder == tmp_path / "real" / ".local" / "share" / "app"
    assert host.user_data_dir("app", env={"HOME": value}, system="darwin") == (
        tmp_path / "real" / "Library" / "Application Support" / "app")


def test_no_home_at_all_is_an_error_and_the_game_plays_on_in_memory(monkeypatch):
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: type("P", (), {"pw_dir": ""})())
    with pytest.raises(RuntimeError, match="no home folder"):
        host.user_data_dir("app", env={"HOME": ""}, system="linux")
    persistence = Persistence.opening(lambda: host.FileStorage(host.user_data_dir(env={"HOME": ""}, system="linux")))
    assert persistence.load_all().notices == ["notice.records_unreadable"]


def test_an_absolute_xdg_data_home_needs_no_home():
    assert host.user_data_dir("app", env={"HOME": "", "XDG_DATA_HOME": "/srv/data"}, system="linux") == Path(
        "/srv/data/app")


def test_a_relative_appdata_is_not_used(tmp_path):
    folder = host.user_data_dir("app", env={"APPDATA": "Roaming"}, system="win32", home=tmp_path)
    assert folder == tmp_path / "AppData" / "Roaming" / "app"


@pytest.mark.parametrize("value", ["", "somewhere"])
def test_the_real_game_with_an_odd_home_keeps_an_absolute_folder(value, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "XDG_DATA_HOME"}
    env.update(HOME=value, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", "from game.host import user_data_dir; print(user_data_dir())"],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    folder = Path(out.stdout.strip())
    assert folder.is_absolute() and not str(folder).startswith(str(tmp_path))
    assert folder != Path("/.local/share/easy-harp-eight-off")
