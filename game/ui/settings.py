"""The player's settings: one plain dataclass that a storage layer can save
and load as JSON (``to_dict`` / ``from_dict`` never trust their input)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..engine.deals import EASY_HARP, GAMES


@dataclass
class Settings:
    lang: str = "en"
    interactive_rules: bool = True
    double_tap: bool = True
    game: str = EASY_HARP  # the game the New game dialog offers first
    variant: str = "N"
    # readability and comfort (issue 8)
    four_color: bool = False
    large_cards: bool = False
    left_handed: bool = False
    drop_highlights: bool = False
    sound: bool = True
    # the solver (issue 7)
    show_winnable: bool = False
    winnable_only: bool = False

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> "Settings":
        """Read what a store kept; anything missing or of the wrong type keeps
        its default, unknown keys are ignored."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(settings, f.name)
            if type(value) is type(default):
                setattr(settings, f.name, value)
        if settings.game not in GAMES or settings.variant not in GAMES[settings.game][1]:
            settings.game, settings.variant = EASY_HARP, "N"
        return settings

