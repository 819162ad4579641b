"""game/ui's own shape: the app imports the scenes; each scene knows it only
as the protocol of what that scene may use (game/ui/dialogs/hosts.py,
game/ui/table/hosts.py, on game/ui/scene.py's ``Stage``), so only what
builds or drives the app names it. The modules are read, not imported, by
the reader of ``tests/test_import_cycles.py`` (every import counts: in functions and under
``if TYPE_CHECKING:`` too), which also holds all of game/ to no cycle."""

from __future__ import annotations

from tests.test_import_cycles import ROOT, cycles, graph, modules_under

UI = "game.ui"


def ui_graph() -> dict[str, set[str]]:
    """game/ui's modules (not the package itself) and which of them each one imports."""
    edges = graph(modules_under(ROOT / "game"))
    ui = {name for name in edges if name.startswith(UI + ".")}
    return {name: edges[name] & ui for name in ui}


def test_the_reader_sees_relative_imports_and_type_checking_blocks():
    edges = ui_graph()
    assert "game.ui.scene" in edges["game.ui.table.scene"]  # from ..scene import Scene
    assert "game.ui.drawing.theme" in edges["game.ui.table.scene"]  # from ..drawing import theme
    assert "game.ui.drawing" in edges["game.ui.table.scene"]  # the package on the way
    assert "game.ui.app" in edges["game.ui.launch"]  # inside a function


def test_no_cycle_runs_through_the_app_even_for_type_checking():
    """Each scene types its app as its own protocol: only what builds or
    drives the app (launch, the frame guard) names ``App``; the dialogs know
    the table under them as protocols of game/ui/dialogs/hosts.py
    (CoveredTable, WonTable), the table the announcer as
    game/ui/table/hosts.py's Voice, the keyboard its table as KeyboardTable."""
    edges = ui_graph()
    assert cycles(edges) == []
    assert sorted(m for m, deps in edges.items() if "game.ui.app" in deps) == ["game.ui.guard", "game.ui.launch"]
