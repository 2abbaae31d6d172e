"""The service worker's cache rules (static/js/sw.js, issue #37 F2), run in Node with the
browser's Cache and fetch stood in: a table's page is kept per reader (X-Table-Reader) and
dropped when the reader changes or the phone posts to the table's seat page; records and
summaries are never kept, so offline they are not served to the next user of the phone.

The same rules in a real browser, a phone changing seats and going offline:
tests/e2e/test_shared_phone_offline.py."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from django.contrib.staticfiles import finders

HARNESS = r"""
const fs = require("fs");
const source = fs.readFileSync(process.argv[1], "utf8");
const store = new Map();  // cache name -> Map(url -> {body, headers})
let online = true;
const server = JSON.parse(fs.readFileSync(0, "utf8"));  // path -> {body, reader}
class FakeResponse {
  constructor(body, init) {
    this.body = body == null ? "" : String(body);
    this.headers = new Map(Object.entries((init && init.headers) || {}));
    this.headers.get = Map.prototype.get.bind(this.headers);
    this.ok = true; this.type = "basic";
  }
  clone() { const r = new FakeResponse(this.body); r.headers = this.headers; return r; }
  text() { return Promise.resolve(this.body); }
}
function open(name) {
  if (!store.has(name)) store.set(name, new Map());
  const entries = store.get(name);
  const key = (k) => new URL(typeof k === "string" ? k : k.url, "https://t.example").href;
  return Promise.resolve({
    put: (k, r) => { entries.set(key(k), r); return Promise.resolve(); },
    match: (k) => Promise.resolve(entries.get(key(k))),
    delete: (k) => Promise.resolve(entries.delete(key(k))),
    keys: () => Promise.resolve([...entries.keys()].map((url) => ({ url }))),
    addAll: () => Promise.resolve(),
  });
}
const listeners = {};
const context = {
  SHELL: { version: "v", files: [], offline: "OFFLINE" },
  self: { addEventListener: (t, f) => { listeners[t] = f; },
          location: { origin: "https://t.example" },
          skipWaiting: () => Promise.resolve(), clients: { claim: () => Promise.resolve() } },
  caches: { open, keys: () => Promise.resolve([...store.keys()]),
            delete: (n) => Promise.resolve(store.delete(n)),
            match: () => Promise.resolve(undefined) },
  fetch: (request) => {
    if (!online) return Promise.reject(new TypeError("offline"));
    const path = new URL(request.url).pathname;
    const page = server[path] || { body: "page " + path };
    const headers = { "Content-Type": "text/html" };
    if (page.reader) headers["X-Table-Reader"] = page.reader;
    return Promise.resolve(new FakeResponse(page.body, { headers }));
  },
  Response: FakeResponse, URL, Promise, console,
};
new Function(...Object.keys(context), source)(...Object.values(context));
async function go(method, path) {
  let answer = null; const waits = [];
  const event = {
    request: { method, url: "https://t.example" + path, mode: "navigate" },
    respondWith: (p) => { answer = p; },
    waitUntil: (p) => { waits.push(p); },
  };
  listeners.fetch(event);
  const response = answer ? await answer : null;
  await Promise.all(waits);
  for (let i = 0; i < 3; i++) await Promise.all(waits);  // waits added while settling
  return response ? response.body : null;
}
(async () => {
  const seen = {};
  await listeners.activate({ waitUntil: (p) => p });
  // Ann's phone reads her page and her record
  seen.ann_page = await go("GET", "/t/T1/");
  seen.ann_record = await go("GET", "/t/T1/record.json");
  // offline: her own table page is there, her record is not kept
  online = false;
  seen.offline_ann_page = await go("GET", "/t/T1/");
  seen.offline_record = await go("GET", "/t/T1/record.json");
  seen.offline_summary = await go("GET", "/t/T1/summary");
  online = true;
  // the phone takes Ben's seat: the post to the seat page drops what was kept of the table
  await go("POST", "/t/T1/seats");
  online = false;
  seen.offline_after_post = await go("GET", "/t/T1/");
  online = true;
  server["/t/T1/"] = { body: "Ben's view", reader: "ben" };
  seen.ben_page = await go("GET", "/t/T1/");
  online = false;
  seen.offline_ben_page = await go("GET", "/t/T1/");
  online = true;
  // another reader without a post (the host moved the seat away): the page is replaced
  server["/t/T1/"] = { body: "spectator view", reader: "spectator" };
  await go("GET", "/t/T1/");
  online = false;
  seen.offline_spectator = await go("GET", "/t/T1/");
  seen.offline_rules = await go("GET", "/rules/dog/");
  online = true;
  await go("GET", "/rules/dog/");
  online = false;
  seen.offline_rules_kept = await go("GET", "/rules/dog/");
  const kept = store.get("pages-by-reader") || new Map();
  seen.kept = [...kept.keys()].map((u) => new URL(u).pathname).sort();
  process.stdout.write(JSON.stringify(seen));
})();
"""


def test_pages_are_kept_per_reader_and_records_never():
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the service worker was not run")
    pages = {"/t/T1/": {"body": "Ann's view with her hand", "reader": "ann"},
             "/t/T1/record.json": {"body": "Ann's record with her hand"},
             "/t/T1/summary": {"body": "Ann's summary"}}
    run = subprocess.run(
        ["node", "-e", HARNESS, finders.find("js/sw.js")], input=json.dumps(pages),
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    assert seen["ann_page"] == "Ann's view with her hand"
    assert seen["ann_record"] == "Ann's record with her hand"  # online: the network's answer
    assert seen["offline_ann_page"] == "Ann's view with her hand"  # the same reader, offline
    assert "OFFLINE" in seen["offline_record"] and "OFFLINE" in seen["offline_summary"]
    assert "OFFLINE" in seen["offline_after_post"]  # a seat taken: nothing of Ann's is left
    assert seen["offline_ben_page"] == "Ben's view"
    assert seen["offline_spectator"] == "spectator view"
    assert "OFFLINE" in seen["offline_rules"] and seen["offline_rules_kept"] == "page /rules/dog/"
    assert seen["kept"] == ["/__reader__/T1", "/rules/dog/", "/t/T1/"]
