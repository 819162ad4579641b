"""One test per rule of the contract (sections 1 and 4) and per rule id
(section 6): a small position, an action, the expected answer."""

from __future__ import annotations

import pytest

from tests.engine.builders import easy_harp, eight_off
from game.engine import RULE_IDS, Action, ActionSyntaxError, Game, Pile, card_text
from game.i18n import refusal_message


def cols(game: Game) -> list[str]:
    pos = game.position
    return [" ".join(card_text(c, r < pos.hidden[i]) for r, c in enumerate(col)) for i, col in enumerate(pos.columns)]


def refused(game: Game, action: str) -> str:
    before = game.position.to_dict()
    outcome = game.play(action)
    assert not outcome.ok, f"{action} was accepted"
    assert game.position.to_dict() == before, "a refused action changed the position"
    return outcome.rule


def accepted(game: Game, action: str):
    outcome = game.play(action)
    assert outcome.ok, f"{action} refused: {outcome.rule}"
    return outcome


# ---- Easy Harp: column building -----------------------------------------------------


def test_easy_harp_builds_down_in_alternating_colours():
    g = easy_harp(["8S", "7H", "7D"])
    accepted(g, "c2>c1")
    assert cols(g)[:2] == ["8S 7H", ""]


def test_easy_harp_same_colour_is_refused():
    assert refused(easy_harp(["8S", "7C"]), "c2>c1") == "alternate-colors"


def test_easy_harp_must_be_exactly_one_rank_lower():
    assert refused(easy_harp(["8S", "6H"]), "c2>c1") == "one-rank-lower"
    assert refused(easy_harp(["8S", "9H"]), "c2>c1") == "one-rank-lower"


def test_easy_harp_black_six_has_four_places_with_two_decks():
    g = easy_harp(["7H", "7D", "7H", "7D", "6S"])
    for target in ("c1", "c2", "c3", "c4"):
        assert g.check(f"c5>{target}").__class__.__name__ == "Move"


def test_easy_harp_run_does_not_move_as_a_whole_even_where_it_would_fit():
    g = easy_harp(["9D 8S 7H 6C", "9H"])
    assert refused(g, "c1.3>c2") == "one-card-at-a-time"


def test_easy_harp_top_card_moves_alone():
    g = easy_harp(["8S 7H 6C", "7D"])
    accepted(g, "c1>c2")
    assert cols(g)[:2] == ["8S 7H", "7D 6C"]


def test_easy_harp_king_led_run_moves_whole_into_empty_column():
    g = easy_harp(["#2C KS QH JC", ""])
    out = accepted(g, "c1.3>c2")
    assert cols(g)[:2] == ["2C", "KS QH JC"]
    assert out.move.flip and out.move.points == 5


def test_easy_harp_full_king_to_ace_run_moves_into_empty_column():
    run = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"
    g = easy_harp(["#3S " + run, ""])
    accepted(g, "c1.13>c2")
    assert cols(g)[1] == run


def test_easy_harp_king_led_run_goes_nowhere_but_an_empty_column():
    # the king cannot be built on anything anyway; a king run onto a column is one-card-at-a-time
    g = easy_harp(["KS QH", "KD", "QD JC"])
    assert refused(g, "c1.2>c2") == "one-card-at-a-time"
    assert refused(g, "c3.2>c1") == "one-card-at-a-time"


def test_easy_harp_run_not_led_by_a_king_cannot_enter_an_empty_column():
    assert refused(easy_harp(["#5S QH JC", ""]), "c1.2>c2") == "one-card-at-a-time"


def test_easy_harp_empty_column_takes_kings_only_even_to_uncover_a_card():
    g = easy_harp(["#KS 5H", ""])
    assert refused(g, "c1>c2") == "empty-column-kings-only"


def test_easy_harp_single_king_into_empty_column():
    g = easy_harp(["#5S KH", ""])
    accepted(g, "c1>c2")
    assert cols(g)[:2] == ["5S", "KH"]


