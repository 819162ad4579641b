"""Easy Harp for the solver: a compact state and its own move generator.

The solver sees the face-down cards and the order of the stock.

State: ``(columns, hidden, talon, drawn, foundations, key)``:

* ``columns``: ``bytes`` per column, bottom to top; ``hidden[i]`` face-down
  cards at the bottom of column i.
* ``talon``: the stock and waste as one cycle, in drawing order: the waste
  bottom to top, then the stock top to bottom. ``drawn`` of them are on the
  waste (``talon[drawn - 1]`` is its playable top). Drawing and turning the
  waste over never change this order (the contract keeps the drawing order
  from pass to pass); playing the waste top only takes that card out.
* ``foundations``: the number of cards in each of the 8 slots (S S H H D D
  C C), as the engine fills them (the first slot that takes a card).
* ``key``: the state's key (``_key``), made once with the state: the
  expansion needs it to leave out the children seen, and the search again.

A child's actions hold each run of draws as its count (an int), written out
as draws only for the solution (``spell``): most children are never part
of it, and some runs are fifty draws long.

With unlimited passes any talon card can be brought to the waste top by
drawing, with the rest of the cycle unchanged, so a move "talon card i to
X" is one step here; its actions are the exact draws (turning over when the
stock runs out) followed by ``w>X``. For the same reason ``drawn`` is left
out of the key: states that differ only in it reach each other by draws.

Soundness of the shortcuts (the ``unwinnable`` verdict relies on them):

* A card of rank r goes home at once when every card of the other colour
  of rank r-1 and every card of its own colour of rank r-2 is home (the
  rule safe autoplay uses in Klondike): the only cards that could ever lie
  on it are home, and so are the ones that could lie on those, even if they
  were taken back.
* Take-backs from a foundation are generated for every other foundation top
  (those are the ones that could still host a card that is not home).
* Columns are interchangeable; the two slots of a suit are too.
* Talon cards are played only as part of a move that then puts a card that
  is not from the talon on them: talon cards onto a column (a chain, each on
  the one before) and then a column's top card or a take-back on the last
  one; or talon cards of one suit home and then a column's top card home on
  them. Any winning line can be rearranged that way: a talon card played
  earlier stays on top of its column (or foundation) untouched until the
  move that uses it, so it can be played just before that move instead (or
  straight to where it goes next, if it moves on). A chain may be one
  move (``chains``) or one talon card at a time, each put down only when
  a chain from it exists (a superset of the same legal moves: just as
  sound, and far fewer children per expansion). A talon card that is
  never used needs only to go home, and a position whose cards are all in
  the talon is won by the safe moves alone (the lowest slot's next card is
  always safe). ``tests/solver/test_solver.py`` checks the verdicts on small end
  games against a search over every legal engine move.
* Both copies of a card are the same card: a talon card is named by its
  value and the first copy is taken.
* Every state is settled (no card is due home by the rule above: the
  start and each child make those moves first), so a move that sends no
  card home can make one due only at the column whose top it took: the
  cards it put down were tops, talon cards or a take-back before, none of
  them due, and a take-back lowers the foundations, which makes no other
  card safe. A child is settled (``_settle``) only when a card went home or
  that column's new top is due; the others are settled already.

The searches (``search.portfolio``): a stream of restarts (``restart``,
``search.restarting``) with RESTART_SHARE of the work, and two best-first
searches of fixed weightings (``variants``, ``FIXED_SHARES``: the ones
that do not take a talon chain as one move) with one share each, which
can prove a deal lost without waiting for the stream's budgets to outgrow
it. The stream's searches are, in a round of eleven (``RESTART_CYCLE``),
beams 3, 5, 5, 10, 5, 10, 5, 20, 10 and 50 wide (``search.beam``: level by
level, only the best positions go on) and a best-first search, each with
one of five weightings (``RESTART_BASES``) and its own noise in the
scores; each round doubles the widths and the node budgets of the one
before, and from the second round on the weightings are scaled at random.
One that does not win within its budget (or, a beam, runs dry) makes way
for the next. A beam proves nothing; a best-first search of the stream
whose budget outgrows the game does (its moves are this problem's own).

Tuning (CPU time, 1 s slices; deals 600001-600220). What wins a deal
quickly is a narrow beam with a weighting that keeps face-up cards off the
face-down ones: a 10-wide beam of weighting (4, 84, 25, 3, 0, 5) won 57 of
80 tries (40 deals, two noise seeds each) with face-up cards piled on
face-down ones costing 2 each, as they did before, and 71-75 of 80 with
them costing 32-84 (the seventh weight); a 5-wide beam won 66-72 of 80 at
half the cost (0.03-0.04 s a win). Which beam wins depends on its
weighting and noise far more than on its width: the same weighting with
eight noise seeds left 9 of 77 deals unwon where five weightings left 1.
The stream alone (deals 600001-600060) decided a deal in a median 0.03 s
and p90 0.18 s; with all seven fixed searches beside it (a seventh of the
work, but their expansions of whole talon chains cost about three times
the CPU per piece of work of a beam's), 0.05 and 0.21 s. The previous
portfolio (seven fixed searches taking one turn each to 28 of its stream
of 10-200 wide beams) on the same deals and machine: median 0.32 s, p90
1.1 s.

Lines. The search plays a talon card only in the move that uses it, so the
line it finds fetches talon cards all around the stock (60 deals,
640001-640060: a median of 1011 actions, 865 of them draws, 25 turns of the
waste). The plan shortens a line found before the task returns it
(``shorten``, ``easy_harp_line``: the same moves in the order a player
would make them, a waste card played as it comes up or parked on a column;
a median of 385 actions and 6 turns on those deals), in slices like the
search, 2 ms natively and 7 ms under Pyodide a line (median); a time limit
that falls meanwhile returns the line as found. The positions of the
shortened line before its first talon card are the found line's own (the
hint's search, told the positions the game was in, keeps off them, and so
does the line it gives).

Speed. An expansion makes each child's key and score from its parent's
(``_Parent``): the columns its move touched anew, the rest of the key when
the talon and foundations are the parent's (a move that sends no card home
keeps the parent's tuple of foundation counts, ``_play``), and the buried
next cards found with one look each (``_buried``: the columns' depths joined
beside them). Under Pyodide a ``bytes.find`` costs about four times what it
does natively and a Python call three times; these took 6 % off a whole
search there (2 % natively), the same searches (the same nodes on 300 deals).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Literal, Sequence

from ..engine.position import Position
from ..engine.deals import SplitMix64
from .easy_harp_line import shorten
from .problem import Actions, Child, Expansion, Pauses, Plan, ProblemBase, Restart, Seen, Shortening
from .search import finish

# A state: (columns, face-down counts, talon, cards drawn, foundation counts, key): see the notes
State = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, tuple[int, ...], bytes]
Root = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, tuple[int, ...]]  # a state without its key
Weights = tuple[int, ...]  # (cards home, face-down, empty columns, buried next cards, talon played, balance, piled)
Kind = Literal["c", "w", "f"]  # a column, the talon (a card of it: its value), a foundation slot
# One step of a move: (source kind, source index or talon card, cards, destination kind, destination index)
Step = tuple[Kind, int, int, Kind, int]
Steps = list[Step]  # a move: its steps in order (a talon chain's cards, then the card that goes on it)

KING = 12
# An expansion pauses (yields: see ``expand``) before every PAUSE_CHILDREN-th child it makes
# (a child is 10-30 us natively, three times that under WebAssembly) and, while it finds the
# moves, once PAUSE_MOVES more were found since its last pause: a slice overruns its budget by
# about a tenth of a millisecond natively, and the pauses cost little (a pause passes up through
# five generators: one before every child took a tenth of the search's time)
PAUSE_CHILDREN = 4
PAUSE_MOVES = 16
_BYTE = [bytes((n,)) for n in range(256)]
# Per card value (0-51; the rest of a byte's range unused): its rank index, its suit's first
# foundation slot, its colour, the cards that fit on it (one rank lower, the other colour) and
# the cards it fits on (one rank higher, the other colour): looked up, not worked out, per child.
_RANK = [c % 13 for c in range(256)]
_SLOT0 = [2 * (c // 13) for c in range(256)]
_IS_RED = [13 <= c < 39 for c in range(256)]
_FITS_ON = [(() if c % 13 == 0 else ((c % 13 - 1, 39 + c % 13 - 1) if 13 <= c < 39
                                     else (13 + c % 13 - 1, 26 + c % 13 - 1))) for c in range(256)]
_GOES_ON = [(() if c % 13 == 12 else ((c % 13 + 1, 39 + c % 13 + 1) if 13 <= c < 39
                                      else (13 + c % 13 + 1, 26 + c % 13 + 1))) for c in range(256)]
# action strings, by 0-based index: "c3>c5", "c3>f", "w>c5", "f2>c5"
_C_TO_C = [[f"c{i + 1}>c{j + 1}" for j in range(64)] for i in range(64)]
_C_TO_F = [f"c{i + 1}>f" for i in range(64)]
_W_TO_C = [f"w>c{j + 1}" for j in range(64)]
_F_TO_C = [[f"f{i + 1}>c{j + 1}" for j in range(64)] for i in range(8)]
# per suit and the counts in its two slots: the next card of each slot, once if both need the same
_NEXT = [[[tuple(13 * suit + level for level in ((a,) if a == b else (a, b)) if level < 13) for b in range(14)]
          for a in range(14)] for suit in range(4)]
TalonInfo = tuple[set[int], dict[int, tuple[int, ...]]]  # a talon's cards, and the talon cards each card fits on
_TALONS: dict[bytes, TalonInfo] = {}  # talon -> its cards as a set and the talon cards each card fits on (``_talon``)
_NEXTS: dict[tuple[int, ...], tuple[int, ...]] = {}  # foundation counts -> the next card of each slot (``_score_rest``)
# per column length n: the count of cards above each card of a column that long, bottom to top
_DEPTHS = [bytes(range(n - 1, -1, -1)) for n in range(128)]
_FOUND_KEYS: dict[tuple[int, ...], bytes] = {}  # foundation counts -> their part of the key (``key``), cleared when large
# Score weights (cards home, face-down cards, empty columns, cards above a
# card that goes home next). Solving times are heavy-tailed and each weighting
# is quick on different deals, so the search runs one best-first search per
# weighting, taking turns (``portfolio``).
# A fifth weight counts the cards taken out of the talon, a sixth the
# difference between the two foundation slots of each suit (see ``_score``).
WEIGHTS = ((40, 30, 25, 6, 0, 5, 2), (5, 50, 25, 6, 0, 5, 2), (2, 50, 25, 10, 0, 5, 2), (5, 50, 40, 3, 0, 5, 2))
PLAYED = (40, 30, 25, 6, 1, 0, 2)  # the first weighting, rewarding talon cards played, no balance
# (weights, a chain of talon cards as one move): the best-first searches of the portfolio
RESTART_SEED = 0x5EA4C4  # the restart stream's first seed
RESTART_NODES = 15000  # states a search of the stream's first round may keep, per unit of its budget share
RESTART_DOUBLING = 11  # every this many searches (a round) the budgets and beam widths double (so that
RESTART_CAP = 1_000_000  # a best-first one exhausts a finite game: a proof), up to this many states (~0.9 KB each)
RESTART_CHAINS = 10  # percent of its best-first searches with chains of talon cards as one move
RESTART_NOISE = 20  # each child's score gets a pseudo-random 0..RESTART_NOISE added (ties broken differently)
# The weightings the stream's searches take (in the first round as they are, later scaled).
RESTART_BASES = ((4, 84, 25, 3, 0, 5, 32), (4, 84, 12, 3, 0, 5, 64), (4, 60, 25, 3, 0, 5, 64), (2, 84, 25, 3, 0, 5, 32),
                 (4, 84, 25, 8, 0, 5, 32))
# The stream's searches in a round: (beam width, or 0 for best-first; its weighting in RESTART_BASES; its
# budget in RESTART_NODES). Beams run dry or win quickly, and which one wins a deal depends on
# its weighting and on the noise in its scores more than on its width: a round of cheap beams
# of other weightings, widening from round to round.
RESTART_CYCLE = ((3, 0, 0.24), (5, 1, 0.4), (5, 2, 0.4), (10, 0, 0.8), (5, 3, 0.4), (10, 1, 0.8), (5, 4, 0.4),
                 (20, 2, 1.6), (10, 3, 0.8), (50, 0, 4.0), (0, 1, 1.0))
# The portfolio's shares of the work: each fixed best-first search (``VARIANTS``) and the stream
FIXED_SHARES = (0, 0, 0, 0, 1, 1, 0)
RESTART_SHARE = 63
VARIANTS = ([(w, True) for w in WEIGHTS] + [(WEIGHTS[1][:5] + (0, 2), False), (WEIGHTS[2][:5] + (0, 2), False)]
            + [(PLAYED, True)])


def _red(c: int) -> bool:
    return 13 <= c < 39


def _slot_for(found: Sequence[int], c: int) -> int:
    s = 2 * (c // 13)
    r = c % 13
    if found[s] == r:
        return s
    if found[s + 1] == r:
        return s + 1
    return -1


def _talon(talon: bytes) -> TalonInfo:
    """``talon``'s cards as a set and an empty table of the talon cards each
    card could go on (``fits`` fills it), kept in ``_TALONS``: a child that
    leaves the talon as it was (most do) shares them with its parent."""
    if len(_TALONS) >= 1024:
        _TALONS.clear()
    info: TalonInfo = (set(talon), {})
    _TALONS[talon] = info
    return info


def _draws(drawn: int, size: int, i: int) -> int:
    """How many draws bring talon card i to the waste top (a child's actions
    hold that number, ``EasyHarpProblem.spell`` writes them out)."""
    if drawn <= i + 1:
        return i + 1 - drawn
    return size - drawn + 1 + i + 1


def _key(cols: Sequence[bytes], hidden: Sequence[int], talon: bytes, f: tuple[int, ...]) -> bytes:
    """The state's key (``EasyHarpProblem.key``): the columns sorted, each
    after its count of face-down cards, the talon, and the foundations with
    each suit's two slots lower first."""
    parts = [_BYTE[h] + col for col, h in zip(cols, hidden)]
    parts.sort()
    return b"\xff".join(parts) + b"\xfe" + talon + b"\xfd" + (_FOUND_KEYS.get(f) or _found_key(f))


