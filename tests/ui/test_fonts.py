"""Every catalogue text of every language can be drawn with the bundled font:
no character falls back to a missing-glyph box ("tofu")."""

from __future__ import annotations

import os
import pathlib

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

pygame = pytest.importorskip("pygame")
import pygame.freetype  # noqa: E402

from game.help import EXAMPLES  # noqa: E402
from game.i18n import CATALOGUES, translate  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
FONT_DIR = ROOT / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONTS = [REGULAR] + [path for path in [FONT_DIR / "DejaVuSans-Bold.ttf"] if path.exists()]


@pytest.fixture(scope="module", params=FONTS, ids=lambda p: p.name)
def font(request):
    pygame.freetype.init()
    yield pygame.freetype.Font(str(request.param), 18)


def missing_glyphs(font, text: str) -> set[str]:
    """Characters of ``text`` the font has no glyph for. (``pygame.font.Font
    .metrics`` is no use here: it reports the .notdef box as a real glyph;
    freetype's ``get_metrics`` gives None for a missing one.)"""
    chars = sorted({c for c in text if not c.isspace()})
    if not chars:
        return set()
    metrics = font.get_metrics("".join(chars))
    return {c for c, m in zip(chars, metrics) if m is None}


def every_text(lang: str) -> dict[str, str]:
    texts = dict(CATALOGUES[lang])
    for example in EXAMPLES:  # captions with their deal codes filled in
        for key in example.caption_keys():
            texts[f"{key} (filled)"] = translate(key, lang, **example.params)
    return texts


def test_the_font_is_bundled():
    assert REGULAR.exists(), f"bundle the font at {REGULAR.relative_to(ROOT)}"


def test_the_check_catches_a_missing_glyph(font):
    # CJK and Ethiopic are not in DejaVu Sans: the check must see that.
    assert missing_glyphs(font, "ván 漢 ሀ") == {"漢", "ሀ"}
    assert missing_glyphs(font, "Ván bài hôm nay ♠♥♦♣ őűŐŰ") == set()


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_text_has_every_glyph(font, lang):
    lacking = {}
    for key, text in every_text(lang).items():
        missing = missing_glyphs(font, text)
        if missing:
            lacking[key] = "".join(sorted(missing))
    assert not lacking, f"{lang}: the font lacks glyphs for {lacking}"


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_text_renders(font, lang):
    for key, text in every_text(lang).items():
        for line in text.splitlines() or [""]:
            if line.strip():
                surface, rect = font.render(line, (0, 0, 0))
                assert rect.width > 0, key
