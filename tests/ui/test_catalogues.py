"""The catalogues: every language has exactly the English keys, with the same
{placeholders}, and every text can be filled in; language tags resolve."""

from __future__ import annotations

import string
import unicodedata

import pytest

from game.i18n import (
    CATALOGUES, LANGUAGE_NAMES, PLURAL_FORMS, normalize_language, plural_form, rule_message, translate,
    translate_count,
)
from game.i18n import en
from game.engine import RULE_IDS

OTHER_LANGUAGES = ("vi", "hu")


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_every_language_is_loaded():
    for lang in ("en", *OTHER_LANGUAGES):
        assert lang in CATALOGUES
        assert LANGUAGE_NAMES[lang]


def messages(lang: str) -> set[str]:
    """A catalogue's messages: its keys, a count's forms (``key#one``,
    ``key#other``) as one message, ``key#``."""
    return {key.split("#")[0] + "#" if "#" in key else key for key in CATALOGUES[lang]}


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_key_missing(lang):
    missing = sorted(messages("en") - messages(lang))
    assert not missing, f"{lang} lacks {len(missing)} key(s): {missing}"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_extra_key(lang):
    extra = sorted(messages(lang) - messages("en"))
    assert not extra, f"{lang} has key(s) English doesn't: {extra}"


@pytest.mark.parametrize("lang", ("en", *OTHER_LANGUAGES))
def test_a_count_has_the_forms_its_language_takes(lang):
    """English says "1 move" and "2 moves"; Vietnamese has no plural
    inflection and Hungarian puts the singular after a numeral: one form."""
    forms: dict[str, set[str]] = {}
    for key in CATALOGUES[lang]:
        if "#" in key:
            base, form = key.split("#")
            forms.setdefault(base, set()).add(form)
    assert forms and all(found == set(PLURAL_FORMS[lang]) for found in forms.values()), forms


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_same_placeholders(lang):
    def english(key: str) -> str:  # a count's forms: as English's plural
        return en.MESSAGES[key] if key in en.MESSAGES else en.MESSAGES[key.split("#")[0] + "#other"]

    wrong = {
        key: (sorted(placeholders(english(key))), sorted(placeholders(text)))
        for key, text in CATALOGUES[lang].items()
        if placeholders(english(key)) != placeholders(text)
    }
    assert not wrong, f"{lang}: placeholders differ (en, {lang}): {wrong}"
    assert all(placeholders(text) == placeholders(english(key)) for key, text in en.MESSAGES.items())


@pytest.mark.parametrize("lang, moves, said", [
    ("en", 1, "You won! Score 10, 1 move."), ("en", 2, "You won! Score 10, 2 moves."),
    ("en", 0, "You won! Score 10, 0 moves."),
    ("vi", 1, "Bạn đã thắng! Điểm 10, 1 nước đi."), ("vi", 5, "Bạn đã thắng! Điểm 10, 5 nước đi."),
    ("hu", 1, "Nyertél! 10 pont, 1 lépés."), ("hu", 5, "Nyertél! 10 pont, 5 lépés."),
])
def test_a_count_takes_its_grammar(lang, moves, said):
    assert translate_count("say.won", moves, lang, score=10, moves=moves) == said
    assert plural_form(lang, moves) == ("one" if lang == "en" and moves == 1 else "other")


def test_a_count_falls_back_to_english_then_to_the_key():
    assert translate_count("say.focus_count", 1, "xx", pile="Stock", count=1) == "Stock: 1 card"
    assert translate_count("no.such.key", 3, "vi") == "no.such.key"


@pytest.mark.parametrize("lang", ("en", *OTHER_LANGUAGES))
def test_every_text_formats(lang):
    for key, text in CATALOGUES[lang].items():
        values = {name: 7 for name in placeholders(text)}
        text.format(**values)  # raises on a broken brace or a positional field


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_translated_where_english_has_text(lang):
    # An empty English text (e.g. the name of Easy Harp's only variant) stays empty.
    for key, text in en.MESSAGES.items():
        key = key.replace("#one", "#other")  # a count's one form in vi and hu
        assert bool(CATALOGUES[lang].get(key, "").strip()) == bool(text.strip()), key


@pytest.mark.parametrize("lang", ("en", *OTHER_LANGUAGES))
def test_texts_are_composed_and_tidy(lang):
    for key, text in CATALOGUES[lang].items():
        # Precomposed letters (NFC): "ế" as one character, as the font draws it best.
        assert unicodedata.normalize("NFC", text) == text, key
        assert text == text.strip(), f"{key}: stray spaces"
        assert "  " not in text, f"{key}: double space"


@pytest.mark.parametrize("lang", ("en", *OTHER_LANGUAGES))
def test_every_rule_has_a_message(lang):
    for rule in RULE_IDS:
        assert f"rule.{rule}" in CATALOGUES[lang]


@pytest.mark.parametrize("lang", ("en", *OTHER_LANGUAGES))
def test_group_limit_message_says_the_limit(lang):
    assert "3" in rule_message("group-too-large", lang, limit=3)
    assert "{" not in rule_message("group-too-large", lang, limit=3)


def test_vietnamese_and_hungarian_use_their_letters():
    # A cheap guard against a file saved without its accents.
    assert "ồ" in CATALOGUES["vi"]["rule.stock-empty"] or "ồ" in CATALOGUES["vi"]["rule.foundation-order"]
    hungarian = " ".join(CATALOGUES["hu"].values())
    assert "ő" in hungarian and "ű" in hungarian


def test_translate_falls_back_to_english_then_to_the_key():
    assert translate("rule.stock-empty", "xx") == en.MESSAGES["rule.stock-empty"]
    assert translate("no.such.key", "vi") == "no.such.key"


@pytest.mark.parametrize(
    "tag, lang",
    [
        ("vi-VN", "vi"),
        ("vi", "vi"),
        ("hu_HU.UTF-8", "hu"),
        ("HU", "hu"),
        ("en", "en"),
        ("en-GB", "en"),
        (" en_US ", "en"),
        ("fr-FR", None),
        ("C", None),
        ("", None),
        (None, None),
    ],
)
def test_normalize_language(tag, lang):
    assert normalize_language(tag) == lang
