/* Keeps the whole site but its videos for offline use. The cache is named after the
   bundle hash, so a new build installs a new cache and removes the old one. */
'use strict';
var VERSION = '__FOLIO_VERSION__';
var FILES = __FOLIO_FILES__;
var CACHE = 'folio-' + VERSION;

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf('folio-') === 0 && name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
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
