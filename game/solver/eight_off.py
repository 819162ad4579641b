"""Eight Off for the solver: a compact state and its own move generator.

State: ``(columns, cells, foundations, key)`` where a column is ``bytes``
(cards bottom to top, the engine's card ints), ``cells`` keeps the real cell
places (a card or None) so that actions can name them, ``foundations``
holds how many cards of each suit (S H D C) are home, and ``key`` is the
state's key (``_key``), made once with the state.

Soundness of the shortcuts (the ``unwinnable`` verdict relies on them):

* Every move to a foundation is made at once. Cards build on a column only
  in their own suit, so the one card that could ever lie on a card of rank
  r is the r-1 of its suit, which is already home when the card may go
  home: the card has no further use on the table, and taking it home only
  frees a place. For the same reason take-backs from a foundation are never
  needed and are not generated.
* Columns are interchangeable and so are cells: the key sorts both.
* A king (with its run) at the bottom of a column is never moved to an
  empty column: that gives the same state again.

Searched by one depth-first search (``Plan``'s default), best-scored child
first (``_score``).
"""

from __future__ import annotations

from typing import Optional

from ..engine.position import Position
from .problem import Actions, Child, Expansion, ProblemBase, Seen

KING = 12  # card % 13 of a king; an ace is 0
SEP = 255  # between columns in a joined table (no card's value)
Cells = tuple[Optional[int], ...]
State = tuple[tuple[bytes, ...], Cells, tuple[int, ...], bytes]
Move = tuple[str, int, int, str, int]  # (source kind "c"/"r", index, cards, destination kind "c"/"r", index)
_BREAKS: dict[bytes, int] = {}  # a column -> how many of its cards do not lie on the next higher of their suit


