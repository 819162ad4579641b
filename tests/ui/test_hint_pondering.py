"""Thinking costs nothing when nobody asked, and a hint asked once comes at
once afterwards: the search service (game.play.search) searches only for a
hint asked for, for the "still winnable?" note, or for Finish for me (once
the rest is mechanical); once the player has asked for a hint in a game it
ponders each new position (after a move, an undo, a redo) in the frames
where nothing moves, so that the next hint comes at once; never while a
dialog covers the table (but for a search somebody waits for) nor while the
window is hidden; and a winning line found once answers the next hints
without a search, one move off it too. Behaviour only: how fast is
``tools/bench_hints.py``'s to say."""

import gc

import pygame

from game.engine import Game, Pile, Position
from game.play.events import HintSaid
from game.solver import SolverTask, WINNABLE
from game.solver.search import collector_held
from game.persistence.settings import Settings

from .positions import near_won_eight_off
from .test_hint_ui import HARD_DEAL, think

EASY = "EO1-C8-AAAAAFA"  # solved within a slice or two


def search_of(d):
    return d.app.play.search


def said_keys(d):
    heard = []
    d.app.play.on(HintSaid, lambda event: heard.append(event.key))
    return heard


def slow_search(monkeypatch):
    """A hint's time no machine runs out of here: the searches stay under way."""
    from game.play import search

    monkeypatch.setattr(search, "HINT_SECONDS", 600)


def hinted(d, limit=2000):
    """The player asks for a hint and waits for it (from then on the game
    ponders), and for the rest of its line to be learnt in the background
    (until then a move off the line waits for ``learned`` to look again)."""
    d.app.play.hints.request()
    think(d)
    frames = 0
    while search_of(d).learner is not None and frames < limit:
        d.run(1)
        frames += 1
    assert search_of(d).learner is None, "the line is still being learnt"


def test_nothing_is_searched_when_nobody_asked(driver_for):
    """The deal, moves, an undo and a redo: no hint asked, the note and the
    Finish off: no search runs, no task waits, and the collector stays on."""
    d = driver_for(EASY)
    search = search_of(d)
    assert search.running is None and not d.app.play.busy and d.app.play.tasks.running == []
    for action in ("draw",) if d.game.rules.has_stock else ():
        d.table.play(action)
    moves = [str(a) for a in d.game.legal_actions()][:2]
    for action in moves:
        assert d.table.play(action).ok
        d.run(3)
        assert search.running is None and not d.app.play.busy
    d.table.undo()
    d.table.redo()
    d.run(3)
    assert search.running is None and d.app.play.tasks.running == [] and not collector_held() and gc.isenabled()


def test_after_a_hint_the_new_position_is_pondered(driver_for):
    """A move that leaves the winning line, once a hint was asked: its
    position is searched in the background; pressing Hint then answers at
    once, from that search."""
    d = driver_for(EASY)
    search = search_of(d)
    hinted(d)
    off = next(str(a) for a in d.game.legal_actions() if str(a) != search.plan[0])
    assert d.table.play(off).ok
    d.settle()  # the glide ends (the test's clock moves only when told)
    key = d.game.position.packed_key()
    if search.known(key) is None and search.step_onto_plan() is None:  # not a step back onto the line
        assert search.running is not None and search.running.key == key and not search.awaiting_hint
        think(d)
    assert search.known(key) is not None or search.step_onto_plan() is not None
    assert not d.table.hints.note.visible  # pondering shows nothing
    heard = said_keys(d)
    d.app.play.hints.request()
    assert heard and "say.hint_thinking" not in heard and search.running is None
    assert heard[-1] in ("say.hint", "say.hint_unwinnable", "say.hint_lost_undo")


def test_a_played_hint_keeps_the_rest_of_the_line(driver_for):
    d = driver_for(EASY)
    search = search_of(d)
    hinted(d)
    for _ in range(5):
        heard = said_keys(d)
        d.app.play.hints.request()
        assert heard == ["say.hint"] and search.running is None  # from the line, at once
        assert d.table.play(d.app.play.hints.shown[1]).ok
        assert search.running is None  # the next position is on the line: no search


def test_pondering_finds_what_the_hint_would(driver_for, monkeypatch):
    """The search that ponders is the hint's own: the same winning line as
    a search the hint starts itself, slicing and frames aside."""
    slow_search(monkeypatch)
    d = driver_for(EASY)
    hinted(d)
    first = search_of(d).plan[0]
    assert d.table.play(first).ok
    d.app.play.search.forget_plan()  # the line is known no more: the next position is searched
    assert d.table.play("undo").ok
    start = d.game.position.copy()
    think(d)
    alone = SolverTask(start, seconds=600).run()
    assert alone.result == WINNABLE and search_of(d).plan == alone.actions


