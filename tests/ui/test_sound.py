"""Sounds: every file loads with pygame.mixer; nothing plays before the
first click or key, nor with the option off; a mixer that fails is silence."""

from pathlib import Path

import pygame
import pytest

from game.engine import Pile
from game.ui.voice import sound as sound_module
from game.ui.voice.sound import NAMES, SOUND_DIR, Sounds

from .positions import easy_harp

C = lambda i: Pile("c", i - 1)  # noqa: E731



@pytest.mark.parametrize("name", NAMES)
def test_every_sound_file_loads(mixer, name):
    path = SOUND_DIR / f"{name}.ogg"
    assert path.exists()
    sound = pygame.mixer.Sound(str(path))
    assert 0.02 < sound.get_length() < 2.0


def test_only_ogg_files_are_kept():
    assert sorted(p.suffix for p in SOUND_DIR.iterdir()) == [".ogg"] * len(NAMES)


def test_no_sound_before_the_first_click_or_key(driver_for):
    d = driver_for(easy_harp([["8S"], ["7H"]], stock=["#5D"]))
    sounds = d.app.sound
    assert not sounds.unlocked
    d.table.play("draw")
    assert sounds.played == []
    d.key(pygame.K_d)  # a key: from now on sounds may play
    assert sounds.unlocked
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert "pickup" in sounds.played and "place" in sounds.played


def test_the_option_turns_sound_off(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"]]))
    d.app.change_setting("sound", False)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert d.app.sound.played == []
    d.app.change_setting("sound", True)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert d.app.sound.played[-1] == "refuse"


def test_a_mixer_that_fails_is_silence(monkeypatch):
    def broken():
        raise pygame.error("no audio device")

    monkeypatch.setattr(sound_module.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_module.pygame.mixer, "init", broken)
    sounds = Sounds(lambda: True)
    sounds.unlock()
    assert sounds.play("place") is False
    assert sounds.failed
    assert sounds.play("win") is False


def test_a_missing_file_is_silence(tmp_path: Path):
    sounds = Sounds(lambda: True, directory=tmp_path)
    sounds.unlock()
    assert sounds.play("place") is False
