// The service worker of the browser build: it keeps the page's files in
// a cache of the build's own, so that the game opens offline once it has
// been loaded. `make wasm` writes the build's version over the
// placeholder below, so that a new build is a new worker (its bytes
// differ): it fetches the new files into a cache of its own, takes over
// and deletes the caches of older builds. Saved maps are not here: they
// stay in the browser's storage (web/store).
"use strict";
const VERSION = "@BUILD@";
const CACHE = "hexsandbox-" + VERSION;
// The page's files; a navigation to the folder is index.html.
const FILES = ["index.html", "wasm_exec.js", "hexsandbox.wasm", "manifest.webmanifest", "icon-192.png", "icon-512.png"];

self.addEventListener("install", (e) => {
  // Revalidated, not taken from the HTTP cache unasked: the files of
  // this build, all of them or the worker does not install.
  e.waitUntil(caches.open(CACHE)
    .then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("hexsandbox-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// fileOf is the name in FILES a request of the page asks for, or "".
function fileOf(req) {
  const url = new URL(req.url);
  const base = new URL("./", self.registration.scope);
  if (req.method !== "GET" || url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    return "";
  }
  const name = url.pathname.slice(base.pathname.length);
  if (name === "" && req.mode === "navigate") {
    return "index.html";
  }
  return FILES.includes(name) ? name : "";
}

// The page's files come from this build's cache (the network only if
// the cache lost one); everything else goes to the network untouched.
self.addEventListener("fetch", (e) => {
  const name = fileOf(e.request);
  if (!name) {
    return;
  }
  e.respondWith(caches.open(CACHE)
    .then((c) => c.match(name))
    .then((hit) => hit || fetch(e.request)));
});
