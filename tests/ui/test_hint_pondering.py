"""The solver ponders: after each move (and undo, redo, new game) it
searches the new position in the background, in the frames where nothing
moves, so that a hint asked for later comes at once; and a winning line
found once answers the next hints without a search, one move off it too.
Behaviour only: how fast is ``tools/bench_hints.py``'s to say."""

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


def hints_of(d):
    return d.app.play.hints


def said_keys(d):
    heard = []
    d.app.play.on(HintSaid, lambda event: heard.append(event.key))
    return heard


def slow_search(monkeypatch):
    """A hint's time no machine runs out of here: the searches stay under way."""
    from game.play import hints

    monkeypatch.setattr(hints, "HINT_SECONDS", 600)


def test_a_pondered_position_gets_its_hint_with_no_search_frame(driver_for):
    d = driver_for(EASY)  # one frame has run
    hints = hints_of(d)
    assert hints.search is not None or hints.plan  # searching from the deal on (a slice may be enough)
    think(d)
    assert hints.plan and not hints.want_hint  # it found a win, unasked
    assert not d.table.hints.note.visible and not any(t.startswith("Hint") for t in d.app.announcer.history)
    heard = said_keys(d)
    d.app.request_hint()  # no frame runs between the press and the answer
    assert heard == ["say.hint"] and d.app.announcer.last.startswith("Hint: ")
    assert hints.search is None and hints.shown[1] == hints.plan[0]


def test_after_a_move_the_new_position_is_pondered(driver_for):
    """A move that leaves the winning line: its position is searched in the
    background; pressing Hint then answers at once, from that search."""
    d = driver_for(EASY)
    hints = hints_of(d)
    think(d)
    off = next(str(a) for a in d.game.legal_actions() if str(a) != hints.plan[0])
    assert d.table.play(off).ok
    d.settle()  # the glide ends (the test's clock moves only when told)
    key = d.game.position.key()
    if hints.known(key) is None:  # not a step back onto the line
        assert hints.search is not None and hints.search.key == key
        think(d)
    assert hints.known(key) is not None
    heard = said_keys(d)
    d.app.request_hint()
    assert heard and "say.hint_thinking" not in heard and hints.search is None
    assert heard[-1] in ("say.hint", "say.hint_unwinnable", "say.hint_lost_undo")


def test_pondering_finds_what_the_hint_would(driver_for, monkeypatch):
    """The search that ponders is the hint's own: the same winning line as
    a search the hint starts itself, slicing and frames aside."""
    slow_search(monkeypatch)
    d = driver_for(EASY)
    start = d.game.position.copy()
    think(d)
    alone = SolverTask(start, seconds=600).run()
    assert alone.result == WINNABLE and hints_of(d).plan == alone.actions


def test_pondering_waits_while_cards_are_dragged(driver_for, monkeypatch):
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    task = hints_of(d).search
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
    assert hints_of(d).search is task and task.slices > before


def test_pondering_follows_undo_redo_and_a_new_game(driver_for, monkeypatch):
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    hints = hints_of(d)
    searches = [hints.search]
    d.run(1)
    d.key(pygame.K_d)  # a draw
    searches.append(hints.search)
    d.table.undo()
    searches.append(hints.search)
    d.table.redo()
    searches.append(hints.search)
    d.app.start_game(Game.from_deal("EH1-N-AAAAAAC"), animate=False)
    searches.append(hints.search)
    assert len({id(s) for s in searches}) == len(searches)  # a new search each time
    for old in searches[:-1]:
        assert old.task.done and old not in d.app.tasks  # each stopped
    assert searches[2].key == searches[0].key  # the undo's position is the deal's again
    assert searches[3].key == searches[1].key
    assert searches[-1].key == d.game.position.key() and searches[-1] in d.app.tasks
    assert not hints.want_hint and not d.table.hints.note.visible


def test_pondering_stops_for_good_once_it_has_answered(driver_for, monkeypatch):
    """A player who does nothing costs nothing once the search of the
    position has ended: no task runs, the collector is back on, and no new
    search starts however long the table sits there; a search that used its
    whole time gives the guess at once when Hint is pressed."""
    from game.play import hints as hints_module

    monkeypatch.setattr(hints_module, "HINT_SECONDS", 0.02)
    made = []
    monkeypatch.setattr(hints_module, "SolverTask", lambda position, seconds: made.append(1) or SolverTask(position, seconds=seconds))
    d = driver_for(HARD_DEAL)  # unsolved within 0.02 s
    hints = hints_of(d)
    think(d)
    for _ in range(100):
        if not d.app.tasks:
            break
        d.run(1)
    assert d.app.tasks == [] and not collector_held() and gc.isenabled()
    searched = len(made)
    d.run(60)
    assert len(made) == searched and d.app.tasks == []
    assert hints.known(d.game.position.key()) == "unknown"
    heard = said_keys(d)
    d.app.request_hint()
    assert heard == ["say.hint_guess"] and hints.search is None and len(made) == searched
    assert d.app.announcer.last.startswith("Hint (a guess")


