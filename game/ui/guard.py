"""The frame guard: an exception inside a frame never freezes the game.

``main.py`` runs every frame through ``FrameGuard.frame()``. When handling
an event, updating or drawing raises, the guard

* logs the whole traceback (stderr natively, the console in the browser,
  through ``game.host.report_error``),
* saves the game in progress through the app's saving (the time played
  since the last save included; the moves were saved as they were made);
  when that save fails too, the message says so instead of "saved", and
  nothing raises,
* shows one readable line on the canvas (and says it to screen readers),
  with two ways on: **Continue** (C, Enter or Escape) goes back to the same
  app, **Restart** (R) builds a fresh app, which resumes the saved game.

A second failure while the message shows just replaces the message.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Callable

import pygame

from .. import host
from ..i18n import translate

if TYPE_CHECKING:
    from .app import App

MAX_ERROR_CHARS = 100
BAND = (40, 24, 24)
TEXT = (255, 255, 255)
BUTTON = (90, 60, 60)


def one_line(exc: BaseException) -> str:
    """``ValueError: bad card`` on one line, cut to a readable length."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    if len(text) > MAX_ERROR_CHARS:
        text = text[: MAX_ERROR_CHARS - 1] + "…"
    return text


class FrameGuard:
    def __init__(self, app: "App", rebuild: Callable[[], "App"] | None = None) -> None:
        self.app = app
        self.rebuild = rebuild  # a fresh app from the saved records (Restart)
        self.error: str | None = None  # the line shown while the game is stopped
        self.saved_key = "error.saved"  # "error.not_saved" when the rescue save failed
        self.failures = 0
        self.buttons: dict[str, pygame.Rect] = {}
        self.drawn = False

    @property
    def running(self) -> bool:
        return self.app.running

    def frame(self) -> list[pygame.Rect | pygame.FRect]:
        """One turn of the loop: the app's frame, or the error screen."""
        if self.error is None:
            try:
                return self.app.frame()
            except Exception as exc:  # anything a frame raises: shown, not a freeze
                self.caught(exc)
                return []
        try:
            self.error_frame()
        except Exception as exc:  # the error screen itself failed: log it, keep going
            host.report_error("".join(traceback.format_exception(exc)))
            self.error = one_line(exc)
        return []

    # ---- a failure ------------------------------------------------------------------

    def lang(self) -> str:
        try:
            return self.app.settings.lang
        except Exception:
            return "en"

    def caught(self, exc: BaseException) -> None:
        self.failures += 1
        host.report_error("Frame failed (the game goes on):\n" + "".join(traceback.format_exception(exc)))
        self.error = one_line(exc)
        self.drawn = False
        try:
            self.app.table.cancel_drag()  # a card held when it failed goes back
        except Exception:
            pass
        self.saved_key = "error.not_saved" if self.save() is False else "error.saved"
        try:
            self.app.announcer.say(self.message())
        except Exception:
            pass

    def save(self) -> bool | None:
        """Save the game in progress (True saved, False failed, None nothing
        to save or no saving attached). Never raises."""
        try:
            keeper = self.app.play.keeper
            return None if keeper is None else keeper.save_in_progress()
        except Exception as exc:
            host.report_error("Saving after the failure failed too:\n" + "".join(traceback.format_exception(exc)))
            return False

    def message(self) -> str:
        lang = self.lang()
        return translate("error.frame", lang, error=self.error) + " " + translate(self.saved_key, lang)

    def resume(self) -> None:
        """Continue: back to the same app, everything redrawn."""
        self.error = None
        self.app.full_redraw = True

    def restart(self) -> None:
        """Restart: a fresh app from the saved records (or the same one
        when there is no way to build one)."""
        if self.rebuild is not None:
            try:
                fresh = self.rebuild()
            except Exception as exc:
                host.report_error("".join(traceback.format_exception(exc)))
                self.error, self.drawn = one_line(exc), False
                return
            old, self.app = self.app, fresh
            try:
                old.close()  # its surfaces go now, not at the next cyclic collection
            except Exception as exc:  # a broken window may fail to close: the new one plays on
                host.report_error("".join(traceback.format_exception(exc)))
        self.resume()

    # ---- the error screen --------------------------------------------------------------

    def error_frame(self) -> None:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.app.running = False
                return
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_c, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                    return self.resume()
                if event.key == pygame.K_r:
                    return self.restart()
            if event.type == pygame.MOUSEBUTTONUP:
                for name, rect in self.buttons.items():
                    if rect.collidepoint(event.pos):
                        return self.resume() if name == "continue" else self.restart()
            if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.VIDEORESIZE):
                self.drawn = False
        if not self.drawn:
            self.draw()
            self.drawn = True
        if self.app.fps:
            self.app.clock.tick(30)  # natively: no busy loop while the message shows

    def draw(self) -> None:
        from .drawing.fonts import fit_text

        screen = pygame.display.get_surface() or self.app.screen
        width, height = screen.get_size()
        unit = max(1, min(width, height) // 36)
        band = pygame.Rect(0, height // 2 - unit * 4, width, unit * 8)
        screen.fill(BAND, band)
        lang = self.lang()
        lines = [translate("error.frame", lang, error=self.error), translate(self.saved_key, lang)]
        y = band.top + unit // 2
        for line in lines:
            surface = fit_text(line, unit, TEXT, width - 2 * unit)
            screen.blit(surface, (unit, y))
            y += surface.get_height() + unit // 3
        self.buttons = {}
        x = unit
        for name in ("continue", "restart"):
            label = fit_text(translate(f"ui.error.{name}", lang), unit, TEXT, width // 3)
            rect = pygame.Rect(x, band.bottom - unit * 3, label.get_width() + 2 * unit, unit * 2 + unit // 2)
            pygame.draw.rect(screen, BUTTON, rect, border_radius=unit // 3)
            screen.blit(label, label.get_rect(center=rect.center))
            self.buttons[name] = rect
            x = rect.right + unit
        if not self.app.headless:
            pygame.display.update(band)
