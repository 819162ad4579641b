"""Hints, the "still winnable?" note and winnable deals, in the window:
the solver runs in slices inside main.py's loop, a move cancels it, and
what it says is true."""


import inspect

import pygame
import pytest

from game.engine import Pile, Position
from game.engine.deals import parse_code
from game.i18n import translate
from game.solver import UNKNOWN, UNWINNABLE, WINNABLE, SolveResult
from game.solver.winnable import winnable_numbers
from game.ui.dialogs.new_game import NewGameDialog
from game.ui.table.hint_marks import ArrowSprite, HintMarkSprite
from game.persistence.settings import Settings

from .positions import near_won_eight_off

RANKS = "A23456789TJQK"
HARD_DEAL = "EH1-N-AABZFJZ"  # deal 900015: solved, but only after many frames of search (about 1.5 s)
HARDER_DEAL = "EH1-N-AABZFMT"  # deal 900087: about 4 s of search, 230,000 states, to its win


def eight_off(columns, cells, found, variant="C2"):
    return {"game": "eight-off", "variant": variant, "deal": None, "columns": columns + [[]] * (8 - len(columns)),
            "cells": cells, "foundations": [[r + s for r in RANKS[:n]] for s, n in zip("SHDC", found)]}


def lost_eight_off():
    """Truly lost (see tests/solver/test_solver.py): 8H has no place, 7H and 6H lie under it."""
    return eight_off([["6H", "TH"], ["7H"], ["9H", "KH", "8H"]], ["QH", "JH"], [13, 5, 13, 13])


def two_to_go():
    """Eight Off: K♥ in column 1, Q♥ in column 2, hearts up to the jack."""
    return eight_off([["KH"], ["QH"]], [None] * 8, [13, 11, 13, 13], variant="C8")


def think(d, limit=2000):
    """Frames until the helper stops thinking; the number of frames it took."""
    frames = 0
    while d.app.play.search.running is not None and frames < limit:
        d.run(1)
        frames += 1
    assert d.app.play.search.running is None, "still thinking"
    return frames


def marks(d):
    return [s for s in d.app.group.sprites() if isinstance(s, (HintMarkSprite, ArrowSprite))]


def test_hint_one_move_from_a_win_is_that_move(driver_for):
    d = driver_for(near_won_eight_off(8))
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last == "Hint: king of hearts to the hearts foundation."
    assert d.table.banner.visible and d.table.banner.text == d.app.announcer.last
    shown = marks(d)
    assert len([m for m in shown if isinstance(m, HintMarkSprite)]) == 2 and any(isinstance(m, ArrowSprite) for m in shown)
    # the source mark sits on the king, the other on the hearts foundation (slot 2)
    king = d.table.layout.piles[Pile("c", 0)]
    home = d.table.layout.piles[Pile("f", 1)]
    rects = [m.rect for m in shown if isinstance(m, HintMarkSprite)]
    assert any(r.collidepoint(king.center) for r in rects) and any(r.collidepoint(home.center) for r in rects)
    # following the hint wins; the marks go
    d.table.play("c1>f")
    assert d.game.position.won and marks(d) == []


def test_key_h_and_the_button_give_the_hint(driver_for):
    d = driver_for(near_won_eight_off(4))
    d.key(pygame.K_h)
    think(d)
    assert d.app.announcer.last == "Hint: king of hearts to the hearts foundation."
    assert "hint" in d.table.buttons
    d.table.play("c1>r1")  # not the hint: it goes, and so does the plan's hold on this position
    assert marks(d) == []
    d.click(d.table.layout.buttons["hint"].center)
    think(d)
    assert d.app.announcer.last == "Hint: king of hearts to the hearts foundation."
    assert d.app.announcer.history[-1].startswith("Hint:")


