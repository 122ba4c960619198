/* Keeps the whole site but its videos for offline use. Several programs may share one
   origin (two sites of one GitHub Pages account, at /spring/ and /fall/), and every
   origin has one set of caches: so a cache is named after the program, the worker's
   scope and the bundle hash, and a worker only ever removes caches of its own scope.
   A new build installs a new cache and removes the one it replaces. */
'use strict';
var VERSION = '__FOLIO_VERSION__';
var PROGRAM = __FOLIO_PROGRAM__;
var FILES = __FOLIO_FILES__;
var SCOPE = self.registration.scope;
var CACHE = 'folio ' + PROGRAM + ' ' + VERSION + ' ' + SCOPE;

/* One scope has one worker, so every cache named for this scope is this worker's to
   replace, whichever program made it (a program published over another at the same
   address). A cache named before names held the scope ('folio-' and the hash) is this
   scope's when it keeps this scope's welcome page; another scope's is left alone. Those
   older workers remove every name that starts with 'folio-', so the names made here
   start with 'folio ' and are out of their reach. */
function isOwnOldCache(name) {
  if (name === CACHE) return Promise.resolve(false);
  var parts = name.split(' ');
  if (parts[0] === 'folio' && parts.length === 4) return Promise.resolve(parts[3] === SCOPE);
  if (!/^folio-[^ ]*$/.test(name)) return Promise.resolve(false);
  return caches.open(name).then(function (cache) { return cache.match(SCOPE + 'index.html'); }).then(function (hit) { return !!hit; });
}

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.map(function (name) {
      return isOwnOldCache(name).then(function (own) { return own && caches.delete(name); });
    }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // Pages are found with or without their query (search.html?q=...); the network is the
  // fallback for anything not kept, such as videos.
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreSearch: request.mode === 'navigate' }).then(function (hit) {
      return hit || fetch(request).catch(function () {
        return request.mode === 'navigate' ? cache.match('index.html') : Response.error();
      });
    });
  }));
});
