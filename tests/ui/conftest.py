"""Drive the real loop headless: SDL's dummy video driver, synthetic events,
and a clock the tests move by hand."""

import asyncio
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import Game, Pile, Position  # noqa: E402
from game.play.application import Application  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.persistence.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
import game.start as main_module  # noqa: E402 (the loop main.py runs)


@pytest.fixture
def mixer():
    """pygame's mixer open for the test (SDL's dummy audio driver), closed after it."""
    try:
        pygame.mixer.init()
    except pygame.error as exc:  # pragma: no cover - no audio driver at all
        pytest.skip(f"no mixer: {exc}")
    yield
    pygame.mixer.quit()


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000

    def __call__(self) -> int:
        return self.t


def play_time(app, clock: FakeClock, ms: int, step: int = 200) -> None:
    """Let ``ms`` of play pass, one frame every ``step`` ms (the session's
    clock counts at most ``MAX_TICK_MS`` between two frames)."""
    for _ in range(ms // step):
        clock.t += step
        app.frame()


class Driver:
    """An app plus helpers that post events and run frames of main.py's loop."""

    def __init__(self, game: Game, size=(1280, 720), settings: Settings | None = None) -> None:
        self.clock = FakeClock()
        self.app = App(Application(settings or Settings(), now=self.clock), size, headless=True, fps=0)
        pygame.event.clear()
        self.app.start_game(game, animate=False)
        self.run(1)

    @property
    def table(self):
        return self.app.table

    @property
    def game(self) -> Game:
        return self.app.session.game

    def run(self, frames: int = 1) -> None:
        asyncio.run(main_module.main(app=self.app, frames=frames))

    def wait(self, ms: int) -> None:
        """Let time pass (animations, banners, the double-tap window)."""
        self.clock.t += ms
        self.run(1)

    def post(self, kind, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def card_center(self, pile: Pile, row: int = -1) -> tuple[int, int]:
        places = self.table.card_places(pile, len(self.table.cards[pile]))
        x, y = places[row]
        return (round(x) + self.table.layout.card_w // 2, round(y) + 12)

    def pile_center(self, pile: Pile) -> tuple[int, int]:
        return self.table.layout.piles[pile].center

    def press(self, pos) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.run(1)

    def release(self, pos) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.run(1)

    def click(self, pos) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.run(1)

    def drag(self, start, end, steps: int = 6) -> None:
        self.press(start)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i / steps
            y = start[1] + (end[1] - start[1]) * i / steps
            self.post(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(1, 0, 0))
            self.run(1)
        self.release(end)

    def key(self, key, mod=0, unicode="") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.run(1)

    def type_text(self, text: str) -> None:
        for ch in text:
            self.post(pygame.TEXTINPUT, text=ch)
        self.run(1)

    def settle(self) -> None:
        self.wait(400)


@pytest.fixture
def shots(tmp_path):
    """Where a test writes screenshots that are only there to be looked at:
    the folder named by $GAME_SHOTS_DIR when set (made here), else the
    test's own temporary folder."""
    import os
    from pathlib import Path

    folder = Path(os.environ["GAME_SHOTS_DIR"]) if os.environ.get("GAME_SHOTS_DIR") else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def driver_for():
    made = []

    def make(source, **kw) -> Driver:
        if isinstance(source, dict):
            game = Game(Position.from_dict(source))
        else:
            game = Game.from_deal(source)
        d = Driver(game, **kw)
        made.append(d)
        return d

    yield make
    if pygame.display.get_init():
        pygame.event.clear()


def start_app(*args: str, storage=None):
    """A whole app as ``main.py`` builds it, on in-memory storage and a fake clock."""
    from game.persistence.storage import MemoryStorage
    from game.ui.launch import build_app

    app = build_app(["--size", "1280x720", *args], storage=storage or MemoryStorage(), headless=True, now=FakeClock())
    pygame.event.clear()
    app.frame()
    return app


def click_widget(app, scene, widget) -> None:
    """Click the middle of a dialog widget where it shows on the screen and run one frame."""
    shown = scene.screen_box(widget.box)
    assert shown is not None, "the widget is out of view"
    pos = shown.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame()