def test_a_known_solution_is_reused_while_the_player_follows_it(driver_for):
    d = driver_for(two_to_go())
    d.app.play.hints.request()
    think(d)
    first = d.app.announcer.last
    assert first.startswith("Hint: queen of hearts")
    move = d.app.play.search.plan[0]
    d.table.play(move)
    d.app.play.hints.request()  # the next step of the same solution, without a new search
    assert d.app.play.search.running is None
    assert d.app.announcer.last == "Hint: king of hearts to the hearts foundation."


def test_the_hint_search_runs_in_slices(driver_for, monkeypatch):
    from game.play import search

    monkeypatch.setattr(search, "HINT_SECONDS", 600)  # a loaded machine must not turn the win into a guess
    d = driver_for(HARD_DEAL)
    assert d.app.play.search.running is None  # nobody asked: nothing is searched
    d.app.play.hints.request()
    task = d.app.play.search.running
    assert task is not None and d.app.play.search.awaiting_hint
    before = task.slices
    d.run(1)
    # the frame came back with the search still going: the table answers meanwhile
    assert d.app.play.search.running is task and task in d.app.play.tasks.running and not task.task.done
    assert d.app.table.hints.note.visible  # "Thinking…"
    frames = 1 + think(d)
    assert frames >= 3 and task.slices - before == frames
    assert task.task.result.result == WINNABLE
    assert d.app.announcer.last.startswith("Hint:")
    # each slice keeps to its budget: the fake clocks of tests/solver/test_solver.py (no timing here)


def test_a_frame_gives_the_solver_one_short_slice(driver_for, monkeypatch):
    """Each frame hands the search at most one slice of a few milliseconds
    (the slice itself keeps to its budget: tests/solver/test_solver.py)."""
    from game.solver import search

    slices = []
    original = search.SolverTask.step

    def recording(task, budget_seconds=0.004):
        slices.append(budget_seconds)
        return original(task, budget_seconds)

    monkeypatch.setattr(search.SolverTask, "step", recording)
    from game.play import search as service

    monkeypatch.setattr(service, "HINT_SECONDS", 600)  # slices overrun on a loaded machine: no time limit in play
    d = driver_for(HARDER_DEAL)  # no answer within 30 frames
    d.app.play.hints.request()
    for _ in range(30):
        before = len(slices)
        d.app.frame()
        assert len(slices) - before <= 1
    assert d.app.play.search.running is not None  # still thinking after 30 frames: the work is sliced
    assert len(slices) >= 20 and max(slices) <= service.WAITING_SLICE_MS / 1000


def test_a_move_cancels_the_running_search_and_the_hint(driver_for):
    d = driver_for(HARD_DEAL)
    d.app.play.hints.request()
    task = d.app.play.search.running
    d.run(1)
    assert not task.task.done
    d.key(pygame.K_d)  # draw: a move
    assert task.task.done and task.task.result.result == UNKNOWN  # cancelled (its task frees its tables)
    pondering = d.app.play.search.running  # the new position's search, in the background
    assert pondering is not task and pondering.key == d.game.position.packed_key() and not d.app.play.search.awaiting_hint
    said = list(d.app.announcer.history)
    d.run(5)
    assert d.app.announcer.history == said  # nothing more comes of it
    assert marks(d) == [] and not d.app.table.hints.note.visible


def test_a_cancelled_search_is_freed_over_the_next_frames(driver_for, monkeypatch):
    """The move's frame only hands the search's tables to the scrap; the
    search's task stays to free them over the next frames (a slice each) and the cyclic GC, held off
    while the search ran, comes back on."""
    import gc

    from game.play import search as service
    from game.solver import search

    monkeypatch.setattr(service, "HINT_SECONDS", 600)  # a loaded machine must not end the search early
    d = driver_for(HARDER_DEAL)  # tables of tens of thousands of states within a second of search

    def held(stats) -> int:  # the entries of the tables the search's running parts hold
        return sum(len(table) for table in stats.tables) + sum(held(part) for part in stats.parts)

    d.app.play.hints.request()
    task = d.app.play.search.running
    while held(task.task._stats) < 50_000 and not task.task.done:  # tables a slice cannot free at once
        d.run(1)
    assert not task.task.done and not gc.isenabled()
    d.key(pygame.K_d)  # draw: a move
    assert task.task.done and search._scrap  # the tables wait to be freed by the search's own task
    assert task in d.app.play.tasks.running
    frames = 0
    while search._scrap and frames < 500:
        d.run(1)
        frames += 1
    assert frames >= 1 and not search._scrap
    assert gc.isenabled() or d.app.play.search.running is not None  # back on, unless a new search runs
    assert task not in d.app.play.tasks.running


