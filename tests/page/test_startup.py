"""The page's start-up script (the Python block of page.tmpl's pythons.js tag), run here.

pygbag's runtime writes that block to __main__.py and runs it first
(pythons.js run_pyrc, line 545; cpythonrc.py import_site -> shell.source).
This test runs the block's own text in CPython, with the runtime's names it
uses (``platform.window``, ``platform.fopen``, ``platform.run_main``,
``embed.counter``, ``TopLevel_async_handler``, ``shell``, ``PyConfig``)
standing in, and checks the steps the browser test's interpreter plays
(tests/page/main.js): it waits for the page's archive, stops when that
failed, says why when the archive is no game, and otherwise unpacks it,
runs the preloader and queues main.py; it never hides the loading box
itself (main.py does, after its first frame).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import re
import sys
import types
import zipfile
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[2]


def start_up_script() -> str:
    page = (ROOT / "page.tmpl").read_text(encoding="utf-8")
    block = re.search(r'<script src="[^"]*pythons\.js"[^>]*>#<!--\n(.*?)# --></script>', page, re.DOTALL)
    assert block, "no start-up script in page.tmpl"
    return block.group(1)


class Window:
    """The page's side, as page.tmpl defines it, recording what Python asked."""

    def __init__(self, status: str, url: str):
        self.gameBundle = "solitaire"
        self.gameArchiveName = "solitaire.apk"
        self.gameArchiveStatus = status
        self.gameArchiveUrl = url
        self.python = types.SimpleNamespace(config=types.SimpleNamespace(debug=False))
        self.calls: list[tuple[str, object]] = []

    def gameStage(self, stage):  # noqa: N802
        self.calls.append(("gameStage", stage))
        return True

    def gameFailed(self, text):  # noqa: N802
        assert isinstance(text, str) and text.isascii()  # pygbag's bridge garbles anything else
        self.calls.append(("gameFailed", json.loads(text)))
        return True

    def gameReady(self):  # noqa: N802
        self.calls.append(("gameReady", None))
        return True


def run_script(monkeypatch, tmp_path, *, status="ready", archive: bytes | None = None, ready_after=0):
    """Run the start-up script against ``archive`` (the bytes behind gameArchiveUrl); what it did."""
    blob = tmp_path / "blob"
    blob.write_bytes(archive or b"")
    window = Window("loading" if ready_after else status, "blob:http://games.example.test/1234")
    did: list[tuple[str, object]] = window.calls
    root = tmp_path / "fs"

    class Rooted(type(Path())):  # the runtime's /data/data, inside tmp_path
        def __new__(cls, *parts):
            text = str(PurePosixPath(*map(str, parts)))
            if text.startswith("/data/"):
                text = str(root) + text
            return super().__new__(cls, text)

    @contextlib.asynccontextmanager
    async def fopen(url, mode="r"):
        assert url == window.gameArchiveUrl, url  # the page's blob, not a second download
        with open(blob, mode) as handle:
            yield handle

    def run_main(config, loaderhome=None, loadermain=None):
        did.append(("run_main", Path(loaderhome)))

    counter = iter([-1, -1, 0])
    sleeps = {"n": 0}
    real_sleep = asyncio.sleep

    async def sleep(seconds):
        sleeps["n"] += 1
        if ready_after and sleeps["n"] >= ready_after:
            window.gameArchiveStatus = status
        await real_sleep(0)

    class Shell:
        @staticmethod
        async def source(main):
            did.append(("source", Path(main)))

        @staticmethod
        def interactive():
            did.append(("interactive", None))

    class TopLevel:
        @staticmethod
        async def start_toplevel(shell, console=False):
            did.append(("start_toplevel", console))

    platform = types.ModuleType("platform")
    platform.window, platform.fopen, platform.run_main, platform.shell = window, fopen, run_main, Shell
    embed = types.ModuleType("embed")
    embed.counter = lambda: next(counter)
    pathlib = types.ModuleType("pathlib")
    pathlib.Path = Rooted
    monkeypatch.setitem(sys.modules, "platform", platform)
    monkeypatch.setitem(sys.modules, "embed", embed)
    monkeypatch.setitem(sys.modules, "pathlib", pathlib)
    monkeypatch.setattr(asyncio, "sleep", sleep)
    namespace = {"__name__": "__main__", "PyConfig": {}, "shell": Shell, "TopLevel_async_handler": TopLevel}
    code = compile(start_up_script(), "page.tmpl <script>", "exec")
    main = types.ModuleType("__main__")
    monkeypatch.setitem(sys.modules, "__main__", main)
    exec(code, namespace)
    monkeypatch.undo()
    return did, root / "data" / "data" / "solitaire"


def game_zip(**files: str) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return data.getvalue()


GAME = game_zip(**{"assets/main.py": "print('game')\n", "assets/game/__init__.py": ""})


def test_a_loaded_archive_is_unpacked_and_main_py_queued_and_the_box_left_to_the_game(monkeypatch, tmp_path):
    did, appdir = run_script(monkeypatch, tmp_path, archive=GAME, ready_after=3)
    assert (appdir / "assets" / "main.py").read_text() == "print('game')\n"
    names = [name for name, _ in did]
    assert names == ["gameStage", "gameStage", "run_main", "start_toplevel", "gameStage", "source", "interactive"]
    assert [value for name, value in did if name == "gameStage"] == ["python", "unpacked", "main"]
    assert dict(did)["run_main"] == appdir / "assets"
    assert dict(did)["source"] == appdir / "assets" / "main.py"
    assert "gameReady" not in names  # main.py says when its first frame is drawn


def test_a_failed_archive_starts_nothing(monkeypatch, tmp_path):
    did, _appdir = run_script(monkeypatch, tmp_path, status="failed", ready_after=2)
    assert did == [("gameStage", "python")]  # the page has said why already


@pytest.mark.parametrize("archive, why", [
    (b"<html>404</html>", "BadZipFile"),               # a host's error page where the archive was
    (game_zip(**{"assets/readme.txt": "x"}), "no main.py"),
], ids=["an error page", "a zip without main.py"])
def test_an_archive_that_is_no_game_says_why_to_the_page(monkeypatch, tmp_path, archive, why):
    did, _appdir = run_script(monkeypatch, tmp_path, archive=archive)
    assert [name for name, _ in did] == ["gameStage", "gameFailed"]
    assert why in dict(did)["gameFailed"] and "solitaire.apk" in dict(did)["gameFailed"]
