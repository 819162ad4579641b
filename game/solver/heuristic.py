"""The hint's fallback: one useful move by a stated rule of thumb.

When the search has not proven a win in the hint's time (or the position
is too new to have been searched), the hint still names one move, picked
from the engine's own legal actions by this order (higher first):

1. a card to its foundation that is safe there (nothing left out could
   ever need to go on it; Eight Off: every foundation move, since only the
   next lower card of the same suit could go on it and that one is home);
2. a move that turns a face-down card face up;
3. any other card to its foundation;
4. a move that empties a column (not a king-led column moved whole into
   another empty column: that changes nothing);
5. a card out of a cell (it frees the cell), or a move that uncovers a
   card that can then go home;
6. the waste's top card onto a column (Easy Harp);
7. one draw from the stock, or turning the waste over (never more than
   one card at a time);
8. any other move between columns or into a cell.

Left out as pointless: taking a card back from a foundation, a card from
one cell to another, and a move
that leads back to a position the game has just been in (``avoid``: the
undo history's positions). Ties go to the move whose source column hides
the most face-down cards, then to the engine's order (deterministic).
"""

from __future__ import annotations

from typing import Iterable

from ..engine.actions import CELL, COLUMN, DRAW, FOUNDATION, WASTE
from ..engine.cards import rank_of, suit_of
from ..engine.position import Position
from ..engine.rules import Move, Refusal, TURN


def _safe_home(position: Position, card: int) -> bool:
    if position.game == "easy-harp":
        from .easy_harp import _safe

        return _safe(tuple(len(slot) for slot in position.foundations), card)
    return position.game == "eight-off"  # built by suit: only the card below could go on it, and it is home


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
    hidden = position.hidden[src.index] if src.kind == COLUMN else 0
    tie = hidden / 100
    if dst.kind == FOUNDATION:
        if _safe_home(position, move.cards[0]):
            return 10 + tie
        return (9 if move.flip else 8) + tie
    if move.flip:
        return 9 + tie
    if src.kind == COLUMN:
        col = position.columns[src.index]
        left = len(col) - len(move.cards)
        if left == 0:
            if dst.kind == COLUMN and not position.columns[dst.index]:
                return -1  # a whole column into an empty one: pointless
            return 6
        if _goes_home(position, col[left - 1]):
            return 5 + tie
    if src.kind == CELL:
        return 5
    if src.kind == WASTE:
        return 4
    return 1 + tie


def heuristic_action(position: Position, avoid: Iterable[tuple] = ()) -> str | None:
    """The most useful-looking legal action (contract notation), or None
    when there is no legal move worth making (see the module's order)."""
    rules = position.rules
    avoid = set(avoid)
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
        if avoid and move.kind not in (DRAW, TURN):
            after = position.copy()
            rules.apply(after, move)
            if after.key() in avoid:
                continue
        best, best_score = action, score
    return None if best is None else str(best)
