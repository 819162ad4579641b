"""What the hands on the table (the pointer and the keyboard) play on: the
table scene (``game.ui.table.scene.TableScene``, which makes both, so they
name what they use of it instead of importing it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ...engine import Action, Game, Outcome, Pile
    from ..drawing.layout import Box, Layout
    from .sprites import CardSprite


class PlayedTable(Protocol):
    """The game on the table, its layout and card sprites, and what picking
    up, dragging and dropping cards asks of the table."""

    @property
    def game(self) -> Game: ...
    @property
    def laid_out(self) -> Layout: ...
    @property
    def cards(self) -> dict[Pile, list[CardSprite]]: ...

    def play(self, action: Action | str) -> Outcome: ...
    def refuse(self, outcome: Outcome) -> None: ...  # a refusal found by asking, without playing
    def sync(self, animate: bool = True, deal: bool = False) -> None: ...
    def set_layer(self, sprite: CardSprite, layer: int) -> None: ...
    def show_drop_marks(self, src: Pile, count: int) -> None: ...
    def clear_drop_marks(self) -> None: ...
    def hush(self) -> None: ...  # the messages and the hint's marks go
    def mark_refused(self, box: Box) -> None: ...  # a refusal shown at the card
    def sound(self, name: str) -> None: ...
