"""Small positions for rule tests: name the cards that matter, the builder
puts every other card where it can't interfere and checks the result with the
engine's own position validation."""

from __future__ import annotations

from collections import Counter

from game.engine import Game, Position, card_text
from game.engine.cards import RANKS, parse_card_token

FILL = "*"


def _cards(text: str) -> list[str]:
    return text.split() if text else []


def _foundation(suit: str, top: str | None) -> list[str]:
    if not top:
        return []
    return [r + suit for r in RANKS[: RANKS.index(top) + 1]]


def position(game: str, columns: list[str], *, variant: str | None = None, waste: str = "",
             stock: str | None = None, foundations: list[str | None] | None = None,
             cells: list[str | None] | None = None, score: int = 0) -> Position:
    """Columns as text (``"#KS 5H"``); ``"*"`` marks an Eight Off column
    that takes the left-over cards. Foundations as top ranks per slot
    (``["5", None, ...]`` means f1 holds A-5 of its suit). Easy Harp's
    left-over cards go to the stock, under any stock given."""
    easy = game == "easy-harp"
    variant = variant or ("N" if easy else "C8")
    slot_suits = "SSHHDDCC" if easy else "SHDC"
    foundations = foundations or [None] * len(slot_suits)
    found = [_foundation(s, top) for s, top in zip(slot_suits, foundations)]
    cols = [[] if c == FILL else _cards(c) for c in columns]
    cell_list = list(cells) if cells is not None else ([] if easy else [None] * int(variant[1:]))
    used = Counter()
    named = [t for c in cols for t in c] + _cards(waste) + _cards(stock or "") + [t for f in found for t in f]
    named += [c for c in cell_list if c]
    for token in named:
        used[parse_card_token(token)[0]] += 1
    copies = 2 if easy else 1
    rest = []
    for card in range(52):
        rest += [card] * (copies - used[card])
    rest.sort(key=lambda c: (-(c % 13), c // 13))  # kings first: fill columns never look like runs to use
    if easy:
        stock_tokens = ["#" + card_text(c) for c in rest] + _cards(stock or "")
    else:
        stock_tokens = []
        fill = [i for i, c in enumerate(columns) if c == FILL]
        assert fill or not rest, "an Eight Off test position needs a '*' column for the other cards"
        for n, card in enumerate(rest):
            cols[fill[n % len(fill)]].append(card_text(card))
    data = {
        "game": game,
        "variant": variant,
        "deal": None,
        "columns": cols,
        "foundations": found,
        "score": score,
        "moves": 0,
    }
    if easy:
        data["stock"] = stock_tokens
        data["waste"] = _cards(waste)
    else:
        data["cells"] = cell_list
    return Position.from_dict(data)


def easy_harp(columns: list[str], **kw) -> Game:
    columns = list(columns) + [""] * (9 - len(columns))
    return Game(position("easy-harp", columns, **kw))


def eight_off(columns: list[str], **kw) -> Game:
    columns = list(columns) + [FILL] * (8 - len(columns))
    return Game(position("eight-off", columns, **kw))
