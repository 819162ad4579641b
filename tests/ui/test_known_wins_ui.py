"""The window never tells a player that a deal with a known win is lost:
the seed's own example EH1-N-AAAAAAF (tests/known_wins), from its very
start, with the "still winnable?" note on and a hint asked for, the
solver running in the window's own slices inside main.py's loop.

Before the solver's tables had one owner each (tests/solver/test_ownership.py),
the hint said "No winning line from here" here about 1.5 s into its search,
and the note said "Not winnable" of a fresh deal."""

from game.i18n import translate
from game.persistence.settings import Settings
from game.solver import UNWINNABLE, SolverTask

from .test_hint_ui import think

SEED = "EH1-N-AAAAAAF"
LOST_KEYS = ("say.hint_unwinnable", "say.hint_lost_undo", "say.now_unwinnable")


def lost_words(lang: str = "en") -> list[str]:
    # the sentence before its number: "No winning line from here: Undo {count} ×" starts the same everywhere
    return [translate(key, lang, count=1).split("{")[0] for key in LOST_KEYS]


def test_the_seeds_deal_is_never_called_lost_in_the_window(driver_for, monkeypatch) -> None:
    """Each of the window's searches (the note's, then the hint's) gets
    60,000 nodes (about 2 s) instead of its time limit, so that a slow or
    busy machine checks the same searches (before the fix both said lost
    after about 44,000)."""
    from game.play import search as hints

    monkeypatch.setattr(hints, "SolverTask", lambda position, seconds, avoid=(): SolverTask(
        position, seconds=600, max_nodes=60_000, avoid=avoid))
    d = driver_for(SEED, settings=Settings(show_winnable=True))
    think(d, limit=5000)  # the note's own search, from the first frame
    assert d.app.play.hints.verdict != UNWINNABLE
    d.app.play.hints.request()
    think(d, limit=5000)
    assert d.app.play.hints.verdict != UNWINNABLE and not d.app.play.search.lost
    said = d.app.announcer.history
    assert said and not any(text.startswith(tuple(lost_words())) for text in said), said[-3:]
    # a move: the first of a win, or a guess when none was found in the hint's time
    assert said[-1].startswith((translate("say.hint", "en", move=""), translate("say.hint_guess", "en", move="")))
