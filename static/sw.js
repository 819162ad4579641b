// Easy Harp & Eight Off: offline play after the first visit (a service worker).
// pygbag copies static/ next to index.html (build/web/sw.js); it is never in the .apk.
//
// The page registers this file as sw.js?build=KEY once the game has drawn its first frame, KEY being
// the SHA-256 of the .apk it started (page.tmpl, keepForOffline). Then the page hands over the
// addresses it loaded (itself, the pinned runtime files from the CDN; the .apk it puts there itself) and they are kept in
// one cache named after that build. A new build has a new KEY: a new worker, a new cache, and the old
// caches are deleted when it takes over, so nobody gets a stale game.
//
// Requests are answered from the network first, always; only when the network fails (offline, the
// host or the CDN down) from the cache. The worker itself never writes what it fetches into the cache:
// the cache holds exactly what a page that started has listed, one build's files.
"use strict";
const BUILD = new URL(self.location.href).searchParams.get("build") || "none";
const PREFIX = "easy-harp-eight-off-";
const CACHE = PREFIX + BUILD;
// pygbag's CDN: the pinned 0.9.3 runtime (page.tmpl) and, at its root, the package index
// (index-0.9.3-cp312.json) and wheels (cp312/pygame_ce-...whl) the runtime installs main.py's
// dependencies from (pygbag's aio/pep0723.py, async_repos)
const RUNTIME = "https://pygame-web.github.io/cdn/";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function ours(url) {
  return url.startsWith(self.registration.scope) || url.startsWith(RUNTIME);
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type !== "keep" || message.build !== BUILD) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let kept = 0;
    for (const url of message.urls || []) {
      if (!ours(url)) continue;
      // what a visit before kept stays (the runtime's files are megabytes); the page is fetched anew
      if (url !== message.urls[0] && await cache.match(url)) { kept++; continue; }
      try {
        // a CORS response where the host allows it (GitHub Pages does): it also answers the page's
        // module script (pythons.js), which an opaque no-cors response cannot
        let response;
        try { response = await fetch(url, { mode: "cors", credentials: "omit" }); }
        catch (error) { response = await fetch(url, { mode: "no-cors", credentials: "omit" }); }
        if (response.ok || response.type === "opaque") { await cache.put(url, response); kept++; }
      } catch (error) { /* offline again: keep what there is */ }
    }
    // the .apk: the page put its own copy in this cache before asking
    if (await cache.match(message.archive || "-")) kept++;
    if (event.source) event.source.postMessage({ type: "kept", build: BUILD, count: kept });
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !ours(request.url)) return;
  event.respondWith((async () => {
    try {
      return await fetch(request);
    } catch (error) {
      const cache = await caches.open(CACHE);
      const page = request.mode === "navigate";
      const kept = await cache.match(request, { ignoreSearch: page })
        || (page ? await cache.match(self.registration.scope, { ignoreSearch: true })
                   || await cache.match(self.registration.scope + "index.html", { ignoreSearch: true }) : null);
      if (kept) return kept;
      throw error;
    }
  })());
});
