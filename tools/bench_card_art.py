"""Card art benchmark: milliseconds to draw the cards for one card size (what
a new window size, Large cards or a new language costs), and the bytes the
set keeps, per card width.

    python tools/bench_card_art.py [--widths 36,41,57,77,96,150,217] [--repeat 5]

For each width: a whole set (the art, 52 faces with their shadows, the
back), then the 12 court faces, the 40 number cards and the back alone
(each the least of ``--repeat`` runs), and the surfaces a set keeps (w x h
x 4 bytes each: faces, sprite images, shadows). Runs without a window
(SDL's dummy video driver).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.engine.cards import rank_of  # noqa: E402
from game.ui.drawing import cardart  # noqa: E402
from game.ui.drawing.layout import CARD_RATIO, index_for  # noqa: E402


def least_ms(work, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def kept_bytes(art: cardart.CardArt) -> int:
    surfaces = [*art._faces.values(), *art._plain.values(), art._base, art._shadow, art._lift_shadow]
    if art._back_plain is not None:
        surfaces.append(art._back_plain)
    return sum(s.get_width() * s.get_height() * 4 for s in surfaces)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--widths", default="36,41,57,77,96,150,217", help="card widths in px, comma-separated")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    print(f"{'width':>5}  {'a set':>8}  {'12 courts':>9}  {'40 numbers':>10}  {'back':>6}  {'kept':>8}")
    for w in (int(x) for x in args.widths.split(",")):
        h = round(w * CARD_RATIO)

        def make_set() -> cardart.CardArt:
            art = cardart.CardArt(w, h, "en", index=index_for(w), fan=round(h * 0.27))
            for card in range(52):
                art.image(card)
            art.image(None, False)
            return art

        whole = least_ms(make_set, args.repeat)
        art = make_set()
        courts = [c for c in range(52) if rank_of(c) > 10]
        numbers = [c for c in range(52) if rank_of(c) <= 10]
        court_ms = least_ms(lambda: [art._draw_face(c) for c in courts], args.repeat)
        number_ms = least_ms(lambda: [art._draw_face(c) for c in numbers], args.repeat)
        back_ms = least_ms(art._draw_back, args.repeat)
        print(f"{w:5d}  {whole:6.1f}ms  {court_ms:7.1f}ms  {number_ms:8.1f}ms  {back_ms:4.1f}ms  "
              f"{kept_bytes(art) / 2**20:6.1f}MB")


if __name__ == "__main__":
    main()
