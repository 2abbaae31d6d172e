// The table surface around the live parts (docs/tables.md, "The table stays in view"):
// - the tab title says whose turn it is; the phone buzzes once when the turn becomes its own;
// - the screen is kept awake while the table is open (Screen Wake Lock), with an off switch;
// - a ruling of this phone goes away when the table has moved on past it;
// - the referee: whose play, the card, then taps on the board compose the play; the answer
//   takes the focus where the phone asked.
(function () {
  "use strict";
  var baseTitle = document.title;
  var wasYours = null;

  function status() { return document.getElementById("status"); }

  function onStatus() {
    var s = status();
    if (!s) return;
    var yours = s.dataset.yours === "1";
    var title = s.dataset.title || "";
    document.title = (yours ? "● " : "") + title + " — " + baseTitle;
    if (yours && wasYours === false && navigator.vibrate) navigator.vibrate([120, 60, 120]);
    wasYours = yours;
    // A ruling made at an older seq is stale once another entry happened.
    var seq = parseInt(s.dataset.seq, 10);
    ["ruling", "referee-ruling"].forEach(function (id) {
      var r = document.getElementById(id);
      if (r && r.dataset.seq && parseInt(r.dataset.seq, 10) < seq && r.childElementCount) {
        r.replaceChildren();
      }
    });
  }

  // --- the screen stays awake ------------------------------------------------------------
  var lock = null;
  var wakeKey = "table-companion-wake";
  function wakeWanted() { return localStorage.getItem(wakeKey) !== "off"; }
  // The switch says what is true: "Screen stays on" only while the browser holds the lock
  // (it may refuse, e.g. in battery saving, and lets go when the page is hidden). Without Wake
  // Lock (plain http is not a secure context) the switch stays hidden; the page offers the
  // HTTPS address instead (docs/operations.md).
  function showWake(button) {
    button = button || document.querySelector(".wake-switch");
    if (!button) return;
    var held = !!(lock && !lock.released);
    button.setAttribute("aria-pressed", held ? "true" : "false");
    button.textContent = held ? button.dataset.on : button.dataset.off;
  }
  function acquire() {
    if (!("wakeLock" in navigator) || !wakeWanted() || document.visibilityState !== "visible") {
      return;
    }
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { showWake(); });
      showWake();
    }, function () { lock = null; showWake(); });
  }
  function setUpWake() {
    var button = document.querySelector(".wake-switch");
    if (!button || !("wakeLock" in navigator)) return;
    button.hidden = false;
    showWake(button);
    button.addEventListener("click", function () {
      var held = !!(lock && !lock.released);
      localStorage.setItem(wakeKey, held ? "off" : "on");
      if (held) { lock.release(); lock = null; showWake(button); } else acquire();
    });
    document.addEventListener("visibilitychange", acquire);
    acquire();
  }

  // --- the referee composes a play from taps ---------------------------------------------
  function refereeForm() { return document.getElementById("referee-form"); }
  function tapsSaid(form) { return form.querySelector(".taps-said"); }
  var tapped = [];

  function placeOf(el) {
    var title = el.querySelector("title");
    return el.getAttribute("aria-label") || (title && title.textContent) || el.dataset.field;
  }
  function showTaps(form) {
    var said = tapsSaid(form);
    if (!said) return;
    said.textContent = tapped.length
      ? tapped.map(function (t) { return t.place; }).join(" → ")
      : said.dataset.empty;
    form.querySelector("input[name=taps]").value = tapped.map(function (t) {
      return t.field;
    }).join(" ");
  }
  function refereeing() {
    var details = document.getElementById("referee");
    var form = refereeForm();
    var on = !!(details && details.open && form && form.querySelector("input[name=taps]") &&
      form.querySelector("input[name=card]:checked"));
    document.body.classList.toggle("refereeing", on);
    return on;
  }

  // The field or figure nearest to a tap (a figure where one stands): a finger's width of
  // room around each of them, however small the board draws it.
  function nearest(board, x, y) {
    var best = null;
    var bestDistance = Infinity;
    board.querySelectorAll("svg:not(.tap-layer) [data-field]").forEach(function (el) {
      var r = el.getBoundingClientRect();
      var d = Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
      var figure = el.classList.contains("figure");
      if (d < bestDistance - 1 || (d <= bestDistance + 1 && figure)) {
        best = el;
        bestDistance = d;
      }
    });
    return bestDistance <= 28 ? best : null;
  }

  document.addEventListener("click", function (event) {
    var form = refereeForm();
    var board = document.getElementById("board");
    if (!refereeing() || !board || !board.contains(event.target)) return;
    // While the referee listens, a tap on the board is the referee's, not the entry's.
    event.preventDefault();
    event.stopPropagation();
    var hit = nearest(board, event.clientX, event.clientY);
    if (!hit) return;
    tapped.push({ field: hit.dataset.field, place: placeOf(hit) });
    hit.classList.add("referee-tapped");
    showTaps(form);
  }, true);

  document.addEventListener("click", function (event) {
    var clear = event.target.closest && event.target.closest("[data-referee-clear]");
    if (!clear) return;
    tapped = [];
    document.querySelectorAll(".referee-tapped").forEach(function (el) {
      el.classList.remove("referee-tapped");
    });
    showTaps(refereeForm());
  });

  document.addEventListener("toggle", function (event) {
    if (event.target && event.target.id === "referee") refereeing();
  }, true);

  document.addEventListener("change", function (event) {
    var form = refereeForm();
    if (!form || !form.contains(event.target) || event.target.name !== "card") return;
    refereeing();
    // The card is picked: the board is where the next taps go.
    var board = document.getElementById("board");
    if (board && board.scrollIntoView) {
      var still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      board.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    }
  });

  // The answer takes the focus where it appears (and is read out: it sits in a live region).
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    var answer = document.getElementById("referee-ruling");
    if (answer && target && (target === answer || target.id === "referee-ruling")) {
      answer.focus({ preventScroll: true });
      answer.scrollIntoView({ block: "center" });
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    onStatus();
    setUpWake();
    var bar = document.querySelector(".status-bar");
    if (bar && window.MutationObserver) {
      new MutationObserver(onStatus).observe(bar, { childList: true, subtree: true,
        attributes: true, attributeFilter: ["data-seq", "data-yours"] });
    }
    var page = document.getElementById("live");
    if (page && window.MutationObserver) {
      // The board is redrawn by live updates: the referee's taps stay marked.
      new MutationObserver(function () {
        tapped.forEach(function (t) {
          var el = document.querySelector('#board [data-field="' + t.field + '"]');
          if (el) el.classList.add("referee-tapped");
        });
      }).observe(page, { childList: true });
    }
  });
})();
