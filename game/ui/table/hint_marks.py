"""The hint's marks on the table: a bright outline around the cards that
move and the place they go, an arrow between, and the small verdict pill
(winnable, no longer winnable, unknown, thinking) at the left of the status
line. ``HintView`` draws what the hint service (``game.play.hints``) tells,
and draws it again whenever the table is laid out anew."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine import Action, Game, Move, Pile, Refusal
from ...engine.actions import CELL, COLUMN, DRAW, FOUNDATION, STOCK, WASTE
from ...engine.rules import TURN
from ...i18n import translate, translate_count
from ...play import HintMarked, HintSaid, MarksCleared, Shown, UndoMarked, VerdictChanged
from ..drawing.fonts import fit_text
from ..drawing.layout import Box
from ..drawing.theme import Ink
from ..voice.words import move_words
from .sprites import HIGHLIGHT_LAYER, ring

if TYPE_CHECKING:
    from ...play import HintService
    from ..drawing.cardart import CardArt
    from ..drawing.layout import Layout
    from ..scene import Canvas
    from .sprites import StatusSprite

DRAWS_KEYS = ("say.hint_draws", "say.hint_draws_turn")  # sentences with a number of draws (``translate_count``)
HINT_COLOR = (96, 200, 255)
HINT_EDGE = (10, 30, 48)
VERDICT_COLORS = {
    "thinking": (244, 190, 70),
    "winnable": (120, 230, 160),
    "unwinnable": (255, 128, 112),
    "unknown": (190, 204, 196),
}


class HintTable(Protocol):
    """What the hint's marks are drawn on: the table scene
    (``game.ui.table.scene.TableScene``, which makes the view)."""

    layout: Layout | None
    art: CardArt
    status: StatusSprite | None

    @property
    def app(self) -> Canvas: ...  # what the marks are drawn on
    @property
    def game(self) -> Game: ...

    def cards_box(self, pile: Pile, row: int | None = None) -> Box: ...
    def tell(self, text: str, kind: str = "say") -> None: ...


class HintView:
    """Listens to the hint service and draws its marks and verdict note."""

    def __init__(self, table: HintTable, hints: HintService) -> None:
        self.table, self.hints = table, hints
        self.marks: list[pygame.sprite.DirtySprite] = []
        self.note = VerdictSprite()
        self.undo_marked = False
        self.marked: HintMarked | None = None  # what the marks show, drawn again after a new layout
        events = hints.events
        events.on(HintSaid, self.said)
        events.on(HintMarked, self.show_hint)
        events.on(UndoMarked, lambda event: self.mark_undo())
        events.on(MarksCleared, lambda event: self.clear_marks())
        events.on(VerdictChanged, lambda event: self.show_verdict(event.shown))

    @property
    def app(self) -> Canvas:
        return self.table.app

    def redraw(self) -> None:
        """The table was laid out anew: the note and the marks in their new places."""
        hints, game = self.hints, self.table.game
        undo, marked = self.undo_marked, self.marked
        self.clear_marks()
        if hints.shown is not None and hints.shown[0] == game.position.packed_key():
            move = game.check(Action.parse(hints.shown[1]))
            if marked is not None and marked.action == hints.shown[1]:
                self.show_hint(marked)
            elif not isinstance(move, Refusal):
                self.show_marks(move)
        elif undo:
            self.mark_undo()
        self.show_verdict(hints.shown_verdict)

    def said(self, event: HintSaid) -> None:
        """Say it and, for a banner, show it in the table's one message place,
        where the player looks (``TableScene.tell``)."""
        lang = self.app.settings.lang
        params: dict[str, object] = {}
        if event.move is not None:
            if event.move.kind == TURN:
                params["move"] = translate("say.hint_turn_words", lang)
            elif event.move.kind == DRAW:
                params["move"] = translate("say.hint_draw_words", lang)  # one card: never a run of draws
            else:
                params["move"] = move_words(event.move, lang)
        if event.count is not None:
            params["count"] = event.count
        if event.key in DRAWS_KEYS and event.count is not None:  # Easy Harp's draws before a move
            text = translate_count(event.key, event.count, lang, **params)
        else:
            text = translate(event.key, lang, **params)
        self.table.tell(text, "hint" if event.banner else "say")

    def show_verdict(self, shown: Shown | None) -> None:
        table = self.table
        layout = table.layout
        if layout is None:
            return
        if shown is None:
            self.note.hide()
        else:
            self.note.show(translate(f"ui.verdict.{shown}", self.app.settings.lang), VERDICT_COLORS[shown],
                           layout.status, layout.scale)
            if not self.note.groups():
                self.app.group.add(self.note)
        if table.status is not None:
            table.status.set_inset(self.note.rect.width + round(8 * layout.scale) if self.note.visible else 0)

    def mark_undo(self) -> None:
        layout = self.table.layout
        box = layout.buttons.get("undo") if layout is not None else None
        if box is not None and layout is not None:
            self.undo_marked = True
            self.marks = [HintMarkSprite(box, round(box.h / 4), layout.scale)]
            self.app.group.add(*self.marks)

    def show_hint(self, hint: HintMarked) -> None:
        """The hint's marks: its move's (``show_marks``), or, for draws that
        lead to a move (Easy Harp), the stock with the number of draws on it
        and the place the move's card then goes to."""
        if not hint.draws or hint.then is None:
            self.show_marks(hint.move)
            self.marked = hint
            return
        self.clear_marks()
        self.marked = hint
        table = self.table
        layout = table.layout
        if layout is None:
            return
        radius, scale = table.art.radius, layout.scale
        stock = layout.piles[Pile(STOCK)]
        self.marks = [HintMarkSprite(stock, radius, scale), CountSprite(hint.draws, stock, scale),
                      HintMarkSprite(self.target_box(hint.then), radius, scale)]
        self.app.group.add(*self.marks)

    def show_marks(self, move: Move) -> None:
        """Outline the cards that move and the place they go, with an arrow between."""
        self.clear_marks()
        table = self.table
        layout = table.layout
        if layout is None:
            return
        radius, scale = table.art.radius, layout.scale
        if move.kind in (DRAW, TURN):
            boxes = [layout.piles[Pile(STOCK)]]
            if move.kind == TURN:
                boxes.append(layout.piles[Pile(WASTE)])
            self.marks = [HintMarkSprite(box, radius, scale) for box in boxes]
        else:
            src, dst = self.source_box(move), self.target_box(move)
            self.marks = [HintMarkSprite(src, radius, scale), HintMarkSprite(dst, radius, scale)]
            start = (src.center[0], src.y + min(src.h, layout.card_h) // 2)
            # the tip stops just inside the target's edge: the card there stays readable
            end = dst.center
            clipped = pygame.Rect(dst).clipline(start, end)
            if clipped and pygame.Vector2(end).distance_to(start) > 1:
                entry = pygame.Vector2(clipped[0])
                inward = (pygame.Vector2(end) - pygame.Vector2(start)).normalize() * round(layout.card_h * 0.18)
                end = (round(entry.x + inward.x), round(entry.y + inward.y))
            self.marks.append(ArrowSprite(start, end, scale))
        self.app.group.add(*self.marks)

    def source_box(self, move: Move) -> Box:
        pile = move.src
        row = len(self.table.game.position.cards(pile)) - len(move.cards) if pile.kind == COLUMN else None
        return self.table.cards_box(pile, row)

    def target_box(self, move: Move) -> Box:
        pile = move.dst
        if pile.kind in (FOUNDATION, CELL) and pile.index is None:
            pile = Pile(pile.kind, 0)
        return self.table.cards_box(pile)

    def clear_marks(self) -> None:
        for mark in self.marks:
            mark.kill()
        self.marks = []
        self.undo_marked = False
        self.marked = None


class HintMarkSprite(pygame.sprite.DirtySprite):
    """A bright blue outline (with a dark edge) around a card place."""

    def __init__(self, box: Box, radius: int, scale: float) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER
        thick = max(3, round(4 * scale))
        out = thick + 2
        outline = ring(box.w, box.h, radius, thick, HINT_COLOR, HINT_EDGE)
        surf = pygame.Surface(outline.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*HINT_COLOR, 44), surf.get_rect(), border_radius=radius + out)  # a faint tint inside
        surf.blit(outline, (0, 0))
        self.image = surf
        self.rect = surf.get_rect(topleft=(box.x - out, box.y - out))
        self.dirty = 1


