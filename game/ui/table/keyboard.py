"""Playing with the keyboard alone.

A focus moves over the piles (arrows, Tab / Shift+Tab) and, inside a
column, over its face-up cards. Enter or Space picks up the focused card
with the run above it and drops it on the focused pile; Esc puts it back.
Shortcuts: D draws, F sends to a foundation, C to a free cell, 1-9 to that
column, U / Ctrl+Z undo, H hint, R or ? says where the focus is.

Every move is an engine action played through ``TableScene.play``: the same
checks, refusals and messages as a drag. Picking up asks the engine too
(``Game.pick``), so a face-down card is refused with its rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine import Action, Game, Pile, Refusal
from ...engine.actions import CELL, COLUMN, DRAW, FOUNDATION, MOVE, STOCK
from ...engine.game import Outcome
from ..voice.words import card_name, describe_focus
from ..drawing.layout import Box
from .hands import PlayedTable
from .sprites import DRAG_LAYER

if TYPE_CHECKING:
    from ..drawing.cardart import CardArt
    from ..drawing.layout import Layout
    from .hosts import TableHost
    from .sprites import CardSprite, FocusSprite

DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
DIGITS.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)})
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


class KeyboardTable(PlayedTable, Protocol):
    """What the keyboard plays on (``hands.PlayedTable``), and where its
    focus ring goes."""

    layout: Layout | None  # None until the first game is laid out
    art: CardArt
    focus_ring: FocusSprite | None

    @property
    def app(self) -> TableHost: ...  # the language, the game in progress, the announcer, hints

    def card_places(self, pile: Pile, count: int) -> list[tuple[float, float]]: ...
    def cards_box(self, pile: Pile, row: int | None = None) -> Box: ...
    def undo(self) -> None: ...


@dataclass
class Held:
    """Cards picked up by the keyboard: ``count`` cards of ``pile``."""

    pile: Pile
    count: int
    sprites: list[CardSprite]


class Keyboard:
    def __init__(self, table: KeyboardTable) -> None:
        self.table = table
        self.focus = Pile(COLUMN, 0)  # every game has a first column
        self.row: int | None = None  # the focused card of a column (None: its top card)
        self.held: Held | None = None  # while cards are picked up
        self.active = False  # the ring shows once the keyboard is used

    # ---- where things are --------------------------------------------------------

    @property
    def app(self) -> TableHost:
        return self.table.app

    def reset(self) -> None:
        """A new game (or layout): the focus goes back to the first column."""
        self.held = None
        self.row = None
        if self.table.layout and self.focus not in self.table.laid_out.piles:
            self.focus = Pile(COLUMN, 0)

    def bands(self) -> list[list[Pile]]:
        """The piles in rows, top to bottom, each row left to right: the
        layout's own (Eight Off's foundations beside the columns are in the
        top row's, after the cells, as they were on top), else by height."""
        if self.table.laid_out.bands:
            return self.table.laid_out.bands
        rows: dict[int, list[Pile]] = {}
        for pile, box in self.table.laid_out.piles.items():
            rows.setdefault(box.y, []).append(pile)
        boxes = self.table.laid_out.piles
        return [sorted(rows[y], key=lambda p: boxes[p].x) for y in sorted(rows)]

    def order(self) -> list[Pile]:
        return [p for band in self.bands() for p in band]

    def focus_row(self) -> int | None:
        """The focused card's index in its column, clamped to the face-up cards."""
        pos = self.table.game.position
        if self.focus.kind != COLUMN:
            return None
        col = pos.cards(self.focus)
        if not col:
            return None
        top = len(col) - 1
        if self.row is None or not (pos.hidden_count(self.focus) <= self.row <= top):
            return top
        return self.row

    def count(self) -> int:
        """How many cards the focused card carries (itself and the run above)."""
        row = self.focus_row()
        if row is None:
            return 1
        return len(self.table.game.position.cards(self.focus)) - row

    def focus_box(self, pile: Pile, drop: bool = False) -> Box:
        """The ring's place: the focused card and the cards above it, the
        top card, or the pile's empty place."""
        return self.table.cards_box(pile, None if drop else self.focus_row())

    # ---- showing ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Put the ring (and any held cards) where the focus is."""
        table = self.table
        ring = table.focus_ring
        if ring is None or self.app.play.session.game is None:
            return
        if not self.active:
            ring.hide()
            return
        ring.show(self.focus_box(self.focus, drop=self.held is not None), table.art.radius, self.held is not None)
        if self.held:
            self.place_held()

    def place_held(self) -> None:
        """Held cards hover over the focused pile, where they would land."""
        table, layout = self.table, self.table.laid_out
        held, target = self.held, self.focus
        if held is None:
            return
        lift = round(layout.card_h * 0.08)
        if target == held.pile:
            places = table.card_places(target, len(self.table.game.position.cards(target)))[-held.count:]
            places = [(x, y - lift) for x, y in places]
        elif target.kind == COLUMN:
            n = len(self.table.game.position.cards(target))
            places = table.card_places(target, n + held.count)[n:]
            if n == 0:
                places = [(x + layout.card_w * 0.12, y + layout.card_h * 0.12 - lift) for x, y in places]
        else:
            box = layout.piles[target]
            dx, dy = layout.card_w * 0.22, layout.card_h * 0.22
            places = [(box.x + dx, box.y + dy + i * layout.up_gap) for i in range(held.count)]
        for sprite, (x, y) in zip(held.sprites, places):
            sprite.place(x, y)

    def say_focus(self) -> None:
        lang = self.app.settings.lang
        held = None
        if self.held:
            held = (self.held.sprites[0].card, self.held.count) if self.held.sprites else None
        row = self.focus_row()
        self.app.announcer.say(describe_focus(self.table.game.position, self.focus, row, lang, held))

    # ---- moving the focus ------------------------------------------------------------------

    def move_focus(self, key: int) -> None:
        pos = self.table.game.position
        focus = self.focus
        if focus.kind == COLUMN and key in (pygame.K_UP, pygame.K_DOWN) and not self.held:
            col = pos.cards(focus)
            row = self.focus_row()
            if row is not None:
                first = pos.hidden_count(focus)
                if key == pygame.K_UP and row > first:
                    self.row = row - 1
                    return
                if key == pygame.K_DOWN and row < len(col) - 1:
                    self.row = row + 1
                    return
        bands = self.bands()
        b = next(i for i, band in enumerate(bands) if focus in band)
        band = bands[b]
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = band.index(focus) + (1 if key == pygame.K_RIGHT else -1)
            self.set_focus(band[i % len(band)])
            return
        nb = b + (1 if key == pygame.K_DOWN else -1)
        if not 0 <= nb < len(bands):
            return
        x = self.table.laid_out.piles[focus].center[0]
        boxes = self.table.laid_out.piles
        self.set_focus(min(bands[nb], key=lambda p: abs(boxes[p].center[0] - x)))

    def set_focus(self, pile: Pile) -> None:
        self.focus, self.row = pile, None

    def cycle(self, step: int) -> None:
        order = self.order()
        self.set_focus(order[(order.index(self.focus) + step) % len(order)])

    # ---- acting -------------------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN on the table; True if it was a keyboard-play key."""
        table = self.table
        if self.app.play.session.game is None or table.layout is None:
            return False
        key, mod = event.key, event.mod
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        text = getattr(event, "unicode", "") or ""
        if self.focus not in table.layout.piles:
            self.reset()
        was_active = self.active
        if key in ARROWS or key == pygame.K_TAB:
            self.active = True
            if was_active:  # the first key only shows where the focus is
                if key == pygame.K_TAB:
                    self.cycle(-1 if mod & pygame.KMOD_SHIFT else 1)
                else:
                    self.move_focus(key)
            self.refresh()
            self.say_focus()
            return True
        if key in ACTIVATE:
            self.active = True
            self.activate()
            return True
        if key == pygame.K_ESCAPE:
            if self.held:
                self.cancel()
                return True
            return False
        if key in DIGITS:
            self.active = True
            self.send(Pile(COLUMN, DIGITS[key] - 1))
            return True
        if key == pygame.K_f:
            self.active = True
            self.send(Pile(FOUNDATION))
            return True
        if key == pygame.K_c:
            self.active = True
            self.send(Pile(CELL))
            return True
        if key == pygame.K_d:
            self.active = True
            self.drop_held_quietly()
            table.play(Action(DRAW))
            return True
        if key == pygame.K_u:
            self.drop_held_quietly()
            table.undo()
            return True
        if key == pygame.K_h:
            self.drop_held_quietly()
            self.app.play.hints.request()
            return True
        if key == pygame.K_r or text == "?" or key == pygame.K_QUESTION:
            self.active = True
            self.refresh()
            self.say_focus()
            return True
        return False

    def activate(self) -> None:
        table = self.table
        if self.held:
            self.drop(self.focus)
            return
        if self.focus.kind == STOCK:
            table.play(Action(DRAW))
            return
        self.pick_up()

    def pick_up(self) -> bool:
        table = self.table
        count = self.count()
        picked = self.table.game.pick(self.focus, count)
        if isinstance(picked, Refusal):
            outcome = Outcome(Action(MOVE, self.focus, self.focus, count), refusal=picked)
            self.table.refuse(outcome)
            return False
        table.hush()  # like a drag: the messages and the hint's marks go
        sprites = table.cards.get(self.focus, [])[-count:]
        self.held = Held(self.focus, count, sprites)
        for i, sprite in enumerate(sprites):
            sprite.visible = 1
            sprite.lifted = True
            sprite.refresh()
            table.set_layer(sprite, DRAG_LAYER + i)
        table.show_drop_marks(self.focus, count)
        table.sound("pickup")
        lang = self.app.settings.lang
        name = card_name(picked[0], lang)
        key = "say.picked" if count == 1 else "say.picked_run"
        self.app.announcer.say_key(key, card=name, count=count)
        self.refresh()
        return True

    def release_look(self) -> None:
        held, self.held = self.held, None
        if held:
            for sprite in held.sprites:
                sprite.lifted = False
                sprite.refresh()
        self.table.clear_drop_marks()

    def drop(self, dst: Pile) -> None:
        table = self.table
        if self.held is None:
            return
        src, count = self.held.pile, self.held.count
        if self.table.game.puts_back(src, dst):
            self.cancel()
            return
        self.release_look()
        if dst.kind == FOUNDATION:
            dst = Pile(FOUNDATION)
        table.play(Action(MOVE, src, dst, count))
        self.refresh()

    def cancel(self) -> None:
        self.release_look()
        self.table.sync(animate=True)
        self.app.announcer.say_key("say.put_back")
        self.refresh()

    def drop_held_quietly(self) -> None:
        if self.held:
            self.release_look()
            self.table.sync(animate=True)

    def send(self, dst: Pile) -> None:
        """F, C or a digit: the held cards, or the focused card with its run,
        to ``dst``."""
        if self.held:
            self.drop(dst)
            return
        src = self.focus
        if src == dst:
            return  # like a drop on its own pile: nothing happens
        self.table.play(Action(MOVE, src, dst, self.count()))
        self.refresh()

    def pointer_used(self) -> None:
        """The mouse took over: hide the ring, put held cards back."""
        self.drop_held_quietly()
        if self.active:
            self.active = False
            self.refresh()
