from __future__ import annotations

"""Typed errors for bad input. Each is a ValueError with a message that names
the problem, so a command line or a dialog can show it as it is."""


class EngineInputError(ValueError):
    """Input from a player or a file that the engine cannot use.

    ``key`` and ``params`` name the problem for the message catalogue, so a
    window can say it in the player's language; ``str()`` is plain English.
    """

    def __init__(self, message: str, key: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class CardError(EngineInputError):
    pass


class DealCodeError(EngineInputError):
    pass


class PositionError(EngineInputError):
    pass


class ActionSyntaxError(EngineInputError):
    pass
