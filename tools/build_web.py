"""Build the browser game: build/web/ and build/web.zip, the one folder and the
one archive a static host or itch.io takes.

    python3 tools/build_web.py [--out DIR] [--public-url URL]

pygbag 0.9.3 (pinned in requirements-web.txt) makes the page and the game's
archive, but on its own it packs whatever lies in the project folder except
what pygbag.ini lists (a virtual environment under another name, a
screenshot, a *.orig file all go in), and its web.zip holds three fixed
names: index.html, favicon.png and the .apk (pygbag/pack.py, web_archive),
never the service worker, the web manifests or the icons. So this script:

1. copies only what the game needs (``GAME``: main.py, game/**/*.py, the
   winnable lists, the daily deals' tables and the fonts and sounds the game loads) into a clean
   folder, build/stage/easy-harp-eight-off/, with static/ (pygbag copies it
   next to the page) and pygbag.ini;
2. runs pygbag there with our template and icon: ``--build --archive
   --no_opt --template page.tmpl --icon favicon.png`` (``--no_opt``: no
   pngquant or ffmpeg re-encoding), in a Python where ``black`` cannot be
   imported (pygbag reformats every source it packs when it can) and a socket
   cannot connect (pygbag goes to its CDN for a missing template or icon
   and retries forever without a network: here that fails at once);
3. writes build/web/ with the page, the icon, the .apk and static/'s files
   (no .tar.gz: the page never loads it), stamps one build name into the
   page and the service worker (``BUILD``: the SHA-256 of those files), so
   the page, the .apk and the worker of one build go together, and the
   worker's list of this build's files with their SHA-256 (``FILES``: the
   worker checks what the network gives against them);
4. zips exactly build/web/ into build/web.zip.

``--public-url URL`` names the address players open the game at when it is
not the page's own: the game's itch.io page (https://someone.itch.io/game),
which shows the page in a frame from its file host. It is stamped into the
page (``PUBLIC_URL``; so it is part of the build), and a copied link to a
deal is then that address with ``?deal=CODE`` (game/host.py, deal_link).
Without it, links are the page's own address with ``#CODE``.

Nothing here touches the project folder outside ``build/``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
NAME = "easy-harp-eight-off"  # the .apk's name (the stage folder's: pygbag names the archive after it)
TEMPLATE = "page.tmpl"
ICON = "favicon.png"
STAMP_TIME = 946684800  # 2000-01-01: the staged files' time, so the same sources give the same .apk and build

# What the game needs, as glob patterns from the project root; nothing else goes into the .apk.
# The fonts and sounds are the ones game/textfile.py checks (FONTS, SOUNDS), with the fonts'
# licence; the winnable lists are game/solver/winnable.py's.
GAME = (
    "main.py",
    "game/**/*.py",
    "game/solver/winnable/*.txt",
    "game/play/daily_deals/*.txt",
    "assets/fonts/*.ttf",
    "assets/fonts/LICENSE-*.txt",
    "assets/sounds/*.ogg",
)

# pygbag run with black hidden (it would reformat the staged sources) and no network at all.
PYGBAG = """
import os, runpy, socket, sys
sys.modules["black"] = None
def refuse(*args, **kwargs):
    sys.stderr.write(f"build_web: pygbag tried the network ({args!r}): is the template or icon missing?\\n")
    sys.stderr.flush()
    os._exit(97)
