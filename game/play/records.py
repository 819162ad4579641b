"""The player's records as the window reads them: the statistics of each
game and variant, what this window's latest win beat, the words of a
notice, and resetting a variant's figures. A view over the persistence
(``game.persistence``) that the application owns; the window never holds
the persistence itself."""

from __future__ import annotations

from ..persistence import Persistence
from ..persistence.stats import RECENT, VariantStats, game_seconds, variant_key

__all__ = ["RECENT", "Records", "VariantStats", "game_seconds"]


class Records:
    def __init__(self, persistence: Persistence) -> None:
        self._persistence = persistence

    def stats(self, game: str, variant: str) -> VariantStats:
        """The figures of one game's variant, as last read or kept."""
        return self._persistence.stats.get(game, variant)

    def refresh(self) -> None:
        """Read the statistics again: the games other windows finished since count too."""
        self._persistence.refresh_stats()

    def reset(self, game: str, variant: str) -> bool:
        """Clear one variant's figures; False when the storage refused."""
        return self._persistence.reset_stats(game, variant)

    def new_bests(self, game: str, variant: str) -> frozenset[str]:
        """Which of a variant's records this window's latest game there beat."""
        return frozenset(self._persistence.new_bests.get(variant_key(game, variant), frozenset()))

    def notice_text(self, notice: str, lang: str) -> str:
        """A notice's words, with the numbers the records give it."""
        return self._persistence.notice_text(notice, lang)
