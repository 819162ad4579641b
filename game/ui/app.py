"""The app: one window (or headless canvas), one layered sprite group, a
stack of scenes and the work of one frame.

The app shows an ``Application`` (game/play), handed in built whole: the
game in progress, the settings, saving, hints and background tasks are
its; the app draws them and turns clicks and keys into its commands.
``main.py`` calls ``frame()`` once per turn of its asyncio loop. A frame
handles the waiting events (top scene first; a scene returns whether it
consumed the event), runs the application's tick (the clock, the autosave,
the background tasks), advances the animations, and redraws only the dirty
parts of the canvas: an idle table redraws nothing.

A window left alone costs nothing (``rest``, see ``game.ui.rest``): once
a frame drew nothing, nothing moves, no task waits and no event came, the
app rests until an event or the next moment something is due; natively it
sleeps in ``pygame.event.wait`` meanwhile, in the browser a resting frame
returns at once, having only looked at the events.
"""

from __future__ import annotations

import warnings
from typing import Any, Sequence, TypeVar

import pygame

from .. import host
from ..engine import Action, DealCode, Game, registry
from ..i18n import translate
from ..play import (
    Application, HintMarked, HintSaid, MarksCleared, NoticesRaised, Played, Refused, SearchAnswered, SettingsChanged,
    Started, Undone, UndoMarked, Unwon, VerdictChanged, Won,
)
from .dialogs.confirm import ConfirmDialog
from .dialogs.new_game import NewGameDialog
from .dialogs.notice import NoticeDialog
from .dialogs.options import OptionsDialog
from .dialogs.win import WinScene
from .dialogs.help import RulesScene
from .drawing.layout import BUTTONS
from .rest import Rest
from .scene import Scene
from .voice.announce import Announcer
from .screenshot import write_png
from .voice.sound import Sounds
from .table.scene import TableScene

S = TypeVar("S", bound="Scene[Any]")  # a kind of scene (``find``)
HIDDEN = (pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED)
SHOWN = (pygame.WINDOWSHOWN, pygame.WINDOWRESTORED)
FOCUS = {pygame.WINDOWFOCUSLOST: False, pygame.WINDOWFOCUSGAINED: True}
TOUCHES = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.FINGERDOWN)
MIN_SIZE = (640, 480)  # the smallest window the desktop offers (the layout serves smaller)
WAKING = (Started, Played, Undone, Refused, Won, Unwon, SettingsChanged, NoticesRaised, SearchAnswered,
          HintSaid, HintMarked, UndoMarked, MarksCleared, VerdictChanged)


class Sprites(pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite]):
    """pygame's LayeredDirty, with the places of sprites removed since the
    last frame merged into rectangles that never overlap before it draws.
    LayeredDirty clears each of them to the background and blits the
    unmoved sprites into each: where two overlapped (90 pieces of the
    confetti the win once had, ending in one frame; a cascade's stamps) a
    see-through sprite (the dimming, a shadow) was blitted twice there,
    dark specks that stayed until something redrew the spot."""

    def draw(self, surface: pygame.Surface, bgd: pygame.Surface | None = None,
             special_flags: int | None = None) -> list[pygame.FRect | pygame.Rect]:
        lost = self.lostsprites
        if len(lost) > 1:
            merged: list[pygame.Rect] = []
            for old in lost:
                rect = pygame.Rect(old)
                i = rect.collidelist(merged)
                while i > -1:
                    rect.union_ip(merged.pop(i))
                    i = rect.collidelist(merged)
                merged.append(rect)
            lost[:] = merged
        return super().draw(surface, bgd, special_flags)


def set_minimum_size(size: tuple[int, int]) -> None:
    """Keep a desktop window from being dragged smaller than ``size``.

    pygame-ce 2.5 reaches the display module's window only through
    ``Window.from_display_module``, which it marks deprecated for programs
    that draw through ``Window`` itself; we draw through the display module
    (``display.update`` of the changed rectangles, which ``Window`` has no
    way to do) and only set a limit here, so the warning is not ours to
    act on while pygame-ce is pinned (requirements.txt)."""
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Please use Window.get_surface", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):
        pass


