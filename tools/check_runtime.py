"""Has pygbag's CDN changed the runtime files our page was checked against?

    python3 tools/check_runtime.py                       # the CDN, over the network
    python3 tools/check_runtime.py --git /path/to/cdn.git  # a clone of pygame-web/cdn (its HEAD, or --rev)

The CDN's 0.9.3 path is fixed, but what it serves is not (pythons.js changed on
2026-02-14, the package index on 2026-03-01). tests/page/runtime-0.9.3.sha256 holds
the SHA-256 of each file as it was when page.tmpl and the stand-ins of tests/page/
were last read against it. This prints, for each file, "same" or "CHANGED" (then
read the file again against the stand-ins' line notes, and record it anew with
--write), and exits with status 1 when any changed or could not be read.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "page" / "runtime-0.9.3.sha256"
CDN = "https://pygame-web.github.io/cdn/"


def recorded() -> list[tuple[str, str, str]]:
    rows = []
    for line in RECORD.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            digest, path, *note = line.split(None, 2)
            rows.append((digest, path, note[0] if note else ""))
    return rows


def fetch(path: str, git: Path | None, rev: str = "HEAD") -> bytes:
    if git is not None:
        return subprocess.run(["git", f"--git-dir={git}", "show", f"{rev}:{path}"], check=True,
                              capture_output=True, timeout=60).stdout
    with urllib.request.urlopen(CDN + path, timeout=30) as answer:
        return answer.read()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--git", type=Path, help="read a git clone of pygame-web/cdn instead of the network")
    parser.add_argument("--rev", default="HEAD", help="with --git: the commit to read (default HEAD)")
    parser.add_argument("--write", action="store_true", help="record the files as they are now")
    args = parser.parse_args(argv)
    status, lines = 0, []
    for digest, path, note in recorded():
        try:
            now = hashlib.sha256(fetch(path, args.git, args.rev)).hexdigest()
        except Exception as error:
            print(f"{'UNREAD':8} {path}: {error}")
            status = 1
            continue
        same = now == digest
        status |= 0 if same else 1
        print(f"{'same' if same else 'CHANGED':8} {path}  {now[:16]}")
        lines.append(f"{now}  {path}  {note if same else '(recorded anew)'}")
    if args.write and lines:
        header = [line for line in RECORD.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
        RECORD.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())
