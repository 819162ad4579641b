"""The game's pure-Python parts on WebAssembly: the engine, solver, storage,
saved-game, statistics, daily, session, application-layer and two-windows
records tests (the list: tests/browser_tests.py) pass under Pyodide's
CPython 3.12 in Node.

The browser build runs on pygbag's CPython 3.12 for WebAssembly; Pyodide 0.27
is the same Python on the same platform (sys.platform == "emscripten") and runs
headless in Node. tools/pyodide/setup.sh (called by .ci/run) fetches Pyodide
and the pure-Python test wheels; the run itself uses no network.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import browser_tests

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "pyodide"
SETUP_HINT = "run tools/pyodide/setup.sh once (needs node, npm and the package registries)"


def test_the_browser_builds_tests_pass_under_pyodide(real_environ):
    engine_tests = browser_tests.files(ROOT)
    assert len(engine_tests) >= len(browser_tests.PATTERNS), "test files are missing"
    node = shutil.which("node")
    if node is None:
        pytest.fail(f"node is not installed: {SETUP_HINT}")
    if not (TOOL / "node_modules" / "pyodide").is_dir() or not list(TOOL.glob("wheels/*.whl")):
        # first run on a fresh clone: fetch the pinned Pyodide and wheels (registries only), with
        # the real $HOME: npm's and pip's own settings are there (the tests' home is a stand-in)
        setup = subprocess.run(["bash", str(TOOL / "setup.sh")], capture_output=True, text=True, timeout=600,
                               env=real_environ)
        assert setup.returncode == 0, f"{SETUP_HINT}\n{setup.stdout[-2000:]}{setup.stderr[-2000:]}"

    run = subprocess.run(
        [node, str(TOOL / "run_engine_tests.mjs")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    output = run.stdout + run.stderr
    sys.stdout.write(output[-3000:])  # shown with -s or on failure
    assert run.returncode == 0, output[-6000:]
    assert "Python 3.12." in output and "on emscripten" in output
    for path in engine_tests:
        assert path in output, f"{path} was not run"
    assert re.search(r"\b\d+ passed\b", output)
    assert not re.search(r"\b\d+ (failed|error)", output)
