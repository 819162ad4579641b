"""The player's records: where they are kept (``storage``), what a saved game,
the statistics and the settings look like on disk (``savegame``, ``stats``,
``settings``), and the facade the window uses (``records.Persistence``)."""

from .records import Loaded, Persistence

__all__ = ["Loaded", "Persistence"]