class CountSprite(pygame.sprite.DirtySprite):
    """The number of draws a hint asks for, in a round badge at the stock's
    top right corner, over the stock's outline."""

    def __init__(self, count: int, box: Box, scale: float) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER + 2
        size = max(20, round(min(box.w, box.h) * 0.42))
        text = fit_text(str(count), max(13, round(size * 0.62)), HINT_EDGE, 2 * size, bold=True)
        side = max(size, text.get_width() + round(10 * scale))
        surf = pygame.Surface((side, size), pygame.SRCALPHA)
        pygame.draw.rect(surf, HINT_EDGE, surf.get_rect(), border_radius=size // 2)
        pygame.draw.rect(surf, HINT_COLOR, surf.get_rect().inflate(-4, -4), border_radius=size // 2 - 2)
        surf.blit(text, text.get_rect(center=surf.get_rect().center))
        self.image = surf
        self.rect = surf.get_rect(center=(box.x + box.w - size // 4, box.y + size // 4))
        self.dirty = 1


class ArrowSprite(pygame.sprite.DirtySprite):
    """An arrow from the cards that move to where they go."""

    def __init__(self, start: tuple[int, int], end: tuple[int, int], scale: float) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER + 1
        width = max(4, round(6 * scale))
        head = max(14, round(22 * scale))
        margin = head + width
        x0, y0 = min(start[0], end[0]) - margin, min(start[1], end[1]) - margin
        w, h = abs(end[0] - start[0]) + 2 * margin, abs(end[1] - start[1]) + 2 * margin
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        a = pygame.Vector2(start[0] - x0, start[1] - y0)
        b = pygame.Vector2(end[0] - x0, end[1] - y0)
        d = b - a
        if d.length() > 1:
            u = d.normalize()
            n = pygame.Vector2(-u.y, u.x)
            tip = b
            base = b - u * head
            for color, grow in ((HINT_EDGE, 2), (HINT_COLOR, 0)):
                pygame.draw.line(surf, color, a, base, width + 2 * grow)
                pygame.draw.circle(surf, color, a, width // 2 + 2 + grow)
                wing = head * 0.6 + grow
                pygame.draw.polygon(surf, color, [tip + u * grow, base + n * wing - u * grow, base - n * wing - u * grow])
        surf.set_alpha(225)  # the cards under it still show through a little
        self.image = surf
        self.rect = surf.get_rect(topleft=(x0, y0))
        self.dirty = 1


class VerdictSprite(pygame.sprite.DirtySprite):
    """Winnable / no longer winnable / unknown / thinking: a small pill at
    the left end of the status line, under the columns."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self) -> None:
        super().__init__()
        self._layer = HIGHLIGHT_LAYER + 120  # with the status line, above resting cards
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = 0
        self.state: tuple[str, Ink, tuple[int, ...]] | None = None

    def show(self, text: str, color: Ink, box: Box, scale: float) -> None:
        state = (text, color, tuple(box))
        if state == self.state and self.visible:
            return
        self.state = state
        size = max(11, round(box.h * 0.72))
        dot = max(4, round(box.h * 0.22))
        pad = round(8 * scale)
        img = fit_text(text, size, color, max(40, box.w // 3), bold=True)
        w = pad + 2 * dot + round(6 * scale) + img.get_width() + pad
        surf = pygame.Surface((w, box.h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 120), surf.get_rect(), border_radius=box.h // 2)
        pygame.draw.circle(surf, color, (pad + dot, box.h // 2), dot)
        surf.blit(img, img.get_rect(midleft=(pad + 2 * dot + round(6 * scale), box.h // 2)))
        self.image = surf
        self.rect = surf.get_rect(topleft=(box.x, box.y))
        self.visible = 1
        self.dirty = 1

    def hide(self) -> None:
        if self.visible:
            self.visible = 0
            self.state = None
            self.dirty = 1