def test_hint_on_a_lost_position_says_so(driver_for):
    d = driver_for(lost_eight_off())
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last == "No winning line from here: undo a few moves, or start the deal again."
    assert marks(d) == []


def test_no_win_in_time_still_gives_one_move(driver_for, monkeypatch):
    """EH1-N-AAAAAAF, whose very start once got "No hint found in time":
    without a proven win in the hint's time the hint is the rule of thumb's
    move, said as such: here one draw, never a run of draws."""
    from game.play import search as hints

    monkeypatch.setattr(hints, "HINT_SECONDS", 0.02)
    d = driver_for("EH1-N-AAAAAAF")
    d.app.play.hints.request()
    think(d)
    said = d.app.announcer.last
    assert said == "Hint (a guess, no sure win found): draw one card from the stock."
    assert d.table.banner.visible and d.table.banner.text == said
    stock = d.table.layout.piles[Pile("s")]
    assert [m.rect.collidepoint(stock.center) for m in marks(d)] == [True]


def test_the_marks_go_at_the_next_action(driver_for, monkeypatch):
    """A draw, an undo and a new game each take the hint's marks away."""
    from game.play import search as hints

    monkeypatch.setattr(hints, "HINT_SECONDS", 0.02)
    d = driver_for("EH1-N-AAAAAAF")
    d.app.play.hints.request()
    think(d)
    assert marks(d)
    d.key(pygame.K_d)  # the draw
    assert marks(d) == []
    d.app.play.hints.request()
    think(d)
    assert marks(d)
    d.table.undo()
    assert marks(d) == [] and d.game.position.waste == []  # the draw undone
    d.app.play.hints.request()
    think(d)
    assert marks(d)
    d.app.start_game(d.game.__class__(Position.from_dict(two_to_go())), animate=False)
    assert marks(d) == []


def test_a_hint_at_the_start_of_sample_deals_of_both_games(driver_for, monkeypatch):
    """Whatever the search finds in its time, the first hint of a deal is one
    move, marked on the table."""
    from game.play import search as hints

    from game.engine.deals import format_code

    monkeypatch.setattr(hints, "HINT_SECONDS", 0.05)
    # Easy Harp deals the search does not solve in time; Eight Off deals that can be won
    # (a proven lost one says so instead: test_hint_on_a_lost_position_says_so)
    codes = ["EH1-N-AAAAAAF", "EH1-N-AAAAAAI", "EH1-N-AAAAAAZ"]
    codes += [format_code("eight-off", v, winnable_numbers("eight-off", v)[1]) for v in ("C8", "C4", "C2")]
    for code in codes:
        d = driver_for(code)
        d.app.play.hints.request()
        think(d)
        assert d.app.announcer.last.startswith("Hint"), code
        assert marks(d), code


def test_a_lost_game_offers_undo_to_the_last_winnable_position(driver_for):
    """Winnable (the hint's search learnt it); Q♥ into the last free cell
    loses (T♥ then has nowhere to go over the 6♥); the hint says how many
    undos lead back, and marks the Undo button."""
    start = eight_off([["6H", "TH"], ["7H"], ["9H", "KH", "8H"], ["QH"]], [None, "JH"], [13, 5, 13, 13])
    d = driver_for(start)
    d.app.play.hints.request()
    think(d)
    assert d.app.play.search.plan
    assert d.table.play("c4>r1").ok
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last == "No winning line from here: Undo 1 × gets back to a winnable position."
    undo = d.table.layout.buttons["undo"]
    assert [m.rect.collidepoint(undo.center) for m in marks(d)] == [True]
    d.table.undo()
    assert marks(d) == []
    d.app.play.hints.request()
    assert d.app.announcer.last.startswith("Hint: ")  # back on the known winning line, no search


