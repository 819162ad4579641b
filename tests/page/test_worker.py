"""The service worker's checks of a body before the page gets it (static/sw.js), on real files.

The worker reads an answer whole before handing it on when it holds a copy to give instead
(tests/page/test_offline.py plays that in Chromium with every file cut short). Here its pieces run
in Node on real bytes: a real emscripten CPython wasm (Pyodide's pyodide.asm.wasm, 10 MB, the same
kind of file as pygbag's main.wasm), a real zip (Pyodide's python_stdlib.zip), the page's icons,
split into chunks as a network gives them, whole and cut at many places. A body that broke off or
stalled is an error; one cut short but looking whole is not whole by its structure or, for the
build's own files, by its SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "static" / "sw.js"
PYODIDE = ROOT / "tools" / "pyodide" / "node_modules" / "pyodide"
HERE = "https://games.example.test/solitaire/sw.js"

RUNNER = r"""
const fs = require("fs"), vm = require("vm");
const [source, filesJson, jobsJson] = process.argv.slice(2);
const listeners = {};
const context = vm.createContext({
  self: { location: { href: %(here)s }, addEventListener: (name, fn) => { listeners[name] = fn; } },
  caches: {}, crypto: globalThis.crypto, console, URL, TextDecoder, TextEncoder, Headers, Response,
  ReadableStream, setTimeout, clearTimeout, Promise, Uint8Array, Map, Date,
});
const code = fs.readFileSync(source, "utf8")
  .replace("const FILES = {};", "const FILES = " + fs.readFileSync(filesJson, "utf8") + ";")
  .replace("const TIMEOUT_MS = 3000;", "const TIMEOUT_MS = 300;");
vm.runInContext(code + "\nthis.api = { wholeWasm, wholeZip, wholePng, whole, readWhole, rebuilt, declaredLength };", context);
const api = context.api;

function chunked(bytes, size) {
  const chunks = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return { chunks, length: bytes.length };
}
function stream(bytes, size, end) {  // end: "close", "error" (the connection drops) or "stall"
  const body = chunked(bytes, size);
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < body.chunks.length) return controller.enqueue(body.chunks[next++]);
      if (end === "error") return controller.error(new TypeError("network error"));
      if (end === "stall") return new Promise(() => {});
      controller.close();
    },
  });
}

