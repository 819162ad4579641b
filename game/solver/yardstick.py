"""The yardstick: a fixed reference search whose effort says how hard a deal is.

The daily deals' levels (``game.play.daily``) are measured with it when the
table is made (``tools/make_daily.py``) and stored there, so nothing that
changes later (this file included) changes a shipped level. It is not the
game's solver (``search``, the portfolio, which others tune for speed): it is
one plain search, written once against the contract's rules and kept as it
is, so that the deals added to the table in any year are measured with the
same stick. ``YARDSTICK`` names this version; a change that would measure
any deal differently must come as a new version (a new function and a new
name), never as an edit, and ``tests/solver/test_yardstick.py`` pins the
effort of real deals so an edit shows.

The search (both games)
-----------------------
A greedy best-first search over the deal's positions, seeing every card
(the face-down ones and the stock's order too): it always expands next the
position that looks best by a fixed score (``_eo_score``, ``_eh_score``;
among equals the one found last), never expands a position twice (up to
the order of the columns and of the cells, and which of a suit's two
foundation slots holds what), and stops at the first won position, or when
it has expanded ``budget`` positions. **Effort** is the number of positions
it expanded to find the win: a deal that the obvious move wins all the way
through costs about as many positions as its line has moves; a deal with
traps makes it back out of dead ends, and costs more. ``budget + 1`` means
it found none within its budget (the hardest, or not winnable).

Cards that go home for good go at once and cost nothing: in Eight Off every
card that its foundation takes (no card still out can be built on it), in
Easy Harp a card none of the cards still out could need (the engine's own
``safe_home`` test: the other colour's cards a rank lower and its own
colour's two ranks lower are all home). The moves it tries:

* Eight Off: a column's card or run onto the column whose top takes it (the
  group limit as the contract counts it), a king-headed run into an empty
  column (not a whole column: that changes nothing), a column's top card
  into a free cell, a cell's card onto a column or (a king) into an empty
  column;
* Easy Harp: a column's top card onto another column or its foundation, a
  king-headed run into an empty column (when it uncovers something), a
  foundation's top card back onto a column (unless it is home for good),
  and any card the stock can bring to the waste's top (after as many draws
  as that takes, turning the waste over if need be; each card at its first
  chance) onto a column, a foundation or (a king) an empty column; a card
  that would go onto the twin of the card it lies on, uncovering nothing,
  is not moved.

A win it finds is a line of the contract's actions (``Measure.line``), which
``tools/make_daily.py`` plays through the rules engine to a won game before
it believes it: the measure is a proof as well.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Hashable, Iterator, TypeVar

from ..engine import Game, deal_position
from ..engine.cards import KING, is_red
from ..engine.deals import DealCode, parse_code

YARDSTICK = "yardstick-1"  # this search's name: stored in the daily table beside each effort
SLOTS = (0, 0, 1, 1, 2, 2, 3, 3)  # Easy Harp's foundation slots' suits (the contract: S S H H D D C C)

Columns = tuple[tuple[int, ...], ...]


WIDTHS = (1, 2, 4, 8, 16, 32, 64, 128, 256)  # the beams tried, in turn
MAX_LEVELS = 1000  # a beam that has not won after this many moves gives up (a won line is far shorter)


@dataclass(frozen=True)
class Measure:
    """What the yardstick found for one deal."""

    effort: int  # positions expanded by all the beams tried, to the first win (or to the last beam's end)
    width: int | None  # the beam that won (None: none of ``WIDTHS``)
    line: tuple[str, ...] | None  # that win's actions (the contract's notation), None when none won

    @property
    def found(self) -> bool:
        return self.line is not None


# A step of a line: (source, count, destination, draws first), piles in the contract's notation except a
# cell source, which is ("cell", card): the engine's cell that holds the card, found when the line is spelt.
Step = tuple[object, int, str, int]


def measure(code: DealCode | str, widths: tuple[int, ...] = WIDTHS) -> Measure:
    """The yardstick's effort on the deal ``code``: beams of each of
    ``widths`` in turn, until one wins."""
    deal = parse_code(code) if isinstance(code, str) else code
    if deal.game == "eight-off":
        cells = int(deal.variant[1:])
        return _measure(deal, _eo_start(deal), lambda s: _eo_children(s, cells), _eo_key, _eo_score, _eo_won, widths)
    if deal.game == "easy-harp":
        return _measure(deal, _eh_start(deal), _eh_children, _eh_key, _eh_score, _eh_won, widths)
    raise ValueError(f"the yardstick measures Easy Harp and Eight Off, not {deal.game}")


S = TypeVar("S")  # a game's state
Children = Iterator[tuple[S, tuple["Step", ...]]]  # each child, and the steps from the state to it


def _measure(deal: DealCode, start: tuple[S, tuple[Step, ...]], expand: Callable[[S], Children[S]],
             key: Callable[[S], Hashable], score: Callable[[S], int], won: Callable[[S], bool],
             widths: tuple[int, ...]) -> Measure:
    effort = 0
    for width in widths:
        spent, steps = _beam(start, expand, key, score, won, width)
        effort += spent
        if steps is not None:
            return Measure(effort, width, tuple(_spell(deal, steps)))
    return Measure(effort, None, None)


def _beam(start: tuple[S, tuple[Step, ...]], expand: Callable[[S], Children[S]], key: Callable[[S], Hashable],
          score: Callable[[S], int], won: Callable[[S], bool], width: int) -> tuple[int, list[Step] | None]:
    """One beam ``width`` wide: the positions it expanded, and the steps of
    the win it found (None: none)."""
    state, first = start
    parents: list[tuple[int, tuple[Step, ...]]] = [(-1, first)]  # per node: its parent and the steps to it
    if won(state):
        return 0, list(first)
    seen = {key(state)}
    level: list[tuple[int, S]] = [(0, state)]
    expanded = 0
    for _ in range(MAX_LEVELS):
        children: list[tuple[int, int, S]] = []
        for node, state in level:
            expanded += 1
            for child, steps in expand(state):
                k = key(child)
                if k in seen:
                    continue
                seen.add(k)
                parents.append((node, steps))
                if won(child):
                    return expanded, _line(parents)
                children.append((-score(child), len(parents) - 1, child))
        if not children:
            break
        children.sort(key=lambda entry: (entry[0], entry[1]))  # the best first; among equals the one found first
        level = [(node, child) for _, node, child in children[:width]]
    return expanded, None


def _line(parents: list[tuple[int, tuple[Step, ...]]]) -> list[Step]:
    """The steps from the start to the last node."""
    line: list[Step] = []
    at = len(parents) - 1
    while at >= 0:
        parent, part = parents[at]
        line[:0] = part
        at = parent
    return line


def _spell(deal: DealCode, steps: list[Step]) -> Iterator[str]:
    """The steps as the contract's actions, the cells named as the engine
    holds them (played along on a game to know which cell holds a card)."""
    game = Game(deal_position(deal))
    for src, count, dst, draws in steps:
        for _ in range(draws):
            game.play("draw")
            yield "draw"
        if isinstance(src, tuple):  # ("cell", card)
            src = f"r{game.position.cells.index(src[1]) + 1}"
        action = f"{src}.{count}>{dst}" if count > 1 else f"{src}>{dst}"
        game.play(action)
        yield action


# ---- Eight Off ---------------------------------------------------------------------------------------------------
# A state: (columns, cells (sorted cards), foundations' heights S H D C)

EOState = tuple[Columns, tuple[int, ...], tuple[int, ...]]


def _eo_start(deal: DealCode) -> tuple[EOState, tuple[Step, ...]]:
    pos = deal_position(deal)
    cols = tuple(tuple(c) for c in pos.columns)
    cells = tuple(sorted(c for c in pos.cells if c is not None))
    return _eo_home((cols, cells, (0, 0, 0, 0)))


def _eo_home(state: EOState) -> tuple[EOState, tuple[Step, ...]]:
    """Every card its foundation takes, home (in a fixed order), and the steps."""
    cols, cells, found = state
    steps: list[Step] = []
    moved = True
    while moved:
        moved = False
        for card in cells:
            if found[card // 13] == card % 13:
                cells = tuple(c for c in cells if c != card)
                found = found[:card // 13] + (found[card // 13] + 1,) + found[card // 13 + 1:]
                steps.append((("cell", card), 1, "f", 0))
                moved = True
                break
        if moved:
            continue
        for i, col in enumerate(cols):
            if col and found[col[-1] // 13] == col[-1] % 13:
                card = col[-1]
                cols = cols[:i] + (col[:-1],) + cols[i + 1:]
                found = found[:card // 13] + (found[card // 13] + 1,) + found[card // 13 + 1:]
                steps.append((f"c{i + 1}", 1, "f", 0))
                moved = True
                break
    return (cols, cells, found), tuple(steps)


def _eo_children(s: EOState, cell_count: int) -> Children[EOState]:
    cols, cells, found = s
    free = cell_count - len(cells)
    empty = [i for i, col in enumerate(cols) if not col]
    for i, col in enumerate(cols):
        if not col:
            continue
        run = 1  # the run on top: same suit, one rank apart
        while run < len(col) and col[-run - 1] == col[-run] + 1 and col[-run] % 13 != 12:
            run += 1
        for j, target in enumerate(cols):
            if j == i:
                continue
            if target:
                want = target[-1] - 1  # the card that goes on it: same suit, one rank lower
                if target[-1] % 13 == 0 or want not in col[-run:]:
                    continue
                n = len(col) - col.index(want, len(col) - run)
            else:
                if j != empty[0]:
                    continue  # the empty columns are alike: the first one stands for all
                heads = [n for n in range(1, run + 1) if col[-n] % 13 == KING - 1]
                if not heads or heads[0] == len(col):
                    continue  # no king-headed run, or a king already at the bottom: nothing gained
                n = heads[0]
            empties = len(empty) - (0 if target else 1)  # counted before the move, the target not
            if n > (free + 1) << empties:
                continue
            new = list(cols)
            new[j], new[i] = target + col[-n:], col[:-n]
            yield _eo_step((tuple(new), cells, found), (f"c{i + 1}", n, f"c{j + 1}", 0))
        if free:
            new = list(cols)
            new[i] = col[:-1]
            yield _eo_step((tuple(new), tuple(sorted(cells + (col[-1],))), found), (f"c{i + 1}", 1, "r", 0))
    for card in cells:
        rest = tuple(c for c in cells if c != card)
        for j, target in enumerate(cols):
            if target:
                if target[-1] != card + 1 or card % 13 == 12:
                    continue
            elif card % 13 != KING - 1 or j != empty[0]:
                continue
            new = list(cols)
            new[j] = target + (card,)
            yield _eo_step((tuple(new), rest, found), (("cell", card), 1, f"c{j + 1}", 0))


def _eo_step(state: EOState, step: Step) -> tuple[EOState, tuple[Step, ...]]:
    after, home = _eo_home(state)
    return after, (step,) + home


def _eo_key(s: EOState) -> Hashable:
    cols, cells, found = s
    return tuple(sorted(cols)), cells, found


def _eo_won(s: EOState) -> bool:
    return sum(s[2]) == 52


def _eo_score(s: EOState) -> int:
    """Cards home count most; then free cells and empty columns; less a
    point for each card that lies above a lower card of its own suit (it
    must move before that one can go home)."""
    cols, cells, found = s
    buried = 0
    for col in cols:
        low = [99, 99, 99, 99]
        for card in col:
            suit = card // 13
            if card % 13 > low[suit]:
                buried += 1
            else:
                low[suit] = card % 13
    return 10 * sum(found) - 3 * len(cells) + 5 * sum(1 for col in cols if not col) - buried


# ---- Easy Harp ---------------------------------------------------------------------------------------------------
# A state: (columns, face-down counts, foundation slots' heights, stock, waste)

EHState = tuple[Columns, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _eh_start(deal: DealCode) -> tuple[EHState, tuple[Step, ...]]:
    pos = deal_position(deal)
    state: EHState = (tuple(tuple(c) for c in pos.columns), tuple(pos.hidden), (0,) * 8, tuple(pos.stock), tuple(pos.waste))
    return _eh_home(state)


def _slot(found: tuple[int, ...], card: int) -> int | None:
    """The foundation slot that takes ``card`` (the first of its suit's two), or None."""
    slot, rank = 2 * (card // 13), card % 13
    if found[slot] == rank:
        return slot
    return slot + 1 if found[slot + 1] == rank else None


def _safe(found: tuple[int, ...], card: int) -> bool:
    """No card still out could need ``card`` in a column (as the engine's ``safe_home``)."""
    rank = card % 13 + 1
    if rank == 1:
        return True
    red = min(found[2:6])
    black = min(found[0], found[1], found[6], found[7])
    other, same = (black, red) if is_red(card) else (red, black)
    return rank - 1 <= other and rank - 2 <= same


def _raise(found: tuple[int, ...], slot: int) -> tuple[int, ...]:
    return found[:slot] + (found[slot] + 1,) + found[slot + 1:]


def _take(cols: Columns, hidden: tuple[int, ...], i: int, n: int) -> tuple[Columns, tuple[int, ...]]:
    """Column ``i`` without its top ``n`` cards (a face-down card left on top turns up)."""
    col = cols[i][:-n]
    cols = cols[:i] + (col,) + cols[i + 1:]
    if col and hidden[i] == len(col):
        hidden = hidden[:i] + (hidden[i] - 1,) + hidden[i + 1:]
    return cols, hidden


def _eh_home(state: EHState) -> tuple[EHState, tuple[Step, ...]]:
    """Every column top and waste top that goes home for good, home (in a fixed order), and the steps."""
    cols, hidden, found, stock, waste = state
    steps: list[Step] = []
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(cols):
            if col:
                slot = _slot(found, col[-1])
                if slot is not None and _safe(found, col[-1]):
                    found = _raise(found, slot)
                    cols, hidden = _take(cols, hidden, i, 1)
                    steps.append((f"c{i + 1}", 1, "f", 0))
                    moved = True
        if waste:
            slot = _slot(found, waste[-1])
            if slot is not None and _safe(found, waste[-1]):
                found = _raise(found, slot)
                waste = waste[:-1]
                steps.append(("w", 1, "f", 0))
                moved = True
    return (cols, hidden, found, stock, waste), tuple(steps)


def _eh_step(state: EHState, step: Step) -> tuple[EHState, tuple[Step, ...]]:
    after, home = _eh_home(state)
    return after, (step,) + home


def _talon(stock: tuple[int, ...], waste: tuple[int, ...]) -> Iterator[tuple[int, int, int, int]]:
    """Each card the stock can bring to the waste's top, at its first chance:
    (draws, card, and how to cut the talon: see ``_talon_after``)."""
    if waste:
        yield 0, waste[-1], 0, 0
    for k in range(1, len(stock) + 1):
        yield k, stock[-k], 1, k
    for j in range(1, len(waste)):  # after turning the waste over
        yield len(stock) + 1 + j, waste[j - 1], 2, j


def _talon_after(stock: tuple[int, ...], waste: tuple[int, ...], how: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The stock and waste once the card ``_talon`` named is taken off the waste."""
    if how == 0:
        return stock, waste[:-1]
    if how == 1:
        return stock[:len(stock) - k], waste + stock[len(stock) - k + 1:][::-1]
    full = waste + stock[::-1]  # the waste once the stock is drawn out; turned over, drawn k times
    return full[k:][::-1], full[:k - 1]


def _eh_children(s: EHState) -> Children[EHState]:
    cols, hidden, found, stock, waste = s
    empty = next((j for j, col in enumerate(cols) if not col), None)
    homes: dict[int, list[int]] = {}  # card -> the columns whose top takes it
    for j, col in enumerate(cols):
        if col and col[-1] % 13:
            red = is_red(col[-1])
            below = col[-1] - 1  # the same suit's card a rank lower; the other colour's two suits:
            for suit in ((0, 3) if red else (1, 2)):
                homes.setdefault(suit * 13 + below % 13, []).append(j)
    for i, col in enumerate(cols):
        if not col:
            continue
        card = col[-1]
        under = col[-2] if len(col) - 1 > hidden[i] else None  # the face-up card it lies on
        if _slot(found, card) is not None:
            slot = _slot(found, card)
            assert slot is not None
            c2, h2 = _take(cols, hidden, i, 1)
            yield _eh_step((c2, h2, _raise(found, slot), stock, waste), (f"c{i + 1}", 1, "f", 0))
        for j in homes.get(card, ()):
            if j == i or cols[j][-1] == under:
                continue  # onto the twin of the card it lies on: nothing changes
            c2, h2 = _take(cols, hidden, i, 1)
            c2 = c2[:j] + (c2[j] + (card,),) + c2[j + 1:]
            yield _eh_step((c2, h2, found, stock, waste), (f"c{i + 1}", 1, f"c{j + 1}", 0))
        if empty is not None:
            run = 1
            while run < len(col) - hidden[i] and _eh_follows(col[-run - 1], col[-run]):
                run += 1
            n = next((n for n in range(1, run + 1) if col[-n] % 13 == KING - 1), None)
            if n is not None and n < len(col):
                c2, h2 = _take(cols, hidden, i, n)
                c2 = c2[:empty] + (col[-n:],) + c2[empty + 1:]
                yield _eh_step((c2, h2, found, stock, waste), (f"c{i + 1}", n, f"c{empty + 1}", 0))
    for slot, height in enumerate(found):  # a take-back: a foundation's top card that could still be of use
        card = SLOTS[slot] * 13 + height - 1
        if height and not _safe(found, card):
            low = found[:slot] + (height - 1,) + found[slot + 1:]
            for j in homes.get(card, ()):
                c2 = cols[:j] + (cols[j] + (card,),) + cols[j + 1:]
                yield (c2, hidden, low, stock, waste), ((f"f{slot + 1}", 1, f"c{j + 1}", 0),)
    for draws, card, how, k in _talon(stock, waste):
        slot = _slot(found, card)
        targets = homes.get(card, [])
        king = empty is not None and card % 13 == KING - 1
        if slot is None and not targets and not king:
            continue
        st2, w2 = _talon_after(stock, waste, how, k)
        if slot is not None:
            yield _eh_step((cols, hidden, _raise(found, slot), st2, w2), ("w", 1, "f", draws))
        for j in targets:
            c2 = cols[:j] + (cols[j] + (card,),) + cols[j + 1:]
            yield _eh_step((c2, hidden, found, st2, w2), ("w", 1, f"c{j + 1}", draws))
        if king:
            assert empty is not None
            c2 = cols[:empty] + ((card,),) + cols[empty + 1:]
            yield _eh_step((c2, hidden, found, st2, w2), ("w", 1, f"c{empty + 1}", draws))


def _eh_follows(lower: int, upper: int) -> bool:
    """``upper`` goes on ``lower`` in a column: the other colour, a rank lower."""
    return upper % 13 + 1 == lower % 13 and is_red(upper) != is_red(lower)


def _eh_key(s: EHState) -> Hashable:
    cols, hidden, found, stock, waste = s
    slots = tuple((a, b) if a <= b else (b, a) for a, b in zip(found[::2], found[1::2]))
    return tuple(sorted(zip(hidden, cols))), slots, waste + stock[::-1]  # the talon's cycle: draws reach each other


def _eh_won(s: EHState) -> bool:
    return sum(s[2]) == 104


def _eh_score(s: EHState) -> int:
    """Face-down cards left cost most, then the face-up cards piled on
    them; empty columns and cards home count for a position."""
    cols, hidden, found, _, _ = s
    piled = sum(len(col) - down for col, down in zip(cols, hidden) if down)
    return 4 * sum(found) - 84 * sum(hidden) + 25 * sum(1 for col in cols if not col) - 30 * piled