def _found_key(f: tuple[int, ...]) -> bytes:
    """The foundations' part of the key: each suit's two slots, lower first
    (remembered in ``_FOUND_KEYS``: a pure function of ``f``)."""
    if len(_FOUND_KEYS) >= 4096:
        _FOUND_KEYS.clear()
    f0, f1, f2, f3, f4, f5, f6, f7 = f
    fk = _FOUND_KEYS[f] = bytes((f0 if f0 < f1 else f1, f1 if f0 < f1 else f0, f2 if f2 < f3 else f3,
                                 f3 if f2 < f3 else f2, f4 if f4 < f5 else f5, f5 if f4 < f5 else f4,
                                 f6 if f6 < f7 else f7, f7 if f6 < f7 else f6))
    return fk


def _safe(found: Sequence[int], c: int) -> bool:
    r = c % 13 + 1
    if r <= 1:
        return True
    black = min(found[0], found[1], found[6], found[7])
    red = min(found[2], found[3], found[4], found[5])
    opp, same = (black, red) if _red(c) else (red, black)
    return r - 1 <= opp and r - 2 <= same


def _settle(cols: list[bytes], hidden: list[int], talon: bytes, drawn: int, found: list[int], acts: Actions,
            touched: list[int]) -> tuple[bytes, int]:
    """Make every safe move to a foundation; returns (talon, drawn). The
    columns it takes a card from go on the list ``touched``."""
    rank, slot0, is_red, to_f = _RANK, _SLOT0, _IS_RED, _C_TO_F
    ncols = len(cols)
    moved = True
    while moved:
        moved = False
        black = min(found[0], found[1], found[6], found[7])
        red = min(found[2], found[3], found[4], found[5])
        # a card of rank index r (0 = ace) is safe when the other colour has
        # r home and its own colour r - 1 (see _safe)
        for i in range(ncols):
            col = cols[i]
            while col:
                c = col[-1]
                r = rank[c]
                s = slot0[c]
                if found[s] != r:
                    s += 1
                    if found[s] != r:
                        break
                if r and ((r > black or r - 1 > red) if is_red[c] else (r > red or r - 1 > black)):
                    break
                found[s] += 1
                col = col[:-1]
                cols[i] = col
                touched.append(i)
                if hidden[i] and len(col) == hidden[i]:
                    hidden[i] -= 1
                acts.append(to_f[i])
                moved = True
                if r:
                    black = min(found[0], found[1], found[6], found[7])
                    red = min(found[2], found[3], found[4], found[5])
        for s in range(8):
            r = found[s]
            if r == 13:
                continue
            c = s // 2 * 13 + r
            if r and ((r > black or r - 1 > red) if 13 <= c < 39 else (r > red or r - 1 > black)):
                continue
            i = talon.find(c)
            if i < 0:
                continue
            n = _draws(drawn, len(talon), i)
            if n:
                acts.append(n)
            acts.append("w>f")
            found[_slot_for(found, c)] += 1
            talon = talon[:i] + talon[i + 1:]
            drawn = i
            moved = True
            black = min(found[0], found[1], found[6], found[7])
            red = min(found[2], found[3], found[4], found[5])
    return talon, drawn


