"""The built page against pygbag's real runtime files, when the interpreter's own files fail.

    python3 tools/check_page_runtime.py --git /path/to/cdn.git      # a clone of pygame-web/cdn
    python3 tools/check_page_runtime.py --git ... --web build/web   # an existing build instead

The page tests answer the runtime with stand-ins (tests/page/); this serves the real 0.9.3
pythons.js, cpython312/main.js and cpythonrc.py from a clone of pygame-web/cdn (``git show``,
no network) to the built page in headless Chromium, on the test servers of tests/page/servers.py.
The interpreter's main.wasm and main.data are too large for such a clone (and not on this
machine), so each run makes them fail one way: missing (404 without a CORS header, as GitHub
Pages answers), cut off (alone: main.js's own fetch of main.wasm rejects), cut short, hanging,
or not wasm at all. For each it prints how the page ended
("failed" with our message, or nothing), after how many seconds by the page's own clock, why
(the page's gameLoadError), and how many native dialogs (alert, confirm) reached the player.

Prints numbers and asserts nothing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.page.servers import HOSTS, Site  # noqa: E402

REAL = ("pythons.js", "cpython312/main.js", "cpythonrc.py")
KINDS = {
    "main.wasm and main.data missing": {"cpython312/main.wasm": "missing", "cpython312/main.data": "missing"},
    "main.wasm missing": {"cpython312/main.wasm": "missing"},
    "main.data missing": {"cpython312/main.data": "missing"},
    "main.wasm and main.data cut": {"cpython312/main.wasm": "cut", "cpython312/main.data": "cut"},
    "main.wasm cut": {"cpython312/main.wasm": "cut"},  # main.js's fetch(main.wasm) rejects, unhandled
    "main.data cut short": {"cpython312/main.data": "truncated"},
    "main.wasm hangs": {"cpython312/main.wasm": "hang"},
    "main.data hangs": {"cpython312/main.data": "hang"},
    "main.wasm is not wasm": {},  # the stand-ins' bytes: main.data zeros, main.wasm a bare header
}


def real_files(git: Path, rev: str) -> dict[str, bytes]:
    return {name: subprocess.run(["git", f"--git-dir={git}", "show", f"{rev}:0.9.3/{name}"], check=True,
                                 capture_output=True, timeout=60).stdout for name in REAL}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--git", type=Path, required=True, help="a clone (bare or not) of pygame-web/cdn")
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--web", type=Path, help="a build folder (default: build one with tools/build_web.py)")
    parser.add_argument("--wait", type=float, default=60, help="seconds to wait for the page to end")
    args = parser.parse_args(argv)
    git = args.git / ".git" if (args.git / ".git").exists() else args.git
    real = real_files(git, args.rev)
    with tempfile.TemporaryDirectory() as temp:
        tmp = Path(temp)
        web = args.web
        if web is None:
            from tools import build_web

            build_web.build(ROOT, tmp / "build")
            web = tmp / "build" / "web"
        site = Site(tmp, web.resolve(), real=real)
        try:
            browser = site.browser()
            print(f"pygame-web/cdn {args.rev}: the real {', '.join(REAL)}; the page from {web}")
            for kind, files in KINDS.items():
                site.state.reset()
                site.state.files = dict(files)
                tab = browser.tab()
                dialogs = len(browser.dialogs)
                started = time.monotonic()
                tab.go(site.url(HOSTS["a static host"]))
                end = ""
                while time.monotonic() - started < args.wait and end not in ("failed", "ready"):
                    browser.pump(0.2)
                    try:
                        end = tab.js("document.documentElement.getAttribute('data-load') || ''") or ""
                    except Exception:
                        end = ""
                at = tab.js("window.gameFailedAt || 0") or 0
                why = tab.js("String(window.gameLoadError || '')") or ""
                shown = [d.get("message", "")[:60] for d in browser.dialogs[dialogs:]]
                took = f"{at / 1000:5.1f} s" if end == "failed" else f"none within {args.wait:.0f} s"
                print(f"  {kind:34} {end or 'nothing':7} {took:>12}  dialogs {len(shown)} {shown}  ({why[:70]})")
                browser.send("Target.closeTarget", {"targetId": tab.target}, timeout=10)
        finally:
            site.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
