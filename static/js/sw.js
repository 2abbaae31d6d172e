// The service worker (served at /sw.js by companion/core/app_shell.py, which puts SHELL before
// this: the version, the static files of the app shell, the words of the offline page).
// Over HTTPS only (and on localhost). Static files come from the cache (a new release brings a
// new version and a new cache). Of the pages, it keeps only what it may show the next reader of
// this phone (issue #37): the rules pages, the same for everyone, and a table's own page
// (/t/<id>/) under the reader the server named in X-Table-Reader (a seat, the host, a
// spectator): when the reader of a table changes, or the phone posts to the table's seat page
// (takes or asks for a seat), every page kept of that table is dropped first. Records,
// summaries, replays and fragments are never kept: offline they are not there. A table reopened
// offline shows the last state its reader saw (static/js/offline.js marks it offline). Plays
// never pass here: offline.js keeps them in the page's own storage, on http as on https.
/* global SHELL */
"use strict";
var STATIC = "static-" + SHELL.version;
var PAGES = "pages-by-reader"; // "pages" (kept by path alone, whoever read them) is dropped
var KEEP_PAGES = 20;
var TABLE_PAGE = /^\/t\/([^/]+)\/$/; // a table's own page: kept per reader
var SEAT_PAGE = /^\/t\/([^/]+)\/seats(\/|$)/; // a post here may change the phone's seat
var SHARED_PAGE = /^\/rules\//; // the same for every reader
var READER = "/__reader__/"; // + table id: the reader the kept pages of the table belong to

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(SHELL.files);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return (key.indexOf("static-") === 0 && key !== STATIC) || key === "pages";
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

// Every page kept of a table, and the note of whose they are, dropped.
function forgetTable(table) {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        var path = new URL(key.url).pathname;
        return path === READER + table || path.indexOf("/t/" + table + "/") === 0;
      }).map(function (key) { return cache.delete(key); }));
    });
  });
}

function readerOf(table) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(READER + table);
  }).then(function (hit) { return hit ? hit.text() : null; });
}

function keepPage(path, response) {
  var table = (TABLE_PAGE.exec(path) || [])[1];
  var reader = response.headers.get("X-Table-Reader");
  if (!table && !SHARED_PAGE.test(path)) return Promise.resolve();
  if (table && !reader) return forgetTable(table); // a page that names no reader: keep none
  var first = table ? readerOf(table).then(function (kept) {
    if (kept !== reader) return forgetTable(table);
  }) : Promise.resolve();
  return first.then(function () { return caches.open(PAGES); }).then(function (cache) {
    var notes = table ? cache.put(READER + table, new Response(reader)) : Promise.resolve();
    return notes.then(function () { return cache.put(path, response); }).then(function () {
      return cache.keys();
    }).then(function (keys) {
      var pages = keys.filter(function (key) { return new URL(key.url).pathname.indexOf(READER) !== 0; });
      return Promise.all(pages.slice(0, Math.max(0, pages.length - KEEP_PAGES)).map(function (key) {
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
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Taking or asking for a seat: what was kept of the table belonged to another reader.
    var seats = SEAT_PAGE.exec(url.pathname);
    if (seats) event.respondWith(forgetTable(seats[1]).then(function () { return fetch(request); }));
    return;
  }
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
  var path = url.pathname;
  var kept = TABLE_PAGE.test(path) || SHARED_PAGE.test(path);
  event.respondWith(fetch(request).then(function (response) {
    if (kept && response.ok && response.type === "basic" && !url.search) {
      event.waitUntil(keepPage(path, response.clone()));
    }
    return response;
  }, function () {
    if (!kept) return offlinePage(); // a record, a summary, a seat's fragment: never kept
    return caches.open(PAGES).then(function (cache) {
      return cache.match(path);
    }).then(function (hit) { return hit || offlinePage(); });
  }));
});
