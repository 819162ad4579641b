"""The message catalogue: message ids -> text in each language.

Every word the player sees is looked up here by id; logic never compares
translated text. A missing translation falls back to English, and a test
checks that no language misses any id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import en, hu, vi

if TYPE_CHECKING:
    from ..engine import Outcome, Refusal

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


# The forms a count's words take in each language, by their CLDR names
# (``key#one``, ``key#other`` in the catalogues): English has a singular and
# a plural ("1 move", "2 moves"); Vietnamese does not inflect for number
# ("1 nước đi", "5 nước đi"); Hungarian puts the singular after a numeral
# ("1 lépés", "5 lépés"). So vi and hu write one form, ``other``.
PLURAL_FORMS: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "vi": ("other",), "hu": ("other",)}


def plural_form(lang: str, n: int) -> str:
    """The form ``lang``'s words take for ``n`` things: ``one`` or ``other``."""
    return "one" if n == 1 and "one" in PLURAL_FORMS.get(lang, ("other",)) else "other"


def translate(key: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    catalogue = CATALOGUES.get(lang, en.MESSAGES)
    text = catalogue.get(key)
    if text is None:
        text = en.MESSAGES.get(key, key)
    return _filled(text, params)


def translate_count(key: str, n: int, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """The message ``key`` about ``n`` things, in the form ``lang``'s grammar
    takes for that count (``key#one`` or ``key#other``, ``plural_form``),
    filled in with ``params`` (falls back to English, then to the key)."""
    catalogue = CATALOGUES.get(lang)
    text = catalogue.get(f"{key}#{plural_form(lang, n)}") if catalogue is not None else None
    if text is None:
        text = en.MESSAGES.get(f"{key}#{plural_form(DEFAULT_LANGUAGE, n)}", key)
    return _filled(text, params)


def _filled(text: str, params: dict[str, object]) -> str:
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def rule_message(rule: str, lang: str = DEFAULT_LANGUAGE, limit: int | None = None,
                 have: int | None = None, asked: int | None = None, cells: int | None = None,
                 columns: int | None = None, into_empty: bool = False) -> str:
    if rule == "empty-source" and have is not None:  # a column with fewer cards than asked
        key = "rule.empty-source.one" if have == 1 else "rule.empty-source.fewer"
        return translate(key, lang, have=have, asked=asked)
    if rule == "group-too-large" and limit is not None and cells is not None and columns is not None:
        return group_message(lang, limit, cells, columns, into_empty)
    return translate(f"rule.{rule}", lang, limit=limit if limit is not None else "")


def group_message(lang: str, limit: int, cells: int, columns: int, into_empty: bool) -> str:
    """A too-large group move in a player's words: "with 2 free cells and
    1 empty column, you can move at most 6 cards at once" ("1 other empty
    column" when the cards were to go into one: that one does not count)."""
    def count(what: str, n: int) -> str:
        return translate(f"rule.group.{what}.{n if n < 2 else 'n'}", lang, n=n)

    key = "rule.group-too-large.room_one" if limit == 1 else "rule.group-too-large.room"
    return translate(key, lang, cells=count("cells", cells), columns=count("other" if into_empty else "columns", columns),
                     limit=limit)


def refusal_message(refused: Outcome | Refusal | None, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The player's words for what the engine refused: ``refused`` is an
    engine ``Outcome`` or ``Refusal`` (its rule id and parameters); None
    when an outcome was not refused. The engine never words its answers."""
    from ..engine import Outcome

    refusal = refused.refusal if isinstance(refused, Outcome) else refused
    if refusal is None:
        return None
    return rule_message(refusal.rule, lang, limit=refusal.limit, have=refusal.have, asked=refusal.asked,
                        cells=refusal.cells, columns=refusal.columns, into_empty=refusal.into_empty)