def _score(cols: Sequence[bytes], hidden: Sequence[int], talon: bytes, found: tuple[int, ...], weights: Weights) -> int:
    """A state's score (higher is better): the columns' terms (``_term``)
    and the rest (``_score_rest``). An expansion adds them up itself, with
    the parent's terms for the columns its move left alone."""
    w_empty, w_pile = weights[2], weights[6]
    return _score_rest(cols, sum(hidden), talon, tuple(found), weights) + sum(
        [_term(col, h, w_empty, w_pile) for col, h in zip(cols, hidden)])


def _term(col: bytes, h: int, w_empty: int, w_pile: int) -> int:
    """One column's part of the score: an empty column is worth ``w_empty``;
    each face-up card piled on face-down ones costs ``w_pile``."""
    return w_empty if not col else (-w_pile * (len(col) - h) if h else 0)


def _score_rest(cols: Sequence[bytes], hidden_sum: int, talon: bytes, found: tuple[int, ...], weights: Weights,
                depths: bytes | None = None) -> int:
    """The score but for the columns' terms (``_term``). ``depths``: the
    columns' ``_DEPTHS`` joined as the columns are (an expansion patches its
    parent's), so that a card's place in the columns gives the cards above it."""
    _, w_hidden, _, w_buried, w_played, _, _ = weights
    # Cards left in the talon are mostly neither a gain nor a loss: any of
    # them can be played at any time, while a talon card put on a column can
    # move again only one card at a time. A term rewarding an empty talon
    # led the searches into tables piled high with long runs, where they
    # stalled (tuning deal 500027: unsolved in 40 s with it, about 1 s
    # without), so only one weighting of the portfolio keeps it (``PLAYED``:
    # 500014 is quick with it, not without).
    score = _found_part(found, weights) - w_hidden * hidden_sum - w_played * len(talon)
    if w_buried:  # the next card of each foundation slot: the fewer cards above it, the better
        if depths is None:
            depths = b"\xff".join([_DEPTHS[len(col)] for col in cols])
        score -= w_buried * _buried(b"\xff".join(cols), depths, found, talon)
    return score


