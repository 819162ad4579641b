"""The rules engine: pure Python, no pygame (a test guards this).

>>> g = Game.from_deal("EH1-N-AAAAAAF")
>>> g.play("draw").ok
True
>>> g.play("c1>c1").rule
'bad-destination'
"""

from .actions import Action, Pile
from .cards import card_text, parse_card, rank_of, suit_of, is_red
from .deals import DealCode, format_code, parse_code, today_code, EASY_HARP, EIGHT_OFF
from .errors import ActionSyntaxError, CardError, DealCodeError, EngineInputError, PositionError
from .game import Game, Outcome, UNDO_LIMIT
from .position import Position, deal_position
from .rules import RULE_IDS, Move, Refusal, Rules, rules_for

__all__ = [
    "Action", "Pile", "card_text", "parse_card", "rank_of", "suit_of", "is_red",
    "DealCode", "format_code", "parse_code", "today_code", "EASY_HARP", "EIGHT_OFF",
    "ActionSyntaxError", "CardError", "DealCodeError", "EngineInputError", "PositionError",
    "Game", "Outcome", "UNDO_LIMIT", "Position", "deal_position",
    "RULE_IDS", "Move", "Refusal", "Rules", "rules_for",
]
