"""What a full-canvas update costs in the browser, at each canvas size the page can ask for.

    python3 tools/bench_page_frames.py              # the table: the page's cap against no cap
    python3 tools/bench_page_frames.py --updates 100 --max-pixels 3686400   # another cap (2560x1440)

SDL's Emscripten framebuffer (SDL2's src/video/emscripten/SDL_emscriptenframebuffer.c,
Emscripten_UpdateWindowFramebuffer) copies the whole window surface to the canvas on
every display update, whatever rectangles pygame hands it: the surface's 32-bit pixels
into an ImageData (``data32.set(HEAP32.subarray(...))``), every alpha byte set to 255,
then ``putImageData``. This does exactly that, in headless Chromium, on a canvas of the
size our page asks for (``gameViewport()`` of page.tmpl, run as the page runs it, at each
window size and pixel ratio), and for comparison at the size with no cap (CSS pixels times
the full pixel ratio). Each size is updated ``--updates`` times with a frame in between;
it prints the median and 95th percentile of the update's own time, and what the cap costs
in sharpness: canvas pixels per device pixel along each side (1.00 is every device pixel
drawn; 0.67 means the browser scales the picture up by 1.5).

Prints numbers and asserts nothing: compare runs on one machine (it is shared).
Chromium: Debian's ``chromium`` (tools/setup_tests.sh installs it).
"""

from __future__ import annotations

import argparse
import http.server
import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.page.chromium import Browser  # noqa: E402

# window sizes (CSS pixels) and pixel ratios players have: itch.io's default 1280x720 frame,
# desktop monitors, phones upright and on their side, a tablet
WINDOWS = [
    ((1280, 720), 1), ((1280, 720), 2), ((1920, 1080), 1), ((1920, 1080), 2), ((2560, 1440), 1),
    ((1440, 900), 2), ((390, 844), 3), ((844, 390), 3), ((360, 780), 3), ((412, 915), 2.625),
    ((820, 1180), 2),
]

# SDL2's Emscripten_UpdateWindowFramebuffer, as JavaScript does it (see the module's docstring)
UPDATE = r"""
async (w, h, updates) => {
  const canvas = document.createElement("canvas");
  canvas.width = w; canvas.height = h;
  canvas.style.cssText = "position:fixed;left:0;top:0;width:100vw;height:100vh";
  document.body.appendChild(canvas);
  const ctx = canvas.getContext("2d");
  const heap = new ArrayBuffer(w * h * 4 + 4096);
  const HEAP32 = new Int32Array(heap);
  for (let i = 0; i < HEAP32.length; i += 97) HEAP32[i] = (i * 2654435761) | 0;  // a surface, not zeros
  const pixels = 4096;  // the surface's address in the heap
  const image = ctx.createImageData(w, h);
  const data32 = new Int32Array(image.data.buffer), data8 = new Uint8Array(image.data.buffer);
  const times = [];
  const frame = () => new Promise((go) => requestAnimationFrame(() => go()));
  for (let n = 0; n < updates + 5; n++) {
    await frame();
    const start = performance.now();
    const src = pixels >> 2, num = data32.length;
    data32.set(HEAP32.subarray(src, src + num));
    for (let i = 3, j = 3 + 4 * num; i < j; i += 4) data8[i] = 0xff;
    ctx.putImageData(image, 0, 0);
    ctx.getImageData(0, 0, 1, 1);  // wait for the canvas to have taken it
    if (n >= 5) times.push(performance.now() - start);
  }
  canvas.remove();
  return times;
}
"""


def serve(folder: Path):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=60, help="full updates per size (default 60)")
    parser.add_argument("--max-ratio", type=float, help="try this pixel-ratio cap instead of the page's")
    parser.add_argument("--max-pixels", type=int, help="try this canvas pixel cap instead of the page's")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        page = (ROOT / "page.tmpl").read_text(encoding="utf-8")
        head = page.split("</head>", 1)[0]  # the page's own script, not the runtime
        if args.max_ratio is not None:
            head = re.sub(r"var MAX_RATIO = [^,]+,", f"var MAX_RATIO = {args.max_ratio},", head)
        if args.max_pixels is not None:
            head = re.sub(r"MAX_PIXELS = [^,]+,", f"MAX_PIXELS = {args.max_pixels},", head)
        (folder / "index.html").write_text(head + "</head><body></body></html>", encoding="utf-8")
        server = serve(folder)
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        rows = []
        with Browser(folder / "profile", extra=("--enable-gpu-rasterization",)) as browser:
            tab = browser.tab()
            for (width, height), ratio in WINDOWS:
                tab.resize((width, height), ratio, mobile=width < 1000)
                tab.go(url)
                asked = tab.wait("window.gameViewport && document.readyState === 'complete' && gameViewport()")
                inner = tab.js("[innerWidth, innerHeight, devicePixelRatio]")
                cw, ch = (int(v) for v in asked.split("x"))
                device = (round(inner[0] * inner[2]), round(inner[1] * inner[2]))
                capped = tab.js(f"({UPDATE})({cw}, {ch}, {args.updates})", timeout=300)
                full = tab.js(f"({UPDATE})({device[0]}, {device[1]}, {args.updates})", timeout=300)
                rows.append(((width, height), ratio, device, full, (cw, ch), capped))
        server.shutdown()
    print(f"full-canvas update (SDL's framebuffer copy + putImageData), {args.updates} updates per size, ms")
    print(f"{'window':>10} {'ratio':>5} | {'no cap':>10} {'median':>7} {'p95':>6} | {'page asks':>10} "
          f"{'median':>7} {'p95':>6} {'px/device px':>12}")
    for window, ratio, device, full, asked, capped in rows:
        def p95(times):
            return sorted(times)[int(len(times) * 0.95) - 1]
        sharp = asked[0] / device[0]
        print(f"{window[0]:>5}x{window[1]:<4} {ratio:>5} | {device[0]:>5}x{device[1]:<4} "
              f"{statistics.median(full):7.2f} {p95(full):6.2f} | {asked[0]:>5}x{asked[1]:<4} "
              f"{statistics.median(capped):7.2f} {p95(capped):6.2f} {sharp:12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
