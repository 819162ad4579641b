"""The dialogs: New game (with its confirmation), Options, Rules and the win."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Callable

import pygame

from ..engine import registry
from ..engine.deals import parse_code
from ..engine.errors import DealCodeError
from ..i18n import LANGUAGES, translate
from ..solver.winnable import winnable_numbers
from . import theme
from .fonts import fit_text, font, wrap, wrap_fit
from .layout import Box
from .panel import SCRIM_LAYER, PanelScene, dialog_scale
from .sprites import clock
from .widgets import Button, TextField, Toggle

if TYPE_CHECKING:
    from .scene import Host


CODE_HINT: tuple[str, dict] = ("ui.new_game.code_hint", {"example": "EH1-N-AAAAAAF"})  # the empty field's line


class NewGameDialog(PanelScene):
    title_key = "ui.new_game.title"

    def __init__(self, app: "Host") -> None:
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
                            lambda g=spec.id: self.choose_game(g), style="choice")
            for i, spec in enumerate(games)
        }
        # the variants of the games that have several (by their cell count)
        variants = {v: spec.rules[v].cell_count for spec in games if len(spec.variants) > 1 for v in spec.variants}
        cw = min(90, (self.base_w - 28 - lx - 10 * (len(variants) - 1)) / max(1, len(variants)))
        self.cell_buttons = {
            v: Button(Box(p(lx + i * (cw + 10)), p(146), p(cw), p(46)), "ui.new_game.cells_count",
                      lambda v=v: self.choose_variant(v), params={"count": cells}, style="choice")
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
        self.app.request_new_game(self.app.random_code(self.choice_game, self.choice_variant))

    def today(self) -> None:
        self.app.request_new_game(self.app.today_code(self.choice_game, self.choice_variant))

    def same_deal(self) -> None:
        self.app.request_new_game(None)

    def default_action(self) -> None:
        self.play_code()


class ConfirmDialog(PanelScene):
    title_key = "ui.confirm.title"

    def __init__(self, app: "Host", on_yes: Callable[[], None], *, title: str = "ui.confirm.title",
                 body: str = "ui.confirm.body", yes: str = "ui.confirm.yes", no: str = "ui.confirm.no",
                 params: dict | None = None, destructive: bool = False) -> None:
        self.on_yes = on_yes
        self.yes_style = "danger" if destructive else "primary"  # a destructive answer looks it
        self.title_key, self.body_key, self.yes_key, self.no_key = title, body, yes, no
        self.params = params or {}
        super().__init__(app, 560, 250)

    def build(self) -> None:
        p = self.px
        w = min(240, (self.base_w - 56 - 16) / 2)
        self.widgets = [
            Button(Box(p(28), self.ph - p(78), p(w), p(54)), self.yes_key, self.yes, style=self.yes_style),
            Button(Box(self.pw - p(28 + w), self.ph - p(78), p(w), p(54)), self.no_key, self.close, style="secondary"),
        ]

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def default_action(self) -> None:
        self.yes()

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        lines, size = wrap_fit(translate(self.body_key, lang, **self.params), self.px(19), self.pw - self.px(56), 3)
        for i, line in enumerate(lines):
            surf.blit(font(size).render(line, True, theme.PANEL_DIM), (self.px(28), self.px(78) + i * self.px(26)))


class OptionsDialog(PanelScene):
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
    )

    def __init__(self, app: "Host") -> None:
        # a narrow window: room for each toggle's two lines, the panel scrolls
        super().__init__(app, 720, 700 if app.width / dialog_scale(app) >= 600 else 1140)

    def build(self) -> None:
        p, settings = self.px, self.app.settings
        # the toggles share the room above the language row (its label included)
        step = min(64 if self.base_w >= 600 else 110, (self.ph / self.s - 74 - 148 - 34) / len(self.TOGGLES))
        self.widgets = [
            Toggle(Box(p(18), p(74 + i * step), self.pw - p(36), p(step - 2)), label, help_key, getattr(settings, name),
                   lambda v, name=name: self.app.change_setting(name, v))
            for i, (name, label, help_key) in enumerate(self.TOGGLES)
        ]
        bw = min(220, (self.base_w - 56 - 16) / 2)
        self.widgets += [
            Button(Box(self.pw - p(28 + min(152, bw)), self.ph - p(74), p(min(152, bw)), p(50)), "ui.close", self.close,
                   style="secondary"),
        ]
        self.widgets += self.language_row()
        if self.app.persistence is not None:
            self.widgets.append(Button(Box(p(28), self.ph - p(74), p(bw), p(50)), "ui.stats", self.app.open_stats,
                                       style="secondary"))

    # The language row sits just above the bottom buttons, whatever is added above it.
    def language_row(self) -> list[Button]:
        p = self.px
        y = self.ph - p(74) - p(74)
        w = (self.pw - p(56) - 2 * p(10)) // 3
        self.lang_buttons = {
            lang: Button(Box(p(28) + i * (w + p(10)), y, w, p(50)), f"language.{lang}",
                         lambda lang=lang: self.choose_language(lang), style="choice", selected=lang == self.app.settings.lang)
            for i, lang in enumerate(LANGUAGES)
        }
        return list(self.lang_buttons.values())

    def choose_language(self, lang: str) -> None:
        for code, button in self.lang_buttons.items():
            button.selected = code == lang
        if lang != self.app.settings.lang:
            self.app.set_language(lang)
        self.redraw()

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        y = self.ph - p(74) - p(74)
        label = fit_text(translate("ui.options.language", lang), p(19), theme.PANEL_DIM, self.pw - p(56), bold=True)
        surf.blit(label, label.get_rect(bottomleft=(p(28), y - p(6))))

    def default_action(self) -> None:
        self.close()


class NoticeDialog(PanelScene):
    """Something the player should know once: a damaged save set aside, a
    failed write. Shows each notice's catalogue text."""

    title_key = "ui.notice.title"
    WIDTH = 620

    def __init__(self, app: "Host", notices: list[str]) -> None:
        self.notices = list(dict.fromkeys(notices))  # each once, in order
        self.width = min(self.WIDTH, (app.width - 16) / dialog_scale(app))  # the width the panel will get
        super().__init__(app, self.WIDTH, self.base_height(app.settings.lang))

    def base_height(self, lang: str) -> int:
        lines = sum(len(wrap(translate(n, lang), 19, self.width - 56, note=False)) for n in self.notices)
        return 170 + lines * 26 + (len(self.notices) - 1) * 12

    def build(self) -> None:
        p = self.px
        self.widgets = [Button(Box(self.pw - p(180), self.ph - p(74), p(152), p(50)), "ui.ok", self.close)]

    def add(self, notices: list[str]) -> None:
        for notice in notices:
            if notice not in self.notices:
                self.notices.append(notice)
        self.redraw()

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        p = self.px
        y, bottom = p(80), self.ph - p(86)
        for notice in self.notices:
            room = max(1, (bottom - y) // p(26))
            lines, size = wrap_fit(translate(notice, lang), p(19), self.pw - p(56), room)
            for line in lines:
                surf.blit(font(size).render(line, True, theme.PANEL_TEXT), (p(28), y))
                y += p(26)
            y += p(12)

    def default_action(self) -> None:
        self.close()


class Confetti(pygame.sprite.DirtySprite):
    def __init__(self, rng: random.Random, width: int, height: int, start: int, scale: float, top: int = 0) -> None:
        super().__init__()
        self.top = top  # never over the bar: the score, moves and time stay readable
        self._layer = SCRIM_LAYER + 1
        colors = [theme.ACCENT, (236, 90, 90), (90, 170, 236), (120, 210, 140), (250, 250, 250), (200, 120, 230)]
        w, h = max(4, round(rng.uniform(6, 11) * scale)), max(3, round(rng.uniform(3, 6) * scale))
        base = pygame.Surface((w, h), pygame.SRCALPHA)
        base.fill(rng.choice(colors))
        self.frames = [pygame.transform.rotate(base, a) for a in range(0, 180, 30)]
        self.x, self.y = rng.uniform(0, width), -rng.uniform(10, height * 0.5)
        self.vx, self.vy = rng.uniform(-0.08, 0.08) * scale, rng.uniform(0.25, 0.5) * scale
        self.start, self.spin, self.height = start, rng.uniform(0.005, 0.02), height
        self.image = self.frames[0]
        self.rect = self.image.get_rect(center=(round(self.x), round(self.y)))

    def step(self, now: int) -> bool:
        t = now - self.start
        if t > 3200 or self.y > self.height + 20:
            self.kill()
            return False
        y = self.y + self.vy * t
        x = self.x + self.vx * t + math.sin(t * 0.004 + self.x) * 12
        self.image = self.frames[int(t * self.spin) % len(self.frames)]
        self.rect = self.image.get_rect(center=(round(x), round(y)))
        self.visible = int(self.rect.top > self.top)
        self.dirty = 1
        return True


# The keys the win panel answers itself (its buttons by keyboard); every
# other key goes on to the table, so Undo and New game keep working.
WIN_PANEL_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
                  pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)