def _found_part(found: tuple[int, ...], weights: Weights) -> int:
    """The foundations' part of the score: the cards home and the balance of each suit's two slots."""
    w_home, w_balance = weights[0], weights[5]
    f0, f1, f2, f3, f4, f5, f6, f7 = found
    score = w_home * (f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7)
    # A suit with one slot far ahead of the other has sent one copy of its
    # cards home early, so the other copy's cards (and the cards that would
    # go on them) have fewer places; the searches then stalled in end games
    # that need long runs of take-backs (tuning deals 500043, 500045, 500053
    # and the seed's example EH1-N-AAAAAAF: unsolved in 10 s without this
    # term, about 1 s with it). Two searches of the portfolio go without it.
    if w_balance:
        score -= w_balance * (abs(f0 - f1) + abs(f2 - f3) + abs(f4 - f5) + abs(f6 - f7))
    return score


def _buried(table: bytes, depths: bytes, found: tuple[int, ...], talon: bytes) -> int:
    """The cards above the next card of each foundation slot (not in the
    talon), in its column, of its copy with fewer: ``table`` is the columns
    joined by 255 bytes, ``depths`` the same with each card's count of cards
    above it (``_DEPTHS``) in its place, so that one look finds a copy and its depth."""
    find = table.find
    buried = 0
    nexts = _NEXTS.get(found)
    if nexts is None:
        if len(_NEXTS) >= 4096:
            _NEXTS.clear()
        f0, f1, f2, f3, f4, f5, f6, f7 = found
        nexts = _NEXTS[found] = (*_NEXT[0][f0][f1], *_NEXT[1][f2][f3], *_NEXT[2][f4][f5], *_NEXT[3][f6][f7])
    for c in nexts:
        if c in talon:
            continue
        i = find(c)
        if i >= 0:
            depth = depths[i]
            if depth:
                i = find(c, i + 1)  # the other copy
                if i >= 0 and depths[i] < depth:
                    depth = depths[i]
            buried += depth
    return buried