def test_easy_harp_waste_top_plays_to_a_column_for_five_points():
    g = easy_harp(["8S"], waste="2C 7H")
    out = accepted(g, "w>c1")
    assert out.move.points == 5 and g.position.score == 5
    assert [card_text(c) for c in g.position.waste] == ["2C"]


def test_easy_harp_waste_top_plays_to_its_foundation():
    g = easy_harp([], waste="AD")
    accepted(g, "w>f")
    assert g.position.foundations[4] and g.position.score == 10


def test_uncovered_face_down_card_turns_up_as_part_of_the_move():
    g = easy_harp(["#9S #4D AS"])
    out = accepted(g, "c1>f")
    assert cols(g)[0] == "#9S 4D"
    assert out.move.flip and out.move.points == 15 and g.position.moves == 1


def test_easy_harp_foundation_slots_are_reserved_per_suit_in_order():
    g = easy_harp(["AH", "AH", "AC"])
    accepted(g, "c1>f")
    accepted(g, "c2>f")
    accepted(g, "c3>f8")  # a drop anywhere on the area finds the slot that takes it
    f = g.position.foundations
    assert [len(s) for s in f] == [0, 0, 1, 1, 0, 0, 1, 0]


def test_easy_harp_the_first_slot_that_takes_the_card_gets_it():
    g = easy_harp(["2S"], foundations=["A", "A", None, None, None, None, None, None])
    out = accepted(g, "c1>f2")
    assert str(out.move.dst) == "f1"


def test_ace_goes_only_to_an_empty_slot_of_its_own_suit():
    g = easy_harp(["AS", "2H"], foundations=["A", None, "A", "A", None, None, None, None])
    out = accepted(g, "c1>f3")  # dropped on a hearts slot, it finds the empty spades slot
    assert str(out.move.dst) == "f2"
    assert refused(easy_harp(["2D"]), "c1>f5") == "foundation-order"


def test_foundation_takes_the_next_card_of_its_suit_only():
    g = easy_harp(["3S", "2H"], foundations=["A", None, "A", None, None, None, None, None])
    assert refused(g, "c1>f") == "foundation-order"
    accepted(g, "c2>f")


# ---- Easy Harp: the stock ---------------------------------------------------------------


def test_draw_turns_one_card_onto_the_waste():
    g = easy_harp([], stock="#5C #9D")
    accepted(g, "draw")
    assert card_text(g.position.waste[-1]) == "9D"
    assert card_text(g.position.stock[-1]) == "5C"
    assert g.position.moves == 1 and g.position.score == 0


def test_turning_the_waste_over_keeps_the_drawing_order_with_unlimited_passes():
    g = Game.from_deal("EH1-N-AAAAAAF")
    first_pass = []
    while g.position.stock:
        accepted(g, "draw")
        first_pass.append(g.position.waste[-1])
    accepted(g, "draw")  # turn over
    assert g.position.waste == [] and g.position.stock == first_pass[::-1]
    for _ in range(3):
        second = []
        while g.position.stock:
            accepted(g, "tap s")
            second.append(g.position.waste[-1])
        assert second == first_pass
        accepted(g, "draw")
    assert g.position.score == 0 and g.position.moves == 4 * 60


def test_stock_empty_when_stock_and_waste_are_both_empty():
    g = easy_harp([])
    g.position.stock.clear()  # the other cards don't matter to this refusal
    assert g.play("draw").rule == "stock-empty"
    g.position.waste.append(g.position.columns[0].pop() if g.position.columns[0] else 0)
    assert g.play("draw").ok and g.position.stock and not g.position.waste


def test_stock_is_face_down_and_never_a_source():
    g = easy_harp([])
    assert refused(g, "s>c1") == "face-down"


# ---- Eight Off --------------------------------------------------------------------------


def test_eight_off_builds_down_in_suit():
    g = eight_off(["8H", "7H", "6D", "5H", "*"])
    accepted(g, "c2>c1")
    assert refused(g, "c3>c1") == "same-suit"
    assert refused(g, "c4>c1") == "one-rank-lower"


