"""New game: which game and variant, a deal code, today's deal and the
daily deals' calendar, winnable only.

Below the variant it says how often that variant's random deals can be won,
from the solver's measurement (``game.play.new_game.chances``), and the "Winnable deals
only" switch follows, before New deal: Eight Off with 2 cells is lost far
more often than won, and the player reads it before dealing."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import DealCode, DealCodeError, registry
from ...i18n import LANGUAGES, translate, translate_count
from ...play import chances, has_winnable_list, read_deal
from ..drawing import theme
from ..drawing.fonts import fit_text, font, wrap_fit
from ..drawing.layout import Box
from .panel import PanelScene, dialog_scale, panel_width
from .widgets import Button, TextField, Toggle, Widget, one_size, toggle_height

if TYPE_CHECKING:
    from .hosts import DialogHost


CODE_HINT: tuple[str, dict[str, object]] = ("ui.new_game.code_hint", {"example": "EH1-N-AAAAAAF"})  # the empty field's line


class NewGameDialog(PanelScene["DialogHost"]):
    title_key = "ui.new_game.title"

    def __init__(self, app: DialogHost) -> None:
        pos = app.play.session.game.position if app.play.session.game else None
        self.choice_game = pos.game if pos else app.settings.game
        self.choice_variant = pos.variant if pos else app.settings.variant
        self.code_state: tuple[str, dict[str, object]] = CODE_HINT
        self.code: DealCode | None = None  # the deal the field names, read once
        self.code_error = False
        self.dy: float = 0
        self.oy = self.odds_lines = 0
        super().__init__(app, self.WIDTH, 0)

    WIDTH = 660

    def sized(self) -> tuple[float, float]:
        app = self.app
        s = dialog_scale(app)
        logical_w = app.width / s
        # the switch tall enough for its explanation (either of them) in any language
        width = panel_width(app, self.WIDTH) - round(36 * s)
        need = max(toggle_height(width, s, "ui.new_game.winnable_only", key, LANGUAGES)
                   for key in ("ui.new_game.winnable_only_help", "ui.new_game.winnable_none"))
        self.dy = need / s - 60
        # the odds' lines, below the variant: two where wide, up to four where narrow
        self.odds_lines = 2 if logical_w >= 600 else 3 if logical_w >= 440 else 4
        self.oy = 12 + self.odds_lines * 22  # how far the odds push the rest down
        # the four deal buttons in a row where each gets 120 px, else in two rows
        self.foot_rows = 1 if (min(self.WIDTH, (app.width - 16) / s) - 56 - 3 * 14) / 4 >= 120 else 2
        return self.WIDTH, self.BODY_H + self.dy + self.oy + self.FOOT_H + (self.foot_rows - 1) * self.ROW_H

    BODY_H = 470  # the title and the body, without the odds' lines and the switch's explanation (logical px)
    FOOT_H = 94  # the deal buttons' band at the foot (logical px)
    ROW_H = 68  # a second row of them

    def build(self) -> None:
        p, tap = self.px, self.tap
        inner = self.base_w - 56
        lx = 170 if self.base_w >= 600 else 140  # where the choices start, after their labels
        # Close beside the title: the head stays in view when the body scrolls (a short window)
        cw = min(152, (self.base_w - 56) * 0.4)
        self.close_button = Button(Box(self.pw - p(28 + cw), p(16), p(cw), tap(46)), "ui.close", self.close,
                                   style="secondary")
        self.head_h = max(self.head_h, self.close_button.box.bottom + p(8))
        games = registry.games()
        gw = (self.base_w - 28 - lx - 10 * (len(games) - 1)) / len(games)
        self.game_buttons = {
            spec.id: Button(Box(p(lx + i * (gw + 10)), p(80), p(gw), tap(50)), spec.name_key,
                            partial(self.choose_game, spec.id), style="choice")
            for i, spec in enumerate(games)
        }
        # the variants of the games that have several (by their cell count)
        variants = {v: spec.rules[v].cell_count for spec in games if len(spec.variants) > 1 for v in spec.variants}
        cw = min(90, (self.base_w - 28 - lx - 10 * (len(variants) - 1)) / max(1, len(variants)))
        self.cell_buttons = {
            v: Button(Box(p(lx + i * (cw + 10)), p(146), p(cw), tap(46)), "ui.new_game.cells_count",
                      partial(self.choose_variant, v), params={"count": cells}, style="choice")
            for i, (v, cells) in enumerate(variants.items())
        }
        self.winnable_toggle = Toggle(Box(p(18), p(212 + self.oy), self.pw - p(36), round((60 + self.dy) * self.s)), "ui.new_game.winnable_only",
                                      "ui.new_game.winnable_only_help", self.app.settings.winnable_only,
                                      lambda v: self.app.change_setting("winnable_only", v))
        self.winnable_toggle.scale = self.s
        play_w = min(200, inner * 0.36)
        self.field = TextField(Box(p(28), p(338 + self.low), p(inner - play_w - 14), tap(54)), self.code_changed, self.play_code)
        self.field.focused = True
        self.play_button = Button(Box(p(28 + inner - play_w), p(338 + self.low), p(play_w), tap(54)), "ui.new_game.play_code",
                                  self.play_code)
        # New deal, Today, the daily deals' calendar and Same deal at the foot, after the switch that
        # decides what New deal deals: in a row, or two rows (Today and the calendar side by side)
        per_row = 4 if self.foot_rows == 1 else 2
        dw = (inner - 14 * (per_row - 1)) / per_row
        deals = (("ui.new_deal", self.new_deal), ("ui.today", self.today), ("ui.daily_deals", self.calendar),
                 ("ui.same_deal", self.same_deal))
        order = (0, 1, 2, 3) if per_row == 4 else (0, 2, 3, 1)  # two rows: New deal, Same deal / Today, calendar
        y = self.ph - p(24) - tap(54) - (self.foot_rows - 1) * (tap(54) + p(14))
        self.deal_buttons: list[Button] = []
        for key, action in deals:
            row, col = divmod(order[len(self.deal_buttons)], per_row)
            box = Box(p(28 + col * (dw + 14)), y + row * (tap(54) + p(14)), p(dw), tap(54))
            self.deal_buttons.append(Button(box, key, action))
        self.foot_h = self.ph - y + p(16)
        for buttons in (self.game_buttons.values(), self.cell_buttons.values(), self.deal_buttons):
            one_size(buttons)
        self.widgets = [*self.game_buttons.values(), *self.cell_buttons.values(), self.winnable_toggle,
                        self.field, self.play_button, *self.deal_buttons, self.close_button]
        self.refresh_choices()

    def title_right(self) -> int:
        return self.close_button.box.x - self.px(12)

    def actions(self) -> list[Widget]:
        """The deals (today's and the calendar's among them) and Close (the
        deal code's field and Play are a scroll away at most)."""
        return [*self.deal_buttons, self.close_button]

    def refresh_choices(self) -> None:
        for g, b in self.game_buttons.items():
            b.selected = g == self.choice_game
        for v, b in self.cell_buttons.items():
            variants = registry.game(self.choice_game).variants
            b.enabled = len(variants) > 1 and v in variants
            b.selected = b.enabled and v == self.choice_variant
        self.play_button.enabled = self.code_ok
        # no shipped list for this game and variant: say that New deal picks any deal
        has_list = has_winnable_list(self.choice_game, self.choice_variant)
        self.winnable_toggle.help_key = "ui.new_game.winnable_only_help" if has_list else "ui.new_game.winnable_none"

    @property
    def low(self) -> float:
        """How far the deal code's part is below where it was without the odds."""
        return self.dy + self.oy

    def odds_text(self, lang: str) -> str | None:
        """How often the chosen variant's random deals can be won (None:
        no measurement ships for it)."""
        said = chances(self.choice_game, self.choice_variant)
        if said is None:
            return None
        key = f"ui.new_game.odds.{said.kind}" + ("_at_least" if said.at_least else "")
        group = translate("ui.digit_group", lang)
        figures = dict(value=grouped(said.value, group), won=grouped(said.winnable, group),
                       tried=grouped(said.tried, group), unknown=grouped(said.unknown, group))
        if said.at_least:  # "and 1 is undecided", "and 12 are undecided"
            return translate_count(key, said.unknown, lang, **figures)
        return translate(key, lang, **figures)

    def choose_game(self, game: str) -> None:
        self.choice_game = game
        variants = registry.game(game).variants
        if self.choice_variant not in variants:
            self.choice_variant = variants[0]
        self.refresh_choices()

    def choose_variant(self, variant: str) -> None:
        self.choice_variant = variant
        self.refresh_choices()

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        label_size = p(19)
        rows = (("ui.new_game.game", self.game_buttons), ("ui.new_game.cells", self.cell_buttons))
        for key, buttons in rows:
            room = min(b.box.x for b in self.game_buttons.values()) - p(28) - p(10)
            img = fit_text(translate(key, lang), label_size, theme.PANEL_DIM, room, bold=True)
            surf.blit(img, img.get_rect(midleft=(p(28), next(iter(buttons.values())).box.center[1])))
        odds = self.odds_text(lang)
        if odds:
            lines, size = wrap_fit(odds, p(17), self.pw - p(56), self.odds_lines)
            for i, line in enumerate(lines):
                surf.blit(font(size).render(line, True, theme.PANEL_TEXT), (p(28), p(208) + i * p(22)))
        pygame.draw.line(surf, theme.PANEL_LINE, (p(28), p(290 + self.low)), (self.pw - p(28), p(290 + self.low)))
        img = fit_text(translate("ui.new_game.code", lang), label_size, theme.PANEL_DIM, p(300), bold=True)
        surf.blit(img, (p(28), p(306 + self.low)))
        key, params = self.code_state
        color = theme.OK if self.code_ok else theme.ERROR if self.code_error else theme.PANEL_DIM
        message = translate(key, lang, **params)
        lines, size = wrap_fit(message, p(16), self.pw - p(56), 2)
        for i, line in enumerate(lines):
            surf.blit(font(size).render(line, True, color), (p(28), self.field.box.bottom + p(10) + i * p(22)))

    @property
    def code_ok(self) -> bool:
        return self.code is not None

    def code_changed(self, text: str) -> None:
        self.code, self.code_error = None, False
        if not text.strip():
            self.code_state = CODE_HINT
        else:
            try:
                code = read_deal(text)
            except DealCodeError as exc:
                # the engine names what is wrong by a catalogue key
                self.code_error = True
                self.code_state = (exc.key or "code.shape", dict(exc.params))
            else:
                self.code = code
                lang = self.app.settings.lang
                self.code_state = ("ui.new_game.code_ok", {"game": translate(f"game.{code.game}", lang), "number": code.number})
        self.refresh_choices()

    def play_code(self) -> None:
        if self.code is not None:
            self.app.request_new_game(self.code)

    def new_deal(self) -> None:
        self.app.request_new_game(self.app.play.random_deal(self.choice_game, self.choice_variant))

    def today(self) -> None:
        self.app.request_new_game(self.app.play.today_deal(self.choice_game, self.choice_variant))

    def same_deal(self) -> None:
        self.app.request_new_game(None)

    def calendar(self) -> None:
        """The daily deals' calendar of the chosen variant, in this dialog's place."""
        game, variant = self.choice_game, self.choice_variant
        self.close()
        self.app.open_calendar(game, variant)

    def default_action(self) -> None:
        self.play_code()


def grouped(number: int, separator: str) -> str:
    """``22296`` as ``22,296`` (the language's separator); four digits stay whole."""
    digits = str(number)
    if len(digits) <= 4:
        return digits
    head = len(digits) % 3 or 3
    return separator.join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])
