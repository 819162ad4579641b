"""Easy Harp: a proven line made shorter, a line a person could play.

The search plays a talon card just in time: only as part of the move that
uses it (``easy_harp``'s notes say why that is sound), so a line fetches
its talon cards all around the stock, one pass of the waste after another
(deals 640001-640060: a median of 1011 actions, 865 of them draws, 25 turns
of the waste). ``shorten`` plays the same moves in another order, the way a
player would: a useful waste card goes where it is due as soon as it comes
up (the same deals: 385 actions, 229 draws, 6 turns; 2 ms a line natively
and 6 ms under Pyodide).

*Reordering.* Each move of the line (a draw is no move here) touches some
places: the columns it takes a card from or puts one on, and the foundation
slot it fills or empties. Two moves that touch no place in common can swap
without changing what either does, so the line's order matters only for
moves that share a place: each place's moves are a chain, and a move may be
played once it is first in the chain of every place it touches (any such
order is a line of legal moves with the same end: the same cards arrive in
the same places). A talon move touches no place at its source: the talon
is a multiset for the line (with unlimited passes any of its cards can be
drawn, the rest of the cycle in the same order), so a talon card may come
whenever one copy of it passes the waste top, and the copy that comes first
is the one taken. ``_Schedule`` plays greedily: every move that is free and
needs no draw at once, else the waste top when a free move plays it, else
one draw. Playing a free move at once never costs a draw later (taking a
card out of the talon only brings the others nearer the waste top), so the
draws left are mostly those the chains force.

*Foundation slots.* The engine puts a card on the first slot that takes
it; when both slots of a suit are at the same height they hold the same
cards, so the line's slot of a move (its place) is kept as a *label*
(``_Table.labels``: label -> slot), and the labels of the two slots swap
when the engine takes the other one. A take-back names the slot that now
holds its label.

*Parking.* A talon card whose move is not free yet would need another pass
when its turn comes. When it is on the waste top and a column takes it
(other colour, one rank lower; a king an empty column) that no move before
the talon card's own touches, it goes there now and the move takes it from
that column later (``c3>f`` for ``w>f``). The column is then a place of that
move: the moves after it that touch the column wait for it. The line's own
order stays a legal order of the chains, so the schedule never gets stuck.

*Loops cut.* A reordered line can come back to a position it was in (the
search's line took a card back and forth between moves that now stand side
by side): the moves in between are dropped, and the line is scheduled
again (``_cut``).

*Positions the game was in.* Every state of the shortened line either has
fewer talon cards than the position it starts from, so it is none of the
positions the game was in before (no move puts a card back into the talon),
or it lies before the line's first talon move: those moves are the found
line's own, in its order (``_Schedule.gate``), and so are its states (cutting
a loop adds no state). A search told to keep off the positions the game has
been in finds a line that does, and its shortened line does too.

*Checks.* Every move is checked against the rules as it is played (the
card it moves, where it goes) and a schedule must end with every card home;
a line that does not check, or a schedule that does not end, leaves the
line as it was before that step (``shorten`` returns the shortest that
checked, the found line at worst). ``tests/solver/test_easy_harp_line.py`` replays shortened lines through
the rules engine.
"""

from __future__ import annotations

from collections import deque
from heapq import heappop, heappush
from typing import Generator, Sequence, TypeVar

KING = 12
DRAW = "draw"
PAUSE_STEPS = 64  # moves or draws between two pauses (``shorten`` is sliced like the search)
ROUNDS = 2  # schedules at most (a loop cut, then scheduled again: a third and fourth shortened 60 lines by 0 actions)
# A move: (source kind, source column or foundation label, cards, destination kind, destination
# column or foundation label, the card it moves (the first card of a run))
# Kinds: "c" column, "w" waste (a talon card), "f" foundation. A label is the slot the move's
# card went to or came from in the line it was read from (``_Table.labels``).
Move = tuple[str, int, int, str, int, int]
T = TypeVar("T")
Pausing = Generator[None, None, T]  # pauses (None), then returns what it made
Line = Pausing[list[str]]
Root = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, tuple[int, ...]]


class Refused(Exception):
    """A move of the line is not legal where it is played (the line is left as it was)."""


def _fits(card: int, onto: int) -> bool:
    """``card`` goes on ``onto`` in a column: one rank lower, the other colour."""
    return onto % 13 == card % 13 + 1 and (13 <= card < 39) != (13 <= onto < 39)


_HOSTS = [frozenset(onto for onto in range(52) if _fits(card, onto)) for card in range(52)]  # the cards each card goes on


