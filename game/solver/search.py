"""The search shared by both games, in slices.

A game's problem (``problem.Problem``: ``start``, ``expand``, ``key``,
``won``, ``spell``) and its plan (``problem.Plan``) are all the searches
see. The searches are a depth-first and a best-first search over a
problem's children with one table of every key seen; a plan may ask for
several of them taking turns (``portfolio``: best-first searches scored in
other ways, and a stream of searches restarted with node budgets,
``restarting``, some of them beam searches, ``beam``, which prove nothing).
The table makes the depth-first and best-first searches exhaustive: when the
stack runs dry every reachable state (up to the problem's sound pruning) has
been seen and none was won, so the result is a proof, ``unwinnable``. A time
or node limit ends it with ``unknown``.

When "unwinnable" is a proof. Each search owns its tables (``_Stats``: a
tree, one node per search, each search run by another being one of its
``parts``); no list of tables is shared between searches, so no search can
hand another's tables to the scrap. A search's tables reach the scrap only
through ``_Stats.release`` (the task ended or was cancelled, or the restart
stream dropped that search), which marks it and all under it ``released``.
A depth-first or best-first search whose queue ran dry ends
``unwinnable`` only when it is not released and its table still holds one
key per node it counted (``_exhausted``, asserted); otherwise it ends
``unknown``. A beam never ends ``unwinnable``. The portfolio, the restart
stream and the task assert that an ``unwinnable`` they pass on came from a
search that owns its tables (``_proof``). This is what keeps a slicing from
changing a result: the sweep between slices frees only tables that no
running search owns, so with a node budget the verdict, node count and
solution are the same in one slice and in slices of any length
(``tests/solver/test_known_wins.py`` checks it on real deals of both games, with a
search beside and the sweeper between slices).

It is written as a generator that yields after every expansion and
inside long ones, so a game window without threads can run it a few
milliseconds per frame (``SolverTask.step``). The pauses inside an
expansion change nothing in the search's order (the portfolio moves on to
its next search only at the end of an expansion), so verdicts and node
counts are the same however the slices fall. ``memory`` says how the
searches keep the cyclic collector off and free their tables a piece at a
time (``sweep``, ``CollectorHold``: the old names, importable from here too).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from heapq import heappop, heappush
from operator import itemgetter
from typing import AbstractSet, Any, Callable, Final, Generator, Literal, Optional, Sequence

from ..engine.actions import Action
from ..engine.rules import Refusal
from .memory import SWEEP_PIECE, CollectorHold, collector_held, free, scrap, sweep
from .problem import Actions, Child, Expansion, Plan, Planned, Problem, ProblemBase, Restart, Seen

__all__ = ["WINNABLE", "UNWINNABLE", "UNKNOWN", "Verdict", "SolveResult", "SolverTask", "Problem", "ProblemBase",
           "CollectorHold", "collector_held", "sweep", "SWEEP_PIECE", "finish", "depth_first", "best_first", "beam",
           "restarting", "portfolio", "Expansion", "Child", "Actions"]

_scrap = scrap  # the scrap heap's old name (the tests read it)

Verdict = Literal["winnable", "unwinnable", "unknown"]
WINNABLE: Final = "winnable"
UNWINNABLE: Final = "unwinnable"
UNKNOWN: Final = "unknown"
# Every search yields UNIT after its set-up and after each expansion (the unit
# of work), and None at the pauses inside one: a problem's ``expand`` pauses
# every few children (Easy Harp: ``easy_harp.PAUSE_CHILDREN``), and the search
# between the keys it looks up (PAUSE_EVERY). A slice overruns its budget by
# those few children at most (under WebAssembly one Easy Harp expansion of
# 3000 talon chains took 100-860 ms, measured).
UNIT: Final = True
PAUSE_EVERY = 16  # children looked up in the table between two pauses
TIGHTEN_PAUSE = 16  # a solution's actions replayed between two pauses (``tightened``: about 8 us each natively)
AVOID_PAUSE = 4  # positions to avoid keyed between two pauses (a problem made and started for each)

Unit = Optional[bool]  # what a search yields: UNIT after a unit of work, None at a pause inside one
Outcome = tuple[Verdict, Actions]  # a verdict and, for a win, the actions from the start
Search = Generator[Unit, None, Outcome]
Avoid = AbstractSet[Any]  # keys of states a search must never enter (``_seen``)
Node = tuple[int, tuple[Any, ...]]  # a best-first or beam search's node: (its parent's node, its actions)


def finish(expansion: Generator[Any, None, Any]) -> Any:
    """Run an expansion (a generator) to its end: its return value."""
    try:
        while True:
            next(expansion)
    except StopIteration as stop:
        return stop.value


@dataclass
class SolveResult:
    """``actions`` is a full solution (contract notation) when ``result``
    is ``winnable``; otherwise it is empty."""

    result: Verdict
    actions: list[str] = field(default_factory=list)
    seconds: float = 0.0
    nodes: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "actions": list(self.actions),
            "seconds": round(self.seconds, 4),
            "nodes": self.nodes,
        }


class _Stats:
    """One search's node count and the tables it owns.

    Ownership is a tree: a search that runs others (``portfolio``,
    ``restarting``) holds each one's own ``_Stats`` in ``parts``, and no
    list of tables is shared, so no search can hand another's tables to the
    scrap. ``release`` is the only way a table reaches the scrap (besides a
    search's own children lists, ``memory.free``): it marks the search and all
    under it ``released``, and a released search can prove nothing
    (``_exhausted``)."""

    nodes = 0
    avoided = 0  # keys of states to avoid in its table of keys seen (``_seen``)

    def __init__(self) -> None:
        self.won: list[str] | None = None  # a line found: the win stands while it is shortened (``_searching``)
        self.tables: list[Any] = []  # this search's own big tables, for ``sweep`` once it ends
        self.parts: list[_Stats] = []  # the searches it runs, each with its own tables
        self.released = False  # its tables went to the scrap: whatever it returns now is ``unknown``

    def part(self) -> _Stats:
        """A new search's own stats, owned by this one."""
        own = _Stats()
        self.parts.append(own)
        return own

    def drop(self, own: _Stats) -> None:
        """A search run by this one is done with: its tables go to the scrap."""
        self.parts.remove(own)
        own.release()

    def release(self) -> None:
        """This search's tables and those of every search under it go to the
        scrap (``sweep`` frees them a piece at a time); none of them may end
        ``unwinnable`` after this."""
        pending = [self]
        while pending:
            stats = pending.pop()
            stats.released = True
            scrap.extend(stats.tables)
            stats.tables.clear()
            pending.extend(stats.parts)
            stats.parts.clear()


def _exhausted(stats: _Stats, seen: Seen) -> Verdict:
    """The verdict of a depth-first or best-first search whose queue ran
    dry. It is a proof (``unwinnable``) only when the search still owns
    every table it made: not released (cancelled, dropped, swept), and its
    table of keys holds one key per node it counted, so nothing was taken
    out of it. Anything else ends ``unknown``."""
    if stats.released:
        return UNKNOWN
    assert len(seen) == stats.nodes + stats.avoided, \
        f"a search lost part of its table ({len(seen)} keys, {stats.nodes} nodes, {stats.avoided} avoided)"
    return UNWINNABLE


def _proof(own: _Stats, verdict: Verdict) -> Verdict:
    """A sub-search's verdict as its runner takes it: ``unwinnable`` only
    from a search that still owns its tables."""
    assert verdict != UNWINNABLE or not own.released, "a released search ended unwinnable"
    return verdict


def depth_first(problem: Problem, stats: _Stats, max_nodes: int | None, avoid: Avoid = frozenset()) -> Search:
    """Yields now and then; returns (via StopIteration.value) the result
    string and the solution's actions. It never enters a state whose key
    is in ``avoid`` (see ``_seen``)."""
    actions, state = problem.start()
    key = problem.key
    won = problem.won
    expand = problem.expand
    seen = _seen(key(state), avoid, stats)
    stats.nodes = 1
    if won(state):
        return WINNABLE, actions
    yield UNIT
    # Each frame: (children of a state, next index, the actions that led to it)
    stack: list[list[Any]] = [[(yield from expand(state, seen)), 0, actions]]
    stats.tables += [seen, stack]
    looked = 0
    while stack:
        frame = stack[-1]
        kids, i = frame[0], frame[1]
        if i >= len(kids):
            yield from free(stack.pop()[0])
            continue
        frame[1] = i + 1
        _, acts, child = kids[i]
        k = key(child)
        looked += 1
        if looked % PAUSE_EVERY == 0:
            yield None  # children seen already, thousands in a row at times: a pause now and then
        if k in seen:
            continue
        seen.add(k)
        stats.nodes += 1
        if won(child):
            path = [a for f in stack for a in f[2]] + acts
            return WINNABLE, path
        stack.append([(yield from expand(child, seen)), 0, acts])
        if max_nodes is not None and stats.nodes >= max_nodes:
            return UNKNOWN, []
        yield UNIT
    return _exhausted(stats, seen), []


def _seen(root: Any, avoid: Avoid, stats: _Stats) -> Seen:
    """A search's table of keys seen, to begin with: the root's and the
    keys of ``avoid`` (the states it must never enter: the positions the game
    has been in, ``avoided``), which the search then passes over as it passes
    over a state seen before. ``stats.avoided`` counts them (``_exhausted``)."""
    seen = set(avoid)
    seen.discard(root)
    stats.avoided = len(seen)
    seen.add(root)
    return seen


def _begin(problem: Problem, stats: _Stats, avoid: Avoid = frozenset()) -> tuple[Actions, Any, Seen, list[Node]]:
    """A best-first or beam search's start: the problem's start (actions,
    state), the set of keys seen (``_seen``: with the keys to avoid) and
    the table of (parent, actions) per node, both already in ``stats.tables``."""
    actions, state = problem.start()
    seen = _seen(problem.key(state), avoid, stats)
    parents: list[Node] = [(-1, tuple(actions))]
    stats.nodes = 1
    stats.tables += [seen, parents]
    return actions, state, seen, parents


def _adopt(kids: list[Child], current: int, problem: Problem, seen: Seen, parents: list[Node], stats: _Stats,
           out: list[tuple[int, int, Any]]) -> Generator[None, None, int]:
    """The children of node ``current`` not seen before: each is recorded
    (its key in ``seen``, its parent and actions in ``parents``) and goes to
    ``out`` as (score, node, state); returns a won child's node, else -1."""
    key, won, add, record = problem.key, problem.won, seen.add, parents.append
    nodes = stats.nodes  # counted here, handed back at each pause and at the end (3 % of a search under Pyodide)
    for i, (score, acts, child) in enumerate(kids):
        if i % PAUSE_EVERY == PAUSE_EVERY - 1:
            stats.nodes = nodes
            yield  # thousands of keys to make and look up: a pause now and then
        k = key(child)
        if k in seen:
            continue
        add(k)
        nodes += 1
        node = len(parents)
        record((current, tuple(acts)))  # tuples of str: the GC stops tracking them
        if won(child):
            stats.nodes = nodes
            return node
        out.append((score, node, child))
    stats.nodes = nodes
    return -1


def _path(parents: list[Node], node: int) -> Actions:
    """The actions from the start to ``node``."""
    path: Actions = []
    while node >= 0:
        parent, acts = parents[node]
        path[:0] = acts
        node = parent
    return path


def best_first(problem: Problem, stats: _Stats, max_nodes: int | None, avoid: Avoid = frozenset()) -> Search:
    """Always expand the best-scored state seen so far (greedy best-first).
    Like ``depth_first`` it sees every reachable state before it gives up,
    so an empty queue is a proof as well; it keeps every state it queued."""
    actions, state, seen, parents = _begin(problem, stats, avoid)
    if problem.won(state):
        return WINNABLE, actions
    expand = problem.expand
    heap: list[tuple[int, int, Any]] = [(0, 0, state)]
    stats.tables.append(heap)
    yield UNIT
    while heap:
        # ids are stored negated so that among equal scores the newest wins
        _, neg_id, state = heappop(heap)
        current = -neg_id
        kids = yield from expand(state, seen)
        new: list[tuple[int, int, Any]] = []
        node = yield from _adopt(kids, current, problem, seen, parents, stats, new)
        if node >= 0:
            return WINNABLE, _path(parents, node)
        for score, node, child in new:
            heappush(heap, (-score, -node, child))
        yield from free(kids)
        if max_nodes is not None and stats.nodes >= max_nodes:
            return UNKNOWN, []
        yield UNIT
    return _exhausted(stats, seen), []


def beam(problem: Problem, stats: _Stats, max_nodes: int | None, width: int, avoid: Avoid = frozenset()) -> Search:
    """Beam search: level by level, only the ``width`` best new children of
    a level go on to the next. It pushes on through long stretches of moves
    that change no score (taking a run apart card by card), where a
    best-first search spreads over every such position. It leaves positions
    out, so running dry proves nothing: it ends ``unknown``."""
    actions, state, seen, parents = _begin(problem, stats, avoid)
    if problem.won(state):
        return WINNABLE, actions
    expand = problem.expand
    level = [(0, 0, state)]
    yield UNIT
    while level:
        following: list[tuple[int, int, Any]] = []
        for _, current, state in level:
            kids = yield from expand(state, seen)
            node = yield from _adopt(kids, current, problem, seen, parents, stats, following)
            if node >= 0:
                return WINNABLE, _path(parents, node)
            yield from free(kids)
            if max_nodes is not None and stats.nodes >= max_nodes:
                return UNKNOWN, []
            yield UNIT
        following.sort(key=itemgetter(0), reverse=True)
        level = following[:width]
    return UNKNOWN, []


def restarting(restarts: Callable[[int], Restart], stats: _Stats, max_nodes: int | None,
               avoid: Avoid = frozenset()) -> Search:
    """Searches one after another (``restarts(k)`` gives the k-th one's
    problem, node budget and beam width): a search that has not won
    within its budget is dropped, its tables go to the scrap, and the next
    one starts afresh. Solving times of one search are heavy-tailed (most
    deals take a second, some take minutes whatever the weighting), and
    short runs of differently ordered searches cut that tail (restarts).
    Each one sees the same moves and owns its own tables (``stats.part``),
    so one that runs out of states before its budget has seen every
    reachable state: its ``unwinnable`` is as much a proof as a single
    search's. A budget of None runs that search to the end. A beam search
    can run dry without proving anything: the next one starts then too.

    The running search's stats are a part of ``stats`` from its start, so
    that a task cancelled mid-search frees its tables a piece at a time too;
    dropping it releases its tables alone (``_Stats.drop``), never those of
    a search running beside the stream."""
    done = 0
    k = 0
    while True:
        prob, budget, width = restarts(k)
        own = stats.part()
        search = beam(prob, own, budget, width, avoid) if width else best_first(prob, own, budget, avoid)
        try:
            while True:
                unit = next(search)
                stats.nodes = done + own.nodes
                if unit and max_nodes is not None and stats.nodes >= max_nodes:
                    return UNKNOWN, []
                yield unit
        except StopIteration as stop:
            verdict, actions = stop.value
        verdict = _proof(own, verdict)
        done += own.nodes
        stats.nodes = done
        if verdict != UNKNOWN or budget is None or (own.nodes < budget and not width):
            return verdict, actions
        stats.drop(own)  # freed a piece at a time by the next slices (``sweep``)
        k += 1


class _Entrant:
    """One search of a portfolio: its generator, its own stats, its share of
    the work and the work it has done (pieces: every yield of it is one)."""

    __slots__ = ("search", "own", "share", "work")

    def __init__(self, search: Search, own: _Stats, share: int) -> None:
        self.search, self.own, self.share, self.work = search, own, share, 0


def _entrants(problem: Problem, plan: Plan, stats: _Stats, avoid: Avoid) -> list[_Entrant]:
    """The portfolio's searches, each owning its tables: a best-first search
    of each of the plan's ``searches`` (none given: of the problem) with its
    ``shares``, a depth-first one when ``depth_first_too``, and last the
    stream of restarts with ``restart_share``."""
    fixed = plan.searches or (problem,)
    shares = plan.shares or (1,) * len(fixed)
    entrants = [_Entrant(best_first(p, own, None, avoid), own, share)
                for p, share in zip(fixed, shares) for own in [stats.part()] if share > 0]
    if plan.depth_first_too:
        own = stats.part()
        entrants.append(_Entrant(depth_first(problem, own, None, avoid), own, 1))
    if plan.restarts is not None and plan.restart_share > 0:
        own = stats.part()
        entrants.append(_Entrant(restarting(plan.restarts, own, None, avoid), own, plan.restart_share))
    return entrants


def portfolio(problem: Problem, plan: Plan, stats: _Stats, max_nodes: int | None,
              avoid: Avoid = frozenset()) -> Search:
    """Several searches taking turns, each on its own table (``_entrants``):
    they solve different deals quickly. Each gets its share of the work:
    the next turn goes to the search that has done the least work for its
    share (the first of them on a tie), and a turn is one unit of that
    search (an expansion), its work the pieces it yielded meanwhile, which
    are about the same CPU time each (an Easy Harp expansion pauses every
    few children it makes). Work is counted, not timed, so the turns, and
    with them the verdict, nodes and solution, are the same however the
    slices fall. The first verdict wins (each search is exhaustive on its
    own, so any one's ``unwinnable`` is a proof)."""
    entrants = _entrants(problem, plan, stats, avoid)
    while True:
        turn = entrants[0]
        for entrant in entrants:  # the least work for its share: work / share, compared without division
            if entrant.work * turn.share < turn.work * entrant.share:
                turn = entrant
        try:
            turn.work += 1
            while not next(turn.search):
                turn.work += 1
                yield None  # a pause inside this search's expansion: it goes on at once
        except StopIteration as stop:
            stats.nodes = sum(e.own.nodes for e in entrants)
            for other in entrants:
                other.search.close()
            verdict, actions = stop.value
            return _proof(turn.own, verdict), actions
        stats.nodes = sum(e.own.nodes for e in entrants)
        if max_nodes is not None and stats.nodes >= max_nodes:
            return UNKNOWN, []
        yield UNIT  # one unit of one search at a time: a slice can stop between them


def _searching(position: Any, stats: _Stats, max_nodes: int | None, avoid: Sequence[bytes] = ()) -> Search:
    """The set-up (the game's problem and its plan) inside the first slice,
    then the search, and a line found made shorter (``_finished``). With
    positions to ``avoid`` (``Position.packed_key`` of the positions the
    game has been in), it first looks for a line that stays off them
    (``avoided``); only when none exists (that search ran dry: no proof of a
    loss, since it left states out) does it search again without them, and
    that search's verdict is the game's."""
    from .problems import problem_for

    problem: Planned = problem_for(position)
    plan = problem.plan()
    yield UNIT
    keys = (yield from avoided(position, avoid)) if avoid else frozenset()
    if not keys:
        verdict, actions = yield from _run(problem, plan, stats, max_nodes, keys)
        return (yield from _finished(problem, plan, stats, position, verdict, actions))
    first = stats.part()
    verdict, actions = yield from _mirrored(_run(problem, plan, first, max_nodes, keys), first, stats, 0)
    if verdict == UNWINNABLE:  # no line stays off the game's path: any line, or a proof of a loss
        done = first.nodes
        stats.drop(first)  # freed a piece at a time by the next slices (``sweep``)
        again = stats.part()
        budget = None if max_nodes is None else max(1, max_nodes - done)
        verdict, actions = yield from _mirrored(_run(problem, plan, again, budget, frozenset()), again, stats, done)
        verdict = _proof(again, verdict)
    return (yield from _finished(problem, plan, stats, position, verdict, actions))


def _finished(problem: Planned, plan: Plan, stats: _Stats, position: Any, verdict: Verdict, actions: Actions) -> Search:
    """The search's outcome in the engine's actions (its variants and
    restarts spell as the problem does), a line found made shorter
    (``Plan.shorten``): the win is kept in ``stats.won`` first, so that a
    time limit that falls while it is shortened ends the task with the line
    as found. A shortened line loses its round trips too (``tightened``)."""
    line = problem.spell(actions)
    if verdict == WINNABLE and plan.shorten is not None:
        stats.won = line
        line = yield from plan.shorten(line)
        line = yield from tightened(position, line)
    return verdict, line


def _run(problem: Planned, plan: Plan, stats: _Stats, max_nodes: int | None, avoid: Avoid) -> Search:
    """The search the plan asks for."""
    if plan.strategy == "portfolio":
        return (yield from portfolio(problem, plan, stats, max_nodes, avoid))
    if plan.strategy == "best-first":
        return (yield from best_first(problem, stats, max_nodes, avoid))
    return (yield from depth_first(problem, stats, max_nodes, avoid))


def _mirrored(search: Search, own: _Stats, stats: _Stats, base: int) -> Search:
    """``search`` run on its own stats (a part of ``stats``), whose node
    count shows ``base`` plus its own as it goes."""
    try:
        while True:
            unit = next(search)
            stats.nodes = base + own.nodes
            yield unit
    except StopIteration as stop:
        stats.nodes = base + own.nodes
        outcome: Outcome = stop.value
        return outcome


def tightened(position: Any, actions: list[str]) -> Generator[Unit, None, list[str]]:
    """A solution without its round trips: replayed through the rules
    from ``position`` (pausing every ``TIGHTEN_PAUSE`` actions), each stretch
    that comes back to a position the line was in already is cut out, so
    that a player who follows it never meets a position twice (a search
    never meets a state twice, but its moves are several actions each, and
    one of them can undo another's first action: Easy Harp's talon card put
    on a column with a card taken back onto it, then that card sent home
    again, is the talon card put on the column; a shortened line can take a
    card back and send it home again, ``easy_harp_line``). The rest replays as
    it did: it starts from the same position."""
    if not actions:
        return actions
    here = position.copy()
    rules = here.rules
    out: list[str] = []
    keys = [here.packed_key()]
    at = {keys[0]: 0}  # position key -> how many actions of ``out`` lead to it
    for i, action in enumerate(actions, 1):
        move = rules.resolve(here, Action.parse(action))
        assert not isinstance(move, Refusal), f"a solution's action {i} ({action}) is refused"
        rules.apply(here, move)
        key = here.packed_key()
        back = at.get(key)
        if back is None:
            out.append(action)
            keys.append(key)
            at[key] = len(out)
        else:  # a round trip: the line goes on from where it was then
            for gone in keys[back + 1:]:
                del at[gone]
            del out[back:], keys[back + 1:]
        if i % TIGHTEN_PAUSE == 0:
            yield None
    return out


# A game's solver keys of positions already met (game, variant, packed key) -> key: the window
# searches one game again and again with a path that grows by a move at a time
_AVOIDED: dict[tuple[str, str, bytes], Any] = {}


def avoided(position: Any, avoid: Sequence[bytes]) -> Generator[Unit, None, Avoid]:
    """The problem's keys of the positions ``avoid`` (packed keys of
    ``position``'s game and deal), pausing every few: each is made into its
    problem's start (its due moves made) and keyed as the search keys its
    states, so that a search told to avoid them never enters one of them,
    nor a state a position of them leads to by due moves alone."""
    from ..engine.position import unpacked
    from .problems import problem_for

    out = set()
    game, variant = position.game, position.variant
    made = 0
    for packed_key in dict.fromkeys(avoid):
        memo = (game, variant, packed_key)
        key = _AVOIDED.get(memo)
        if key is None:
            made += 1
            if made % AVOID_PAUSE == 0:
                yield None
            problem = problem_for(position.restored((unpacked(packed_key), 0)))
            key = problem.key(problem.start()[1])
            if len(_AVOIDED) >= 8192:
                _AVOIDED.clear()
            _AVOIDED[memo] = key
        out.add(key)
    return frozenset(out)


class SolverTask:
    """A solve that runs in slices: call ``step()`` once a frame until it
    returns True, then read ``result``. ``cancel()`` stops it for good
    (``result`` is then ``unknown``). Its tables go to the scrap when it
    ends: a caller that steps tasks calls ``sweep`` after the last one ends
    (``run`` does; so does the window's search task, ``game.play.search.Solve``). Whoever steps it
    holds the cyclic collector off meanwhile (``CollectorHold``): ``run``
    does; the task does not.

    >>> from game.engine import deal_position
    >>> task = SolverTask(deal_position("EO1-C8-AAAAAAB"), seconds=20)
    >>> while not task.step(0.005): pass
    >>> task.result.result
    'winnable'
    """

    def __init__(self, position: Any, seconds: float = 30.0, max_nodes: int | None = None,
                 avoid: Sequence[bytes] = ()) -> None:
        """``avoid``: the packed keys (``Position.packed_key``) of positions
        the game has been in, which a winning line should stay off (see
        ``_searching``)."""
        self.position = position
        self.seconds = seconds  # search time, summed over the slices
        self._stats = _Stats()
        # nothing runs before the first step; the search does not refer back to the
        # task, so a task dropped unfinished is freed at once, without the GC
        self._search = _searching(position, self._stats, max_nodes, avoid)
        self._spent = 0.0
        self.result: SolveResult | None = None

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def nodes(self) -> int:
        return self._stats.nodes

    def cancel(self) -> None:
        if self.result is None:
            self._finish(UNKNOWN, [])

    def step(self, budget_seconds: float = 0.004) -> bool:
        """Search for about ``budget_seconds``; True once there is a result.
        The tables of searches that ended before are freed first, with up to
        half of the slice (``sweep``)."""
        if self.result is not None:
            return True
        start = time.perf_counter()
        deadline = start + budget_seconds
        if scrap:
            sweep(budget_seconds / 2)
            start = time.perf_counter()  # search time counts from here
        try:
            while True:
                next(self._search)
                now = time.perf_counter()
                if self._spent + (now - start) >= self.seconds:
                    self._spent += now - start
                    won = self._stats.won  # out of time while a line found was shortened: that line
                    self._finish(UNKNOWN if won is None else WINNABLE, won or [])
                    return True
                if now >= deadline:
                    break
        except StopIteration as stop:
            self._spent += time.perf_counter() - start
            verdict, actions = stop.value
            self._finish(verdict, actions)
            return True
        self._spent += time.perf_counter() - start
        return False

    def run(self, slice_seconds: float = 1.0) -> SolveResult:
        """Run to the end in slices of ``slice_seconds`` (the command line
        uses 1 s; the window's slicing is ``hints.IDLE_SLICE_MS``, 8 ms), the
        tables freed too. The slicing changes nothing in the result when the
        search is limited by nodes: only where a time limit cuts it. The
        collector is held off until its tables are freed."""
        hold = CollectorHold()
        hold.keep(True)
        try:
            while not self.step(slice_seconds):
                pass
            while sweep(1.0):
                pass
        finally:
            hold.release()
        assert self.result is not None
        return self.result

    def _finish(self, verdict: Verdict, actions: list[str]) -> None:
        """The result; the search's tables go to the scrap (``sweep`` frees
        them a piece at a time) before the search itself is closed."""
        assert verdict != UNWINNABLE or not self._stats.released
        self.result = SolveResult(verdict, list(actions), self._spent, self._stats.nodes)
        self._stats.release()
        self._search.close()
