"""The browser bundle, built offline: what pygbag packs and what goes to itch.io.

The build runs the README's command (python -m pygbag --build --archive
--template page.tmpl .) on a copy of this working tree, with the real page
template (page.tmpl) and the shipped icon, and two changes that keep it
offline and side-effect free:
- --no_opt and an empty PATH, so pngquant, ffmpeg or black cannot rewrite
  images, sounds or sources;
- any socket use ends the build at once (exit 97), and a timeout bounds it.
Caches, a virtual environment, node_modules and an old build/ are planted in
the copy, so the exclusions are proven even on a clean clone.
"""

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = "page.tmpl"  # our page template, at the project root as in the README's command
RUNTIME = "https://pygame-web.github.io/cdn/0.9.3/"
APK_BUDGET = 1_500_000  # bytes: what a player downloads before the game starts (fonts are most of it)

# Runs pygbag in a Python whose sockets refuse to connect: any network use
# (a missing template or icon, a CDN lookup) fails fast instead of retrying.
OFFLINE_PYGBAG = """
import os, runpy, socket, sys
def refuse(*args, **kwargs):
    sys.stderr.write(f"NETWORK USE during the offline build: {args!r}\\n")
    sys.stderr.flush()
    os._exit(97)
socket.socket.connect = socket.socket.connect_ex = refuse
socket.create_connection = socket.getaddrinfo = refuse
runpy.run_module("pygbag", run_name="__main__", alter_sys=True)
"""

# Stand-ins for what a developer's tree holds and the bundle must not.
PLANTED = [
    "build/old/main.py",
    "__pycache__/main.cpython-312.pyc",
    "game/__pycache__/leftover.py",
    ".pytest_cache/v/cache/nodeids",
    ".hypothesis/examples/leftover",
    ".venv/lib/site.py",
    "venv/lib/site.py",
    "node_modules/pkg/index.js",
    "tests/__pycache__/leftover.py",
    "docs/leftover.md",
]

EXCLUDED_TOP = {"tests", "build", "tools", "docs", "node_modules", "venv", ".venv", ".git", ".ci"}
CACHE_PARTS = {"__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache"}
AUDIO_NOT_FOR_THE_WEB = {".wav", ".mp3", ".aiff", ".xm", ".flac"}


def copy_tree(destination: Path) -> None:
    skip = shutil.ignore_patterns(".git", "build", "node_modules", "wheels")
    shutil.copytree(ROOT, destination, symlinks=True, ignore=skip)
    for planted in PLANTED:
        path = destination / planted
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("must not be bundled\n")


def build(app: Path, tmp: Path) -> subprocess.CompletedProcess:
    empty_bin = tmp / "empty-bin"
    empty_bin.mkdir()
    env = dict(os.environ, PATH=str(empty_bin), PYTHONDONTWRITEBYTECODE="1")
    command = [sys.executable, "-P", "-c", OFFLINE_PYGBAG,
               "--build", "--archive", "--no_opt",
               "--template", TEMPLATE, "--icon", "favicon.png", "."]
    return subprocess.run(command, cwd=app, env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    """Build once; give (app copy, build/web, the .apk path)."""
    assert (ROOT / "main.py").is_file(), "no main.py to package"
    tmp = tmp_path_factory.mktemp("web")
    app = tmp / "solitaire"
    copy_tree(app)
    run = build(app, tmp)
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-6000:]
    web = app / "build" / "web"
    apks = sorted(web.glob("*.apk"))
    assert len(apks) == 1, f"expected one .apk in {web}: {apks}\n{log[-3000:]}"
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


def test_the_apk_holds_the_game(bundle):
    app, _web, apk = bundle
    names = set(apk_names(apk))
    assert "main.py" in names
    shipped_sources = {p.relative_to(app).as_posix() for p in (app / "game").rglob("*.py")
                       if "__pycache__" not in p.parts}
    assert shipped_sources and shipped_sources <= names, sorted(shipped_sources - names)
    shipped_assets = {p.relative_to(app).as_posix() for p in (app / "assets").rglob("*") if p.is_file()}
    assert shipped_assets and shipped_assets <= names, sorted(shipped_assets - names)


def test_the_apk_keeps_tests_caches_and_builds_out(bundle):
    _app, _web, apk = bundle
    for name in apk_names(apk):
        parts = name.split("/")
        assert parts[0] not in EXCLUDED_TOP, name
        assert not CACHE_PARTS & set(parts), name
        assert not name.endswith((".pyc", ".ini")), name
        assert not parts[-1].startswith("requirements"), name


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


def test_web_zip_holds_exactly_the_page_the_icon_and_the_apk(bundle):
    _app, web, apk = bundle
    web_zip = web.parent / "web.zip"
    with zipfile.ZipFile(web_zip) as archive:
        assert sorted(archive.namelist()) == sorted(["index.html", "favicon.png", apk.name])
        assert archive.read("favicon.png") == (ROOT / "favicon.png").read_bytes()
        page = archive.read("index.html").decode("utf-8")
    assert "{{cookiecutter." not in page
    assert f'"{apk.stem}"' in page and 'href="favicon.png"' in page


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
    assert "python3 -m pygbag --build --archive --template page.tmpl ." in readme
    # pygbag's runtime sends package downloads of any http://localhost:<port> page to
    # that server's /cdn/ (cpythonrc.py): the advice to serve a build must avoid it
    for line in readme.splitlines():
        if "http.server" in line:
            assert "localhost" not in line and "--bind 127.0.0.1" in line, line
            assert not re.search(r"http\.server\s+8\d*", line), line
    assert "localhost:8" not in readme.replace("<http://localhost:8000>", "")
