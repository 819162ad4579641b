"""Deal codes, the shuffle generator and today's deal.

Deal codes
----------
``<GAME>-<VARIANT>-<NUMBER>``, e.g. ``EH1-N-AAAAAAF`` (Easy Harp deal 5) or
``EO1-C8-AAAAAFA`` (Eight Off deal 130, 8 cells). NUMBER is the deal number
1 .. 999 999 in base 26, seven letters, ``A`` = 0 .. ``Z`` = 25, most
significant first. The digit in GAME is the dealing version: if the way a
number becomes a layout ever changes, a new digit is added and the old one
keeps dealing its old layouts.

The generator (dealing version 1)
---------------------------------
Layouts never depend on Python's ``random`` module. Each deal is shuffled by
SplitMix64 (Steele, Lea, Flood 2014), a 64-bit generator whose whole
definition is the five lines of ``SplitMix64.next``:

* seed ``s = number + 0x9E3779B97F4A7C15 * G`` (mod 2**64), with ``G`` the
  game's pinned ``seed`` in its registry spec (Easy Harp 1, Eight Off 2), so
  games deal differently from the same number; all variants of a game share
  the shuffle of a number;
* ``next``: ``s += 0x9E3779B97F4A7C15``; ``z = s``;
  ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``; ``z = (z ^ z >> 27) *
  0x94D049BB133111EB``; return ``z ^ z >> 31`` (all mod 2**64);
* the deck starts in order (one deck per ``decks`` of the game, one after
  the other, each spades A..K, hearts, diamonds, clubs) and is shuffled by
  Fisher-Yates from the last place down: for ``i = n-1 .. 1``,
  ``j = next() % (i + 1)``, swap places ``i`` and ``j``.

The shuffled deck is then dealt from its first card on by the game's own
``deal`` (see ``easy_harp.deal`` and ``eight_off.deal``).

A date's number
---------------
``date_number(date, game, variant)`` is ``1 + SplitMix64(seed).next() %
999999`` with ``seed = date.toordinal() * 1000 + daily_index * 10 +
variant's place`` (``daily_index`` is pinned in the game's spec: Easy Harp 0,
Eight Off 1): the same for every player on that calendar date, different for
each variant. It is not today's *deal*: ``game.play.today.today_deal`` is the
one answer (the shipped daily tables of ``game.play.daily``; this number only
for a variant without one).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from . import registry
from .errors import DealCodeError
from .notation import escaped, quote, strip

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MAX_DEAL = 999_999
CODE_LETTERS = 7

class SplitMix64:
    """The documented deal generator (see the module docstring)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


def shuffled(cards: list[int], seed: int) -> list[int]:
    deck = list(cards)
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.next() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@dataclass(frozen=True)
class DealCode:
    game: str
    variant: str
    number: int

    def __str__(self) -> str:
        return format_code(self.game, self.variant, self.number)

    @classmethod
    def parse(cls, text: str) -> "DealCode":
        return parse_code(text)


def number_letters(number: int) -> str:
    letters = []
    for _ in range(CODE_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def make_code(game: str, variant: str, number: int) -> DealCode:
    """The deal ``number`` of a game's variant, checked (``DealCodeError``)."""
    spec = _spec(game)
    try:
        spec.variant_rules(variant)
    except registry.UnknownGameError as exc:
        raise DealCodeError(str(exc), exc.key, **exc.params) from None
    check_number(number)
    return DealCode(spec.id, variant, number)


def format_code(game: str, variant: str, number: int) -> str:
    code = make_code(game, variant, number)
    return f"{_spec(code.game).prefix}-{code.variant}-{number_letters(code.number)}"


def _spec(game: str) -> registry.GameSpec:
    try:
        return registry.game(game)
    except registry.UnknownGameError as exc:
        raise DealCodeError(str(exc)) from None


def check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL:
        raise DealCodeError(f"deal number {number!r} is out of range (1 to 999 999)", "code.range", number=number)


def parse_code(text: str) -> DealCode:
    """Read a deal code, ignoring case and surrounding spaces.

    >>> parse_code(" eh1-n-aaaaaaf ")
    DealCode(game='easy-harp', variant='N', number=5)
    """
    if not isinstance(text, str):
        raise DealCodeError("a deal code must be text, like EH1-N-AAAAAAF", "code.shape", text="")
    cleaned = strip(text)
    if not cleaned:
        raise DealCodeError("the deal code is empty (expected something like EH1-N-AAAAAAF)", "code.empty")
    if not cleaned.isascii():  # upper() would fold ı to I, ſ to S, ﬀ to FF
        raise DealCodeError(
            f"{quote(cleaned)} is not a deal code: it uses only the letters A-Z, digits and '-', like EH1-N-AAAAAAF",
            "code.shape",
            text=escaped(cleaned),
        )
    cleaned = cleaned.upper()
    parts = cleaned.split("-")
    if len(parts) != 3:
        raise DealCodeError(
            f"{quote(cleaned)} is not a deal code: expected GAME-VARIANT-NUMBER, like EH1-N-AAAAAAF",
            "code.shape",
            text=escaped(cleaned),
        )
    prefix, variant, letters = parts
    spec = registry.by_prefix(prefix)
    if spec is None:
        known = ", ".join(f"{s.prefix} for {s.id}" for s in registry.games())
        raise DealCodeError(f"unknown game {quote(prefix)} in the deal code ({known})", "code.game", game=escaped(prefix))
    variants = spec.variants
    if variant not in variants:
        raise DealCodeError(
            f"{prefix} has no variant {quote(variant)} (it has {', '.join(variants)})",
            "code.variant",
            game=prefix,
            variant=escaped(variant),
            variants=", ".join(variants),
        )
    if len(letters) != CODE_LETTERS or not all("A" <= ch <= "Z" for ch in letters):
        raise DealCodeError(
            f"the deal number {quote(letters)} must be exactly {CODE_LETTERS} letters A to Z", "code.letters",
            letters=escaped(letters),
        )
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch) - ord("A")
    if not 1 <= number <= MAX_DEAL:
        raise DealCodeError(f"deal number {number} is out of range (1 to 999 999)", "code.range", number=number)
    return DealCode(spec.id, variant, number)


def deal_order(game: str, number: int) -> list[int]:
    """The shuffled deck for a deal number, first card dealt first."""
    spec = _spec(game)
    check_number(number)
    return shuffled(list(range(52)) * spec.decks, number + GOLDEN * spec.seed)


def date_number(date: _dt.date, game: str, variant: str | None = None) -> int:
    """The date's raw number for a game variant (see the module docstring),
    not a deal to play: ``game.play.today.today_number`` turns it into the day's
    deal number."""
    spec = _spec(game)
    variant = variant or spec.variants[0]
    if variant not in spec.variants:
        raise DealCodeError(f"{game} has no variant {variant!r} ({', '.join(spec.variants)})")
    index = spec.daily_index * 10 + spec.variants.index(variant)
    return 1 + SplitMix64(date.toordinal() * 1000 + index).next() % MAX_DEAL


def random_number(entropy: int) -> int:
    """A deal number from outside entropy (the UI passes time-based bits)."""
    return 1 + SplitMix64(entropy).next() % MAX_DEAL
