"""The win: the cascade of cards (the table's: ``table.cascade``), then the
score, moves and time beside the player's best of each and the streak,
New deal / Same deal, and the statistics. A daily deal's win says which
day's deal it was and its level, shows the daily streak (of any variant,
as the panel says) in place of the games' streak, and offers Share: a
short text of the result (``table.share.daily_text``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ... import host
from ...i18n import LANGUAGES, translate
from ...i18n.dates import date_text, level_name
from ...play import DailyDeal, game_seconds
from ..drawing import theme
from ..drawing.fonts import first_fitting, fit_text, font, wrap, wrap_fit
from ..drawing.layout import Box
from ..table.share import daily_text, share_result
from .calendar import PIP_ON, draw_pips, pips_width
from .panel import SCRIM_LAYER, PanelScene, dialog_scale
from ..voice.words import clock
from .widgets import Button, Widget, one_size

if TYPE_CHECKING:
    from .hosts import DialogHost


# The keys the win panel answers itself (its buttons by keyboard); every
# other key goes on to the table, so Undo and New game keep working.
WIN_PANEL_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
                  pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)


@dataclass(frozen=True)
class Figure:
    """One figure of the win panel: this game's value, the player's best
    (None: no statistics kept) and whether this game set it."""

    key: str  # its label
    value: str
    best: str | None = None
    new_best: bool = False


def figures_of(app: DialogHost) -> list[Figure]:
    """This game's score, moves and time, and with statistics kept, the
    player's best of each and the current streak, as they stood when the
    game was won (taken once: a reset from the statistics screen opened
    over the panel doesn't change what the panel says). A best is new when
    this game beat an earlier one and it is still the best once other
    windows' games are in (``Persistence.new_bests``)."""
    pos = app.table.game.position
    seconds = game_seconds(app.play.session.elapsed)  # counted as the statistics count it
    records = app.play.records
    if records is None:
        return [Figure("ui.win.score", str(pos.score)), Figure("ui.win.moves", str(pos.moves)),
                Figure("ui.win.time", clock(seconds))]
    s = records.stats(pos.game, pos.variant)
    beat = records.new_bests(pos.game, pos.variant)
    moves_best = None if s.fewest_moves is None else str(s.fewest_moves)
    streak = Figure("ui.win.streak", str(s.current_streak), str(s.best_streak),
                    "streak" in beat and s.current_streak >= s.best_streak)
    if app.play.current_daily() is not None:  # a daily deal: the daily streak (of any variant)
        daily = app.play.streaks()
        streak = Figure("ui.win.daily_streak", str(daily.current), str(daily.best))
    return [
        Figure("ui.win.score", str(pos.score), str(s.best_score), "score" in beat and pos.score >= s.best_score),
        Figure("ui.win.moves", str(pos.moves), moves_best or "–",
               "moves" in beat and s.fewest_moves is not None and pos.moves <= s.fewest_moves),
        Figure("ui.win.time", clock(seconds), clock(s.fastest_win),
               "time" in beat and s.fastest_win is not None and seconds <= s.fastest_win),
        streak,
    ]


# What skips the cascade: a press (a touch arrives as one too) or a key.
SKIPS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)


