// The service worker (served at /sw.js by companion/core/app_shell.py, which puts SHELL before
// this: the version, the static files of the app shell, the words of the offline page).
// Over HTTPS only. Static files come from the cache (a new release brings a new version and a
// new cache); pages come from the network, and the last copy of each is kept for when there is
// none: a table reopened offline shows its last state (static/js/offline.js marks it offline
// and puts in what the live updates brought since). Plays never pass here: offline.js keeps
// them in the page's own storage, on http as on https.
/* global SHELL */
"use strict";
var STATIC = "static-" + SHELL.version;
var PAGES = "pages";
var KEEP_PAGES = 20;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(SHELL.files);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf("static-") === 0 && key !== STATIC;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function keepPage(path, response) {
  return caches.open(PAGES).then(function (cache) {
    return cache.put(path, response).then(function () { return cache.keys(); }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_PAGES)).map(function (key) {
        return cache.delete(key);
      }));
    });
  });
}

function offlinePage() {
  return new Response("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<p style='font: 17px system-ui; padding: 1rem'>" + SHELL.offline + "</p>",
    { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(STATIC).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      });
    }));
    return;
  }
  if (request.mode !== "navigate") return; // fragments, the API, the socket: the network only
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") event.waitUntil(keepPage(url.pathname, response.clone()));
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(url.pathname);
    }).then(function (hit) { return hit || offlinePage(); });
  }));
});
