"""Refusals at the card, measured (issue 41, item 2): on each game's
opening deal, drags let go near every edge of the window and onto every
kind of pile, a refused tap and a pressed face-down card; for each, how
much the note with the rule covers of what it must leave clear: the
refused cards where they lie once home, the stock and the waste, and the
pile they were refused on (a column's whole fan, the foundations). Used by
tests/ui/test_refusal_note.py and ``tools/ui_screens.py --matrix`` (its
``note`` column)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.engine import Action, Game, Pile
from game.engine.actions import COLUMN, FOUNDATION, MOVE, STOCK, TAP, WASTE
from game.play import Refused
from game.ui.drawing.layout import Box

C = lambda i: Pile(COLUMN, i - 1)  # noqa: E731
DEALS = ("EH1-N-AAAAAAF", "EO1-C8-AAAAAFA")


@dataclass
class Scene:
    """One refusal as the player made it: ``name``, the cards' pile, where
    they were let go (None: a tap; ``press``: a press on a face-down card)."""

    name: str
    src: Pile
    row: int | None = None  # the card pressed (None: the top card)
    to: Callable[[object], tuple[int, int]] | None = None  # the drop point, from the table
    press: bool = False


def top_of(table, pile: Pile, row: int | None = None) -> tuple[int, int]:
    box = table.cards_box(pile, row)
    return (box.x + box.w // 2, box.y + min(10, box.h // 4))


def scenes(game: str) -> list[Scene]:
    """The refusals tried on ``game``'s opening deal (each one is checked to
    be refused where it is measured)."""
    def low(col: int) -> Callable[[object], tuple[int, int]]:
        return lambda t: (t.layout.piles[C(col)].center[0], t.layout.columns_bottom - 20)

    def on(pile: Pile) -> Callable[[object], tuple[int, int]]:
        return lambda t: top_of(t, pile)

    def foundation(t) -> tuple[int, int]:  # the foundation place farthest right, then highest
        box = max((b for p, b in t.layout.piles.items() if p.kind == FOUNDATION), key=lambda b: (b.right, -b.y))
        return (box.x + box.w // 2, box.y + 10)

    if game == "easy-harp":
        return [Scene("left", C(2), to=on(C(1))), Scene("right", C(1), to=on(C(9))),
                Scene("on the waste", C(2), to=on(Pile(WASTE))), Scene("on a foundation", C(2), to=foundation),
                Scene("bottom left", C(3), to=low(1)), Scene("bottom right", C(1), to=low(9)),
                Scene("tap", C(1)), Scene("face down", C(9), row=0, press=True)]
    return [Scene("left", C(2), to=on(C(1))), Scene("right", C(1), to=on(C(8))), Scene("middle", C(4), to=on(C(5))),
            Scene("on a foundation", C(3), to=foundation), Scene("bottom left", C(3), to=low(1)),
            Scene("bottom right", C(1), to=low(8)), Scene("cell to column", Pile("r", 0), to=on(C(8))),
            Scene("tap", C(1))]


def keep_clear(table, action: Action) -> list[tuple[str, Box]]:
    """What the note must not cover for a refusal of ``action``: the
    refused cards at home, the stock and the waste, the pile tried."""
    layout, pos = table.layout, table.game.position
    out = []
    src = action.src
    cards = pos.cards(src)
    if src.kind == COLUMN and cards:
        count = min(len(cards), action.count if action.kind == MOVE else 1)
        places = table.card_places(src, len(cards))[len(cards) - count:]
        home = Box(round(places[0][0]), round(places[0][1]), layout.card_w,
                   round(places[-1][1]) + layout.card_h - round(places[0][1]))
    else:
        home = layout.piles[src]
    out.append(("the refused cards", home))
    out += [(str(p), layout.piles[p]) for p in (Pile(STOCK), Pile(WASTE)) if p in layout.piles]
    dst = Pile(FOUNDATION) if action.kind == TAP else action.dst
    if dst is not None and dst != src:
        if dst.kind == FOUNDATION and dst not in layout.piles:
            out.append(("the foundations", layout.foundation_area))
        elif dst.kind == COLUMN and pos.cards(dst):
            out.append((f"the pile tried {dst}", table.cards_box(dst, 0)))
        else:
            out.append((f"the pile tried {dst}", layout.piles[dst]))
    return out


def note_overlaps(app, advance: Callable[[int], None], start: Callable[[Game], None]) -> list[tuple[str, int]]:
    """(scene, px) for every refusal scene of both games: how many pixels of
    the note lie over what it must keep clear (``keep_clear``). ``advance``
    lets ms of the app's clock pass (and runs a frame); ``start`` puts a
    game on the table."""
    found = []
    refused: list[Action] = []
    app.play.on(Refused, lambda r: refused.append(r.outcome.action))
    for deal in DEALS:
        for scene in scenes(Game.from_deal(deal).position.game):
            start(Game.from_deal(deal))
            table = app.table
            before = table.game.position.to_dict()
            refused.clear()
            at = top_of(table, scene.src, scene.row)
            pointer = table.pointer
            pointer.press_at(at)
            if scene.to is not None:
                end = scene.to(table)
                for i in range(1, 7):
                    pointer.drag_to((round(at[0] + (end[0] - at[0]) * i / 6), round(at[1] + (end[1] - at[1]) * i / 6)))
                pointer.release_at(end)
            elif not scene.press:
                pointer.release_at(at)
                advance(400)  # the double-tap window passes: the refusal is told
            advance(0)
            if scene.press:
                pointer.release_at(at)
            assert table.game.position.to_dict() == before and refused, (deal, scene.name)
            note = table.note
            assert note.visible, (deal, scene.name)
            shown = Box(*note.rect)
            covered = sum(shown.overlap(box) for _, box in keep_clear(table, refused[-1]))
            found.append((f"{deal} {scene.name}", covered))
    return found
