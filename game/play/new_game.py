"""Which deal a new game gets: any deal number, one the solver proved
winnable ("Winnable deals only", for the games that have such a list), or
today's deal (``today``). A deal travels as the engine's ``DealCode``, a
value read once from the player's text (``read_deal``) or made here, never
parsed again on its way to the table. It also says how often a variant's
random deals can be won (``chances``), from the solver's measurement."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import DealCode, deals
from ..solver import figure, odds_of, winnable_numbers


def random_deal(game: str, variant: str, seed: int, winnable_only: bool = False) -> DealCode:
    """A deal for ``seed`` (any number: it is mixed first)."""
    number = deals.random_number(seed)
    if winnable_only:
        numbers = winnable_numbers(game, variant)
        if numbers:
            number = numbers[number % len(numbers)]
    return deals.make_code(game, variant, number)


def read_deal(text: str) -> DealCode:
    """The deal a player typed (any case, spaces around it); a
    ``DealCodeError`` (with its catalogue key) says what is wrong."""
    return deals.parse_code(text)


def has_winnable_list(game: str, variant: str) -> bool:
    """A list of proven-winnable deals ships for this variant ("Winnable
    deals only" picks from it; without one, New deal picks any deal)."""
    return bool(winnable_numbers(game, variant))


@dataclass(frozen=True)
class Chances:
    """How often a variant's random deals can be won, as the New game
    dialog says it (``game.solver.odds``): the words' ``kind`` ("nearly_all",
    "percent", "one_in", "none") and ``value``, ``at_least`` when the deals
    the solver could not decide might change those words, and the counts."""

    kind: str
    value: int
    at_least: bool
    winnable: int
    tried: int
    unknown: int


def chances(game: str, variant: str) -> Chances | None:
    """The solver's measurement for a variant (None: none ships for it)."""
    odds = odds_of(game, variant)
    if odds is None:
        return None
    said = figure(odds)
    return Chances(said.kind, said.value, said.at_least, odds.winnable, odds.tried, odds.unknown)