class WinScene(PanelScene):
    """The win: confetti for a moment, the score, moves and time, and New deal
    / Same deal at hand. The top bar stays uncovered and usable (Undo works
    after a win); Esc puts the panel away to look at the table."""

    title_key = "ui.win.title"

    def __init__(self, app: "Host") -> None:
        self.scrim_top = app.table.layout.bar.h
        super().__init__(app, 560, 300)
        rng = random.Random(app.session.game.position.moves)
        now = app.now()
        self.confetti = [Confetti(rng, app.width, app.height, now, app.scale, self.scrim_top) for _ in range(90)]
        self.panel._layer = SCRIM_LAYER + 2
        self.sprites += self.confetti

    def build(self) -> None:
        p = self.px
        w = min(240, (self.base_w - 56 - 16) / 2)
        self.widgets = [
            Button(Box(p(28), self.ph - p(80), p(w), p(56)), "ui.new_deal", self.new_deal),
            Button(Box(self.pw - p(28 + w), self.ph - p(80), p(w), p(56)), "ui.same_deal", self.same_deal, style="secondary"),
        ]

    def draw_content(self, surf: pygame.Surface, lang: str) -> None:
        session = self.app.session
        pos = session.game.position
        seconds = session.elapsed_ms // 1000
        values = [("ui.win.score", str(pos.score)), ("ui.win.moves", str(pos.moves)),
                  ("ui.win.time", clock(seconds))]
        col_w = (self.pw - self.px(56)) // 3
        self.placed = []  # (text, rect in the panel): what was drawn where (tests)
        room = col_w - self.px(12)
        for i, (key, value) in enumerate(values):
            cx = self.px(28) + col_w * i + col_w // 2
            # a billion moves or a hundred-hour time shrinks to its column, and is cut there
            # if even the smallest size is too wide: never over the next column
            big = fit_text(value, self.px(40), theme.BUTTON, room, bold=True, min_size=self.px(12))
            label = fit_text(translate(key, lang), self.px(17), theme.PANEL_DIM, room)
            for img, y, text in ((big, 96, value), (label, 150, key)):
                rect = pygame.Rect(0, 0, min(img.get_width(), room), img.get_height())
                rect.midtop = (cx, self.px(y))
                surf.blit(img, rect, area=pygame.Rect(0, 0, rect.width, rect.height))
                self.placed.append((text, rect))
        cx, cy, r = self.pw - self.px(52), self.px(46), self.px(20)
        star = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                 cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        pygame.draw.polygon(surf, theme.ACCENT, star)

    def update(self, now: int) -> None:
        self.confetti = [c for c in self.confetti if c.step(now)]

    def new_deal(self) -> None:
        pos = self.app.session.game.position
        self.app.start_code(self.app.random_code(pos.game, pos.variant))

    def same_deal(self) -> None:
        self.app.restart()

    def default_action(self) -> None:
        self.new_deal()

    def handle_event(self, event: pygame.event.Event) -> bool:
        bars = (self.app.table.layout.bar, self.app.table.layout.button_bar)
        if hasattr(event, "pos") and any(b.contains(*event.pos) for b in bars) and not self.box.contains(*event.pos):
            return False  # the bar and its buttons stay usable
        if event.type == pygame.KEYDOWN and event.key not in WIN_PANEL_KEYS:
            return False  # undo, new game and rules keys still work
        return super().handle_event(event)