class _Table:
    """The cards as the line plays them: columns, face-down counts, foundation
    heights, the talon (the waste bottom to top, then the stock top to bottom)
    and how many of it are drawn; every move is checked (``Refused``)."""

    __slots__ = ("cols", "hidden", "found", "talon", "drawn", "labels", "out", "turns", "jump")

    def __init__(self, root: Root, jump: bool = False) -> None:
        cols, hidden, talon, drawn, found = root
        self.cols = [list(col) for col in cols]
        self.hidden = list(hidden)
        self.found = list(found)
        self.talon = list(talon)
        self.drawn = drawn
        self.labels = list(range(8))  # a foundation label -> the slot that holds it now
        self.out: list[str] = []  # the actions played
        self.turns = 0  # turns of the waste (a draw with the stock empty)
        self.jump = jump  # a talon card is taken wherever it lies (no draws: ``_cut``, ``_relabel``)

    def draw(self) -> None:
        if self.drawn == len(self.talon):
            if not self.talon:
                raise Refused("a draw with no cards")
            self.drawn = 0
            self.turns += 1
        else:
            self.drawn += 1
        self.out.append(DRAW)

    def draws(self, count: int) -> None:
        """``count`` draws at once (no action written: ``_read``)."""
        if not self.talon:
            raise Refused("a draw with no cards")
        size = len(self.talon) + 1  # the waste's heights in a cycle: 0 .. len(talon)
        turned, self.drawn = divmod(self.drawn + count, size)
        self.turns += turned

    def top(self) -> int:
        """The waste's top card, -1 when the waste is empty."""
        return self.talon[self.drawn - 1] if self.drawn else -1

    def home_slot(self, card: int) -> int:
        """The slot the engine puts ``card`` on (the first that takes it), -1 if none."""
        s = 2 * (card // 13)
        r = card % 13
        return s if self.found[s] == r else s + 1 if self.found[s + 1] == r else -1

    def take(self, move: Move) -> list[int]:
        """Take ``move``'s cards from their source (checked); its action's first half."""
        kind, si, k, _, _, card = move
        if kind == "c":
            col = self.cols[si]
            if len(col) - k < self.hidden[si] or not col or col[-k] != card:
                raise Refused(f"c{si + 1}: not {card}")
            cards = col[-k:]
            del col[-k:]
            if self.hidden[si] and len(col) == self.hidden[si]:
                self.hidden[si] -= 1
            self.out.append(f"c{si + 1}.{k}>" if k > 1 else f"c{si + 1}>")
            return cards
        if kind == "w":
            if self.top() != card and self.jump and card in self.talon:
                self.drawn = self.talon.index(card) + 1
            if self.top() != card:
                raise Refused(f"waste: not {card}")
            del self.talon[self.drawn - 1]
            self.drawn -= 1
            self.out.append("w>")
            return [card]
        slot = self.labels[si]
        if self.found[slot] != card % 13 + 1 or slot // 2 != card // 13:
            raise Refused(f"f{slot + 1}: not {card}")
        self.found[slot] -= 1
        self.out.append(f"f{slot + 1}>")
        return [card]

    def put(self, move: Move, cards: list[int]) -> None:
        """Put ``cards`` where ``move`` goes (checked); its action's second half."""
        _, _, k, kind, di, card = move
        if kind == "c":
            col = self.cols[di]
            if (col and (k > 1 or not _fits(card, col[-1]))) or (not col and card % 13 != KING):
                raise Refused(f"c{di + 1} does not take {card}")
            if k > 1 and any(not _fits(cards[t + 1], cards[t]) for t in range(k - 1)):
                raise Refused("not a run")
            col += cards
            self.out[-1] += f"c{di + 1}"
            return
        slot = self.home_slot(card)
        want = self.labels[di]
        if slot < 0 or self.found[want] != card % 13:
            raise Refused(f"no slot takes {card}")
        if slot != want:  # the same height: the two slots hold the same cards, their labels swap
            other = self.labels.index(slot)
            self.labels[other], self.labels[di] = want, slot
        self.found[slot] += 1
        self.out[-1] += "f"

    def play(self, move: Move) -> None:
        self.put(move, self.take(move))


def _parse(table: _Table, action: str) -> Move:
    """One action of a line (not a draw) as a move, read where ``table`` is."""
    source, _, target = action.partition(">")
    name, _, count = source.partition(".")
    number = name[1:]
    if not (number.isdigit() or name == "w") or not (count.isdigit() or not count) or not (
            target == "f" or (target[:1] == "c" and target[1:].isdigit())):
        raise Refused(action)
    k = int(count) if count else 1
    if name == "w":
        kind, si, card = "w", -1, table.top()
    elif name[:1] == "c" and 0 < int(number) <= len(table.cols):
        kind, si = "c", int(number) - 1
        col = table.cols[si]
        card = col[-k] if 0 < k <= len(col) else -1
    elif name[:1] == "f" and 0 < int(number) <= 8:
        kind, si = "f", int(number) - 1
        card = (si // 2) * 13 + table.found[si] - 1
    else:
        raise Refused(action)
    if target == "f":
        return kind, si, k, "f", table.home_slot(card), card
    di = int(target[1:]) - 1
    if not 0 <= di < len(table.cols):
        raise Refused(action)
    return kind, si, k, "c", di, card


def _read(root: Root, actions: Sequence[str]) -> Pausing[list[Move]]:
    """The moves of a line of engine actions (its draws left out), each with
    the card it moves and its foundation label (the slot, as the line plays)."""
    table = _Table(root)
    moves: list[Move] = []
    draws = 0  # draws not yet made: a run of them is made at once (``_Table.draws``)
    for i, action in enumerate(actions):
        if i % PAUSE_STEPS == PAUSE_STEPS - 1:
            yield
        if action == DRAW:
            draws += 1
            continue
        if draws:
            table.draws(draws)
            draws = 0
        move = _parse(table, action)
        table.play(move)
        moves.append(move)
    if draws:
        table.draws(draws)
    return moves


def _relabel(root: Root, moves: list[Move]) -> Pausing[list[Move]]:
    """The moves with their foundation labels made anew by playing them in
    this order (a take-back's source found by its card: the slot on top of
    which it lies), for a list that was cut (``_cut``)."""
    table = _Table(root, jump=True)
    out: list[Move] = []
    for i, (kind, si, k, dk, di, card) in enumerate(moves):
        if i % PAUSE_STEPS == PAUSE_STEPS - 1:
            yield
        if kind == "f":
            s = 2 * (card // 13)
            si = s if table.found[s] == card % 13 + 1 else s + 1
        if dk == "f":
            di = table.home_slot(card)
        move = (kind, si, k, dk, di, card)
        table.play(move)
        out.append(move)
    return out


def _places(move: Move) -> tuple[int, ...]:
    """The places a move touches: its columns (0, 1, ...) and its foundation labels (100 + label)."""
    kind, si, _, dk, di, _ = move
    first = si if kind == "c" else 100 + si if kind == "f" else -1
    second = di if dk == "c" else 100 + di
    if first < 0 or first == second:
        return (second,)
    return (first, second)


class _Schedule:
    """The line's moves played in the order of the module's notes: every
    free move that needs no draw, else a free talon move of the waste top,
    else the waste top parked, else a draw. ``run`` pauses every
    ``PAUSE_STEPS`` steps and returns the actions, with ``order`` the moves
    as played (parked ones as two)."""

    def __init__(self, root: Root, moves: list[Move]) -> None:
        self.table = _Table(root)
        self.moves = moves
        self.chains: dict[int, deque[int]] = {}  # place -> its moves not yet played, in order
        self.waits = [0] * len(moves)  # per move: the places where another move comes before it
        for j, move in enumerate(moves):
            for place in _places(move):
                chain = self.chains.setdefault(place, deque())
                self.waits[j] += bool(chain)
                chain.append(j)
        self.free: list[int] = []  # heap of free moves that need no draw
        self.free_talon: dict[int, list[int]] = {}  # card -> heap of its free talon moves
        self.talon_moves: dict[int, list[int]] = {}  # card -> its talon moves not yet played, in order
        for j, move in enumerate(moves):
            if move[0] == "w":
                self.talon_moves.setdefault(move[5], []).append(j)
            if not self.waits[j]:
                self.release(j)
        self.order: list[Move] = []
        self.left = len(moves)  # moves not yet played
        self.played = [False] * len(moves)
        # until a talon card is played, only the line's moves before its first talon move, in order
        self.gate = next((j for j, move in enumerate(moves) if move[0] == "w"), len(moves))

    def release(self, j: int) -> None:
        move = self.moves[j]
        if move[0] == "w":
            heappush(self.free_talon.setdefault(move[5], []), j)
        else:
            heappush(self.free, j)

    def play(self, j: int) -> None:
        move = self.moves[j]
        self.table.play(move)
        self.order.append(move)
        self.left -= 1
        self.played[j] = True
        if move[0] == "w":
            self.talon_moves[move[5]].remove(j)
            self.gate = len(self.moves)
        for place in _places(move):
            chain = self.chains[place]
            if chain.popleft() != j:
                raise Refused("a move played out of its place's order")
            if chain:
                nxt = chain[0]
                self.waits[nxt] -= 1
                if not self.waits[nxt]:
                    self.release(nxt)

    def park(self, card: int) -> bool:
        """The waste top ``card`` onto a column that takes it, for its first
        talon move not yet free, if no move before that one touches the
        column; that move then takes it from there."""
        waiting = self.talon_moves.get(card)
        if not waiting:
            return False
        h = waiting[0]
        king = card % 13 == KING
        hosts = _HOSTS[card]
        for x, col in enumerate(self.table.cols):
            if not ((col[-1] in hosts) if col else king):
                continue
            chain = self.chains.get(x)
            if chain and chain[0] <= h:  # a move before h's (or h itself) touches the column
                continue
            parked: Move = ("w", -1, 1, "c", x, card)
            self.table.play(parked)
            self.order.append(parked)
            del waiting[0]
            _, _, k, dk, di, _ = self.moves[h]
            self.moves[h] = ("c", x, k, dk, di, card)
            if chain:
                self.waits[chain[0]] += 1  # it now waits for the parked card to leave
                chain.appendleft(h)
            else:
                self.chains[x] = deque([h])
            self.gate = len(self.moves)
            return True
        return False

    def pop(self, heap: list[int]) -> int:
        """The first move of ``heap`` still free (a park may have made one
        wait again: it is left out, and pushed again when it is free), -1 if none."""
        waits = self.waits
        while heap:
            j = heap[0]
            if not waits[j] and not self.played[j]:
                return j
            heappop(heap)
        return -1

    def step(self) -> bool:
        """Play one move or draw one card; False when every move is played."""
        j = self.pop(self.free)
        if 0 <= j < self.gate:
            self.play(heappop(self.free))
            return True
        top = self.table.top()
        if top >= 0:
            mine = self.free_talon.get(top)
            if mine and self.pop(mine) >= 0:
                self.play(heappop(mine))
                return True
            if self.park(top):
                return True
        if not self.left:
            return False
        self.table.draw()
        return True

    def check(self) -> None:
        """Every card home at the end (the line wins), else ``Refused``."""
        if sum(self.table.found) != 104:
            raise Refused("not won")

    def run(self) -> Line:
        table = self.table
        idle = 0  # draws in a row: a whole cycle of them with nothing played is a schedule stuck
        steps = 0
        while True:
            played = len(self.order)
            if not self.step():
                self.check()
                return table.out
            idle = 0 if len(self.order) > played else idle + 1
            if idle > len(table.talon) + 1:
                raise Refused("the schedule is stuck")
            steps += 1
            if steps % PAUSE_STEPS == 0:
                yield


def _cut(root: Root, moves: list[Move]) -> Pausing[list[Move] | None]:
    """The moves without the loops in them (a stretch of moves that ends in
    the position it started from is dropped), relabelled; None when there
    is none. The two slots of a suit count as one pile of heights (they hold
    the same cards), and the talon as its size (a loop plays no talon card)."""
    table = _Table(root, jump=True)
    kept: list[Move] = []

    def key() -> tuple[object, ...]:
        f = table.found
        suits = tuple(f[s] * 16 + f[s + 1] if f[s] <= f[s + 1] else f[s + 1] * 16 + f[s] for s in range(0, 8, 2))
        return (len(table.talon), suits, tuple(table.hidden), *map(bytes, table.cols))

    seen = {key(): 0}  # position -> the moves kept when the line was in it
    cut = False
    for i, move in enumerate(moves):
        if i % PAUSE_STEPS == PAUSE_STEPS - 1:
            yield
        table.play(move)
        kept.append(move)
        here = key()
        back = seen.get(here)
        if back is None:
            seen[here] = len(kept)
            continue
        del kept[back:]
        seen = {k: v for k, v in seen.items() if v <= back}
        cut = True
    if not cut:
        return None
    yield
    return (yield from _relabel(root, kept))


def shorten(root: Root, actions: list[str]) -> Generator[None, None, list[str]]:
    """``actions`` (a line that wins from ``root``, as the engine's actions)
    played in an order with fewer draws (the module's notes), pausing now
    and then; the line as it is when that order is not shorter or a check
    fails."""
    try:
        moves = yield from _read(root, actions)
    except Refused:
        return actions
    yield
    best = actions
    for _ in range(ROUNDS):
        try:
            schedule = _Schedule(root, moves)
            line = yield from schedule.run()
            if len(line) < len(best):
                best = line
            yield
            again = yield from _cut(root, schedule.order)
        except Refused:
            break
        if again is None:
            break
        moves = again
        yield
    return best
