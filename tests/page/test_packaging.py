"""The browser bundle, built offline: what pygbag packs and what goes to itch.io.

The build runs the README's command (python3 tools/build_web.py) once per
test run on a copy of this working tree (tests/page/servers.py, build_once),
with the real page template (page.tmpl) and the shipped icons, an empty
PATH (no pngquant, ffmpeg or black can rewrite images, sounds or sources),
and the build itself refuses the network (a missing template or icon
fails at once). The copy also holds what a developer's folder collects
(tests/page/servers.py, JUNK: virtual environments under any name, screenshots,
*.orig files, caches, an old build/), so the allow-list is proven on a clean
clone too.
"""

import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.page.servers import JUNK, build_once
from tools import build_web

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = "https://pygame-web.github.io/cdn/0.9.3/"
APK_BUDGET = 1_500_000  # bytes: what a player downloads before the game starts (fonts are most of it)
AUDIO_NOT_FOR_THE_WEB = {".wav", ".mp3", ".aiff", ".xm", ".flac"}
# What build/web and web.zip hold besides the .apk: the page, the service worker, the manifests, the icons.
PAGE_FILES = {"index.html", "favicon.png", "sw.js", "manifest-en.webmanifest", "manifest-vi.webmanifest",
              "manifest-hu.webmanifest", "icon-192.png", "icon-512.png", "icon-maskable-512.png",
              "apple-touch-icon.png"}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    """The build (once per run); give (app copy, build/web, the .apk path)."""
    app = build_once(tmp_path_factory)
    web = app / "build" / "web"
    apks = sorted(web.glob("*.apk"))
    assert len(apks) == 1, f"expected one .apk in {web}: {apks}"
    print(f"\n.apk size: {apks[0].stat().st_size} bytes ({apks[0].name})")
    return app, web, apks[0]


def apk_names(apk: Path) -> list[str]:
    # pygbag stores the app under assets/ inside the .apk (mounted as the game's folder)
    with zipfile.ZipFile(apk) as archive:
        names = archive.namelist()
    assert all(name.startswith("assets/") for name in names), names
    return [name.removeprefix("assets/") for name in names]


def test_pygbag_is_pinned_for_the_browser_build():
    import pygbag

    assert pygbag.VERSION == "0.9.3"
    assert "pygbag==0.9.3" in (ROOT / "requirements-web.txt").read_text().split()


def test_the_apk_holds_exactly_what_the_game_needs(bundle):
    """The allow-list: main.py, every module of game/, the winnable lists, the daily tables, the fonts (with their
    licence) and the sounds the game loads; nothing else, whatever else the folder holds."""
    from game import textfile
    from game.engine import registry
    from game.play import daily
    from game.solver import winnable

    app, _web, apk = bundle
    names = set(apk_names(apk))
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts}
    lists = {Path(winnable.list_path(game, variant)).relative_to(ROOT).as_posix() for game, variant in registry.choices()}
    lists |= {Path(daily.table_path(game, variant)).relative_to(ROOT).as_posix()
              for game, variant in daily.variants_with_daily()}
    loaded = {f"assets/{name}" for name in textfile.FONTS + textfile.SOUNDS}
    assert lists and loaded and sources
    wanted = {"main.py", "assets/fonts/LICENSE-DejaVu.txt"} | sources | lists | loaded
    assert names == wanted, sorted(names ^ wanted)
    # the copy held the junk, and none of it went in
    assert all((app / name).is_file() for name in JUNK)
    assert not names & set(JUNK), sorted(names & set(JUNK))


def test_the_allow_list_keeps_junk_out_of_a_folder_full_of_it(tmp_path):
    """game_files on a folder with the project's layout and a developer's leftovers everywhere."""
    keep = ["main.py", "game/__init__.py", "game/ui/table.py", "game/solver/winnable/EO1-C8.txt",
            "assets/fonts/DejaVuSans.ttf", "assets/fonts/LICENSE-DejaVu.txt", "assets/sounds/win.ogg"]
    junk = JUNK + ["game/ui/.table.py.swp", "game/.hidden/mod.py", "assets/sounds/win.wav", "assets/fonts/x.otf",
                   "game/ui/notes.txt", "game/solver/winnable/old/EO1-C8.txt", "venv312/game/x.py",
                   ".venv-web/main.py", "tools/build_web.py", "tests/test_x.py"]
    for name in keep + junk:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x\n")
    (tmp_path / "game" / "link.py").symlink_to(tmp_path / "main.py")  # a link may lead anywhere: left out
    assert build_web.game_files(tmp_path) == sorted(keep)


