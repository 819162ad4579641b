"""The options: one toggle a setting, and the language."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...i18n import LANGUAGES, translate
from ..drawing import theme
from ..drawing.fonts import fit_text
from ..drawing.layout import Box
from .panel import PanelScene, dialog_scale
from .widgets import Button, Toggle

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
        # a narrow window: room for each toggle's two lines, the panel scrolls
        super().__init__(app, 720, 700 if app.width / dialog_scale(app) >= 600 else 1250)

    def build(self) -> None:
        p, settings = self.px, self.app.settings
        # the toggles share the room above the language row (its label included)
        step = min(64 if self.base_w >= 600 else 110, (self.ph / self.s - 74 - 148 - 34) / len(self.TOGGLES))
        toggles = [
            Toggle(Box(p(18), p(74 + i * step), self.pw - p(36), p(step - 2)), label, help_key, getattr(settings, name),
                   partial(self.app.change_setting, name))
            for i, (name, label, help_key) in enumerate(self.TOGGLES)
        ]
        for toggle in toggles:
            toggle.scale = self.s  # their type follows the panel's
        self.widgets = [*toggles]
        bw = min(220, (self.base_w - 56 - 16) / 2)
        self.widgets += [
            Button(Box(self.pw - p(28 + min(152, bw)), self.ph - p(74), p(min(152, bw)), p(50)), "ui.close", self.close,
                   style="secondary"),
        ]
        self.widgets += self.language_row()
        if self.app.play.records is not None:
            self.widgets.append(Button(Box(p(28), self.ph - p(74), p(bw), p(50)), "ui.stats", self.open_stats,
                                       style="secondary"))

    def open_stats(self) -> None:
        """Statistics in place of the options (never a panel peeking out behind another)."""
        self.close()
        self.app.open_stats()

    # The language row sits just above the bottom buttons, whatever is added above it.
    def language_row(self) -> list[Button]:
        p = self.px
        y = self.ph - p(74) - p(74)
        w = (self.pw - p(56) - 2 * p(10)) // 3
        self.lang_buttons = {
            lang: Button(Box(p(28) + i * (w + p(10)), y, w, p(50)), f"language.{lang}",
                         partial(self.choose_language, lang), style="choice", selected=lang == self.app.settings.lang)
            for i, lang in enumerate(LANGUAGES)
        }
        return list(self.lang_buttons.values())

    def choose_language(self, lang: str) -> None:
        for code, button in self.lang_buttons.items():
            button.selected = code == lang
        if lang != self.app.settings.lang:
            self.app.change_setting("lang", lang)
        self.redraw()

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        y = self.ph - p(74) - p(74)
        label = fit_text(translate("ui.options.language", lang), p(19), theme.PANEL_DIM, self.pw - p(56), bold=True)
        surf.blit(label, label.get_rect(bottomleft=(p(28), y - p(6))))

    def default_action(self) -> None:
        self.close()
