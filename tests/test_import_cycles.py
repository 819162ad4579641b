"""No import cycle anywhere in game/, counting every import there is: at the
top of a module, inside a function, and under ``if TYPE_CHECKING:``. A cycle
hidden in a function or an annotation is still two modules that can't be
understood (or type-checked, or moved) one without the other.

The modules are read, not imported. An import names modules the way Python
finds them: relative imports are resolved against the importing module's
package; ``from package import name`` names ``package.name`` when that is a
module, else ``package``; and importing ``a.b.c`` also runs the ``__init__``
of every package on the way (``a``, ``a.b``), except the importing module's
own packages, which are already running. So ``game/host.py`` importing
``game.persistence.storage`` depends on ``game.persistence`` too, whose
``__init__`` imports ``records``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_under(folder: Path, root: Path = ROOT) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(folder.rglob("*.py"))}


def named(source: str, module: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that an import statement anywhere in
    ``source`` (the text of ``module``) names, as absolute dotted names."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):  # every node: function bodies and TYPE_CHECKING blocks too
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level - 1 > len(base) - 1:
                    raise ValueError(f"{module}: a relative import above the top package")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
    return {name for name in found if name in modules}


def dependencies(source: str, module: str, is_package: bool, modules: set[str]) -> set[str]:
    """What importing ``module`` runs of ``modules``: each module it names,
    and the packages on the way to them that are not its own."""
    own = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}
    if is_package:
        own.add(module)
    deps: set[str] = set()
    for name in named(source, module, is_package, modules):
        parts = name.split(".")
        deps.add(name)  # named: even one of its own packages (``from . import x``, x not a module)
        deps.update(p for p in (".".join(parts[:i]) for i in range(1, len(parts)))
                    if p in modules and p not in own)
    deps.discard(module)
    return deps


def graph(paths: dict[str, Path]) -> dict[str, set[str]]:
    names = set(paths)
    return {name: dependencies(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", names)
            for name, path in paths.items()}


def knots(edges: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import each other, round or through
    others (Tarjan's strongly connected components with more than one
    module, or one that imports itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges.get(v, ()):
                groups.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(groups, key=min)


def shortest_cycle(group: set[str], edges: dict[str, set[str]]) -> list[str]:
    """The shortest way from the group's first module back to itself
    (breadth first), the first module repeated at the end."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(edges[node] & group):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return path[::-1] + [start]
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{sorted(group)} is no cycle")


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle for each knot of ``edges``."""
    return [shortest_cycle(group, edges) for group in knots(edges)]


def describe(edges: dict[str, set[str]]) -> str:
    """Each knot as a cycle, ``a -> b -> a``, with the other modules caught
    up in it."""
    texts = []
    for group in knots(edges):
        cycle = shortest_cycle(group, edges)
        rest = sorted(group - set(cycle))
        texts.append(" -> ".join(cycle) + (f" (and through it: {', '.join(rest)})" if rest else ""))
    return "; ".join(texts)


# ---- the reader, on made-up modules -------------------------------------------------------


def test_the_reader_counts_every_kind_of_import():
    modules = {"pkg", "pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c", "other"}
    deps = lambda source, module="pkg.a", is_package=False: dependencies(source, module, is_package, modules)  # noqa: E731
    assert deps("from . import b") == {"pkg.b"}  # from package import module
    assert deps("from .b import thing") == {"pkg.b"}
    assert deps("from . import thing") == {"pkg"}  # a name of the package itself: its __init__
    assert deps("def f():\n    from .b import thing\n") == {"pkg.b"}  # inside a function
    hidden = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import Thing\n"
    assert deps(hidden) == {"pkg.b"}  # for the annotations only
    assert deps("from .c import x", "pkg.sub.d") == {"pkg.sub.c"}
    assert deps("from ..b import x", "pkg.sub.d") == {"pkg.b"}
    assert deps("import other\nimport json") == {"other"}
    assert deps("import pkg.sub.c", "other") == {"pkg", "pkg.sub", "pkg.sub.c"}  # packages on the way run
    assert deps("from pkg.sub import c", "pkg.b") == {"pkg.sub", "pkg.sub.c"}  # pkg is pkg.b's own
    assert deps("from .a import x", "pkg", is_package=True) == {"pkg.a"}
    assert deps("import json\nfrom typing import Protocol\n") == set()


def test_the_cycle_finder_names_each_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set(), "c": {"d"}, "d": {"c"}}) == [["c", "d", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"a"}}) == [["a", "a"]]
    knot = {"a": {"b"}, "b": {"a", "c"}, "c": {"a"}}
    assert describe(knot) == "a -> b -> a (and through it: c)"


def test_the_three_old_cycles_would_be_found(tmp_path):
    """The shapes game/ had: two modules naming each other for annotations,
    a package whose __init__ leads to a module that imports a module of the
    package in a function, and a ring of modules."""
    files = {
        "game/__init__.py": "",
        "game/engine/__init__.py": "",
        "game/engine/position.py": "from .rules import Rules\n",
        "game/engine/rules.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .position import Position\n",
        "game/persistence/__init__.py": "from .records import Persistence\n",
        "game/persistence/records.py": "def f():\n    from ..platform import open_storage\n",
        "game/persistence/storage.py": "",
        "game/platform.py": "from .persistence.storage import FileStorage\n",
        "game/ui/__init__.py": "",
        "game/ui/scene.py": "if TYPE_CHECKING:\n    from .table import TableScene\n",
        "game/ui/table.py": "from .keyboard import Keyboard\n",
        "game/ui/keyboard.py": "from .scene import Host\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    found = cycles(graph(modules_under(tmp_path / "game", tmp_path)))
    assert found == [
        ["game.engine.position", "game.engine.rules", "game.engine.position"],
        ["game.persistence", "game.persistence.records", "game.platform", "game.persistence"],
        ["game.ui.keyboard", "game.ui.scene", "game.ui.table", "game.ui.keyboard"],
    ]


# ---- game/ ------------------------------------------------------------------------------------


def test_game_has_no_import_cycle():
    paths = modules_under(ROOT / "game")
    edges = graph(paths)
    assert len(edges) > 60 and edges["game.ui.table.scene"] and edges["game.persistence"]
    assert "game.ui.scene" in edges["game.ui.table.scene"] and "game.engine.rules" in edges["game.engine.position"]
    found = cycles(edges)
    assert not found, f"import cycles in game/: {describe(edges)}"