def test_winnable_note_after_a_move(driver_for):
    d = driver_for(two_to_go(), settings=Settings(show_winnable=True))
    d.table.play("c2>r1")
    think(d)
    assert d.app.play.hints.verdict == WINNABLE
    note = d.app.table.hints.note
    assert note.visible and note.state[0] == "Winnable"
    # the option off: the note goes
    d.app.change_setting("show_winnable", False)
    assert not note.visible


def test_unwinnable_note_on_a_lost_position(driver_for):
    d = driver_for(lost_eight_off(), settings=Settings(show_winnable=True))
    outcome = d.table.play("c2>c3")  # 7H onto 8H: a legal move, still lost
    assert outcome.ok
    assert d.app.table.hints.note.state[0] == "Thinking…"
    think(d)
    assert d.app.play.hints.verdict == UNWINNABLE
    assert d.app.table.hints.note.state[0] == "Not winnable"
    assert "This game can no longer be won." in d.app.announcer.history


def test_the_note_speaks_the_players_language(driver_for):
    d = driver_for(two_to_go(), settings=Settings(show_winnable=True, lang="hu"))
    d.table.play("c2>r1")
    think(d)
    assert d.app.table.hints.note.state[0] == "Megnyerhető"
    d.app.change_setting("lang", "vi")
    assert d.app.table.hints.note.state[0] == "Thắng được"


def test_options_dialog_has_the_winnable_toggle(driver_for):
    d = driver_for(two_to_go())
    d.app.open_options()
    dialog = d.app.top()
    toggle = next(w for w in dialog.widgets if getattr(w, "label", "") == "ui.options.show_winnable")
    assert toggle.value is False
    toggle.activate()
    assert d.app.settings.show_winnable is True
    # every toggle keeps clear of the language row
    lang_top = min(b.box.y for b in dialog.lang_buttons.values())
    assert all(w.box.bottom < lang_top - dialog.px(30) for w in dialog.widgets if hasattr(w, "help_key"))


def test_winnable_only_new_deal_picks_from_the_list(driver_for):
    d = driver_for("EO1-C4-AAAAAAB")
    d.app.open_new_game()
    dialog = d.app.top()
    assert isinstance(dialog, NewGameDialog)
    dialog.winnable_toggle.activate()
    assert d.app.settings.winnable_only is True
    numbers = set(winnable_numbers("eight-off", "C4"))
    assert numbers
    for _ in range(5):
        d.app.open_new_game()
        dialog = d.app.top()
        dialog.choose_game("eight-off")
        dialog.choose_variant("C4")
        dialog.new_deal()
        code = parse_code(d.game.position.deal)
        assert (code.game, code.variant) == ("eight-off", "C4")
        assert code.number in numbers
        d.run(1)


def test_todays_deal_is_the_dates_daily_deal_and_winnable(driver_for):
    from game.engine import deal_position
    from game.solver import WINNABLE, SolverTask

    d = driver_for("EO1-C8-AAAAAAB")
    code = d.app.play.today_deal("eight-off", "C8")
    assert code == d.app.play.daily_deal("eight-off", "C8", d.app.play.today()).code
    assert SolverTask(deal_position(code), seconds=60).run(1.0).result == WINNABLE


def test_a_new_game_forgets_the_old_plan_and_verdicts(driver_for):
    d = driver_for(near_won_eight_off(8), settings=Settings(show_winnable=True))
    d.app.play.hints.request()
    think(d)
    assert d.app.play.search.plan
    d.app.start_game(d.game.__class__(Position.from_dict(lost_eight_off())), animate=False)
    assert d.app.play.search.plan == [] and marks(d) == []


