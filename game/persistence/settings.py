"""The player's settings: one type, its record, and the one language choice.

``Settings`` is what the window reads and changes and what is kept. Two
fields concern the language, each with one meaning:

* ``lang``: the language the texts are shown in now (always a catalogue);
* ``chosen_lang``: the language the player picked, the one that is kept
  (None: follow the system's or browser's language). The record stores it
  under ``"lang"``, as it always did.

``choose_language`` decides ``lang``: the command line, else the player's
choice, else the system's or browser's language, else English.

The reader is forgiving but careful: unknown keys are ignored (a newer
version may add settings); a known key with a wrong value falls back to its
default and is reported, and so are bytes that are no UTF-8 anywhere in the
record (``loads_settings``), so the caller can keep the original aside and
tell the player once. A choice among names (the card back, the felt) that
is a short name but none of ours is a newer version's design: it falls
back to the default quietly. A record older than a setting simply lacks
it: the default holds.

>>> settings, problems = read_settings({"schema": SCHEMA, "version": 1,
...     "settings": {"sound": False, "four_color": "yes", "zoom": 3}})
>>> settings.sound, settings.four_color, problems
(False, False, ["'four_color' must be true or false"])
>>> read_settings({"schema": SCHEMA, "version": 1,
...     "settings": {"felt": "night", "card_back": "paisley", "volume": 250}})[0].felt
'night'
>>> choose_language(None, None, "hu_HU.UTF-8"), choose_language("vi", "hu", "en-US")
('hu', 'vi')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields

from ..engine import registry
from ..i18n import DEFAULT_LANGUAGE, normalize_language
from .savegame import SaveError, check_header, parse_json

SCHEMA = "easy-harp-eight-off/settings"
VERSION = 1
MAX_TEXT = 100_000

# The player's table (drawn in code: game/ui/drawing/backs.py and felt.py, which draw these, a test holds
# them to it), the first of each the default
CARD_BACKS = ("lattice", "chevrons", "waves", "squares")
FELTS = ("green", "blue", "red", "night")  # "night": the dark one, for the evening
CHOICES: dict[str, tuple[str, ...]] = {"card_back": CARD_BACKS, "felt": FELTS}
PERCENT = {"volume"}  # settings kept as a whole number from 0 to 100


@dataclass
class Settings:
    lang: str = DEFAULT_LANGUAGE  # the language shown now: see choose_language
    chosen_lang: str | None = None  # the player's own choice, kept; None: follow the system
    interactive_rules: bool = True
    double_tap: bool = True
    # the game the New game dialog offers first: the registry's first game and its first variant
    game: str = field(default_factory=lambda: registry.default_game().id)
    variant: str = field(default_factory=lambda: registry.default_game().variants[0])
    # readability and comfort
    four_color: bool = False
    large_cards: bool = False
    left_handed: bool = False
    drop_highlights: bool = False
    sound: bool = True
    volume: int = 60  # the sounds' loudness, % of the mixer's full volume (any whole number from 0 to 100)
    # the player's table
    card_back: str = CARD_BACKS[0]
    felt: str = FELTS[0]
    hide_clock: bool = False  # the bar keeps the clock's place, empty (the time still counts)
    reduce_motion: bool = False  # cards jump to their places: no glides, no deal stagger, no win cascade
    # the solver
    show_winnable: bool = False
    winnable_only: bool = False
    finish_for_me: bool = False  # the Finish button once a win is proven (game.play.finish)

    def to_dict(self) -> dict[str, object]:
        """The record's ``settings`` object: the kept language under
        ``"lang"``, never the one merely shown."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("lang", "chosen_lang")}
        return {"lang": self.chosen_lang, **values}

    @classmethod
    def from_dict(cls, data: object) -> "Settings":
        """The settings in a record's ``settings`` object, problems ignored."""
        return clean(data)[0]


def choose_language(command_line: str | None = None, chosen: str | None = None, system: str | None = None) -> str:
    """The catalogue to show: the command line's, else the player's choice,
    else the system's or browser's language, else English."""
    return (
        normalize_language(command_line)
        or normalize_language(chosen)
        or normalize_language(system)
        or DEFAULT_LANGUAGE
    )