def test_eight_off_any_card_goes_to_an_empty_cell():
    g = eight_off(["5D", "*"], cells=["KS", None, None, None, None, None, None, None])
    out = accepted(g, "c1>r")
    assert str(out.move.dst) == "r2"
    assert refused(g, "c2>r1") == "cell-occupied"


def test_eight_off_no_free_cell_for_r():
    g = eight_off(["5D", "*"], variant="C2", cells=["KS", "QS"])
    assert refused(g, "c1>r") == "cell-occupied"


def test_eight_off_cells_of_the_variant_only():
    g = eight_off(["5D", "*"], variant="C4", cells=["KS", None, None, None])
    accepted(g, "c1>r4")
    assert refused(g, "c2>r5") == "bad-destination"
    assert refused(g, "r5>c1") == "empty-source"


def test_eight_off_cell_card_plays_to_column_and_foundation():
    g = eight_off(["8H", "*"], cells=["7H", "AS", None, None, None, None, None, None])
    accepted(g, "r1>c1")
    accepted(g, "r2>f")
    assert g.position.score == 10


def test_eight_off_empty_column_takes_kings_only():
    g = eight_off(["QH", "", "KD", "*"])
    assert refused(g, "c1>c2") == "empty-column-kings-only"
    accepted(g, "c3>c2")


def test_eight_off_king_with_its_run_into_an_empty_column():
    g = eight_off(["5C KD QD JD", "", "*"], cells=["AS", "AH", None, None, None, None, None, None])
    # 6 free cells: limit (6+1) x 1 = 7 (the empty target column doesn't count)
    accepted(g, "c1.3>c2")
    assert cols(g)[1] == "KD QD JD"


def test_group_move_onto_a_column():
    g = eight_off(["9C 8C 7C", "TC", "*"], variant="C2", cells=["AS", None])
    # 1 free cell, no empty column: (1 + 1) x 1 = 2 cards at most
    assert refused(g, "c1.3>c2") == "group-too-large"
    accepted(g, "r1>f")  # a second free cell: (2 + 1) x 1 = 3
    accepted(g, "c1.3>c2")


def test_group_limit_doubles_for_each_empty_column():
    g = eight_off(["9C 8C 7C 6C", "TC", "", "*"], variant="C2", cells=["AS", None])
    # 1 free cell, 1 empty column (not the target): (1 + 1) x 2 = 4
    accepted(g, "c1.4>c2")
    assert cols(g)[1] == "TC 9C 8C 7C 6C"


def test_contract_example_two_free_cells_one_empty_column():
    # 2 free cells, one empty column that is the target: a king with its run
    # goes in only if the group has at most (2 + 1) x 2^0 = 3 cards.
    cells = ["AS", "AH", "AD", "AC", "2S", "2H", None, None]
    three = eight_off(["5D KC QC JC", "", "*"], cells=cells)
    accepted(three, "c1.3>c2")
    four = eight_off(["5D KC QC JC TC", "", "*"], cells=cells)
    outcome = four.play("c1.4>c2")
    assert outcome.rule == "group-too-large" and outcome.refusal.limit == 3
    assert "3" in refusal_message(outcome, "en")


def test_a_column_the_move_empties_is_not_counted():
    # Moving a whole column: its own emptiness doesn't raise the limit.
    g = eight_off(["KC QC JC", "", "*"], variant="C2", cells=["AS", "AH"])
    # 0 free cells, the only empty column is the target: limit 1
    assert refused(g, "c1.3>c2") == "group-too-large"


def test_eight_off_take_back_from_foundation_to_cell_and_column():
    g = eight_off(["4S", "*"], foundations=["3", "2", None, None])
    out = accepted(g, "f1>c1")
    assert out.move.points == 0 and cols(g)[0] == "4S 3S"
    accepted(g, "f2>r")
    assert g.position.score == 0


def test_easy_harp_take_back_goes_to_a_column_for_no_points():
    g = easy_harp(["4H"], foundations=["3", None, None, None, None, None, None, None], score=40)
    accepted(g, "f1>c1")
    assert g.position.score == 40
    assert refused(g, "f1>r1") == "bad-destination"


