"""The portfolio shares work, not turns: the next turn (one unit of a
search: an expansion) goes to the search that has done the least work for
its share, its work being the pieces it yielded (its pauses and the end of
its unit). Fake searches that never end, each with a known number of pieces
per unit, are run by the real portfolio for a while and their turns counted."""

from __future__ import annotations

from typing import Any

import pytest

from game.solver import search
from game.solver.problem import Plan


def fake(name: str, pieces: int, turns: list[str]) -> Any:
    """A search whose every unit is ``pieces`` pieces of work (pauses, then the unit's end)."""
    def run(*_args: Any) -> search.Search:
        while True:
            turns.append(name)
            for _ in range(pieces - 1):
                yield None
            yield search.UNIT
    return run


def turns_taken(monkeypatch, shares: tuple[int, ...], pieces: tuple[int, ...], stream: tuple[int, int] | None,
                units: int = 2000) -> dict[str, int]:
    turns: list[str] = []
    problems = [object() for _ in pieces]
    searches = {id(p): fake(f"fixed{i}", n, turns) for i, (p, n) in enumerate(zip(problems, pieces))}
    monkeypatch.setattr(search, "best_first",
                        lambda problem, own, budget, avoid=(): searches[id(problem)](problem, own, budget))
    if stream is not None:
        monkeypatch.setattr(search, "restarting", fake("stream", stream[1], turns))
    plan = Plan("portfolio", searches=tuple(problems), shares=shares,  # type: ignore[arg-type]
                restarts=(lambda k: None) if stream else None, restart_share=stream[0] if stream else 0)
    run = search.portfolio(object(), plan, search._Stats(), None)  # type: ignore[arg-type]
    while turns.count("stream") + sum(turns.count(f"fixed{i}") for i in range(len(pieces))) < units:
        next(run)
    run.close()
    return {name: turns.count(name) for name in set(turns)}


def test_turns_follow_the_shares(monkeypatch) -> None:
    taken = turns_taken(monkeypatch, (1, 2), (4, 4), (5, 4))
    assert taken["fixed1"] == pytest.approx(2 * taken["fixed0"], rel=0.02)
    assert taken["stream"] == pytest.approx(5 * taken["fixed0"], rel=0.02)


def test_a_search_with_costlier_units_gets_fewer_turns(monkeypatch) -> None:
    """Equal shares of work: a search whose units are three times the work
    of another's gets a third of its turns."""
    taken = turns_taken(monkeypatch, (1,), (12,), (1, 4))
    assert taken["stream"] == pytest.approx(3 * taken["fixed0"], rel=0.02)


def test_a_share_of_nothing_leaves_a_search_out(monkeypatch) -> None:
    taken = turns_taken(monkeypatch, (0, 1), (4, 4), None, units=100)
    assert set(taken) == {"fixed1"}
