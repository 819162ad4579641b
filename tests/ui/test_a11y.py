"""Announcements: a move, a refusal and the win in every language, through
a fake page (the ARIA live region the host module writes to), and the
same words on the native status line."""

import pygame
import pytest

from game.engine import Pile, parse_card
from game.i18n import translate, translate_count
from game.host import LIVE_REGION_ID
from game.ui.voice.words import card_name, describe_focus, pile_name, sentence

from .positions import easy_harp, near_won_eight_off

C = lambda i: Pile("c", i - 1)  # noqa: E731


class FakeElement:
    def __init__(self) -> None:
        self.attrs: dict[str, str] = {}
        self.textContent = ""

    def setAttribute(self, name, value) -> None:
        self.attrs[name] = value


class FakeDocument:
    def __init__(self) -> None:
        self.elements: dict[str, FakeElement] = {}
        self.body = self
        self.said: list[str] = []

    def getElementById(self, key):
        return self.elements.get(key)

    def createElement(self, tag):
        return FakeElement()

    def appendChild(self, element) -> None:
        self.elements[element.attrs["id"]] = element
        original = type(element)

        class Watched(original):  # note every text the live region receives
            def __setattr__(inner, name, value, _doc=self):
                if name == "textContent":
                    _doc.said.append(value)
                object.__setattr__(inner, name, value)

        element.__class__ = Watched


class FakePage:
    def __init__(self) -> None:
        self.document = FakeDocument()

    @property
    def region(self) -> FakeElement:
        return self.document.elements[LIVE_REGION_ID]


def listen(d, lang: str | None = None) -> FakePage:
    """The page that hears the app (in ``lang``, when named)."""
    if lang is not None:
        d.app.change_setting("lang", lang)
    page = FakePage()
    d.app.announcer.window = page
    return page


LANGS = ("en", "vi", "hu")


@pytest.mark.parametrize("lang", LANGS)
def test_a_move_is_announced(driver_for, lang):
    d = driver_for(easy_harp([["8S"], ["7H"], []]))
    page = listen(d, lang)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    expected = sentence(translate("say.move", lang, card=card_name(parse_card("7H"), lang), pile=pile_name(C(1), lang)))
    assert page.region.textContent == expected
    assert page.region.attrs["aria-live"] == "polite"
    assert d.table.status.text == expected  # natively: the status line
    if lang == "en":
        assert expected == "7 of hearts to column 1."
    if lang == "vi":
        assert expected == "7 cơ sang cột 1."
    if lang == "hu":
        assert expected == "Kőr 7 ide: 1. oszlop."


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_is_announced_with_its_rule(driver_for, lang):
    d = driver_for(easy_harp([["8S"], ["7C"]]))
    page = listen(d, lang)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    rule = translate("rule.alternate-colors", lang)
    assert page.region.textContent == translate("say.refused", lang, rule=rule)
    assert rule in page.region.textContent


@pytest.mark.parametrize("lang", LANGS)
def test_the_win_is_announced(driver_for, lang):
    d = driver_for(near_won_eight_off())
    page = listen(d, lang)
    d.key(pygame.K_f)
    pos = d.game.position
    assert pos.won
    won = translate_count("say.won", pos.moves, lang, score=pos.score, moves=pos.moves)
    assert page.region.textContent == won
    assert page.document.said[-2] == sentence(translate("say.move", lang, card=card_name(parse_card("KH"), lang),
                                                        pile=translate("say.pile.foundation_suit", lang,
                                                                       suit=translate("say.suit.1", lang))))


@pytest.mark.parametrize("lang", LANGS)
def test_draw_and_turn_over_are_announced(driver_for, lang):
    d = driver_for(easy_harp([["8S"]], stock=["#5D"]))
    page = listen(d, lang)
    d.key(pygame.K_d)
    assert page.region.textContent == sentence(translate("say.draw", lang, card=card_name(parse_card("5D"), lang)))
    d.key(pygame.K_d)
    assert page.region.textContent == translate("say.turn", lang)


def test_the_repeat_key_says_the_focused_card_and_pile(driver_for):
    d = driver_for(easy_harp([["#2S", "#3S", "8S", "7H"]]))
    page = listen(d)
    d.key(pygame.K_r)
    assert page.region.textContent == "Column 1: 7 of hearts, 2 face down."
    d.key(pygame.K_UP)
    assert page.region.textContent == "Column 1: 8 of spades, 1 more on it, 2 face down."
    d.key(pygame.K_SLASH, unicode="?")
    assert page.document.said[-1].startswith("Column 1: 8 of spades")


def test_card_names_use_the_glossary_words():
    assert card_name(parse_card("QS"), "vi") == "đầm bích"
    assert card_name(parse_card("AC"), "vi") == "át chuồn"
    assert card_name(parse_card("JD"), "hu") == "káró bubi"
    assert card_name(parse_card("KH"), "hu") == "kőr király"
    assert pile_name(Pile("w"), "vi") == "chồng bài bỏ"
    assert pile_name(Pile("s"), "hu") == "húzópakli"


def test_refusal_without_interactive_rules_says_only_refused(driver_for):
    d = driver_for(easy_harp([["8S"], ["7C"]]))
    d.app.change_setting("interactive_rules", False)
    page = listen(d)
    d.drag(d.card_center(C(2)), d.card_center(C(1)))
    assert page.region.textContent == translate("say.refused_plain", "en")


def test_focus_description_of_an_empty_pile_and_the_stock(driver_for):
    d = driver_for(easy_harp([["8S"]], stock=["#5D", "#6D"]))
    pos = d.game.position
    assert describe_focus(pos, C(2), None, "en") == "column 2: empty"
    assert describe_focus(pos, Pile("s"), None, "en") == "stock: 2 cards"


@pytest.mark.parametrize("lang", LANGS)
def test_a_move_that_turns_a_card_up_is_two_sentences(driver_for, lang):
    """Each announcement its own sentence: a capital letter and a full stop,
    never "ace of diamonds to the diamonds foundation jack of clubs turned face up"."""
    d = driver_for(easy_harp([["#JC", "AD"]]))
    page = listen(d, lang)
    d.key(pygame.K_f)  # the ace goes home and the jack turns face up
    said = page.region.textContent
    move = translate("say.move", lang, card=card_name(parse_card("AD"), lang),
                     pile=translate("say.pile.foundation_suit", lang, suit=translate("say.suit.2", lang)))
    flip = translate("say.flip", lang, card=card_name(parse_card("JC"), lang))
    assert said == f"{move[0].upper()}{move[1:]}. {flip[0].upper()}{flip[1:].rstrip('.')}."
    if lang == "en":
        assert said == "Ace of diamonds to the diamonds foundation. Jack of clubs turned face up."


@pytest.mark.parametrize("lang", LANGS)
def test_a_resumed_game_says_it_was_resumed(driver_for, lang):
    from game.engine import Game

    d = driver_for(easy_harp([["8S"], ["7H"]]))
    page = listen(d, lang)
    d.app.resume_game(Game.from_deal("EH1-N-AAAAAAF"), 5000, False)
    game = translate("game.easy-harp", lang)
    deal = translate("ui.deal", lang, code="EH1-N-AAAAAAF")
    assert page.region.textContent == translate("say.resumed", lang, game=game, deal=deal) + "."
    assert page.region.textContent != translate("say.new_game", lang, game=game, deal=deal) + "."
    if lang == "en":
        assert page.region.textContent == "Game resumed: Easy Harp. Deal EH1-N-AAAAAAF."
