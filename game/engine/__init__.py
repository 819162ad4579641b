"""The rules engine: pure Python, no pygame (a test guards this).

>>> g = Game.from_deal("EH1-N-AAAAAAF")
>>> g.play("draw").ok
True
>>> g.play("c1>c1").rule
'bad-destination'
"""

import importlib
import pkgutil

from . import registry
from .actions import Action, Pile
from .cards import card_text, parse_card, rank_of, suit_of, is_red
from .deals import DealCode, format_code, parse_code
from .errors import ActionSyntaxError, CardError, DealCodeError, EngineInputError, PositionError
from .game import Game, Outcome, UNDO_LIMIT
from .position import Position, deal_position
from .registry import GameSpec, UnknownGameError, games, rules_for
from .rules import RULE_IDS, Move, Refusal, Rules

# The games: each game's module registers its spec when imported, and every
# module of this package is imported here, so a new game is just a new module.
from .easy_harp import GAME as EASY_HARP
from .eight_off import GAME as EIGHT_OFF

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = [
    "Action", "Pile", "card_text", "parse_card", "rank_of", "suit_of", "is_red",
    "DealCode", "format_code", "parse_code", "EASY_HARP", "EIGHT_OFF",
    "ActionSyntaxError", "CardError", "DealCodeError", "EngineInputError", "PositionError",
    "Game", "Outcome", "UNDO_LIMIT", "Position", "deal_position",
    "GameSpec", "UnknownGameError", "games", "registry", "rules_for",
    "RULE_IDS", "Move", "Refusal", "Rules",
]
