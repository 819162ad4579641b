"""What happens on the table, in words: for screen readers in the browser
(an ARIA live region, through ``game.host.announce``) and, natively, as
a small status line on screen.

Every text is built from catalogue keys with parameters (card and pile
names too), in the player's language; nothing here compares translated text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from ... import host
from ...engine import Outcome
from ...i18n import translate, translate_count
from ...i18n.dates import date_text, level_name
from ...play import Played, Refused, Started, Undone, Won
from .words import deal_name, describe_outcome, refusal_words, sentence

if TYPE_CHECKING:
    from ...play import Application, Settings


class Heard(Protocol):
    """What the announcer needs of the app: the player's language and
    options, and the game in progress."""

    settings: Settings

    @property
    def play(self) -> Application: ...


class Announcer:
    """Says things: to the page's live region (browser) and to the status
    line (``show``, set by the table), and says what happens to the game
    in progress once it ``listen``s to the application's bus. ``window`` is the page
    (None: the host module finds it; tests hand in a fake one)."""

    def __init__(self, app: Heard) -> None:
        self.app = app
        self.window: Any | None = None
        self.show: Callable[[str], None] | None = None
        self.last = ""
        self.history: list[str] = []

    @property
    def lang(self) -> str:
        return self.app.settings.lang

    def say(self, text: str) -> None:
        """Say ``text`` as a sentence (``words.sentence``)."""
        text = sentence(text)
        if not text:
            return
        self.last = text
        self.history = (self.history + [text])[-50:]
        host.announce(text, window=self.window)
        if self.show is not None:
            self.show(text)

    def say_key(self, key: str, **params: object) -> None:
        self.say(translate(key, self.lang, **params))

    def tell(self, text: str) -> None:
        """Say ``text`` to a screen reader only (the page's live region; the
        status line stays as it is): what a dialog already shows on its
        panel, such as the calendar's day under the keyboard's focus."""
        text = sentence(text)
        if text:
            self.last = text
            self.history = (self.history + [text])[-50:]
            host.announce(text, window=self.window)

    # ---- the game in progress, in words ------------------------------------------------

    def listen(self, play: Application) -> None:
        play.on(Started, self.on_started)
        play.on(Played, lambda played: self.on_played(played.outcome))
        play.on(Undone, lambda undone: self.on_played(undone.outcome))
        play.on(Refused, lambda refused: self.on_refused(refused.outcome))
        play.on(Won, lambda won: self.on_won(won.game.position.score, won.game.position.moves))

    def on_started(self, start: Started) -> None:
        pos = start.game.position
        words = {"game": translate(f"game.{pos.game}", self.lang), "deal": deal_name(pos.deal, self.lang)}
        today = None if start.resumed else self.app.play.current_daily()
        if today is not None:  # a daily deal: which day's, and how hard
            self.say_key("say.new_daily", date=date_text(today.date, self.lang),
                         level=level_name(today.level, self.lang).lower(), **words)
        else:
            self.say_key("say.resumed" if start.resumed else "say.new_game", **words)

    def on_played(self, outcome: Outcome) -> None:
        game = self.app.play.session.game
        if game is not None:
            self.say(describe_outcome(outcome, game.position, self.lang))

    def on_refused(self, outcome: Outcome) -> None:
        game = self.app.play.session.game
        if game is not None:
            settings = self.app.settings
            why = refusal_words(outcome, game, self.lang, settings.double_tap)
            self.say(describe_outcome(outcome, game.position, self.lang, explain=settings.interactive_rules, why=why))

    def on_won(self, score: int, moves: int) -> None:
        self.say(translate_count("say.won", moves, self.lang, score=score, moves=moves))
