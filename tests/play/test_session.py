"""The game in progress (game/play/session.py), without a window: start,
play, undo, a win told once, the statistics' "counted", the listeners'
order on the bus and a clock that counts play time only, exactly when the
window ticks it only once a second or sleeps until the next touch."""

import ast
from pathlib import Path


from game.engine import Game, Position
from game.play.events import Played, Refused, Started, Undone, Unwon, Won
from game.play.session import IDLE_MS, MAX_TICK_MS, Session

from tests.ui.positions import near_won_eight_off

DEAL = "EH1-N-AAAAABV"


NAMES = {Started: "started", Played: "played", Undone: "undone", Refused: "refused", Won: "won", Unwon: "unwon"}


def recorder(session: Session) -> list[tuple[str, object]]:
    """Every event, in order, with what it carries (a start, the engine's
    outcome, the game)."""
    heard: list[tuple[str, object]] = []
    for kind, name in NAMES.items():
        session.events.on(kind, lambda event, name=name: heard.append((name, getattr(event, "outcome", event))))
    return heard


def near_won() -> Game:
    return Game(Position.from_dict(near_won_eight_off(8)))


def test_the_session_module_needs_no_pygame():
    tree = ast.parse((Path(__file__).parents[2] / "game" / "play" / "session.py").read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [n for n in names if "pygame" in n or "ui" in n.split(".")]


def test_start_tells_the_listeners_and_remembers_the_start():
    session = Session()
    heard = recorder(session)
    game = Game.from_deal(DEAL)
    session.start(game)
    assert [e for e, _ in heard] == ["started"]
    start = heard[0][1]
    assert start.game is game and start.previous is None and not start.resumed
    assert session.game is game and session.start_position.deal == DEAL
    assert not session.running and not session.in_progress and session.elapsed_ms == 0


def test_play_and_undo_are_told_with_the_engines_outcome():
    session = Session()
    session.start(Game.from_deal(DEAL))
    heard = recorder(session)
    played = session.play("c5>c4")
    assert played.ok and heard == [("played", played)]
    assert session.running and session.in_progress
    refused = session.play("c1>c1")
    assert not refused.ok and heard[-1] == ("refused", refused)
    undone = session.play("undo")
    assert undone.ok and undone.undone is not None and heard[-1] == ("undone", undone)
    assert session.game.position.to_dict()["columns"] == session.start_position.to_dict()["columns"]


def test_a_win_is_told_once_and_counted_once():
    session = Session()
    session.start(near_won())
    heard = recorder(session)
    session.play("tap c1")
    assert session.won and session.counted and not session.running
    assert [e for e, _ in heard] == ["played", "won"]
    session.play("undo")
    assert not session.won and session.running and session.counted
    assert [e for e, _ in heard][2:] == ["undone", "unwon"]
    session.play("tap c1")
    assert session.won and [e for e, _ in heard][4:] == ["played"]  # no second "won"


def test_a_new_start_hands_over_the_game_it_replaces():
    session = Session()
    first = Game.from_deal(DEAL)
    session.start(first)
    session.play("c5>c4")
    for t in range(0, 5000, 100):
        session.tick(t)
    heard = recorder(session)
    session.start(Game.from_deal("EO1-C8-AAAAAAC"))
    previous = heard[0][1].previous
    assert previous.game is first and previous.elapsed_ms == 4900 and not previous.counted
    assert session.elapsed_ms == 0 and not session.counted


def test_a_game_held_aside_is_the_previous_one_of_the_next_start():
    session = Session()
    saved = Game.from_deal(DEAL)
    heard = recorder(session)
    session.adopt(saved, 42_000)
    assert heard == []
    session.start(Game.from_deal("EO1-C8-AAAAAAC"))
    previous = heard[0][1].previous
    assert previous.game is saved and previous.elapsed_ms == 42_000


def test_a_resumed_game_keeps_its_clock_and_runs_it():
    session = Session()
    game = Game.from_deal(DEAL)
    game.play("c5>c4")
    session.start(game, elapsed_ms=65_000, counted=False, resumed=True)
    assert session.running and session.elapsed_ms == 65_000
    session.tick(0)
    session.tick(100)
    assert session.elapsed_ms == 65_100


def test_restart_gives_a_fresh_copy_of_the_start():
    session = Session()
    session.start(Game.from_deal(DEAL))
    session.play("c5>c4")
    again = session.restart_game()
    assert again.position.moves == 0 and again.position.deal == DEAL and again is not session.game
    setup = near_won()
    session.start(setup)
    session.play("tap c1")
    fresh = session.restart_game()
    assert not fresh.position.won and fresh.position.to_dict() == Position.from_dict(near_won_eight_off(8)).to_dict()


def test_listeners_are_called_in_the_order_they_were_added():
    session = Session()
    order = []
    session.events.on(Played, lambda o: order.append("table"))
    session.events.on(Played, lambda o: order.append("saving"))
    session.events.on(Played, lambda o: order.append("hints"))
    session.start(Game.from_deal(DEAL))
    session.play("c5>c4")
    assert order == ["table", "saving", "hints"]


# ---- the clock -----------------------------------------------------------------------------


def playing(t0: int = 0) -> Session:
    session = Session()
    session.start(Game.from_deal(DEAL))
    session.play("c5>c4")
    session.tick(t0)
    return session


def test_the_clock_waits_for_the_first_move_and_stops_at_the_win():
    session = Session()
    session.start(Game.from_deal(DEAL))
    for t in range(0, 2000, 10):
        session.tick(t)
    assert session.elapsed_ms == 0
    session.play("c5>c4")  # played between the ticks at 1990 and 2000
    for t in range(2000, 3000, 10):
        session.tick(t)
    # from the first tick after the move: a window at rest may not have ticked for
    # long before it, and that wait is not play
    assert session.elapsed_ms == 990
    won = Session()
    won.start(near_won())
    won.tick(0)
    won.play("tap c1")
    won.tick(100)
    assert won.elapsed_ms == 0


def test_a_long_gap_between_ticks_counts_at_most_the_cap():
    session = playing(0)
    session.tick(40_000)  # the laptop slept for 40 s (or the loop stalled)
    assert session.elapsed_ms == MAX_TICK_MS
    session.tick(40_016)
    assert session.elapsed_ms == MAX_TICK_MS + 16
    session.tick(8 * 3600 * 1000)  # asleep all night: past the idle limit, nothing
    assert session.elapsed_ms == MAX_TICK_MS + 16


def test_a_window_that_ticks_once_a_second_counts_every_second():
    """A window at rest wakes when the shown seconds change (next_change_ms)
    and ticks then: the time is exact, not a frame's worth a second."""
    session = playing(0)
    t = 0
    for _ in range(60):
        t = session.next_change_ms(t)
        session.tick(t)
    assert session.elapsed_ms == 60_000 and t == 60_000


def test_the_clock_says_when_it_next_needs_a_tick():
    session = Session()
    session.start(Game.from_deal(DEAL))
    session.tick(0)
    assert session.next_change_ms(0) is None  # no move yet: the clock stands
    session.play("c5>c4")
    session.tick(100)
    session.tick(350)
    assert session.elapsed_ms == 250 and session.next_change_ms(350) == 1100  # the next whole second shown
    session.set_covered(True)
    assert session.next_change_ms(400) is None  # a dialog stops the clock
    session.set_covered(False)
    session.activity(500)
    assert session.next_change_ms(IDLE_MS) == 500 + IDLE_MS  # the moment the player is taken to have gone
    assert session.next_change_ms(500 + IDLE_MS + 1) is None


def test_a_hidden_tab_counts_nothing():
    session = playing(0)
    session.tick(100)
    session.set_shown(False)  # the page says its tab is hidden (game.host.page_visible)
    for second in range(1, 61):  # a background tab: one frame a second for a minute
        session.tick(second * 1000)
    assert session.elapsed_ms == 100


def test_time_while_hidden_or_unfocused_is_not_counted():
    """Time counts between two ticks when the clock ran at both."""
    session = playing(0)
    session.tick(100)
    session.set_shown(False)
    for t in range(200, 10_000, 100):
        session.tick(t)
    assert session.elapsed_ms == 100
    session.set_shown(True)
    session.tick(10_100)
    assert session.elapsed_ms == 100  # hidden at the tick before
    session.tick(10_200)
    assert session.elapsed_ms == 200
    session.set_shown(False)
    session.activity(10_250)  # a click: the window is there after all
    session.tick(10_300)
    assert session.elapsed_ms == 300


def test_idle_time_past_the_limit_is_not_counted():
    session = playing(0)
    t = 0
    while t < IDLE_MS + 60_000:
        t += 200
        session.tick(t)
    assert session.elapsed_ms == IDLE_MS  # counted up to the limit, then nothing
    session.activity(t + 100)
    session.tick(t + 200)
    assert session.elapsed_ms == IDLE_MS  # the player came back: the clock runs from this tick
    session.tick(t + 400)
    assert session.elapsed_ms == IDLE_MS + 200
    session.play("c1>c4")  # a move is a touch too
    later = t + 400 + IDLE_MS - 1000
    session.tick(later)  # a long gap: capped, but not idle
    assert session.elapsed_ms == IDLE_MS + 200 + MAX_TICK_MS