class WinScene(PanelScene["DialogHost"]):
    """The win: first the table's card cascade (a few seconds at most; a
    tap or a key skips it; none with Reduce motion), the bar with the
    score, moves and time above it all along; then this game's score,
    moves and time beside the player's best of each and the current
    streak, New deal / Same deal at hand and the statistics a tap away.
    The top bar stays uncovered and usable (Undo works after a win, a bar
    button pressed during the cascade ends it and does its work); Esc puts
    the panel away to look at the table."""

    title_key = ""  # drawn by the panel itself, beside its Statistics button

    def __init__(self, app: DialogHost) -> None:
        self.scrim_top = app.table.laid_out.bar.h
        self.figures = figures_of(app)
        self.stats_button: Button | None = None
        self.share_button: Button | None = None
        # a daily deal: its date and level, the result to share (taken once, like the figures)
        self.daily: DailyDeal | None = app.play.current_daily() if app.play.records is not None else None
        self.shared_as = ""  # "copied" or "shared" once it was
        super().__init__(app, 560, 300)
        self.panel._layer = SCRIM_LAYER + 2
        self.waiting = app.table.celebrate()  # the panel waits for the cascade
        self.show_panel(not self.waiting)

    @property
    def grid(self) -> tuple[int, int]:
        """(columns, rows) of the figures: one row, or two on a narrow panel."""
        n = len(self.figures)
        return (n, 1) if n <= 3 or self.base_w >= 500 else (2, 2)

    def place(self) -> None:
        # a narrow panel (a phone upright) stacks the figures in two rows: taller
        logical_w = (self.app.width - 16) / dialog_scale(self.app)
        narrow = len(self.figures) > 3 and logical_w < 500
        height = 420 if narrow else 300
        if self.daily is not None:  # the day and its level under the title, the streak's note, Share
            height += self.DAILY_H + self.note_lines(min(560, logical_w)) * 18 + (66 if narrow else 0)
        self.base = (560, height)
        super().place()

    DAILY_H = 50  # the daily deal's two lines under the title (logical px)

    def daily_top(self) -> int:
        """Where the daily deal's lines start: under the title, clear of Statistics."""
        below = self.stats_button.box.bottom + self.px(6) if self.stats_button is not None else 0
        return max(self.px(70), below)

    def figures_top(self) -> int:
        return self.daily_top() + self.px(44 + 14) if self.daily is not None else self.px(84)

    def note_lines(self, width: float) -> int:
        """The lines the daily streak's note takes on a panel ``width``
        logical px wide, in the wordiest language (the panel keeps its height)."""
        return max(len(wrap(translate("daily.streak.any", lang), 14, width - 56, note=False)) for lang in LANGUAGES)

    def build(self) -> None:
        p = self.px
        w = min(240, (self.base_w - 56 - 16) / 2)
        bottom = self.ph - p(24) - self.tap(56)
        new = Button(Box(p(28), bottom, p(w), self.tap(56)), "ui.new_deal", self.new_deal)
        same = Button(Box(self.pw - p(28 + w), bottom, p(w), self.tap(56)), "ui.same_deal", self.same_deal,
                      style="secondary")
        self.widgets = [new, same]
        self.share_button = None
        if self.daily is not None:
            label = f"ui.calendar.{self.shared_as or 'share'}"
            if self.base_w >= 500:  # three in a row: Share, New deal, Same deal
                w3 = (self.base_w - 56 - 2 * 12) / 3
                new.box = Box(p(28 + w3 + 12), bottom, p(w3), self.tap(56))
                same.box = Box(self.pw - p(28 + w3), bottom, p(w3), self.tap(56))
                box = Box(p(28), bottom, p(w3), self.tap(56))
            else:  # Share across the panel, above the two
                box = Box(p(28), bottom - p(12) - self.tap(52), self.pw - p(56), self.tap(52))
            self.share_button = Button(box, label, self.share, style="secondary")
            self.widgets.insert(0, self.share_button)
        one_size((new, same) if self.share_button is None or self.base_w < 500 else (self.share_button, new, same))
        self.foot_h = self.ph - min(w.box.y for w in self.widgets) + p(12)
        self.stats_button = None
        if self.app.play.records is not None:
            sw = min(180, self.base_w * 0.38)
            self.stats_button = Button(Box(self.pw - p(28 + sw), p(20), p(sw), self.tap(44)), "ui.stats",
                                       self.app.open_stats, style="secondary")
            self.widgets.append(self.stats_button)
        self.head_h = (self.stats_button.box.bottom if self.stats_button else p(60)) + p(8)

    def actions(self) -> list[Widget]:
        """New deal, Same deal and the statistics."""
        return list(self.widgets)

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        self.placed = []  # (text, rect in the panel): what was drawn where (tests)
        right = self.stats_button.box.x - p(12) if self.stats_button else self.pw - p(28)
        title = fit_text(translate("ui.win.title", lang), p(30), theme.PANEL_TEXT, right - p(28), bold=True)
        surf.blit(title, (p(28), p(22)))
        self.placed.append(("ui.win.title", pygame.Rect(p(28), p(22), title.get_width(), title.get_height())))
        r = p(18)
        cx, cy = p(28) + title.get_width() + p(14) + r, p(22) + title.get_height() // 2
        if cx + r <= right:  # the star beside the title, where there is room
            star = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                     cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
            pygame.draw.polygon(surf, theme.ACCENT, star)
        cols, rows = self.grid
        col_w = (self.pw - p(56)) // cols
        room = col_w - p(12)
        row_h = p(124)
        first = self.figures_top()
        if self.daily is not None:
            self.draw_daily(surf, lang)
        for i, fig in enumerate(self.figures):
            row, col = divmod(i, cols)
            cx = p(28) + col_w * col + col_w // 2
            top = first + row * row_h
            # a billion moves or a hundred-hour time shrinks to its column, and is cut there
            # if even the smallest size is too wide: never over the next column
            big = fit_text(fig.value, p(40), theme.BUTTON, room, bold=True, min_size=p(12))
            label = fit_text(translate(fig.key, lang), p(17), theme.PANEL_DIM, room)
            parts = [(big, top, fig.value), (label, top + p(50), fig.key)]
            if fig.new_best:
                parts.append((self.new_best_pill(lang, room), top + p(76), "ui.win.new_best"))
            elif fig.best is not None:
                best = fit_text(translate("ui.win.best", lang, value=fig.best), p(15), theme.PANEL_DIM, room)
                parts.append((best, top + p(78), "ui.win.best"))
            for img, y, text in parts:
                rect = pygame.Rect(0, 0, min(img.get_width(), room), img.get_height())
                rect.midtop = (cx, y)
                surf.blit(img, rect, area=pygame.Rect(0, 0, rect.width, rect.height))
                self.placed.append((text, rect))

    def draw_daily(self, surf: pygame.Surface, lang: str) -> None:
        """Which day's deal this was, and its level (pips and a word), under
        the title; the daily streak's note under the figures."""
        daily = self.daily
        if daily is None:
            return
        p = self.px
        room, y = self.pw - p(56), self.daily_top()
        said = first_fitting([translate("ui.win.daily", lang, date=date_text(daily.date, lang, weekday=weekday))
                              for weekday in (True, False)], p(14), room, bold=True)  # a narrow panel: no weekday
        words = fit_text(said, p(16), theme.PANEL_TEXT, room, bold=True, min_size=12)
        surf.blit(words, (p(28), y))
        d = max(4, p(9))
        cy = y + p(22) + p(11)
        draw_pips(surf, daily.level, (p(28) + pips_width(d) // 2, cy), d, PIP_ON, theme.PANEL_LINE)
        level = fit_text(level_name(daily.level, lang), p(16), theme.PANEL_TEXT, room - pips_width(d) - p(10),
                         min_size=12)
        surf.blit(level, level.get_rect(midleft=(p(28) + pips_width(d) + p(10), cy)))
        self.placed.append(("ui.win.daily", pygame.Rect(p(28), y, words.get_width(), words.get_height())))
        self.placed.append(("daily.level", level.get_rect(midleft=(p(28) + pips_width(d) + p(10), cy))))
        cols, rows = self.grid
        top = self.figures_top() + rows * p(124) - p(8)
        lines, size = wrap_fit(translate("daily.streak.any", lang), p(14), room, self.note_lines(self.base_w))
        for i, line in enumerate(lines):
            surf.blit(font(size).render(line, True, theme.PANEL_DIM), (p(28), top + i * p(18)))
        self.placed.append(("daily.streak.any", pygame.Rect(p(28), top, room, len(lines) * p(18))))

    def result_text(self) -> str:
        """What Share sends: the day, its level, this game's time and moves,
        the daily streak, the link to the day's deal."""
        daily = self.daily
        assert daily is not None
        pos = self.app.table.game.position
        code = str(daily.code)
        return daily_text(self.app.settings.lang, pos.game, pos.variant, daily.date, daily.level,
                          game_seconds(self.app.play.session.elapsed), pos.moves, self.app.play.streaks().current,
                          host.deal_link(code), code)

    def share(self) -> None:
        share_result(self.app, self.result_text(), self.shared)

    def shared(self, state: str) -> None:
        """What became of the share: Share says it."""
        if state in ("copied", "shared") and self.share_button is not None:
            self.shared_as = state
            self.share_button.label = f"ui.calendar.{state}"
            if self in self.app.scenes:
                self.redraw()

    def new_best_pill(self, lang: str, room: int) -> pygame.Surface:
        """"New best!" on a gold pill."""
        p = self.px
        words = fit_text(translate("ui.win.new_best", lang), p(15), theme.PANEL_TEXT, room - p(16), bold=True)
        pill = pygame.Surface((min(room, words.get_width() + p(16)), words.get_height() + p(6)), pygame.SRCALPHA)
        pygame.draw.rect(pill, theme.ACCENT, pill.get_rect(), border_radius=pill.get_height() // 2)
        pill.blit(words, words.get_rect(center=pill.get_rect().center))
        return pill

    # ---- the cascade first ------------------------------------------------------------------

    def show_panel(self, shown: bool) -> None:
        """The dimming and the panel shown (or kept back while the cascade runs)."""
        for sprite in self.sprites[:2]:
            if sprite.visible != int(shown):
                sprite.visible = int(shown)
            sprite.dirty = 1

    def update(self, now: int) -> None:
        if self.waiting and not self.app.table.celebrating:
            self.cascade_over()

    def cascade_over(self) -> None:
        """The cascade ended (or was skipped): the panel now."""
        self.waiting = False
        self.show_panel(True)
        self.redraw()

    def skip(self) -> None:
        """A tap or a key during the cascade: it ends, the panel shows."""
        self.app.table.end_celebration()
        self.cascade_over()

    def relayout(self) -> None:
        super().relayout()  # the table was laid out anew first: its cascade is over
        self.update(self.app.now())
        self.show_panel(not self.waiting)

    def on_close(self) -> None:
        if self.waiting:
            self.app.table.end_celebration()
            self.waiting = False
        super().on_close()

    def new_deal(self) -> None:
        pos = self.app.table.game.position
        self.app.start_deal(self.app.play.random_deal(pos.game, pos.variant))

    def same_deal(self) -> None:
        self.app.restart()

    def default_action(self) -> None:
        self.new_deal()

    def handle_event(self, event: pygame.event.Event) -> bool:
        bars = (self.app.table.laid_out.bar, self.app.table.laid_out.button_bar)
        on_bar = hasattr(event, "pos") and any(b.contains(*event.pos) for b in bars)
        if self.waiting:
            if event.type not in SKIPS:
                return not on_bar
            self.skip()
            if on_bar:
                return False  # the bar's button does its work too
            # a key the panel doesn't answer (undo, new game) does its work too; a panel's key only skips
            return event.type != pygame.KEYDOWN or event.key in WIN_PANEL_KEYS
        if on_bar and not self.box.contains(*event.pos):
            return False  # the bar and its buttons stay usable
        if event.type == pygame.KEYDOWN and event.key not in WIN_PANEL_KEYS:
            return False  # undo, new game and rules keys still work
        return super().handle_event(event)
