// Live table: while the websocket is down, say so and pause the play entry if the state shown
// may be old (a play entered against an old position would only be refused as stale). The server
// re-sends the whole seat view on every (re)connect, so nothing else needs resynchronising here.
// Keyboards and screen readers: after a step of the entry the focus moves to the new step, after
// a play to the referee's answer, and the "All legal plays" list keeps what was open across
// live updates. Motion (scrolling) follows prefers-reduced-motion.
(function () {
  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  // Reconnecting: htmx's ws extension retries after an abnormal close (1006: the server went
  // away or refused the connection, as it does while its database is down; 1011 when it
  // failed), by default with a backoff that grows to 64 s. A phone at the table should be back
  // within seconds of the server: the wait doubles from 0.5 s up to 8 s, with jitter so that
  // phones spread out.
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retryCount) {
      var cap = Math.min(8000, 500 * Math.pow(2, retryCount));
      return cap / 2 + Math.random() * cap / 2;
    };
  }

  // Live updates (docs/tables.md, "Live updates"). On (re)connect and on a resync the server
  // sends every live fragment as HTML, which the ws extension swaps; a marker comment before
  // each (<!--live:board-->) lets this keep each fragment's text, and <!--live-seq:N--> its seq.
  // After that a play sends a JSON delta: only the fragments that changed, whole or as an edit
  // of the text kept here (keep / drop counts of its chunks, cut after each ">" and line end,
  // text). A delta that does not start at the seq kept here (a message was missed) or an edit
  // that does not come out at the announced length asks for the whole view again.
  var liveSeq = null;
  var liveParts = {};
  var syncing = false;
  function chunks(text) {
    return text.match(/[^>\n]*[>\n]|[^>\n]+$/g) || [];
  }
  function applyEdit(old, ops) {
    var a = chunks(old);
    var at = 0;
    var out = [];
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i];
      if (typeof op === "string") {
        out.push(op);
      } else if (op > 0) {
        out.push(a.slice(at, at + op).join(""));
        at += op;
      } else {
        at -= op;
      }
    }
    out.push(a.slice(at).join(""));
    return out.join("");
  }
  function resync(socket) {
    liveSeq = null;
    liveParts = {};
    syncing = true;
    socket.send(JSON.stringify({ type: "sync" }));
  }
  function applyDelta(message, socket) {
    if (liveSeq === null) {
      if (!syncing) resync(socket);
      return;
    }
    if (message.base !== liveSeq) return resync(socket);
    var html = [];
    var next = {};
    for (var name in message.parts) {
      var part = message.parts[name];
      var text = part;
      if (typeof part !== "string") {
        if (liveParts[name] === undefined) return resync(socket);
        text = applyEdit(liveParts[name], part.ops);
        if (text.length !== part.n) return resync(socket);
      }
      next[name] = text;
      html.push(text);
    }
    for (var key in next) liveParts[key] = next[key];
    liveSeq = message.seq;
    var live = document.getElementById("live");
    // A page that does not show a part (the presenter has no entry, notices or counter)
    // leaves it out: htmx would log "oobErrorNoTarget" for each.
    html = Object.keys(next).filter(shown).map(function (name) { return next[name]; });
    if (html.length && live) htmx.swap(live, html.join(""), { swapStyle: "none" });
    markLive();
  }
  // What the page shows is the server's view at this seq: #live says so (data-live-seq), and
  // counts the views and deltas it took (data-live-messages), so that a test (or a person
  // debugging) can wait on the page's own state rather than on time (issue #36).
  var liveMessages = 0;
  function markLive() {
    var live = document.getElementById("live");
    if (!live || liveSeq === null) return;
    liveMessages += 1;
    live.dataset.liveSeq = String(liveSeq);
    live.dataset.liveMessages = String(liveMessages);
  }
  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var text = evt.detail && evt.detail.message;
    if (typeof text === "string" && text.indexOf("<!--live-seq:") === 0) {
      // The game summary belongs to a game that is over: an undo or a correction of its last
      // play takes the status line's request for it away, and with it the summary shown.
      var slot = document.getElementById("summary-slot");
      if (slot && slot.firstElementChild && !document.querySelector('[hx-target="#summary-slot"]')) {
        slot.textContent = "";
      }
      markLive();
    }
  });
  function shown(name) { return !!document.getElementById(name); }
  document.addEventListener("htmx:wsBeforeMessage", function (evt) {
    var text = evt.detail.message;
    if (typeof text !== "string") return;
    if (text.indexOf("<!--live-seq:") === 0) {
      var pieces = text.split(/<!--live:(\w+)-->/);
      liveSeq = parseInt(text.slice(13), 10);
      liveParts = {};
      syncing = false;
      var kept = [];
      for (var i = 1; i + 1 < pieces.length; i += 2) {
        liveParts[pieces[i]] = pieces[i + 1];
        if (shown(pieces[i])) kept.push(pieces[i + 1]);
      }
      if (kept.length * 2 === pieces.length - 1) return; // the ws extension swaps them all
      // Only the parts this page shows (the presenter): swapped here, and said as the
      // extension would have said it.
      evt.preventDefault();
      var live = document.getElementById("live");
      if (live) htmx.swap(live, kept.join(""), { swapStyle: "none" });
      htmx.trigger(document.body, "htmx:wsAfterMessage", { message: text });
      return;
    }
    if (text.charAt(0) !== "{") return; // a hint's fragments
    evt.preventDefault();
    var message;
    try {
      message = JSON.parse(text);
    } catch (e) {
      return;
    }
    if (message.type === "delta") applyDelta(message, evt.detail.socketWrapper);
  });
  document.addEventListener("htmx:wsClose", function (evt) {
    liveSeq = null; // the server sends the whole view again on reconnect
    syncing = true;
    // 4001: the host gave this phone's seat to another phone (play/seating.py); the page
    // loads again as what the phone is now (its seat's forms and cards gone).
    var closed = evt.detail && evt.detail.event;
    if (closed && closed.code === 4001) window.location.reload();
  });

  // The entry's steps travel in the body of a POST, not in the URL: "?card=7" or a hand's
  // pick would stand in every access log and proxy (a seat's cards are private). The templates
  // keep the steps in hx-get URLs (links that work without script); here they are moved.
  var ENTRY_PATH = /\/t\/[^/]+\/entry(\?|$)/;
  function isEntry(config) { return !!(config && config.path && ENTRY_PATH.test(config.path)); }
  document.addEventListener("htmx:configRequest", function (evt) {
    var d = evt.detail;
    if (d.verb !== "get" || !isEntry(d)) return;
    var at = d.path.indexOf("?");
    if (at >= 0) {
      new URLSearchParams(d.path.slice(at + 1)).forEach(function (value, key) {
        d.parameters[key] = value;
      });
      d.path = d.path.slice(0, at);
    }
    d.verb = "post";
    d.useUrlParams = false;
    // htmx set no Content-Type for what was a GET: without it the body arrives as text/plain
    d.headers["Content-Type"] = "application/x-www-form-urlencoded";
  });

  // A tap the server could not serve because its database or Redis is down (503) says why
  // instead of doing nothing; the next tap that works clears it.
  function showTrouble(message) {
    var note = document.getElementById("trouble");
    if (!note && !message) return;
    if (!note) {
      var anchor = document.getElementById("live");
      if (!anchor) return;
      note = document.createElement("p");
      note.id = "trouble";
      note.className = "offline-banner";
      note.setAttribute("role", "alert");
      anchor.parentNode.insertBefore(note, anchor);
    }
    note.textContent = message;
    note.hidden = !message;
  }
  document.addEventListener("htmx:responseError", function (evt) {
    var xhr = evt.detail.xhr;
    if (xhr && xhr.status === 503) showTrouble(xhr.responseText);
    // A step of the entry that is no longer on offer (the table moved on under the tap) says
    // why (the 400 names the step) instead of doing nothing.
    var config = evt.detail.requestConfig;
    if (xhr && xhr.status === 400 && isEntry(config)) {
      showTrouble(xhr.responseText);
    }
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (evt.detail.successful) showTrouble("");
  });

  function setOnline(online) {
    // With static/js/offline.js the entry stays usable: a play confirmed offline is kept.
    var keeps = !!(window.TableOffline && window.TableOffline.keepsEntry);
    document.body.classList.toggle("offline", !online && !keeps);
    var banner = document.getElementById("offline");
    if (banner) banner.hidden = online;
    document.querySelectorAll("#entry fieldset, #plays fieldset, .hand-entry fieldset").forEach(function (f) {
      f.disabled = !online && !keeps;
    });
  }

  // Move the focus to `el` (made focusable if needed) and bring it into view, smoothly only
  // when the phone allows motion.
  function focusOn(el) {
    if (!el) return;
    if (el.tabIndex < 0 && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.scrollIntoView({ block: "nearest", behavior: reducedMotion.matches ? "auto" : "smooth" });
    el.focus({ preventScroll: true });
  }

  function focusLost() {
    var active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  }

  // Without the live connection, the entry pauses only while the state on the page may be old
  // (its connection dropped). A page whose state has just come from the server (loaded, or the
  // answer to a play, which carries fresh fragments) keeps it even when live updates cannot
  // connect (Redis down): a play against a table that moved on is only refused as stale, with
  // the new state. "no-live" says that the others' plays need a reload meanwhile.
  var live = false;
  var fresh = true;
  function showConnection() {
    setOnline(live || fresh);
    var noLive = document.getElementById("no-live");
    if (noLive) noLive.hidden = live || !fresh;
  }
  document.addEventListener("htmx:wsOpen", function () { live = true; fresh = true; showConnection(); });
  function lost() {
    if (live) fresh = false;
    live = false;
    showConnection();
  }
  document.addEventListener("htmx:wsClose", lost);
  document.addEventListener("htmx:wsError", lost);
  document.addEventListener("htmx:afterRequest", function (evt) {
    var config = evt.detail.requestConfig;
    if (!live && evt.detail.successful && config && config.verb === "post") {
      fresh = true;
      showConnection();
    }
  });
  // A fragment swapped in while offline must stay disabled.
  document.addEventListener("htmx:afterSwap", function () {
    if (document.body.classList.contains("offline")) setOnline(false);
  });

  // In-page confirmation instead of the browser's confirm(): every hx-confirm (DOG's give and
  // fold, Life is Life's knock, …) shows its question right after the control that asked, with
  // Confirm and Back (labels from the nearest data-confirm-ok/-cancel, in the page's language);
  // the focus goes to Confirm. Only Confirm sends the request.
  document.addEventListener("htmx:confirm", function (evt) {
    var question = evt.detail.question;
    if (!question) return;
    evt.preventDefault();
    var elt = evt.detail.elt;
    var old = document.getElementById("inline-confirm");
    if (old) old.remove();
    var labels = elt.closest("[data-confirm-ok]") || document.querySelector("[data-confirm-ok]");
    var box = document.createElement("div");
    box.id = "inline-confirm";
    box.className = "inline-confirm";
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-labelledby", "inline-confirm-question");
    var text = document.createElement("p");
    text.id = "inline-confirm-question";
    text.textContent = question;
    var yes = document.createElement("button");
    yes.type = "button";
    yes.className = "big confirm-yes";
    yes.textContent = labels ? labels.dataset.confirmOk : "Confirm";
    var no = document.createElement("button");
    no.type = "button";
    no.className = "secondary confirm-no";
    no.textContent = labels ? labels.dataset.confirmCancel : "Back";
    // A form sent by one of its buttons (name=action value=knock): htmx has forgotten which
    // button by the time Confirm is tapped, so its name and value go along as a hidden field.
    var trigger = evt.detail.triggeringEvent;
    var submitter = trigger && trigger.submitter;
    yes.addEventListener("click", function () {
      box.remove();
      if (submitter && submitter.name && elt.tagName === "FORM") {
        var field = elt.querySelector("input.confirmed-submitter") || document.createElement("input");
        field.type = "hidden";
        field.className = "confirmed-submitter";
        field.name = submitter.name;
        field.value = submitter.value;
        elt.appendChild(field);
      }
      evt.detail.issueRequest(true);
    });
    no.addEventListener("click", function () {
      box.remove();
      if (elt.isConnected) elt.focus();
    });
    box.append(text, yes, no);
    var anchor = elt.closest("form, .cards") || elt;
    anchor.insertAdjacentElement("afterend", box);
    // At once, not smoothly: the question and Confirm are on screen when the finger comes
    // back (in the tray, the box may open below its fold).
    yes.scrollIntoView({ block: "nearest" });
    focusOn(yes);
  });

  // The board's tap targets (SVG, role=button) work with Enter and Space like buttons.
  document.addEventListener("keydown", function (evt) {
    var tap = evt.target.closest && evt.target.closest(".tap-layer .tap");
    if (!tap || (evt.key !== "Enter" && evt.key !== " ")) return;
    evt.preventDefault();
    tap.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });

  // After a tap, put the focus where the next step is: the new step of the entry (its
  // heading), or the referee's answer when the play's button is gone. A tap on the board
  // (the tap layer over it) keeps the board in view while it offers the next choice: the
  // focus moves to the first new target only when the tap came from the keyboard.
  var playedFromList = false;
  var boardTap = null;
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var plays = document.getElementById("plays");
    playedFromList = !!(plays && plays.contains(evt.detail.elt) && evt.detail.requestConfig.verb === "post");
    var tap = evt.detail.elt.closest && evt.detail.elt.closest(".tap-layer");
    var trigger = evt.detail.requestConfig.triggeringEvent;
    boardTap = tap ? { keyboard: !!(trigger && trigger.type === "click" && trigger.detail === 0) } : null;
  });
  document.addEventListener("htmx:afterSettle", function (evt) {
    // An outerHTML swap leaves detail.target pointing at the replaced element: look it up again.
    var swapped = evt.detail.target;
    var target = swapped && swapped.id ? document.getElementById(swapped.id) : null;
    if (!target || !evt.detail.requestConfig) return;
    if (target.id === "entry" && isEntry(evt.detail.requestConfig)) {
      // The board swapped out of band settles first, under the same target: wait for the entry.
      var settled = evt.detail.elt;
      if (settled && settled.id && settled.id !== "entry") return;
      var fromBoard = boardTap;
      boardTap = null;
      var next = document.querySelector("#board .tap-layer .tap");
      if (fromBoard && next) {
        if (fromBoard.keyboard) next.focus({ preventScroll: true });
        return;
      }
      if (!target.contains(document.activeElement)) {
        focusOn(target.querySelector("h3, .confirm p, button:not([disabled])"));
      }
    } else if (target.id === "ruling" && (focusLost() || playedFromList)) {
      playedFromList = false;
      focusOn(target);
    }
  });

  // The hint box is read out when the answer is there, not at every progress step.
  function markHintBusy() {
    var live = document.getElementById("hint-live");
    var hint = document.getElementById("hint");
    if (!live || !hint) return;
    var status = hint.dataset.status;
    live.setAttribute("aria-busy", status === "started" || status === "progress" ? "true" : "false");
  }

  // The referee's "Whose play?" follows the seat to move (a live part), unless the person
  // chose a seat for the question being composed: that choice stays until the question is
  // asked.
  var refereeSeat = null;
  document.addEventListener("change", function (evt) {
    if (evt.target.closest && evt.target.closest("#referee_who")) refereeSeat = evt.target.value;
  });
  document.addEventListener("htmx:beforeRequest", function (evt) {
    if (evt.detail.elt && evt.detail.elt.closest && evt.detail.elt.closest("#referee-form")) {
      refereeSeat = null;
    }
  });
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (refereeSeat === null || !evt.detail.target || evt.detail.target.id !== "referee_who") return;
    var chosen = document.querySelector("#referee_who input[value='" + refereeSeat + "']");
    if (chosen) chosen.checked = true;
  });

  // Live updates replace the list of legal plays: keep the groups that were open open, and
  // the focus on the same play or group.
  var openPlays = null;
  document.addEventListener("htmx:oobBeforeSwap", function (evt) {
    var plays = document.getElementById("plays");
    if (!plays || !plays.contains(evt.detail.target) && evt.detail.target !== plays) return;
    var active = document.activeElement;
    openPlays = {
      list: !!plays.querySelector("details.all-plays-list[open]"),
      groups: Array.prototype.map.call(plays.querySelectorAll("details.play-group[open]"), function (d) {
        return d.dataset.group;
      }),
      focusGroup: active && plays.contains(active) ? (active.closest("[data-group]") || {}).dataset : null,
      focusAction: active && plays.contains(active) ? active.value || null : null,
    };
  });

  function restorePlays(evt) {
    if (!evt.detail.target || evt.detail.target.id !== "plays") return;
    var plays = document.getElementById("plays");
    var state = openPlays;
    openPlays = null;
    if (!plays || !state) return;
    var list = plays.querySelector("details.all-plays-list");
    if (list && state.list) list.open = true;
    state.groups.forEach(function (key) {
      plays.querySelectorAll("details.play-group").forEach(function (d) {
        if (d.dataset.group === key) d.open = true;
      });
    });
    if (!focusLost() || playedFromList) return; // after a play of this phone: its ruling
    var again = null;
    if (state.focusAction) {
      plays.querySelectorAll("button.legal-play").forEach(function (b) {
        if (b.value === state.focusAction) again = b;
      });
    }
    if (!again && state.focusGroup) {
      plays.querySelectorAll("details.play-group").forEach(function (d) {
        if (d.dataset.group === state.focusGroup.group) again = d.querySelector("summary");
      });
    }
    if (!again && state.list && list) again = list.querySelector("summary");
    if (again) again.focus({ preventScroll: true });
  }

  // Keep the seq of the forms outside the live fragments in step with the board.
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    restorePlays(evt);
    markHintBusy();
    var status = document.getElementById("status");
    if (!status) return;
    document.querySelectorAll(".seq-field").forEach(function (input) {
      input.value = status.dataset.seq;
    });
    // The referee's and the correction's card faces (not live parts: a question being
    // composed stays) name the position they are asked at, as a fresh load would.
    document.querySelectorAll("#referee-form .card-faces, #correct-form .card-faces").forEach(function (box) {
      var decision = box.dataset.decision || "";
      if (/:seq-\d*$/.test(decision)) box.dataset.decision = decision.replace(/:seq-\d*$/, ":seq-" + status.dataset.seq);
    });
    // A hint is for one position: when the table moves on, its box goes away.
    var hint = document.getElementById("hint");
    if (hint && hint.dataset.seq && Number(hint.dataset.seq) < Number(status.dataset.seq)) {
      hint.innerHTML = "";
      hint.dataset.status = "";
      hint.dataset.seq = "";
    }
  });
  document.addEventListener("htmx:afterSwap", markHintBusy);
  document.addEventListener("DOMContentLoaded", function () {
    if (document.getElementById("live")) document.body.classList.add("connecting");
    markHintBusy();
  });
})();