class App:
    def __init__(
        self,
        play: Application,
        size: tuple[int, int] = (1280, 720),
        *,
        headless: bool = False,
        fps: int = 60,
        browser: bool = False,
        rests: bool | None = None,
    ) -> None:
        host.prepare_display()
        pygame.display.init()
        pygame.font.init()
        self.width, self.height = size
        self.scale = min(size) / 720
        self.headless, self.browser = headless, browser
        # a real window is resizable and laid out again at its real pixels
        # on every change of size (never a stretched image)
        self.flags = 0 if headless else pygame.RESIZABLE
        try:
            self.screen = pygame.display.set_mode(size, self.flags)
        except pygame.error:
            self.screen = pygame.display.set_mode(size)
        minimum = host.window_minimum_size(MIN_SIZE, browser=browser)  # none in the browser
        if not headless and minimum is not None:
            set_minimum_size(minimum)
        self.play = play
        self.settings = play.settings
        self.session = play.session  # the game in progress, to read (play through ``play``)
        self.group: pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite] = Sprites()
        # never fall back to redrawing the whole screen every frame
        self.group.set_timing_threshold(10_000)
        self.background = pygame.Surface(size)
        self.full_redraw = True
        self.running = True
        self.fps = fps
        self.clock = pygame.time.Clock()
        self.button_names: tuple[str, ...] = BUTTONS
        self.frames = 0
        self.last_dirty: list[pygame.Rect | pygame.FRect] = []
        self.screenshot_path: str | None = None
        self.rest = Rest(play.now, (not headless) if rests is None else rests)  # a real window rests when left alone
        self.announcer = Announcer(self)  # moves and refusals in words (live region, status line)
        self.sound = Sounds(lambda: self.settings.sound, rests=not (browser or headless), volume=lambda: self.settings.volume)
        self.table = TableScene(self)
        self.announcer.listen(play)
        play.on(NoticesRaised, lambda raised: self.show_notices(list(raised.notices)))
        for kind in WAKING:  # whatever the application tells is shown in the next frame, rest or not
            play.on(kind, lambda event: self.wake())
        self.scenes: list[Scene[Any]] = [self.table]
        self.set_caption()

    # ---- time --------------------------------------------------------------------------

    def now(self) -> int:
        return self.play.now()

    # ---- the frame --------------------------------------------------------------------

    def frame(self) -> list[pygame.Rect | pygame.FRect]:
        """One turn of the loop; returns the rectangles it redrew."""
        events = self.events()
        if self.rest.skip(events):
            return []  # at rest: nothing came, nothing is due
        for event in events:
            self.dispatch(event)
        if self.play.tick(idle=not self.table.busy):  # a search and the freeing of its tables are over
            host.release_freed_memory()
        now = self.now()
        for scene in list(self.scenes):
            scene.update(now)
        self.sound.rest(now)
        rects = self.draw()
        self.frames += 1
        self.rest.settle(bool(rects), bool(events), self.still(), self.next_wake)
        if self.screenshot_path:
            self.save_screenshot(self.screenshot_path)
            self.running = False
        elif self.fps and not self.rest.resting:
            self.clock.tick(self.fps)
        return rects

    def events(self) -> list[pygame.event.Event]:
        """The waiting events; natively, a resting app first sleeps until one
        comes or something is due."""
        wait = self.rest.wait_ms() if not (self.browser or self.headless) else 0
        if wait > 0 and host.wait_for_event(wait) is None:
            event = pygame.event.wait(wait)  # no SDL of our own to ask: pygame's wait
            if event.type != pygame.NOEVENT:
                return [event, *pygame.event.get()]
        return pygame.event.get()

    def still(self) -> bool:
        """Nothing moves and nothing waits for a frame: cards still, no task
        ready, no scene with something running."""
        return not self.table.busy and not self.play.busy and not any(scene.animating for scene in self.scenes)

    def next_wake(self) -> int | None:
        """When a resting app must look again: the soonest of what the scenes
        and the application have due (None: not before an event)."""
        now = self.now()
        times = [scene.next_wake(now) for scene in self.scenes] + [self.play.next_due_ms(), self.sound.next_wake(now)]
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def wake(self) -> None:
        """Something changed from outside the events (the page's size or
        visibility, a caller): the next frame runs whole."""
        self.rest.wake()

    def draw(self) -> list[pygame.Rect | pygame.FRect]:
        if self.full_redraw:
            self.screen.blit(self.background, (0, 0))
            self.group.repaint_rect(self.screen.get_rect())
            self.full_redraw = False
        rects = self.group.draw(self.screen, self.background)
        if rects and not self.headless:
            pygame.display.update(rects)
        self.last_dirty = rects
        return rects

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.play.quit()
            self.running = False
            return
        if event.type in HIDDEN or event.type in SHOWN:
            self.play.set_shown(event.type in SHOWN)  # play time and searching stop while nobody can see the game
        if event.type in FOCUS:
            self.play.set_focused(FOCUS[event.type])  # play time stops while the player looks elsewhere
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surface = pygame.display.get_surface()
            self.resize(*(surface.get_size() if surface is not None else event.size))
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.WINDOWRESTORED):
            self.full_redraw = True
            return
        if event.type in TOUCHES:
            self.play.touched()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.sound.unlock()  # no sound before the player's first click or key
            self.table.finish_animations()
        for scene in reversed(self.scenes):
            if scene.handle_event(event):
                break

    def resize(self, width: int, height: int) -> None:
        """The surface is now ``width`` x ``height`` (a resized or maximised
        window, a turned phone, the page's viewport): lay everything out
        again for it. The browser's viewport hook calls this too."""
        self.wake()
        width, height = max(MIN_SIZE[0] // 2, int(width)), max(MIN_SIZE[1] // 2, int(height))
        if (width, height) == (self.width, self.height):
            self.full_redraw = True
            return
        self.width, self.height = width, height
        self.scale = min(width, height) / 720
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != (width, height):
            try:
                surface = pygame.display.set_mode((width, height), self.flags)
            except pygame.error:
                surface = pygame.display.set_mode((width, height))
        self.screen = surface
        self.table.relayout()
        for scene in self.scenes[1:]:
            scene.relayout()
        self.full_redraw = True

    def set_background(self, surface: pygame.Surface) -> None:
        self.background = surface
        self.group.clear(self.screen, surface)
        self.full_redraw = True

    def settle(self) -> None:
        """Finish every running animation (screenshots, tests)."""
        self.table.finish_animations()

    def save_screenshot(self, path: str) -> None:
        self.full_redraw = True
        self.draw()
        write_png(self.screen, path)

    def set_caption(self) -> None:
        if not self.headless:
            game = self.session.game
            name = game.position.game if game else registry.default_game().id
            pygame.display.set_caption(translate(f"game.{name}", self.settings.lang))

    # ---- scenes -------------------------------------------------------------------------

    def top(self) -> Scene[Any]:
        return self.scenes[-1]

    def push(self, scene: Scene[Any]) -> Scene[Any]:
        self.wake()
        self.table.cancel_drag()
        self.scenes.append(scene)
        scene.on_open()
        return scene

    def pop(self, scene: Scene[Any]) -> None:
        self.wake()
        if scene in self.scenes and scene is not self.table:
            self.scenes.remove(scene)
            scene.on_close()
            scene.release()
            host.release_freed_memory()  # its surfaces
            if self.scenes and self.scenes[-1] is not self.table:
                self.scenes[-1].redraw()

    def close(self) -> None:
        """This window is done with, and another one follows in this
        process (the frame guard's Restart; the UI fuzz after a quit): its
        dialogs close, its search stops and its sprites and surfaces go now.
        A window refers back to itself in many ways (a scene's ``app``, the
        listeners), so without this it would wait, with the tens of MB of
        its surfaces, for Python's cyclic collector, which searches hold off."""
        for scene in reversed(self.scenes[1:]):
            self.scenes.remove(scene)
            scene.on_close()
            scene.release()
        self.play.search.cancel()  # its tables go to the scrap, which the next window's tasks sweep
        self.table.on_close()
        self.table.release()
        self.group.empty()
        self.background = pygame.Surface((1, 1))
        self.group.clear(self.screen, self.background)  # the felt
        self.running = False
        host.release_freed_memory()

    def find(self, kind: type[S]) -> S | None:
        """The open scene of ``kind``, if one is."""
        return next((s for s in self.scenes if isinstance(s, kind)), None)

    # Each dialog is made here with the app as its host: the type checker holds the app to
    # each one's protocol (dialogs/hosts.py), and only one of a kind is open at a time.

    def open_new_game(self) -> None:
        if not self.find(NewGameDialog):
            self.push(NewGameDialog(self))

    def open_options(self) -> None:
        if not self.find(OptionsDialog):
            self.push(OptionsDialog(self))

    def open_rules(self) -> None:
        if not self.find(RulesScene):
            self.push(RulesScene(self))

    def open_win(self) -> None:
        if not self.find(WinScene):
            self.push(WinScene(self))

    def open_calendar(self, game: str | None = None, variant: str | None = None) -> None:
        """The daily deals' calendar (K, or Daily deals in New game): of
        ``game`` and ``variant``, else of the game on the table."""
        from .dialogs.calendar import CalendarScene

        if not self.find(CalendarScene):
            self.push(CalendarScene(self, game, variant))

    def open_stats(self) -> None:
        from .dialogs.stats import StatsScene

        if self.play.records is not None and not self.find(StatsScene):
            self.push(StatsScene(self))

    def show_notices(self, notices: list[str]) -> None:
        """Tell the player once (message ids, e.g. a damaged save)."""
        scene = self.find(NoticeDialog)
        if isinstance(scene, NoticeDialog):
            scene.add(notices)
        else:
            self.push(NoticeDialog(self, notices))

    def close_win(self) -> None:
        scene = self.find(WinScene)
        if scene:
            self.pop(scene)

    # ---- games ---------------------------------------------------------------------------

    def begin(self, game: Game | None = None, animate: bool = True) -> None:
        """The first game of this run (``Application.begin``: the one asked
        for, else the saved one, else a new deal); a new one is dealt with a
        glide (``animate``)."""
        resumed = self.play.begin(game)
        if animate and not resumed and not self.headless:
            self.table.deal()
        self.set_caption()

    def start_game(self, game: Game, animate: bool = True) -> None:
        """A new game on the table (``animate``: deal it with a glide)."""
        self.close_dialogs()
        self.play.start(game)
        if animate and not self.headless:
            self.table.deal()
        self.set_caption()

    def resume_game(self, game: Game, elapsed_ms: int, counted: bool, redo: Sequence[Action] = ()) -> None:
        """A saved game back on the table, its clock, undo and redo included."""
        self.close_dialogs()
        self.play.resume(game, elapsed_ms, counted, redo)
        self.set_caption()

    def close_dialogs(self) -> None:
        """Every dialog but a notice (the player must still read it)."""
        for scene in self.scenes[1:]:
            if not isinstance(scene, NoticeDialog):
                self.pop(scene)

    def start_deal(self, deal: DealCode) -> None:
        self.start_game(self.play.game_for(deal))

    def restart(self) -> None:
        """Same deal: the current deal from its start (or the set-up position)."""
        self.start_game(self.play.same_deal())

    def request_new_game(self, deal: DealCode | None) -> None:
        """Start ``deal`` (None: the same deal again), asking first when that
        would leave a game unfinished."""
        def start() -> None:
            self.start_deal(deal) if deal else self.restart()

        if self.play.leaving_loses_a_game():
            self.push(ConfirmDialog(self, start))
        else:
            start()

    # ---- settings ---------------------------------------------------------------------------

    def change_setting(self, name: str, value: Any) -> None:
        if name == "lang":
            self.settings.lang = value
            for scene in self.scenes:
                scene.refresh_text()
            self.set_caption()
        self.play.change_setting(name, value)
        if name == "volume" or (name == "sound" and value):
            self.sound.play("place", self.now())  # the new level, heard at once
