"""Something the player should know once (a damaged save set aside, a failed write)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import translate
from ..drawing import theme
from ..drawing.fonts import font, wrap, wrap_fit
from ..drawing.layout import Box
from .panel import PanelScene, dialog_scale
from .widgets import Button, Widget

if TYPE_CHECKING:
    from .hosts import DialogHost


class NoticeDialog(PanelScene["DialogHost"]):
    """Something the player should know once: a damaged save set aside, a
    failed write. Shows each notice's catalogue text."""

    title_key = "ui.notice.title"
    WIDTH = 620

    def __init__(self, app: DialogHost, notices: list[str]) -> None:
        self.notices = list(dict.fromkeys(notices))  # each once, in order
        self.records = app.play.records  # for the numbers a notice's words take
        self.width = min(self.WIDTH, (app.width - 16) / dialog_scale(app))  # the width the panel will get
        super().__init__(app, self.WIDTH, self.base_height(app.settings.lang))

    def words(self, notice: str, lang: str) -> str:
        """A notice's words, with the numbers the records give it (which
        format a newer version's record has)."""
        records = self.records
        return translate(notice, lang) if records is None else records.notice_text(notice, lang)

    def base_height(self, lang: str) -> int:
        lines = sum(len(wrap(self.words(n, lang), 19, self.width - 56, note=False)) for n in self.notices)
        return 170 + lines * 26 + (len(self.notices) - 1) * 12

    def build(self) -> None:
        p = self.px
        y = self.ph - p(24) - self.tap(50)
        self.widgets = [Button(Box(self.pw - p(180), y, p(152), self.tap(50)), "ui.ok", self.close)]
        self.foot_h = self.ph - y + p(12)

    def actions(self) -> list[Widget]:
        """OK."""
        return list(self.widgets)

    def add(self, notices: list[str]) -> None:
        for notice in notices:
            if notice not in self.notices:
                self.notices.append(notice)
        self.redraw()

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        y, bottom = p(80), self.ph - p(86)
        for notice in self.notices:
            room = max(1, (bottom - y) // p(26))
            lines, size = wrap_fit(self.words(notice, lang), p(19), self.pw - p(56), room)
            for line in lines:
                surf.blit(font(size).render(line, True, theme.PANEL_TEXT), (p(28), y))
                y += p(26)
            y += p(12)

    def default_action(self) -> None:
        self.close()
