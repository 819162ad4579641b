"""Cards and the contract's card notation.

A card is a small int: ``suit * 13 + rank - 1`` with suits in the order
spades, hearts, diamonds, clubs (the contract's ``S H D C``) and ranks 1 (ace)
to 13 (king). Two-deck games simply hold the same int twice. Ints keep
positions cheap to copy and compare, which the undo stack and the solver
rely on; every conversion to and from text lives here.

>>> card_text(parse_card("10h"))
'TH'
>>> rank_of(parse_card("KD")), suit_of(parse_card("KD"))
(13, 2)
"""

from __future__ import annotations

from .errors import CardError
from .notation import quote, strip

SUITS = "SHDC"
RANKS = "A23456789TJQK"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"  # ♠ ♥ ♦ ♣

DOWN_MARK = "#"


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    return card % 13 + 1


def suit_of(card: int) -> int:
    return card // 13


def is_red(card: int) -> bool:
    return 13 <= card < 39  # hearts and diamonds


def card_text(card: int, face_down: bool = False) -> str:
    text = RANKS[card % 13] + SUITS[card // 13]
    return DOWN_MARK + text if face_down else text


def parse_card_token(token: str) -> tuple[int, bool]:
    """Read ``7H``, ``10h``, ``#QC``: returns (card, face_down)."""
    if not isinstance(token, str):
        raise CardError(f"a card must be written as text, got {quote(token)}")
    text = strip(token).upper() if token.isascii() else ""  # upper() would fold ſ to S
    face_down = text.startswith(DOWN_MARK)
    if face_down:
        text = text[1:]
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise CardError(f"{quote(token)} is not a card (write rank then suit, e.g. 7H, TS, KD)")
    return make_card(RANKS.index(text[0]) + 1, SUITS.index(text[1])), face_down


def parse_card(token: str) -> int:
    """Read a face-up card; a leading ``#`` is accepted and ignored."""
    return parse_card_token(token)[0]

