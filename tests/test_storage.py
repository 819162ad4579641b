"""Storage backends: atomic files with a backup, localStorage with a quota,
and the persistence layer's answer to damaged or hostile records."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.persistence import settings as settings_store
from game.engine import Game
from game.persistence import Persistence
from game.persistence.storage import BrowserStorage, DictLocalStorage, FileStorage, MemoryStorage

ROOT = Path(__file__).resolve().parents[1]


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


def test_a_failed_write_reports_and_keeps_the_old_record(tmp_path):
    storage = FileStorage(tmp_path)
    storage.set("game", "good")
    (tmp_path / "game.json.tmp").mkdir()  # the temporary file can't be written
    assert storage.set("game", "new") is False
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
    assert (tmp_path / "game.json.tmp").read_text() == "state 3"  # written, never renamed
    restarted = FileStorage(tmp_path)
    assert restarted.get("game") == "state 2"
    assert restarted.set("game", "state 4") and restarted.get("game") == "state 4"


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
    assert storage.get("game") is None
    assert storage.set("game", "x") is False
    storage.set_aside("game")
    storage.delete("game")
    assert storage.keys() == []
    loaded = Persistence(storage).load_all()
    assert loaded.game is None and loaded.notices == []


def test_persistence_reports_a_full_quota_once():
    persistence = Persistence(MemoryStorage(quota=400))
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


def test_a_record_from_a_newer_version_is_kept_aside_not_read(tmp_path):
    future = {"schema": "easy-harp-eight-off/stats", "version": 99, "variants": {}, "new_thing": [1]}
    (tmp_path / "stats.json").write_text(json.dumps(future))
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == ["notice.stats_newer"]
    assert json.loads((tmp_path / "stats.json.bad").read_text()) == future


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
    notices += ["notice.undo_lost", "notice.save_failed"]
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
