"""The window's side of persistence: the app's hooks feed ``Persistence``.

``attach`` loads everything once at start-up and then listens: every
accepted action or undo saves the game, a win is counted once, a new game
records the one it replaces, an option change saves the settings. Whatever
the storage wants the player to know (a damaged save, a failed write) is
shown once as a notice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Game, Outcome
from ..persistence import Loaded, Persistence
from ..persistence.settings import Settings

if TYPE_CHECKING:
    from .app import App

CLOCK_SAVE_MS = 30_000


class SaveKeeper:
    def __init__(self, app: "App", persistence: Persistence, loaded: Loaded) -> None:
        self.app, self.persistence = app, persistence
        self.resuming = False
        self.lang_seen = app.settings.lang
        self.game: Game | None = None  # the game on the table, as last seen
        app.on("action", self.on_action)
        app.on("new_game", self.on_new_game)
        app.on("settings", self.on_settings)
        app.on("quit", self.on_quit)
        # a closed browser tab sends no QUIT: keep the clock every half minute
        self.saved_ms = 0
        app.add_task(self)

    def step(self, budget_ms: float) -> bool:
        """A background task: save the time played now and then (never stops)."""
        table = self.app.table
        if table.clock_running and table.game is not None and table.elapsed_ms - self.saved_ms >= CLOCK_SAVE_MS:
            self.saved_ms = table.elapsed_ms
            self.persistence.save_game(table.game, self.elapsed())
        elif table.elapsed_ms < self.saved_ms:  # a new game
            self.saved_ms = 0
        return True

    # ---- hooks ------------------------------------------------------------------------

    def elapsed(self) -> float:
        return self.app.table.elapsed_ms / 1000

    def on_action(self, outcome: Outcome) -> None:
        game = self.app.table.game
        if not outcome.ok or game is None:
            return
        if game.position.won:
            self.persistence.game_won(game, self.elapsed())
        else:
            self.persistence.save_game(game, self.elapsed())
        self.show_notices()

    def on_new_game(self, game: Game) -> None:
        if self.resuming:
            self.game = game
            return
        previous, elapsed = getattr(self.app, "previous_game", (None, 0.0))
        if previous is game:
            previous = None
        self.persistence.new_game(game, previous=previous, previous_elapsed=elapsed)
        self.game = game
        self.show_notices()

    def on_settings(self, settings: Settings) -> None:
        if settings.lang != self.lang_seen:  # the player picked a language: keep it
            settings.chosen_lang = self.lang_seen = settings.lang
        self.persistence.save_settings(settings)
        self.show_notices()

    def on_quit(self) -> None:
        """Keep the time played since the last move."""
        game = self.app.table.game
        if game is not None and game.position.moves > 0 and not game.position.won:
            self.persistence.save_game(game, self.elapsed())

    # ---- start-up -----------------------------------------------------------------------

    def resume(self, game: Game, elapsed: float) -> None:
        """Put the saved game back on the table, clock and undo included."""
        self.resuming = True
        try:
            self.app.start_game(game, animate=False)
        finally:
            self.resuming = False
        table = self.app.table
        table.elapsed_ms = int(elapsed * 1000)
        table.clock_running = game.position.moves > 0 and not game.position.won
        table.update_bar()

    def show_notices(self, notices: list[str] | None = None) -> None:
        notices = list(notices or []) + self.persistence.pop_notices()
        if notices:
            self.app.show_notices(notices)


def attach(app: "App", persistence: Persistence, loaded: Loaded) -> SaveKeeper:
    keeper = SaveKeeper(app, persistence, loaded)
    app.persistence = persistence
    app.keeper = keeper
    return keeper