def _language(value: object) -> str | None:
    """A stored language: a short tag such as ``vi`` or ``hu-HU``."""
    if value is None:
        return None
    if isinstance(value, str) and 2 <= len(value) <= 35 and value.replace("-", "").isalnum() and value.isascii():
        return value
    raise ValueError("'lang' must be a language tag or null")


def clean(values: object) -> tuple[Settings, list[str]]:
    """Known settings from a record's ``settings`` object over the defaults,
    and the problems found."""
    settings = Settings()
    problems: list[str] = []
    if not isinstance(values, dict):
        return settings, ["the settings are not a JSON object"]
    if "lang" in values:
        try:
            settings.chosen_lang = _language(values["lang"])
        except ValueError as exc:
            problems.append(str(exc))
        settings.lang = choose_language(settings.chosen_lang)
    for f in fields(Settings):
        if f.name in ("lang", "chosen_lang") or f.name not in values:
            continue
        value, default = values[f.name], getattr(settings, f.name)
        if isinstance(default, bool):
            if isinstance(value, bool):
                setattr(settings, f.name, value)
            else:
                problems.append(f"{f.name!r} must be true or false")
        elif f.name in PERCENT:
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
                setattr(settings, f.name, value)
            else:
                problems.append(f"{f.name!r} must be a whole number from 0 to 100")
        elif f.name in CHOICES:
            if not (isinstance(value, str) and 0 < len(value) <= 20):
                problems.append(f"{f.name!r} must be a short name")
            elif value in CHOICES[f.name]:
                setattr(settings, f.name, value)
            # else: a newer version's design; the default stands, nothing is damaged
        elif isinstance(value, str) and len(value) <= 20:
            setattr(settings, f.name, value)
        else:
            problems.append(f"{f.name!r} must be a short text")
    if not registry.known(settings.game, settings.variant):
        problems.append(f"no game {settings.game!r} with variant {settings.variant!r}")
        first = registry.default_game()
        settings.game, settings.variant = first.id, first.variants[0]
    return settings, problems


def read_settings(data: object) -> tuple[Settings, list[str]]:
    """Settings from a parsed record; a record that isn't one at all (or
    comes from a newer version) raises SaveError."""
    data = check_header(data, SCHEMA, VERSION, "settings record")
    return clean(data.get("settings"))


NOT_UTF8 = "\ufffd"  # what the storage reads bytes that are no UTF-8 as (the game writes it as an escape)


def loads_settings(text: object) -> tuple[Settings, list[str]]:
    """Settings from a record's text. Unknown settings are a newer version's
    and ignored, but bytes that are no UTF-8 anywhere in it are damage, and
    reported: the game writes ASCII, so the character the storage reads
    them as never comes from a writer of ours."""
    settings, problems = read_settings(parse_json(text, "settings record", max_chars=MAX_TEXT))
    if isinstance(text, str) and NOT_UTF8 in text:
        problems.append("the settings record holds bytes that are not UTF-8")
    return settings, problems


def stated(text: object) -> set[str]:
    """The names of the settings a record's text states (empty when it
    can't be read): a setting it leaves out takes its default."""
    try:
        values = json.loads(text) if isinstance(text, str) and len(text) <= MAX_TEXT else None
    except ValueError:
        return set()
    inner = values.get("settings") if isinstance(values, dict) else None
    return {key for key in inner if isinstance(key, str)} if isinstance(inner, dict) else set()


def dumps_settings(settings: Settings) -> str:
    values, _ = clean(settings.to_dict())  # what the reader takes back, nothing else
    return json.dumps({"schema": SCHEMA, "version": VERSION, "settings": values.to_dict()}, separators=(",", ":"))


__all__ = ["CARD_BACKS", "FELTS", "SCHEMA", "VERSION", "SaveError", "Settings", "choose_language", "clean",
           "dumps_settings", "loads_settings", "read_settings", "stated"]
