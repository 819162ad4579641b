"""Statistics: what counts as played and won, streaks, records, and a stored
record that is checked like everything else."""

from __future__ import annotations

import json

import pytest

from game.engine import Game
from game.persistence import Persistence
from game.persistence.stats import KEPT, RECENT, SCHEMA, VERSION, Figures, SaveError, Statistics, VariantStats
from game.persistence.storage import FileStorage
from tests.persistence.storage_helpers import easy_harp_two_kings_left, eight_off_one_king_left


def results(*outcomes: str) -> VariantStats:
    """W / L letters, oldest first, each game 100 s and 50 points (wins 10 s faster per game)."""
    s = VariantStats()
    for i, outcome in enumerate(outcomes):
        s.record(outcome == "W", 100 - i if outcome == "W" else 100, 50 + i)
    return s


def test_nothing_played_reads_as_zeros():
    s = Statistics().get("easy-harp", "N")
    assert (s.played, s.won, s.lost, s.current_streak, s.best_streak) == (0, 0, 0, 0, 0)
    assert s.win_rate is None and s.fastest_win is None and s.recent == []


def test_wins_losses_and_win_rate():
    s = results("W", "L", "W", "W")
    assert (s.played, s.won, s.lost) == (4, 3, 1)
    assert s.win_rate == 0.75


def test_streaks_current_and_best():
    s = results("W", "W", "W", "L", "W")
    assert (s.current_streak, s.best_streak) == (1, 3)
    s = results("L", "W", "W")
    assert (s.current_streak, s.best_streak) == (2, 2)
    s = results("W", "L")
    assert (s.current_streak, s.best_streak) == (0, 1)


def test_best_score_fastest_win_and_total_time():
    s = VariantStats()
    s.record(True, 300, 400)
    s.record(False, 50, 900)  # a fast loss is not a fast win
    s.record(True, 200, 100)
    assert s.fastest_win == 200
    assert s.best_score == 900
    assert s.total_seconds == 550


def test_only_the_last_30_games_are_kept_for_the_chart():
    s = results(*(["L"] * 10 + ["W"] * 25))
    assert s.played == 35 and len(s.recent) == RECENT
    assert [r.won for r in s.recent[:5]] == [False] * 5
    assert s.recent[-1].won and s.recent[-1].score == 50 + 34


def test_variants_are_counted_apart_and_reset_apart():
    stats = Statistics()
    stats.record("eight-off", "C8", won=True, seconds=10, score=520)
    stats.record("eight-off", "C4", won=False, seconds=10, score=0)
    stats.record("easy-harp", "N", won=False, seconds=10, score=0)
    assert stats.get("eight-off", "C8").won == 1 and stats.get("eight-off", "C4").won == 0
    stats.reset("eight-off", "C4")
    assert stats.get("eight-off", "C4").played == 0 and stats.get("eight-off", "C8").played == 1
    stats.reset("eight-off")
    assert stats.get("eight-off", "C8").played == 0 and stats.get("easy-harp", "N").played == 1
    stats.reset()
    assert stats.variants == {}
    with pytest.raises(ValueError):
        stats.record("eight-off", "C3", won=True, seconds=1, score=1)


def test_round_trip_through_json():
    stats = Statistics()
    for won in (True, False, True, True):
        stats.record("easy-harp", "N", won=won, seconds=61.6, score=1220)
    again = Statistics.from_json(stats.to_json())
    assert again.to_dict() == stats.to_dict()
    assert again.get("easy-harp", "N").fastest_win == 62


def _record(latest: list | None = None, **changes) -> dict:
    """A stored record (format 3) whose C8 figures of earlier games (a win,
    then a loss) have ``changes``, and ``latest`` games after them."""
    figures = Figures()
    figures.count(True, 100, 520)
    figures.count(False, 80, 60)
    variant = {"earlier": {**figures.figures_dict(), **changes}, "latest": latest or []}
    return {"schema": SCHEMA, "version": VERSION, "variants": {"eight-off/C8": variant}}


