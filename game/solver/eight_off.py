"""Eight Off for the solver: a compact state and its own move generator.

State: ``(columns, cells, foundations)`` where a column is ``bytes`` (cards
bottom to top, the engine's card ints), ``cells`` keeps the real cell
places (a card or None) so that actions can name them, and ``foundations``
holds how many cards of each suit (S H D C) are home.

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
"""

from __future__ import annotations

from ..engine.position import Position
from .search import Problem

KING = 12  # card % 13 of a king; an ace is 0


def _settle(cols: list, cells: list, found: list, acts: list) -> None:
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
        for i, c in enumerate(cells):
            if c is not None and c % 13 == found[c // 13]:
                found[c // 13] += 1
                cells[i] = None
                acts.append(f"r{i + 1}>f")
                moved = True


def _score(cols, cells, found) -> int:
    """Bigger is better: cards home, room to move, columns in order."""
    home = found[0] + found[1] + found[2] + found[3]
    free = 0
    for c in cells:
        if c is None:
            free += 1
    score = 100 * home + 12 * free
    for col in cols:
        if not col:
            score += 30
            continue
        prev = col[0]
        breaks = 0
        for c in col[1:]:
            if not (c == prev - 1 and prev % 13):
                breaks += 1
            prev = c
        score -= 8 * breaks
        # the next card home of each suit: the fewer cards above it, the better
    for s in range(4):
        need = s * 13 + found[s]
        if found[s] == 13:
            continue
        for col in cols:
            idx = col.find(need) if isinstance(col, bytes) else -1
            if idx >= 0:
                score -= 4 * (len(col) - 1 - idx)
                break
    return score


class EightOffProblem(Problem):
    """One depth-first search (``Problem``'s defaults)."""

    def __init__(self, position: Position) -> None:
        self.cell_count = len(position.cells)
        self.root = (
            tuple(bytes(col) for col in position.columns),
            tuple(position.cells),
            tuple(len(slot) for slot in position.foundations),
        )

    def start(self):
        cols, cells, found = self.root
        cols, cells, found = list(cols), list(cells), list(found)
        acts: list[str] = []
        _settle(cols, cells, found, acts)
        return acts, (tuple(cols), tuple(cells), tuple(found))

    @staticmethod
    def key(state) -> bytes:
        cols, cells, _ = state
        return b"\xff".join(sorted(cols)) + b"\xfe" + bytes(sorted(c for c in cells if c is not None))

    @staticmethod
    def won(state) -> bool:
        return state[2] == (13, 13, 13, 13)

    def children(self, state) -> list:
        cols, cells, found = state
        free = 0
        first_free = -1
        for i, c in enumerate(cells):
            if c is None:
                free += 1
                if first_free < 0:
                    first_free = i
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
        moves = []  # (src kind, src index, count, dst kind, dst index)
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

        out: list[tuple[int, int, list[str], tuple]] = []
        for sk, si, k, dk, di in moves:
            ncols = list(cols)
            ncells = list(cells)
            if sk == "c":
                src = cols[si]
                cards = src[len(src) - k:]
                ncols[si] = src[: len(src) - k]
                act = f"c{si + 1}.{k}>" if k > 1 else f"c{si + 1}>"
            else:
                cards = bytes((cells[si],))
                ncells[si] = None
                act = f"r{si + 1}>"
            if dk == "c":
                ncols[di] = cols[di] + cards
                act += f"c{di + 1}"
            else:
                ncells[di] = cards[0]
                act += f"r{di + 1}"
            acts = [act]
            nfound = list(found)
            _settle(ncols, ncells, nfound, acts)
            child = (tuple(ncols), tuple(ncells), tuple(nfound))
            out.append((_score(*child), len(out), acts, child))
        out.sort(reverse=True)
        return [(score, acts, child) for score, _, acts, child in out]
