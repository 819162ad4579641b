// Easy Harp & Eight Off: the service worker, for play when the network is slow, down or cut.
// tools/build_web.py puts it next to the page (build/web/sw.js, and in web.zip) and stamps BUILD (the
// build's name, the same as the page's) and FILES (this build's own files with their SHA-256) below;
// unstamped (a page pygbag built on its own) the page never registers it.
//
// One build, one cache ("easy-harp-eight-off-" + BUILD), holding the build's page, its .apk (asked for
// as <name>.apk?build=BUILD, so a page only ever gets its own), icons and manifests, stored when the
// worker installs, and the runtime files from pygbag's CDN the page loaded (its list comes once the game
// has drawn its first frame; later visits add what they load). A new build's worker takes the runtime
// files over from the older caches, which it then deletes.
//
// What is stored is whole and right: status 200, never an opaque answer (a no-cors response, which
// can hide a 404 and which a module script or the wasm loader cannot use), with its body read to the
// end, the build's own files byte for byte as built (their SHA-256), and the runtime's a look at the
// bytes (a zip, wasm or PNG starts as one). Anything else is passed on and not kept.
//
// Answers: the network first, for at most TIMEOUT_MS until it answers; then, or when it fails or
// answers 5xx, the cache; with nothing in the cache, whatever the network gives. When the cache holds
// a copy, a network answer reaches the page only once its body has come whole (read to its end with no
// break and no stall of TIMEOUT_MS, its length what the server declared, and whole by what the worker
// knows of the file: below); an answer cut short, or stalled, or not whole gets the cached copy. Once
// the network has failed, the cache first for NO_NETWORK_MS (the page's next files need not wait).
"use strict";
const BUILD = "";
const FILES = {};  // this build's own files as the page asks for them -> their SHA-256 (hex)
const PREFIX = "easy-harp-eight-off-";
const CACHE = PREFIX + BUILD;
const TIMEOUT_MS = 3000;
// pygbag's CDN: the pinned 0.9.3 runtime (page.tmpl) and, at its root, the package indexes and wheels
// the interpreter installs main.py's dependencies from (pygbag's aio/pep0723.py)
const RUNTIME = "https://pygame-web.github.io/cdn/";

function here(file) { return new URL(file, self.location.href).href; }
function isRuntime(url) { return url.startsWith(RUNTIME); }
const OWN = new Map(Object.keys(FILES).map((name) => [here(name), name]));  // address -> name in FILES

// The name in FILES of the build's own file at ``url``: the page under any of its addresses.
function ownName(url, navigate) {
  if (isRuntime(url)) return null;
  if (navigate) return "index.html";
  if (OWN.has(url)) return OWN.get(url);
  const path = new URL(url).pathname;
  return path.endsWith("/") || path.endsWith("/index.html") ? "index.html" : null;
}

// ---- a body, read whole, and what the worker knows of a file's bytes ----

// A body is read as it came, {chunks, length}: never joined for the big files (main.wasm, main.data),
// whose chunks are handed on as they are.
function joined(body) {
  if (body.chunks.length === 1) return body.chunks[0];
  const all = new Uint8Array(body.length);
  let at = 0;
  for (const chunk of body.chunks) { all.set(chunk, at); at += chunk.length; }
  return all;
}

function lastBytes(body, count) {  // the body's last ``count`` bytes (fewer when it is shorter)
  count = Math.min(count, body.length);
  const out = new Uint8Array(count);
  let end = count;
  for (let i = body.chunks.length - 1; i >= 0 && end > 0; i--) {
    const chunk = body.chunks[i];
    const take = Math.min(end, chunk.length);
    out.set(chunk.subarray(chunk.length - take), end - take);
    end -= take;
  }
  return out;
}

function byteReader(body) {  // the body's bytes one after another, across its chunks
  let index = 0, at = 0;
  return {
    next() {
      while (index < body.chunks.length && at >= body.chunks[index].length) { index++; at = 0; }
      if (index >= body.chunks.length) return -1;
      return body.chunks[index][at++];
    },
    skip(count) {  // false when the body ends first
      while (count > 0) {
        if (index >= body.chunks.length) return false;
        const left = body.chunks[index].length - at;
        if (count < left) { at += count; return true; }
        count -= left; index++; at = 0;
      }
      return true;
    },
  };
}

