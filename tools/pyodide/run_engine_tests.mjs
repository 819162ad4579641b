// Run the game's pure-Python tests under Pyodide's CPython 3.12 (WebAssembly) in Node.
//
//   node tools/pyodide/run_engine_tests.mjs [pytest args...]
//   node tools/pyodide/run_engine_tests.mjs --run tools/bench_wasm.py [args...]
//
// Without arguments it runs what the browser build runs without a window:
// the tests listed in tests/browser_tests.py (the engine's, with its
// doctests, the solver, storage, saved-game, statistics, daily, session and
// application-layer tests). --run runs one Python script
// instead (a benchmark measured under WebAssembly).
// Offline: Pyodide comes from node_modules and the test tools from wheels/,
// both fetched beforehand by setup.sh. Node's default stack (about 1 MB) is
// kept on purpose: it is close to a browser's, so deep recursion that would
// crash the game in a browser crashes here too. The repository is mounted read-write
// at /repo, so bytecode and Hypothesis' database are kept out of it.
import { loadPyodide } from "pyodide";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const wheels = existsSync(join(here, "wheels")) ? realpathSync(join(here, "wheels")) : join(here, "wheels"); // NODEFS cannot mount a symlink

if (!existsSync(wheels) || !readdirSync(wheels).some((f) => f.endsWith(".whl"))) {
  console.error(`no wheels in ${wheels}: run tools/pyodide/setup.sh first`);
  process.exit(2);
}

// A fatal error (such as a JavaScript stack overflow from deep recursion in C
// code) kills the interpreter, as it would kill the game in a browser.
const died = (error) => {
  const test = (globalThis.runningTest ?? "start-up").slice(0, 200);
  console.error(`\nPyodide died during ${test}: ${String(error).split("\n")[0]}`);
  process.exit(3);
};
process.on("uncaughtException", died);
process.on("unhandledRejection", died);

const started = Date.now();
const pyodide = await loadPyodide();
// raw writes, so pytest's progress dots stay on one line
const raw = (stream) => ({ write: (bytes) => { stream.write(bytes); return bytes.length; } });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));

const { NODEFS } = pyodide.FS.filesystems;
for (const [hostDir, mountPoint] of [[repo, "/repo"], [wheels, "/wheels"]]) {
  pyodide.FS.mkdirTree(mountPoint);
  pyodide.FS.mount(NODEFS, { root: hostDir }, mountPoint);
}

pyodide.globals.set("pytest_args", pyodide.toPy(process.argv.slice(2)));
const status = await pyodide.runPythonAsync(`
import glob, os, site, sys, zipfile

assert sys.platform == "emscripten", sys.platform
assert sys.version_info[:2] == (3, 12), sys.version
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform}")

# A wheel of pure Python is a zip to unpack into site-packages.
site_packages = site.getsitepackages()[0]
for wheel in sorted(glob.glob("/wheels/*.whl")):
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site_packages)

sys.dont_write_bytecode = True  # no cpython-312 .pyc files in the mounted repo
import tempfile
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = tempfile.mkdtemp()  # in the WebAssembly file system
os.chdir("/repo")
sys.path.insert(0, "/repo")

import js
import pytest


class InPyodide:
    def pytest_configure(self, config):
        # WebAssembly is slower and its timing noisier than native: check results, not speed.
        from hypothesis import settings

        settings.register_profile("pyodide", deadline=None)
        settings.load_profile("pyodide")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item, call):
        # A test that starts a process (to check the command line natively, say)
        # cannot run here: report it as skipped, with the reason, not as failed.
        report = yield
        error = call.excinfo.value if call.excinfo else None
        if isinstance(error, OSError) and "does not support processes" in str(error):
            report.outcome = "skipped"
            report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {error}")
        return report

    def pytest_runtest_logstart(self, nodeid, location):
        # tell the JS side which test runs, to name it if the interpreter dies
        js.globalThis.runningTest = nodeid


def run_script(path, *script_args):
    import runpy

    sys.argv = [path, *script_args]
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as exit:  # a script that ends with sys.exit(status), as it would natively
        return exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    return 0


args = list(pytest_args)
if args[:1] == ["--run"]:
    exit_status = run_script(*args[1:])
else:
    if not args:
        from tests.browser_tests import pytest_args as browser_tests  # the one list (tests/page/test_webassembly.py checks it ran)

        args = browser_tests()
    print("pytest", *args)
    # pyproject.toml's addopts without its "-n" (no pytest-xdist and no processes in the browser)
    exit_status = int(pytest.main(["-o", "addopts=--doctest-modules", "-p", "no:cacheprovider", "-rs", *args],
                                  plugins=[InPyodide()]))
exit_status
`);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Pyodide run: exit ${status} in ${seconds} s`);
process.exit(status);
