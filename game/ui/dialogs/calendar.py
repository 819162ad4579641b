"""Daily deals: a month of one game variant's daily deals on a calendar.

A quiet grid, a tile a day, the week starting where the player's language
starts it (``game.i18n.dates.week_start``): a won day carries a mark and
the best time, a started day a lighter mark, today an outline; each day's
level shows as five pips (never a number); days to come are closed and
dim. A tap opens that day's deal (asking first when a game in progress
would be left); a tap on a day already won shows its result at the foot,
with Share and Play again. The foot always names the day chosen (today at
first): its date, level and state, with Play (or Play again) and Share.
Months page back to the first daily deal and forward to this month; a row
of choices switches the game variant. The daily streak (of any variant:
``Application.streaks()``, and the panel says so) stands under the grid.

The keyboard: the arrows move between days (a week up and down, across
months), Page Up / Page Down change the month, Home / End go to the
week's first and last day, Enter opens the day, Esc closes; Tab reaches
the other controls, the grid being one stop (the chosen day). A screen
reader hears each day as the focus reaches it: its date, level and state
in words (``day_words``).

Two arrangements: upright (a phone held upright), the title and Close on
top, the variants, the month and the grid in the body and the chosen day
at the foot, only the body scrolling where even 44 px tiles don't fit; on
its side and on a laptop, the grid on the left and the rest beside it.
The tiles are as large as the room allows, never under ``TOUCH`` px each
way. Nothing runs while the calendar is open and left alone: it draws
when something happens to it, and only then.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from ... import host
from ...engine import registry
from ...i18n import LANGUAGES, translate, translate_count
from ...i18n.dates import date_text, level_name, month_year, week_start, weekday_name
from ...play import CalendarDay, CalendarMonth, NoDailyDeal, weekday_order
from ..drawing import theme
from ..drawing.fonts import first_fitting, fit_text, font, wrap, wrap_fit
from ..drawing.layout import TOUCH, Box
from ..table.share import daily_text, share_result
from ..voice.words import clock, variant_name
from .panel import PanelScene, dialog_scale
from .widgets import Button, Widget, one_size, plate

if TYPE_CHECKING:
    from .hosts import DialogHost

LEVELS = 5
WON_FILL = (222, 238, 228)
STARTED_FILL = (243, 238, 224)
OPEN_FILL = (246, 243, 236)
CLOSED_INK = (176, 182, 178)
PIP_ON = (72, 92, 84)


def short_clock(seconds: int | None, lang: str) -> str:
    """A tile's time: ``m:ss``, from an hour on ``1h02`` (the catalogue's hours)."""
    if seconds is not None and seconds >= 3600:
        minutes = seconds // 60
        return translate("ui.calendar.hours", lang, hours=minutes // 60, minutes=f"{minutes % 60:02d}")
    return clock(seconds)


def state_words(day: CalendarDay, lang: str) -> str:
    """The state of a day in a few words: won (time, moves), started, not played, closed."""
    if day.deal is None:
        return translate("ui.calendar.no_deal", lang)
    if day.future:
        return translate("ui.calendar.future", lang)
    if day.state == "won":
        moves = day.moves or 0
        return translate_count("ui.calendar.won", moves, lang, time=clock(day.seconds), moves=moves)
    return translate(f"ui.calendar.{day.state}", lang)


def day_words(day: CalendarDay, lang: str) -> str:
    """A day as a screen reader hears it: its date and state, its level, and
    whether it is today ("Wednesday 16 December 2026: won in 4:12, 132 moves.
    Level 3 of 5: Medium. Today.")."""
    date = date_text(day.date, lang)
    if day.deal is None:
        words = [f"{date}: {translate('ui.calendar.no_deal', lang)}"]
    elif day.future:
        words = [translate("daily.day.future", lang, date=date)]
    elif day.state == "won":
        words = [translate_count("daily.day.won", day.moves or 0, lang, date=date, time=clock(day.seconds),
                                 moves=day.moves)]
    else:
        words = [translate(f"daily.day.{day.state}", lang, date=date)]
    if day.deal is not None:
        words.append(translate("daily.level.say", lang, level=day.deal.level, name=level_name(day.deal.level, lang)))
    if day.today:
        words.append(translate("daily.day.today", lang))
    return " ".join(w if w.endswith((".", "!", "?")) else w + "." for w in words)


def pips_width(d: int) -> int:
    """How wide ``draw_pips`` draws ``LEVELS`` dots ``d`` px wide."""
    return LEVELS * d + (LEVELS - 1) * max(2, round(d * 0.55))


def draw_pips(surf: pygame.Surface, level: int, center: tuple[int, int], d: int, on: tuple[int, int, int],
              off: tuple[int, int, int]) -> int:
    """A level as ``LEVELS`` dots ``d`` px wide, the first ``level`` filled,
    centred on ``center``; returns their width."""
    gap = max(2, round(d * 0.55))
    width = pips_width(d)
    x = center[0] - width // 2
    for i in range(LEVELS):
        rect = pygame.Rect(x + i * (d + gap), center[1] - d // 2, d, d)
        if i < level:
            pygame.draw.ellipse(surf, on, rect)
        else:
            pygame.draw.ellipse(surf, off, rect, width=max(1, d // 4))
    return width


class VariantChoice(Button):
    """One of the variants to show: the game's name, and its cells under it
    where the button is too narrow for both on one line."""

    def __init__(self, box: Box, game: str, variant: str, on_click: Callable[[], None], size: int) -> None:
        super().__init__(box, f"game.{game}", on_click, style="choice", size=size)
        self.game, self.variant = game, variant
        self.group = "variant"

    def text(self, lang: str) -> str:
        return variant_name(self.game, self.variant, lang)

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        name, cells = translate(f"game.{self.game}", lang), translate(f"variant.{self.variant}", lang)
        size, room = self.base_size(), self.room()
        if not cells or font(size, True).size(self.text(lang))[0] <= room:
            super().draw(surf, lang)
            return
        fill, ink, line = self.colors()
        rect = plate(surf, self.box, fill, line)
        small = max(12, round(size * 0.88))
        top = fit_text(name, size, ink, room, bold=True, min_size=11)  # four in a row on a narrow phone
        under = fit_text(cells, small, ink, room, min_size=11)
        y = rect.centery - (top.get_height() + under.get_height()) // 2
        surf.blit(top, top.get_rect(midtop=(rect.centerx, y)))
        surf.blit(under, under.get_rect(midtop=(rect.centerx, y + top.get_height())))


class DayTile(Widget):
    """A day of the grid: its tap area is the whole tile (never under
    ``TOUCH`` px each way); ``activate`` is a tap on it."""

    group = "days"

    def __init__(self, box: Box, day: CalendarDay, on_tap: Callable[[CalendarDay], None], scale: float) -> None:
        super().__init__(box)
        self.day, self.on_tap, self.scale = day, on_tap, scale
        self.enabled = day.open
        self.label = f"day {day.date.isoformat()}"  # the tests' and the measures' name for it
        self.ringed = False  # the chosen day, ringed (the keyboard, or a won day tapped)

    def activate(self) -> None:
        self.on_tap(self.day)

    def draw(self, surf: pygame.Surface, lang: str) -> None:
        day, s = self.day, self.scale
        inset = max(1, round(2 * s))
        rect = pygame.Rect(self.box).inflate(-2 * inset, -2 * inset)
        radius = max(4, min(rect.w, rect.h) // 6)
        closed = not day.open
        if not closed:
            fill = WON_FILL if day.state == "won" else STARTED_FILL if day.state == "started" else OPEN_FILL
            if self.pressed or self.hover:
                fill = tuple(max(0, c - 12) for c in fill)  # type: ignore[assignment]
            pygame.draw.rect(surf, fill, rect, border_radius=radius)
        if day.today:  # today: an outline
            pygame.draw.rect(surf, theme.PANEL_TEXT, rect, width=max(2, round(2 * s)), border_radius=radius)
        elif not closed:
            pygame.draw.rect(surf, theme.PANEL_LINE, rect, width=1, border_radius=radius)
        pad = max(3, round(rect.w * 0.08))
        size = max(12, min(round(15 * s), round(rect.h * 0.3)))
        number = font(size, day.today).render(str(day.date.day), True, CLOSED_INK if closed else theme.PANEL_TEXT)
        surf.blit(number, (rect.x + pad, rect.y + max(2, pad - 2)))
        r = max(4, min(round(rect.w * 0.11), round(7 * s)))
        mark = (rect.right - pad - r, rect.y + max(2, pad - 2) + number.get_height() // 2)
        if day.state == "won":
            pygame.draw.circle(surf, theme.BUTTON, mark, r)
            tick = [(mark[0] - r * 0.5, mark[1]), (mark[0] - r * 0.12, mark[1] + r * 0.42),
                    (mark[0] + r * 0.5, mark[1] - r * 0.36)]
            pygame.draw.lines(surf, (255, 255, 255), False, tick, max(2, round(r * 0.32)))
        elif day.state == "started":
            pygame.draw.circle(surf, (150, 158, 150), mark, r, width=max(2, round(r * 0.3)))
        d = max(4, min(round(rect.w * 0.11), round(8 * s)))
        pips_y = rect.bottom - pad - d // 2
        if day.deal is not None and not closed:
            draw_pips(surf, day.deal.level, (rect.centerx, pips_y), d, PIP_ON, theme.PANEL_LINE)
        if day.state == "won":
            top = rect.y + max(2, pad - 2) + number.get_height()
            words = short_clock(day.seconds, lang)
            img = fit_text(words, max(11, min(round(14 * s), round(rect.h * 0.24))), theme.BUTTON_PRESSED,
                           rect.w - 2 * max(2, pad // 2), bold=True, min_size=11)
            middle = (top + pips_y - d) // 2
            surf.blit(img, img.get_rect(center=(rect.centerx, middle)))


NOWHERE = Box(0, 0, 0, 0)


@dataclass
class Plan:
    """Where the calendar's parts go on a panel ``pw`` x ``ph`` px."""

    side: bool  # the grid on the left, the rest beside it (else stacked, upright)
    pw: int
    ph: int
    margin: int
    title: Box = NOWHERE  # the title's room
    close: Box = NOWHERE
    variants: list[Box] = field(default_factory=list)
    previous: Box = NOWHERE
    next: Box = NOWHERE
    header_y: int = 0  # the weekdays' row
    header_h: int = 0
    grid: Box = NOWHERE
    tile_w: int = 0
    tile_h: int = 0
    streak: Box = NOWHERE  # the streak's lines and its note
    note_lines: int = 0  # lines of the streak's note (0: none)
    detail: Box = NOWHERE  # the chosen day's lines
    detail_lines: int = 3
    share: Box = NOWHERE
    play: Box = NOWHERE
    head_h: int = 0  # kept in view when the body scrolls
    foot_h: int = 0


STACKED_W, SIDE_W = 560, 1000  # the panel's widest (logical px)
ROWS = 6  # a month's weeks at most: the grid keeps this height, so nothing moves from month to month


class CalendarScene(PanelScene["DialogHost"]):
    """The calendar of daily deals (see the module's docstring)."""

    def __init__(self, app: DialogHost, game: str | None = None, variant: str | None = None) -> None:
        pos = app.play.session.game.position if app.play.session.game else None
        if game is None or variant is None:
            game, variant = (pos.game, pos.variant) if pos else (app.settings.game, app.settings.variant)
        self.game, self.variant = game, variant
        app.play.refresh_daily()  # other windows' days too
        today = app.play.today()
        self.year, self.month = today.year, today.month
        self.selected = today  # the day the foot shows
        self.page: CalendarMonth | None = None
        self.streaks = app.play.streaks()
        self.share_state = ""  # "copied" or "shared": what the Share button says it did
        self.plan = Plan(False, 0, 0, 0)
        self.tiles: dict[dt.date, DayTile] = {}
        self.app = app  # (the scene's, set again by it): the month is read before the panel is built
        self.load()
        super().__init__(app, STACKED_W, 600)

    def on_open(self) -> None:
        super().on_open()
        lang = self.app.settings.lang
        words = translate("say.calendar.opened", lang, game=variant_name(self.game, self.variant, lang),
                          month=month_year(self.year, self.month, lang))
        day = self.chosen()
        self.app.announcer.tell(f"{words} {day_words(day, lang)}" if day is not None else words)

    # ---- the month -----------------------------------------------------------------------

    def load(self) -> None:
        """The month shown, from the application (None: the variant has no daily deals)."""
        lang = self.app.settings.lang
        try:
            self.page = self.app.play.calendar(self.game, self.variant, self.year, self.month, week_start(lang))
        except NoDailyDeal:
            self.page = None
        if self.page is not None and not any(d.date == self.selected for d in self.page.days):
            self.selected = self.page.days[min(self.selected.day, len(self.page.days)) - 1].date

    def chosen(self) -> CalendarDay | None:
        if self.page is None:
            return None
        return next((d for d in self.page.days if d.date == self.selected), None)

    def reachable(self, date: dt.date) -> bool:
        """Whether the calendar pages to ``date``'s month: from the first daily
        deal's month to this month."""
        if self.page is None:
            return False
        first, today = self.page.first, self.page.today
        return (first.year, first.month) <= (date.year, date.month) <= (today.year, today.month)

    def go_to(self, date: dt.date, ring: bool = True) -> None:
        """Choose ``date`` (paging to its month): the foot shows it, the
        focus ring is on it, a screen reader hears it."""
        if not self.reachable(date):
            return
        self.share_state = ""
        self.selected = date
        if (date.year, date.month) != (self.year, self.month):
            self.year, self.month = date.year, date.month
            self.load()
            self.rebuild()
        tile = self.tiles.get(self.selected)
        for t in self.tiles.values():
            t.ringed = ring and t is tile
        self.refresh_buttons()
        if ring and tile is not None:
            self.set_key_focus(tile)
        else:
            self.redraw()
        day = self.chosen()
        if day is not None:
            self.app.announcer.tell(day_words(day, self.app.settings.lang))

    def page_by(self, months: int) -> None:
        """The month before (-1) or after (+1), the same day of it (or its last)."""
        if self.page is None:
            return
        target = self.page.previous if months < 0 else self.page.next
        if target is None:
            return
        year, month = target
        last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day
        ring = isinstance(self.key_focus, DayTile)
        self.go_to(dt.date(year, month, min(self.selected.day, last)), ring=ring)
        lang = self.app.settings.lang
        page = self.page
        if page is not None:
            self.app.announcer.tell(translate_count("say.calendar.month", page.playable, lang,
                                                    month=month_year(self.year, self.month, lang), won=page.won,
                                                    count=page.playable))

    def choose_variant(self, game: str, variant: str) -> None:
        self.game, self.variant = game, variant
        self.share_state = ""
        self.load()
        self.rebuild()
        self.redraw()
        lang = self.app.settings.lang
        self.app.announcer.tell(translate("say.calendar.opened", lang, game=variant_name(game, variant, lang),
                                          month=month_year(self.year, self.month, lang)))

    # ---- a day ---------------------------------------------------------------------------

    def tap_day(self, day: CalendarDay) -> None:
        """A tap: a day won shows its result (Share, Play again); any other open day opens."""
        if day.state == "won":
            self.go_to(day.date, ring=True)
            self.key_focus = None  # the pointer's choice: the ring, not the keyboard's focus
            self.redraw()
        else:
            self.open_day(day)

    def open_day(self, day: CalendarDay | None) -> None:
        """Play ``day``'s deal: the game on the table when it is that deal,
        still being played; else a new game of it (the window asks first
        when one in progress would be left)."""
        if day is None:
            return
        lang = self.app.settings.lang
        try:
            deal = self.app.play.daily_deal(self.game, self.variant, day.date)
        except NoDailyDeal as exc:
            self.app.announcer.tell(translate(exc.key or "daily.none", lang, **exc.params))
            return
        session = self.app.play.session
        if session.game is not None and session.in_progress and session.game.position.deal == str(deal.code):
            self.close()  # that game goes on
            return
        self.app.request_new_game(deal.code)

    def share_day(self) -> None:
        """Share the chosen day's result (a day won: its best time and fewest moves)."""
        day = self.chosen()
        if day is None or day.deal is None or day.state != "won":
            return
        lang = self.app.settings.lang
        code = str(day.deal.code)
        text = daily_text(lang, self.game, self.variant, day.date, day.deal.level, day.seconds or 0, day.moves or 0,
                          self.streaks.current, host.deal_link(code), code)
        share_result(self.app, text, self.shared)

    def shared(self, state: str) -> None:
        """What became of a share: the button says it (until another day is chosen)."""
        if state in ("copied", "shared") and self in self.app.scenes:
            self.share_state = state
            self.refresh_buttons()
            self.redraw()

    def default_action(self) -> None:
        self.open_day(self.chosen())

    # ---- the keyboard --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.page_by(-1 if event.key == pygame.K_PAGEUP else 1)
                return True
            on_days = self.key_focus is None or isinstance(self.key_focus, DayTile)
            step = self.day_step(event.key)
            if on_days and step is not None and self.page is not None:
                self.go_to(self.selected + dt.timedelta(days=step))
                return True
            if isinstance(self.key_focus, DayTile) and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                                     pygame.K_SPACE):
                self.open_day(self.chosen())
                return True
        return super().handle_event(event)

    def day_step(self, key: int) -> int | None:
        """The days an arrow, Home or End moves the choice by (None: not such a key)."""
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -7, pygame.K_DOWN: 7}
        if key in steps:
            return steps[key]
        if key in (pygame.K_HOME, pygame.K_END) and self.page is not None:
            column = (self.selected.weekday() - self.page.week_start) % 7
            return -column if key == pygame.K_HOME else 6 - column
        return None

    def focusable(self) -> list[Widget]:
        """The grid is one stop of Tab: the chosen day."""
        tile = self.tiles.get(self.selected)
        items = [w for w in self.widgets if w.enabled and not isinstance(w, DayTile)]
        if tile is not None:
            at = items.index(self.play_button) if self.play_button in items else len(items)
            items.insert(at, tile)
        return items

    def set_key_focus(self, widget: Widget | None) -> None:
        if isinstance(widget, DayTile):
            self.selected = widget.day.date
            for t in self.tiles.values():
                t.ringed = t is widget
            self.refresh_buttons()
        super().set_key_focus(widget)

    # ---- the layout ---------------------------------------------------------------------

    def sized(self) -> tuple[float, float]:
        app = self.app
        s = dialog_scale(app)
        side = app.width > app.height
        width = min(SIDE_W if side else STACKED_W, (app.width - 16) / s)
        plan = make_plan(round(width * s), app.height - 16, s, side)
        return width, plan.ph / s

    def build(self) -> None:
        s = self.s
        plan = self.plan = make_plan(self.pw, self.app.height - 16, s, self.app.width > self.app.height)
        p = self.px
        self.close_button = Button(plan.close, "ui.close", self.close, style="secondary")
        self.variant_buttons = [
            VariantChoice(box, g, v, partial(self.choose_variant, g, v), p(15))
            for box, (g, v) in zip(plan.variants, registry.choices())
        ]
        self.previous_button = Button(plan.previous, "ui.calendar.previous", partial(self.page_by, -1),
                                      style="secondary", icon="\u2039")
        self.next_button = Button(plan.next, "ui.calendar.next", partial(self.page_by, 1), style="secondary",
                                  icon="\u203a")
        self.share_button = Button(plan.share, "ui.calendar.share", self.share_day, style="secondary")
        self.play_button = Button(plan.play, "ui.calendar.play", lambda: self.open_day(self.chosen()))
        one_size(self.variant_buttons)
        one_size((self.share_button, self.play_button))
        ringed = next((d for d, t in self.tiles.items() if t.ringed), None)
        self.tiles = {}
        if self.page is not None:
            for r, week in enumerate(self.page.weeks):
                for c, day in enumerate(week):
                    if day is not None:
                        box = Box(plan.grid.x + c * plan.tile_w, plan.grid.y + r * plan.tile_h, plan.tile_w,
                                  plan.tile_h)
                        self.tiles[day.date] = DayTile(box, day, self.tap_day, s)
                        self.tiles[day.date].ringed = day.date == ringed
        self.head_h, self.foot_h = plan.head_h, plan.foot_h
        self.widgets = [*self.variant_buttons, self.previous_button, self.next_button, *self.tiles.values(),
                        self.share_button, self.play_button, self.close_button]
        self.refresh_buttons()

    def rebuild(self) -> None:
        """The widgets made again for another month or variant, the
        keyboard's focus kept on the same control (or the chosen day)."""
        focus = self.key_focus
        self.build()
        if isinstance(focus, DayTile):
            self.key_focus = self.tiles.get(self.selected)
        elif isinstance(focus, VariantChoice):
            self.key_focus = next(b for b in self.variant_buttons if (b.game, b.variant) == (focus.game, focus.variant))
        elif isinstance(focus, Button):
            self.key_focus = next((w for w in self.widgets if isinstance(w, Button) and w.label == focus.label), None)

    def refresh_buttons(self) -> None:
        for b in self.variant_buttons:
            b.selected = (b.game, b.variant) == (self.game, self.variant)
        page = self.page
        self.previous_button.enabled = page is not None and page.previous is not None
        self.next_button.enabled = page is not None and page.next is not None
        day = self.chosen()
        won = day is not None and day.state == "won"
        self.play_button.enabled = day is not None and day.open
        self.play_button.label = "ui.calendar.play_again" if won else "ui.calendar.play"
        self.share_button.enabled = won
        self.share_button.label = f"ui.calendar.{self.share_state or 'share'}"

    def actions(self) -> list[Widget]:
        """Close, Play and Share."""
        return [self.close_button, self.play_button, self.share_button]

    def refresh_text(self) -> None:
        self.load()  # the language's week start
        self.rebuild()
        self.redraw()

    def drawn(self) -> pygame.Surface:
        focus = self.key_focus
        if isinstance(focus, DayTile):  # the grid's own ring, inside the tile's room (the panel's is wider)
            self.key_focus = None
        surf = super().drawn()
        self.key_focus = focus
        for tile in self.tiles.values():
            if tile.ringed:
                inset = max(1, round(self.s))
                ring = pygame.Rect(tile.box).inflate(-inset, -inset)
                pygame.draw.rect(surf, theme.FOCUS_DIALOG, ring, width=max(2, self.px(3)),
                                 border_radius=max(4, min(ring.w, ring.h) // 6))
        return surf

    # ---- drawing ---------------------------------------------------------------------

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        plan, p = self.plan, self.px
        title = fit_text(translate("ui.daily_deals", lang), p(30 if not plan.side else 26), theme.PANEL_TEXT,
                         plan.title.w, bold=True, min_size=12)
        surf.blit(title, title.get_rect(midleft=(plan.title.x, plan.title.center[1])))
        month_room = plan.next.x - plan.previous.right - p(16)
        month = fit_text(month_year(self.year, self.month, lang), p(20), theme.PANEL_TEXT, month_room, bold=True,
                         min_size=12)
        surf.blit(month, month.get_rect(center=((plan.previous.right + plan.next.x) // 2, plan.previous.center[1])))
        if self.page is None:
            lines, size = wrap_fit(translate("daily.none", lang), p(18), plan.grid.w - p(16), 3)
            for i, line in enumerate(lines):
                img = font(size).render(line, True, theme.PANEL_DIM)
                surf.blit(img, img.get_rect(center=(plan.grid.center[0], plan.grid.center[1] + (i - 1) * p(24))))
        else:
            for c, weekday in enumerate(weekday_order(self.page.week_start)):
                name = fit_text(weekday_name(weekday, lang, short=True), p(13), theme.PANEL_DIM, plan.tile_w - 4,
                                bold=True, min_size=11)
                x = plan.grid.x + c * plan.tile_w + plan.tile_w // 2
                surf.blit(name, name.get_rect(center=(x, plan.header_y + plan.header_h // 2)))
        self.draw_streak(surf, lang)
        self.draw_detail(surf, lang)

    def draw_streak(self, surf: pygame.Surface, lang: str) -> None:
        plan, p = self.plan, self.px
        box = plan.streak
        now = translate_count("ui.daily.streak", self.streaks.current, lang, count=self.streaks.current)
        best = translate_count("ui.daily.best", self.streaks.best, lang, count=self.streaks.best)
        size = p(16)
        one = f"{now}  ·  {best}"
        y = box.y
        if font(size, True).size(one)[0] <= box.w or box.h < 2 * p(21):
            if font(size, True).size(one)[0] > box.w:
                one = now  # one line's room: the streak alone
            img = fit_text(one, size, theme.PANEL_TEXT, box.w, bold=True, min_size=12)
            surf.blit(img, (box.x, y))
            y += p(21)
        else:
            for line in (now, best):
                img = fit_text(line, size, theme.PANEL_TEXT, box.w, bold=True, min_size=12)
                surf.blit(img, (box.x, y))
                y += p(21)
        if plan.note_lines:
            lines, note = wrap_fit(translate("daily.streak.any", lang), p(13), box.w, plan.note_lines, min_size=12)
            for line in lines:
                surf.blit(font(note).render(line, True, theme.PANEL_DIM), (box.x, y))
                y += font(note).get_linesize()

    def draw_detail(self, surf: pygame.Surface, lang: str) -> None:
        plan, p = self.plan, self.px
        box, day = plan.detail, self.chosen()
        if not plan.side:
            top = box.y - p(8)
            pygame.draw.line(surf, theme.PANEL_LINE, (plan.margin, top), (self.pw - plan.margin, top))
        if day is None:
            return
        pitch = p(21)
        img = fit_text(self.day_line(day, lang, box.w), p(17), theme.PANEL_TEXT, box.w, bold=True, min_size=12)
        surf.blit(img, (box.x, box.y))
        y = box.y + pitch
        x = box.x
        if day.deal is not None:
            d = max(4, p(8))
            draw_pips(surf, day.deal.level, (box.x + pips_width(d) // 2, y + pitch // 2), d, PIP_ON, theme.PANEL_LINE)
            x = box.x + pips_width(d) + p(8)
        level = level_name(day.deal.level, lang) if day.deal is not None else ""
        state = state_words(day, lang)
        if plan.detail_lines >= 3 or not level:
            if level:
                img = fit_text(level, p(15), theme.PANEL_TEXT, box.right - x, min_size=12)
                surf.blit(img, img.get_rect(midleft=(x, y + pitch // 2)))
                y += pitch
            img = fit_text(state, p(15), theme.PANEL_DIM if day.state != "won" else theme.OK, box.w, min_size=12)
            surf.blit(img, (box.x, y + (pitch - img.get_height()) // 2))
        else:
            both = first_fitting([f"{level} · {state}", state], 12, box.right - x)  # else the pips say the level
            img = fit_text(both, p(15), theme.PANEL_TEXT, box.right - x, min_size=12)
            surf.blit(img, img.get_rect(midleft=(x, y + pitch // 2)))


    @staticmethod
    def day_line(day: CalendarDay, lang: str, room: int) -> str:
        """The chosen day in words: "Today, Wednesday 16 December 2026", as
        much of it as fits ``room`` (the weekday goes first, then "Today":
        the outline says it)."""
        full, short = date_text(day.date, lang), date_text(day.date, lang, weekday=False)
        lines = [full, short]
        if day.today:
            lines = [translate("ui.calendar.today_date", lang, date=full),
                     translate("ui.calendar.today_date", lang, date=short), short]
        return first_fitting(lines, 12, room, bold=True)


# ---- the plan ----------------------------------------------------------------------------------


def note_lines_needed(width: int, s: float) -> int:
    """The lines the streak's note takes at ``width`` px in the wordiest language."""
    size = max(12, round(13 * s))
    return max(len(wrap(translate("daily.streak.any", lang), size, width, note=False)) for lang in LANGUAGES)


def streak_lines_needed(width: int, s: float) -> int:
    """The streak's lines (its figure and the best) at ``width`` px: one where both fit in every language."""
    size = round(16 * s)
    for lang in LANGUAGES:
        one = (f"{translate_count('ui.daily.streak', 365, lang, count=365)}  ·  "
               f"{translate_count('ui.daily.best', 365, lang, count=365)}")
        if font(size, True).size(one)[0] > width:
            return 2
    return 1


def make_plan(pw: int, room_h: int, s: float, side: bool) -> Plan:
    """The calendar's layout on a panel ``pw`` px wide with ``room_h`` px of
    window height: the most generous arrangement that fits (margins, the
    streak's note, a third line for the chosen day), else the tightest,
    whose body then scrolls."""
    plans = [(side_plan if side else stacked_plan)(pw, room_h, s, tight) for tight in range(3)]
    fitting = [plan for plan in plans if plan.ph <= room_h and plan.tile_h >= TOUCH]
    return fitting[0] if fitting else plans[-1]


def stacked_plan(pw: int, room_h: int, s: float, tight: int) -> Plan:
    """Upright: the title and Close; the variants, the month, the grid and
    the streak in the body; the chosen day and its buttons at the foot."""
    def p(v: float) -> int:
        return round(v * s)

    def tap(v: float) -> int:
        return max(TOUCH, p(v))

    margin = max(p(8), min(p(24), (pw - 7 * TOUCH) // 2))
    plan = Plan(False, pw, 0, margin)
    tile_w = min(p(96), (pw - 2 * margin) // 7)
    close_w = min(p(140), (pw - 2 * margin) * 0.36)
    plan.close = Box(pw - margin - round(close_w), p(14), round(close_w), tap(46))
    plan.title = Box(margin, plan.close.y, plan.close.x - margin - p(12), plan.close.h)
    plan.head_h = plan.close.bottom + p(8)
    gap = p(6)
    vw = (pw - 2 * margin - 3 * gap) / 4
    y = plan.head_h + p(2)
    plan.variants = [Box(margin + round(i * (vw + gap)), y, round(vw), tap(50)) for i in range(4)]
    y += tap(50) + p(10)
    nav_w = tap(52)
    plan.previous = Box(margin, y, nav_w, tap(44))
    plan.next = Box(pw - margin - nav_w, y, nav_w, tap(44))
    plan.header_y = y + tap(44) + p(4)
    plan.header_h = p(20)
    grid_x = (pw - 7 * tile_w) // 2
    grid_y = plan.header_y + plan.header_h
    text_w = pw - 2 * margin
    streak_h = streak_lines_needed(text_w, s) * p(21)
    if tight == 0:
        plan.note_lines = note_lines_needed(text_w, s)
        streak_h = 2 * p(21) + plan.note_lines * font(max(12, p(13))).get_linesize()
    elif tight == 2:
        streak_h = p(21)
    plan.detail_lines = 3 if tight == 0 else 2
    foot_h = p(18) + plan.detail_lines * p(21) + p(8) + tap(50) + p(16)
    fixed = grid_y + p(10) + streak_h + p(8) + foot_h
    tile_h = max(TOUCH, min(p(72), round(tile_w * 1.35), (room_h - fixed) // ROWS))
    plan.tile_w, plan.tile_h = tile_w, tile_h
    plan.grid = Box(grid_x, grid_y, 7 * tile_w, ROWS * tile_h)
    plan.streak = Box(margin, plan.grid.bottom + p(10), text_w, streak_h)
    plan.ph = fixed + ROWS * tile_h
    plan.foot_h = foot_h
    plan.detail = Box(margin, plan.ph - foot_h + p(18), text_w, plan.detail_lines * p(21))
    bw = (pw - 2 * margin - p(14)) // 2
    by = plan.ph - p(16) - tap(50)
    plan.share = Box(margin, by, bw, tap(50))
    plan.play = Box(pw - margin - bw, by, bw, tap(50))
    return plan


def side_plan(pw: int, room_h: int, s: float, tight: int) -> Plan:
    """On its side and on a laptop: the month and the grid on the left; the
    title and Close, the variants, the streak, the chosen day and its
    buttons beside it."""
    def p(v: float) -> int:
        return round(v * s)

    def tap(v: float) -> int:
        return max(TOUCH, p(v))

    margin = p((20, 12, 8)[tight])
    plan = Plan(True, pw, 0, margin)
    gutter = p(20 if tight == 0 else 14)
    nav_h = tap(44)
    plan.header_h = p(20 if tight == 0 else 16)
    tile_h = max(TOUCH, min(p(76), (room_h - 2 * margin - nav_h - p(4) - plan.header_h) // ROWS))
    right_min = p(300)
    tile_w = max(TOUCH, min(p(96), round(tile_h * 1.25), (pw - 2 * margin - gutter - right_min) // 7))
    plan.tile_w, plan.tile_h = tile_w, tile_h
    grid_w = 7 * tile_w
    plan.previous = Box(margin, margin, tap(52), nav_h)
    plan.next = Box(margin + grid_w - tap(52), margin, tap(52), nav_h)
    plan.header_y = margin + nav_h + p(4)
    plan.grid = Box(margin, plan.header_y + plan.header_h, grid_w, ROWS * tile_h)
    rx = margin + grid_w + gutter
    rw = pw - rx - margin
    close_w = min(p(140), round(rw * 0.4))
    plan.close = Box(pw - margin - close_w, margin, close_w, tap(44))
    plan.title = Box(rx, margin, plan.close.x - rx - p(10), plan.close.h)
    gap = p(8)
    y = plan.close.bottom + p(12 if tight < 2 else 8)
    per_row = 4 if rw >= 4 * p(118) + 3 * gap else 2
    vw = (rw - (per_row - 1) * gap) / per_row
    plan.variants = [Box(rx + round((i % per_row) * (vw + gap)), y + (i // per_row) * (tap(48) + gap), round(vw),
                         tap(48)) for i in range(4)]
    y = plan.variants[-1].bottom + p(12 if tight < 2 else 8)
    # what the column says: as much as the grid's height (or the tightest) leaves room for
    line, note_h = p(21), font(max(12, p(13))).get_linesize()
    lines, notes = streak_lines_needed(rw, s), note_lines_needed(rw, s)
    choices = [(lines, notes, 3), (lines, 0, 3), (lines, 0, 2), (1, 0, 2)]
    heights = [y + n * line + k * note_h + p(12) + d * line + p(10) + tap(50) + margin for n, k, d in choices]
    limit = max(plan.grid.bottom + margin, heights[-1])
    pick = next(i for i, h in enumerate(heights) if h <= limit)
    streak_lines, plan.note_lines, plan.detail_lines = choices[pick]
    streak_h = streak_lines * line + plan.note_lines * note_h
    plan.streak = Box(rx, y, rw, streak_h)
    natural = heights[pick]
    plan.ph = max(plan.grid.bottom + margin, natural)
    by = plan.ph - margin - tap(50)
    bw = (rw - p(12)) // 2
    plan.share = Box(rx, by, bw, tap(50))
    plan.play = Box(pw - margin - bw, by, bw, tap(50))
    plan.detail = Box(rx, by - p(10) - plan.detail_lines * p(21), rw, plan.detail_lines * p(21))
    return plan
