"""The Statistics screen: opened from Options, the figures per game and
variant (games played and won, streaks, best score, times), a chart of the
last games, and a reset that asks first."""

from game.i18n import translate
from game.persistence.storage import MemoryStorage
from game.ui.dialogs.confirm import ConfirmDialog
from game.ui.dialogs.stats import StatsScene, figures

from .conftest import click_widget as click, start_app as start
from tests.persistence.storage_helpers import store_stats


def stats_button(options):
    return next(w for w in options.widgets if getattr(w, "label", None) == "ui.stats")


def test_opened_from_options_with_the_figures_of_the_game_played():
    app = start("--deal", "EO1-C4-AAAAAFA")
    stats = app.play.persistence.stats
    stats.record("eight-off", "C4", won=True, seconds=300, score=520)
    stats.record("eight-off", "C4", won=False, seconds=90, score=40)
    stats.record("eight-off", "C4", won=True, seconds=200, score=500)
    store_stats(app)
    app.open_options()
    options = app.top()
    click(app, options, stats_button(options))
    scene = app.top()
    assert isinstance(scene, StatsScene)
    assert scene.choice == ("eight-off", "C4")
    shown = dict(figures(scene.stats, "en"))
    assert shown == {
        "ui.stats.played": "3", "ui.stats.won": "2", "ui.stats.win_rate": translate("ui.stats.percent", "en", value=67),
        "ui.stats.current_streak": "1", "ui.stats.best_streak": "1", "ui.stats.best_score": "520",
        "ui.stats.fastest_win": "3:20", "ui.stats.fewest_moves": "–", "ui.stats.total_time": "9:50",
    }
    # another variant: never played
    click(app, scene, scene.choice_buttons[0])
    assert scene.choice == ("easy-harp", "N")
    assert dict(figures(scene.stats, "en"))["ui.stats.played"] == "0"
    assert not scene.reset_button.enabled


def test_the_chart_shows_won_and_lost_bars():
    app = start("--deal", "EH1-N-AAAAAAF")
    for i in range(35):
        app.play.persistence.stats.record("easy-harp", "N", won=i % 2 == 0, seconds=60 + i * 10, score=100 + i)
    store_stats(app)
    app.open_stats()
    scene = app.top()
    assert len(scene.stats.recent) == 30
    chart = scene.panel.image
    colors = {tuple(chart.get_at((x, y)))[:3] for x in range(0, chart.get_width(), 3)
              for y in range(scene.chart_top + 60, scene.ph - 120, 3)}
    from game.ui.drawing import theme
    from game.ui.dialogs.stats import LOST

    assert theme.BUTTON in colors and LOST in colors
    click(app, scene, scene.measure_buttons["score"])
    assert scene.measure == "score"


def test_reset_asks_first():
    storage = MemoryStorage()
    app = start("--deal", "EH1-N-AAAAAAF", storage=storage)
    app.play.persistence.record_result(app.session.game, 100, won=False)
    app.open_stats()
    scene = app.top()
    click(app, scene, scene.reset_button)
    ask = app.top()
    assert isinstance(ask, ConfirmDialog)
    click(app, ask, ask.widgets[1])  # Cancel
    assert app.top() is scene and scene.stats.played == 1
    click(app, scene, scene.reset_button)
    ask = app.top()
    click(app, ask, ask.widgets[0])  # Reset
    assert app.top() is scene and scene.stats.played == 0
    # and it is stored
    assert start(storage=storage).play.persistence.stats.get("easy-harp", "N").played == 0
