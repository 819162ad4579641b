"""Storage backends: atomic files with a backup, localStorage with a quota,
and the persistence layer's answer to damaged or hostile records."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.persistence import settings as settings_store
from game.engine import Game
from game.persistence import Persistence
from game.persistence import storage as storage_module
from game.persistence.storage import BrowserStorage, DictLocalStorage, FileStorage, MemoryStorage, ReadError
from game.persistence.stats import VERSION as STATS_VERSION

ROOT = Path(__file__).resolve().parents[2]


def gone_pid() -> int:
    """The id of a process that ran and is gone (reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


# ---- FileStorage -------------------------------------------------------------------------


def test_file_storage_round_trip_and_keys(tmp_path):
    storage = FileStorage(tmp_path / "data")  # created on first write
    assert storage.get("game") is None and storage.keys() == []
    assert storage.set("game", '{"a": "\u00e9"}')
    assert storage.set("stats", "{}")
    assert storage.get("game") == '{"a": "\u00e9"}'
    assert storage.keys() == ["game", "stats"]
    storage.delete("game")
    assert storage.get("game") is None and storage.get_backup("game") is None
    assert storage.keys() == ["stats"]


def test_file_storage_keeps_the_previous_record_as_backup(tmp_path):
    storage = FileStorage(tmp_path)
    storage.set("game", "one")
    assert storage.get_backup("game") is None
    storage.set("game", "two")
    storage.set("game", "three")
    assert storage.get("game") == "three"
    assert storage.get_backup("game") == "two"
    assert (tmp_path / "game.json.bak").read_text() == "two"
    assert not list(tmp_path.glob("*.tmp"))


def test_file_storage_rejects_keys_that_could_escape_the_directory(tmp_path):
    storage = FileStorage(tmp_path)
    for key in ("../evil", "a/b", "", "UPPER", "x" * 100):
        with pytest.raises(ValueError):
            storage.set(key, "x")


def test_set_aside_keeps_every_bad_copy(tmp_path):
    storage = FileStorage(tmp_path)
    for text in ("bad 1", "bad 2", "bad 3"):
        storage.set("stats", text)
        storage.set_aside("stats")
        assert storage.get("stats") is None
    assert (tmp_path / "stats.json.bad").read_text() == "bad 1"
    assert (tmp_path / "stats.json.bad2").read_text() == "bad 2"
    assert (tmp_path / "stats.json.bad3").read_text() == "bad 3"


def test_a_failed_write_reports_and_keeps_the_old_record(tmp_path, monkeypatch):
    storage = FileStorage(tmp_path)
    storage.set("game", "good")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert storage.set("game", "new") is False
    monkeypatch.undo()
    assert not list(tmp_path.glob("*.tmp*"))
    assert "could not write" in storage.last_error
    assert storage.get("game") == "good"


def test_crash_between_writing_the_temporary_file_and_renaming(tmp_path, monkeypatch):
    storage = FileStorage(tmp_path)
    storage.set("game", "state 1")
    storage.set("game", "state 2")

    def crash(*args):
        raise KeyboardInterrupt("killed")  # not an OSError: nothing may clean up

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        storage.set("game", "state 3")
    monkeypatch.undo()
    [temporary] = tmp_path.glob("game.json.tmp*")
    assert temporary.read_text() == "state 3"  # written, never renamed
    # Made the leftover of a process that is gone, a minute ago (this one still runs).
    left = temporary.with_name(f"game.json.tmp-{gone_pid()}-0123abcd")
    temporary.rename(left)
    os.utime(left, (time.time() - 61, time.time() - 61))
    restarted = FileStorage(tmp_path)
    assert restarted.get("game") == "state 2"
    assert restarted.set("game", "state 4") and restarted.get("game") == "state 4"
    assert not list(tmp_path.glob("game.json.tmp*"))  # the next run's first save clears it


def test_the_sweep_leaves_another_windows_write_in_progress_alone(tmp_path):
    """One window's once-per-run sweep used to delete the temporary file
    another window was writing (its save then failed). A temporary file of
    a process that runs, or a fresh one, or a name we never make, stays."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        old = time.time() - 3600
        writing = tmp_path / f"game.json.tmp-{sleeper.pid}-0123abcd"  # its process runs
        fresh = tmp_path / f"game.json.tmp-{gone_pid()}-0123abce"  # written a moment ago
        foreign = tmp_path / "game.json.tmp-notes"  # not a name of ours
        stale = tmp_path / f"game.json.tmp-{gone_pid()}-0123abcf"  # gone, an hour old
        for path in (writing, fresh, foreign, stale):
            path.write_text("{}")
        for path in (writing, foreign, stale):
            os.utime(path, (old, old))
        storage = FileStorage(tmp_path)
        assert storage.set("game", "mine")
        assert writing.exists() and fresh.exists() and foreign.exists()
        assert not stale.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_write_waits_for_another_processs_lock_and_then_fails_cleanly(tmp_path):
    """A process holding a record's lock (here: for longer than a write
    waits) makes the write fail, with the reason, and leaves the record."""
    storage = FileStorage(tmp_path)
    assert storage.set("stats", "before")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT);"
         " fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(30)", str(tmp_path / "stats.json.lock")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        storage.LOCK_WAIT = 0.2
        assert storage.set("stats", "after") is False
        assert "another window" in storage.last_error
        assert storage.get("stats") == "before"
    finally:
        holder.kill()
        holder.wait()
    assert storage.set("stats", "after") and storage.get("stats") == "after"  # a dead holder holds nothing


def test_crash_between_the_two_renames_falls_back_to_the_backup(tmp_path, monkeypatch):
    storage = FileStorage(tmp_path)
    storage.set("game", "state 1")
    real_replace = os.replace
    calls = []

    def replace_then_crash(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt("killed")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace_then_crash)
    with pytest.raises(KeyboardInterrupt):
        storage.set("game", "state 2")
    monkeypatch.undo()
    assert not (tmp_path / "game.json").exists()
    assert FileStorage(tmp_path).get("game") == "state 1"


KILL_SCRIPT = """
import os, sys
sys.path.insert(0, sys.argv[1])
from game.persistence.storage import FileStorage
storage = FileStorage(sys.argv[2])
storage.set("game", "before")
real_replace = os.replace
def die(src, dst):
    os._exit(9)  # the process is killed: no cleanup, no exception handlers