(async () => {
  const out = [];
  for (const job of JSON.parse(fs.readFileSync(jobsJson, "utf8"))) {
    const bytes = new Uint8Array(fs.readFileSync(job.path));
    const cut = job.cut === null ? bytes : bytes.subarray(0, job.cut);
    const body = chunked(cut, job.chunk);
    let result;
    try {
      if (job.check === "read") {
        const response = new Response(stream(cut, job.chunk, job.end));
        const read = await api.readWhole(response, () => {});
        const rebuilt = api.rebuilt(new Response("", { headers: { "Content-Encoding": "gzip" } }), read);
        const again = new Uint8Array(await rebuilt.arrayBuffer());
        result = { length: read.length, same: again.length === cut.length && again.every((b, i) => b === cut[i]),
                   declared: rebuilt.headers.get("Content-Length"), encoding: rebuilt.headers.get("Content-Encoding") };
      } else if (job.check === "whole") {
        result = await api.whole(job.url, body, job.navigate);
      } else {
        result = api[job.check](body);
      }
    } catch (error) { result = "error: " + error.message; }
    out.push(result);
  }
  console.log(JSON.stringify(out));
})();
"""


def run_worker(tmp_path: Path, jobs: list[dict], files: dict[str, str] | None = None) -> list:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: run tools/pyodide/setup.sh (it needs node and npm)")
    script = tmp_path / "run.js"
    script.write_text(RUNNER % {"here": json.dumps(HERE)}, encoding="utf-8")
    (tmp_path / "files.json").write_text(json.dumps(files or {}), encoding="utf-8")
    (tmp_path / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
    run = subprocess.run([node, str(script), str(WORKER), str(tmp_path / "files.json"), str(tmp_path / "jobs.json")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def cuts(size: int) -> list[int]:
    """Places to cut a body of ``size`` bytes: near its start, inside, and a byte or a few short of its end."""
    return sorted({1, 4, 8, 9, 100, 4097, size // 3, size // 2, size - 4096, size - 22, size - 2, size - 1} - {0})


def pyodide_file(name: str) -> Path:
    path = PYODIDE / name
    if not path.is_file():
        pytest.fail(f"{path} is missing: run tools/pyodide/setup.sh")
    return path


@pytest.mark.parametrize("check, name", [("wholeWasm", "pyodide.asm.wasm"), ("wholeZip", "python_stdlib.zip")])
def test_a_real_wasm_module_and_zip_are_whole_and_every_cut_of_them_is_not(tmp_path, check, name):
    path = pyodide_file(name)
    size = path.stat().st_size
    jobs = [{"check": check, "path": str(path), "cut": None, "chunk": chunk} for chunk in (65536, 1000, 16411)]
    jobs += [{"check": check, "path": str(path), "cut": at, "chunk": 65536} for at in cuts(size)]
    results = run_worker(tmp_path, jobs)
    assert results[:3] == [True, True, True], results
    assert results[3:] == [False] * (len(jobs) - 3), list(zip(cuts(size), results[3:]))


def test_the_icons_are_whole_pngs_and_every_cut_of_them_is_not(tmp_path):
    jobs = []
    for icon in sorted((ROOT / "static").glob("*.png")):
        jobs.append({"check": "wholePng", "path": str(icon), "cut": None, "chunk": 4096})
        jobs += [{"check": "wholePng", "path": str(icon), "cut": at, "chunk": 4096} for at in cuts(icon.stat().st_size)]
    results = run_worker(tmp_path, jobs)
    assert [job["cut"] is None for job in jobs] == results


def test_the_builds_own_files_are_judged_by_their_sha256(tmp_path):
    """The page and the .apk as built are whole; the .apk's address names this build, so other bytes,
    even a whole zip, are not; a page of a newer build (other bytes) is whole when it ends with </html>."""
    page = tmp_path / "index.html"
    page.write_bytes(b"<!doctype html><html><head></head><body>the game</body></html>\n")
    newer = tmp_path / "newer.html"
    newer.write_bytes(b"<!doctype html><html><head></head><body>a newer build</body></html>\n")
    apk = pyodide_file("python_stdlib.zip")  # a zip: stands for the .apk
    data = apk.read_bytes()
    wrong_apk = tmp_path / "wrong.apk"
    wrong_apk.write_bytes(data[:100] + bytes([data[100] ^ 1]) + data[101:])  # one bit changed: still a whole zip
    files = {"index.html": hashlib.sha256(page.read_bytes()).hexdigest(),
             "game.apk?build=0123": hashlib.sha256(data).hexdigest()}
    base = HERE.rsplit("/", 1)[0] + "/"
    jobs = [
        {"check": "whole", "url": base + "index.html", "navigate": False, "path": str(page), "cut": None, "chunk": 7},
        {"check": "whole", "url": base + "?deal=EO1-C8-AAAAAFA", "navigate": True, "path": str(page), "cut": None, "chunk": 7},
        {"check": "whole", "url": base, "navigate": True, "path": str(page), "cut": 40, "chunk": 7},
        {"check": "whole", "url": base, "navigate": True, "path": str(newer), "cut": None, "chunk": 7},
        {"check": "whole", "url": base, "navigate": True, "path": str(newer), "cut": 50, "chunk": 7},
        {"check": "whole", "url": base + "game.apk?build=0123", "navigate": False, "path": str(apk), "cut": None, "chunk": 65536},
        {"check": "whole", "url": base + "game.apk?build=0123", "navigate": False, "path": str(wrong_apk), "cut": None, "chunk": 65536},
        {"check": "wholeZip", "path": str(wrong_apk), "cut": None, "chunk": 65536},
    ]
    assert run_worker(tmp_path, jobs, files) == [True, True, False, True, False, True, False, True]


@pytest.mark.parametrize("end, expected", [("close", None), ("error", "error: network error"),
                                           ("stall", "error: no byte for 300 ms")])
def test_a_body_is_read_whole_or_is_an_error(tmp_path, end, expected):
    """A body read to its end is handed on byte for byte, in its chunks, with its own length and no
    Content-Encoding (the bytes are decoded); one that breaks off or stalls is an error."""
    path = pyodide_file("pyodide.asm.wasm")
    [result] = run_worker(tmp_path, [{"check": "read", "path": str(path), "cut": 300_000, "chunk": 16384, "end": end}])
    if expected is None:
        assert result == {"length": 300_000, "same": True, "declared": "300000", "encoding": None}
    else:
        assert result == expected