def test_a_window_dropped_while_its_hint_thinks_does_not_keep_the_gc_off(driver_for, monkeypatch):
    """The search holds the cyclic GC off while it runs. A window closed or
    rebuilt (the frame guard's Restart) in the middle of a hint is garbage
    that only a collection can free, its search with it: the next window's
    first frames give the collector back, or memory grows for good (the UI
    fuzz reached 22 GB)."""
    import gc

    from game.solver import search
    from game.play import search as hints

    monkeypatch.setattr(hints, "HINT_SECONDS", 600)
    old = driver_for(HARD_DEAL)
    old.app.play.hints.request()
    old.run(2)
    assert not gc.isenabled() and search.collector_held()
    hold = old.app.play.tasks.collector
    del old  # the window's objects refer to each other: not freed while the GC is off
    new = driver_for("EO1-C8-AAAAAFA")
    new.run(2)
    assert not hold.held  # the dropped window's hold lapsed
    for _ in range(500):  # the new window's own search of its deal (pondering) and the freeing of its tables
        if not new.app.play.tasks.searching():
            break
        new.run(1)
    assert gc.isenabled() and not search.collector_held()
    new.app.play.hints.request()  # a search of the new window holds it again while it runs
    new.run(1)
    assert not gc.isenabled() or new.app.play.search.running is None


# ---- one hint time; "lost" only with a proof -----------------------------------------------------


def test_the_command_line_hint_searches_as_long_as_the_windows(monkeypatch, capsys):
    """One default, defined once (game.solver.api.HINT_SECONDS): the
    window's hint, ``hint()`` and ``python -m game hint`` without
    ``--seconds`` all search that long; solve keeps its 30 s."""
    from game import cli
    from game.solver import HINT_SECONDS, api
    from game.solver import cli as solver_cli
    from game.play import search as hints

    assert hints.HINT_SECONDS is HINT_SECONDS is api.HINT_SECONDS
    assert inspect.signature(api.hint).parameters["seconds"].default is api.HINT_SECONDS
    assert inspect.signature(api.solve).parameters["seconds"].default == 30.0
    asked = []

    def solve(start, seconds="the default", max_nodes=None, avoid=()):
        asked.append(seconds)
        return SolveResult(UNKNOWN)

    monkeypatch.setattr(api, "solve", solve)
    assert cli.main(["hint", "--deal", "EO1-C8-AAAAAAB"]) == 0
    assert asked == [hints.HINT_SECONDS] and asked[0] is api.HINT_SECONDS
    assert cli.main(["hint", "--deal", "EO1-C8-AAAAAAB", "--seconds", "0.5"]) == 0
    assert asked[-1] == 0.5
    assert cli.main(["solve", "--deal", "EO1-C8-AAAAAAB"]) == 0
    assert asked[-1] == 30.0
    capsys.readouterr()
    # the help names the same number
    with pytest.raises(SystemExit):
        cli.main(["hint", "--help"])
    assert f"{HINT_SECONDS:g} s" in " ".join(capsys.readouterr().out.split())


def forced(verdict):
    """A SolverTask that ends at its first slice with ``verdict`` (a search
    that ran out of time, or a proof), whatever the position."""

    class Task:
        def __init__(self, position, seconds=None, max_nodes=None, avoid=()):
            self.done, self.result, self.nodes = False, None, 0

        def step(self, budget_seconds=0.004):
            self.done, self.result = True, SolveResult(verdict, seconds=0.01, nodes=1)
            return True

        def cancel(self):
            if not self.done:
                self.done, self.result = True, SolveResult(UNKNOWN)

    return Task


def lost_words(lang="en"):
    """What a player reads as "this game is lost"."""
    return [translate("say.hint_unwinnable", lang), translate("say.hint_lost_undo", lang, count=1).split(":")[0],
            translate("say.now_unwinnable", lang), translate("say.hint_no_move", lang)]


def seen(d):
    """Everything the player was told: the spoken history and the banner."""
    return list(d.app.announcer.history) + [d.table.banner.text if d.table.banner.visible else ""]


