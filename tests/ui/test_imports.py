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
    the table under them as game/ui/dialogs/hosts.py's CoveredTable, the
    table the announcer as game/ui/table/hosts.py's Voice, the keyboard its
    table as KeyboardTable."""
    edges = ui_graph()
    assert cycles(edges) == []
    assert sorted(m for m, deps in edges.items() if "game.ui.app" in deps) == ["game.ui.guard", "game.ui.launch"]


# What game/ui may import of the rest of game/: the application layer through its package's
# names (game/play/__init__.py), the engine's values, the catalogues and help pages, the
# platform glue and the shipped-file check. Never the solver, the persistence, a module of
# game/play (the session's internals, today's deal) or the command line.
UI_MAY_IMPORT = ("game.play", "game.engine", "game.i18n", "game.help", "game.host", "game.textfile")


def ui_imports() -> dict[str, set[str]]:
    """Each module of game/ui and the modules of game/ outside it that it names (every import)."""
    from tests.test_import_cycles import named

    paths = modules_under(ROOT / "game")
    names = set(paths)
    out = {}
    for module, path in paths.items():
        if module == UI or module.startswith(UI + "."):
            found = named(path.read_text(encoding="utf-8"), module, path.name == "__init__.py", names)
            out[module] = {name for name in found if not (name == UI or name.startswith(UI + "."))}
    return out


def allowed(name: str) -> bool:
    if name == "game.play":
        return True
    return any(name == ok or name.startswith(ok + ".") for ok in UI_MAY_IMPORT if ok != "game.play")


def test_the_window_talks_to_the_application_layer_only():
    """game/ui names the application layer's package and the engine, never
    the solver, the persistence, game/play's own modules or the command line."""
    wrong = {module: sorted(n for n in found if not allowed(n)) for module, found in ui_imports().items()}
    wrong = {module: names for module, names in wrong.items() if names}
    assert wrong == {}
    seen = set().union(*ui_imports().values())
    assert "game.play" in seen and "game.engine" in seen  # the reader sees them


def test_the_guard_would_see_a_window_reaching_past_the_application(tmp_path):
    from tests.test_import_cycles import named

    modules = {"game.ui.x", "game.play", "game.play.session", "game.solver", "game.solver.search",
               "game.persistence", "game.persistence.stats", "game.engine"}
    source = ("from ...solver.search import sweep\n"
              "def f():\n    from ..persistence.stats import RECENT\n"
              "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..play.session import Session\n"
              "from ..play import Application\nfrom ..engine import Game\n")
    found = named(source.replace("...", ".."), "game.ui.x", False, modules)
    assert sorted(n for n in found if not allowed(n)) == ["game.persistence.stats", "game.play.session",
                                                          "game.solver.search"]
