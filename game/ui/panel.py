"""A dialog: a dimmed table with a panel of widgets on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..i18n import translate
from . import theme
from .cardart import rounded_mask
from .fonts import fit_text
from .layout import Box
from .scene import ImageSprite, Scene
from .widgets import TextField, Widget

if TYPE_CHECKING:
    from .app import App

SCRIM_LAYER = 3000


class PanelScene(Scene):
    """A modal dialog of ``width`` x ``height`` (logical px) in the centre.

    Subclasses build ``self.widgets`` in ``build`` (panel coordinates) and
    draw extra content in ``draw_content``. Esc closes it."""

    modal = True
    title_key = ""
    scrim_top = 0  # the win panel leaves the top bar uncovered

    def __init__(self, app: "App", width: int, height: int) -> None:
        super().__init__(app)
        s = app.scale
        self.pw, self.ph = min(round(width * s), app.width - 16), min(round(height * s), app.height - 16)
        self.s = self.pw / width
        self.box = Box((app.width - self.pw) // 2, (app.height - self.ph) // 2, self.pw, self.ph)
        self.widgets: list[Widget] = []
        scrim = pygame.Surface((app.width, app.height - self.scrim_top), pygame.SRCALPHA)
        scrim.fill(theme.SCRIM)
        self.scrim = ImageSprite(scrim, (0, self.scrim_top), SCRIM_LAYER)
        self._shape = rounded_mask(self.pw, self.ph, round(16 * self.s), theme.PANEL)
        self.panel = ImageSprite(self._shape.copy(), self.box[:2], SCRIM_LAYER + 1)
        self.sprites = [self.scrim, self.panel]
        self.build()
        self.redraw()

    def px(self, v: float) -> int:
        return round(v * self.s)

    def build(self) -> None:
        pass

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        pass

    def redraw(self) -> None:
        lang = self.app.settings.lang
        surf = self._shape.copy()
        if self.title_key:
            title = fit_text(translate(self.title_key, lang), self.px(30), theme.PANEL_TEXT, self.pw - self.px(48), bold=True)
            surf.blit(title, (self.px(28), self.px(22)))
        self.draw_content(surf, lang)
        for w in self.widgets:
            w.draw(surf, lang)
        self.panel.show(surf)

    def refresh_text(self) -> None:
        self.redraw()

    def local(self, pos: tuple[int, int]) -> tuple[int, int]:
        return (pos[0] - self.box.x, pos[1] - self.box.y)

    def handle_event(self, event: pygame.event.Event) -> bool:
        kinds = {pygame.MOUSEBUTTONDOWN: "down", pygame.MOUSEBUTTONUP: "up", pygame.MOUSEMOTION: "move"}
        if event.type in kinds:
            if getattr(event, "button", 1) != 1 and event.type != pygame.MOUSEMOTION:
                return self.modal
            pos = self.local(event.pos)
            changed = False
            for w in list(self.widgets):
                changed |= w.pointer(kinds[event.type], pos)
            if changed and self.app.top() is self:
                self.redraw()
            if event.type == pygame.MOUSEBUTTONDOWN and not self.box.contains(*event.pos):
                return self.outside_click()
            return self.modal or self.box.contains(*event.pos)
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            for w in self.widgets:
                if isinstance(w, TextField) and w.key(event):
                    self.redraw()
                    return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.default_action()
                return True
            return self.modal
        return self.modal

    def outside_click(self) -> bool:
        return self.modal

    def default_action(self) -> None:
        pass