def test_sources_are_bundled_unchanged(bundle):
    """No formatter or optimiser touched them: bytes in the .apk equal the tree's."""
    _app, _web, apk = bundle
    with zipfile.ZipFile(apk) as archive:
        for name in archive.namelist():
            assert archive.read(name) == (ROOT / name.removeprefix("assets/")).read_bytes(), name


def test_sounds_are_ogg(bundle):
    _app, _web, apk = bundle
    for name in apk_names(apk):
        assert Path(name).suffix.lower() not in AUDIO_NOT_FOR_THE_WEB, f"{name}: browsers get OGG"


def test_the_apk_fits_the_download_budget(bundle):
    _app, _web, apk = bundle
    assert apk.stat().st_size <= APK_BUDGET


def test_web_zip_holds_exactly_build_web_with_the_worker_manifests_and_icons(bundle):
    _app, web, apk = bundle
    web_zip = web.parent / "web.zip"
    assert apk.name == "easy-harp-eight-off.apk"
    assert {path.name for path in web.iterdir()} == PAGE_FILES | {apk.name}  # no .tar.gz
    with zipfile.ZipFile(web_zip) as archive:
        assert sorted(archive.namelist()) == sorted(PAGE_FILES | {apk.name})
        for name in archive.namelist():
            assert archive.read(name) == (web / name).read_bytes(), name
        assert archive.read("favicon.png") == (ROOT / "favicon.png").read_bytes()
        for name in PAGE_FILES - {"index.html", "sw.js", "favicon.png"}:
            assert archive.read(name) == (ROOT / "static" / name).read_bytes(), name
        page = archive.read("index.html").decode("utf-8")
        worker = archive.read("sw.js").decode("utf-8")
    assert "{{cookiecutter." not in page
    assert f'"{apk.stem}"' in page and 'href="favicon.png"' in page and 'href="apple-touch-icon.png"' in page
    # one build: its name in the page and the worker, and the worker's list of the build's own files
    build = re.search(r'var BUILD = "([0-9a-f]{16})";', page).group(1)
    assert f'const BUILD = "{build}";' in worker
    files = json.loads(re.search(r"const FILES = (\{[^}]*\});", worker).group(1))
    assert sorted(files) == sorted(PAGE_FILES - {"sw.js"} | {f"{apk.name}?build={build}"})
    # each with the SHA-256 of its bytes as built, against which the worker checks what the network gives
    for name, digest in files.items():
        assert digest == hashlib.sha256((web / name.split("?")[0]).read_bytes()).hexdigest(), name
    assert build == build_web.build_name(web)


def test_the_same_sources_give_the_same_build(bundle, tmp_path):
    """Built again from the same files, the build has the same name (players' caches stay); another
    file gives another name."""
    _app, web, _apk = bundle
    page = (web / "index.html").read_text(encoding="utf-8")
    build = re.search(r'var BUILD = "([0-9a-f]{16})";', page).group(1)
    again = tmp_path / "web"
    again.mkdir()
    for path in web.iterdir():
        (again / path.name).write_bytes(path.read_bytes())
    assert build_web.stamp(again) == build
    (again / "favicon.png").write_bytes(b"\x89PNG another icon")
    assert build_web.stamp(again) != build


