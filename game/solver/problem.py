"""What a game gives the searches: its ``Problem`` and the ``Plan`` to search it.

A *problem* (one per game: ``eight_off``, ``easy_harp``; the game's spec
names its class, ``problems``) knows its own compact state. The searches
(``search``) ask it five things, as KPatience's patsolve asks a game five:

* ``start() -> (actions, state)``: the state after the moves that are due
  right away (safe moves to the foundations), with those moves' actions;
* ``expand(state, seen)``: the moves worth trying from ``state``, each as a
  child ``(score, actions, state)`` already followed by its safe moves (the
  actions list holds all of them: the game itself never automates), best
  (highest score) first, in a new list that the search empties when it is
  done with it. It is a generator: it may pause (yield None) now and then,
  and returns the list; the search passes those pauses on, so a slice can
  end inside a long expansion (thousands of children). ``seen`` is the
  search's set of keys seen: the problem may leave out the children whose
  key it holds (the search would pass over them);
* ``key(state)``: a canonical key, equal for states that are the same game
  (interchangeable columns sorted, cells as a multiset, ...);
* ``won(state)``;
* ``spell(actions)``: the engine's actions for a child's (or the start's)
  actions: a problem may hold them in a shorter form while it searches
  (Easy Harp: a run of draws as its count), written out once, for the
  solution.

How the search runs is the problem's ``plan()`` (``Plan``): one depth-first
search by default, or a portfolio of best-first searches and a stream of
restarts (``Restart``). ``ProblemBase`` gives a simple problem all of it
but ``start``, ``key``, ``won`` and ``children`` (its expansion in one
piece).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, Generator, Hashable, Literal, NamedTuple, Protocol

Actions = list[Any]  # a child's actions: the engine's (str), or a problem's shorter form of them (``spell``)
Child = tuple[int, Actions, Any]  # a move worth trying: (score, its actions, the state it leads to)
Expansion = Generator[None, None, list[Child]]  # pauses (None), then returns the children
Pauses = Generator[None, None, None]
Shortening = Generator[None, None, list[str]]  # pauses (None), then returns a line (``Plan.shorten``)
Seen = set[Any]  # a search's table of the keys it has seen
Strategy = Literal["depth-first", "best-first", "portfolio"]


class Problem(Protocol):
    """What a search asks of a game (see the module's notes)."""

    def start(self) -> tuple[Actions, Any]: ...

    def expand(self, state: Any, seen: Seen | None) -> Expansion: ...

    def key(self, state: Any) -> Hashable: ...

    def won(self, state: Any) -> bool: ...

    def spell(self, actions: Actions) -> list[str]: ...


class Restart(NamedTuple):
    """One search of a restart stream (``search.restarting``): its problem
    (the same moves as the first, in another order), its node budget (None:
    no limit) and, for a beam search, its width (0: a best-first search)."""

    problem: Problem
    budget: int | None
    beam_width: int = 0


@dataclass(frozen=True)
class Plan:
    """How a problem is searched: ``strategy`` "depth-first" or
    "best-first" (one search), or "portfolio": a best-first search of each
    of ``searches`` (the same game scored in other ways; none: the problem
    itself) with its share of the work in ``shares`` (none: 1 each), a
    depth-first one beside them when ``depth_first_too`` (share 1), and,
    when ``restarts`` is given, a stream of restarted searches
    (``restarts(k)``: the k-th) with ``restart_share``. ``shorten``, when
    given, makes a found line shorter (the engine's actions in, a line that
    wins from the same start out), pausing now and then like an expansion:
    the task runs it as part of the search; the win holds whatever happens
    to the shortening (``search.SolverTask``)."""

    strategy: Strategy = "depth-first"
    searches: tuple[Problem, ...] = ()
    shares: tuple[int, ...] = ()
    depth_first_too: bool = False
    restarts: Callable[[int], Restart] | None = None
    restart_share: int = 0
    shorten: Callable[[list[str]], Shortening] | None = None


class Planned(Problem, Protocol):
    """A game's problem as the task gets it: a ``Problem`` that also says how to search it."""

    def plan(self) -> Plan: ...


class ProblemBase(ABC):
    """A base for a game's problem: its expansion in one piece
    (``children``, without pauses; the children ``seen`` holds are left to
    the search), its actions the engine's already, one depth-first search."""

    @abstractmethod
    def start(self) -> tuple[Actions, Any]: ...

    @abstractmethod
    def key(self, state: Any) -> Hashable: ...

    @abstractmethod
    def won(self, state: Any) -> bool: ...

    @abstractmethod
    def children(self, state: Any) -> list[Child]:
        """Every move worth trying from ``state``, best first (see ``expand``)."""

    def expand(self, state: Any, seen: Seen | None = None) -> Expansion:
        """``children`` as an expansion: in one piece, without a pause."""
        return self.children(state)
        yield  # a generator that never pauses

    def spell(self, actions: Actions) -> list[str]:
        """The engine's actions for actions of this problem's children."""
        return list(actions)

    def plan(self) -> Plan:
        return Plan()
