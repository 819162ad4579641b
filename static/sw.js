// Easy Harp & Eight Off: the service worker, for play when the network is slow, down or cut.
// tools/build_web.py puts it next to the page (build/web/sw.js, and in web.zip) and stamps BUILD (the
// build's name, the same as the page's) and FILES (this build's own files) below; unstamped (a page
// pygbag built on its own) the page never registers it.
//
// One build, one cache ("easy-harp-eight-off-" + BUILD), holding the build's page, its .apk (asked for
// as <name>.apk?build=BUILD, so a page only ever gets its own), icons and manifests, stored when the
// worker installs, and the runtime files from pygbag's CDN the page loaded (its list comes once the game
// has drawn its first frame; later visits add what they load). A new build's worker takes the runtime
// files over from the older caches, which it then deletes.
//
// What is stored is whole and right: status 200, never an opaque answer (a no-cors response, which
// can hide a 404 and which a module script or the wasm loader cannot use), with its body read to the
// end, and for the page, the .apk, wasm, images and manifests a look at the bytes (the page names this
// build; a zip, wasm or PNG starts as one). Anything else is passed on and not kept.
//
// Answers: the network first, for at most TIMEOUT_MS until it answers; then, or when it fails or
// answers 5xx, the cache; with nothing in the cache, whatever the network gives. Once the network has
// failed, the cache first for NO_NETWORK_MS (the page's next files need not wait TIMEOUT_MS each).
"use strict";
const BUILD = "";
const FILES = [];
const PREFIX = "easy-harp-eight-off-";
const CACHE = PREFIX + BUILD;
const TIMEOUT_MS = 3000;
// pygbag's CDN: the pinned 0.9.3 runtime (page.tmpl) and, at its root, the package indexes and wheels
// the interpreter installs main.py's dependencies from (pygbag's aio/pep0723.py)
const RUNTIME = "https://pygame-web.github.io/cdn/";

function here(file) { return new URL(file, self.location.href).href; }
function isRuntime(url) { return url.startsWith(RUNTIME); }

const MAGIC = [[/\.(apk|whl|zip)$/, [0x50, 0x4b, 0x03, 0x04]], [/\.wasm$/, [0x00, 0x61, 0x73, 0x6d]],
               [/\.png$/, [0x89, 0x50, 0x4e, 0x47]]];

// Whole and right, or null: a copy of ``response`` that can be stored (``response`` itself is read).
async function sound(url, response) {
  if (!response || response.status !== 200 || response.type === "opaque" || response.type === "error") return null;
  const copy = response.clone();
  let bytes;
  try { bytes = new Uint8Array(await response.arrayBuffer()); }  // a body cut short throws here
  catch (error) { return null; }
  const path = new URL(url).pathname;
  for (const [pattern, magic] of MAGIC) {
    if (pattern.test(path) && !magic.every((byte, i) => bytes[i] === byte)) return null;
  }
  if (/\.(webmanifest|json)$/.test(path)) {
    try { JSON.parse(new TextDecoder().decode(bytes)); } catch (error) { return null; }
  }
  if (!isRuntime(url) && (path.endsWith("/") || path.endsWith("/index.html"))) {
    if (new TextDecoder().decode(bytes).indexOf('var BUILD = "' + BUILD + '";') < 0) return null;  // another build's page
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
    for (const file of FILES) {
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
    for (const file of FILES) { if (await cache.match(here(file))) kept++; else missing.push(file); }
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

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  if (request.mode === "navigate") {  // the page, whatever its query (?deal=...)
    return await cache.match(request, { ignoreSearch: true }) || await cache.match(here("./"))
      || await cache.match(here("index.html"));
  }
  return cache.match(request.url);
}

// After a request found no network (it failed or gave no answer in TIMEOUT_MS), the next ones take the
// cache at once for NO_NETWORK_MS, not TIMEOUT_MS each: a page loads a dozen files one after another.
const NO_NETWORK_MS = 30000;
let noNetworkUntil = 0;

function ask(request) {
  // the runtime's files as CORS answers, whose status can be seen and which can be kept (a classic
  // script tag asks in no-cors mode, whose answer is opaque)
  return isRuntime(request.url) ? fetch(request.url, { mode: "cors", credentials: "omit" }) : fetch(request);
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
  noNetworkUntil = 0;
  if (isRuntime(request.url) && response.status === 200 && response.type !== "opaque") {
    const copy = response.clone();  // now: the page is about to read the response itself
    event.waitUntil((async () => {  // a runtime file loaded later (or changed on the CDN): kept
      const cache = await caches.open(CACHE);
      const old = await cache.match(request.url);
      const tag = copy.headers.get("ETag");
      if (!old || !tag || old.headers.get("ETag") !== tag) await keep(cache, request.url, copy);
    })());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !BUILD) return;
  if (!isRuntime(request.url) && !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(answer(event));
});
