"""The catalogues: every language has exactly the English keys, with the same
{placeholders}, and every text can be filled in; language tags resolve."""

from __future__ import annotations

import string
import unicodedata

import pytest

from game.i18n import CATALOGUES, LANGUAGE_NAMES, normalize_language, rule_message, translate
from game.i18n import en
from game.engine import RULE_IDS

OTHER_LANGUAGES = ("vi", "hu")


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_every_language_is_loaded():
    for lang in ("en", *OTHER_LANGUAGES):
        assert lang in CATALOGUES
        assert LANGUAGE_NAMES[lang]


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_key_missing(lang):
    missing = sorted(set(en.MESSAGES) - set(CATALOGUES[lang]))
    assert not missing, f"{lang} lacks {len(missing)} key(s): {missing}"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_extra_key(lang):
    extra = sorted(set(CATALOGUES[lang]) - set(en.MESSAGES))
    assert not extra, f"{lang} has key(s) English doesn't: {extra}"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_same_placeholders(lang):
    wrong = {
        key: (sorted(placeholders(text)), sorted(placeholders(CATALOGUES[lang][key])))
        for key, text in en.MESSAGES.items()
        if key in CATALOGUES[lang] and placeholders(text) != placeholders(CATALOGUES[lang][key])
    }
    assert not wrong, f"{lang}: placeholders differ (en, {lang}): {wrong}"


@pytest.mark.parametrize("lang", ("en", *OTHER_LANGUAGES))
def test_every_text_formats(lang):
    for key, text in CATALOGUES[lang].items():
        values = {name: 7 for name in placeholders(text)}
        text.format(**values)  # raises on a broken brace or a positional field


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_translated_where_english_has_text(lang):
    # An empty English text (e.g. the name of Easy Harp's only variant) stays empty.
    for key, text in en.MESSAGES.items():
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
