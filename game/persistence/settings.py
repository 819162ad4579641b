"""The player's settings: defaults, and a forgiving but careful reader.

Unknown keys are ignored (a newer version may add settings); a known key
with a wrong value falls back to its default and is reported, so the caller
can keep the original aside and tell the player once.

>>> settings, problems = read_settings({"schema": SCHEMA, "version": 1,
...     "settings": {"sound": False, "four_color": "yes", "zoom": 3}})
>>> settings["sound"], settings["four_color"], problems
(False, False, ["'four_color' must be true or false"])
"""

from __future__ import annotations

import json

from ..engine.deals import EASY_HARP, GAMES
from .savegame import SaveError, check_header, parse_json

SCHEMA = "easy-harp-eight-off/settings"
VERSION = 1

DEFAULTS: dict[str, object] = {
    "lang": None,  # None: follow the system or browser language
    "interactive_rules": True,
    "double_tap": True,
    "show_winnable": False,
    "winnable_only": False,
    "sound": True,
    "four_color": False,
    "large_cards": False,
    "left_handed": False,
    "drop_highlights": False,
    "game": EASY_HARP,  # what the New game dialog offers first
    "variant": "N",
}


def default_settings() -> dict[str, object]:
    return dict(DEFAULTS)


def _language(value: object) -> str | None:
    """A stored language: a short tag such as ``vi`` or ``hu-HU``."""
    if value is None:
        return None
    if isinstance(value, str) and 2 <= len(value) <= 35 and value.replace("-", "").isalnum() and value.isascii():
        return value
    raise ValueError("'lang' must be a language tag or null")


def clean(values: object) -> tuple[dict[str, object], list[str]]:
    """Known settings from ``values`` over the defaults, and the problems found."""
    settings = default_settings()
    problems: list[str] = []
    if not isinstance(values, dict):
        return settings, ["the settings are not a JSON object"]
    for key, default in DEFAULTS.items():
        if key not in values:
            continue
        value = values[key]
        if key == "lang":
            try:
                settings[key] = _language(value)
            except ValueError as exc:
                problems.append(str(exc))
        elif isinstance(default, bool):
            if isinstance(value, bool):
                settings[key] = value
            else:
                problems.append(f"{key!r} must be true or false")
        elif isinstance(value, str) and len(value) <= 20:
            settings[key] = value
        else:
            problems.append(f"{key!r} must be a short text")
    game, variant = settings["game"], settings["variant"]
    if game not in GAMES or variant not in GAMES[game][1]:  # type: ignore[index]
        problems.append(f"no game {game!r} with variant {variant!r}")
        settings["game"], settings["variant"] = DEFAULTS["game"], DEFAULTS["variant"]
    return settings, problems


def read_settings(data: object) -> tuple[dict[str, object], list[str]]:
    """Settings from a parsed record; a record that isn't one at all (or
    comes from a newer version) raises SaveError."""
    data = check_header(data, SCHEMA, VERSION, "settings record")
    return clean(data.get("settings"))


def loads_settings(text: object) -> tuple[dict[str, object], list[str]]:
    return read_settings(parse_json(text, "settings record", max_chars=100_000))


def dumps_settings(settings: dict[str, object]) -> str:
    values, _ = clean(settings)
    return json.dumps({"schema": SCHEMA, "version": VERSION, "settings": values}, separators=(",", ":"))


__all__ = ["DEFAULTS", "SCHEMA", "VERSION", "SaveError", "clean", "default_settings",
           "dumps_settings", "loads_settings", "read_settings"]