class EasyHarpProblem(ProblemBase):
    """Easy Harp's problem: a portfolio (``plan``) of best-first searches
    (``variants``) and a stream of restarts (``restart``)."""

    def __init__(self, position: Position | None = None, weights: Weights = WEIGHTS[0], *,
                 root: Root | None = None, chains: bool = False, noise: int = 0, rng: int = 0) -> None:
        """The problem of ``position``; a variant or restart of one is made
        from its ``root`` (the position as a state) with its own settings:
        ``chains``: a chain of talon cards is one move (see ``variants``);
        ``noise``: each child's score gets a pseudo-random 0..noise added
        (ties broken differently), drawn from ``rng``."""
        if root is None:
            if position is None:
                raise ValueError("an Easy Harp problem needs a position or a root")
            talon = bytes(position.waste) + bytes(reversed(position.stock))
            root = (
                tuple(bytes(col) for col in position.columns),
                tuple(position.hidden),
                talon,
                len(position.waste),
                tuple(len(slot) for slot in position.foundations),
            )
        self.root: Root = root
        self.weights = weights
        self.chains = chains
        self.noise = noise
        self._rng = rng

    def plan(self) -> Plan:
        """The fixed best-first searches (``variants``, ``FIXED_SHARES``) and the
        restart stream (``restart``, ``RESTART_SHARE``), sharing the work; a
        line found is made shorter (``easy_harp_line.shorten``)."""
        return Plan("portfolio", searches=tuple(self.variants()), shares=FIXED_SHARES, restarts=self.restart,
                    restart_share=RESTART_SHARE, shorten=self.shorten)

    def shorten(self, line: list[str]) -> Shortening:
        """``line`` (a win from this problem's start) with fewer draws."""
        return shorten(self.root, line)

    def variants(self) -> list[EasyHarpProblem]:
        """The problems the best-first searches take turns on: every score
        weighting with a chain of talon cards as one move (few, deep moves:
        quick on some deals), and two with each talon card of a chain as
        its own move (many cheap expansions: quick on others; on deals
        500001-500030 each kind solved deals the other did not). Each move
        set is sound on its own (see the module's notes)."""
        return [EasyHarpProblem(root=self.root, weights=weights, chains=chains) for weights, chains in VARIANTS]

    def restart(self, k: int) -> Restart:
        """The k-th search of the restart stream, its node budget and beam
        width: the searches of ``RESTART_CYCLE`` in turn, round after round,
        each round with twice the widths and budgets of the one before;
        each with its weighting of ``RESTART_BASES`` (from the second round
        on with each weight scaled by a factor in [0.5, 2)), for a
        best-first search a chain of talon cards one move or not, and noise
        in the scores, all drawn from ``k`` (the same deal, the same
        searches). The moves are this problem's own, only their order
        differs, so a best-first one is as sound as the first."""
        rng = SplitMix64(RESTART_SEED + k)
        width, base, share = RESTART_CYCLE[k % len(RESTART_CYCLE)]
        rounds = k // RESTART_DOUBLING
        weights: Weights = RESTART_BASES[base]
        if k >= len(RESTART_CYCLE):
            weights = tuple(w * (50 + rng.next() % 150) // 100 for w in weights)
        chains = not width and rng.next() % 100 < RESTART_CHAINS  # best-first searches only
        twin = EasyHarpProblem(root=self.root, weights=weights, chains=chains, noise=RESTART_NOISE, rng=rng.next())
        return Restart(twin, min(max(1, int(RESTART_NODES * share)) << rounds, RESTART_CAP), width << rounds)

    def start(self) -> tuple[Actions, State]:
        cols, hidden, talon, drawn, found = self.root
        ncols, nhidden, nfound = list(cols), list(hidden), list(found)
        acts: Actions = []
        talon, drawn = _settle(ncols, nhidden, talon, drawn, nfound, acts, [])
        cols_, hidden_, found_ = tuple(ncols), tuple(nhidden), tuple(nfound)
        return acts, (cols_, hidden_, talon, drawn, found_, _key(cols_, hidden_, talon, found_))

    @staticmethod
    def key(state: State) -> bytes:
        return state[5]  # made once, with the state (``_key``)

    @staticmethod
    def spell(actions: Actions) -> list[str]:
        """A child's actions as the engine's: each run of draws is held as its
        count (an int) while searching, written out only for the solution."""
        out: list[str] = []
        for a in actions:
            if type(a) is int:
                out += ["draw"] * a
            else:
                out.append(a)
        return out

    @staticmethod
    def won(state: State) -> bool:
        return sum(state[4]) == 104

    def children(self, state: State) -> list[Child]:
        result: list[Child] = finish(self.expand(state))
        return result

    def expand(self, state: State, seen: Seen | None = None) -> Expansion:
        """``children`` with pauses (yields) while it finds the moves and
        between the children it makes: one expansion can make thousands of
        talon chains (``PAUSE_CHILDREN``, ``PAUSE_MOVES``). With ``seen`` (a set of keys), the children
        whose key is in it are left out (two in three are, and scoring them
        was a quarter of the work). Its steps: the moves (``_Moves``), then
        each move's child (``_play``, ``_settle``, its key and score from the
        parent's, ``_Parent``), best first."""
        moves = _Moves(state, self.chains)
        yield from moves.find()
        return (yield from self._children(state, moves.moves, seen))

    def _children(self, state: State, moves: list[Steps], seen: Seen | None) -> Expansion:
        """The child of each move (pausing every ``PAUSE_CHILDREN``), but the
        ones ``seen`` holds, scored, best first. A child's key and score are
        its parent's (``_Parent``), made anew only for the columns its move
        and its safe moves touched (and the rest of the key, when the move
        left the talon and the foundations as they were)."""
        parent = _Parent(state, self.weights)
        parts0, terms0, depths0, weights = parent.parts, parent.terms, parent.depths, self.weights
        talon0, found0, tail0 = state[2], state[4], parent.tail
        found_part0 = _found_part(found0, weights)
        hidden0 = state[1]
        hidden_part0 = weights[1] * sum(hidden0)
        _, w_hidden, w_empty, w_buried, w_played, _, w_pile = weights
        one, found_keys, depth_of = _BYTE, _FOUND_KEYS, _DEPTHS
        out: list[Child] = []
        noise = self.noise
        rnd = self._rng if noise else 0
        for i, steps in enumerate(moves):
            if not i % PAUSE_CHILDREN:
                yield
            cols, hidden, talon, drawn, found, acts, touched = _play(state, steps)
            parts = parts0[:]
            depths = depths0[:]
            for j in touched:
                col = cols[j]
                parts[j] = one[hidden[j]] + col
                depths[j] = depth_of[len(col)]
            parts.sort()
            key = b"\xff".join(parts) + (tail0 if talon is talon0 and found is found0 else
                                         b"\xfe" + talon + b"\xfd" + (found_keys.get(found) or _found_key(found)))
            if noise:
                rnd = (rnd * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            if seen is not None and key in seen:
                continue  # the search knows it already: no need to score it
            terms = terms0[:]
            for j in touched:
                col = cols[j]  # _term, written out: a call per column took a tenth of the scoring
                h = hidden[j]
                terms[j] = w_empty if not col else (-w_pile * (len(col) - h) if h else 0)
            # _score_rest, written out: the foundations' part is the parent's when they are
            score = (sum(terms) + (found_part0 if found is found0 else _found_part(found, weights))
                     - (hidden_part0 if hidden is hidden0 else w_hidden * sum(hidden)) - w_played * len(talon))
            if w_buried:
                score -= w_buried * _buried(b"\xff".join(cols), b"\xff".join(depths), found, talon)
            if noise:
                score += (rnd >> 33) % (noise + 1)
            out.append((score, acts, (tuple(cols), hidden, talon, drawn, found, key)))
        if noise:
            self._rng = rnd
        # best first, and the later move first among equal scores: a stable sort of the list
        # reversed, by score alone (comparing (score, index) tuples took 8 ms under WebAssembly)
        out.reverse()
        out.sort(key=itemgetter(0), reverse=True)
        return out


class _Moves:
    """The moves of one state worth trying, each a list of steps (``Step``),
    in the order the children are made: for each column, its top card home
    (talon cards of its suit first when they are the ones due before it), onto
    another column, onto talon cards (``talon_moves``) and a king-led run into
    an empty column; then each foundation's top card taken back (when it is
    not safe at home) onto a column, an empty column or talon cards; then the
    first steps of longer talon chains. Talon cards are never played alone:
    see the module's notes. ``find`` pauses (yields) once ``PAUSE_MOVES``
    more were found since its last pause.

    Made and dropped within one expansion; its methods call each other, never
    through a stored bound method, so it holds no reference cycle."""

    __slots__ = ("cols", "hidden", "found", "whole_chains", "hosts", "empty", "in_talon", "fits_memo",
                 "starts_memo", "chain_memo", "first_steps", "moves")

    def __init__(self, state: State, whole_chains: bool) -> None:
        cols, hidden, talon, _, found, _ = state
        self.cols, self.hidden, self.found = cols, hidden, found
        self.whole_chains = whole_chains  # a whole chain of talon cards is one move (``chains``)
        hosts: dict[int, list[int]] = {}  # card that would fit -> columns
        empty = -1
        fits_on = _FITS_ON
        for i, col in enumerate(cols):
            if col:
                # the cards of rank r-1 and the other colour: two suits (none on an ace)
                for fit in fits_on[col[-1]]:
                    if fit in hosts:
                        hosts[fit].append(i)
                    else:
                        hosts[fit] = [i]
            elif empty < 0:
                empty = i
        self.hosts, self.empty = hosts, empty
        self.in_talon, self.fits_memo = _TALONS.get(talon) or _talon(talon)
        self.starts_memo: dict[int, set[tuple[int, int]]] = {}
        self.chain_memo: dict[int, list[Steps]] = {}
        self.first_steps: set[tuple[int, int]] = set()  # (talon card, column): a chain's first step
        self.moves: list[Steps] = []

    def find(self) -> Pauses:
        """Every move into ``moves``, pausing now and then."""
        moves = self.moves
        paused = 0  # the moves found at the last pause
        for si, col in enumerate(self.cols):
            if len(moves) - paused >= PAUSE_MOVES:
                yield  # one column's talon chains can be a thousand moves
                paused = len(moves)
            if col:
                self.column_moves(si, col)
        found = self.found
        black = min(found[0], found[1], found[6], found[7])  # for _safe: ``found`` stays as it is
        red = min(found[2], found[3], found[4], found[5])
        for slot in range(8):
            if len(moves) - paused >= PAUSE_MOVES:
                yield
                paused = len(moves)
            k = found[slot]
            if k and not (slot & 1 and found[slot - 1] == k):
                c = (slot // 2) * 13 + k - 1
                r = k  # _safe(found, c): c's rank index + 1
                if r <= 1 or (r - 1 <= black and r - 2 <= red if _IS_RED[c] else r - 1 <= red and r - 2 <= black):
                    continue
                self.take_backs(slot, c)
        for y, di in sorted(self.first_steps):
            moves.append([("w", y, 1, "c", di)])

    def column_moves(self, si: int, col: bytes) -> None:
        """The moves of column ``si``'s top card (and of a king-led run ending in it)."""
        moves, found, hosts = self.moves, self.found, self.hosts
        rank = _RANK
        c = col[-1]
        n = len(col)
        r = rank[c]
        s0 = _SLOT0[c]
        for s in (s0, s0 + 1) if found[s0] != found[s0 + 1] else (s0,):
            level = found[s]
            if level == r:
                moves.append([("c", si, 1, "f", s)])
            elif level < r:
                # talon cards of this suit home first, then this one
                base = s0 // 2 * 13
                in_talon = self.in_talon
                if base + level in in_talon and all(base + k in in_talon for k in range(level + 1, r)):
                    steps: Steps = [("w", base + k, 1, "f", s) for k in range(level, r)]
                    steps.append(("c", si, 1, "f", s))
                    moves.append(steps)
        for di in hosts.get(c, ()):
            if di != si:
                moves.append([("c", si, 1, "c", di)])
        ys = self.fits_memo.get(c)
        if ys is None:
            ys = self.fits(c)
        if ys:  # else no talon card takes it (nor could a chain of them: see ``chains``)
            self.talon_moves(c, si, "c", ys)
        empty = self.empty
        if empty >= 0:
            # a run from a king up to this card, face up and not the whole column, to the
            # empty column: that king can only be 12 - r cards below the top
            j = n - 13 + r
            is_red = _IS_RED
            if j > 0 and j >= self.hidden[si] and rank[col[j]] == KING and all(
                    rank[col[t - 1]] == rank[col[t]] + 1 and is_red[col[t - 1]] != is_red[col[t]]
                    for t in range(j + 1, n)):
                moves.append([("c", si, n - j, "c", empty)])

    def take_backs(self, slot: int, c: int) -> None:
        """The moves of card ``c``, the top of foundation ``slot`` (not safe at home)."""
        for di in self.hosts.get(c, ()):
            self.moves.append([("f", slot, 1, "c", di)])
        if self.empty >= 0 and c % 13 == KING:
            self.moves.append([("f", slot, 1, "c", self.empty)])
        ys = self.fits(c)
        if ys:
            self.talon_moves(c, slot, "f", ys)

    def fits(self, card: int) -> tuple[int, ...]:
        """The talon cards ``card`` could go on (other colour, one rank higher)."""
        ys = self.fits_memo.get(card)
        if ys is None:
            in_talon = self.in_talon
            ys = self.fits_memo[card] = tuple([y for y in _GOES_ON[card] if y in in_talon])
        return ys

    def starts(self, card: int) -> set[tuple[int, int]]:
        """The first steps (talon card, column) of every chain of talon
        cards that could be built on the table so that ``card`` then
        goes on its last card."""
        memo = self.starts_memo
        if card in memo:
            return memo[card]
        out = set()
        for y in self.fits(card):
            for di in self.hosts.get(y, ()):
                out.add((y, di))
            if y % 13 == KING:
                if self.empty >= 0:
                    out.add((y, self.empty))
            else:
                out |= self.starts(y)
        memo[card] = out
        return out

    def chains(self, card: int) -> list[Steps]:
        """Every way to bring talon cards onto the table so that ``card``
        (not from the talon) then fits on the last of them (new lists)."""
        memo = self.chain_memo
        if card in memo:
            return [list(chain) for chain in memo[card]]
        r = card % 13
        if r == KING:
            return []
        out: list[Steps] = []
        for y in ((r + 1, 39 + r + 1) if _red(card) else (13 + r + 1, 26 + r + 1)):
            if y not in self.in_talon:
                continue
            for di in self.hosts.get(y, ()):
                out.append([("w", y, 1, "c", di)])
            if y % 13 == KING:
                if self.empty >= 0:
                    out.append([("w", y, 1, "c", self.empty)])
            else:
                for sub in self.chains(y):
                    dst = sub[-1][4]
                    sub.append(("w", y, 1, "c", dst))
                    out.append(sub)
        memo[card] = out
        return [list(chain) for chain in out]

    def talon_moves(self, card: int, si: int, kind: Kind, ys: tuple[int, ...]) -> None:
        """Moves of ``card`` (a column's top, ``kind`` "c", or a
        foundation's, "f", from ``si``) onto the talon cards ``ys`` it
        fits on (``fits``, not empty): one talon card
        put down and ``card`` on it as one move; a longer chain as its
        first step alone (the next expansions find the rest of it).
        With ``whole_chains`` every whole chain is one move instead."""
        moves = self.moves
        if self.whole_chains:
            for chain in self.chains(card):
                dst = chain[-1][4]
                if dst != si or kind != "c":
                    chain.append((kind, si, 1, "c", dst))
                    moves.append(chain)
            return
        hosts, empty = self.hosts, self.empty
        for y in ys:
            for di in hosts.get(y, ()):
                if di != si or kind != "c":
                    moves.append([("w", y, 1, "c", di), (kind, si, 1, "c", di)])
            if y % 13 == KING:
                if empty >= 0:
                    moves.append([("w", y, 1, "c", empty), (kind, si, 1, "c", empty)])
            else:
                firsts = self.starts_memo.get(y)
                if firsts is None:
                    firsts = self.starts(y)
                if firsts:  # often none: no chain of talon cards reaches y
                    if kind == "c":
                        self.first_steps.update([step for step in firsts if step[1] != si])
                    else:
                        self.first_steps.update(firsts)


# A child while it is made (``_play``): its columns, face-down counts, talon, cards
# drawn and foundation counts (lists where it changes them), its actions, and the
# columns its move and its safe moves changed (repeats do no harm).
Played = tuple[list[bytes], tuple[int, ...], bytes, int, tuple[int, ...], Actions, list[int]]


def _play(state: State, steps: Steps) -> Played:
    """The child that ``steps`` lead to from ``state``, its safe moves home
    made (``_settle``: only when a card went home or between foundations,
    or the top the move uncovered is due home; the module's notes say why
    the others are settled already). The face-down counts and the
    foundation counts are the parent's own tuples when they stay as they
    were (``_children`` sees it: no copy, and the sums as the parent's)."""
    cols, hidden, talon, drawn, found, _ = state
    ncols = list(cols)
    nhidden: list[int] | None = None  # made when a face-down card turns up
    nfound: list[int] | None = None  # made when a foundation changes
    home = False  # a card went home (or between foundations): safe moves
    acts: Actions = []
    touched: list[int] = []
    uncovered = -1  # the column whose top card the move took
    one = _BYTE
    for sk, si, k, dk, di in steps:
        if sk == "c":
            src = ncols[si]
            rest = len(src) - k
            cards = src[rest:]
            ncols[si] = src[:rest]
            if rest and rest == (hidden if nhidden is None else nhidden)[si]:
                nhidden = nhidden or list(hidden)
                nhidden[si] -= 1
            uncovered = si
            touched.append(si)
            if dk == "c":
                ncols[di] += cards
                touched.append(di)
                acts.append(f"c{si + 1}.{k}>c{di + 1}" if k > 1 else _C_TO_C[si][di])
            else:
                home = True
                nfound = nfound or list(found)
                nfound[_slot_for(nfound, cards[0])] += 1
                acts.append(f"c{si + 1}.{k}>f" if k > 1 else _C_TO_F[si])
        elif sk == "w":
            ti = talon.index(si)  # the draws that bring it to the waste top (_draws)
            if drawn <= ti + 1:
                if drawn < ti + 1:
                    acts.append(ti + 1 - drawn)
            else:
                acts.append(len(talon) - drawn + ti + 2)
            talon = talon[:ti] + talon[ti + 1:]
            drawn = ti
            if dk == "c":
                ncols[di] += one[si]
                touched.append(di)
                acts.append(_W_TO_C[di])
            else:
                home = True
                nfound = nfound or list(found)
                nfound[_slot_for(nfound, si)] += 1
                acts.append("w>f")
        else:
            nfound = nfound or list(found)
            card = (si // 2) * 13 + nfound[si] - 1
            nfound[si] -= 1
            if dk == "c":
                ncols[di] += one[card]
                touched.append(di)
                acts.append(_F_TO_C[si][di])
            else:
                home = True
                nfound[_slot_for(nfound, card)] += 1
                acts.append(f"f{si + 1}>f")
    now = found if nfound is None else nfound
    if not home and uncovered >= 0:  # is the uncovered top due home (a next card, and safe)?
        col = ncols[uncovered]
        if col:
            c = col[-1]
            r = _RANK[c]
            s = _SLOT0[c]
            home = (now[s] == r or now[s + 1] == r) and _safe(now, c)
    if home:
        nfound = nfound or list(found)
        nhidden = nhidden or list(hidden)
        talon, drawn = _settle(ncols, nhidden, talon, drawn, nfound, acts, touched)
    return (ncols, hidden if nhidden is None else tuple(nhidden), talon, drawn,
            found if nfound is None else tuple(nfound), acts, touched)


class _Parent:
    """A state's columns as parts of the key (``_key``), as terms of the
    score (``_term``) and as the depths of their cards (``_DEPTHS``), and its
    key after the columns, for its children (``EasyHarpProblem._children``)."""

    __slots__ = ("parts", "terms", "depths", "tail")

    def __init__(self, state: State, weights: Weights) -> None:
        cols, hidden, talon, _, found, _ = state
        one = _BYTE
        w_empty, w_pile = weights[2], weights[6]
        self.parts = [one[h] + col for col, h in zip(cols, hidden)]
        self.terms = [w_empty if not col else (-w_pile * (len(col) - h) if h else 0)  # _term, written out
                      for col, h in zip(cols, hidden)]
        self.depths = [_DEPTHS[len(col)] for col in cols]
        self.tail = b"\xfe" + talon + b"\xfd" + (_FOUND_KEYS.get(found) or _found_key(found))
