"""The Finish button on the table (the option Finish for me, game.play.finish).

It shows while the application layer offers the Finish, at the foot of the
table where no card lies (the message place's row, at the first column from
the right, or from the left when left-handed, whose cards leave room); once
pressed it hides, and each frame in which no card moves the next action of
the proven line is played through the table's own ``play``, so it glides like
any move. A press or a key of the player's stops it (``TableScene.handle_event``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ...engine.actions import COLUMN
from ...i18n import translate
from ..drawing.fonts import font
from ..drawing.layout import TOUCH, Box
from .sprites import ButtonSprite

if TYPE_CHECKING:
    from ...engine import Action, Game, Outcome, Pile
    from ...play import FinishService
    from ..drawing.layout import Layout
    from ..scene import Canvas
    from .sprites import BannerSprite, StatusSprite


class Hands(Protocol):
    @property
    def dragging(self) -> bool: ...  # cards are held by the pointer


class FinishTable(Protocol):
    """What the Finish plays on and shows on: the table scene
    (``game.ui.table.scene.TableScene``, which makes the view)."""

    banner: BannerSprite | None
    status: StatusSprite | None

    @property
    def app(self) -> Canvas: ...
    @property
    def game(self) -> Game: ...
    @property
    def laid_out(self) -> Layout: ...
    @property
    def busy(self) -> bool: ...  # cards glide or are dragged
    @property
    def pointer(self) -> Hands: ...

    def play(self, action: Action | str) -> Outcome: ...
    def card_places(self, pile: Pile, count: int) -> list[tuple[float, float]]: ...
    def finish_animations(self) -> None: ...
    def clear_drop_marks(self) -> None: ...


class FinishView:
    def __init__(self, table: FinishTable, service: FinishService) -> None:
        self.table, self.service = table, service
        self.sprite: ButtonSprite | None = None

    def step(self) -> None:
        """Once a frame: play the next action when the cards are still, and
        show or hide the button."""
        service, table = self.service, self.table
        if service.playing:
            self.hide()
            if not table.busy:
                service.play_next()
            return
        if service.offered and not table.pointer.dragging:
            if self.sprite is None:
                self.show()
        else:
            self.hide()

    def show(self) -> None:
        table = self.table
        box = self.place()
        self.sprite = ButtonSprite("finish", box, self.press, table.app.settings)
        self.sprite.button.style = "secondary"  # light on the felt, apart from the bar's buttons
        self.sprite.redraw()
        table.app.group.add(self.sprite)
        self.leave_room(message_room(table.laid_out.banner, box, round(8 * table.laid_out.scale)))

    def hide(self) -> None:
        if self.sprite is not None:
            self.sprite.kill()
            self.sprite = None
            self.leave_room(None)

    def leave_room(self, room: Box | None) -> None:
        """The messages of the place the button shares keep to ``room``."""
        for message in (self.table.banner, self.table.status):
            if message is not None:
                message.make_room(room)

    def forget(self) -> None:
        """The table was laid out again or emptied: the next step places it anew."""
        self.hide()

    def press(self) -> None:
        self.table.finish_animations()
        self.table.clear_drop_marks()
        self.service.start()
        self.hide()

    def pointer(self, kind: str, pos: tuple[int, int]) -> bool:
        """A pointer event on the button (True: it was there)."""
        return self.sprite is not None and self.sprite.pointer(kind, pos)

    @property
    def pressed(self) -> bool:
        return self.sprite is not None and self.sprite.button.pressed

    def place(self) -> Box:
        """The button's box: as tall as a finger needs, its foot on the
        message place's, over the first column from the right (left-handed:
        the left) whose cards leave it room; else where it covers least."""
        table = self.table
        layout = table.laid_out
        place = layout.banner
        h = max(TOUCH if layout.touch else 0, round(40 * layout.scale), place.h)
        words = translate("ui.finish", table.app.settings.lang)
        w = max(round(h * 2.2), font(max(12, round(h * 0.42)), True).size(words)[0] + 2 * max(8, round(h * 0.4)))
        w = min(w, place.w)
        y = place.bottom - h
        columns = [pile for pile in layout.piles if pile.kind == COLUMN]
        columns.sort(key=lambda pile: pile.which, reverse=not layout.mirrored)
        cards = [card for pile in layout.piles for card in self.card_boxes(pile)]
        best: tuple[int, Box] | None = None
        for pile in columns:
            x = min(max(layout.piles[pile].center[0] - w // 2, place.x), place.right - w)
            box = Box(x, y, w, h)
            covered = sum(box.overlap(card) for card in cards)
            if covered == 0:
                return box
            if best is None or covered < best[0]:
                best = (covered, box)
        return best[1] if best else Box(place.right - w, y, w, h)

    def card_boxes(self, pile: Pile) -> list[Box]:
        """Where the pile's cards lie (a pile other than a column: its place, empty or not)."""
        table = self.table
        layout = table.laid_out
        if pile.kind != COLUMN:
            return [layout.piles[pile]]
        return [Box(round(x), round(y), layout.card_w, layout.card_h)
                for x, y in table.card_places(pile, len(table.game.position.cards(pile)))]


def message_room(place: Box, button: Box, gap: int) -> Box | None:
    """The larger part of the message place beside ``button`` (None: the
    button is not in the place)."""
    if button.bottom <= place.y or button.y >= place.bottom:
        return None
    left = Box(place.x, place.y, max(0, button.x - gap - place.x), place.h)
    right = Box(button.right + gap, place.y, max(0, place.right - button.right - gap), place.h)
    return left if left.w >= right.w else right


def stops_the_finish(event: pygame.event.Event) -> bool:
    """The player acts: a press or a key."""
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN)
