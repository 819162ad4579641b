"""The help pages: every text exists in every language, and every worked
example still does, move by move, what its caption says."""

from __future__ import annotations

import pytest

from game.engine import Game, parse_code
from game.help import EXAMPLES, page_by_id, page_text, pages
from game.help.examples import OK
from game.i18n import CATALOGUES, refusal_message, translate

LANGUAGES = ("en", "vi", "hu")


def all_help_keys() -> list[str]:
    keys = [key for page in pages() for key in page.keys()]
    for example in EXAMPLES:
        keys += example.caption_keys()
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_text_is_in_the_catalogue(lang):
    missing = [key for key in all_help_keys() if key not in CATALOGUES[lang]]
    assert not missing, missing


def test_pages_and_order():
    assert [page.id for page in pages()] == ["rules-easy-harp", "rules-eight-off", "controls", "faq", "examples"]
    assert page_by_id("faq").title == "help.page.faq"
    assert [page.kind for page in pages()].count("examples") == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_text_is_translated(lang):
    for page in pages():
        for heading, paragraphs in page_text(page, lang):
            assert heading is None or heading.strip()
            assert paragraphs and all(p.strip() and not p.startswith("help.") for p in paragraphs)


def test_rules_pages_carry_the_contract_rules():
    easy_harp = " ".join(p for _, ps in page_text(page_by_id("rules-easy-harp")) for p in ps)
    assert "one card" in easy_harp.lower() or "only the top card" in easy_harp.lower()
    assert "headed by a king" in easy_harp and "empty column" in easy_harp
    eight_off = " ".join(p for _, ps in page_text(page_by_id("rules-eight-off")) for p in ps)
    # the group limit in words a player reads, with worked numbers, not as a formula
    assert "each free cell lets one more card move" in eight_off.lower() and "each empty column doubles" in eight_off
    assert "with 2 free cells and 1 empty column, 6 cards" in eight_off and "×" not in eight_off
    assert "2 free cells and one empty column" in eight_off and "at most 3 cards" in eight_off


def test_faq_covers_what_players_ask():
    faq = " ".join(f"{q} {' '.join(ps)}" for q, ps in page_text(page_by_id("faq")))
    for words in ("deal code", "Same deal", "Today's deal", "points", "Undo", "2 cells", "by itself", "face-down"):
        assert words.lower() in faq.lower(), words


# ---- worked examples -------------------------------------------------------


def test_examples_come_from_real_deals():
    games = set()
    for example in EXAMPLES:
        code = parse_code(example.deal)  # raises on a bad code
        games.add(code.game)
        assert Game.from_deal(example.deal).position.deal == example.deal
    assert games == {"easy-harp", "eight-off"}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_example_replays_as_captioned(example):
    game = example.start_game()
    assert game.position.deal == example.deal
    assert not game.can_undo
    for step in example.steps:
        before = game.position.to_dict()
        outcome = game.play(step.action)
        if step.expect == OK:
            assert outcome.ok, f"{example.id}: {step.action} refused ({outcome.rule})"
        else:
            assert outcome.rule == step.expect, f"{example.id}: {step.action} gave {outcome.rule}, not {step.expect}"
            assert game.position.to_dict() == before
            for lang in LANGUAGES:  # in the rule's own words (up to its colon: the numbers follow)
                own = translate(f"rule.{step.expect}", lang).split(":")[0]
                assert refusal_message(outcome, lang).startswith(own)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_captions_fill_in(example, lang):
    for key in example.caption_keys():
        text = translate(key, lang, **example.params)
        assert "{" not in text and "}" not in text, key


def _play_to(example, upto: int) -> Game:
    game = example.start_game()
    for step in example.steps[:upto]:
        game.play(step.action)
    return game


def test_easy_harp_example_shows_one_card_then_the_king_exception():
    example = next(e for e in EXAMPLES if e.id == "easy-harp-one-card")
    assert example.setup == ()  # straight from the deal
    expects = [step.expect for step in example.steps]
    assert "one-card-at-a-time" in expects
    refused_at = expects.index("one-card-at-a-time")
    game = _play_to(example, refused_at)
    pos = game.position
    refused = example.steps[refused_at].action  # "cA.N>cB"
    src, dst = int(refused.split(".")[0][1:]) - 1, int(refused.split(">")[1][1:]) - 1
    count = int(refused.split(".")[1].split(">")[0])
    # The run's first card would fit on the target by itself: only the count is wrong.
    assert count >= 2
    head = pos.columns[src][-count]
    assert pos.rules.build_refusal(head, pos.columns[dst][-1]) is None
    # The last step: a king-led run of several cards goes whole into an empty column.
    last = example.steps[-1]
    assert last.expect == OK
    game = _play_to(example, len(example.steps) - 1)
    src = int(last.action.split(".")[0][1:]) - 1
    dst = int(last.action.split(">")[1][1:]) - 1
    count = int(last.action.split(".")[1].split(">")[0])
    assert count >= 2 and not game.position.columns[dst]
    assert game.position.columns[src][-count] % 13 + 1 == 13  # a king
    outcome = game.play(last.action)
    assert outcome.ok and outcome.move.flip  # and it uncovers a face-down card


def test_eight_off_example_two_free_cells_one_empty_column_limit_three():
    example = next(e for e in EXAMPLES if e.id == "eight-off-group-limit")
    game = example.start_game()
    pos = game.position
    assert sum(c is None for c in pos.cells) == 2
    assert sum(1 for col in pos.columns if not col) == 1
    assert example.params["moves"] == len(example.setup)
    (too_big, fits) = example.steps
    assert too_big.expect == "group-too-large" and too_big.action.split(".")[1].startswith("4")
    assert fits.expect == OK and fits.action.split(".")[1].startswith("3")
    outcome = game.play(too_big.action)
    assert outcome.refusal.limit == 3
    for lang in LANGUAGES:
        assert "3" in refusal_message(outcome, lang), lang
    outcome = game.play(fits.action)
    assert outcome.ok and len(outcome.move.cards) == 3


def test_help_needs_no_pygame():
    import pathlib

    import game.help

    for source in pathlib.Path(game.help.__file__).parent.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert "import pygame" not in text and "from pygame" not in text, source.name
