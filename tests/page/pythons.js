// Stand-in for pygbag 0.9.3's pythons.js, for the page tests (tests/page/test_browser.py, tests/page/).
// The real file: pygame-web/cdn, 0.9.3/pythons.js (2541 lines, as changed on 2026-02-14, commit a491a8d).
// Written here, not copied: on every point page.tmpl relies on, this does what that file does, and each
// piece names the line(s) it models. What it leaves out (the VT terminals, the media manager's tracks,
// dlopen, uploads, the pyodide layer) the page never uses.
"use strict";

const module_name = "pythons.js"                                  // line 17
var config = window.config ? window.config : {}                   // lines 53-57

// lines 62-69: every uncaught error or rejection becomes an alert
window.addEventListener("error", function (e) { alert("Error occurred: " + e.error.message); return false })
window.addEventListener("unhandledrejection", function (e) { alert("Rejection occurred: " + e.reason.message) })

// lines 79-117: rsplit(sep, 1) as used below: [head, tail], or [whole] when sep is absent
function rsplit1(text, sep) {
    const at = text.lastIndexOf(sep)
    return at < 0 ? [text] : [text.slice(0, at), text.slice(at + sep.length)]
}

// lines 119-126: a script tag, no error handler
function jsimport(url, sync) {
    const jsloader = document.createElement("script")
    jsloader.setAttribute("type", "text/javascript")
    jsloader.setAttribute("src", url)
    if (!sync) jsloader.setAttribute("async", true)
    document.head.appendChild(jsloader)
}
window.jsimport = jsimport

function checkStatus(response) { return response.ok ? response : null }   // lines 180-186

// lines 284-384: prerun: the interpreter's stdout and stderr go to VM.vt.xterm.write (337, 369)
function prerun(VM) {
    VM.arguments.push(VM.APK)                                     // line 380
    VM.stderr_line = (text) => VM.vt.xterm.write(text + "\r\n")   // line 369 (console.log at 367: nodup)
}

// lines 387-404: postrun: window.python, then fetch <cdn><interpreter>rc.py and run it
async function postrun(vm) {
    window.python = vm                                            // line 389
    window.VM = vm                                                // line 391
    const pyrc_url = vm.config.cdn + vm.script.interpreter + "rc.py"   // line 393
    await fetch(pyrc_url, {})
        .then(response => checkStatus(response) && response.arrayBuffer())
        .then(buffer => run_pyrc(new Uint8Array(buffer)))
        .catch(x => console.error("VM.postrun: error:", x))       // line 399
}

