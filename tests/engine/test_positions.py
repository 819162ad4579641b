"""Positions: the contract's JSON both ways, and refusing impossible ones."""

from __future__ import annotations

import copy
import json

import pytest

from game.engine import Game, Pile, Position, PositionError, deal_position, format_code, registry


def dealt(code: str = "EH1-N-AAAAAAF") -> dict:
    return deal_position(code).to_dict()


@pytest.mark.parametrize("code", [format_code(g, v, 130) for g, v in registry.choices()])
def test_json_round_trip(code):
    pos = deal_position(code)
    back = Position.from_json(pos.to_json())
    assert back == pos and back.to_dict() == pos.to_dict()


def test_json_shape_follows_the_contract():
    eh = dealt()
    assert list(eh) == ["game", "variant", "deal", "columns", "stock", "waste", "foundations", "score", "moves", "won"]
    assert eh["columns"][1][0].startswith("#") and not eh["columns"][1][1].startswith("#")
    assert all(card.startswith("#") for card in eh["stock"])
    eo = dealt("EO1-C4-AAAAAFA")
    assert "stock" not in eo and "waste" not in eo and len(eo["cells"]) == 4


def test_contract_example_is_read_as_far_as_it_goes():
    # The contract's example has 3 columns: it is a sketch, and is refused with the reason.
    sketch = {"game": "easy-harp", "variant": "N", "deal": "EH1-N-AAAAAAF", "columns": [["#KS", "5H"], ["9C"], []],
              "stock": ["#2D", "#KH"], "waste": ["4C"], "foundations": [[], ["AS"]], "score": 0, "moves": 0, "won": False}
    with pytest.raises(PositionError, match="9 columns"):
        Position.from_dict(sketch)


def test_stock_cards_may_be_written_face_up_and_ten_as_10():
    data = dealt()
    data["stock"] = [c.lstrip("#") for c in data["stock"]]
    data["columns"][0] = [data["columns"][0][0].replace("T", "10").lower()]
    assert Position.from_dict(data) == deal_position("EH1-N-AAAAAAF")


def test_won_is_worked_out_from_the_foundations():
    data = dealt("EO1-C8-AAAAAFA")
    data["won"] = True
    assert Position.from_dict(data).won is False
    full = {"game": "eight-off", "variant": "C2", "deal": None, "columns": [[]] * 8, "cells": [None, None],
            "foundations": [[r + s for r in "A23456789TJQK"] for s in "SHDC"], "won": False}
    assert Position.from_dict(full).won is True


def broken(change, code="EH1-N-AAAAAAF"):
    data = dealt(code)
    change(data)
    return data


BAD_POSITIONS = [
    ("not an object", lambda: [1, 2], "JSON object"),
    ("unknown game", lambda: broken(lambda d: d.update(game="klondike")), "unknown game"),
    ("unknown variant", lambda: broken(lambda d: d.update(variant="C3"), "EO1-C8-AAAAAFA"), "no variant"),
    ("too few columns", lambda: broken(lambda d: d["columns"].pop()), "9 columns"),
    ("too many foundations", lambda: broken(lambda d: d["foundations"].append([])), "foundation slots"),
    ("wrong cell count", lambda: broken(lambda d: d["cells"].pop(), "EO1-C8-AAAAAFA"), "cells"),
    ("a card too many", lambda: broken(lambda d: d["waste"].append("AS")), "AS appears 3 times"),
    ("a card missing", lambda: broken(lambda d: d["stock"].pop()), "appears 1 times"),
    ("not a card", lambda: broken(lambda d: d["columns"][0].__setitem__(0, "1X")), "not a card"),
    ("foundation out of order", lambda: broken(lambda d: _move_to_foundation(d, "2S", 0)), "out of order"),
    ("foundation of the wrong suit", lambda: broken(lambda d: _move_to_foundation(d, "AH", 0)), "is for spades"),
    ("face-down on face-up", lambda: broken(lambda d: d["columns"][1].reverse()), "face-down card lies on a face-up"),
    ("face-down on top", lambda: broken(lambda d: d["columns"][0].__setitem__(0, "#" + d["columns"][0][0])), "tops the column"),
    ("face-down in the waste", lambda: broken(lambda d: d["waste"].append(d["stock"].pop())), "only face-up"),
    ("face-down in Eight Off", lambda: broken(lambda d: d["columns"][0].__setitem__(0, "#" + d["columns"][0][0]), "EO1-C8-AAAAAFA"), "no face-down"),
    ("stock in Eight Off", lambda: broken(lambda d: d.update(stock=["AS"]), "EO1-C8-AAAAAFA"), "has no stock"),
    ("cells in Easy Harp", lambda: broken(lambda d: d.update(cells=["AS"])), "has no cells"),
    ("columns not a list", lambda: broken(lambda d: d.update(columns="c1")), "must be a list"),
    ("negative score", lambda: broken(lambda d: d.update(score=-5)), "'score'"),
    ("score as text", lambda: broken(lambda d: d.update(score="10")), "'score'"),
    ("bad deal code", lambda: broken(lambda d: d.update(deal="EH1-N-0")), "'deal'"),
    ("deal of another game", lambda: broken(lambda d: d.update(deal="EO1-C8-AAAAAFA")), "not a easy-harp"),
    ("no columns", lambda: broken(lambda d: d.pop("columns")), "no 'columns'"),
]


