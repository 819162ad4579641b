"""Which problem class solves which game."""

from __future__ import annotations

from ..engine.position import Position


def problem_for(position: Position):
    if position.game == "eight-off":
        from .eight_off import EightOffProblem

        return EightOffProblem(position)
    from .easy_harp import EasyHarpProblem

    return EasyHarpProblem(position)