def _latest(identity="g1", **changes) -> dict:
    return {"id": identity, "won": True, "seconds": 90, "score": 520, "moves": 80, **changes}


def test_the_record_the_refusals_start_from_reads():
    s = Statistics.from_dict(_record([_latest("g1"), _latest("g2", won=False, moves=None)])).get("eight-off", "C8")
    assert (s.played, s.won, s.current_streak, s.best_streak, s.fastest_win, s.fewest_moves) == (4, 2, 0, 1, 90, 80)


@pytest.mark.parametrize(
    "changes",
    [
        {"played": "2"},
        {"played": -1},
        {"played": 10**12},
        {"won": 3},  # more won than played
        {"best_streak": 5},
        {"current_streak": 2, "best_streak": 1},
        {"fastest_win": None},  # a game was won
        {"fastest_win": 1.5},
        {"total_seconds": True},
        {"recent": "LW"},
        {"recent": [{"won": 1, "seconds": 1, "score": 1}]},
        {"recent": [{"won": True, "seconds": 1}]},
        {"recent": [{"won": True, "seconds": 1, "score": 1, "x": 0}]},
        {"recent": [{"won": True, "seconds": 1, "score": 1}] * 3},  # more than played
        {"cheat": 1},
        {"fewest_moves": -1},
        {"fewest_moves": "12"},
        {"fewest_moves": 10**15},
        {"fewest_moves": 1.5},
    ],
)
def test_a_bad_statistics_record_is_refused(changes):
    with pytest.raises(SaveError):
        Statistics.from_dict(_record(**changes))


@pytest.mark.parametrize(
    "latest",
    [
        "W",
        [None],
        [_latest(identity="")],
        [_latest(identity="Has Capitals")],
        [_latest(identity="x" * 41)],
        [_latest(identity=7)],
        [_latest(won=1)],
        [_latest(seconds=-1)],
        [_latest(seconds=10**9)],
        [_latest(score=1.5)],
        [_latest(moves="80")],
        [_latest(moves=10**15)],
        [{**_latest(), "extra": 1}],
        [{k: v for k, v in _latest().items() if k != "moves"}],
        [_latest("g1"), _latest("g1", won=False)],  # one game counted twice
        [_latest(f"g{i}") for i in range(KEPT + 1)],
    ],
)
def test_bad_latest_games_are_refused(latest):
    with pytest.raises(SaveError):
        Statistics.from_dict(_record(latest))


def test_a_variant_of_format_3_is_its_earlier_and_latest_games():
    data = _record()
    for variant in ({"earlier": data["variants"]["eight-off/C8"]["earlier"]}, {"latest": []},
                    {**data["variants"]["eight-off/C8"], "played": 2}, data["variants"]["eight-off/C8"]["earlier"]):
        with pytest.raises(SaveError):
            Statistics.from_dict({**data, "variants": {"eight-off/C8": variant}})


def test_fewest_moves_without_a_win_is_refused():
    figures = Figures()
    figures.count(False, 80, 60, 30)
    earlier = figures.figures_dict()
    assert earlier["fewest_moves"] is None
    data = {"schema": SCHEMA, "version": VERSION, "variants": {"eight-off/C8": {"earlier": earlier, "latest": []}}}
    Statistics.from_dict(data)
    earlier["fewest_moves"] = 30
    with pytest.raises(SaveError):
        Statistics.from_dict(data)


def test_the_records_a_game_beats():
    s = VariantStats()
    assert s.record(True, 300, 400, 120) == frozenset()  # the first game beats nothing: nothing to beat
    assert s.record(True, 280, 380, 130) == {"time", "streak"}
    assert s.record(True, 290, 500, 110) == {"score", "moves", "streak"}
    assert s.record(False, 10, 900, 5) == {"score"}  # a loss beats only the score; its moves are no win's
    assert s.record(True, 300, 100, 110) == frozenset()  # a tie is no new best
    assert (s.best_score, s.fastest_win, s.fewest_moves, s.best_streak, s.current_streak) == (900, 280, 110, 3, 1)


