"""The games the engine knows: one ``GameSpec`` per game.

Each game is one engine module (``easy_harp``, ``eight_off``) that ends by
registering its spec; everything else (deal codes, positions, the solver's
dispatch, the command line, the windows, statistics, help) iterates
``games()`` or looks a game up by id with ``game(id)``. An unknown game is
an error everywhere (``UnknownGameError``), never another game's dealer or
solver.

A spec pins what a deal depends on: its ``seed`` (the shuffle's game number)
and its ``daily_index`` (its place in today's seed). Both are fixed forever
and unique, so adding a game never changes an existing deal or any day's
deal; ``register`` refuses a spec that would reuse one.

Player-facing names come from the message catalogues by keys derived from
the spec: ``game.<id>`` for the game, ``variant.<VARIANT>`` for a variant,
``help.page.rules_<key>`` and ``help.rules.<key>.N`` for its rules page
(``<key>`` is the id with ``_`` for ``-``).

Adding a game
-------------
1. ``game/engine/<game>.py``: its Rules subclass (hooks ``is_run``,
   ``build_refusal``, ``empty_column_refusal``, ...), its ``deal`` and a
   ``register(GameSpec(...))`` at the end with a new prefix, seed and daily
   index (the package imports every module of ``game/engine``);
2. ``game/solver/<game>.py``: its problem class, named by ``GameSpec.solver``;
3.-5. ``game/i18n/en.py``, ``vi.py``, ``hu.py``: ``game.<id>``, any new
   ``variant.<VARIANT>``, ``help.page.rules_<key>`` and the rules sections;
6. ``tests/golden/``: three golden deals per variant;
7. ``tests/engine/test_rules.py``: a test of its own rules.
Optionally a winnable list (``tools/make_winnable.py --only <PREFIX>-<VARIANT>``).
``tests/ui/test_third_game.py`` proves it with a game defined only in tests/.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple

from .errors import EngineInputError
from .notation import escaped, quote

if TYPE_CHECKING:
    from .rules import Rules


class UnknownGameError(EngineInputError):
    """A game id (or a variant) no registered game has."""


class Dealt(NamedTuple):
    """What a game's dealer makes of a shuffled deck."""

    columns: list[list[int]]
    hidden: list[int]  # face-down cards at the bottom of each column
    stock: list[int]  # bottom to top
    cells: list[int | None]


@dataclass(frozen=True)
class GameSpec:
    id: str  # "easy-harp": the JSON "game", the command line's --game, the catalogue keys
    prefix: str  # "EH1": the deal code's first part, letters then the dealing version
    seed: int  # PINNED: the shuffle's seed is number + GOLDEN * seed (see deals)
    daily_index: int  # PINNED: today's seed is date * 1000 + daily_index * 10 + variant's place
    rules: Mapping[str, Rules]  # variant -> its Rules, in the order offered (the first is the default)
    deal: Callable[[list[int], str], Dealt]  # (shuffled deck, variant) -> the layout
    solver: str  # "package.module:Class", the solver's problem; imported by the solver on first use
    help_sections: int  # the rules page's sections: help.rules.<key>.1 .. N (each with .title)
    decks: int = 1
    winnable_dir: str | None = None  # folder of <PREFIX>-<VARIANT>.txt; None: the solver's shipped one
    # how tools/make_winnable.py makes each list: variant -> (numbers wanted, seconds per deal)
    winnable_plan: Mapping[str, tuple[int, float]] = field(default_factory=dict)

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(self.rules)

    @property
    def key(self) -> str:
        """The id as catalogue keys spell it: ``easy_harp``."""
        return self.id.replace("-", "_")

    @property
    def name_key(self) -> str:
        return f"game.{self.id}"

    @staticmethod
    def variant_key(variant: str) -> str:
        return f"variant.{variant}"

    def variant_rules(self, variant: str) -> Rules:
        try:
            return self.rules[variant]
        except (KeyError, TypeError):
            raise UnknownGameError(
                f"{self.id} has no variant {quote(variant)} (it has {', '.join(self.variants)})",
                "code.variant", game=self.prefix, variant=escaped(str(variant)), variants=", ".join(self.variants),
            ) from None


_GAMES: dict[str, GameSpec] = {}
_PREFIX = re.compile(r"[A-Z]+[0-9]")
_VARIANT = re.compile(r"[A-Z0-9]+")


def register(spec: GameSpec) -> GameSpec:
    """Add a game. Its id, prefix, seed and daily index must be new (the same
    game registered again, e.g. a module imported twice, replaces itself)."""
    if not _PREFIX.fullmatch(spec.prefix):
        raise ValueError(f"{spec.id}: a deal-code prefix is capital letters then one digit, not {spec.prefix!r}")
    if not spec.variants or not all(_VARIANT.fullmatch(v) for v in spec.variants):
        raise ValueError(f"{spec.id}: variants are capital letters and digits, at least one")
    if not 0 <= spec.daily_index < 100 or len(spec.variants) > 10:
        raise ValueError(f"{spec.id}: the daily index is 0..99 and a game has at most 10 variants")
    for other in _GAMES.values():
        if other.id == spec.id:
            if (other.prefix, other.seed, other.daily_index) != (spec.prefix, spec.seed, spec.daily_index):
                raise ValueError(f"{spec.id} is already registered with other deals")
            continue
        for what in ("prefix", "seed", "daily_index"):
            if getattr(other, what) == getattr(spec, what):
                raise ValueError(f"{spec.id}: {what} {getattr(spec, what)!r} is {other.id}'s already")
    for variant, rules in spec.rules.items():
        if (rules.game, rules.variant, rules.copies) != (spec.id, variant, spec.decks):
            raise ValueError(f"{spec.id} {variant}: its rules say {rules.game} {rules.variant}, {rules.copies} decks")
    _GAMES[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Forget a game (for tests that register one of their own)."""
    _GAMES.pop(game_id, None)


def games() -> tuple[GameSpec, ...]:
    """Every registered game, in daily-index order (the order offered)."""
    return tuple(sorted(_GAMES.values(), key=lambda spec: spec.daily_index))


def game_ids() -> tuple[str, ...]:
    return tuple(spec.id for spec in games())


def game(game_id: object) -> GameSpec:
    """The spec of ``game_id``; UnknownGameError if no game has that id."""
    spec = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        raise UnknownGameError(f"unknown game {quote(game_id)} (one of {', '.join(game_ids())})")
    return spec


def by_prefix(prefix: str) -> GameSpec | None:
    return next((spec for spec in _GAMES.values() if spec.prefix == prefix), None)


def rules_for(game_id: str, variant: str) -> Rules:
    """The rules of a game's variant; UnknownGameError for either unknown."""
    return game(game_id).variant_rules(variant)


def default_game() -> GameSpec:
    return games()[0]


def choices() -> tuple[tuple[str, str], ...]:
    """Every (game id, variant) there is, in the order offered."""
    return tuple((spec.id, v) for spec in games() for v in spec.variants)


def known(game_id: object, variant: object) -> bool:
    """Whether ``game_id`` is a registered game with ``variant``."""
    spec = _GAMES.get(game_id) if isinstance(game_id, str) else None
    return spec is not None and variant in spec.rules