def build_command(app: Path, *args: str) -> subprocess.CompletedProcess:
    """The README's build command in the app's copy, with more arguments, nothing on PATH."""
    empty = app.parent / "empty-bin"
    empty.mkdir(exist_ok=True)
    env = dict(os.environ, PATH=str(empty), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "tools/build_web.py", *args], cwd=app, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_public_url_is_written_into_the_page_and_is_part_of_the_build(bundle, tmp_path):
    """--public-url: the address players open the game at (the game's itch.io page) goes into the page,
    which game/host.py reads as gamePublicUrl; it is part of the build (another page, another name)
    and the game's .apk is the same. Without it the page names none: links stay the page's own."""
    app, web, apk = bundle
    page = (web / "index.html").read_text(encoding="utf-8")
    assert 'var PUBLIC_URL = "";' in page and "window.gamePublicUrl = PUBLIC_URL;" in page
    run = build_command(app, "--out", str(tmp_path / "out"), "--public-url", " HTTPS://Someone.itch.io/easy-harp ")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "a copied link to a deal opens https://someone.itch.io/easy-harp with ?deal=CODE" in run.stdout
    public = tmp_path / "out" / "web"
    stamped = (public / "index.html").read_text(encoding="utf-8")
    assert 'var PUBLIC_URL = "https://someone.itch.io/easy-harp";' in stamped
    assert stamped.replace('"https://someone.itch.io/easy-harp"', '""').replace(
        build_web.build_name(public), build_web.build_name(web)) == page
    assert build_web.build_name(public) != build_web.build_name(web)
    assert (public / apk.name).read_bytes() == apk.read_bytes()
    with zipfile.ZipFile(tmp_path / "out" / "web.zip") as archive:
        assert archive.read("index.html").decode("utf-8") == stamped
    # stamped again as it is (a copy re-stamped, as tests/page/test_offline.py does): the address stays
    assert build_web.stamp(public) == build_web.build_name(public)
    assert 'var PUBLIC_URL = "https://someone.itch.io/easy-harp";' in (public / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("address", ["", "someone.itch.io/easy-harp", "ftp://someone.itch.io/easy-harp",
                                     "https://someone.itch.io/easy harp", "https://someone.itch.io/easy-harp#deal",
                                     "https://me:secret@someone.itch.io/x", "https://someone.itch.io:99999/x"])
def test_a_public_url_that_is_no_web_address_is_refused_in_one_line(bundle, tmp_path, address):
    app, _web, _apk = bundle
    run = build_command(app, "--out", str(tmp_path / "out"), "--public-url", address)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1].startswith("build_web.py: error: --public-url: "), run.stderr
    assert len(run.stderr.splitlines()) == 2  # argparse's usage line, then the error
    assert not (tmp_path / "out").exists()


def test_the_page_is_ours_and_pinned_to_the_093_runtime(bundle):
    _app, web, apk = bundle
    page = (web / "index.html").read_text(encoding="utf-8")
    assert "<title>Easy Harp &amp; Eight Off</title>" in page
    # every runtime address is the pinned 0.9.3 one, whatever --cdn pygbag was given
    runtime_urls = set(re.findall(r"https://pygame-web\.github\.io/[^\s\"'<>]*", page))
    assert runtime_urls and all(url.startswith(RUNTIME) for url in runtime_urls), runtime_urls
    assert f'src="{RUNTIME}pythons.js"' in page
    # the archive it loads is the .apk web.zip holds, on every host: no .tar.gz, no host test
    assert ".tar.gz" not in page and "itch" not in page.split("<body>")[1]
    assert 'BUNDLE + ".apk"' in page and f'var BUNDLE = "{apk.stem}";' in page
    assert "ume_block: 0" in page
    for needed in ('id="game-announcements"', 'aria-live="polite"', 'role="application"', "aria-label=",
                   'name="viewport"', 'id="canvas"', 'id="progress"'):
        assert needed in page, needed


def test_the_template_is_kept_out_of_the_bundle(bundle):
    _app, _web, apk = bundle
    assert "page.tmpl" not in apk_names(apk)


def test_main_declares_pygame_ce_for_pygbag():
    """PEP 723 header: pygbag reads main.py's dependencies from it; nothing newer than 3.12 / 2.5.7."""
    source = (ROOT / "main.py").read_text(encoding="utf-8")
    block = re.search(r"^# /// script\s*$(.*?)^# ///\s*$", source, re.MULTILINE | re.DOTALL)
    assert block, "main.py has no '# /// script' block"
    header = "\n".join(line.removeprefix("#").strip() for line in block.group(1).splitlines())
    assert re.search(r'"pygame-ce(\s*[=<>~!].*?)?"', header), header
    for pin in re.findall(r'"pygame-ce\s*==\s*([\d.]+)"', header):
        assert tuple(map(int, pin.split("."))) <= (2, 5, 7), header
    requires = re.search(r'requires-python\s*=\s*"([^"]*)"', header)
    if requires:
        for low in re.findall(r">=?\s*3\.(\d+)", requires.group(1)):
            assert int(low) <= 12, requires.group(1)


def test_icon_is_a_png_of_at_least_32_pixels():
    data = (ROOT / "favicon.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width == height >= 32


def test_the_readme_builds_and_serves_the_way_this_test_does():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "    python3 tools/build_web.py\n" in readme
    # pygbag's runtime sends package downloads of any http://localhost:<port> page to
    # that server's /cdn/ (cpythonrc.py): the advice to serve a build must avoid it
    for line in readme.splitlines():
        if "http.server" in line:
            assert "localhost" not in line and "--bind 127.0.0.1" in line, line
            assert not re.search(r"http\.server\s+8\d*", line), line
    assert "localhost:8" not in readme.replace("<http://localhost:8000>", "")
