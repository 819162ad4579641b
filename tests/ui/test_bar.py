"""The top bar holds still: it is laid out for the widest figures it can
show, so a changing score, move count or time never reflows it (it went
from one line to two, with bigger type, when Eight Off's score went from 0
to 10 at 1280x720)."""

import pytest

from game.engine import Game
from game.i18n import CATALOGUES
from game.ui.voice.words import deal_name, variant_name

from .conftest import Driver
from .geometry import SIZES

FIGURES = ((0, 0, 0), (10, 1, 5), (520, 140, 754), (1040, 999, 3599), (1500, 2345, 4000))


def layouts(d: Driver, lang: str, game: Game) -> list[tuple]:
    """What the bar draws besides the figures, where, and at what size, for each of ``FIGURES``."""
    bar, pos = d.table.bar, game.position
    name, code = variant_name(pos.game, pos.variant, lang), deal_name(pos.deal, lang)
    seen = []
    for score, moves, seconds in FIGURES:
        bar.show(lang, name, code, score, moves, seconds)
        lines = sorted({rect.centery for _, rect in bar.placed})
        others = [(text, tuple(rect)) for text, rect in bar.placed if text in (name, code)]
        seen.append((bar.size_used, len(lines), others))
    return seen


@pytest.mark.parametrize("size", [(1280, 720), *SIZES], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_bar_does_not_reflow_when_the_figures_change(size):
    for deal in ("EO1-C8-AAAAAFA", "EH1-N-AAAAAAF"):
        game = Game.from_deal(deal)
        d = Driver(game, size=size)
        for lang in CATALOGUES:
            d.app.change_setting("lang", lang)
            seen = layouts(d, lang, game)
            assert all(s == seen[0] for s in seen), (deal, lang, seen)


def test_eight_off_at_1280x720_keeps_its_bar_after_the_first_points():
    """The issue's own case: the bar as the deal opens and after c3>c8 r2>f."""
    d = Driver(Game.from_deal("EO1-C8-AAAAAFA"), size=(1280, 720))
    before = (d.table.bar.size_used, [tuple(r) for t, r in d.table.bar.placed][:2])
    assert d.table.play("c3>c8").ok and d.table.play("r2>f").ok
    d.run(1)
    assert d.game.position.score > 0
    assert (d.table.bar.size_used, [tuple(r) for t, r in d.table.bar.placed][:2]) == before
