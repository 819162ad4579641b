"""The player's table in the settings record (issue 40, item 8): the card
back, the felt, the hidden clock, the sound's volume and reduced motion
are written and read back like every other setting, on disk and in the
browser's storage; a record from before them reads with their defaults;
a wrong value falls back to its default and is reported, never raised; a
design's name this version doesn't know (a newer version's) falls back
quietly."""

import json

import pytest

from game.persistence import settings as store
from game.persistence.records import Persistence
from game.persistence.storage import BrowserStorage, DictLocalStorage, FileStorage

CHOSEN = {"card_back": "waves", "felt": "night", "hide_clock": True, "volume": 40, "reduce_motion": True}


def record(values: dict) -> str:
    return json.dumps({"schema": store.SCHEMA, "version": store.VERSION, "settings": values})


def test_the_new_settings_have_calm_defaults():
    s = store.Settings()
    assert (s.card_back, s.felt, s.hide_clock, s.volume, s.reduce_motion) == ("lattice", "green", False, 60, False)
    assert s.card_back == store.CARD_BACKS[0] and s.felt == store.FELTS[0]
    assert len(store.CARD_BACKS) >= 3 and len(store.FELTS) >= 3 and "night" in store.FELTS


@pytest.mark.parametrize("where", ["file", "browser"])
def test_the_players_table_is_kept_and_read_back(tmp_path, where):
    storage = FileStorage(tmp_path) if where == "file" else BrowserStorage(DictLocalStorage(), prefix="app/")
    chosen = store.Settings(**CHOSEN)
    assert Persistence(storage).save_settings(chosen)
    loaded = Persistence(storage).load_all()
    assert loaded.notices == []
    for name, value in CHOSEN.items():
        assert getattr(loaded.settings, name) == value, name
    text = storage.get("settings")
    assert text is not None and json.loads(text)["settings"]["felt"] == "night"


def test_a_record_from_before_reads_with_the_defaults(tmp_path):
    """An older record (no card back, felt, clock, volume or motion) keeps
    what it has and takes the defaults for the rest, with no notice."""
    (tmp_path / "settings.json").write_text(record({"lang": "hu", "sound": False, "four_color": True}))
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.notices == []
    s = loaded.settings
    assert (s.chosen_lang, s.sound, s.four_color) == ("hu", False, True)
    assert (s.card_back, s.felt, s.hide_clock, s.volume, s.reduce_motion) == ("lattice", "green", False, 60, False)


@pytest.mark.parametrize("name, value", [
    ("volume", 250), ("volume", -1), ("volume", "60"), ("volume", True), ("volume", 60.5), ("volume", None),
    ("card_back", 3), ("card_back", ""), ("card_back", "x" * 200), ("felt", ["night"]), ("felt", None),
    ("hide_clock", "yes"), ("reduce_motion", 1),
])
def test_a_wrong_value_falls_back_and_is_reported(name, value):
    settings, problems = store.clean({name: value, "left_handed": True})
    assert getattr(settings, name) == getattr(store.Settings(), name)
    assert settings.left_handed is True  # the rest of the record is kept
    assert len(problems) == 1 and repr(name) in problems[0]


def test_a_damaged_record_is_set_aside_and_the_game_starts(tmp_path):
    (tmp_path / "settings.json").write_text(record({"felt": "night", "volume": "loud", "card_back": {"a": 1}}))
    loaded = Persistence(FileStorage(tmp_path)).load_all()
    assert loaded.settings.felt == "night" and loaded.settings.volume == 60 and loaded.settings.card_back == "lattice"
    assert loaded.notices == ["notice.settings_damaged"]
    assert (tmp_path / "settings.json.bad").exists()


def test_a_newer_versions_design_falls_back_quietly():
    settings, problems = store.clean({"card_back": "paisley", "felt": "sunset", "volume": 0})
    assert (settings.card_back, settings.felt, settings.volume) == ("lattice", "green", 0)
    assert problems == []


def test_every_volume_from_0_to_100_is_kept():
    for volume in (0, 1, 55, 100):
        assert store.clean({"volume": volume}) == (store.Settings(volume=volume), [])
    again, problems = store.loads_settings(store.dumps_settings(store.Settings(volume=55)))
    assert again.volume == 55 and problems == []


# ---- the browser's prefers-reduced-motion: Reduce motion until the player says -------------------


def test_a_browser_asking_for_less_motion_reduces_it_for_a_new_player_and_it_is_kept(tmp_path):
    p = Persistence(FileStorage(tmp_path), system_reduced_motion=True)
    assert p.load_all().settings.reduce_motion  # nothing stored yet: the system's wish
    settings = p.settings
    settings.four_color = True  # any setting the player changes: the record then states both
    assert p.save_settings(settings)
    stored = json.loads((tmp_path / "settings.json").read_text())["settings"]
    assert stored["reduce_motion"] is True and stored["four_color"] is True
    assert Persistence(FileStorage(tmp_path), system_reduced_motion=False).load_all().settings.reduce_motion


def test_the_players_own_choice_beats_the_browsers(tmp_path):
    p = Persistence(FileStorage(tmp_path), system_reduced_motion=True)
    settings = p.load_all().settings
    settings.reduce_motion = False  # turned off in Options
    assert p.save_settings(settings)
    assert not Persistence(FileStorage(tmp_path), system_reduced_motion=True).load_all().settings.reduce_motion


@pytest.mark.parametrize("record", [
    '{"schema": "easy-harp-eight-off/settings", "version": 1, "settings": {"four_color": true}}',
    "{not json",
])
def test_a_record_that_never_stated_reduce_motion_follows_the_browser(tmp_path, record):
    (tmp_path / "settings.json").write_text(record)
    assert Persistence(FileStorage(tmp_path), system_reduced_motion=True).load_all().settings.reduce_motion
    assert not Persistence(FileStorage(tmp_path), system_reduced_motion=False).load_all().settings.reduce_motion


def test_stated_names_only_what_a_record_states():
    assert store.stated('{"settings": {"felt": "night", "volume": 40}}') == {"felt", "volume"}
    for text in ("{not json", "[]", '{"settings": 3}', None, "x" * (store.MAX_TEXT + 1)):
        assert store.stated(text) == set()
