"""Are you sure? One question, Yes or No (a destructive Yes looks it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ...i18n import translate
from ..drawing import theme
from ..drawing.fonts import font, wrap_fit
from ..drawing.layout import Box
from .panel import PanelScene
from .widgets import Button, Widget, one_size

if TYPE_CHECKING:
    from .hosts import DialogHost


class ConfirmDialog(PanelScene["DialogHost"]):
    title_key = "ui.confirm.title"

    def __init__(self, app: DialogHost, on_yes: Callable[[], None], *, title: str = "ui.confirm.title",
                 body: str = "ui.confirm.body", yes: str = "ui.confirm.yes", no: str = "ui.confirm.no",
                 params: dict[str, object] | None = None, destructive: bool = False) -> None:
        self.on_yes = on_yes
        self.yes_style = "danger" if destructive else "primary"  # a destructive answer looks it
        self.title_key, self.body_key, self.yes_key, self.no_key = title, body, yes, no
        self.params = params or {}
        super().__init__(app, 560, 250)

    def build(self) -> None:
        p = self.px
        w = min(240, (self.base_w - 56 - 16) / 2)
        y = self.ph - p(24) - self.tap(54)
        yes = Button(Box(p(28), y, p(w), self.tap(54)), self.yes_key, self.yes, style=self.yes_style)
        no = Button(Box(self.pw - p(28 + w), y, p(w), self.tap(54)), self.no_key, self.close, style="secondary")
        one_size((yes, no))
        self.widgets = [yes, no]
        self.foot_h = self.ph - y + p(12)

    def actions(self) -> list[Widget]:
        """Yes and No."""
        return list(self.widgets)

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def default_action(self) -> None:
        self.yes()

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        lines, size = wrap_fit(translate(self.body_key, lang, **self.params), self.px(19), self.pw - self.px(56), 3)
        for i, line in enumerate(lines):
            surf.blit(font(size).render(line, True, theme.PANEL_DIM), (self.px(28), self.px(78) + i * self.px(26)))