os.replace = die
storage.set("game", "after")
"""


def test_a_process_killed_mid_write_leaves_the_previous_state(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", KILL_SCRIPT, str(ROOT), str(tmp_path)], capture_output=True, timeout=60
    )
    assert result.returncode == 9
    assert FileStorage(tmp_path).get("game") == "before"


# ---- BrowserStorage --------------------------------------------------------------------------


def test_browser_storage_over_a_fake_local_storage():
    local = DictLocalStorage()
    local.setItem("other-site-thing", "keep me")
    storage = BrowserStorage(local, prefix="app/")
    assert storage.get("game") is None
    assert storage.set("game", "one") and storage.set("game", "two")
    assert local.items["app/game"] == "two" and local.items["app/game.bak"] == "one"
    assert storage.get_backup("game") == "one"
    assert storage.keys() == ["game"]
    storage.set_aside("game")
    assert storage.get("game") is None and local.items["app/game.bad"] == "two"
    storage.delete("game")
    assert "app/game.bak" not in local.items
    assert local.items["other-site-thing"] == "keep me"


def test_a_full_quota_is_reported_never_raised():
    local = DictLocalStorage(quota=60)
    storage = BrowserStorage(local, prefix="app/")
    assert storage.set("game", "x" * 20)
    # The second write only fits once the backup is given up.
    assert storage.set("game", "y" * 30)
    assert storage.get("game") == "y" * 30
    assert storage.get_backup("game") is None
    # Too big to fit at all: refused, the last good record stays.
    assert storage.set("game", "z" * 100) is False
    assert "quota" in storage.last_error.lower()
    assert storage.get("game") == "y" * 30


class BrokenLocalStorage:
    """localStorage in a private window or a sandboxed iframe: every call throws."""

    length = property(lambda self: 1 / 0)

    def getItem(self, name):  # noqa: N802
        raise RuntimeError("SecurityError: access denied")

    setItem = removeItem = key = getItem  # noqa: N815


def test_a_local_storage_that_always_throws_is_survivable():
    storage = BrowserStorage(BrokenLocalStorage(), prefix="app/")
    with pytest.raises(ReadError):  # unreadable is not "nothing stored"
        storage.get("game")
    assert storage.set("game", "x") is False
    storage.set_aside("game")
    storage.delete("game")
    assert storage.keys() == []
    persistence = Persistence(storage)
    loaded = persistence.load_all()
    assert loaded.game is None and loaded.notices == ["notice.records_unreadable"]
    assert persistence.save_game(Game.from_deal("EH1-N-AAAAAAF"), 1) is False
    assert persistence.pop_notices() == []  # told once, at start-up


def test_persistence_reports_a_full_quota_once():
    # the settings record (about 410 characters) fits, a whole dealt game (about 950) doesn't
    persistence = Persistence(MemoryStorage(quota=600))
    persistence.load_all()
    game = Game.from_deal("EH1-N-AAAAAAF")
    assert persistence.save_game(game, 1.0) is False  # a whole Easy Harp deal doesn't fit
    assert persistence.save_game(game, 2.0) is False
    assert persistence.pop_notices() == ["notice.save_failed"]
    assert persistence.pop_notices() == []
    assert persistence.save_settings(settings_store.Settings(sound=False))  # small records still fit


# ---- damaged records, through the persistence layer ---------------------------------------


def _file_persistence(tmp_path) -> tuple[Persistence, Path]:
    return Persistence(FileStorage(tmp_path)), tmp_path


@pytest.mark.parametrize(
    "text",
    [
        "",
        '{"schema": "easy-harp-eight-off/stats", "version": 1, "variants": {',  # truncated
        "not json at all",
        "\udcff\x00\x01",
        "[1, 2, 3]",
        '"a string"',
        "[" * 100000,  # nested far too deep for the parser
        '{"schema": "easy-harp-eight-off/stats", "version": "1", "variants": {}}',
        '{"schema": "easy-harp-eight-off/stats", "version": 1, "variants": {}, "extra": 1}',
        '{"schema": "easy-harp-eight-off/stats", "version": 1, "variants": {"easy-harp/N": {"played": -1}}}',
        '{"schema": "easy-harp-eight-off/stats", "version": 1, "variants": {"poker/X": {}}}',
    ],
)
def test_damaged_statistics_start_clean_keep_a_bad_copy_and_tell_once(tmp_path, text):
    (tmp_path / "stats.json").write_text(text, encoding="utf-8", errors="surrogateescape")
    persistence, _ = _file_persistence(tmp_path)
    loaded = persistence.load_all()
    assert loaded.stats.variants == {}
    assert loaded.notices == ["notice.stats_damaged"]
    assert loaded.problems
    assert (tmp_path / "stats.json.bad").exists()
    assert not (tmp_path / "stats.json").exists()
    assert Persistence(FileStorage(tmp_path)).load_all().notices == []  # told once


def test_invalid_utf8_bytes_are_bad_data_not_a_crash(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe{\x00\x80")
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.settings == settings_store.Settings(lang=loaded.settings.lang)
    assert loaded.notices == ["notice.settings_damaged"]
    assert (tmp_path / "settings.json.bad").read_bytes() == b"\xff\xfe{\x00\x80"


def test_a_damaged_record_falls_back_to_the_previous_good_copy(tmp_path):
    persistence, _ = _file_persistence(tmp_path)
    persistence.load_all()
    game = Game.from_deal("EO1-C8-AAAAAFA")
    persistence.record_result(game, 10, won=False)
    persistence.record_result(game, 20, won=False)  # the first record is now the backup
    (tmp_path / "stats.json").write_text('{"schema": "easy-harp-eight-off/stats", "vers')  # torn
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.stats.get("eight-off", "C8").played == 1
    assert loaded.notices == ["notice.stats_restored"]
    assert (tmp_path / "stats.json.bad").exists()
    again = Persistence(FileStorage(tmp_path)).load_all()
    assert again.notices == [] and again.stats.get("eight-off", "C8").played == 1


def test_a_record_from_a_newer_version_is_never_written_over(tmp_path):
    """It used to be set aside, so statistics restarted from zero and the
    newer version, run again, found none: now it stays where it is,
    untouched by this session's games, and the player is told which format
    made it."""
    future = {"schema": "easy-harp-eight-off/stats", "version": 99, "variants": {}, "new_thing": [1]}
    text = json.dumps(future)
    (tmp_path / "stats.json").write_text(text)
    persistence = Persistence(FileStorage(tmp_path))
    loaded = persistence.load_all()
    assert loaded.notices == ["notice.stats_newer_left"]
    game = Game.from_deal("EO1-C8-AAAAAFA")
    assert game.play(game.legal_actions()[0]).ok
    persistence.new_game(Game.from_deal("EO1-C8-AAAAAFB"), previous=game, previous_elapsed=5)
    assert persistence.stats.get("eight-off", "C8").played == 1  # counted here, in memory
    assert (tmp_path / "stats.json").read_text() == text and not list(tmp_path.glob("stats.json.*"))
    assert persistence.pop_notices() == []  # told once
    for lang in ("en", "vi", "hu"):
        words = persistence.notice_text("notice.stats_newer_left", lang)
        assert "99" in words and str(STATS_VERSION) in words.replace("99", "") and "{" not in words
    assert Persistence(FileStorage(tmp_path)).load_all().notices == ["notice.stats_newer_left"]


def test_a_newer_versions_backup_behind_a_damaged_record_is_left_for_it(tmp_path):
    """The record is torn and its backup was written by a newer version:
    the backup stays where that version looks for it, this session keeps
    nothing there (its next write would move a record over the backup),
    and the player is told which format made it."""
    future = json.dumps({"schema": "easy-harp-eight-off/stats", "version": 7, "variants": {}})
    (tmp_path / "stats.json").write_text('{"schema": "easy-har')
    (tmp_path / "stats.json.bak").write_text(future)
    persistence = Persistence(FileStorage(tmp_path))
    loaded = persistence.load_all()
    assert loaded.notices == ["notice.stats_newer_left"]
    assert "7" in persistence.notice_text("notice.stats_newer_left", "en")
    game = Game.from_deal("EO1-C8-AAAAAFA")
    assert game.play(game.legal_actions()[0]).ok
    for _ in range(2):
        persistence.new_game(Game.from_deal("EO1-C8-AAAAAFB"), previous=game, previous_elapsed=5)
    assert (tmp_path / "stats.json.bak").read_text() == future
    assert not (tmp_path / "stats.json").exists()
    assert (tmp_path / "stats.json.bad").read_text() == '{"schema": "easy-har'  # the torn one, kept aside


def test_settings_keep_what_is_good_and_report_the_rest(tmp_path):
    record = {
        "schema": settings_store.SCHEMA, "version": 1,
        "settings": {"sound": False, "four_color": "yes", "lang": 42, "zoom": 5, "left_handed": True},
    }
    (tmp_path / "settings.json").write_text(json.dumps(record))
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.settings.sound is False and loaded.settings.left_handed is True
    assert loaded.settings.four_color is False and loaded.settings.chosen_lang is None
    assert not hasattr(loaded.settings, "zoom")
    assert loaded.notices == ["notice.settings_damaged"]
    assert (tmp_path / "settings.json.bad").exists()
    again = Persistence(FileStorage(tmp_path)).load_all()
    assert again.notices == [] and again.settings == loaded.settings


def test_the_default_game_is_the_registrys_first(monkeypatch):
    """Settings name no game: the New game dialog first offers the first
    registered game and its first variant, and a record naming a game no
    one registered falls back to that one too."""
    from game.engine import registry

    first = registry.games()[0]
    assert (settings_store.Settings().game, settings_store.Settings().variant) == (first.id, first.variants[0])
    second = registry.games()[1]
    monkeypatch.setattr(registry, "default_game", lambda: second)
    assert (settings_store.Settings().game, settings_store.Settings().variant) == (second.id, second.variants[0])
    record = {"schema": settings_store.SCHEMA, "version": 1, "settings": {"game": "no-such-game", "variant": "X"}}
    storage = MemoryStorage()
    storage.set("settings", json.dumps(record))
    loaded = Persistence(storage).load_all()
    assert (loaded.settings.game, loaded.settings.variant) == (second.id, second.variants[0])


def test_unknown_settings_keys_are_ignored_quietly(tmp_path):
    persistence, _ = _file_persistence(tmp_path)
    record = {"schema": settings_store.SCHEMA, "version": 1,
              "settings": {"lang": "vi", "large_cards": True, "from_the_future": 1}}
    (tmp_path / "settings.json").write_text(json.dumps(record))
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == []
    assert loaded.settings == settings_store.Settings(lang="vi", chosen_lang="vi", large_cards=True)


def test_nothing_stored_yet_means_defaults_and_no_notice(tmp_path):
    loaded = Persistence(FileStorage(tmp_path / "new")).load_all()
    assert loaded.game is None and loaded.elapsed == 0
    assert loaded.settings == settings_store.Settings(lang=loaded.settings.lang)
    assert loaded.settings.chosen_lang is None
    assert loaded.stats.variants == {} and loaded.notices == []


@pytest.mark.parametrize(
    "values, expected",
    [
        ({"game": "eight-off", "variant": "C4"}, ("eight-off", "C4")),
        ({"game": "eight-off", "variant": "N"}, ("easy-harp", "N")),
        ({"game": "poker", "variant": "C8"}, ("easy-harp", "N")),
        ({"game": ["eight-off"], "variant": "C8"}, ("easy-harp", "N")),
    ],
)
def test_the_new_game_dialogs_choice_is_kept_when_it_exists(values, expected):
    settings, problems = settings_store.clean(values)
    assert (settings.game, settings.variant) == expected
    assert bool(problems) == (expected != (values["game"], values["variant"]))


def test_every_notice_has_an_english_text():
    from game.i18n import en

    notices = [f"notice.{kind}_{what}" for kind in ("game", "stats", "settings") for what in ("damaged", "restored", "newer")]
    notices += ["notice.undo_lost", "notice.save_failed", "notice.records_unreadable"]
    assert [n for n in notices if n not in en.MESSAGES] == []


@pytest.mark.parametrize("command_line, chosen, system, shown", [
    ("vi", "hu", "en-US", "vi"),  # the command line first
    (None, "hu", "vi-VN", "hu"),  # then the player's choice
    (None, None, "hu_HU.UTF-8", "hu"),  # then the system's or browser's language
    (None, "xx", "vi", "vi"),  # a choice we have no catalogue for is passed over
    (None, None, "C", "en"),  # else English
    (None, None, None, "en"),
])
def test_one_language_choice(command_line, chosen, system, shown):
    assert settings_store.choose_language(command_line, chosen, system) == shown
    persistence = Persistence(MemoryStorage())
    persistence.settings.chosen_lang = chosen
    assert persistence.language(command_line, system=system) == shown


def test_the_language_shown_is_never_kept_unless_chosen(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    settings = persistence.load_all().settings
    settings.lang = "vi"  # shown, e.g. from --lang or the system
    persistence.save_settings(settings)
    assert json.loads((tmp_path / "settings.json").read_text())["settings"]["lang"] is None
    settings.chosen_lang = settings.lang = "hu"
    persistence.save_settings(settings)
    again = Persistence(FileStorage(tmp_path))
    assert again.load_all().settings.chosen_lang == "hu"
    assert again.language(system="vi") == "hu"


# ---- broken disks and odd files ------------------------------------------------------------


def _saved_twice(folder: Path) -> tuple[dict, dict]:
    """A game saved at two moves in ``folder``: (the older, the newer) position."""
    persistence = Persistence(FileStorage(folder))
    persistence.load_all()
    game = Game.from_deal("EO1-C8-AAAAAFA")
    persistence.new_game(game)
    assert game.play("c7>r").ok
    persistence.save_game(game, 5)
    older = game.position.to_dict()
    assert game.play("c3>r").ok
    persistence.save_game(game, 6)
    return older, game.position.to_dict()


def _refuse_open(monkeypatch, name: str, error: int = errno.EACCES) -> None:
    real_open = os.open

    def refusing(path, flags, *args, **kwargs):
        if os.fspath(path).endswith(os.sep + name):
            raise OSError(error, os.strerror(error), os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)


def _plays_on_in_memory(persistence: Persistence) -> None:
    game = Game.from_deal("EH1-N-AAAAAAF")
    persistence.new_game(game)
    assert game.play("draw").ok
    assert persistence.save_game(game, 2) is False  # nothing written...
    persistence.record_result(game, 2, won=False)
    assert persistence.stats.get("easy-harp", "N").played == 1  # ...but kept in memory
    assert persistence.pop_notices() == []  # and no second notice


@pytest.mark.parametrize("case", ["name too long", "a file where a folder should be", "permission denied"])
def test_the_game_starts_when_its_data_folder_cant_be_checked(tmp_path, monkeypatch, case):
    if case == "name too long":
        folder = tmp_path / ("x" * 300) / "data"
    elif case == "a file where a folder should be":
        (tmp_path / "data").write_text("not a folder")
        folder = tmp_path / "data" / "easy-harp-eight-off"
    else:
        folder = tmp_path / "data"
        folder.mkdir()
        for name in ("game.json", "stats.json", "settings.json", "daily.json"):
            (folder / name).write_text("{}")
            _refuse_open(monkeypatch, name)
    persistence = Persistence(FileStorage(folder))
    loaded = persistence.load_all()
    assert loaded.game is None and loaded.notices == ["notice.records_unreadable"]
    assert len(loaded.problems) == 4  # one a record: the game, the statistics, the settings, the daily results
    _plays_on_in_memory(persistence)


@pytest.mark.parametrize("error", [errno.EACCES, errno.EIO])
def test_an_unreadable_saved_game_is_told_once_and_never_destroyed(tmp_path, monkeypatch, error):
    older, newer = _saved_twice(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    _refuse_open(monkeypatch, "game.json", error)
    persistence = Persistence(FileStorage(tmp_path))
    loaded = persistence.load_all()
    assert loaded.game is None  # not silently the backup, a move earlier
    assert loaded.notices == ["notice.records_unreadable"]
    assert "could not read" in loaded.problems[0]
    _plays_on_in_memory(persistence)
    persistence.new_game(Game.from_deal("EO1-C8-AAAAAAC"))
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert {k: v for k, v in after.items() if k.startswith("game")} == \
        {k: v for k, v in before.items() if k.startswith("game")}  # no rename, no rewrite, no .bad
    monkeypatch.undo()
    assert Persistence(FileStorage(tmp_path)).load_all().game.position.to_dict() == newer


def test_a_read_error_midway_is_unreadable_too(tmp_path, monkeypatch):
    _saved_twice(tmp_path)

    def broken(fd, size):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "read", broken)
    with pytest.raises(ReadError):
        FileStorage(tmp_path).get("game")


FIFO_SCRIPT = """
import os, sys
sys.path.insert(0, sys.argv[1])
from game.persistence import Persistence
from game.persistence.storage import FileStorage
os.mkfifo(os.path.join(sys.argv[2], "game.json"))
loaded = Persistence(FileStorage(sys.argv[2])).load_all()
print(loaded.game is None, loaded.notices)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_as_the_saved_game_never_hangs(tmp_path):
    # In a child process: before the fix, opening the FIFO waited for a writer forever.
    result = subprocess.run([sys.executable, "-c", FIFO_SCRIPT, str(ROOT), str(tmp_path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[0] == "True ['notice.game_damaged']"
    assert (tmp_path / "game.json.bad").is_fifo()  # kept aside, not deleted


def test_a_device_is_no_record(tmp_path):
    device = Path(os.devnull)  # a character device, as /dev/zero is
    assert FileStorage._read(device).startswith(storage_module.NOT_A_RECORD)
    (tmp_path / "game.json").symlink_to("/dev/zero")
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.game is None and loaded.notices == ["notice.game_damaged"]
    assert os.path.islink(tmp_path / "game.json.bad")


def test_reads_stop_after_the_limit_whatever_size_the_file_claims(tmp_path, monkeypatch):
    monkeypatch.setattr(FileStorage, "MAX_BYTES", 1000)
    (tmp_path / "game.json").write_bytes(b" " * 5000)
    real_read, asked = os.read, []

    def counting(fd, size):
        asked.append(size)
        return real_read(fd, size)

    monkeypatch.setattr(os, "read", counting)
    text = FileStorage(tmp_path).get("game")
    assert text.startswith(storage_module.NOT_A_RECORD) and "1000" in text
    assert sum(asked) <= 1001
    monkeypatch.undo()
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == ["notice.game_damaged"]
    assert (tmp_path / "game.json.bad").stat().st_size == 5000  # kept whole


def test_saves_never_follow_a_planted_link(tmp_path, monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "game.json.tmp").symlink_to(victim)  # the old fixed temporary name, left two days ago
    if os.utime in os.supports_follow_symlinks:
        os.utime(folder / "game.json.tmp", (time.time() - 2 * 86400,) * 2, follow_symlinks=False)
    else:  # WebAssembly's file system can't date a link itself: the clock moves on instead
        later = time.time() + 2 * 86400
        monkeypatch.setattr(storage_module, "time", SimpleNamespace(time=lambda: later, monotonic=time.monotonic,
                                                                    sleep=time.sleep))
    storage = FileStorage(folder)
    assert storage.set("game", "one") and storage.get("game") == "one"
    assert victim.read_text() == "precious"
    assert not os.path.lexists(folder / "game.json.tmp")  # the link went, not its target
    # A link planted at the very name the next save will use: refused, not followed.
    monkeypatch.setattr(storage_module.secrets, "token_hex", lambda n: "feed")
    (folder / f"game.json.tmp-{os.getpid()}-feed").symlink_to(victim)
    assert storage.set("game", "two") is False
    assert victim.read_text() == "precious" and storage.get("game") == "one"


@pytest.mark.parametrize("kind", ["dangling link", "link loop", "folder"])
def test_a_saved_game_that_is_no_file_is_told_and_the_backup_used(tmp_path, kind):
    older, newer = _saved_twice(tmp_path)
    record = tmp_path / "game.json"
    record.unlink()
    if kind == "dangling link":
        record.symlink_to(tmp_path / "gone.json")
    elif kind == "link loop":
        record.symlink_to(record)
    else:
        record.mkdir()
        (record / "inside").write_text("x")
    persistence = Persistence(FileStorage(tmp_path))
    loaded = persistence.load_all()
    assert loaded.notices == ["notice.game_restored"]
    assert loaded.game.position.to_dict() == older
    assert any(kind.split()[-1] in p or "a link" in p for p in loaded.problems)
    assert os.path.lexists(tmp_path / "game.json.bad")  # the odd thing is kept aside
    # and later saves work
    assert loaded.game.play("c3>r").ok
    assert persistence.save_game(loaded.game, 9)
    assert Persistence(FileStorage(tmp_path)).load_all().game.position.to_dict() == newer


def test_a_folder_appearing_where_the_record_was_is_never_made_the_backup(tmp_path):
    storage = FileStorage(tmp_path)
    storage.set("game", "one")
    storage.set("game", "two")
    (tmp_path / "game.json").unlink()
    (tmp_path / "game.json").mkdir()
    assert storage.set("game", "three") and storage.get("game") == "three"
    assert (tmp_path / "game.json.bak").read_text() == "one"  # the last real record
    assert (tmp_path / "game.json.bad").is_dir()


def test_the_desktop_keeps_the_newest_damaged_copies(tmp_path):
    storage = FileStorage(tmp_path)
    for n in range(1, 13):
        storage.set("stats", f"bad {n}")
        storage.set_aside("stats")
    kept = {p.name: p.read_text() for p in tmp_path.glob("stats.json.bad*")}
    assert kept == {f"stats.json.bad{n}": f"bad {n}" for n in range(4, 13)}  # the oldest went first


def test_the_browser_keeps_several_damaged_copies_within_a_bound():
    local = DictLocalStorage()
    storage = BrowserStorage(local, prefix="app/")
    for n in range(1, 13):
        storage.set("game", f"bad {n}")
        storage.set_aside("game")
    bad = {k: v for k, v in local.items.items() if ".bad" in k}
    assert bad == {f"app/game.bad{n}": f"bad {n}" for n in range(4, 13)}


def test_the_browser_gives_up_older_damaged_copies_for_the_newest():
    local = DictLocalStorage(quota=200)
    storage = BrowserStorage(local, prefix="app/")
    for text in ("a" * 60, "b" * 60, "c" * 60):
        storage.set("game", text)
        storage.set_aside("game")
    bad = [v for k, v in local.items.items() if ".bad" in k]
    assert bad == ["b" * 60, "c" * 60]  # the newest damaged copy, and older ones while there is room
    assert storage.set("game", "d" * 60)  # a save may give up older damaged copies...
    storage.set("game", "e" * 110)
    assert storage.get("game") == "e" * 110
    assert [v for k, v in local.items.items() if ".bad" in k] == ["c" * 60]  # ...never the newest


def test_the_browser_keeps_a_record_over_the_size_limit_whole(monkeypatch):
    monkeypatch.setattr(storage_module, "MAX_RECORD_CHARS", 50)
    local = DictLocalStorage()
    local.setItem("app/stats", "x" * 80)
    loaded = Persistence(BrowserStorage(local, prefix="app/")).load_all()
    assert loaded.notices == ["notice.stats_damaged"]
    assert local.items["app/stats.bad"] == "x" * 80  # the original, not a placeholder


def test_a_folder_in_the_backup_slot_is_set_aside_and_saves_go_on(tmp_path):
    storage = FileStorage(tmp_path)
    storage.set("game", "one")
    (tmp_path / "game.json.bak").mkdir()
    assert storage.set("game", "two") and storage.set("game", "three")
    assert storage.get("game") == "three" and storage.get_backup("game") == "two"
    assert (tmp_path / "game.json.bak.bad").is_dir()


def test_no_storage_to_open_at_all_means_play_in_memory():
    def no_home(*args, **kwargs):
        raise RuntimeError("Could not determine home directory.")

    persistence = Persistence.opening(no_home)
    loaded = persistence.load_all()
    assert loaded.notices == ["notice.records_unreadable"] and "home directory" in loaded.problems[0]
    assert isinstance(persistence.storage, MemoryStorage)


# ---- copies set aside: listed, read, written over, kept when asked ---------------------------------


def _stores(tmp_path):
    return [("file", FileStorage(tmp_path)), ("browser", BrowserStorage(DictLocalStorage(), prefix="app/"))]


@pytest.mark.parametrize("kind", ["file", "browser"])
def test_copies_are_listed_oldest_first_read_and_written_over(tmp_path, kind):
    storage = dict(_stores(tmp_path))[kind]
    names = []
    for text in ("one", "two", "three"):
        assert storage.set("game", text)
        names.append(storage.set_aside("game", mark="other"))
    assert storage.set("game", "bad")
    storage.set_aside("game")  # another mark: not among them
    assert storage.copies("game", "other") == names and len(set(names)) == 3
    assert [storage.get_copy("game", name) for name in names] == ["one", "two", "three"]
    assert storage.set_copy("game", names[0], "one, marked")
    assert storage.get_copy("game", names[0]) == "one, marked" and storage.get("game") is None
    assert storage.copies("stats", "other") == []
    for name in ("game", "stats.other", "../x", "game.other0"):  # not a copy of the record: refused
        with pytest.raises(ValueError):
            storage.get_copy("game", name)
    storage.set("game", "four")
    name = storage.set_aside("game", mark="other")
    assert storage.set_aside("game", mark="other") is None  # nothing there to set aside
    if kind == "file":
        (tmp_path / name).unlink()
    else:
        storage.store.removeItem(name)
    assert storage.set_copy("game", name, "x") is False and storage.last_error  # gone: never made again


@pytest.mark.parametrize("kind", ["file", "browser"])
def test_the_oldest_copies_go_to_make_room_unless_kept(tmp_path, kind):
    from game.persistence.storage import MAX_BAD_COPIES

    storage = dict(_stores(tmp_path))[kind]
    for i in range(MAX_BAD_COPIES + 3):
        storage.set("game", f"keep {i}" if i in (0, 2) else f"copy {i}")
        storage.set_aside("game", mark="other", keep=lambda text: text.startswith("keep"))
    texts = [storage.get_copy("game", name) for name in storage.copies("game", "other")]
    assert texts[:2] == ["keep 0", "keep 2"] and len(texts) == MAX_BAD_COPIES
    assert texts[2:] == [f"copy {i}" for i in range(5, MAX_BAD_COPIES + 3)]


def test_a_record_gone_between_a_writes_renames_is_set_aside_from_its_backup(tmp_path):
    """Killed between the two renames of a write, the folder holds the
    backup alone, which ``get`` reads as the record: setting the record
    aside sets that aside (it used to do nothing, and the next write turned
    it into the backup, then over it)."""
    storage = FileStorage(tmp_path)
    storage.set("game", "theirs")
    (tmp_path / "game.json").rename(tmp_path / "game.json.bak")
    assert storage.get("game") == "theirs"
    assert storage.set_aside("game", mark="other") == "game.json.other"
    assert storage.get_copy("game", "game.json.other") == "theirs" and storage.get("game") is None


@pytest.mark.parametrize("damage", [b'"sou\xffnd": false, ', b'"\xff": 1, ', b'"game": "eight-off\xff", '])
def test_bytes_that_are_not_utf8_in_the_settings_are_damage_and_the_player_is_told(tmp_path, damage):
    """A settings record is read leniently (a newer version's settings are
    ignored), but bytes that are no UTF-8 are damage, never a newer
    setting: the player is told, the damaged record kept aside and what
    could be read kept."""
    raw = b'{"schema": "easy-harp-eight-off/settings", "version": 1, "settings": {' + damage + b'"four_color": true}}'
    (tmp_path / "settings.json").write_bytes(raw)
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == ["notice.settings_damaged"] and loaded.settings.four_color is True
    assert any("UTF-8" in problem for problem in loaded.problems)
    assert (tmp_path / "settings.json.bad").read_bytes() == raw
    again = Persistence(FileStorage(tmp_path)).load_all()
    assert again.notices == [] and again.settings.four_color is True


def test_a_settings_record_with_the_replacement_character_in_the_browser_is_damage_too():
    storage = BrowserStorage(DictLocalStorage(), prefix="app/")
    storage.set("settings", '{"schema": "easy-harp-eight-off/settings", "version": 1, '
                            '"settings": {"sou\ufffdnd": false, "sound": false}}')
    loaded = Persistence(storage).load_all()
    assert loaded.notices == ["notice.settings_damaged"] and loaded.settings.sound is False
    escaped = json.dumps({"schema": "easy-harp-eight-off/settings", "version": 1, "settings": {"x\ufffd": 1}})
    assert "\\ufffd" in escaped  # written as an escape, as the game writes: a setting of a newer version
    storage.set("settings", escaped)
    assert Persistence(storage).load_all().notices == []
