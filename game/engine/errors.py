"""Typed errors for bad input. Each is a ValueError with a message that names
the problem, so a command line or a dialog can show it as it is."""


class EngineInputError(ValueError):
    """Input from a player or a file that the engine cannot use."""


class CardError(EngineInputError):
    pass


class DealCodeError(EngineInputError):
    pass


class PositionError(EngineInputError):
    pass


class ActionSyntaxError(EngineInputError):
    pass