def test_a_record_of_format_1_still_reads_its_fewest_moves_unknown():
    stats = Statistics()
    stats.record("eight-off", "C8", won=True, seconds=100, score=520, moves=90)
    data = stats.to_dict()
    data["version"] = 1
    data["variants"]["eight-off/C8"] = stats.variants["eight-off/C8"].figures_dict()  # the figures alone
    del data["variants"]["eight-off/C8"]["fewest_moves"]
    old = Statistics.from_dict(data).get("eight-off", "C8")
    assert (old.won, old.fastest_win, old.fewest_moves) == (1, 100, None)
    # the next win sets the fewest moves without calling it a new best: the older wins' moves are unknown
    assert "moves" not in old.record(True, 200, 100, 150) and old.fewest_moves == 150
    with pytest.raises(SaveError):  # format 1 never had the key
        Statistics.from_dict({**data, "variants": {"eight-off/C8": {**data["variants"]["eight-off/C8"],
                                                                     "fewest_moves": 3}}})


def test_a_statistics_record_from_a_newer_version_is_marked_newer():
    with pytest.raises(SaveError) as info:
        Statistics.from_dict({**_record(), "version": VERSION + 1})
    assert info.value.newer


# ---- the player's view: through Persistence --------------------------------------------------


def test_a_new_game_over_an_unfinished_one_counts_as_played_not_won(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    first = Game.from_deal("EH1-N-AAAAAAF")
    persistence.new_game(first)
    first.play("draw")
    second = Game.from_deal("EH1-N-AAAAAAB")
    persistence.new_game(second, previous=first, previous_elapsed=75)
    s = persistence.stats.get("easy-harp", "N")
    assert (s.played, s.won, s.total_seconds) == (1, 0, 75)
    # A deal left untouched is not a game played.
    persistence.new_game(Game.from_deal("EH1-N-AAAAAAC"), previous=second, previous_elapsed=3)
    assert persistence.stats.get("easy-harp", "N").played == 1
    # And the figures are stored, not just kept in memory.
    assert Persistence(FileStorage(tmp_path)).load_all().stats.get("easy-harp", "N").played == 1


def test_wins_and_a_streak_survive_a_restart(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    previous = None
    for seconds in (120, 90, 150):
        game = easy_harp_two_kings_left()
        persistence.new_game(game, previous=previous, previous_counted=True)
        game.play("tap c1")
        game.play("tap c2")
        assert game.position.won
        assert persistence.game_won(game, seconds)
        previous = game
    lost = eight_off_one_king_left()
    persistence.new_game(lost, previous=previous, previous_counted=True)
    lost.play("c1>r")
    persistence.new_game(Game.from_deal("EO1-C8-AAAAAFA"), previous=lost, previous_elapsed=20)

    loaded = Persistence(FileStorage(tmp_path)).load_all()
    harp = loaded.stats.get("easy-harp", "N")
    assert (harp.played, harp.won, harp.current_streak, harp.best_streak) == (3, 3, 3, 3)
    assert harp.fastest_win == 90 and harp.total_seconds == 360
    assert harp.best_score == 20 and harp.win_rate == 1.0
    assert harp.fewest_moves == 2  # each win took two taps
    eight = loaded.stats.get("eight-off", "C8")
    assert (eight.played, eight.won, eight.current_streak, eight.fewest_moves) == (1, 0, 0, None)
    assert [r.won for r in harp.recent] == [True, True, True]


def test_the_bests_a_result_beat_are_kept_for_the_win_panel(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    slow = easy_harp_two_kings_left()
    for action in ("tap c1", "undo", "tap c1", "tap c2"):  # an undo never lowers the counter: 3 moves
        assert slow.play(action).ok
    assert slow.position.won and slow.position.moves == 3
    persistence.game_won(slow, 100)
    assert persistence.new_bests["easy-harp/N"] == frozenset()  # the first win: nothing to beat
    quick = easy_harp_two_kings_left()
    quick.play("tap c1")
    quick.play("tap c2")
    persistence.game_won(quick, 80)
    assert persistence.new_bests["easy-harp/N"] == {"time", "moves", "streak"}
    assert persistence.stats.get("easy-harp", "N").fewest_moves == 2


def test_reset_is_stored(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    persistence.record_result(Game.from_deal("EO1-C4-AAAAAFA"), 30, won=False)
    persistence.reset_stats()
    assert Persistence(FileStorage(tmp_path)).load_all().stats.variants == {}
    data = json.loads((tmp_path / "stats.json").read_text())
    assert data["version"] == VERSION and data["variants"] == {}


def test_the_examples_in_the_docstrings_hold():
    import doctest

    import game.persistence.settings
    import game.persistence.stats

    for module in (game.persistence.stats, game.persistence.settings):
        assert doctest.testmod(module).failed == 0


def test_a_won_game_replaced_without_game_won_still_counts_as_a_win(tmp_path):
    persistence = Persistence(FileStorage(tmp_path))
    persistence.load_all()
    game = eight_off_one_king_left()
    persistence.new_game(game)
    game.play("tap c1")
    persistence.save_game(game, 40)
    persistence.new_game(Game.from_deal("EO1-C8-AAAAAFA"), previous=game, previous_elapsed=40)
    s = persistence.stats.get("eight-off", "C8")
    assert (s.played, s.won, s.fastest_win) == (1, 1, 40)


def test_statistics_counters_stop_where_their_reader_stops():
    from game.engine.rules import MAX_SCORE_AND_MOVES
    from game.persistence.stats import MAX_GAMES

    figures = Figures()
    figures.count(True, 10, 5)
    figures.played = figures.won = figures.current_streak = figures.best_streak = MAX_GAMES
    stats = Statistics.from_dict({"schema": SCHEMA, "version": 2,  # accepted: at the bound
                                  "variants": {"eight-off/C8": figures.figures_dict()}})
    assert stats.get("eight-off", "C8").played == MAX_GAMES
    for i in range(KEPT + 2):  # and still after more games, counted one by one and then folded
        stats.record("eight-off", "C8", won=True, seconds=10, score=MAX_SCORE_AND_MOVES * 5, moves=10**9,
                     identity=f"g{i}")
        again = Statistics.from_json(stats.to_json()).get("eight-off", "C8")
    assert (again.played, again.won, again.best_streak) == (MAX_GAMES,) * 3
    assert again.best_score == again.fewest_moves == MAX_SCORE_AND_MOVES
    assert again.earlier.played == MAX_GAMES and len(again.latest) == KEPT


# ---- one game, counted once --------------------------------------------------------------------


def _c8(stats: Statistics) -> VariantStats:
    return stats.get("eight-off", "C8")


def _count(stats: Statistics, identity, won: bool, seconds=100, score=50, moves=40):
    return stats.record("eight-off", "C8", won=won, seconds=seconds, score=score, moves=moves, identity=identity)


def test_a_game_left_unfinished_in_one_window_and_won_in_another_counts_once_as_won():
    stats = Statistics()
    _count(stats, "a", True, seconds=300, moves=100)
    _count(stats, "x", False, seconds=20, score=10, moves=5)  # a window replaced x, saved by another
    _count(stats, "b", True, seconds=250, moves=90)
    assert (_c8(stats).played, _c8(stats).won, _c8(stats).current_streak) == (3, 2, 1)
    beat = _count(stats, "x", True, seconds=200, score=520, moves=80)  # ... which then won it
    s = _c8(stats)
    assert (s.played, s.won, s.lost, s.current_streak, s.best_streak) == (3, 3, 0, 3, 3)
    assert (s.fastest_win, s.fewest_moves, s.best_score, s.total_seconds) == (200, 80, 520, 750)
    assert [(r.won, r.seconds) for r in s.recent] == [(True, 300), (True, 250), (True, 200)]  # won when it was won
    assert beat == {"time", "moves", "score", "streak"}  # against the figures without its unfinished count
    assert Statistics.from_json(stats.to_json()).to_dict() == stats.to_dict()


@pytest.mark.parametrize("first, then", [(True, True), (True, False), (False, False)])
def test_a_game_counted_again_changes_nothing(first, then):
    stats = Statistics()
    _count(stats, "x", first)
    before = stats.to_dict()
    assert _count(stats, "x", then, seconds=5, score=900, moves=1) == frozenset()
    assert stats.to_dict() == before


def test_results_without_an_identity_are_games_of_their_own():
    stats = Statistics()
    for _ in range(3):
        _count(stats, None, False)
    assert _c8(stats).played == 3


def test_the_latest_games_are_kept_one_by_one_and_older_ones_folded():
    stats, one_by_one = Statistics(), Figures()
    outcomes = [i % 3 != 1 for i in range(KEPT + 40)]
    for i, won in enumerate(outcomes):
        _count(stats, f"g{i}", won, seconds=100 + i, score=i, moves=50 + i % 7)
        one_by_one.count(won, 100 + i, i, 50 + i % 7)
    s = _c8(stats)
    assert len(s.latest) == KEPT and s.earlier.played == 40
    assert s.figures() == one_by_one  # the same figures as counting each game in turn
    assert Statistics.from_json(stats.to_json()).to_dict() == stats.to_dict()
    _count(stats, "g1", True)  # folded, its identity forgotten: one more game (the module's docstring says so)
    assert _c8(stats).played == KEPT + 41
    _count(stats, f"g{KEPT + 39}", True)  # the latest, left unfinished... won: no new game
    assert _c8(stats).played == KEPT + 41 and _c8(stats).won == one_by_one.won + 2


def test_a_reset_forgets_the_identities_too():
    stats = Statistics()
    _count(stats, "x", False)
    stats.reset("eight-off", "C8")
    _count(stats, "x", True)
    assert (_c8(stats).played, _c8(stats).won) == (1, 1)


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_record_reads_as_earlier_games_and_counts_on(version):
    figures = Figures()
    for won in (True, True, False, True):
        figures.count(won, 60, 100, 70)
    old = figures.figures_dict()
    if version == 1:
        del old["fewest_moves"]
    stats = Statistics.from_dict({"schema": SCHEMA, "version": version, "variants": {"eight-off/C8": old}})
    s = _c8(stats)
    assert (s.played, s.won, s.current_streak, s.best_streak, len(s.recent), s.latest) == (4, 3, 1, 2, 4, [])
    _count(stats, "x", False)
    _count(stats, "x", True)
    again = _c8(Statistics.from_json(stats.to_json()))
    assert (again.played, again.won, again.current_streak, again.best_streak) == (5, 4, 2, 2)


def test_a_game_left_again_further_on_keeps_its_place_with_its_latest_figures():
    """A window set another's game aside and counted it as left unfinished;
    its own window played on and left it: one game, with the figures it
    left at the end, in its place among the games."""
    stats = Statistics()
    _count(stats, "a", True, seconds=300, moves=100)
    _count(stats, "x", False, seconds=20, score=10, moves=5)  # set aside by another window
    _count(stats, "b", True, seconds=250, moves=90)
    assert _count(stats, "x", False, seconds=600, score=300, moves=70) == frozenset()  # its own window left it
    s = _c8(stats)
    assert (s.played, s.won, s.current_streak, s.best_streak) == (3, 2, 1, 1)
    assert (s.total_seconds, s.best_score) == (1150, 300)
    assert [(r.won, r.seconds) for r in s.recent] == [(True, 300), (False, 600), (True, 250)]
    assert _count(stats, "x", False, seconds=9, score=1, moves=6) == frozenset()  # a copy less far on: nothing
    assert _c8(stats).total_seconds == 1150
    assert Statistics.from_json(stats.to_json()).to_dict() == stats.to_dict()
