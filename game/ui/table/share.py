"""Sharing: L copies a link that opens the deal on the table; after a
daily win (the win panel, the calendar's won days) Share sends a short
text with the result (``daily_text``).

In the browser the link is the page's address with ``#CODE`` (main.py
starts the deal a link names); natively, where there is no address, the
deal code itself (``main.py --deal CODE`` plays it).

A daily result goes to the system's share sheet where the browser has one
(a phone), else to the clipboard (``host.share_text``); the sheet, too,
answers later, so ``ShareWatch`` asks the page in the next frames, and
whoever asked hears what became of it (``share_result``'s ``done``).

The page's clipboard answers later (a promise that itch.io's frame or the
browser may refuse), so "copied" is said only once the page reports that
the copy worked: ``CopyWatch`` asks it in the next frames. When the copy
was refused (or there is no clipboard at all) the link is said and shown
on screen, in a notice the player can copy it from by hand.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Callable

import pygame

from ... import host
from ...i18n import translate, translate_count
from ...i18n.dates import date_text, level_name
from ..drawing import theme
from ..dialogs.notice import NoticeDialog
from ..drawing.fonts import font, wrap, wrap_fit
from ..voice.words import clock, variant_name

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


def tell(app: DialogHost, text: str, is_link: bool, copied: bool) -> None:
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

    def __init__(self, app: DialogHost, text: str, is_link: bool) -> None:
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


def text_lines(text: str, size: int, width: int) -> list[str]:
    """``text`` (a link, or a result of several lines) as the lines it is
    shown in, each no wider than ``width``: a line with spaces is wrapped at
    them, one without (a link) cut where it must be."""
    lines: list[str] = []
    fnt = font(size, True)
    for line in text.split("\n"):
        if fnt.size(line)[0] <= width:
            lines.append(line)
        elif " " in line.strip():
            for part in wrap(line, size, width, bold=True, note=False):
                lines += pieces(part, fnt, width) if fnt.size(part)[0] > width else [part]
        else:
            lines += pieces(line, fnt, width)
    return lines


class ShownText(NoticeDialog):
    """The notice that says the copy did not work and shows the link (or
    code, or a daily result) whole, cut where it must be, so the player can
    copy it by hand. ``key``: its sentence (by default the link's or the
    code's)."""

    def __init__(self, app: DialogHost, text: str, is_link: bool, key: str | None = None) -> None:
        self.text = text
        self.key = key or ("ui.share.link_by_hand" if is_link else "ui.share.code_by_hand")
        super().__init__(app, [self.key])

    def base_height(self, lang: str) -> int:
        lines = len(wrap_fit(translate(self.key, lang), 19, self.width - 56, 4)[0])
        links = len(text_lines(self.text, 19, int(self.width - 56)))
        return 180 + (lines + links) * 26

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        y = p(80)
        lines, size = wrap_fit(translate(self.key, lang), p(19), self.pw - p(56), 4)
        for line in lines:
            surf.blit(font(size).render(line, True, theme.PANEL_TEXT), (p(28), y))
            y += p(26)
        y += p(12)
        for line in text_lines(self.text, p(19), self.pw - p(56)):
            surf.blit(font(p(19), True).render(line, True, theme.PANEL_TEXT), (p(28), y))
            y += p(26)


# ---- a daily win's result ------------------------------------------------------------------

PIP_ON, PIP_OFF = "\u25cf", "\u25cb"  # ● ○: a level as five pips (the bundled font draws them)


def pips(level: int, levels: int = 5) -> str:
    """``●●●○○`` for level 3 of 5."""
    level = max(1, min(levels, level))
    return PIP_ON * level + PIP_OFF * (levels - level)


def daily_text(lang: str, game: str, variant: str, date: dt.date, level: int, seconds: int, moves: int,
               streak: int, link: str | None, code: str) -> str:
    """The text a daily win shares, the same shape every day: the game and
    the date, the level, the time and moves, the daily streak, and the link
    that opens that day's deal (natively, where there is no address: its
    code)::

        Eight Off · 8 cells · daily deal · Wednesday 16 December 2026
        Level: ●●●○○ Medium
        Won in 4:12, 132 moves
        Daily streak: 5 days
        https://someone.itch.io/easy-harp?deal=EO1-C8-AABCDEF
    """
    return "\n".join((
        translate("share.daily.title", lang, game=variant_name(game, variant, lang), date=date_text(date, lang)),
        translate("share.daily.level", lang, pips=pips(level), level=level_name(level, lang)),
        translate_count("ui.calendar.won", moves, lang, time=clock(seconds), moves=moves),
        translate_count("share.daily.streak", streak, lang, count=streak),
        link or translate("share.daily.code", lang, code=code),
    ))


def share_result(app: DialogHost, text: str, done: Callable[[str], None] | None = None) -> str | None:
    """Share a daily result ``text`` (``host.share_text``: the share sheet,
    else the clipboard) and say what became of it; a refused one is shown to
    copy by hand. ``done`` hears the outcome ("shared", "copied", "refused",
    "cancelled"), at once or, when the page answers later, from a
    ``ShareWatch``. Returns the outcome (None: not known yet)."""
    state = host.share_text(text)
    if state is None:
        app.play.tasks.add(ShareWatch(app, text, done))
    else:
        told(app, text, state, done)
    return state


def told(app: DialogHost, text: str, state: str, done: Callable[[str], None] | None) -> None:
    """What became of a shared result, said (to a screen reader: the
    button that shared it says it on the panel); refused, shown."""
    if state in ("shared", "copied"):
        app.announcer.tell(translate("say.result_shared" if state == "shared" else "say.result_copied",
                                     app.settings.lang))
    elif state != "cancelled":
        for scene in app.scenes:
            if isinstance(scene, ShownText):
                app.pop(scene)
        app.push(ShownText(app, text, False, "ui.share.text_by_hand"))
    if done is not None:
        done(state)


SHEET_WAIT_MS = 600_000  # a share sheet left open longer than this is no longer watched


class ShareWatch:
    """A task: asks the page each frame what became of the share. A share
    sheet stays open as long as the player takes to pick where the text
    goes, so there is no ``WAIT_MS`` here (the page's clipboard, when the
    text goes there, always answers); after ``SHEET_WAIT_MS`` the watch
    ends without a word."""

    searching = False
    ready = True

    def __init__(self, app: DialogHost, text: str, done: Callable[[str], None] | None) -> None:
        self.app, self.text, self.done = app, text, done
        self.since = app.now()

    def step(self, budget_ms: float) -> bool:
        outcome = host.share_outcome()
        if outcome is None:
            return self.app.now() - self.since < SHEET_WAIT_MS
        told(self.app, self.text, outcome, self.done)
        return False
