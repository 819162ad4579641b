"""Properties over random legal play in both games."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from game.engine import Action, ActionSyntaxError, Game, Move, format_code, registry
from game.engine.actions import COLUMN, FOUNDATION, WASTE

VARIANTS = list(registry.choices())
PILES = ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "w", "s", "f", "f1", "f2", "f5", "f8", "r", "r1", "r2", "r3", "r5", "r8"]


def all_cards(game: Game) -> Counter:
    pos = game.position
    counts = Counter(c for col in pos.columns for c in col)
    counts.update(pos.stock)
    counts.update(pos.waste)
    counts.update(c for slot in pos.foundations for c in slot)
    counts.update(c for c in pos.cells if c is not None)
    return counts


def every_token(game: Game) -> list[str]:
    """Every drag the notation can say on this table (for completeness checks)."""
    tokens = ["draw"]
    for src in PILES:
        for dst in PILES:
            tokens.append(f"{src}>{dst}")
    for i, col in enumerate(game.position.columns):
        for n in range(2, len(col) + 2):
            for dst in PILES:
                tokens.append(f"c{i + 1}.{n}>{dst}")
    return tokens


deals = st.tuples(st.sampled_from(VARIANTS), st.integers(1, 999_999))
choices = st.lists(st.integers(0, 10_000), min_size=1, max_size=120)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals, choices)
def test_random_legal_play_conserves_cards_keeps_score_and_undoes_exactly(deal, picks):
    (game_id, variant), number = deal
    game = Game.from_deal(format_code(game_id, variant, number))
    start = game.position.to_dict()
    cards = all_cards(game)
    expected_score = 0
    played = 0
    for pick in picks:
        actions = game.legal_actions()
        if not actions:  # Eight Off can be stuck; Easy Harp can always draw
            assert game.position.game == "eight-off"
            break
        action = actions[pick % len(actions)]
        before = game.position.score
        outcome = game.play(action)
        assert outcome.ok, (str(action), outcome.rule)
        played += 1
        move = outcome.move
        assert game.position.score == before + move.points >= 0
        expected_score += move.points
        assert all_cards(game) == cards
        # a face-down card never tops a column and never lies on a face-up one
        for i, col in enumerate(game.position.columns):
            assert game.position.hidden[i] < len(col) or game.position.hidden[i] == 0 == len(col)
        if game.position.won:
            break
    assert game.position.score == expected_score
    assert game.position.moves == played
    undone = 0
    while game.play("undo").ok:
        undone += 1
    assert undone == min(played, 100)
    if played <= 100:
        end = game.position.to_dict()
        assert end.pop("moves") == played
        start.pop("moves")
        assert end == start


@settings(max_examples=25, deadline=None)
@given(deals, choices)
def test_legal_actions_are_exactly_the_accepted_drags(deal, picks):
    """legal_actions lists one action per accepted outcome, and nothing the
    engine would refuse; every accepted drag of the notation is among them."""
    (game_id, variant), number = deal
    game = Game.from_deal(format_code(game_id, variant, number))
    for pick in picks[:15]:
        legal = game.legal_actions()
        outcomes = set()
        for action in legal:
            result = game.check(action)
            assert isinstance(result, Move), (str(action), result)
            outcomes.add((str(result.src), str(result.dst), len(result.cards)))
        for token in every_token(game):
            try:
                action = Action.parse(token)
            except ActionSyntaxError:
                assert token.split(">")[0] in ("f", "r")
                continue
            result = game.check(action)
            if isinstance(result, Move) and result.kind == "move":
                src, dst = str(result.src), str(result.dst)
                if result.dst.kind == "r":  # any empty cell is the same outcome as the first one
                    assert any(o[0] == src and o[1].startswith("r") and o[2] == len(result.cards) for o in outcomes), token
                else:
                    assert (src, dst, len(result.cards)) in outcomes, token
        if not legal:
            break
        game.play(legal[pick % len(legal)])


@settings(max_examples=30, deadline=None)
@given(deals, choices)
def test_easy_harp_score_is_the_sum_of_its_parts(deal, picks):
    """Without take-backs: 10 a card on a foundation, 5 a card turned up,
    5 a card from the waste to a column."""
    _, number = deal
    game = Game.from_deal(format_code("easy-harp", "N", number))
    flips = waste_to_column = 0
    for pick in picks:
        actions = [a for a in game.legal_actions() if a.src is None or a.src.kind != FOUNDATION]
        outcome = game.play(actions[pick % len(actions)])
        move = outcome.move
        flips += move.flip
        waste_to_column += move.src is not None and move.src.kind == WASTE and move.dst.kind == COLUMN
    on_foundations = sum(len(s) for s in game.position.foundations)
    assert game.position.score == 10 * on_foundations + 5 * flips + 5 * waste_to_column
