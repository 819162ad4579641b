"""The README's Layout section names every package and top-level module of
game/, and every folder of tests/ and tools/: a newcomer finds there what
lives where, and a new folder without a line there fails here."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def layout_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Layout\n", 1)[1]
    return section.split("\n## ", 1)[0]


def folders(parent: Path) -> list[Path]:
    return sorted(p for p in parent.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def test_the_layout_names_every_package_module_and_folder():
    names = ["main.py", "game/", "tests/", "tools/", "assets/"]
    names += [f"game/{p.name}/" for p in folders(ROOT / "game") if (p / "__init__.py").exists()]
    names += [f"game/{p.name}" for p in sorted((ROOT / "game").glob("*.py")) if p.name != "__init__.py"]
    names += [f"tests/{p.name}/" for p in folders(ROOT / "tests")]
    names += [f"tools/{p.name}/" for p in folders(ROOT / "tools")]
    section = layout_section()
    missing = [name for name in names if f"`{name}`" not in section]
    assert missing == [], f"the README's Layout section does not name {missing}"
    assert "`game/host.py`" in section and "game/platform" not in section