socket.socket.connect = socket.socket.connect_ex = refuse
socket.create_connection = socket.getaddrinfo = refuse
runpy.run_module("pygbag", run_name="__main__", alter_sys=True)
"""

STAMP_PAGE = re.compile(r'var BUILD = "[0-9a-f]*";')
STAMP_WORKER = re.compile(r'const BUILD = "[0-9a-f]*";')
STAMP_FILES = re.compile(r"const FILES = \{[^}]*\};")
STAMP_PUBLIC = re.compile(r'var PUBLIC_URL = "(?:[^"\\\n]|\\.)*";')


def game_files(root: Path = ROOT) -> list[str]:
    """The files of ``GAME`` under ``root``, as sorted POSIX paths: regular files only, none in a
    dot-folder or __pycache__."""
    found: set[str] = set()
    for pattern in GAME:
        for path in root.glob(pattern):
            relative = path.relative_to(root)
            if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
                continue
            if path.is_file() and not path.is_symlink():
                found.add(relative.as_posix())
    return sorted(found)


def stage(root: Path, folder: Path) -> list[str]:
    """A clean ``folder`` holding only the game's files, static/ and pygbag.ini; the game's files."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    files = game_files(root)
    for name in files:
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / name, target)
        os.utime(target, (STAMP_TIME, STAMP_TIME))  # pygbag's zip keeps each file's time
    shutil.copytree(root / "static", folder / "static")
    shutil.copyfile(root / "pygbag.ini", folder / "pygbag.ini")
    return files


def run_pygbag(root: Path, folder: Path) -> None:
    command = [sys.executable, "-P", "-c", PYGBAG, "--build", "--archive", "--no_opt",
               "--template", str(root / TEMPLATE), "--icon", str(root / ICON), str(folder)]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        sys.stderr.write((run.stdout + run.stderr)[-6000:])
        raise SystemExit(f"build_web: pygbag failed (exit {run.returncode})")


def build_name(web: Path) -> str:
    """The build's name: the SHA-256 (first 16 hex digits) of every file of ``web``, with the stamps
    themselves left blank, so the same files always give the same name."""
    digest = hashlib.sha256()
    for path in sorted(web.iterdir()):
        data = path.read_bytes()
        if path.name in ("index.html", "sw.js"):
            text = data.decode("utf-8")
            text = STAMP_PAGE.sub('var BUILD = "";', text)
            text = STAMP_WORKER.sub('const BUILD = "";', text)
            data = STAMP_FILES.sub("const FILES = {};", text).encode("utf-8")
        digest.update(path.name.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:16]


URL_SAFE = "/%:@!$&'()*+,;=-._~"  # what stays as it is in a path or query; the rest is %-escaped


def public_address(text: str) -> str:
    """``text`` as a public address for the page (``--public-url``): an absolute http(s) address,
    written in ASCII (a host name in IDNA, anything else %-escaped), with no #fragment (a deal
    goes into its query); ValueError saying what is wrong with it otherwise."""
    text = text.strip()
    if not text:
        raise ValueError("an empty address")
    if any(char.isspace() or ord(char) < 32 or ord(char) == 127 for char in text):
        raise ValueError(f"{text!r} is not an address (no spaces or control characters)")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise ValueError(f"{text!r} is not an address ({error})") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{text!r} is not a web address: give it whole, from https://")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"{text!r} holds a user name or password: give the page's public address")
    if "#" in text:
        raise ValueError(f"{text!r} has a #part: a deal goes into the address's query (?deal=CODE)")
    try:
        host = parts.hostname.encode("idna").decode("ascii")
    except UnicodeError:
        raise ValueError(f"{text!r}: {parts.hostname!r} is not a host name") from None
    host = f"[{host}]" if ":" in host else host
    netloc = host if port is None else f"{host}:{port}"
    path = quote(parts.path or "/", safe=URL_SAFE)
    query = quote(parts.query, safe=URL_SAFE + "?")
    return urlunsplit((parts.scheme.lower(), netloc, path, query, ""))