def test_pondering_waits_while_cards_are_dragged(driver_for, monkeypatch):
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    d.app.play.hints.request()
    d.run(2)
    search = search_of(d)
    assert d.table.play("draw").ok  # the hint's search stops; the next position is pondered
    d.settle()
    task = search.running
    assert task is not None and not search.awaiting_hint
    d.run(2)
    assert task.slices >= 1
    top = d.card_center(Pile("c", 8))
    d.press(top)
    d.post(pygame.MOUSEMOTION, pos=(top[0] - 40, top[1] + 60), rel=(0, 0), buttons=(1, 0, 0))
    d.run(1)
    assert d.table.busy
    before = task.slices
    d.run(5)
    assert task.slices == before  # the dragged card's frames are the table's
    d.release((top[0] - 40, top[1] + 60))  # dropped nowhere: it glides home
    for _ in range(200):
        if not d.table.busy:
            break
        d.wait(20)
    d.run(3)
    assert search.running is task and task.slices > before


def test_pondering_follows_undo_and_redo_and_a_new_game_forgets_it(driver_for, monkeypatch):
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    search = search_of(d)
    d.app.play.hints.request()
    searches = [search.running]
    d.run(1)
    d.key(pygame.K_d)  # a draw
    searches.append(search.running)
    d.table.undo()
    searches.append(search.running)
    d.table.redo()
    searches.append(search.running)
    assert len({id(s) for s in searches}) == len(searches)  # a new search each time
    for old in searches[:-1]:
        assert old.task.done  # each stopped (its task frees its tables, then leaves)
    assert searches[2].key == searches[0].key  # the undo's position is the deal's again
    assert searches[3].key == searches[1].key
    assert searches[-1].key == d.game.position.packed_key() and searches[-1] in d.app.play.tasks.running
    assert not search.awaiting_hint and not d.table.hints.note.visible
    d.app.start_game(Game.from_deal("EH1-N-AAAAAAC"), animate=False)
    assert search.running is None and searches[-1].task.done  # a new game: no hint asked in it yet


def test_pondering_stops_for_good_once_it_has_answered(driver_for, monkeypatch):
    """A player who does nothing costs nothing once the search of the
    position has ended: no task runs, the collector is back on, and no new
    search starts however long the table sits there; a search that used its
    whole time gives the guess at once when Hint is pressed."""
    from game.play import search as search_module

    monkeypatch.setattr(search_module, "HINT_SECONDS", 0.02)
    made = []
    monkeypatch.setattr(search_module, "SolverTask",
                        lambda position, seconds, avoid=(): made.append(1) or SolverTask(position, seconds=seconds, avoid=avoid))
    d = driver_for(HARD_DEAL)  # unsolved within 0.02 s
    search = search_of(d)
    d.app.play.hints.request()
    think(d)
    for _ in range(100):
        if not d.app.play.tasks.running:
            break
        d.run(1)
    assert d.app.play.tasks.running == [] and not collector_held() and gc.isenabled()
    searched = len(made)
    d.run(60)
    assert len(made) == searched and d.app.play.tasks.running == []
    assert search.known(d.game.position.packed_key()) == "unknown"
    heard = said_keys(d)
    d.app.play.hints.request()
    assert heard == ["say.hint_guess"] and search.running is None and len(made) == searched
    assert d.app.announcer.last.startswith("Hint (a guess")


def test_no_pondering_while_a_dialog_is_open(driver_for, monkeypatch):
    """A dialog covers the table: the search that pondered stops (its tables
    are freed), none starts while it is open, and closing it starts the
    position's search again."""
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    search = search_of(d)
    d.app.play.hints.request()
    d.run(1)
    assert d.table.play("draw").ok
    d.settle()  # the draw's glide ends: a pondering search steps only while nothing moves
    pondering = search.running
    assert pondering is not None and not search.awaiting_hint
    d.run(2)
    d.app.open_options()
    assert pondering.task.done and search.running is None
    d.run(30)
    assert search.running is None and d.app.play.tasks.running == []
    d.app.pop(d.app.top())
    again = search.running
    assert again is not None and again is not pondering and again.key == d.game.position.packed_key()
    d.run(2)
    assert again.slices >= 1


