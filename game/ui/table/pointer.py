"""The pointer on the table: a press picks up cards (or, on the stock,
draws), a move past the slop makes it a drag, a release drops the cards
where they cover most or, without a drag, is a tap.

Tap timing (``Taps``): a second tap on the same pile within
``DOUBLE_TAP_MS`` is a double tap (the best place). A tap the engine
refuses may be the first half of one, so with double taps on its refusal
is held back until the window has passed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ...engine import Action, Outcome, Pile, Refusal
from ...engine.actions import COLUMN, DRAW, DTAP, MOVE, STOCK, TAP
from ..drawing.layout import Box
from .hands import PlayedTable
from .sprites import DRAG_LAYER

if TYPE_CHECKING:
    from ..scene import Canvas
    from .sprites import CardSprite

DOUBLE_TAP_MS = 350
DRAG_THRESHOLD = 6  # logical px before a press becomes a drag
TOUCH_SLOP = 14  # the same on a touch-sized screen: a tap's wobble is not a drag


class PointerTable(PlayedTable, Protocol):
    """What the pointer plays on (``hands.PlayedTable``), and what lies under it."""

    @property
    def app(self) -> Canvas: ...  # the clock and the settings

    @property
    def moving(self) -> set[CardSprite]: ...  # the card sprites gliding or turning

    def pile_at(self, x: float, y: float) -> tuple[Pile, int | None] | None: ...
    def drop_target(self, lead: Box, src: Pile, count: int) -> Pile | None: ...


@dataclass
class Press:
    """The button is down on ``count`` cards of ``pile`` from ``row`` (None:
    the pile itself, e.g. the stock); ``grab``: each sprite's offset from
    the pointer."""

    pile: Pile
    row: int | None
    count: int
    start: tuple[int, int]
    sprites: list[CardSprite] = field(default_factory=list)
    grab: list[tuple[float, float]] = field(default_factory=list)
    dragging: bool = False


@dataclass(frozen=True)
class Tap:
    pile: Pile
    at: int  # when (the app's clock, ms)
    went_home: bool  # it sent the card to a foundation


class Taps:
    """The last tap, and a refusal held back while a double tap may follow."""

    def __init__(self) -> None:
        self.last: Tap | None = None
        self.held: tuple[Outcome, int] | None = None  # (the refusal, when it is told)

    def forget(self) -> None:
        self.last = self.held = None

    def due(self, now: int) -> Outcome | None:
        """The held refusal, once its double-tap window has passed."""
        if self.held is not None and now >= self.held[1]:
            refusal, self.held = self.held[0], None
            return refusal
        return None


class Pointer:
    def __init__(self, table: PointerTable) -> None:
        self.table = table
        self.press: Press | None = None
        self.taps = Taps()

    @property
    def dragging(self) -> bool:
        return self.press is not None and self.press.dragging

    def reset(self) -> None:
        self.press = None
        self.taps.forget()

    def press_at(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.press.dragging:
            # cards still held: their release was lost (let go outside the window). They go
            # home first, or a run picked from under them would be held in pieces
            self.end_drag_look(self.press)
            self.press = None
            self.table.sync(animate=False)
        self.press = None
        hit = self.table.pile_at(*pos)
        if hit is None:
            return
        pile, row = hit
        count = 1
        if pile.kind == COLUMN:
            if row is None:
                return  # an empty slot: nothing to pick
            count = len(self.table.game.position.cards(pile)) - row
            picked = self.table.game.pick(pile, count)
            if isinstance(picked, Refusal):  # e.g. a face-down card: the engine says why
                self.table.refuse(Outcome(Action(MOVE, pile, pile, count), refusal=picked))
                return
        sprites = self.table.cards.get(pile, [])[-count:] if row is not None else []
        self.press = Press(pile, row, count, pos, sprites, [(s.x - pos[0], s.y - pos[1]) for s in sprites])

    def drag_to(self, pos: tuple[int, int]) -> None:
        press = self.press
        if press is None:
            return
        if not press.dragging:
            sx, sy = press.start
            slop = TOUCH_SLOP if self.table.laid_out.touch else DRAG_THRESHOLD  # a finger's tap wobbles more
            if abs(pos[0] - sx) + abs(pos[1] - sy) < slop or not press.sprites or press.pile.kind == STOCK:
                return
            press.dragging = True
            self.table.hush()
            for i, (sprite, (gx, gy)) in enumerate(zip(press.sprites, press.grab)):
                sprite.visible = 1
                sprite.lift((-gx, -gy))  # larger about the point under the finger
                self.table.set_layer(sprite, DRAG_LAYER + i)
            self.table.show_drop_marks(press.pile, press.count)
            self.table.sound("pickup")
        for sprite, (gx, gy) in zip(press.sprites, press.grab):
            sprite.place(pos[0] + gx, pos[1] + gy)

    def end_drag_look(self, press: Press, settle: bool = False) -> None:
        """The drag is over: no drop marks, the cards their own size again
        (``settle``: settling back while they glide to their place)."""
        self.table.clear_drop_marks()
        for sprite in press.sprites:
            sprite.settle(self.table.app.now() if settle else None)

    def settled(self, press: Press) -> None:
        """Cards let go that do not glide (already where they belong) are their own size at once."""
        for sprite in press.sprites:
            if sprite not in self.table.moving:
                sprite.settle(None)

    def cancel_drag(self) -> None:
        if self.press is not None and self.press.dragging:
            press = self.press
            self.end_drag_look(press, settle=True)
            self.press = None
            self.table.sync(animate=True)
            self.settled(press)
        self.press = None

    def release_at(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        if press.dragging:
            self.press = press
            self.drag_to(pos)
            self.press = None
            self.end_drag_look(press, settle=True)
            src, count = press.pile, press.count
            dst = self.table.drop_target(press.sprites[0].box(), src, count)
            if dst is None or self.table.game.puts_back(src, dst):
                self.table.sync(animate=True)  # a cancelled drag: the cards glide home
            else:
                # refused: the table shows it where the cards were let go, while they glide home
                self.table.play(Action(MOVE, src, dst, count))
            self.settled(press)
            return
        self.tap(press.pile, press.row)

    def tap(self, pile: Pile, row: int | None) -> None:
        if pile.kind == STOCK:
            self.table.play(Action(DRAW))
            return
        if row is None:
            return
        if pile.kind == COLUMN and row != len(self.table.game.position.cards(pile)) - 1:
            return  # a tap concerns the top card only
        now = self.table.app.now()
        last, self.taps.last = self.taps.last, None
        if last and last.pile == pile and now - last.at <= DOUBLE_TAP_MS and self.table.app.settings.double_tap:
            if last.went_home:
                return  # the first tap already sent the card to a foundation
            self.taps.held = None
            self.table.play(Action(DTAP, pile))
            return
        action = Action(TAP, pile)
        checked = self.table.game.check(action)
        if isinstance(checked, Refusal):  # refused: maybe the first half of a double tap
            self.taps.last = Tap(pile, now, False)
            refusal = Outcome(action, refusal=checked)  # what game.play would answer, without asking twice
            if self.table.app.settings.double_tap:
                self.taps.held = (refusal, now + DOUBLE_TAP_MS)
            else:
                self.table.refuse(refusal)
            return
        self.taps.last = Tap(pile, now, True)
        self.table.play(action)
