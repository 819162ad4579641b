"""The app: one window (or headless canvas), one layered sprite group, a
stack of scenes and the work of one frame.

The app shows an ``Application`` (game/play), handed in built whole: the
game in progress, the settings, saving, hints and background tasks are
its; the app draws them and turns clicks and keys into its commands.
``main.py`` calls ``frame()`` once per turn of its asyncio loop. A frame
handles the waiting events (top scene first; a scene returns whether it
consumed the event), advances animations and background tasks, and redraws
only the dirty parts of the canvas: an idle table redraws nothing.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from .. import host
from ..engine import Action, Game, registry
from ..play.application import Application
from ..play.events import NoticesRaised
from ..play.tasks import Task
from .dialogs.confirm import ConfirmDialog
from .dialogs.new_game import NewGameDialog
from .dialogs.notice import NoticeDialog
from .dialogs.options import OptionsDialog
from .dialogs.win import WinScene
from .dialogs.help import RulesScene
from .drawing.layout import BUTTONS
from .scene import Scene
from .voice.announce import Announcer
from .screenshot import write_png
from .voice.sound import Sounds
from .table.scene import TableScene

HIDDEN = (pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST)
SHOWN = (pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED)
TOUCHES = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.FINGERDOWN)
MIN_SIZE = (640, 480)  # the smallest window the desktop offers (the layout serves smaller)


class Sprites(pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite]):
    """pygame's LayeredDirty, with the places of sprites removed since the
    last frame merged into rectangles that never overlap before it draws.
    LayeredDirty clears each of them to the background and blits the
    unmoved sprites into each: where two overlapped (90 confetti that end
    in one frame) a see-through sprite (the dimming, a shadow) was blitted
    twice there, dark specks that stayed until something redrew the spot."""

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
    """Keep a desktop window from being dragged smaller than ``size``."""
    try:
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
    ) -> None:
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
        self.session = play.session  # the game in progress: the scenes listen to it
        self.persistence = play.persistence  # None: nothing is kept
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
        self.announcer = Announcer(self)  # moves and refusals in words (live region, status line)
        self.sound = Sounds(lambda: self.settings.sound)
        self.table = TableScene(self)
        self.announcer.listen(self.session)
        play.on(NoticesRaised, lambda raised: self.show_notices(list(raised.notices)))
        self.scenes: list[Scene] = [self.table]
        self.set_caption()

    # ---- time, hooks, tasks ---------------------------------------------------------

    def now(self) -> int:
        return self.play.now()

    @property
    def tasks(self) -> list[Task]:
        return self.play.tasks.running

    def add_task(self, task: Task) -> None:
        self.play.tasks.add(task)

    def cancel_task(self, task: Task) -> None:
        self.play.tasks.cancel(task)

    def run_tasks(self) -> None:
        if self.play.tasks.run(idle=not self.table.busy):  # a search and the freeing of its tables are over
            host.release_freed_memory()

    # ---- the frame --------------------------------------------------------------------

    def frame(self) -> list[pygame.Rect | pygame.FRect]:
        """One turn of the loop; returns the rectangles it redrew."""
        for event in pygame.event.get():
            self.dispatch(event)
        now = self.now()
        self.session.tick(now)
        for scene in list(self.scenes):
            scene.update(now)
        self.run_tasks()  # then the solver's hold on the garbage collector ends if no search stepped
        rects = self.draw()
        self.frames += 1
        if self.screenshot_path:
            self.save_screenshot(self.screenshot_path)
            self.running = False
        elif self.fps:
            self.clock.tick(self.fps)
        return rects

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
            self.session.set_shown(event.type in SHOWN)  # play time stops while nobody can see the game
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surface = pygame.display.get_surface()
            self.resize(*(surface.get_size() if surface is not None else event.size))
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.WINDOWRESTORED):
            self.full_redraw = True
            return
        if event.type in TOUCHES:
            self.session.activity(self.now())
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
            from ..i18n import translate

            game = self.session.game
            name = game.position.game if game else registry.default_game().id
            pygame.display.set_caption(translate(f"game.{name}", self.settings.lang))

    # ---- scenes -------------------------------------------------------------------------

    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> Scene:
        self.table.cancel_drag()
        self.scenes.append(scene)
        scene.on_open()
        return scene

    def pop(self, scene: Scene) -> None:
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
        self.play.hints.cancel_search()  # its tables go to the scrap, which the next window's tasks sweep
        self.table.on_close()
        self.table.release()
        self.group.empty()
        self.background = pygame.Surface((1, 1))
        self.group.clear(self.screen, self.background)  # the felt
        self.running = False
        host.release_freed_memory()

    def find(self, kind: type) -> Scene | None:
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

    def open_stats(self) -> None:
        from .dialogs.stats import StatsScene

        if self.persistence is not None and not self.find(StatsScene):
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

    def start_code(self, code: str) -> None:
        self.start_game(self.play.game_for(code))

    def restart(self) -> None:
        """Same deal: the current deal from its start (or the set-up position)."""
        self.start_game(self.play.same_deal())

    def request_new_game(self, code: str | None) -> None:
        """Start ``code`` (None: the same deal again), asking first when that
        would leave a game unfinished."""
        def start() -> None:
            self.start_code(code) if code else self.restart()

        if self.play.leaving_loses_a_game():
            self.push(ConfirmDialog(self, start))
        else:
            start()

    def random_code(self, game: str, variant: str) -> str:
        return self.play.random_code(game, variant)

    def today_code(self, game: str, variant: str) -> str:
        return self.play.today_code(game, variant)

    # ---- settings ---------------------------------------------------------------------------

    def change_setting(self, name: str, value: Any) -> None:
        if name == "lang":
            self.settings.lang = value
            for scene in self.scenes:
                scene.refresh_text()
            self.set_caption()
        self.play.change_setting(name, value)

    def request_hint(self) -> None:
        """H or a Hint button."""
        self.play.request_hint()

    def set_language(self, lang: str) -> None:
        self.change_setting("lang", lang)
