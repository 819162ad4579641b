// Stand-in for pygbag 0.9.3's interpreter loader, cpython312/main.js (emscripten's output), for the
// page tests (tests/test_page_runtime.py). What the real one does that the page sees, in its order:
// it fetches main.data from Module.locateFile("main.data") reporting "Downloading data... (x/y)" through
// Module.setStatus, then main.wasm, runs Module.preRun, says "Running..." then "", runs Module.postRun
// (pythons.js's postrun, which fetches cpythonrc.py and hands the site code over with
// Module.postMessage). A failed download aborts: an uncaught rejection (pythons.js alerts it).
//
// Then the interpreter runs the page's start-up script (page.tmpl's <script> block). It cannot run
// Python here (the real wasm is not on this machine), so it plays that script's steps as written, each
// named below; tests/test_page_startup.py runs the script itself in Python against the same steps.
// What the game does next (main.py: its first frame, then gameReady) is played by game_steps below;
// tests/test_browser_glue.py holds main.py to it.
"use strict";
(function () {
    const Module = window.Module
    const BEHAVIOUR = "%(behaviour)s"   // the test server's setting: "draws", "raises", "slow"
    const here = document.currentScript.src.replace(/[^/]*$/, "")
    const sleep = (ms) => new Promise((go) => setTimeout(go, ms))

    async function download(url, what) {
        const response = await fetch(url)
        if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`)   // emscripten's abort
        const total = Number(response.headers.get("Content-Length")) || 0
        const reader = response.body.getReader()
        let loaded = 0
        for (;;) {
            const part = await reader.read()
            if (part.done) break
            loaded += part.value.length
            if (what === "main.data" && Module.setStatus)
                Module.setStatus(`Downloading data... (${loaded}/${total})`)
        }
        return loaded
    }

    async function start_up_script(text) {
        const root = document.documentElement
        if (text.indexOf("async def custom_site():") < 0) throw new Error("no start-up script in the page")
        const window_ = window
        window_.gameStage("python")                                 // window.gameStage("python")
        while (String(window_.gameArchiveStatus) === "loading")     // while ... == "loading": sleep(0.05)
            await sleep(50)
        if (String(window_.gameArchiveStatus) !== "ready") {        // if ... != "ready": return
            root.dataset.startUp = "stopped: archive " + window_.gameArchiveStatus
            return
        }
        let bytes                                                   // platform.fopen(gameArchiveUrl, "rb")
        try {
            const response = await fetch(String(window_.gameArchiveUrl), { redirect: "follow", credentials: "omit" })
            bytes = new Uint8Array(await response.arrayBuffer())
        } catch (error) {
            window_.gameFailed(JSON.stringify(`${window_.gameArchiveName}: ${error}`))   // tell_page("gameFailed", ...)
            return
        }
        root.dataset.archiveMagic = String.fromCharCode(bytes[0], bytes[1])   // zipfile.ZipFile(...)
        root.dataset.archiveBytes = String(bytes.length)
        const names = new TextDecoder("latin1").decode(bytes)
        if (root.dataset.archiveMagic !== "PK" || names.indexOf("assets/main.py") < 0) {   // main.is_file()
            window_.gameFailed(JSON.stringify(`${window_.gameArchiveName}: no main.py`))
            return
        }
        window_.gameStage("unpacked")                               // window.gameStage("unpacked")
        await sleep(10)                                             // platform.run_main, embed.counter()
        window_.gameStage("main")                                   // window.gameStage("main")
        root.dataset.startUp = "main.py queued"                     // await shell.source(main): queued
        game_steps()
    }

    async function game_steps() {                                   // main.py, as it starts in the browser
        const root = document.documentElement
        await sleep(BEHAVIOUR === "slow" ? 1500 : 300)              // its imports and build_app
        if (BEHAVIOUR === "raises") {                               // an exception before the frame guard:
            Module.stderr_line("Traceback (most recent call last):")   // sys.print_exception to stderr
            Module.stderr_line('  File "main.py", line 1, in <module>')
            Module.stderr_line("ImportError: cannot import name 'App'")
            return
        }
        const size = String(window.gameViewport()).split("x").map(Number)   // host.viewport_size()
        const canvas = document.getElementById("canvas")            // pygame.display.set_mode(size)
        canvas.width = size[0]; canvas.height = size[1]
        const draw = canvas.getContext("2d")                        // the first frame
        draw.fillStyle = "#0b4d2c"; draw.fillRect(0, 0, size[0], size[1])
        draw.fillStyle = "#f4f1e6"; draw.fillRect(size[0] * 0.1, size[1] * 0.1, size[0] * 0.1, size[1] * 0.2)
        root.dataset.firstFrame = String(performance.now())
        root.dataset.gameHash = String(location.hash)               // host.shared_deal() reads location
        root.dataset.gameSearch = String(location.search)
        window.gameReady()                                          // host.page_ready() after frame 1
    }

    Module.postMessage = function (message) {                      // the interpreter's side of PyRun_SimpleString
        if (message.type === "rcon" && String(message.data).startsWith("#!site")) {
            Module.is_ready = 1
            // site: pythonrc, then import_site(__main__.py) -> shell.source: the page's start-up script
            start_up_script(Module.main_py).catch((error) => console.error("start-up:", error))
        }
    }

    async function run() {
        await download(Module.locateFile("main.data", here), "main.data")
        await download(Module.locateFile("main.wasm", here), "main.wasm")
        for (const step of Module.preRun) step(Module)
        Module.setStatus("Running...")
        await sleep(1)
        Module.setStatus("")
        for (const step of Module.postRun) await step(Module)
    }
    run().then(() => {}, (error) => { throw error })            // an abort: unhandled, as emscripten's
})()
