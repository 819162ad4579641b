"""The hint's fallback: one useful move by a stated rule of thumb.

When the search has not proven a win in the hint's time (or the position
is too new to have been searched), the hint still names one move when one
is worth making (none is when every legal move is left out below), picked
from the engine's own legal actions by this order (higher first):

1. a card to its foundation that is safe there (nothing left out could
   ever need to go on it; Eight Off: every foundation move, since only the
   next lower card of the same suit could go on it and that one is home);
2. a move that turns a face-down card face up;
3. any other card to its foundation;
4. one draw from the stock, or turning the waste over (Easy Harp; never
   more than one card at a time);
5. a move that empties a column (not when the column is a king-led run:
   moved whole into another empty column it changes nothing, and a lone
   king put into a cell leaves a column that only a king can use: that is
   one of the moves of 8);
6. a card out of a cell (it frees the cell), or a move that uncovers a
   card that can then go home;
7. the waste's top card onto a column (Easy Harp);
8. any other move between columns or into a cell.

Left out as pointless: taking a card back from a foundation, a card from
one cell to another, and a move that leads back to a position the game
has been in (``avoid``: the game's path, when the caller has it).

Never back and forth, even without a history: a move between columns and
cells that the next move could simply take back (the same cards straight
back to the column they came from, or back into a cell) is made only when
it ranks above that way back, as the way back would rank in the position
the move leads to (place in the order above, then the face-down cards
under the source; on a full tie, the one that leaves more cards ready to
go home). So of a move and its way back at most one is ever advised, and
a hint never advises undoing the move the previous hint advised (Eight
Off: a card is not put into a cell from the card it is built on, only to
be brought back from the cell onto that card by the next hint).

Ties go to the move whose source column hides the most face-down cards,
then to the engine's order (deterministic).
"""

from __future__ import annotations

from typing import Iterable

from ..engine.actions import CELL, COLUMN, DRAW, FOUNDATION, MOVE, WASTE, Action, Pile
from ..engine.cards import KING, rank_of, suit_of
from ..engine.position import Position
from ..engine.rules import Move, Refusal, TURN


def _goes_home(position: Position, card: int) -> bool:
    rank = rank_of(card)
    return any(slot_suit == suit_of(card) and len(slot) == rank
               for slot_suit, slot in zip(position.rules.foundation_suits, position.foundations))


def _score(position: Position, move: Move) -> float:
    src, dst = move.src, move.dst
    if move.kind == TURN:
        return 7
    if move.kind == DRAW:
        return 7.5
    if src.kind == CELL and dst.kind == CELL:
        return -1  # cell to cell: pointless
    hidden = position.hidden[src.which] if src.kind == COLUMN else 0
    tie = hidden / 100
    if dst.kind == FOUNDATION:
        if position.rules.safe_home(position, move.cards[0]):
            return 10 + tie
        return (9 if move.flip else 8) + tie
    if move.flip:
        return 9 + tie
    if src.kind == COLUMN:
        col = position.columns[src.which]
        left = len(col) - len(move.cards)
        if left == 0:
            if rank_of(move.cards[0]) != KING:
                return 6
            if dst.kind == COLUMN:
                return -1  # a king-led column into another empty one: pointless
            return 1 + tie  # a lone king into a cell: its column could only take a king again
        if _goes_home(position, col[left - 1]):
            return 5 + tie
    if src.kind == CELL:
        return 5
    if src.kind == WASTE:
        return 4
    return 1 + tie


def _ready(position: Position) -> int:
    """How many cards could go to a foundation now (column tops and cells)."""
    tops = [col[-1] for col in position.columns if col] + [c for c in position.cells if c is not None]
    return sum(1 for card in tops if _goes_home(position, card))


def _way_back(position: Position, after: Position, move: Move) -> Move | None:
    """At ``after`` (where ``move`` led from ``position``): the move that takes
    the same cards straight back, or None when there is none. Only moves
    between columns and cells that turn no card have one (a card to a
    foundation or off the waste, a draw and a turned card can't be taken
    back by the rule of thumb); back into a cell means into the first empty
    one, as the rule of thumb itself would put it."""
    if move.kind != MOVE or move.flip:
        return None
    src, dst = move.src, move.dst
    if src.kind not in (COLUMN, CELL) or dst.kind not in (COLUMN, CELL):
        return None
    back = Pile(CELL) if src.kind == CELL else src
    reverse = after.rules.resolve(after, Action(MOVE, dst, back, len(move.cards)))
    return None if isinstance(reverse, Refusal) else reverse


def heuristic_action(position: Position, avoid: Iterable[bytes] = ()) -> str | None:
    """The most useful-looking legal action (contract notation), or None
    when there is no legal move worth making (see the module's order: a
    move that its own way back outranks is not worth making); never one
    that leads to a position of ``avoid`` (``Position.packed_key``: the
    positions the game has been in)."""
    rules = position.rules
    avoid = set(avoid)
    ready = None
    best, best_score = None, 0.0
    for action in rules.legal_actions(position):
        move = rules.resolve(position, action)
        if isinstance(move, Refusal):
            continue
        if move.src is not None and move.src.kind == FOUNDATION:
            continue  # a take-back
        score = _score(position, move)
        if score <= best_score:
            continue
        after = position.copy()
        rules.apply(after, move)
        if avoid and after.packed_key() in avoid:
            continue  # a draw too: drawing round the whole stock comes back where the game was
        if move.kind in (DRAW, TURN):
            best, best_score = action, score
            continue
        reverse = _way_back(position, after, move)
        if reverse is not None:
            back_score = _score(after, reverse)
            if back_score > score:
                continue  # the next hint would take it straight back
            if back_score == score:
                if ready is None:
                    ready = _ready(position)
                if _ready(after) <= ready:
                    continue  # a full tie: only the one that leaves more cards ready to go home
        best, best_score = action, score
    return None if best is None else str(best)