# ---- taps ---------------------------------------------------------------------------------


def test_tap_sends_a_card_to_its_foundation():
    g = easy_harp(["AD", "5S"])
    accepted(g, "tap c1")
    assert refused(g, "tap c2") == "no-target"


def test_tap_on_a_foundation_slot_is_no_target():
    g = easy_harp(["4H"], foundations=["3", None, None, None, None, None, None, None])
    assert refused(g, "tap f1") == "no-target"
    assert refused(g, "dtap f1") == "no-target"


def test_easy_harp_double_tap_prefers_foundation_then_longest_column():
    g = easy_harp(["7H", "#2S #3S 7D", "#4S 7H", "6S"])
    out = accepted(g, "dtap c4")
    assert str(out.move.dst) == "c2"  # most cards, face-down ones included


def test_double_tap_ties_go_to_the_leftmost_column():
    g = easy_harp(["7H", "7D", "6S"])
    assert str(accepted(g, "dtap c3").move.dst) == "c1"


def test_easy_harp_double_tap_king_to_empty_column_but_not_pointlessly():
    g = easy_harp(["#4S KH", "", "KD"])
    assert str(accepted(g, "dtap c1").move.dst) == "c2"
    assert refused(g, "dtap c3") == "no-target"  # already alone at the bottom of its column


def test_eight_off_double_tap_order_foundation_column_empty_column_cell():
    cells = ["AS", "AH", None, None, None, None, None, None]
    g = eight_off(["9D", "8D", "", "*", "QS"], cells=cells, foundations=[None, None, None, None])
    assert str(accepted(g, "dtap r1").move.dst) == "f1"
    assert str(accepted(g, "dtap c2").move.dst) == "c1"
    g = eight_off(["5C KD", "QS", "", "*", "KH"], cells=cells)
    assert str(accepted(g, "dtap c1").move.dst) == "c3"
    assert str(accepted(g, "dtap c2").move.dst) == "r3"
    assert str(accepted(g, "dtap c5").move.dst) == "r4"  # a king alone at the bottom never goes to an empty column


def test_eight_off_double_tap_never_moves_a_cell_card_to_another_cell():
    g = eight_off(["*"], variant="C2", cells=["5D", None])
    assert refused(g, "dtap r1") == "no-target"


def test_double_tap_without_any_place_is_no_target():
    assert refused(easy_harp(["5S", "9D"]), "dtap c1") == "no-target"


# ---- undo -------------------------------------------------------------------------------


def test_undo_restores_the_position_and_takes_away_the_points():
    g = easy_harp(["#9S #4D AS"])
    start = g.position.to_dict()
    accepted(g, "c1>f")
    assert g.position.score == 15
    accepted(g, "undo")
    after = g.position.to_dict()
    assert after.pop("moves") == 1 and start.pop("moves") == 0
    assert after == start


def test_a_group_move_is_undone_at_once():
    g = eight_off(["9C 8C 7C 6C", "TC", "", "*"], variant="C2", cells=["AS", None])
    accepted(g, "c1.4>c2")
    accepted(g, "undo")
    assert cols(g)[:2] == ["9C 8C 7C 6C", "TC"]


def test_undo_keeps_the_last_100_actions():
    g = Game.from_deal("EH1-N-AAAAAAF")
    for _ in range(130):
        accepted(g, "draw")
    undone = 0
    while g.play("undo").ok:
        undone += 1
    assert undone == 100
    assert g.play("undo").rule == "nothing-to-undo"
    assert g.position.moves == 130


def test_undo_and_take_back_work_after_a_win():
    g = eight_off(["KS", "", "", "", "", "", "", ""], foundations=["Q", "K", "K", "K"])
    accepted(g, "c1>f")
    assert g.position.won and g.position.score == 10
    accepted(g, "f1>c1")
    assert not g.position.won
    accepted(g, "c1>f")
    accepted(g, "undo")
    accepted(g, "undo")
    accepted(g, "undo")
    assert not g.position.won and g.position.score == 0


