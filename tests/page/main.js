// Stand-in for pygbag 0.9.3's interpreter loader, cpython312/main.js (emscripten's output), for the
// page tests (tests/page/test_browser.py, tests/page/). What the real one does that the page sees, in its
// order (the real file is one minified line: the pieces are named by their functions):
// - loadPackage: at once, an XMLHttpRequest for main.data at Module.locateFile("main.data"), reporting
//   "Downloading data... (x/y)" through Module.setStatus from its progress events; its onerror throws
//   new Error("NetworkError for: " + url) and a status other than 200/304/206 throws
//   new Error(statusText + " : " + responseURL), both inside the XHR's handler: uncaught errors
//   (pythons.js alerts them), and the load waits for ever;
// - createWasm, at the end of the script: fetch(main.wasm, {credentials: "same-origin"}) for
//   instantiateStreaming; a failed fetch rejects, unhandled ("Failed to fetch"); an answer that is not
//   ok fails the streaming compile and falls back to instantiateArrayBuffer: readAsync fetches again and
//   rejects (status + " : " + url), getBinarySync throws "both async and sync fetching of the wasm
//   failed", and abort(what) calls Module.onAbort(what), then throws a RuntimeError: an unhandled
//   rejection;
//   once compiled, receiveInstance (the success callback of instantiateStreaming's promise) takes the
//   module's exports over; for a main.wasm that does not fit this main.js (the CDN serves a newer one, say)
//   it throws, and the rejection goes nowhere (createWasm drops instantiateAsync's promise): behaviour
//   "mismatch" below;
// - run, once both are in: Module.preRun, setStatus("Running..."), setStatus(""), Module.postRun
//   (pythons.js's postrun, which fetches cpythonrc.py and hands the site code over with
//   Module.postMessage).
//
// Then the interpreter runs the page's start-up script (page.tmpl's <script> block). It cannot run
// Python here (the real wasm is not on this machine), so it plays that script's steps as written, each
// named below; tests/page/test_startup.py runs the script itself in Python against the same steps.
// What the game does next (main.py: its first frame, then gameReady) is played by game_steps below;
// tests/page/test_glue.py holds main.py to it.
"use strict";
(function () {
    const Module = window.Module
    const BEHAVIOUR = "%(behaviour)s"   // the test server's setting: "draws", "raises", "slow", "mismatch"
    const here = document.currentScript.src.replace(/[^/]*$/, "")
    const sleep = (ms) => new Promise((go) => setTimeout(go, ms))

    function loadPackage() {                                        // the data package: main.data
        return new Promise((resolve) => {
            const packageName = Module.locateFile("main.data", "")
            const xhr = new XMLHttpRequest()
            xhr.open("GET", packageName, true)
            xhr.responseType = "arraybuffer"
            xhr.onprogress = (event) => {
                if (event.loaded && Module.setStatus)
                    Module.setStatus(`Downloading data... (${event.loaded}/${event.total || 300000})`)
            }
            xhr.onerror = () => { throw new Error("NetworkError for: " + packageName) }
            xhr.onload = () => {
                if (xhr.status == 200 || xhr.status == 304 || xhr.status == 206 || (xhr.status == 0 && xhr.response))
                    resolve(xhr.response)
                else
                    throw new Error(xhr.statusText + " : " + xhr.responseURL)
            }
            xhr.send(null)
        })
    }

    function abort(what) {                                          // emscripten's abort()
        if (Module.onAbort) Module.onAbort(what)
        what = "Aborted(" + what + ")"
        console.error(what)
        throw new WebAssembly.RuntimeError(what + ". Build with -sASSERTIONS for more info.")
    }

    function createWasm() {                                         // instantiateAsync, then its fallback
        const wasmBinaryFile = Module.locateFile("main.wasm", here)
        const compile = async (response) => {                       // instantiateStreaming's checks
            if (!response.ok) throw new TypeError("HTTP status code is not ok")
            const bytes = new Uint8Array(await response.arrayBuffer())
            if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d)
                throw new WebAssembly.CompileError("expected magic word 00 61 73 6d")
            return bytes.length
        }
        const receiveInstance = (length) => {                       // receiveInstance: relocateExports, ...
            if (BEHAVIOUR === "mismatch") throw new TypeError("wasmExports.__wasm_apply_data_relocs is not a function")
            return length
        }
        return fetch(wasmBinaryFile, { credentials: "same-origin" }).then((response) => compile(response).then(receiveInstance, (reason) => {
            console.error(`wasm streaming compile failed: ${reason}`)
            console.error("falling back to ArrayBuffer instantiation")
            return fetch(wasmBinaryFile, { credentials: "same-origin" })       // readAsync
                .then((again) => again.ok ? again.arrayBuffer() : Promise.reject(new Error(again.status + " : " + again.url)))
                .then((buffer) => compile(new Response(buffer)), () => { throw "both async and sync fetching of the wasm failed" })
                .then(receiveInstance, (reason) => { console.error(`failed to asynchronously prepare wasm: ${reason}`); abort(reason) })
        }))
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
        try {                                                       // host.open_storage: page_local_storage
            const store = window.localStorage
            if (store === null) throw new Error("null")
            store.length; store.getItem("easy-harp-eight-off/settings")
            root.dataset.gameStorage = "localStorage"
        } catch (error) {
            root.dataset.gameStorage = "refused: " + error.name     // SessionOnlyStorage, notice.storage_off
        }
        if (BEHAVIOUR === "raises") {                               // an exception before the frame guard:
            Module.stderr_line("Traceback (most recent call last):")   // sys.print_exception to stderr
            Module.stderr_line('  File "main.py", line 1, in <module>')
            Module.stderr_line("ImportError: cannot import name 'App'")
            return
        }
        const size = String(window.gameViewport()).split("x").map(Number)   // host.viewport_size()
        const canvas = document.getElementById("canvas")            // pygame.display.set_mode(size)
        canvas.width = size[0]; canvas.height = size[1]
        // SDL's Emscripten event handlers: the canvas's mousedown and touchstart with their default prevented
        // (SDL_emscriptenevents.c), the keys from the document (pygbag sets SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT
        // to "1", emscripten's special target for the document: support/__EMSCRIPTEN__.c line 1238)
        canvas.addEventListener("mousedown", (event) => event.preventDefault())
        canvas.addEventListener("touchstart", (event) => event.preventDefault(), { passive: false })
        const keys = []
        document.addEventListener("keydown", (event) => { keys.push(event.key); root.dataset.gameKeys = keys.join(" ") })
        const draw = canvas.getContext("2d")                        // the first frame
        draw.fillStyle = "#0b4d2c"; draw.fillRect(0, 0, size[0], size[1])
        draw.fillStyle = "#f4f1e6"; draw.fillRect(size[0] * 0.1, size[1] * 0.1, size[0] * 0.1, size[1] * 0.2)
        root.dataset.firstFrame = String(performance.now())
        root.dataset.gameHash = String(location.hash)               // host.shared_deal() reads location (and referrer)
        root.dataset.gameSearch = String(location.search)
        window.gameReady()                                          // host.page_ready() after frame 1
        if (BEHAVIOUR === "aborts") {                               // the interpreter dies later (out of memory)
            await sleep(500)
            setTimeout(() => abort("OOM"), 0)
        }
    }

    Module.postMessage = function (message) {                      // the interpreter's side of PyRun_SimpleString
        if (message.type === "rcon" && String(message.data).startsWith("#!site")) {
            Module.is_ready = 1
            // site: pythonrc, then import_site(__main__.py) -> shell.source: the page's start-up script
            start_up_script(Module.main_py).catch((error) => console.error("start-up:", error))
        }
    }

    async function run() {
        const data = loadPackage()                                  // at the top of the script
        const wasm = createWasm()                                   // at its end
        await Promise.all([data, wasm])                             // the run dependencies
        for (const step of Module.preRun) step(Module)
        Module.setStatus("Running...")
        await sleep(1)
        Module.setStatus("")
        for (const step of Module.postRun) await step(Module)
    }
    run().then(() => {}, (error) => { throw error })            // a rejection: unhandled, as emscripten's
})()