def _move_to_foundation(data: dict, card: str, slot: int) -> None:
    for pile in data["columns"] + [data.get("stock", []), data.get("waste", [])]:
        for i, token in enumerate(pile):
            if token.lstrip("#") == card:
                del pile[i]
                data["foundations"][slot].append(card)
                return
    raise AssertionError(card)


@pytest.mark.parametrize("name, make, words", BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS])
def test_impossible_positions_are_refused_by_name(name, make, words):
    with pytest.raises(PositionError) as err:
        Position.from_dict(make())
    assert words in str(err.value)


@pytest.mark.parametrize("text", ["", "{", "[1,", "nul", "{\"game\": ", "\x00"])
def test_malformed_json_is_a_position_error(text):
    with pytest.raises(PositionError):
        Position.from_json(text)


def test_a_deep_json_bomb_is_refused_not_crashed():
    with pytest.raises(PositionError):
        Position.from_json("[" * 100000 + "]" * 100000)


def test_a_loaded_position_plays_on():
    data = dealt("EO1-C8-AAAAAFA")
    g = Game(Position.from_dict(copy.deepcopy(data)))
    assert g.play("r2>f").ok and g.position.score == 10
    assert json.loads(g.position.to_json())["foundations"][3] == ["AC"]


def test_nesting_is_refused_before_parsing_so_webassembly_never_overflows():
    from game.engine import jsontext

    assert jsontext.nesting_depth('{"a": ["[[[[", {"b": []}]}') == 4  # brackets inside strings don't count
    with pytest.raises(PositionError, match="nested"):
        Position.from_json("[" * 40 + "]" * 40)
    assert Position.from_json(deal_position("EH1-N-AAAAAAF").to_json()) == deal_position("EH1-N-AAAAAAF")


# ---- piles, their cards, snapshots ----------------------------------------------------


def test_piles_are_listed_in_table_order_for_each_game():
    eh = deal_position("EH1-N-AAAAAAF")
    assert [str(p) for p in eh.piles()] == ["s", "w"] + [f"f{i}" for i in range(1, 9)] + [f"c{i}" for i in range(1, 10)]
    c2 = deal_position("EO1-C2-AAAAAAD")
    assert [str(p) for p in c2.piles()] == ["f1", "f2", "f3", "f4", "r1", "r2"] + [f"c{i}" for i in range(1, 9)]


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EO1-C4-AAAAAAC"])
def test_the_cards_of_every_pile_account_for_the_whole_deal(code):
    pos = deal_position(code)
    every = [c for pile in pos.piles() for c in pos.cards(pile)]
    assert sorted(every) == sorted(list(range(52)) * pos.rules.copies)
    assert pos.cards(Pile.parse("c3")) == pos.columns[2]
    assert pos.cards(Pile.parse("c3")) is not pos.columns[2]  # a copy: the table is not touched


def test_face_down_cards_per_pile():
    pos = deal_position("EH1-N-AAAAAAF")
    assert pos.hidden_count(Pile.parse("c9")) == 8
    assert pos.hidden_count(Pile.parse("s")) == len(pos.stock) == 59
    assert pos.hidden_count(Pile.parse("w")) == 0
    assert pos.pile_tokens(Pile.parse("c2"))[0].startswith("#")
    assert not pos.pile_tokens(Pile.parse("c2"))[1].startswith("#")


def test_a_snapshot_brings_back_the_piles_and_the_score_but_not_the_move_count():
    game = Game.from_deal("EO1-C8-AAAAAFA")
    before = game.position.snapshot()
    first = next(a for a in game.legal_actions() if a.dst.kind == "c")
    game.play(first)
    game.position.score = 99
    assert game.position.snapshot() != before
    moves = game.position.moves
    game.position.restore(before)
    assert game.position.snapshot() == before and game.position.moves == moves
    again = game.position.restored(game.position.snapshot())
    assert again.snapshot() == before and again.moves == 0 and again.deal == game.position.deal


def test_undo_keeps_snapshots():
    game = Game.from_deal("EH1-N-AAAAAAF")
    before = game.position.snapshot()
    outcome = game.play("draw")
    assert game.history_snapshots() == [(before, outcome.move)]