def test_no_card_ever_moves_by_itself():
    # An obvious move to the foundation stays undone until the player makes it.
    g = eight_off(["KS", "", "", "", "", "", "", ""], foundations=["Q", "K", "K", "K"])
    g.play("c1>r")
    assert not g.position.won and g.position.cells[0] is not None


# ---- each rule id, and the table order -----------------------------------------------


RULE_CASES = {
    "empty-source": (lambda: easy_harp(["", "KS"]), "c1>c2"),
    "face-down": (lambda: easy_harp(["#5S #4H KD", ""]), "c1.3>c2"),
    "not-a-run": (lambda: easy_harp(["KD 9S", ""]), "c1.2>c2"),
    "bad-destination": (lambda: easy_harp(["KD"]), "c1>w"),
    "foundation-one-card": (lambda: eight_off(["3S 2S", "*"], foundations=["A", None, None, None]), "c1.2>f"),
    "cell-one-card": (lambda: eight_off(["3S 2S", "*"]), "c1.2>r"),
    "cell-occupied": (lambda: eight_off(["3S", "*"], cells=["KD"] + [None] * 7), "c1>r1"),
    "one-card-at-a-time": (lambda: easy_harp(["9D 8S 7H", "9S"]), "c1.2>c2"),
    "empty-column-kings-only": (lambda: eight_off(["QD", "", "*"]), "c1>c2"),
    "alternate-colors": (lambda: easy_harp(["8D", "7H"]), "c2>c1"),
    "same-suit": (lambda: eight_off(["8D", "7H", "*"]), "c2>c1"),
    "one-rank-lower": (lambda: eight_off(["8D", "6D", "*"]), "c2>c1"),
    "group-too-large": (lambda: eight_off(["8D 7D 6D", "9D", "*"], variant="C2", cells=["AS", "AH"]), "c1.3>c2"),
    "foundation-order": (lambda: easy_harp(["2D"]), "c1>f"),
    "stock-empty": (lambda: _bare_easy_harp(), "draw"),
    "no-target": (lambda: easy_harp(["9S"]), "tap c1"),
    "nothing-to-undo": (lambda: easy_harp([]), "undo"),
}


def _bare_easy_harp() -> Game:
    g = easy_harp([])
    g.position.stock.clear()  # the id is about the empty stock and waste, not about the other cards
    return g


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_id_is_returned_with_a_message(rule):
    make, action = RULE_CASES[rule]
    outcome = make().play(action)
    assert outcome.rule == rule
    message = refusal_message(outcome, "en")
    assert message and "rule." not in message


@pytest.mark.parametrize(
    "make, action, rule",
    [
        # not a run AND more than one card to a foundation: not-a-run comes first
        (lambda: eight_off(["3S 5D", "*"]), "c1.2>f", "not-a-run"),
        # several cards into an occupied cell: cell-one-card before cell-occupied
        (lambda: eight_off(["3S 2S", "*"], cells=["KD"] + [None] * 7), "c1.2>r1", "cell-one-card"),
        # empty source before a bad destination
        (lambda: easy_harp(["", "KS"]), "c1>s", "empty-source"),
        # a face-down card picked onto the stock: face-down first
        (lambda: easy_harp(["#5S KD"]), "c1.2>s", "face-down"),
        # a non-king run to an empty column in Easy Harp: one-card-at-a-time before kings-only
        (lambda: easy_harp(["QD JS", ""]), "c1.2>c2", "one-card-at-a-time"),
        # same colour and wrong rank: alternate-colors first
        (lambda: easy_harp(["8D", "5H"]), "c2>c1", "alternate-colors"),
        # other suit and wrong rank: same-suit first
        (lambda: eight_off(["8D", "5H", "*"]), "c2>c1", "same-suit"),
        # wrong rank and too many cards: one-rank-lower before group-too-large
        (lambda: eight_off(["8D 7D 6D", "TD", "*"], variant="C2", cells=["AS", "AH"]), "c1.3>c2", "one-rank-lower"),
    ],
)
def test_the_first_broken_rule_in_table_order_is_named(make, action, rule):
    assert make().play(action).rule == rule