# EO1-C8-AAAAAAJ after 40 of the rule of thumb's moves (tests/solver/test_heuristic.py):
# no move stands out, yet the solver proves it winnable at once
ALL_BUILT = {"game": "eight-off", "variant": "C8", "deal": "EO1-C8-AAAAAAJ",
             "columns": [["KS", "QS"], ["KC", "QC", "JC", "TC", "9C"], ["KH", "4S", "TD", "6D", "QH", "6C", "5C", "4C", "3C"],
                         ["TH", "9S", "5D", "4D"], ["9D", "8C", "JH", "2D", "JS", "8D", "7D"], [],
                         ["2C", "3D", "7C", "8S", "7S", "6S", "5S"], ["KD", "QD", "JD"]],
             "foundations": [["AS", "2S", "3S"], ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["AD"], ["AC"]],
             "cells": [None, None, None, "TS", None, None, None, None]}
# EO1-C8-AAAAAAN after 30 of them: all cells full, the one legal move a king from one
# column to the empty one; truly lost, and the solver proves it
STUCK = {"game": "eight-off", "variant": "C8", "deal": "EO1-C8-AAAAAAN",
         "columns": [["KH", "QH"], ["TH", "7D", "QS", "4S", "3S"], [], ["KD"], ["3H", "6H", "5H", "4H"],
                     ["TD", "6S", "8D", "JH", "JS", "9H", "8H", "7H"], ["7C", "TS", "KC", "5D", "6D"],
                     ["2S", "6C", "KS", "QD", "TC", "9C", "8C"]],
         "foundations": [["AS"], ["AH", "2H"], ["AD", "2D", "3D", "4D"], ["AC", "2C", "3C", "4C", "5C"]],
         "cells": ["9S", "8S", "9D", "7S", "QC", "JC", "5S", "JD"]}


@pytest.mark.parametrize("start", [ALL_BUILT, STUCK, lost_eight_off()], ids=["all-built", "stuck", "lost"])
def test_without_a_proof_the_player_never_reads_lost(driver_for, monkeypatch, start):
    """A search that ends unknown (out of time) is no proof, even on a
    position that is in truth lost: the hint is a guess or says that no
    move stands out, the note says "Winnable?", never "Not winnable", and
    no sentence says the game is lost; after a move, the same."""
    from game.play import search as hints

    monkeypatch.setattr(hints, "SolverTask", forced(UNKNOWN))
    d = driver_for(start, settings=Settings(show_winnable=True))
    for _ in range(3):
        d.app.play.hints.request()
        think(d)
        said = d.app.announcer.last
        assert said.startswith("Hint (a guess") or said == translate("say.hint_no_guess", "en"), said
        assert d.app.play.hints.verdict == UNKNOWN and d.app.table.hints.note.state[0] == "Winnable?"
        assert not any(words in text for words in lost_words() for text in seen(d)), seen(d)
        if not said.startswith("Hint"):
            break
        d.table.play(d.app.play.hints.shown[1])  # follow the guess
        think(d)
        assert d.app.table.hints.note.state[0] == "Winnable?"
    assert not any(words in text for words in lost_words() for text in seen(d)), seen(d)


def test_no_move_that_stands_out_is_not_a_loss(driver_for, monkeypatch):
    """The rule of thumb has nothing to advise here (every card that could
    move lies on the card it builds on), but moves exist and no search
    proved a loss: the words say so, in every language, and they are not
    the old "undo a few moves, or start the deal again"."""
    from game.play import search as hints

    monkeypatch.setattr(hints, "SolverTask", forced(UNKNOWN))
    for lang in ("en", "vi", "hu"):
        d = driver_for(ALL_BUILT, settings=Settings(lang=lang))
        d.app.play.hints.request()
        think(d)
        assert d.app.announcer.last == translate("say.hint_no_guess", lang)
        assert d.table.banner.visible and d.table.banner.text == d.app.announcer.last
        assert translate("say.hint_no_guess", lang) != translate("say.hint_no_move", lang)
        assert not any(words in text for words in lost_words(lang) for text in seen(d))
    # with the real search there is a proven win, and its first move
    monkeypatch.undo()
    monkeypatch.setattr(hints, "HINT_SECONDS", 600)
    d = driver_for(ALL_BUILT)
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last.startswith("Hint: ") and d.app.play.search.plan