def test_a_hint_asked_for_under_way_keeps_its_search_under_a_dialog(driver_for, monkeypatch):
    """Only pondering stops for a dialog: a hint the player asked for, or
    the verdict note, goes on."""
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    d.app.play.hints.request()
    task = search_of(d).running
    d.app.open_options()
    d.run(2)
    assert search_of(d).running is task and task in d.app.play.tasks.running and not task.task.done
    d.app.pop(d.app.top())
    d2 = driver_for(HARD_DEAL, settings=Settings(show_winnable=True))
    task = search_of(d2).running
    assert task is not None  # the note waits for it: no hint needed
    d2.app.open_options()
    d2.run(2)
    assert search_of(d2).running is task and not task.task.done


def test_a_hidden_window_searches_nothing_until_it_is_shown(driver_for, monkeypatch):
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    d.app.play.hints.request()
    task = search_of(d).running
    d.run(2)
    d.post(pygame.WINDOWMINIMIZED)
    d.run(1)
    before = task.slices
    d.run(10)
    assert task.slices == before and not d.app.play.busy  # kept, not stepped: the loop may sleep
    d.post(pygame.WINDOWRESTORED)
    d.run(3)
    assert search_of(d).running is task and task.slices > before


def test_the_note_searches_each_new_position_without_a_hint(driver_for):
    d = driver_for(EASY, settings=Settings(show_winnable=True))
    search = search_of(d)
    think(d)
    off = next(str(a) for a in d.game.legal_actions() if str(a) != search.plan[0])
    assert d.table.play(off).ok
    for _ in range(50):  # the proven line learnt whole first: the new position may lie on it further on
        if search.learner is None:
            break
        d.run(1)
    key = d.game.position.packed_key()
    assert search.known(key) is not None or search.step_onto_plan() is not None or search.running.key == key


def commuting(start: Position, plan: list[str]) -> int | None:
    """An index i where the plan's action i + 1 can be played first and
    then action i, to the same position as the plan's order."""
    game = Game(start.copy())
    for i in range(len(plan) - 1):
        here = game.position
        swapped = Game(here.copy())
        ordered = Game(here.copy())
        if (swapped.play(plan[i + 1]).ok and swapped.play(plan[i]).ok and ordered.play(plan[i]).ok
                and ordered.play(plan[i + 1]).ok and swapped.position.packed_key() == ordered.position.packed_key()):
            return i
        game.play(plan[i])
    return None


def test_a_later_move_of_the_line_played_first_still_gets_the_line(driver_for):
    """The player plays the line's next-but-one action before the next one:
    the position is one action off the line, so the hint is that action,
    at once, and nothing needs to be searched."""
    d = driver_for(EASY)
    search = search_of(d)
    start = d.game.position.copy()
    hinted(d)
    plan = list(search.plan)
    i = commuting(start, plan)
    assert i is not None
    for action in plan[:i]:
        assert d.table.play(action).ok
    assert search.running is None  # on the line: nothing to ponder
    assert d.table.play(plan[i + 1]).ok
    assert search.running is None and search.known(d.game.position.packed_key()) is None
    heard = said_keys(d)
    d.app.play.hints.request()
    assert heard == ["say.hint"] and search.running is None
    hints = d.app.play.hints
    after = Game(d.game.position.copy())
    assert after.play(hints.shown[1]).ok and search.plan_keys.get(after.position.packed_key(), -1) >= i + 2
    assert d.table.play(hints.shown[1]).ok
    d.app.play.hints.request()  # back on the line
    assert heard[-1] == "say.hint" and search.running is None


def test_a_hint_never_steps_back_to_where_the_game_has_been(driver_for):
    """The king of hearts, the last card, from its column into a free cell:
    the move back to the column leads onto the known line, but taking a
    move back is Undo's work; the hint is the king home."""
    d = driver_for(near_won_eight_off(4))
    search, hints = search_of(d), d.app.play.hints
    hinted(d)
    assert search.plan == ["c1>f"]
    assert d.table.play("c1>r").ok
    assert back_to(d.game, "r1>c1") == Game(Position.from_dict(near_won_eight_off(4))).position.packed_key()
    assert search.step_onto_plan() is None
    d.app.play.hints.request()
    think(d)
    assert hints.shown[1] == "r1>f"


def back_to(game, action):
    after = Game(game.position.copy())
    assert after.play(action).ok
    return after.position.packed_key()


def test_a_window_that_lost_the_focus_still_searches_but_stops_the_clock(driver_for, monkeypatch):
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    d.app.play.hints.request()
    task = search_of(d).running
    d.run(1)
    d.post(pygame.WINDOWFOCUSLOST)
    d.run(1)
    before = task.slices
    d.run(5)
    assert task.slices > before and not d.app.play.session.shown  # searching on, the clock stopped
    d.post(pygame.WINDOWFOCUSGAINED)
    d.run(1)
    assert d.app.play.session.shown
