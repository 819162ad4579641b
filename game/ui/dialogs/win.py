"""The win: confetti, the score, moves and time beside the player's best
of each and the streak, New deal / Same deal, and the statistics."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...i18n import translate
from ...play import game_seconds
from ..drawing import theme
from ..drawing.fonts import fit_text
from ..drawing.layout import Box
from .panel import SCRIM_LAYER, PanelScene, dialog_scale
from ..voice.words import clock
from .widgets import Button, Widget, one_size

if TYPE_CHECKING:
    from .hosts import DialogHost


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
    return [
        Figure("ui.win.score", str(pos.score), str(s.best_score), "score" in beat and pos.score >= s.best_score),
        Figure("ui.win.moves", str(pos.moves), moves_best or "–",
               "moves" in beat and s.fewest_moves is not None and pos.moves <= s.fewest_moves),
        Figure("ui.win.time", clock(seconds), clock(s.fastest_win),
               "time" in beat and s.fastest_win is not None and seconds <= s.fastest_win),
        Figure("ui.win.streak", str(s.current_streak), str(s.best_streak),
               "streak" in beat and s.current_streak >= s.best_streak),
    ]


class WinScene(PanelScene["DialogHost"]):
    """The win: confetti for a moment, this game's score, moves and time
    beside the player's best of each and the current streak, New deal /
    Same deal at hand and the statistics a tap away. The top bar stays
    uncovered and usable (Undo works after a win); Esc puts the panel away
    to look at the table."""

    title_key = ""  # drawn by the panel itself, beside its Statistics button

    def __init__(self, app: DialogHost) -> None:
        self.scrim_top = app.table.laid_out.bar.h
        self.figures = figures_of(app)
        self.stats_button: Button | None = None
        super().__init__(app, 560, 300)
        rng = random.Random(app.table.game.position.moves)
        now = app.now()
        self.confetti = [Confetti(rng, app.width, app.height, now, app.scale, self.scrim_top) for _ in range(90)]
        self.panel._layer = SCRIM_LAYER + 2
        self.sprites += self.confetti

    @property
    def grid(self) -> tuple[int, int]:
        """(columns, rows) of the figures: one row, or two on a narrow panel."""
        n = len(self.figures)
        return (n, 1) if n <= 3 or self.base_w >= 500 else (2, 2)

    def place(self) -> None:
        # a narrow panel (a phone upright) stacks the figures in two rows: taller
        narrow = len(self.figures) > 3 and (self.app.width - 16) / dialog_scale(self.app) < 500
        self.base = (560, 420 if narrow else 300)
        super().place()

    def build(self) -> None:
        p = self.px
        w = min(240, (self.base_w - 56 - 16) / 2)
        new = Button(Box(p(28), self.ph - p(24) - self.tap(56), p(w), self.tap(56)), "ui.new_deal", self.new_deal)
        same = Button(Box(self.pw - p(28 + w), self.ph - p(24) - self.tap(56), p(w), self.tap(56)), "ui.same_deal",
                      self.same_deal, style="secondary")
        one_size((new, same))
        self.widgets = [new, same]
        self.foot_h = self.ph - self.widgets[0].box.y + p(12)
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
        for i, fig in enumerate(self.figures):
            row, col = divmod(i, cols)
            cx = p(28) + col_w * col + col_w // 2
            top = p(84) + row * row_h
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

    def new_best_pill(self, lang: str, room: int) -> pygame.Surface:
        """"New best!" on a gold pill."""
        p = self.px
        words = fit_text(translate("ui.win.new_best", lang), p(15), theme.PANEL_TEXT, room - p(16), bold=True)
        pill = pygame.Surface((min(room, words.get_width() + p(16)), words.get_height() + p(6)), pygame.SRCALPHA)
        pygame.draw.rect(pill, theme.ACCENT, pill.get_rect(), border_radius=pill.get_height() // 2)
        pill.blit(words, words.get_rect(center=pill.get_rect().center))
        return pill

    def update(self, now: int) -> None:
        self.confetti = [c for c in self.confetti if c.step(now)]

    @property
    def animating(self) -> bool:
        return bool(self.confetti)

    def new_deal(self) -> None:
        pos = self.app.table.game.position
        self.app.start_deal(self.app.play.random_deal(pos.game, pos.variant))

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