def stamp(web: Path, public_url: str | None = None) -> str:
    """Write the build's name into the page and the worker, and the worker's list of this build's
    own files (the page, the .apk as the page asks for it, the icons, the manifests) with the
    SHA-256 of each; the name. The folder's address itself is not listed: the worker answers it
    with index.html. ``public_url`` (``public_address``; "": none) is written into the page
    first, so it is part of the build; None leaves the page's as it is."""
    page = web / "index.html"
    worker = web / "sw.js"
    text = page.read_text(encoding="utf-8")
    if not STAMP_PAGE.search(text):
        raise SystemExit("build_web: the page has no 'var BUILD = \"\";' to stamp (is page.tmpl ours?)")
    if public_url is not None:
        if not STAMP_PUBLIC.search(text):
            raise SystemExit("build_web: the page has no 'var PUBLIC_URL = \"\";' to stamp (is page.tmpl ours?)")
        address = public_address(public_url) if public_url else ""
        text = STAMP_PUBLIC.sub(lambda _: f"var PUBLIC_URL = {json.dumps(address)};", text)
        page.write_text(text, encoding="utf-8")
    build = build_name(web)
    page.write_text(STAMP_PAGE.sub(f'var BUILD = "{build}";', text), encoding="utf-8")
    files = {}
    for path in sorted(web.iterdir()):
        if path.name == "sw.js":
            continue
        name = f"{path.name}?build={build}" if path.suffix == ".apk" else path.name
        files[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    text = worker.read_text(encoding="utf-8")
    if not (STAMP_WORKER.search(text) and STAMP_FILES.search(text)):
        raise SystemExit("build_web: static/sw.js has no BUILD or FILES to stamp")
    text = STAMP_WORKER.sub(f'const BUILD = "{build}";', text)
    text = STAMP_FILES.sub(lambda _: "const FILES = " + json.dumps(files, sort_keys=True) + ";", text)
    worker.write_text(text, encoding="utf-8")
    return build


def write_zip(web: Path, archive: Path) -> list[str]:
    """``archive``: exactly the files of ``web``, at its root; their names."""
    names = sorted(path.name for path in web.iterdir() if path.is_file())
    if archive.exists():
        archive.unlink()
    with zipfile.ZipFile(archive, "x", compression=zipfile.ZIP_DEFLATED) as zf:
        for name in names:
            zf.write(web / name, name)
    return names


def assemble(pygbag_web: Path, web: Path, public_url: str = "") -> str:
    """build/web/ from pygbag's output folder: every file but the .tar.gz copy, stamped; the build."""
    if web.exists():
        shutil.rmtree(web)
    web.mkdir(parents=True)
    for path in sorted(pygbag_web.iterdir()):
        if path.is_file() and not path.name.endswith(".tar.gz"):
            shutil.copyfile(path, web / path.name)
    return stamp(web, public_url)


def build(root: Path = ROOT, out: Path | None = None, public_url: str = "") -> tuple[Path, str]:
    """Build ``root``'s game into ``out`` (``root/build``): (web.zip, the build's name).
    ``public_url``: where players open the game, when not at the page's own address."""
    out = out or root / "build"
    folder = out / "stage" / NAME
    stage(root, folder)
    run_pygbag(root, folder)
    name = assemble(folder / "build" / "web", out / "web", public_url)
    write_zip(out / "web", out / "web.zip")
    return out / "web.zip", name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="where build/web and web.zip go (default: build/)")
    parser.add_argument("--public-url", metavar="URL", default=None,
                        help="the address players open the game at, when not the page's own (the game's itch.io "
                             "page, e.g. https://someone.itch.io/easy-harp): copied deal links open it with ?deal=CODE")
    args = parser.parse_args(argv)
    public = ""
    if args.public_url is not None:
        try:
            public = public_address(args.public_url)
        except ValueError as error:
            parser.error(f"--public-url: {error}")
    archive, name = build(ROOT, args.out.resolve() if args.out else None, public)
    with zipfile.ZipFile(archive) as zf:
        entries = zf.infolist()
    print(f"build {name}: {archive} ({archive.stat().st_size} bytes):")
    for entry in entries:
        print(f"  {entry.filename:32} {entry.file_size:>9} bytes")
    where = public or "the page's own address"
    print(f"a copied link to a deal opens {where} with {'?deal=CODE' if public else '#CODE'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