def test_with_a_proof_the_player_reads_lost(driver_for, monkeypatch):
    """The lost sentences and the "Not winnable" note: from a search that
    ended unwinnable, a real proof here (the one legal move, a king from
    column to empty column, changes nothing)."""
    d = driver_for(STUCK, settings=Settings(show_winnable=True))
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last == "No winning line from here: undo a few moves, or start the deal again."
    assert d.app.play.hints.verdict == UNWINNABLE and d.app.table.hints.note.state[0] == "Not winnable"
    # and the same with a proof forced on any position: the window believes only the verdict
    from game.play import search as hints

    monkeypatch.setattr(hints, "SolverTask", forced(UNWINNABLE))
    d = driver_for(ALL_BUILT, settings=Settings(show_winnable=True))
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last == translate("say.hint_unwinnable", "en")
    assert d.app.table.hints.note.state[0] == "Not winnable"
    d.table.play("c1>r")
    think(d)
    assert translate("say.now_unwinnable", "en") in d.app.announcer.history


def test_no_legal_move_at_all_keeps_the_old_words(driver_for, monkeypatch):
    """Where the engine allows no move at all, "no useful move here" is
    simply true, proof or not."""
    from game.engine.deals import format_code
    from game.play import search as hints

    monkeypatch.setattr(hints, "SolverTask", forced(UNKNOWN))
    d = driver_for(format_code("eight-off", "C4", 3))  # all four cells full, no card fits anywhere
    assert d.game.legal_actions() == []
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last == translate("say.hint_no_move", "en")


# ---- Easy Harp: the draws before a move, at the stock ------------------------------------------------


def test_easy_harp_s_hint_counts_the_draws_at_the_stock_and_says_the_move(driver_for):
    """A line that draws first: the stock is outlined with the number of
    draws on a badge, the place the card then goes is outlined, and the
    sentence (banner and screen reader) says both; a draw later, one fewer.
    The badge survives a new layout (a resize)."""
    from game.engine import Game
    from game.i18n import translate_count
    from game.ui.table.hint_marks import CountSprite
    from game.ui.voice.words import move_words, sentence

    def badges():
        return [s for s in d.app.group.sprites() if isinstance(s, CountSprite)]

    d = driver_for("EH1-N-AAAAAAF")
    d.app.play.hints.request()
    think(d)
    plan = d.app.play.search.plan
    draws = next(i for i, a in enumerate(plan) if a != "draw")
    assert draws >= 2
    probe = Game(d.game.position.copy())
    for action in plan[:draws]:
        probe.play(action)
    then = probe.check(plan[draws])
    said = sentence(translate_count("say.hint_draws", draws, "en", count=draws, move=move_words(then, "en")))
    assert d.app.announcer.last == said and d.table.banner.visible and d.table.banner.text == said
    stock = d.table.layout.piles[Pile("s")]
    assert len(badges()) == 1 and pygame.Rect(stock).colliderect(badges()[0].rect)
    assert any(isinstance(m, HintMarkSprite) and m.rect.collidepoint(stock.center) for m in marks(d))
    d.app.resize(1024, 600)
    d.run(2)
    assert len(badges()) == 1 and pygame.Rect(d.table.layout.piles[Pile("s")]).colliderect(badges()[0].rect)
    assert d.table.play("draw").ok and badges() == []  # the marks go at the next action
    d.app.play.hints.request()
    think(d)
    assert d.app.announcer.last == sentence(translate_count("say.hint_draws", draws - 1, "en", count=draws - 1,
                                                             move=move_words(then, "en")))
    assert len(badges()) == 1