# ---- section 4 fine points ------------------------------------------------------------


@pytest.mark.parametrize("token", ["c10>c1", "c0>c1", "w.2>c1", "c1.0>c2", "r9>c1", "f9>c1", "x>c1", "c1>", "tap", "c1>>c2", "c1.>c2", "f>c1", "r>c1"])
def test_unreadable_actions_raise(token):
    with pytest.raises(ActionSyntaxError):
        Action.parse(token)


@pytest.mark.parametrize("token", ["draw", "undo", "c2.3>c5", "w>f", "f3>c1", "r1>r", "tap c1", "dtap r2", "c9>f8"])
def test_actions_print_as_they_parse(token):
    assert str(Action.parse(token)) == token


def test_run_count_beyond_the_column_is_empty_source():
    assert refused(easy_harp(["KS QH", ""]), "c1.3>c2") == "empty-source"


def test_piles_the_game_does_not_have():
    eo = eight_off(["KS", "", "*"], variant="C4", cells=[None] * 4)
    assert refused(eo, "w>c1") == "empty-source"
    assert refused(eo, "s>c1") == "empty-source"
    assert refused(eo, "c1>w") == "bad-destination"
    assert refused(eo, "c1>r5") == "bad-destination"
    assert refused(eo, "r5>c2") == "empty-source"
    assert refused(eo, "draw") == "bad-destination"
    eh = easy_harp(["KS", ""])
    assert refused(eh, "r1>c1") == "empty-source"
    assert refused(eh, "c1>r1") == "bad-destination"
    assert refused(eh, "c1>r") == "bad-destination"


def test_eight_off_has_no_ninth_column():
    eo = eight_off(["KS", "*"])
    assert refused(eo, "c9>c1") == "empty-source"
    assert refused(eo, "c1>c9") == "bad-destination"
    assert refused(eo, "c1>f5") == "bad-destination"
    assert refused(eo, "f5>c1") == "empty-source"


def test_dropping_back_on_the_same_pile_and_foundation_to_foundation_are_bad_destinations():
    g = easy_harp(["KS QH", "5D"], foundations=["A", "A", None, None, None, None, None, None])
    assert refused(g, "c1>c1") == "bad-destination"
    assert refused(g, "c1.2>c1") == "bad-destination"
    assert refused(g, "f1>f2") == "bad-destination"
    assert refused(g, "f1>f") == "bad-destination"
    # a window asks the same question before playing, to put the cards back quietly
    P = Pile.parse
    assert g.puts_back(P("c1"), P("c1")) and g.puts_back(P("f1"), P("f2")) and g.puts_back(P("f1"), P("f"))
    assert not g.puts_back(P("c1"), P("c2")) and not g.puts_back(P("c2"), P("f"))


def test_pick_names_the_cards_a_drag_takes_or_why_none():
    g = easy_harp(["#KS QH JC", "5D", ""], waste="9S")
    P = Pile.parse
    assert [card_text(c) for c in g.pick(P("c1"), 2)] == ["QH", "JC"]
    assert g.pick(P("c1"), 3).rule == "face-down"
    assert g.pick(P("c1"), 4).rule == "empty-source"
    assert g.pick(P("c3")).rule == "empty-source"
    assert [card_text(c) for c in g.pick(P("w"))] == ["9S"]
    assert g.pick(P("w"), 2).rule == "empty-source"
    assert g.pick(P("s")).rule == "face-down"
    assert g.pick(P("f1")).rule == "empty-source"
    assert g.pick(P("r1")).rule == "empty-source"  # Easy Harp has no cells


def test_refused_actions_and_undos_do_not_count_as_moves():
    g = easy_harp(["8S", "7H", "7C"])
    g.play("c3>c1")
    assert g.position.moves == 0
    g.play("c2>c1")
    g.play("undo")
    assert g.position.moves == 1
