"""Short sounds through ``pygame.mixer``: picking up, placing, flipping,
the deal, a refusal and the win (assets/sounds/*.ogg, made by
tools/make_sounds.py).

Sound never breaks the game: a mixer that can't start, a missing file or
a failed play all mean silence. Nothing plays before the player's first
click or key (browsers forbid it, and a game that beeps on its own is rude
anywhere), nor while the Sound option is off. Each sound plays at the
Volume option's level (``pygame.mixer.Sound.set_volume``, read at each play).

A mixer that is open keeps an audio thread awake, mixing silence many
times a second: natively, once no sound has played for ``REST_MS`` the
mixer closes (``rest``; the window wakes for it, ``next_wake``) and opens
again at the next sound, from the samples kept. In the browser it stays
open (a page may open its audio only while the player's click is handled).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from ...engine import Outcome
from ...engine.actions import DRAW
from ...engine.rules import TURN
from ...textfile import ASSETS

SOUND_DIR = ASSETS / "sounds"
NAMES = ("pickup", "place", "flip", "deal", "refuse", "win")
VOLUME = 60  # % of the mixer's full volume, unless the player chose another (the Volume option)
REST_MS = 3000  # natively, the mixer closes once no sound played for this long


def sound_of(outcome: Outcome) -> str | None:
    """The sound of a played action: an undo is placed back, a draw flips
    a card, turning the waste over is a deal, a move flips when it turns
    the card under it face up."""
    move = outcome.move
    if outcome.undone is not None:
        return "place"
    if move is None:
        return None
    if move.kind == DRAW:
        return "flip"
    if move.kind == TURN:
        return "deal"
    return "flip" if move.flip else "place"


class Sounds:
    def __init__(self, enabled: Callable[[], bool] = lambda: True, directory: Path = SOUND_DIR,
                 rests: bool = False, volume: Callable[[], int] = lambda: VOLUME) -> None:
        self.enabled = enabled  # the Sound option, read at each play
        self.volume = volume  # the Volume option (%), read at each play
        self.directory = directory
        self.rests = rests  # the mixer closes when no sound has played for a while (natively)
        self.unlocked = False  # the player's first click or key
        self.failed = False  # the mixer could not start: silent for good
        self.cache: dict[str, pygame.mixer.Sound | None] = {}
        self.samples: dict[str, bytes] = {}  # each sound's samples, to open it again quickly
        self.played: list[str] = []  # names played, newest last (tests; kept short)
        self.last_ms: int | None = None  # when the last sound started (the window's clock)

    def unlock(self) -> None:
        self.unlocked = True

    def ready(self) -> bool:
        if self.failed:
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            return True
        except Exception:  # no audio device, no driver, no mixer module
            self.failed = True
            return False

    def load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self.cache:
            try:
                raw = self.samples.get(name)
                if raw is not None:
                    sound = pygame.mixer.Sound(buffer=raw)
                else:
                    sound = pygame.mixer.Sound(str(self.directory / f"{name}.ogg"))
                    if self.rests:
                        self.samples[name] = sound.get_raw()
            except Exception:
                sound = None
            self.cache[name] = sound
        return self.cache[name]

    def play(self, name: str, now: int | None = None) -> bool:
        """Play ``name`` if sound is on and allowed; True if it started."""
        if not (self.unlocked and self.enabled()) or not self.ready():
            return False
        sound = self.load(name)
        if sound is None:
            return False
        try:
            sound.set_volume(self.level())
            sound.play()
        except Exception:
            return False
        self.played = (self.played + [name])[-20:]
        self.last_ms = now
        return True

    def level(self) -> float:
        """The Volume option as the mixer takes it (0 to 1); a broken value: the default's."""
        try:
            percent = int(self.volume())
        except Exception:
            percent = VOLUME
        return max(0, min(100, percent)) / 100

    def next_wake(self, now: int) -> int | None:
        """When the open mixer may close (None: it is closed, or stays open)."""
        if not self.rests or self.last_ms is None:
            return None
        return max(now, self.last_ms + REST_MS)

    def rest(self, now: int) -> None:
        """Close the mixer once no sound has played for ``REST_MS`` (its
        audio thread stops); the next sound opens it again."""
        if not self.rests or self.last_ms is None or now - self.last_ms < REST_MS:
            return
        try:
            if pygame.mixer.get_init() and pygame.mixer.get_busy():
                self.last_ms = now  # still sounding: later
                return
            self.cache.clear()
            pygame.mixer.quit()
        except Exception:
            pass
        self.last_ms = None
