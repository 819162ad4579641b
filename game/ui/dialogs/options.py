"""The options, as tiles: a row of pictures to choose the card back and
the felt from, a switch for each on/off setting, the sound (off, or one of
five volumes) and the language.

The tiles stand in one column on a narrow window (an upright phone: the
body scrolls between the title and the buttons) and in two side by side
where the window is wide enough, each row of two as tall as its taller
tile; every tile is as tall as its texts need in any language, so none
moves when the language changes. A choice applies at once (the table is
drawn again behind the dialog) and is kept with the other settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable

import pygame

from ...i18n import LANGUAGES, translate
from ..drawing import theme
from ..drawing.backs import BACKS
from ..drawing.cardart import card_art
from ..drawing.felt import FELTS, felt_swatch
from ..drawing.fonts import fit_text, font
from ..drawing.layout import TOUCH, Box
from .panel import PanelScene, dialog_scale, panel_width
from .widgets import Button, Step, Swatch, Toggle, Widget, one_size, toggle_height

if TYPE_CHECKING:
    from .hosts import DialogHost


@dataclass(frozen=True)
class Tile:
    """One tile of the options: a ``kind`` of control for the setting ``name``.

    ``switch``: a Toggle (``label``, its explanation ``help_key``);
    ``backs`` / ``felts``: a row of pictures, one for each of ``choices``;
    ``sound``: a row of steps, Off and the volumes of ``choices``;
    ``language``: a button for each language."""

    kind: str
    name: str
    label: str
    help_key: str = ""
    choices: tuple[object, ...] = ()


def back_picture(name: str, w: int, h: int) -> pygame.Surface:
    """A card back in the box ``w`` x ``h``: a card as tall as the box allows."""
    ch = min(h, round(w * 7 / 5))
    cw = max(8, round(ch * 5 / 7))
    return card_art(cw, max(11, ch), back=name).back()


def felt_picture(name: str, w: int, h: int) -> pygame.Surface:
    return felt_swatch(name, w, h, max(4, min(w, h) // 8))


SWITCHES = (
    ("interactive_rules", "ui.options.interactive", "ui.options.interactive_help"),
    ("double_tap", "ui.options.double_tap", "ui.options.double_tap_help"),
    ("four_color", "ui.options.four_color", "ui.options.four_color_help"),
    ("large_cards", "ui.options.large_cards", "ui.options.large_cards_help"),
    ("left_handed", "ui.options.left_handed", "ui.options.left_handed_help"),
    ("drop_highlights", "ui.options.drop_highlights", "ui.options.drop_highlights_help"),
    ("hide_clock", "ui.options.hide_clock", "ui.options.hide_clock_help"),
    ("reduce_motion", "ui.options.reduce_motion", "ui.options.reduce_motion_help"),
    ("show_winnable", "ui.options.show_winnable", "ui.options.show_winnable_help"),
    ("finish_for_me", "ui.options.finish", "ui.options.finish_help"),
)
OFF = "off"  # the sound's first step: the Sound setting off (the volume kept for when it is on again)
VOLUMES = (20, 40, 60, 80, 100)  # the volumes offered (%); the setting keeps any from 0 to 100

# Top to bottom (two columns: left to right, then down): the table's looks first, the sound and
# the language last, side by side
TILES = (
    Tile("backs", "card_back", "ui.options.card_back", choices=tuple(BACKS)),
    Tile("felts", "felt", "ui.options.felt", choices=tuple(FELTS)),
    *(Tile("switch", name, label, help_key) for name, label, help_key in SWITCHES),
    Tile("sound", "volume", "ui.options.sound", choices=(OFF, *VOLUMES)),
    Tile("language", "lang", "ui.options.language", choices=tuple(LANGUAGES)),
)
PICTURES: dict[str, Callable[[str, int, int], pygame.Surface]] = {"backs": back_picture, "felts": felt_picture}
CHOICE_NAMES = {"backs": "ui.options.back.", "felts": "ui.options.felt."}  # + the choice: its name's message id


class OptionsDialog(PanelScene["DialogHost"]):
    title_key = "ui.options.title"

    TOGGLES = SWITCHES  # (setting, label, explanation): one switch each, in the order shown
    WIDTH = 720  # one column of tiles (logical px)
    WIDE = 960  # two columns, where the window has room for them
    TOP = 70  # the title's band (logical px)
    FOOT_H = 16 + 24 + 50 + 10  # the buttons' band at the foot, a gap above it (logical px)

    def __init__(self, app: DialogHost) -> None:
        self.tiles: list[tuple[Tile, Box]] = []
        self.tiles_h = 0
        self.choices: dict[str, list[tuple[object, Button]]] = {}  # a row of pictures or steps, by setting
        self.lang_buttons: dict[str, Button] = {}
        super().__init__(app, self.WIDTH, 0)

    # ---- the plan ------------------------------------------------------------------------

    def columns(self) -> int:
        return 2 if (self.app.width - 16) / dialog_scale(self.app) >= self.WIDE else 1

    def sized(self) -> tuple[float, float]:
        # each tile as tall as its texts need in any language (never under a finger's TOUCH
        # px); a panel taller than the window scrolls its tiles, the title and the buttons stay
        width = self.WIDE if self.columns() == 2 else self.WIDTH
        s = dialog_scale(self.app)
        self.tiles, self.tiles_h = self.plan(panel_width(self.app, width), s)
        return width, (round(self.TOP * s) + self.tiles_h) / s + self.FOOT_H

    def plan(self, pw: int, s: float) -> tuple[list[tuple[Tile, Box]], int]:
        """Each tile's box (panel px) in a panel ``pw`` px wide, and the
        height the tiles take."""
        cols = self.columns()
        x0, hgap, gap = round(18 * s), round(10 * s), max(2, round(3 * s))
        col_w = (pw - 2 * x0 - hgap * (cols - 1)) // cols
        placed: list[tuple[Tile, Box]] = []
        y = top = round(self.TOP * s)
        for first in range(0, len(TILES), cols):
            row = TILES[first:first + cols]
            h = max(self.tile_height(tile, col_w, s) for tile in row)
            for i, tile in enumerate(row):
                placed.append((tile, Box(x0 + i * (col_w + hgap), y, col_w, h)))
            y += h + gap
        return placed, y - top

    @staticmethod
    def tile_height(tile: Tile, width: int, s: float) -> int:
        if tile.kind == "switch":
            return toggle_height(width, s, tile.label, tile.help_key, LANGUAGES)
        _, vpad, title_h = OptionsDialog.tile_parts(s)
        row = max(TOUCH, round((60 if tile.kind in PICTURES else 48) * s))
        return vpad + title_h + vpad + row + vpad

    @staticmethod
    def tile_parts(s: float) -> tuple[int, int, int]:
        """(side pad, top and bottom pad, the title's line) of a tile of choices, px."""
        size = max(15, round(17 * s))
        return max(8, round(12 * s)), max(5, round(7 * s)), font(size, True).get_linesize()

    # ---- the widgets -----------------------------------------------------------------------

    def build(self) -> None:
        p, settings = self.px, self.app.settings
        self.widgets = []
        self.choices = {}
        for tile, box in self.tiles:
            if tile.kind == "switch":
                toggle = Toggle(box, tile.label, tile.help_key, getattr(settings, tile.name),
                                partial(self.app.change_setting, tile.name))
                toggle.scale = self.s  # their type follows the panel's
                self.widgets.append(toggle)
            else:
                self.choices[tile.name] = row = self.choice_row(tile, box)
                self.widgets += [button for _, button in row]
        bw = min(220, (self.base_w - 56 - 16) / 2)
        foot_y = self.ph - p(24) - self.tap(50)
        self.close_button = Button(Box(self.pw - p(28 + min(152, bw)), foot_y, p(min(152, bw)), self.tap(50)), "ui.close",
                                   self.close, style="secondary")
        self.widgets.append(self.close_button)
        if self.app.play.records is not None:
            stats = Button(Box(p(28), foot_y, p(bw), self.tap(50)), "ui.stats", self.open_stats, style="secondary")
            one_size((self.close_button, stats))
            self.widgets.append(stats)
        self.foot_h = self.ph - foot_y + p(10)

    def choice_row(self, tile: Tile, box: Box) -> list[tuple[object, Button]]:
        """The pictures (or steps) of a tile, side by side under its title."""
        pad, vpad, title_h = self.tile_parts(self.s)
        y = box.y + vpad + title_h + vpad
        h = box.bottom - vpad - y
        n = len(tile.choices)
        gap = max(4, round(8 * self.s)) if n <= 4 else max(3, round(5 * self.s))  # six steps: a thumb's width each
        w = (box.w - 2 * pad - gap * (n - 1)) // n
        current = self.current(tile)
        row: list[tuple[object, Button]] = []
        for i, choice in enumerate(tile.choices):
            at = Box(box.x + pad + i * (w + gap), y, w, h)
            pick = partial(self.choose, tile.name, choice)
            button: Button
            if tile.kind in PICTURES:
                draw = partial(PICTURES[tile.kind], str(choice))
                button = Swatch(at, CHOICE_NAMES[tile.kind] + str(choice), tile.name, pick, choice == current, draw)
            elif tile.kind == "sound":
                label = "ui.off" if choice == OFF else "ui.options.percent"
                button = Step(at, label, tile.name, pick, choice == current, i, n - 1)
                button.params = {"percent": choice}
            else:
                button = Button(at, f"language.{choice}", partial(self.choose_language, str(choice)), style="choice",
                                selected=choice == current)
                button.group = tile.name
            row.append((choice, button))
        if tile.kind == "language":
            self.lang_buttons = {str(choice): button for choice, button in row}
            one_size(self.lang_buttons.values())
        return row

    def current(self, tile: Tile) -> object:
        """The tile's choice as the settings have it (the sound: Off, else
        the step nearest its volume)."""
        settings = self.app.settings
        if tile.kind == "sound":
            if not settings.sound:
                return OFF
            return min(VOLUMES, key=lambda v: abs(v - settings.volume))
        return getattr(settings, tile.name)

    def choose(self, name: str, value: object) -> None:
        """A picture or a step chosen: it applies at once (the sound's Off
        turns the Sound setting off; a volume turns it on)."""
        for choice, button in self.choices.get(name, []):
            button.selected = choice == value
        settings = self.app.settings
        if name == "volume":
            if (value == OFF) == settings.sound:
                self.app.change_setting("sound", value != OFF)
            if value != OFF and value != settings.volume:
                self.app.change_setting("volume", value)
        elif getattr(settings, name) != value:
            self.app.change_setting(name, value)
        if self in self.app.scenes:
            self.redraw()

    def actions(self) -> list[Widget]:
        """Close, and Statistics beside it."""
        return [w for w in self.widgets if isinstance(w, Button) and w.label in ("ui.close", "ui.stats")]

    def open_stats(self) -> None:
        """Statistics in place of the options (never a panel peeking out behind another)."""
        self.close()
        self.app.open_stats()

    def choose_language(self, lang: str) -> None:
        for code, button in self.lang_buttons.items():
            button.selected = code == lang
        if lang != self.app.settings.lang:
            self.app.change_setting("lang", lang)
        self.redraw()

    # ---- drawing ---------------------------------------------------------------------------

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        for tile, box in self.tiles:
            if tile.kind != "switch":
                self.draw_tile(surf, tile, box, lang)

    def draw_tile(self, surf: pygame.Surface, tile: Tile, box: Box, lang: str) -> None:
        """A tile of choices: its ground, its title, and the choice's name at the right."""
        s = self.s
        rect = pygame.Rect(box)
        radius = min(rect.height // 2, max(6, round(12 * s)))
        pygame.draw.rect(surf, (246, 243, 236), rect, border_radius=radius)
        pygame.draw.rect(surf, theme.PANEL_LINE, rect, width=1, border_radius=radius)
        pad, vpad, title_h = self.tile_parts(s)
        size = max(15, round(17 * s))
        value = self.app.settings.volume if tile.kind == "sound" else getattr(self.app.settings, tile.name)
        if tile.kind in CHOICE_NAMES:
            chosen = translate(CHOICE_NAMES[tile.kind] + str(value), lang)
        elif tile.kind == "sound":
            chosen = translate("ui.options.percent", lang, percent=value) if self.app.settings.sound else \
                translate("ui.off", lang)
        else:
            chosen = ""
        room = rect.width - 2 * pad
        name = fit_text(chosen, max(12, round(15 * s)), theme.PANEL_DIM, room // 2, min_size=12)
        title = fit_text(translate(tile.label, lang), size, theme.PANEL_TEXT, room - name.get_width() - pad,
                         bold=True, min_size=12)
        mid = rect.y + vpad + title_h // 2
        surf.blit(title, title.get_rect(midleft=(rect.x + pad, mid)))
        surf.blit(name, name.get_rect(midright=(rect.right - pad, mid)))

    def default_action(self) -> None:
        self.close()
