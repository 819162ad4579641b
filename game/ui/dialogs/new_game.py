"""New game: which game and variant, a deal code, today's deal, winnable only."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import registry
from ...engine.deals import parse_code
from ...engine.errors import DealCodeError
from ...i18n import translate
from ...solver.winnable import winnable_numbers
from ..drawing import theme
from ..drawing.fonts import fit_text, font, wrap_fit
from ..drawing.layout import Box
from .panel import PanelScene, dialog_scale
from .widgets import Button, TextField, Toggle

if TYPE_CHECKING:
    from .hosts import NewGameHost


CODE_HINT: tuple[str, dict] = ("ui.new_game.code_hint", {"example": "EH1-N-AAAAAAF"})  # the empty field's line


class NewGameDialog(PanelScene["NewGameHost"]):
    title_key = "ui.new_game.title"

    def __init__(self, app: NewGameHost) -> None:
        pos = app.session.game.position if app.session.game else None
        self.choice_game = pos.game if pos else app.settings.game
        self.choice_variant = pos.variant if pos else app.settings.variant
        self.code_state: tuple[str, dict] = CODE_HINT
        self.code_ok = self.code_error = False
        logical_w = app.width / dialog_scale(app)
        # a toggle tall enough for its explanation (the narrower, the more lines)
        self.dy = 22 if logical_w >= 600 else 72 if logical_w >= 440 else 100
        super().__init__(app, 660, 610 + self.dy)

    def build(self) -> None:
        p = self.px
        inner = self.base_w - 56
        lx = 170 if self.base_w >= 600 else 140  # where the choices start, after their labels
        games = registry.games()
        gw = (self.base_w - 28 - lx - 10 * (len(games) - 1)) / len(games)
        self.game_buttons = {
            spec.id: Button(Box(p(lx + i * (gw + 10)), p(80), p(gw), p(50)), spec.name_key,
                            partial(self.choose_game, spec.id), style="choice")
            for i, spec in enumerate(games)
        }
        # the variants of the games that have several (by their cell count)
        variants = {v: spec.rules[v].cell_count for spec in games if len(spec.variants) > 1 for v in spec.variants}
        cw = min(90, (self.base_w - 28 - lx - 10 * (len(variants) - 1)) / max(1, len(variants)))
        self.cell_buttons = {
            v: Button(Box(p(lx + i * (cw + 10)), p(146), p(cw), p(46)), "ui.new_game.cells_count",
                      partial(self.choose_variant, v), params={"count": cells}, style="choice")
            for i, (v, cells) in enumerate(variants.items())
        }
        y = p(218)
        dw = (inner - 28) / 3
        self.deal_buttons = [
            Button(Box(p(28 + i * (dw + 14)), y, p(dw), p(54)), key, action)
            for i, (key, action) in enumerate((("ui.new_deal", self.new_deal), ("ui.today", self.today),
                                               ("ui.same_deal", self.same_deal)))
        ]
        self.winnable_toggle = Toggle(Box(p(18), p(284), self.pw - p(36), p(60 + self.dy)), "ui.new_game.winnable_only",
                                      "ui.new_game.winnable_only_help", self.app.settings.winnable_only,
                                      lambda v: self.app.change_setting("winnable_only", v))
        play_w = min(200, inner * 0.36)
        self.field = TextField(Box(p(28), p(416 + self.dy), p(inner - play_w - 14), p(54)), self.code_changed, self.play_code)
        self.field.focused = True
        self.play_button = Button(Box(p(28 + inner - play_w), p(416 + self.dy), p(play_w), p(54)), "ui.new_game.play_code",
                                  self.play_code)
        self.close_button = Button(Box(self.pw - p(180), self.ph - p(74), p(152), p(50)), "ui.close", self.close, style="secondary")
        self.widgets = [*self.game_buttons.values(), *self.cell_buttons.values(), *self.deal_buttons,
                        self.winnable_toggle, self.field, self.play_button, self.close_button]
        self.refresh_choices()

    def refresh_choices(self) -> None:
        for g, b in self.game_buttons.items():
            b.selected = g == self.choice_game
        for v, b in self.cell_buttons.items():
            variants = registry.game(self.choice_game).variants
            b.enabled = len(variants) > 1 and v in variants
            b.selected = b.enabled and v == self.choice_variant
        self.play_button.enabled = self.code_ok
        # no shipped list for this game and variant: say that New deal picks any deal
        has_list = bool(winnable_numbers(self.choice_game, self.choice_variant))
        self.winnable_toggle.help_key = "ui.new_game.winnable_only_help" if has_list else "ui.new_game.winnable_none"

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
        for key, y in (("ui.new_game.game", 105), ("ui.new_game.cells", 169)):
            room = min(b.box.x for b in self.game_buttons.values()) - p(28) - p(10)
            img = fit_text(translate(key, lang), label_size, theme.PANEL_DIM, room, bold=True)
            surf.blit(img, img.get_rect(midleft=(p(28), p(y))))
        pygame.draw.line(surf, theme.PANEL_LINE, (p(28), p(368 + self.dy)), (self.pw - p(28), p(368 + self.dy)))
        img = fit_text(translate("ui.new_game.code", lang), label_size, theme.PANEL_DIM, p(300), bold=True)
        surf.blit(img, (p(28), p(384 + self.dy)))
        key, params = self.code_state
        color = theme.OK if self.code_ok else theme.ERROR if self.code_error else theme.PANEL_DIM
        message = translate(key, lang, **params)
        lines, size = wrap_fit(message, p(16), self.pw - p(56), 2)
        for i, line in enumerate(lines):
            surf.blit(font(size).render(line, True, color), (p(28), p(482 + self.dy) + i * p(22)))

    def code_changed(self, text: str) -> None:
        self.code_ok = self.code_error = False
        if not text.strip():
            self.code_state = CODE_HINT
        else:
            try:
                code = parse_code(text)
            except DealCodeError as exc:
                # the engine names what is wrong by a catalogue key
                self.code_error = True
                self.code_state = (exc.key or "code.shape", dict(exc.params))
            else:
                self.code_ok = True
                lang = self.app.settings.lang
                self.code_state = ("ui.new_game.code_ok", {"game": translate(f"game.{code.game}", lang), "number": code.number})
        self.refresh_choices()

    def play_code(self) -> None:
        if self.code_ok:
            self.app.request_new_game(str(parse_code(self.field.text)))

    def new_deal(self) -> None:
        self.app.request_new_game(self.app.play.random_code(self.choice_game, self.choice_variant))

    def today(self) -> None:
        self.app.request_new_game(self.app.play.today_code(self.choice_game, self.choice_variant))

    def same_deal(self) -> None:
        self.app.request_new_game(None)

    def default_action(self) -> None:
        self.play_code()
