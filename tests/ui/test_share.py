"""L shares the deal the session started from (natively: its code)."""

from game.engine import Game, Position
from game.ui.table.share import share_deal

from .conftest import Driver
from .positions import near_won_eight_off


def test_sharing_names_the_deal_the_session_started_from():
    d = Driver(Game.from_deal("EH1-N-AAAAABV"))
    assert d.table.play("c5>c4").ok
    assert share_deal(d.app) == "EH1-N-AAAAABV"
    d.app.start_game(Game(Position.from_dict(near_won_eight_off(8))), animate=False)  # a set-up position
    assert share_deal(d.app) is None