function startsWith(body, magic) {
  const head = body.chunks.length && body.chunks[0].length >= magic.length ? body.chunks[0] : joined(body);
  return magic.every((byte, i) => head[i] === byte);
}

// A wasm module: its header, then sections (an id byte, a LEB128 size, that many bytes), at least one,
// that end exactly at the end of the bytes; one cut short ends early.
function wholeWasm(body) {
  if (body.length < 8 || !startsWith(body, [0x00, 0x61, 0x73, 0x6d])) return false;
  const bytes = byteReader(body);
  bytes.skip(8);
  for (let sections = 0; ; sections++) {
    if (bytes.next() < 0) return sections > 0;  // the end, between two sections
    let size = 0, shift = 0, byte;
    do {
      byte = bytes.next();
      if (byte < 0 || shift > 28) return false;
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    if (!bytes.skip(size)) return false;
  }
}

// A zip (the .apk, a wheel): its first entry's header, and the end of its central directory within the
// last 64 KiB (the record and its comment), where a zip cut short has none.
function wholeZip(body) {
  if (!startsWith(body, [0x50, 0x4b, 0x03, 0x04])) return false;
  const end = lastBytes(body, 22 + 0xffff);
  for (let i = end.length - 22; i >= 0; i--) {
    if (end[i] === 0x50 && end[i + 1] === 0x4b && end[i + 2] === 0x05 && end[i + 3] === 0x06) return true;
  }
  return false;
}

const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];  // the IEND chunk
function wholePng(body) {
  const end = lastBytes(body, PNG_END.length);
  return startsWith(body, [0x89, 0x50, 0x4e, 0x47]) && PNG_END.every((byte, i) => end[i] === byte);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Whether ``body`` can be the whole of the file at ``url``, by what the worker knows of it: the build's
// own files are the bytes it was built with (a page or an icon of a newer build, which the network may
// give, is judged as the others are, but never the .apk: its address names this build); a zip, a wasm
// module or a PNG is whole by its own structure; a manifest or JSON file parses; a page ends with
// </html>. Of the runtime's scripts and main.data nothing more is known than their length.
async function whole(url, body, navigate) {
  const name = ownName(url, navigate);
  if (name && FILES[name] && body.length < (64 << 20)) {
    if (await sha256(joined(body)) === FILES[name]) return true;
    if (name.indexOf("?build=") >= 0) return false;
  }
  const path = new URL(url).pathname;
  if (/\.(apk|whl|zip)$/.test(path)) return wholeZip(body);
  if (/\.wasm$/.test(path)) return wholeWasm(body);
  if (/\.png$/.test(path)) return wholePng(body);
  if (/\.(webmanifest|json)$/.test(path)) {
    try { JSON.parse(new TextDecoder().decode(joined(body))); return true; } catch (error) { return false; }
  }
  if (name === "index.html") return new TextDecoder().decode(lastBytes(body, 4096)).toLowerCase().indexOf("</html>") >= 0;
  return true;
}

// The body of ``response`` read to its end, or an error: the connection broke (a body cut short throws
// here), or no byte came for TIMEOUT_MS (the read is then cancelled). ``told(length)`` hears how far it got.
async function readWhole(response, told) {
  const body = { chunks: [], length: 0 };
  if (!response.body) return body;
  const reader = response.body.getReader();
  for (;;) {
    let timer = null;
    const stalled = new Promise((_resolve, fail) => {
      timer = setTimeout(() => fail(new Error(`no byte for ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    });
    let part;
    try { part = await Promise.race([reader.read(), stalled]); }
    catch (error) { reader.cancel().catch(() => {}); throw error; }
    finally { clearTimeout(timer); }
    if (part.done) return body;
    body.chunks.push(part.value);
    body.length += part.value.length;
    told(body.length);
  }
}

// The length the server declared is the body's own only when it was not compressed on the way, which
// only a same-origin answer says (a CORS answer hides Content-Encoding): only then is it compared.
function declaredLength(response) {
  if (response.type !== "basic" || response.headers.get("Content-Encoding")) return null;
  const declared = response.headers.get("Content-Length");
  return declared === null || !/^\d+$/.test(declared) ? null : Number(declared);
}

// A response with ``body``'s bytes (its chunks handed on one by one, never joined) and ``response``'s
// status and headers; the page can read it while the cache keeps another made from the same chunks.
function rebuilt(response, body) {
  let next = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (next < body.chunks.length) controller.enqueue(body.chunks[next++]);
      else controller.close();
    },
  });
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");  // the bytes here are decoded
  headers.set("Content-Length", String(body.length));
  return new Response(stream, { status: response.status, statusText: response.statusText, headers });
}

// ---- what is stored ----

const MAGIC = [[/\.(apk|whl|zip)$/, [0x50, 0x4b, 0x03, 0x04]], [/\.wasm$/, [0x00, 0x61, 0x73, 0x6d]],
               [/\.png$/, [0x89, 0x50, 0x4e, 0x47]]];

// Whole and right, or null: a copy of ``response`` that can be stored (``response`` itself is read).
async function sound(url, response) {
  if (!response || response.status !== 200 || response.type === "opaque" || response.type === "error") return null;
  const copy = response.clone();
  let bytes;
  try { bytes = new Uint8Array(await response.arrayBuffer()); }  // a body cut short throws here
  catch (error) { return null; }
  const name = ownName(url, false);
  if (name && FILES[name]) return await sha256(bytes) === FILES[name] ? copy : null;  // this build's, byte for byte
  const path = new URL(url).pathname;
  for (const [pattern, magic] of MAGIC) {
    if (pattern.test(path) && !magic.every((byte, i) => bytes[i] === byte)) return null;
  }
  if (/\.(webmanifest|json)$/.test(path)) {
    try { JSON.parse(new TextDecoder().decode(bytes)); } catch (error) { return null; }
  }
  return copy;
}

async function keep(cache, url, response) {
  const copy = await sound(url, response);
  if (!copy) return false;
  try { await cache.put(url, copy); return true; } catch (error) { return false; }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (!BUILD) throw new Error("an unstamped worker: build the page with tools/build_web.py");
    const cache = await caches.open(CACHE);
    for (const file of Object.keys(FILES)) {
      const url = here(file);
      if (await sound(url, await cache.match(url))) continue;  // the page put it there (the .apk)
      const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      const status = response.status;
      if (!await keep(cache, url, response)) throw new Error(`${url}: not stored (HTTP ${status})`);
    }
    // the runtime files older builds kept: the same pinned runtime, so offline play goes on at once
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === CACHE) continue;
      const old = await caches.open(name);
      for (const request of await old.keys()) {
        if (isRuntime(request.url) && !await cache.match(request)) await keep(cache, request.url, await old.match(request));
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page, once the game has drawn its first frame: the runtime files it loaded, to keep.
self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type !== "keep" || message.build !== BUILD) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let kept = 0;
    const missing = [];
    for (const file of Object.keys(FILES)) { if (await cache.match(here(file))) kept++; else missing.push(file); }
    for (const url of message.urls || []) {
      if (!isRuntime(url)) continue;
      if (await cache.match(url)) { kept++; continue; }
      let stored = false;
      try { stored = await keep(cache, url, await fetch(url, { mode: "cors", credentials: "omit" })); }
      catch (error) { /* offline again, or no CORS there: not kept */ }
      if (stored) kept++; else missing.push(url);
    }
    if (event.source) event.source.postMessage({ type: "kept", build: BUILD, count: kept, missing: missing });
  })());
});

// ---- answers ----

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  if (request.mode === "navigate") {  // the page, whatever its query (?deal=...)
    return await cache.match(request, { ignoreSearch: true }) || await cache.match(here("./"))
      || await cache.match(here("index.html"));
  }
  return cache.match(request.url);
}

// After a request found no network (it failed, gave no answer in TIMEOUT_MS, or its body broke off),
// the next ones take the cache at once for NO_NETWORK_MS, not TIMEOUT_MS each: a page loads a dozen
// files one after another.
const NO_NETWORK_MS = 30000;
let noNetworkUntil = 0;

function ask(request) {
  // the runtime's files as CORS answers, whose status can be seen and which can be kept (a classic
  // script tag asks in no-cors mode, whose answer is opaque)
  return isRuntime(request.url) ? fetch(request.url, { mode: "cors", credentials: "omit" }) : fetch(request);
}

// While the worker reads an answer whole, the page sees nothing of it: it is told how far the read got
// (at most every TELL_MS), a sign of progress for its watchdog (page.tmpl, "loading").
const TELL_MS = 500;
function teller(event, url) {
  let last = 0;
  return (length) => {
    const now = Date.now();
    if (!event.clientId || now - last < TELL_MS) return;
    last = now;
    self.clients.get(event.clientId).then((client) => {
      if (client) client.postMessage({ type: "loading", build: BUILD, url: url, length: length });
    }).catch(() => {});
  };
}

// A runtime file loaded later (or changed on the CDN): kept, once the page has its answer.
function refresh(event, url, response) {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const old = await cache.match(url);
    const tag = response.headers.get("ETag");
    if (!old || !tag || old.headers.get("ETag") !== tag) await keep(cache, url, response);
  })());
}

// ``response``, a 200 answer whose body the page will read, read whole first when the cache holds a
// copy to give instead: the answer rebuilt from its bytes, or ``kept`` when the body broke off, stalled,
// fell short of its declared length or is not whole.
async function wholeOr(event, response, kept) {
  const request = event.request;
  const copy = isRuntime(request.url) ? response.clone() : null;  // to keep, should it come whole
  let body;
  try {
    body = await readWhole(response, teller(event, request.url));
  } catch (error) {
    if (copy) copy.body.cancel().catch(() => {});  // the connection is let go
    noNetworkUntil = Date.now() + NO_NETWORK_MS;
    console.warn(`sw.js: ${request.url}: the answer broke off (${error}): the kept copy`);
    return kept;
  }
  const declared = declaredLength(response);
  if ((declared !== null && declared !== body.length) || !await whole(request.url, body, request.mode === "navigate")) {
    if (copy) copy.body.cancel().catch(() => {});
    noNetworkUntil = Date.now() + NO_NETWORK_MS;
    console.warn(`sw.js: ${request.url}: ${body.length} bytes, not whole: the kept copy`);
    return kept;
  }
  noNetworkUntil = 0;
  if (copy) refresh(event, request.url, copy);
  return rebuilt(response, body);
}

function readable(request, response) {  // an answer the worker may read before the page does
  return response.status === 200 && (response.type === "basic" || response.type === "cors" || response.type === "default")
    && !response.redirected && !request.headers.has("Range");
}

async function answer(event) {
  const request = event.request;
  if (Date.now() < noNetworkUntil) {
    const kept = await fromCache(request);
    if (kept) return kept;
  }
  const outcome = ask(request).then((response) => ({ response }), (error) => ({ error }));
  let timer = null;
  const late = new Promise((resolve) => { timer = setTimeout(resolve, TIMEOUT_MS, null); });
  let first = await Promise.race([outcome, late]);
  clearTimeout(timer);
  if (first === null) {  // no answer within TIMEOUT_MS: the cache, or else keep waiting
    noNetworkUntil = Date.now() + NO_NETWORK_MS;
    const kept = await fromCache(request);
    if (kept) return kept;
    first = await outcome;
  }
  if (first.error) {  // no network; or, for the runtime, an answer without CORS (an error page): the cache
    noNetworkUntil = Date.now() + NO_NETWORK_MS;
    const kept = await fromCache(request);
    if (kept) return kept;
    if (isRuntime(request.url)) return fetch(request);  // as the page asked: what the host gives
    throw first.error;
  }
  const response = first.response;
  if (response.status >= 500) {
    const kept = await fromCache(request);
    if (kept) return kept;
    return response;
  }
  if (readable(request, response)) {
    const kept = await fromCache(request);
    if (kept) return wholeOr(event, response, kept);
  }
  noNetworkUntil = 0;
  if (isRuntime(request.url) && response.status === 200 && response.type !== "opaque") {
    refresh(event, request.url, response.clone());  // now: the page is about to read the response itself
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !BUILD) return;
  if (!isRuntime(request.url) && !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(answer(event));
});
