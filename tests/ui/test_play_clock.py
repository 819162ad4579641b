"""The window feeds the session's play clock: frames tick it, a hidden or
unfocused window stops it, a touch after a long idle starts it again."""

import pygame

from game.engine import Game
from game.play.session import IDLE_MS

from .conftest import Driver


def playing() -> Driver:
    d = Driver(Game.from_deal("EH1-N-AAAAABV"))
    assert d.table.play("c5>c4").ok
    d.run(1)
    return d


def frames(d: Driver, ms: int, step: int = 100) -> None:
    for _ in range(ms // step):
        d.clock.t += step
        d.run(1)


def test_frames_count_play_time_and_the_bar_shows_it():
    d = playing()
    start = d.app.session.elapsed_ms
    frames(d, 5000)
    assert d.app.session.elapsed_ms - start == 5000
    assert d.table.bar.state[5] == d.app.session.elapsed_ms // 1000 == 5  # (language, name, code, score, moves, time, clock)


def test_a_hidden_or_unfocused_window_stops_the_clock():
    d = playing()
    for hide, show in ((pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
                       (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED),
                       (pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN)):
        d.post(hide)
        d.run(1)
        before = d.app.session.elapsed_ms
        frames(d, 3000)
        assert d.app.session.elapsed_ms == before
        d.post(show)
        d.run(1)
        frames(d, 1000)
        assert d.app.session.elapsed_ms == before + 1000


def test_after_a_long_idle_a_touch_starts_the_clock_again():
    d = playing()
    frames(d, IDLE_MS + 20_000, step=250)
    stopped = d.app.session.elapsed_ms
    frames(d, 5000)
    assert d.app.session.elapsed_ms == stopped
    d.post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    d.run(1)
    frames(d, 1000)
    assert d.app.session.elapsed_ms == stopped + 1000

