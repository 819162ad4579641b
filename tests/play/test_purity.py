"""The application layer (game/play) is pure Python: it imports, builds a
whole ``Application`` and plays, saves and hints with pygame made
unimportable, as the engine does (tests/engine/test_purity.py), and does
the same under WebAssembly (Pyodide's CPython, which has no pygame: the
list of tests/browser_tests.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.test_purity import imports_of_file

ROOT = Path(__file__).resolve().parents[2]


def test_nothing_in_game_play_names_pygame_or_the_window():
    files = sorted((ROOT / "game/play").glob("*.py"))
    assert len(files) >= 6
    for path in files:
        bad = sorted(n for n in imports_of_file(path) if n.split(".")[0] == "pygame" or n.startswith("game.ui"))
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


NO_PYGAME = """
import sys
class NoPygame:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("pygame is not for game.play")
sys.meta_path.insert(0, NoPygame())
"""

PLAY = """
import sys
from game.engine import Game, parse_code
from game.persistence.storage import MemoryStorage
from game.play import Application, HintSaid, NoticesRaised, SettingsChanged, VerdictChanged

clock = [1000]
storage = MemoryStorage()
play = Application.open(storage=storage, now=lambda: clock[0])
persistence = play.persistence
heard = []
play.on(HintSaid, heard.append)
play.on(VerdictChanged, heard.append)
play.on(SettingsChanged, heard.append)
play.on(NoticesRaised, heard.append)
play.begin(play.game_for(parse_code("EO1-C8-AAAAAFA")))
assert play.settings.game == "eight-off"
assert not play.busy  # nobody asked: nothing is searched
assert play.play("r2>f").ok
assert persistence.load_all().game.position.moves == 1  # saved after the move
assert play.leaving_loses_a_game()
play.hints.request()
for _ in range(2000):
    clock[0] += 16
    play.tick(idle=True)
    if play.search.running is None:
        break
said = [e for e in heard if isinstance(e, HintSaid)]
assert said[0].key == "say.hint_thinking" and said[-1].key in ("say.hint", "say.hint_guess"), said
assert said[-1].move is not None
play.change_setting("show_winnable", True)
assert any(isinstance(e, SettingsChanged) and e.name == "show_winnable" for e in heard)
code = str(play.random_deal("easy-harp", "N"))
assert code.startswith("EH1-N-") and str(play.today_deal("eight-off", "C4")).startswith("EO1-C4-")
play.start(play.same_deal())
assert play.session.game.position.moves == 0
assert "pygame" not in sys.modules
print("ok")
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="WebAssembly has no subprocesses: the test below")
def test_the_application_runs_without_pygame():
    result = subprocess.run([sys.executable, "-c", NO_PYGAME + PLAY], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


@pytest.mark.skipif(sys.platform != "emscripten", reason="natively pygame is there: the test above hides it")
def test_the_application_runs_under_webassembly(capsys):
    assert "pygame" not in sys.modules
    exec(compile(PLAY, "play", "exec"), {})
    assert capsys.readouterr().out.strip() == "ok"
