"""Sharing the deal on the table: L copies a link that opens it.

In the browser the link is the page's address with ``#CODE`` (main.py
starts the deal a link names); natively, where there is no address, the
deal code itself (``main.py --deal CODE`` plays it).

The page's clipboard answers later (a promise that itch.io's frame or the
browser may refuse), so "copied" is said only once the page reports that
the copy worked: ``CopyWatch`` asks it in the next frames. When the copy
was refused (or there is no clipboard at all) the link is said and shown
on screen, in a notice the player can copy it from by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import host
from ...i18n import translate
from ..drawing import theme
from ..dialogs.notice import NoticeDialog
from ..drawing.fonts import font, wrap_fit

if TYPE_CHECKING:
    from ..dialogs.hosts import DialogHost
    from .hosts import TableHost

WAIT_MS = 10_000  # a clipboard that never answers counts as refused after this


def share_deal(app: TableHost) -> str | None:
    """Copy the link (or code) for the current deal; returns the text, or
    None when the game on the table came from a position, not a deal."""
    start = app.play.session.start_position
    code = start.deal if start is not None else None
    if not code:
        app.announcer.say_key("say.no_link")
        return None
    link = host.deal_link(code)
    text = link or code
    copied = host.copy_text(text)
    if copied is None:  # the page answers later
        app.play.tasks.add(CopyWatch(app, text, is_link=bool(link)))
    else:
        tell(app, text, bool(link), copied)
    return text


def tell(app: TableHost, text: str, is_link: bool, copied: bool) -> None:
    """Say what became of the copy; a refused one shows the text to copy by hand."""
    if copied:
        app.announcer.say_key("say.link_copied" if is_link else "say.code_copied", link=text, code=text)
        return
    app.announcer.say_key("say.link" if is_link else "say.code", link=text, code=text)
    for scene in app.scenes:
        if isinstance(scene, ShownText):
            app.pop(scene)
    app.push(ShownText(app, text, is_link))


class CopyWatch:
    """A task: asks the page each frame whether the copy worked."""

    searching = False
    ready = True

    def __init__(self, app: TableHost, text: str, is_link: bool) -> None:
        self.app, self.text, self.is_link = app, text, is_link
        self.since = app.now()

    def step(self, budget_ms: float) -> bool:
        outcome = host.copy_outcome()
        if outcome is None and self.app.now() - self.since < WAIT_MS:
            return True
        tell(self.app, self.text, self.is_link, bool(outcome))
        return False


def pieces(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """``text`` (a link: no spaces to break at) cut into lines no wider than ``width``."""
    lines, line = [], ""
    for char in text:
        if line and fnt.size(line + char)[0] > width:
            lines.append(line)
            line = ""
        line += char
    return lines + [line] if line else lines


class ShownText(NoticeDialog):
    """The notice that says the copy did not work and shows the link (or
    code) whole, cut where it must be, so the player can copy it by hand."""

    def __init__(self, app: DialogHost, text: str, is_link: bool) -> None:
        self.text = text
        self.key = "ui.share.link_by_hand" if is_link else "ui.share.code_by_hand"
        super().__init__(app, [self.key])

    def base_height(self, lang: str) -> int:
        lines = len(wrap_fit(translate(self.key, lang), 19, self.width - 56, 4)[0])
        links = len(pieces(self.text, font(19, True), int(self.width - 56)))
        return 180 + (lines + links) * 26

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        y = p(80)
        lines, size = wrap_fit(translate(self.key, lang), p(19), self.pw - p(56), 4)
        for line in lines:
            surf.blit(font(size).render(line, True, theme.PANEL_TEXT), (p(28), y))
            y += p(26)
        y += p(12)
        for line in pieces(self.text, font(p(19), True), self.pw - p(56)):
            surf.blit(font(p(19), True).render(line, True, theme.PANEL_TEXT), (p(28), y))
            y += p(26)