def test_no_pondering_while_a_dialog_is_open(driver_for, monkeypatch):
    """A dialog covers the table: the search that pondered stops (its tables
    are freed), none starts while it is open, and closing it starts the
    position's search again."""
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    hints = hints_of(d)
    pondering = hints.search
    d.run(2)
    d.app.open_options()
    assert pondering.task.done and pondering not in d.app.tasks and hints.search is None
    d.run(30)
    assert hints.search is None and not any(hasattr(task, "task") for task in d.app.tasks)
    d.app.pop(d.app.top())
    again = hints.search
    assert again is not None and again is not pondering and again.key == d.game.position.key()
    d.run(2)
    assert again.slices >= 1


def test_a_hint_asked_for_under_way_keeps_its_search_under_a_dialog(driver_for, monkeypatch):
    """Only pondering stops for a dialog: a hint the player asked for, or
    the verdict note, goes on."""
    slow_search(monkeypatch)
    d = driver_for(HARD_DEAL)
    d.app.request_hint()
    task = hints_of(d).search
    d.app.open_options()
    d.run(2)
    assert hints_of(d).search is task and task in d.app.tasks and not task.task.done
    d.app.pop(d.app.top())
    d2 = driver_for(HARD_DEAL, settings=Settings(show_winnable=True))
    task = hints_of(d2).search
    d2.app.open_options()
    d2.run(2)
    assert hints_of(d2).search is task and not task.task.done


def commuting(start: Position, plan: list[str]) -> int | None:
    """An index i where the plan's action i + 1 can be played first and
    then action i, to the same position as the plan's order."""
    game = Game(start.copy())
    for i in range(len(plan) - 1):
        here = game.position
        swapped = Game(here.copy())
        ordered = Game(here.copy())
        if (swapped.play(plan[i + 1]).ok and swapped.play(plan[i]).ok and ordered.play(plan[i]).ok
                and ordered.play(plan[i + 1]).ok and swapped.position.key() == ordered.position.key()):
            return i
        game.play(plan[i])
    return None


def test_a_later_move_of_the_line_played_first_still_gets_the_line(driver_for):
    """The player plays the line's next-but-one action before the next one:
    the position is one action off the line, so the hint is that action,
    at once, and nothing needs to be searched."""
    d = driver_for(EASY)
    hints = hints_of(d)
    start = d.game.position.copy()
    think(d)
    plan = list(hints.plan)
    i = commuting(start, plan)
    assert i is not None
    for action in plan[:i]:
        assert d.table.play(action).ok
    assert hints.search is None  # on the line: nothing to ponder
    assert d.table.play(plan[i + 1]).ok
    assert hints.search is None and hints.known(d.game.position.key()) is None
    heard = said_keys(d)
    d.app.request_hint()
    assert heard == ["say.hint"] and hints.search is None
    after = Game(d.game.position.copy())
    assert after.play(hints.shown[1]).ok and hints.plan_keys.get(after.position.key(), -1) >= i + 2
    assert d.table.play(hints.shown[1]).ok
    d.app.request_hint()  # back on the line
    assert heard[-1] == "say.hint" and hints.search is None


def test_a_hint_never_steps_back_to_where_the_game_has_been(driver_for):
    """The king of hearts, the last card, from its column into a free cell:
    the move back to the column leads onto the known line, but taking a
    move back is Undo's work; the hint is the king home."""
    d = driver_for(near_won_eight_off(4))
    hints = hints_of(d)
    think(d)
    assert hints.plan == ["c1>f"]
    assert d.table.play("c1>r").ok
    assert back_to(d.game, "r1>c1") == Game(Position.from_dict(near_won_eight_off(4))).position.key()
    assert hints.step_onto_plan() is None
    d.app.request_hint()
    think(d)
    assert hints.shown[1] == "r1>f"


def back_to(game, action):
    after = Game(game.position.copy())
    assert after.play(action).ok
    return after.position.key()
