"""The Statistics screen: the figures of one game and variant (games
played and won, streaks, best score, fastest win, fewest moves, time), a chart of
its last 30 games (won or not; bar height the time or the score) and a
reset button that asks first."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from ...engine import registry
from ...i18n import translate
from ...play import RECENT, VariantStats
from ..drawing import theme
from ..voice.words import variant_name
from .confirm import ConfirmDialog
from ..drawing.fonts import fit_text, font, wrap_fit
from ..drawing.layout import Box
from .panel import PanelScene
from ..voice.words import clock
from .widgets import Button, Widget, one_size

if TYPE_CHECKING:
    from .hosts import DialogHost

LOST = (200, 92, 78)


def figures(s: VariantStats, lang: str) -> list[tuple[str, str]]:
    """(label key, value) of every number the screen shows."""
    rate = "–" if s.win_rate is None else translate("ui.stats.percent", lang, value=round(s.win_rate * 100))
    return [
        ("ui.stats.played", str(s.played)),
        ("ui.stats.won", str(s.won)),
        ("ui.stats.win_rate", rate),
        ("ui.stats.current_streak", str(s.current_streak)),
        ("ui.stats.best_streak", str(s.best_streak)),
        ("ui.stats.best_score", str(s.best_score) if s.played else "–"),
        ("ui.stats.fastest_win", clock(s.fastest_win)),
        ("ui.stats.fewest_moves", "–" if s.fewest_moves is None else str(s.fewest_moves)),
        ("ui.stats.total_time", clock(s.total_seconds)),
    ]


class VariantButton(Button):
    """A choice button named by a game and variant, in the current language."""

    def __init__(self, box: Box, game: str, variant: str, on_click: Callable[[], None], size: int) -> None:
        super().__init__(box, f"game.{game}", on_click, style="choice", size=size)
        self.game, self.variant = game, variant

    def text(self, lang: str) -> str:
        return variant_name(self.game, self.variant, lang)


class StatsScene(PanelScene["DialogHost"]):
    title_key = "ui.stats.title"

    def __init__(self, app: DialogHost) -> None:
        pos = app.play.session.game.position if app.play.session.game else None
        self.choice = (pos.game, pos.variant) if pos else (app.settings.game, app.settings.variant)
        self.measure = "time"  # what the bars' height shows: "time" or "score"
        records = app.play.records
        if records is None:
            raise ValueError("no statistics without storage")  # the app opens none then
        records.refresh()  # the games other windows played since, too
        self.records = records
        super().__init__(app, 900, 680 if app.width >= app.height else 900)

    @property
    def stats(self) -> VariantStats:
        return self.records.stats(*self.choice)

    fit_window = True  # no taller than the window while the chart keeps some height: the figures scroll after

    def plan(self, pw: int) -> tuple[int, int, int, int, int]:
        """Where the parts go on a panel ``pw`` px wide: (choices per row, the
        figures per row, the figures' top, the chart's top, its bars' top), px."""
        p = self.px
        inner = pw - p(56)
        per_row = 4 if inner / 4 >= p(150) else 2
        rows = -(-len(registry.choices()) // per_row)
        grid_top = p(76) + rows * (self.tap(44) + p(8)) - p(8) + p(18)
        tiles_per_row = 5 if inner >= p(5 * 125) else 3 if inner >= p(3 * 100) else 2
        tile_rows = -(-len(figures(self.stats, "en")) // tiles_per_row)
        chart_top = grid_top + tile_rows * (p(84) + p(10)) + p(18)
        measure_y = chart_top + (p(40) if inner < p(640) else 0)  # a narrow panel: the measure under the heading
        return per_row, tiles_per_row, grid_top, chart_top, measure_y + self.tap(40) + p(12)

    def least_height(self, pw: int) -> int:
        # the chart keeps 110 px of bars, the legend and the buttons below it
        p = self.px
        return self.plan(pw)[4] + p(110) + p(10) + p(24) + p(12) + self.tap(50) + p(24)

    def build(self) -> None:
        p = self.px
        inner = self.pw - p(56)
        per_row, self.tiles_per_row, self.grid_top, self.chart_top, self.chart_body_top = self.plan(self.pw)
        w = (inner - (per_row - 1) * p(8)) // per_row
        self.choice_buttons = []
        choice_h = self.tap(44)
        for i, (g, v) in enumerate(registry.choices()):
            row, col = divmod(i, per_row)
            box = Box(p(28) + col * (w + p(8)), p(76) + row * (choice_h + p(8)), w, choice_h)
            self.choice_buttons.append(VariantButton(box, g, v, partial(self.choose, (g, v)), p(16)))
        self.tile_h = p(84)
        mw = p(130)
        # a narrow panel: the heading on its own line, the measure under it
        self.stacked = inner < p(640)
        my = self.chart_top + (p(40) if self.stacked else 0)
        measure_h = self.tap(40)
        self.measure_buttons = {
            m: Button(Box(self.pw - p(28) - (2 - i) * mw - (1 - i) * p(8), my, mw, measure_h), f"ui.stats.by_{m}",
                      partial(self.choose_measure, m), style="choice", size=p(16))
            for i, m in enumerate(("time", "score"))
        }
        foot_y = self.ph - p(24) - self.tap(50)
        self.reset_button = Button(Box(p(28), foot_y, p(min(220, self.base_w - 56 - 152 - 16)), self.tap(50)),
                                   "ui.stats.reset", self.ask_reset, style="danger")
        self.close_button = Button(Box(self.pw - p(180), foot_y, p(152), self.tap(50)), "ui.close", self.close,
                                   style="secondary")
        for buttons in (self.choice_buttons, self.measure_buttons.values(), (self.reset_button, self.close_button)):
            one_size(buttons)
        self.widgets = [*self.choice_buttons, *self.measure_buttons.values(), self.reset_button, self.close_button]
        self.foot_h = self.ph - foot_y + p(12)
        self.refresh_choices()

    def actions(self) -> list[Widget]:
        """Close, and Reset beside it (it asks first)."""
        return [self.reset_button, self.close_button]

    def refresh_choices(self) -> None:
        for b in self.choice_buttons:
            b.selected = (b.game, b.variant) == self.choice
        for m, button in self.measure_buttons.items():
            button.selected = m == self.measure
        self.reset_button.enabled = self.stats.played > 0

    def choose(self, choice: tuple[str, str]) -> None:
        self.choice = choice
        self.refresh_choices()
        self.redraw()

    def choose_measure(self, measure: str) -> None:
        self.measure = measure
        self.refresh_choices()
        self.redraw()

    def ask_reset(self) -> None:
        name = variant_name(*self.choice, self.app.settings.lang)
        self.app.push(ConfirmDialog(self.app, self.reset, title="ui.stats.reset_title", body="ui.stats.reset_body",
                                    yes="ui.stats.reset_yes", no="ui.cancel", params={"name": name}, destructive=True))

    def reset(self) -> None:
        self.records.reset(*self.choice)
        self.refresh_choices()
        self.redraw()

    # ---- drawing -------------------------------------------------------------------------------

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        self.draw_figures(surf, lang)
        self.draw_chart(surf, lang)

    def draw_figures(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        items = figures(self.stats, lang)
        per_row = self.tiles_per_row
        inner = self.pw - p(56)
        w = (inner - (per_row - 1) * p(8)) // per_row
        for i, (key, value) in enumerate(items):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(items) - row * per_row)  # a shorter last row is centred
            x = p(28) + (per_row - in_row) * (w + p(8)) // 2 + col * (w + p(8))
            tile = pygame.Rect(x, self.grid_top + row * (self.tile_h + p(10)), w, self.tile_h)
            pygame.draw.rect(surf, (241, 238, 229), tile, border_radius=p(10))
            big = fit_text(value, p(30), theme.BUTTON, w - p(16), bold=True)
            surf.blit(big, big.get_rect(midtop=(tile.centerx, tile.y + p(8))))
            words, size = translate(key, lang), p(15)
            while size > 11 and max(font(size).size(word)[0] for word in words.split()) > w - p(12):
                size -= 1  # a long word ("Legkevesebb") a little smaller, never cut
            lines, size = wrap_fit(words, size, w - p(12), 2)
            y = tile.y + p(48) + (p(9) if len(lines) == 1 else 0)
            for line in lines:
                img = font(size).render(line, True, theme.PANEL_DIM)
                surf.blit(img, img.get_rect(midtop=(tile.centerx, y)))
                y += font(size).get_linesize()

    def draw_chart(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        buttons_left = self.pw - p(28) if self.stacked else min(b.box.x for b in self.measure_buttons.values())
        heading = fit_text(translate("ui.stats.recent", lang, count=RECENT), p(19), theme.PANEL_TEXT,
                           buttons_left - p(28) - p(12), bold=True)
        surf.blit(heading, heading.get_rect(midleft=(p(28), self.chart_top + p(20))))
        legend_y = self.ph - self.foot_h - p(24)
        area = pygame.Rect(p(28), self.chart_body_top, self.pw - p(56), legend_y - p(10) - self.chart_body_top)
        pygame.draw.rect(surf, (241, 238, 229), area, border_radius=p(10))
        recent = self.stats.recent
        if not recent:
            lines, size = wrap_fit(translate("ui.stats.no_games", lang), p(18), area.w - p(40),
                                  max(2, (area.h - p(16)) // p(24)))
            for i, line in enumerate(lines):
                img = font(size).render(line, True, theme.PANEL_DIM)
                surf.blit(img, img.get_rect(center=(area.centerx, area.centery + (i - (len(lines) - 1) / 2) * p(24))))
        else:
            values = [r.seconds if self.measure == "time" else r.score for r in recent]
            top = max(values) or 1
            inner = area.inflate(-p(24), -p(28))
            inner.y += p(6)
            slot = inner.w / RECENT
            bar_w = max(2, round(slot * 0.7))
            base = inner.bottom
            pygame.draw.line(surf, theme.PANEL_LINE, (inner.x, base), (inner.right, base), 1)
            for i, (r, v) in enumerate(zip(recent, values)):
                h = max(p(3), round((inner.h - p(4)) * v / top))
                x = round(inner.x + i * slot + (slot - bar_w) / 2)
                pygame.draw.rect(surf, theme.BUTTON if r.won else LOST, (x, base - h, bar_w, h),
                                 border_top_left_radius=p(3), border_top_right_radius=p(3))
            # the tallest bar's value, so the heights mean something
            label = clock(top) if self.measure == "time" else str(top)
            img = font(p(13)).render(label, True, theme.PANEL_DIM)
            surf.blit(img, img.get_rect(topright=(area.right - p(8), area.y + p(4))))
        # legend
        x = p(28)
        for key, color in (("ui.stats.legend_won", theme.BUTTON), ("ui.stats.legend_lost", LOST)):
            pygame.draw.rect(surf, color, (x, legend_y + p(3), p(14), p(14)), border_radius=p(3))
            img = fit_text(translate(key, lang), p(15), theme.PANEL_DIM, (self.pw - p(56)) // 2 - p(30))
            surf.blit(img, (x + p(20), legend_y))
            x += p(20) + img.get_width() + p(24)
