"""The message catalogue: message ids -> text in each language.

Every word the player sees is looked up here by id; logic never compares
translated text. A missing translation falls back to English, and a test
checks that no language misses any id.
"""

from __future__ import annotations

from . import en, hu, vi

CATALOGUES: dict[str, dict[str, str]] = {"en": en.MESSAGES, "vi": vi.MESSAGES, "hu": hu.MESSAGES}
LANGUAGE_NAMES = {"en": "English", "vi": "Tiếng Việt", "hu": "Magyar"}
DEFAULT_LANGUAGE = "en"
LANGUAGES = tuple(CATALOGUES)


def normalize_language(tag: str | None) -> str | None:
    """``vi-VN`` / ``hu_HU.UTF-8`` / ``EN`` -> a catalogue key, or None."""
    if not tag or not isinstance(tag, str):
        return None
    base = tag.strip().replace("_", "-").split("-")[0].split(".")[0].lower()
    return base if base in CATALOGUES else None


def translate(key: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    catalogue = CATALOGUES.get(lang, en.MESSAGES)
    text = catalogue.get(key)
    if text is None:
        text = en.MESSAGES.get(key, key)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def rule_message(rule: str, lang: str = DEFAULT_LANGUAGE, limit: int | None = None,
                 have: int | None = None, asked: int | None = None) -> str:
    if rule == "empty-source" and have is not None:  # a column with fewer cards than asked
        key = "rule.empty-source.one" if have == 1 else "rule.empty-source.fewer"
        return translate(key, lang, have=have, asked=asked)
    return translate(f"rule.{rule}", lang, limit=limit if limit is not None else "")


def refusal_message(refused, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The player's words for what the engine refused: ``refused`` is an
    engine ``Outcome`` or ``Refusal`` (its rule id and parameters); None
    when an outcome was not refused. The engine never words its answers."""
    refusal = getattr(refused, "refusal", refused)
    return None if refusal is None else rule_message(refusal.rule, lang, limit=refusal.limit, have=refusal.have, asked=refusal.asked)
