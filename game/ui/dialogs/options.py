"""The options: one toggle a setting, and the language."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...i18n import LANGUAGES, translate
from ..drawing import theme
from ..drawing.fonts import fit_text
from ..drawing.layout import Box
from .panel import PanelScene, dialog_scale, panel_width
from .widgets import Button, Toggle, Widget, one_size, toggle_height

if TYPE_CHECKING:
    from .hosts import DialogHost


class OptionsDialog(PanelScene["DialogHost"]):
    title_key = "ui.options.title"

    # (setting, label, explanation): one toggle each, top to bottom
    TOGGLES = (
        ("interactive_rules", "ui.options.interactive", "ui.options.interactive_help"),
        ("double_tap", "ui.options.double_tap", "ui.options.double_tap_help"),
        ("four_color", "ui.options.four_color", "ui.options.four_color_help"),
        ("large_cards", "ui.options.large_cards", "ui.options.large_cards_help"),
        ("left_handed", "ui.options.left_handed", "ui.options.left_handed_help"),
        ("drop_highlights", "ui.options.drop_highlights", "ui.options.drop_highlights_help"),
        ("sound", "ui.options.sound", "ui.options.sound_help"),
        ("show_winnable", "ui.options.show_winnable", "ui.options.show_winnable_help"),
        ("finish_for_me", "ui.options.finish", "ui.options.finish_help"),
    )

    def __init__(self, app: DialogHost) -> None:
        self.rows: list[int] = []
        super().__init__(app, self.WIDTH, 0)

    def sized(self) -> tuple[float, float]:
        # each toggle as tall as its name and explanation need in any language (never under a
        # finger's TOUCH px); a panel taller than the window scrolls its toggles, the title and
        # the buttons stay
        app = self.app
        s = dialog_scale(app)
        width = panel_width(app, self.WIDTH) - round(36 * s)
        self.rows = [toggle_height(width, s, label, help_key, LANGUAGES) for _, label, help_key in self.TOGGLES]
        gap = max(2, round(3 * s))
        self.toggles_h = sum(self.rows) + gap * len(self.rows)  # px
        return self.WIDTH, (round(self.TOP * s) + self.toggles_h) / s + self.LANGUAGE_H + self.FOOT_H

    WIDTH = 720
    TOP = 70  # the title's band (logical px)
    LANGUAGE_H = 30 + 50 + 16  # the language's label and row (logical px)
    FOOT_H = 24 + 50 + 10  # the buttons' band at the foot (logical px)

    def build(self) -> None:
        p, settings = self.px, self.app.settings
        y, gap = p(self.TOP), max(2, round(3 * self.s))
        self.widgets = []
        for (name, label, help_key), h in zip(self.TOGGLES, self.rows):
            toggle = Toggle(Box(p(18), y, self.pw - p(36), h), label, help_key, getattr(settings, name),
                            partial(self.app.change_setting, name))
            toggle.scale = self.s  # their type follows the panel's
            self.widgets.append(toggle)
            y += h + gap
        bw = min(220, (self.base_w - 56 - 16) / 2)
        foot_y = self.ph - p(24) - self.tap(50)
        self.close_button = Button(Box(self.pw - p(28 + min(152, bw)), foot_y, p(min(152, bw)), self.tap(50)), "ui.close",
                                   self.close, style="secondary")
        self.widgets.append(self.close_button)
        self.widgets += self.language_row()
        if self.app.play.records is not None:
            stats = Button(Box(p(28), foot_y, p(bw), self.tap(50)), "ui.stats", self.open_stats, style="secondary")
            one_size((self.close_button, stats))
            self.widgets.append(stats)
        self.foot_h = self.ph - foot_y + p(10)

    def actions(self) -> list[Widget]:
        """Close, and Statistics beside it."""
        return [w for w in self.widgets if isinstance(w, Button) and w.label in ("ui.close", "ui.stats")]

    def open_stats(self) -> None:
        """Statistics in place of the options (never a panel peeking out behind another)."""
        self.close()
        self.app.open_stats()

    # The language row sits just above the bottom buttons, whatever is added above it.
    def language_row(self) -> list[Button]:
        p = self.px
        y = self.language_y()
        w = (self.pw - p(56) - 2 * p(10)) // 3
        self.lang_buttons = {
            lang: Button(Box(p(28) + i * (w + p(10)), y, w, self.tap(50)), f"language.{lang}",
                         partial(self.choose_language, lang), style="choice", selected=lang == self.app.settings.lang)
            for i, lang in enumerate(LANGUAGES)
        }
        one_size(self.lang_buttons.values())
        return list(self.lang_buttons.values())

    def choose_language(self, lang: str) -> None:
        for code, button in self.lang_buttons.items():
            button.selected = code == lang
        if lang != self.app.settings.lang:
            self.app.change_setting("lang", lang)
        self.redraw()

    def language_y(self) -> int:
        """The top of the language row (panel px): below the toggles and the row's label."""
        return self.px(self.TOP) + self.toggles_h + self.px(30)

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        y = self.language_y()
        label = fit_text(translate("ui.options.language", lang), p(19), theme.PANEL_DIM, self.pw - p(56), bold=True)
        surf.blit(label, label.get_rect(bottomleft=(p(28), y - p(6))))

    def default_action(self) -> None:
        self.close()
