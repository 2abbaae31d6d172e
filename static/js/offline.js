// The table's real network (docs/operations.md, "The table's network").
// A phone on the host's Wi-Fi loses its connection now and then (a locked phone, a laptop lid,
// a weak signal). This keeps the table usable meanwhile, on http as on https (it needs no
// service worker; the queue lives in the page and in localStorage):
// - the phone says at once that it is offline (the browser's "offline" event; a ping over the
//   live socket every few seconds for a connection that died without a word);
// - a play confirmed while offline (or whose answer never came) is kept in localStorage with an
//   idempotency key and sent when the connection is back, also after a reload; the server answers
//   a repeat of a recorded key with the original outcome, so nothing is recorded twice;
// - a kept play the table has moved past (stale expected_seq) is shown with what happened
//   meanwhile, and is sent again only when the player confirms it;
// - a hint, the referee or any other step asked offline says that it needs the connection;
// - back within about a second of unlocking: the socket is checked, replaced if dead, and the
//   kept plays are sent;
// - the page keeps the last state it showed, so a table page reopened offline (from the service
//   worker's cache, https) shows it, marked offline.
(function () {
  "use strict";
  var PING_EVERY_MS = 5000;
  var PONG_WAIT_MS = 2500;
  var PONG_WAIT_AWAKE_MS = 900; // after unlocking or coming online: a quick verdict
  var SEND_TIMEOUT_MS = 8000;

  var live = null;
  var kit = null;
  var tableId = null;
  var queueKey = null;
  var snapKey = null;
  var socketUp = false;
  var reachable = true; // the server answered the last probe (or play) over plain HTTP
  var probing = false;
  var suspect = null; // a pending ping's timer
  var pingTimer = null;
  var flushing = false;
  var sendAfterView = false; // the queue goes once the server's view after (re)connecting is in

  function text(name, values) {
    var s = (kit && kit.dataset[name]) || "";
    if (values) {
      Object.keys(values).forEach(function (k) { s = s.split("{" + k + "}").join(values[k]); });
    }
    return s;
  }
  // Offline: the phone has no network, or the server does not answer over HTTP either. With
  // only the live socket down (Redis stopped) plays still go straight to the server.
  function offline() { return !navigator.onLine || !reachable; }

  // Is the server there? A small page that is never cached (the worker passes it by).
  function probe() {
    if (probing || !live) return;
    if (!navigator.onLine) { reachable = false; showBanner(); return; }
    probing = true;
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, 4000);
    fetch("/manifest.webmanifest", { cache: "no-store", signal: controller ? controller.signal : undefined })
      .then(function (r) { return r.ok; }, function () { return false; })
      .then(function (ok) {
        clearTimeout(timer);
        probing = false;
        reachable = ok;
        showBanner();
        if (ok) reconnect();
        if (ok) flush();
      });
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID(); // secure contexts only
    var a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // --- the queue (localStorage, per table) ---------------------------------------------------
  function load() {
    try { return JSON.parse(localStorage.getItem(queueKey)) || []; } catch (e) { return []; }
  }
  function save(queue) {
    try {
      if (queue.length) localStorage.setItem(queueKey, JSON.stringify(queue));
      else localStorage.removeItem(queueKey);
    } catch (e) { /* storage full or refused: the page still holds it until it closes */ }
    memory = queue;
    render();
  }
  var memory = [];
  function queue() { return queueKey ? load() : memory; }

  // The kept plays are shown in the entry (where the phone's own plays are entered, in view
  // above the board), moved out while live updates replace the entry and in again after.
  function home(box) {
    var kit = document.getElementById("offline-kit");
    if (box && kit && box.parentNode !== kit.parentNode) kit.insertAdjacentElement("afterend", box);
  }
  document.addEventListener("htmx:oobBeforeSwap", function () { home(document.getElementById("queued-plays")); });
  document.addEventListener("htmx:beforeSwap", function () { home(document.getElementById("queued-plays")); });

  function render() {
    var box = document.getElementById("queued-plays");
    if (!box) return;
    var entry = document.getElementById("entry");
    var inEntry = entry && entry.querySelector("fieldset") ? entry : null;
    if (inEntry && box.parentNode !== inEntry) inEntry.insertBefore(box, inEntry.firstChild);
    var items = queue();
    var list = box.querySelector("ul");
    list.replaceChildren();
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.dataset.key = item.key;
      li.dataset.status = item.status;
      var said = document.createElement("b");
      said.textContent = item.said;
      li.append(said, " — ");
      if (item.status === "stale") {
        li.className = "stale";
        var what = document.createElement("p");
        what.textContent = text("staleIntro");
        li.append(what);
        var moved = document.createElement("ul");
        (item.meanwhile || []).forEach(function (line) {
          var m = document.createElement("li");
          m.textContent = line;
          moved.append(m);
        });
        li.append(moved);
        var ask = document.createElement("p");
        ask.textContent = text("staleAsk", { said: item.said });
        var again = document.createElement("button");
        again.type = "button";
        again.className = "queued-again";
        again.textContent = text("sendAgain");
        again.addEventListener("click", function () { confirmAgain(item.key); });
        var drop = document.createElement("button");
        drop.type = "button";
        drop.className = "secondary queued-drop";
        drop.textContent = text("drop");
        drop.addEventListener("click", function () { dropItem(item.key); });
        li.append(ask, again, " ", drop);
      } else if (item.status === "failed") {
        li.append(text("failed", { reason: item.reason || "" }), " ");
        var gone = document.createElement("button");
        gone.type = "button";
        gone.className = "secondary small queued-drop";
        gone.textContent = text("drop");
        gone.addEventListener("click", function () { dropItem(item.key); });
        li.append(gone);
      } else {
        li.append(text("waiting"));
      }
      list.append(li);
    });
    box.hidden = !items.length;
  }

  function dropItem(key) { save(queue().filter(function (i) { return i.key !== key; })); }

  function confirmAgain(key) {
    var status = document.getElementById("status");
    var seq = status ? status.dataset.seq : null;
    save(queue().map(function (i) {
      if (i.key !== key) return i;
      i.body.expected_seq = seq;
      i.status = "waiting";
      delete i.meanwhile;
      return i;
    }));
    flush();
  }

  // The play in words, as the phone showed it before Confirm (issue #36: never the label of
  // the button that sent it, "Confirm", nor the notation): the confirmation's sentence, the
  // in-page question, or a play button that says the play itself (the list of legal plays).
  function said(elt, config) {
    var form = elt.closest("form");
    var own = elt.closest("[data-said]");
    if (own && own.dataset.said) return own.dataset.said;
    var sentence = form && form.querySelector(".question, .confirm-said");
    if (sentence && sentence.textContent.trim()) return unask(sentence.textContent);
    var asked = elt.getAttribute("hx-confirm"); // "Give 5 face down to Cid?"
    if (asked) return unask(asked);
    var trigger = config.triggeringEvent;
    var button = (trigger && trigger.submitter) || (elt.tagName === "BUTTON" ? elt : null);
    if (button && button.classList.contains("legal-play") && button.textContent.trim()) {
      return button.textContent.replace(/\s+/g, " ").trim();
    }
    return text("aPlay");
  }
  function unask(words) { return words.replace(/\s+/g, " ").trim().replace(/\s*[?？]\s*$/, ""); }

  // One kept play per decision (issue #36): the decision is the position the play was made
  // against (its expected_seq) at this table. A second Confirm for the same decision replaces
  // the kept play and keeps its key: if the first one reached the server after all, the server
  // answers the key with what it recorded then, so the notice can only say what is true.
  function decisionOf(url, body) { return url + "|" + (body.expected_seq || ""); }
  function enqueue(config, words) {
    var body = {};
    config.formData.forEach(function (value, name) { body[name] = value; });
    var decision = decisionOf(config.path, body);
    var items = queue();
    var earlier = items.filter(function (i) {
      return i.key === body.idempotency_key || decisionOf(i.url, i.body) === decision;
    })[0];
    var item = {
      key: earlier ? earlier.key : body.idempotency_key || newKey(),
      url: config.path,
      body: body,
      said: words,
      at: Date.now(),
      status: "waiting",
    };
    item.body.idempotency_key = item.key;
    items = items.filter(function (i) { return i !== earlier; });
    items.push(item);
    save(items);
    showBanner();
    // at once and in view: the kept play is said where the phone's eyes are (the tray may be
    // scrolled to its Confirm)
    var box = document.getElementById("queued-plays");
    if (box && !box.hidden) box.scrollIntoView({ block: "nearest" });
  }

  // A queued play goes out as the page's own form would (the same fields and headers); the
  // answer is the referee's ruling followed by fresh live fragments, swapped like htmx's own.
  function flush() {
    if (flushing || offline()) return;
    var item = queue().filter(function (i) { return i.status === "waiting"; })[0];
    if (!item) return;
    flushing = true;
    var done = function () { flushing = false; };
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, SEND_TIMEOUT_MS);
    fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": csrf(),
        "HX-Request": "true",
        "HX-Target": "ruling",
      },
      body: new URLSearchParams(item.body).toString(),
      signal: controller ? controller.signal : undefined,
    }).then(function (response) {
      clearTimeout(timer);
      return response.text().then(function (html) { answered(item, response.status, html); });
    }, function () {
      clearTimeout(timer); // no answer: kept, sent again when the connection is back
      reachable = false;
      showBanner();
      markSuspect();
    }).then(done, done).then(function () {
      if (!flushing && !offline() && queue().some(function (i) { return i.status === "waiting"; })) {
        setTimeout(flush, 0);
      }
    });
  }

  function outcome(html) {
    var doc = new DOMParser().parseFromString("<body>" + html + "</body>", "text/html");
    var ruling = doc.getElementById("ruling");
    if (!ruling) return null;
    return ["recorded", "refused", "stale", "error"].filter(function (k) {
      return ruling.classList.contains(k);
    })[0] || null;
  }

  function answered(item, status, html) {
    if (status === 503 || status >= 500) return; // the server is there but cannot record: later
    var kind = status === 200 ? outcome(html) : null;
    var items = queue();
    var rest = items.filter(function (i) { return i.key !== item.key; });
    if (kind === "stale") {
      var from = Number(item.body.expected_seq);
      swapAnswer(html, true);
      item.status = "stale";
      item.meanwhile = meanwhile(from);
      save(rest.concat([item]));
      return;
    }
    if (kind === "recorded" || kind === "refused" || kind === "error") {
      // Recorded (now, or before: the answer to a repeated key), or refused by the rules with
      // the reasons: the ruling shows it, and the play leaves the queue.
      swapAnswer(html, false);
      save(rest);
      return;
    }
    item.status = "failed";
    item.reason = "HTTP " + status;
    save(rest.concat([item]));
  }

  function swapAnswer(html, freshOnly) {
    var ruling = document.getElementById("ruling");
    if (!ruling || !window.htmx) return;
    if (freshOnly) {
      // Only the fresh fragments: the "stale" ruling is said by the queue's own words.
      var holder = document.createElement("div");
      holder.innerHTML = html;
      var own = holder.querySelector("#ruling");
      if (own) own.remove();
      html = holder.innerHTML;
      htmx.swap(ruling, html, { swapStyle: "none" });
      return;
    }
    htmx.swap(ruling, html, { swapStyle: "outerHTML" });
  }

  // What happened since ``from``: the history's lines after it, as the page shows them.
  function meanwhile(from) {
    var lines = [];
    document.querySelectorAll("#history li[value]").forEach(function (li) {
      if (Number(li.getAttribute("value")) > from) {
        lines.push("#" + li.getAttribute("value") + " " + li.textContent.replace(/\s+/g, " ").trim());
      }
    });
    return lines.reverse();
  }

  // --- requests while offline ------------------------------------------------------------------
  function isPlay(config) { return config.verb === "post" && /\/play$/.test(config.path); }

  function needsConnection(elt, config) {
    var kind = /\/hint$/.test(config.path) ? "needHint"
      : /\/check$/.test(config.path) ? "needReferee" : "needConnection";
    var note = document.getElementById("offline-note");
    if (!note) {
      note = document.createElement("p");
      note.id = "offline-note";
      note.className = "offline-note";
      note.setAttribute("role", "alert");
    }
    note.textContent = text(kind);
    note.hidden = false;
    var anchor = elt === live ? null : elt.closest("form, .hint-bar, details, section, .cards, .moves") || elt;
    if (anchor) anchor.insertAdjacentElement("afterend", note);
    else live.insertBefore(note, live.firstChild);
  }
  function clearNote() {
    var note = document.getElementById("offline-note");
    if (note) note.hidden = true;
  }

  document.addEventListener("htmx:configRequest", function (evt) {
    var config = evt.detail;
    if (!live || !isPlay(config)) return;
    // Every play carries a key of its own: if its answer is lost, the play is sent again with
    // the same key and the server answers with what became of the first.
    var key = newKey();
    config.parameters.idempotency_key = key;
    if (!config.timeout) config.timeout = SEND_TIMEOUT_MS;
  });

  // While the live connection is down a confirmed play is kept at once (and sent by flush(),
  // which also tries over plain HTTP while only the socket is down: the server may record it
  // even when live updates cannot connect). Anything else asked while the phone has no network
  // says that it needs the connection; with a network it is tried.
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var config = evt.detail.requestConfig;
    if (!live || !config) return;
    if (!offline()) return watch(evt);
    if (isPlay(config)) {
      evt.preventDefault();
      enqueue(config, said(evt.detail.elt, config));
      flush();
    } else {
      evt.preventDefault();
      needsConnection(evt.detail.elt, config);
    }
  });

  // Sent, but no answer (the connection died on the way): the same key goes into the queue.
  // Heard on the request itself: htmx says it on the element that sent it, which a live
  // update may have replaced meanwhile (then no listener on the document hears it).
  function watch(evt) {
    var config = evt.detail.requestConfig;
    var xhr = evt.detail.xhr;
    if (!xhr || !config) return;
    var elt = evt.detail.elt;
    var words = isPlay(config) ? said(elt, config) : null;
    var lost = function () {
      reachable = false;
      markSuspect();
      if (words !== null) enqueue(config, words);
      else needsConnection(elt.isConnected ? elt : live, config);
      showBanner();
    };
    xhr.addEventListener("error", lost);
    xhr.addEventListener("timeout", lost);
  }
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (evt.detail.successful) clearNote();
  });

  // --- the live socket -------------------------------------------------------------------------
  // htmx's ws extension keeps its socket in the element's internal data (htmx 2: the
  // "htmx-internal-data" property): the only way to replace a socket that died without a close.
  function wrapper() {
    var data = live && live["htmx-internal-data"];
    return data && data.webSocket;
  }
  var patched = false;
  function patch() {
    var w = wrapper();
    if (!w || patched) return;
    patched = true;
    var init = w.init;
    w.reconnectNow = function () { init.call(w); };
    // The extension's own retry after a close: nothing to do when a socket is already open or
    // opening (this page reconnected first, on unlocking or coming back online).
    w.init = function () {
      var s = this.socket;
      if (s && (s.readyState === 0 || s.readyState === 1)) return;
      init.call(this);
    };
  }

  // Drop the current socket without its close reaching the extension (which would wait for a
  // dead connection's close and then back off), and open a new one now.
  function replaceSocket() {
    var w = wrapper();
    if (!w) return;
    patch();
    var old = w.socket;
    if (old && old.readyState === 1) {
      old.onclose = null;
      old.onerror = null;
      old.onmessage = null;
      try { old.close(); } catch (e) { /* already gone */ }
      socketUp = false;
      showBanner();
      w.reconnectNow();
    } else if (old && old.readyState === 3) {
      w.reconnectNow();
    }
  }

  // The server answers again: a closed socket is opened now, not after the backoff (the
  // server then sends the whole view: the phone shows its turn at once).
  function reconnect() {
    var w = wrapper();
    if (!w || !w.socket || w.socket.readyState !== 3) return;
    patch();
    w.reconnectNow();
  }

  function markSuspect() {
    if (!socketUp) return;
    socketUp = false;
    showBanner();
    replaceSocket();
  }

  function ping(wait) {
    var w = wrapper();
    if (!w || !w.socket || w.socket.readyState !== 1 || suspect) return;
    try { w.socket.send(JSON.stringify({ type: "ping" })); } catch (e) { return markSuspect(); }
    suspect = setTimeout(function () { suspect = null; markSuspect(); }, wait);
  }

  function schedulePings() {
    clearInterval(pingTimer);
    pingTimer = setInterval(function () {
      if (document.visibilityState !== "visible") return;
      if (socketUp) ping(PONG_WAIT_MS);
      else probe();
      flush();
    }, PING_EVERY_MS);
  }

  function awake() {
    if (!live || document.visibilityState !== "visible") return;
    if (!navigator.onLine) return showBanner();
    probe();
    var w = wrapper();
    if (!w || !w.socket) return;
    if (w.socket.readyState === 1) ping(PONG_WAIT_AWAKE_MS);
    else if (w.socket.readyState === 3) { patch(); w.reconnectNow(); }
    flush();
  }

  document.addEventListener("htmx:wsOpen", function () {
    patch();
    socketUp = true;
    reachable = true;
    if (suspect) { clearTimeout(suspect); suspect = null; }
    showBanner();
    schedulePings();
    // The server sends the whole view first; the queue goes once it is in (wsAfterMessage).
    sendAfterView = true;
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    saveSnapshot();
    if (sendAfterView) {
      sendAfterView = false;
      flush();
    }
  });
  document.addEventListener("htmx:wsClose", function () { socketUp = false; probe(); });
  document.addEventListener("htmx:afterSettle", function () { saveSnapshot(); markEntry(offline()); render(); });
  document.addEventListener("htmx:oobAfterSwap", function () { markEntry(offline()); render(); });
  document.addEventListener("htmx:wsBeforeMessage", function (evt) {
    var message = evt.detail.message;
    if (typeof message === "string" && message.indexOf('{"type": "pong"') === 0 || message === '{"type":"pong"}') {
      if (suspect) { clearTimeout(suspect); suspect = null; }
      evt.preventDefault();
    }
  });
  window.addEventListener("offline", function () {
    reachable = false;
    showBanner();
    replaceSocket(); // a socket over a network that is gone is gone, whatever it says
  });
  window.addEventListener("online", awake);
  document.addEventListener("visibilitychange", awake);
  window.addEventListener("pageshow", function (evt) { if (evt.persisted) awake(); });

  // The extension's own retries keep table.js's backoff (0.5 s doubling up to 8 s, with
  // jitter) also while the phone has no network (issue #36: it was a try a second, some 70 in
  // 75 s offline). Coming back does not wait for it: the "online" event, unlocking and a probe
  // that finds the server again each open a new socket at once (awake, reconnect).
  if (window.htmx && typeof htmx.config.wsReconnectDelay !== "function") {
    htmx.config.wsReconnectDelay = function (retryCount) {
      var cap = Math.min(8000, 500 * Math.pow(2, retryCount));
      return cap / 2 + Math.random() * cap / 2;
    };
  }

  // --- what the phone says ---------------------------------------------------------------------
  function showBanner() {
    var down = offline();
    document.body.classList.toggle("network-down", down);
    var banner = document.getElementById("offline");
    if (banner && down) banner.hidden = false;
    if (banner && !down && socketUp) banner.hidden = true; // else table.js says (its "fresh")
    var noLive = document.getElementById("no-live"); // one banner says it: this one
    if (noLive && down) noLive.hidden = true;
    var snap = document.getElementById("offline-snapshot");
    if (snap && !down) snap.hidden = true;
    markEntry(down);
  }

  // Offline, each way of entering a play on the page says what will become of it.
  function markEntry(down) {
    document.querySelectorAll("#entry form, #plays form.play-buttons, #referee form").forEach(function (form) {
      var play = /\/play$/.test(form.getAttribute("hx-post") || "") ||
        form.querySelector('[hx-post$="/play"]');
      var note = form.querySelector(":scope > .queue-note");
      if (!play || !down) {
        if (note) note.remove();
        return;
      }
      if (!note) {
        note = document.createElement("p");
        note.className = "queue-note";
        note.textContent = text("entryNote");
        form.append(note);
      }
    });
  }

  // --- the last state shown, for a page reopened offline ---------------------------------------
  var snapTimer = null;
  function saveSnapshot() {
    clearTimeout(snapTimer);
    snapTimer = setTimeout(function () {
      var status = document.getElementById("status");
      if (!live || !status) return;
      try {
        localStorage.setItem(snapKey, JSON.stringify({ seq: Number(status.dataset.seq), who: whoAmI(), html: live.innerHTML, at: Date.now() }));
      } catch (e) { /* full: the cached page still shows its own state */ }
    }, 400);
  }
  function whoAmI() {
    var you = document.querySelector("#status .you");
    return you ? you.textContent.trim() : "";
  }
  // The phone changed hands (another seat, the host, a spectator): the last state kept for the
  // table was another reader's, and the next user of the phone never reads it (issue #37).
  function forgetOtherReaders() {
    var snap;
    try { snap = JSON.parse(localStorage.getItem(snapKey)); } catch (e) { snap = null; }
    if (snap && snap.who !== whoAmI()) localStorage.removeItem(snapKey);
  }
  function restoreSnapshot() {
    var status = document.getElementById("status");
    var snap;
    try { snap = JSON.parse(localStorage.getItem(snapKey)); } catch (e) { snap = null; }
    // Only this phone's own view (the same seat), and only when it is newer than the page.
    if (!snap || !status || snap.who !== whoAmI() || snap.seq <= Number(status.dataset.seq)) return;
    live.innerHTML = snap.html;
    // Its children only: processing the element itself would open a second socket.
    if (window.htmx) Array.prototype.forEach.call(live.children, function (c) { htmx.process(c); });
    var note = document.getElementById("offline-snapshot");
    if (note) {
      note.textContent = text("snapshot", { seq: snap.seq });
      note.hidden = false;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    live = document.getElementById("live");
    kit = document.getElementById("offline-kit");
    if (!live || !kit) return;
    tableId = live.dataset.table;
    queueKey = "table-companion-queue:" + tableId;
    snapKey = "table-companion-view:" + tableId;
    reachable = navigator.onLine;
    if (!navigator.onLine) restoreSnapshot();
    else forgetOtherReaders();
    render();
    showBanner();
    schedulePings();
    if (!navigator.onLine) {
      var note = document.getElementById("offline-snapshot");
      if (note && note.hidden) {
        note.textContent = text("snapshotPage");
        note.hidden = false;
      }
    }
  });

  window.TableOffline = { queue: queue, flush: flush, keepsEntry: true };
})();