const vm = {                                                      // lines 408-522
    APK: "org.python",
    arguments: [], cpy_argv: [], sys_argv: [], script: {}, is_ready: 0,
    vt: { xterm: { write: console.log }, nodup: 1 },              // lines 422-426
    setStatus: function (text) {                                  // lines 430-477, as written
        const statusElement = document.getElementById("status") || {}
        const progressElement = document.getElementById("progress") || {}
        const spinnerElement = document.getElementById("spinner") || { style: {} }
        if (text == "hide") {
            progressElement.value = null; progressElement.max = null; progressElement.hidden = true
            spinnerElement.style.display = "none"; statusElement.innerHTML = ""
            return
        }
        if (!this.setStatus.last) this.setStatus.last = { time: Date.now(), text: "" }
        if (text === this.setStatus.last.text) return
        var m = text.match(/([^(]+)\((\d+(\.\d+)?)\/(\d+)\)/)
        var now = Date.now()
        if (m && now - this.setStatus.last.time < 30) return
        this.setStatus.last.time = now
        this.setStatus.last.text = text
        if (m) {
            text = m[1]
            progressElement.value = (parseInt(m[2]) / parseInt(m[4])) * 100
            progressElement.hidden = false
            spinnerElement.hidden = false
        } else {
            progressElement.value = null; progressElement.max = null; progressElement.hidden = true
            if (!text) spinnerElement.style.display = "none"
        }
        statusElement.innerHTML = text
    },
    locateFile: function (path, prefix) {                         // lines 479-488
        if (path == "main.data") return (config.cdn || "") + `${vm.script.interpreter}${config.pydigits}/${path}`
        return prefix + path
    },
    PyRun_SimpleString: function (code) {                         // lines 490-497: to the interpreter
        this.postMessage({ type: "rcon", data: code })
    },
    preRun: [prerun],
    postRun: [postrun],
}

// lines 525-604: run_pyrc: the page's script block becomes __main__.py, the site code runs it
async function run_pyrc(content) {
    vm.main_py = vm.script.blocks[0]                              // line 545
    vm.pythonrc = content
    python.PyRun_SimpleString("#!site\n")                         // line 548
}

// lines 618-656: feat_gui
function feat_gui(debug_hidden) {
    var canvas2d = document.getElementById("canvas")
    function add_canvas(name, width, height) {                    // lines 622-629
        const new_canvas = document.createElement("canvas")
        new_canvas.id = name
        new_canvas.width = width || 1
        new_canvas.height = height || 1
        document.body.appendChild(new_canvas)
        return new_canvas
    }
    if (!canvas2d) {                                              // lines 631-637
        canvas2d = add_canvas("canvas")
        canvas2d.style.position = "absolute"; canvas2d.style.top = "0px"; canvas2d.style.right = "0px"
    }
    config.user_canvas = config.user_canvas || 0                  // line 643
    config.user_canvas_managed = config.user_canvas_managed || 0  // line 644
    vm.canvas2d = canvas2d
    var canvas3d = document.getElementById("canvas3d")            // lines 648-654: not hidden, above #canvas
    if (!canvas3d) {
        canvas3d = add_canvas("canvas3d", 128, 128)
        canvas3d.style.position = "absolute"
        canvas3d.style.bottom = "0px"
        canvas3d.style.left = "0px"
    }
    vm.canvas3d = canvas3d
    canvas2d.addEventListener("click", focus_handler)             // line 657
    function window_resize() {                                    // lines 833-850
        if (vm.config.user_canvas_managed) return vm.config.user_canvas_managed   // line 839
        canvas2d.style.width = window.innerWidth + "px"           // (window_canvas_adjust, 675-757)
    }
    window.window_resize = window_resize                          // line 851
    vm.canvas = canvas2d || canvas3d
    window.addEventListener("resize", window_resize)              // line 854
}

// lines 1074-1120: focus_handler (MM.focus_handler): the canvas takes the focus on the first click, on
// the mouse entering it after the window lost the focus, and when the window gets it
function focus_handler(ev) {
    if (!window.canvas) return
    if (ev.type == "click") {
        canvas.removeEventListener("click", focus_handler)
        canvas.focus()
        return
    }
    if (ev.type == "mouseenter") {
        canvas.focus()
        canvas.removeEventListener("mouseenter", focus_handler)
        return
    }
    if (ev.type == "focus") {                                     // (queue_event("focus") for Python)
        canvas.focus()
        return
    }
    if (ev.type == "blur") {                                      // the initial focuser, again
        try { canvas.removeEventListener("click", focus_handler) } catch (x) {}
        canvas.addEventListener("click", focus_handler)
        canvas.addEventListener("mouseenter", focus_handler)
    }
}

// lines 1123-1145: feat_lifecycle: the window's focus and blur, the "Leave site?" prompt unless can_close
function feat_lifecycle() {
    window.addEventListener("focus", focus_handler)               // lines 1124-1125
    window.addEventListener("blur", focus_handler)
    if (!vm.config.can_close) {
        window.onbeforeunload = function () {
            const message = "Are you sure you want to navigate away from this page ?"
            if (confirm(message)) return message
            return false
        }
    }
}

// lines 1148-1172: feat_snd: with ume_block, unlock audio by playing the CDN's empty.ogg once; without
// it (ours: ume_block 0, MM.UME = 1 at line 1150) nothing is played
function feat_snd() {
    const UME = !vm.config.ume_block                              // line 1150
    if (!UME) {
        try { new Audio(config.cdn + "empty.ogg").play().catch(() => {}) } catch (x) {}   // line 1167
    }
}

// lines 2066-2249: the window's load event
async function onload() {
    var debug_hidden = true
    window.Module = vm                                            // line 2070
    var debug_user
    try { debug_user = window.top.location.hash.search("#debug") >= 0 }   // line 2084
    catch (x) { debug_user = false }
    const debug_dev = vm.PyConfig.orig_argv.includes("-X dev") || vm.PyConfig.orig_argv.includes("-i")   // 2090
    if (debug_user || debug_dev) {                                // lines 2092-2100
        debug_hidden = false
        vm.config.debug = true
        vm.config.gui_divider = vm.config.gui_divider || 2
    }
    document.documentElement.dataset.runtimeDebug = String(!debug_hidden)   // (what the test reads)
    feat_lifecycle()                                              // line 2113
    var html = document.getElementById("html")                    // lines 2116-2121
    if (!html) {
        html = document.createElement("div")
        html.id = "html"
        document.body.appendChild(html)
    }
    for (const feature of vm.config.features) {                   // lines 2125-2195
        if (feature.startsWith("snd")) feat_snd(debug_hidden)
        if (feature.startsWith("gui")) feat_gui(debug_hidden)
    }
    if (window.custom_onload) window.custom_onload(debug_hidden)  // lines 2204-2205
    if (window.window_resize) window_resize(vm.config.gui_divider)   // lines 2209-2210
    if (!window.transfer) {                                       // lines 2226-2240
        document.getElementById("html").insertAdjacentHTML("beforeend",
            '<div id="transfer" align=center style="z-index: 5;"><div class="emscripten" id="status">Downloading...</div>'
            + '<div class="emscripten"><progress value="0" max="200" id="progress"></progress></div></div>')
    }
    jsimport(config.executable)                                   // line 2248
}

// lines 2282-2482: auto_conf: the address becomes the interpreter's command line
function auto_conf(cfg) {
    var url = cfg.url
    var elems
    elems = rsplit1(url, "#"); url = elems.shift()                // lines 2299-2303
    elems = rsplit1(url, "?"); url = elems.shift()
    if (url.endsWith(module_name))                                // lines 2305-2308
        url = url + (window.location.search || "?") + (window.location.hash || "#")
    elems = rsplit1(url, "#"); url = elems.shift()                // lines 2310-2316: the hash, cut at %20
    if (elems.length)
        for (const arg of elems.pop().split("%20")) vm.sys_argv.push(decodeURI(arg))
    elems = rsplit1(url, "?"); url = elems.shift()                // lines 2318-2324: the query, cut at &
    if (elems.length)
        for (const arg of elems.pop().split("&")) vm.cpy_argv.push(decodeURI(arg))

    const default_version = "3.12"                                // lines 2339-2373: which interpreter
    var pystr = "python" + default_version
    if (vm.cpy_argv.length && (vm.cpy_argv[0].search("py") >= 0)) {
        pystr = vm.cpy_argv[0]
    } else if (cfg.python && (cfg.python.search("py") >= 0)) {
        pystr = cfg.python
    }
    if (pystr.search("cpython3") >= 0) {
        vm.script.interpreter = "cpython"; config.PYBUILD = pystr.substr(7) || default_version
    } else if (pystr.search("python3") >= 0) {
        vm.script.interpreter = "cpython"; config.PYBUILD = pystr.substr(6) || default_version
    } else if (pystr.search("pkpy") >= 0) {
        vm.script.interpreter = "pkpy"; config.PYBUILD = pystr.substr(4) || "1.4"
    } else if (pystr.search("wapy") >= 0) {
        vm.script.interpreter = "wapy"; config.PYBUILD = pystr.substr(4) || "3.4"
    } else {
        vm.script.interpreter = config.python || "cpython"; config.PYBUILD = pystr.substr(7) || default_version
    }
    if ((location.hostname === "localhost") || cfg.module)       // lines 2376-2378
        config.cdn = url.split("?", 1)[0].replace(module_name, "")
    config.cdn = config.cdn || url.split(module_name, 1)[0]       // lines 2380-2382
    config.pydigits = config.pydigits || config.PYBUILD.replace(".", "")
    config.executable = config.executable || `${config.cdn}${vm.script.interpreter}${config.pydigits}/main.js`
    config.archive = config.archive || (location.search.search(".apk") >= 0)   // line 2388
    config.debug = config.debug || (location.hash.search("#debug") >= 0)       // line 2390
    config.interactive = config.interactive || (location.search.search("-i") >= 0)   // line 2393
    config.gui_debug = config.gui_debug || 2                      // line 2400
    config.can_close = config.can_close || 0                      // line 2406
    config.autorun = config.autorun || 0                          // line 2407
    config.features = config.features || cfg.os.split(",")        // line 2408
    config._sdl2 = config._sdl2 || "canvas"                       // line 2410
    if (config.ume_block === undefined) config.ume_block = 1      // lines 2412-2414
    vm.PyConfig = { interactive: config.interactive, executable: config.executable }   // lines 2425-2462
    vm.PyConfig.argv = vm.sys_argv                                // line 2464
    vm.PyConfig.orig_argv = vm.cpy_argv                           // line 2465
    vm.config = config                                            // line 2481
    // (what the test reads: the command line the interpreter would get)
    document.documentElement.dataset.runtimeExecutable = config.executable
    document.documentElement.dataset.runtimeArgv = JSON.stringify(vm.sys_argv)
    document.documentElement.dataset.runtimeOrigArgv = JSON.stringify(vm.cpy_argv)
    document.documentElement.dataset.runtimeInteractive = String(!!config.interactive)
}

// lines 2485-2530: auto_start: the module script tag whose src names pythons.js
function auto_start() {
    window.busy = 1
    for (const script of document.getElementsByTagName("script")) {
        if ((script.type == "module") && (script.src.search(module_name) >= 0)) {
            const code = script.text
            const cfg = { module: false, python: script.dataset.python, url: script.src,
                          os: script.dataset.os || "gui", text: code, id: script.id }
            auto_conf(cfg)
            vm.script.blocks = [code]                             // line 2513
            window.addEventListener("load", onload)               // line 2515
            break
        }
    }
}

document.documentElement.dataset.runtime = "stand-in"
auto_start()                                                      // line 2541