def _settle(cols: list[bytes], cells: list[Optional[int]], found: list[int], acts: Actions) -> None:
    """Make every move to a foundation that is due (all are safe here)."""
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(cols):
            while col:
                c = col[-1]
                if c % 13 != found[c // 13]:
                    break
                found[c // 13] += 1
                col = col[:-1]
                cols[i] = col
                acts.append(f"c{i + 1}>f")
                moved = True
        for i, cell in enumerate(cells):
            if cell is not None and cell % 13 == found[cell // 13]:
                found[cell // 13] += 1
                cells[i] = None
                acts.append(f"r{i + 1}>f")
                moved = True


def _key(cols: tuple[bytes, ...] | list[bytes], cells: Cells | list[Optional[int]]) -> bytes:
    """Columns sorted, then the cells' cards sorted (the foundations follow from them)."""
    return b"\xff".join(sorted(cols)) + b"\xfe" + bytes(sorted([c for c in cells if c is not None]))


def _breaks(col: bytes) -> int:
    """How many cards of ``col`` do not lie on the next higher card of their suit
    (remembered in ``_BREAKS``: most columns of a child are its parent's)."""
    breaks = _BREAKS.get(col)
    if breaks is None:
        if len(_BREAKS) >= 16384:
            _BREAKS.clear()
        breaks = 0
        prev = col[0]
        for c in col[1:]:
            if not (c == prev - 1 and prev % 13):
                breaks += 1
            prev = c
        _BREAKS[col] = breaks
    return breaks


def _score(cols: tuple[bytes, ...] | list[bytes], cells: Cells | list[Optional[int]],
           found: tuple[int, ...] | list[int]) -> int:
    """Bigger is better: cards home, room to move, columns in order, and
    the next card home of each suit with few cards above it."""
    score = 100 * (found[0] + found[1] + found[2] + found[3]) + 12 * cells.count(None)
    for col in cols:
        score += -8 * _breaks(col) if col else 30
    table = b"\xff".join(cols) + b"\xff"
    for s in range(4):
        if found[s] == 13:
            continue
        i = table.find(s * 13 + found[s])
        if i >= 0:  # on the table (else in a cell): the cards above it
            score -= 4 * (table.find(SEP, i) - i - 1)
    return score


class EightOffProblem(ProblemBase):
    """One depth-first search (``Plan``'s default)."""

    def __init__(self, position: Position) -> None:
        self.cell_count = len(position.cells)
        self.root = (
            tuple(bytes(col) for col in position.columns),
            tuple(position.cells),
            tuple(len(slot) for slot in position.foundations),
        )

    def start(self) -> tuple[Actions, State]:
        cols, cells, found = list(self.root[0]), list(self.root[1]), list(self.root[2])
        acts: Actions = []
        _settle(cols, cells, found, acts)
        return acts, (tuple(cols), tuple(cells), tuple(found), _key(cols, cells))

    @staticmethod
    def key(state: State) -> bytes:
        return state[3]  # made once, with the state (``_key``)

    @staticmethod
    def won(state: State) -> bool:
        return state[2] == (13, 13, 13, 13)

    def children(self, state: State) -> list[Child]:
        return self._children(state, None)

    def expand(self, state: State, seen: Seen | None = None) -> Expansion:
        """``children`` in one piece, but the ones whose key ``seen`` holds
        (the search would pass over them: scoring them was half the work)."""
        return self._children(state, seen)
        yield  # a generator that never pauses

    def _children(self, state: State, seen: Seen | None) -> list[Child]:
        """Every move's child (``_moves``) but the ones ``seen`` holds, each
        after its moves home, best score first (ties: the move found first)."""
        cols, cells, found, _ = state
        out: list[tuple[int, int, Actions, State]] = []
        for i, (sk, si, k, dk, di) in enumerate(_moves(cols, cells)):
            ncols = list(cols)
            ncells = list(cells)
            if sk == "c":
                src = cols[si]
                cards = src[len(src) - k:]
                ncols[si] = src[: len(src) - k]
                act = f"c{si + 1}.{k}>" if k > 1 else f"c{si + 1}>"
            else:
                card = cells[si]
                assert card is not None
                cards = bytes((card,))
                ncells[si] = None
                act = f"r{si + 1}>"
            if dk == "c":
                ncols[di] = cols[di] + cards
                act += f"c{di + 1}"
            else:
                ncells[di] = cards[0]
                act += f"r{di + 1}"
            acts: Actions = [act]
            nfound = list(found)
            # the state was settled: only the top the move uncovered can be due home (then more may follow)
            top = ncols[si][-1] if sk == "c" and ncols[si] else -1
            if top >= 0 and top % 13 == found[top // 13]:
                _settle(ncols, ncells, nfound, acts)
            key = _key(ncols, ncells)
            if seen is not None and key in seen:
                continue
            child = (tuple(ncols), tuple(ncells), tuple(nfound), key)
            out.append((_score(ncols, ncells, nfound), i, acts, child))
        out.sort(reverse=True)
        return [(score, acts, child) for score, _, acts, child in out]


def _moves(cols: tuple[bytes, ...], cells: Cells) -> list[Move]:
    """Every move worth trying, in the order the children are made: from
    each column every run on its top onto the card above its bottom card,
    and a king-led run (not already at the bottom) into an empty column;
    each cell's card onto a column; each column's top into the first empty cell."""
    free = cells.count(None)
    first_free = cells.index(None) if free else -1
    empty = -1
    n_empty = 0
    tops: dict[int, int] = {}
    for i, col in enumerate(cols):
        if col:
            tops[col[-1]] = i
        else:
            n_empty += 1
            if empty < 0:
                empty = i
    limit = (free + 1) << n_empty
    moves: list[Move] = []
    for si, src in enumerate(cols):
        if not src:
            continue
        n = len(src)
        j = n - 1
        while j > 0 and src[j - 1] % 13 and src[j] == src[j - 1] - 1:
            j -= 1
        for idx in range(j, n):
            x = src[idx]
            if x % 13 != KING and x + 1 in tops:
                k = n - idx
                if k <= limit:
                    moves.append(("c", si, k, "c", tops[x + 1]))
        if n_empty and j > 0 and src[j] % 13 == KING and n - j <= (free + 1) << (n_empty - 1):
            moves.append(("c", si, n - j, "c", empty))
    for ci, c in enumerate(cells):
        if c is None:
            continue
        if c % 13 != KING:
            if c + 1 in tops:
                moves.append(("r", ci, 1, "c", tops[c + 1]))
        elif n_empty:
            moves.append(("r", ci, 1, "c", empty))
    if free:
        for si, src in enumerate(cols):
            if src:
                moves.append(("c", si, 1, "r", first_free))
    return moves
