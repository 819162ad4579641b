"""The win: confetti, the score, moves and time, New deal / Same deal."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from ...i18n import translate
from ..drawing import theme
from ..drawing.fonts import fit_text
from ..drawing.layout import Box
from .panel import SCRIM_LAYER, PanelScene
from ..voice.words import clock
from .widgets import Button

if TYPE_CHECKING:
    from .hosts import WinHost


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


class WinScene(PanelScene["WinHost"]):
    """The win: confetti for a moment, the score, moves and time, and New deal
    / Same deal at hand. The top bar stays uncovered and usable (Undo works
    after a win); Esc puts the panel away to look at the table."""

    title_key = "ui.win.title"

    def __init__(self, app: WinHost) -> None:
        self.scrim_top = app.table.laid_out.bar.h
        super().__init__(app, 560, 300)
        rng = random.Random(app.table.game.position.moves)
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
        pos = self.app.table.game.position
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
        pos = self.app.table.game.position
        self.app.start_code(self.app.play.random_code(pos.game, pos.variant))

    def same_deal(self) -> None:
        self.app.restart()

    def default_action(self) -> None:
        self.new_deal()

    def handle_event(self, event: pygame.event.Event) -> bool:
        bars = (self.app.table.laid_out.bar, self.app.table.laid_out.button_bar)
        if hasattr(event, "pos") and any(b.contains(*event.pos) for b in bars) and not self.box.contains(*event.pos):
            return False  # the bar and its buttons stay usable
        if event.type == pygame.KEYDOWN and event.key not in WIN_PANEL_KEYS:
            return False  # undo, new game and rules keys still work
        return super().handle_event(event)
