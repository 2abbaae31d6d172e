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
    if (yours && wasYours === false) window.requestAnimationFrame(keepBoardInView);
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
  // A correction of an earlier entry is said the same way (its line tapped in the history
  // first): while it is open, the board's taps are the correction's.
  function correctForm() { return document.getElementById("correct-form"); }
  function correctSeq() {
    var form = correctForm();
    var field = form && form.querySelector("[name=seq]");
    return field ? field.value : "";
  }
  function correcting() {
    var details = document.getElementById("correct");
    return !!(details && details.open && correctSeq());
  }
  // The form the board's taps go to: the referee's question while it is open, else a
  // correction under way.
  function composeForm() {
    var referee = document.getElementById("referee");
    if (referee && referee.open) return refereeForm();
    return correcting() ? correctForm() : refereeForm();
  }
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
    showBanner(form);
    form.querySelector("input[name=taps]").value = tapped.map(function (t) {
      return t.field;
    }).join(" ");
  }
  // What the banner on the board says while the referee listens: whose play, the card, the
  // taps so far ("Tapping for the referee: Ben, 4 — …").
  function showBanner(form) {
    var banner = document.querySelector(".referee-banner");
    if (!banner || !form) return;
    var correction = form === correctForm();
    banner.querySelectorAll("[data-banner-ask]").forEach(function (b) { b.hidden = correction; });
    banner.querySelectorAll("[data-banner-correct]").forEach(function (b) { b.hidden = !correction; });
    var parts = correction ? ["#" + correctSeq()] : [];
    [form.querySelector("input[name=seat]:checked"), form.querySelector("input[name=card]:checked")]
      .forEach(function (input) {
        var label = input && input.closest("label");
        if (label) parts.push(label.textContent.trim());
      });
    var said = tapsSaid(form);
    if (said && tapped.length) parts.push(said.textContent);
    var label = correction ? form.dataset.label : banner.dataset.label;
    banner.querySelector(".said").textContent = label + " " + parts.join(", ");
  }
  function refereeing() {
    var details = document.getElementById("referee");
    var form = composeForm();
    var open = form === correctForm() ? correcting() : !!(details && details.open);
    var on = !!(open && form && form.querySelector("input[name=taps]") &&
      form.querySelector("input[name=card]:checked"));
    document.body.classList.toggle("refereeing", on);
    // The play entry waits while the board's taps are the referee's (never silently).
    var entry = document.querySelector("#entry fieldset.entry-controls");
    if (entry) entry.disabled = on || document.body.classList.contains("offline");
    if (on) showBanner(form);
    return on;
  }
  document.addEventListener("htmx:afterSettle", function () {
    if (document.body.classList.contains("refereeing")) refereeing();
    measure();
  });

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
    var form = composeForm();
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
    var cancel = event.target.closest && event.target.closest("[data-referee-cancel]");
    var clear = event.target.closest && event.target.closest("[data-referee-clear]");
    if (!clear && !cancel) return;
    var form = composeForm();
    if (cancel) {
      var details = form === correctForm() ? document.getElementById("correct")
        : document.getElementById("referee");
      if (details) details.open = false;
      var card = form && form.querySelector("input[name=card]:checked");
      if (card) card.checked = false;
    }
    clearTaps(form);
    refereeing();
  });
  function clearTaps(form) {
    tapped = [];
    document.querySelectorAll(".referee-tapped").forEach(function (el) {
      el.classList.remove("referee-tapped");
    });
    if (form) showTaps(form);
  }

  document.addEventListener("toggle", function (event) {
    var id = event.target && event.target.id;
    if (id !== "referee" && id !== "correct") return;
    // one of them listens to the board at a time: opening one closes the other
    if (event.target.open) {
      var other = document.getElementById(id === "referee" ? "correct" : "referee");
      if (other && other.open) other.open = false;
      clearTaps(composeForm());
    }
    refereeing();
  }, true);

  document.addEventListener("change", function (event) {
    if (event.target.name === "seq" && event.target.closest("#correct-form")) {
      var then = correctForm().querySelector(".correct-then");
      if (then) then.hidden = !event.target.value;
      clearTaps(correctForm());
      refereeing();
      return;
    }
    var form = event.target.closest && event.target.closest("#referee-form, #correct-form");
    if (form && event.target.name === "seat") showBanner(form);
    if (!form || form !== composeForm() || event.target.name !== "card") return;
    refereeing();
    // The card is picked: the board is where the next taps go, whole below the bar and the
    // banner that says what is tapped.
    keepBoardInView();
  });

  // The answer takes the focus where it appears (and is read out: it sits in a live region).
  // It never blocks the entry (issue #36): once the referee has answered, the board's taps
  // and the play entry are the phone's own again (the question's card and taps are
  // forgotten, whose play stays chosen); the answer stays on screen as information.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    var answer = document.getElementById("referee-ruling");
    if (answer && target && (target === answer || target.id === "referee-ruling")) {
      answered();
      answer.focus({ preventScroll: true });
      answer.scrollIntoView({ block: "center" });
    }
  });
  function answered() {
    var form = refereeForm();
    if (!form) return;
    form.querySelectorAll("input[name=card]:checked").forEach(function (c) { c.checked = false; });
    if (composeForm() === form) clearTaps(form);
    refereeing();
  }

  // --- correct an earlier entry: tap its line in the history, then say it by tapping -------
  document.addEventListener("click", function (event) {
    var line = event.target.closest && event.target.closest("#history li[value]");
    var details = document.getElementById("correct");
    if (!line || !details || line.classList.contains("undone")) return;
    var form = correctForm();
    var field = form && form.querySelector("[name=seq]");
    if (!field) return;
    var seq = line.getAttribute("value");
    if (field.tagName === "SELECT" && !field.querySelector('option[value="' + seq + '"]')) {
      var option = document.createElement("option"); // a line newer than the page
      option.value = seq;
      option.textContent = "#" + seq + " " + line.textContent.trim();
      field.appendChild(option);
    }
    field.value = seq;
    var said = details.querySelector(".correct-said");
    if (said) { said.textContent = "#" + field.value + " " + line.textContent.trim(); said.hidden = false; }
    var then = form.querySelector(".correct-then");
    if (then) then.hidden = false;
    details.open = true;
    clearTaps(form);
    refereeing();
    loadHand(form, seq);
    // The next tap is the card (or Life is Life's row): it is put on screen.
    // (not the own hand's faces, hidden until the server sends them: handShown puts them on screen)
    var next = form.querySelector("fieldset:not([hidden])") || form.querySelector("input[name=action]");
    if (next) {
      next.scrollIntoView({ block: "center" });
      var first = next.querySelector("input, button");
      if (first) first.focus({ preventScroll: true });
    }
  });
  // One's own hand entry tapped (issue #36): the server sends its card faces, filled with the
  // hand as entered (only this seat's phone gets them); any other entry empties them. While
  // they are there, the correction is the hand: the other ways of saying a play rest.
  function loadHand(form, seq) {
    var url = form.dataset.handUrl;
    var slot = document.getElementById("correct-hand");
    if (!url || !slot || !window.htmx) return;
    htmx.ajax("GET", url + "?seq=" + encodeURIComponent(seq), { target: slot, swap: "outerHTML" });
  }
  function handShown() {
    var form = correctForm();
    var hand = document.getElementById("correct-hand");
    if (!form || !hand) return;
    var on = !!hand.dataset.seq;
    form.querySelectorAll("fieldset").forEach(function (f) {
      if (f === hand || hand.contains(f) || f.closest("details[data-compose]")) return;
      f.disabled = on;
      f.hidden = on;
    });
    form.querySelectorAll(".correct-submit ~ button[name=action]").forEach(function (b) {
      b.hidden = on; // "It was a knock": not a hand
    });
    if (on) {
      hand.scrollIntoView({ block: "nearest" });
      var first = hand.querySelector(".hand-faces .face");
      if (first) first.focus({ preventScroll: true });
    }
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "correct-hand") handShown();
  });
  document.addEventListener("change", function (event) {
    if (event.target.name === "seq" && event.target.closest("#correct-form") && event.target.value) {
      loadHand(correctForm(), event.target.value);
    }
  });

  // Life is Life: a deal corrected by tapping (companion/games/lifeislife/templates/tables/lifeislife_referee.html). While
  // "It was the deal" is open, the form says the rows (its compose field names the deal) and the
  // swap's pickers rest (disabled: not sent); closed, the swap is said again.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches("details[data-compose]")) return;
    var form = details.closest("form");
    var compose = form && form.querySelector("input[name=compose]");
    if (!compose) return;
    var open = details.open;
    details.querySelectorAll("fieldset").forEach(function (f) { f.disabled = !open; });
    form.querySelectorAll("fieldset").forEach(function (f) {
      if (!details.contains(f) && f.querySelector(".card-faces, input[type=radio]")) f.disabled = open;
    });
    // (a hidden field's value is its attribute: the first one is kept to come back to)
    if (!("base" in compose.dataset)) compose.dataset.base = compose.value;
    compose.value = open ? details.dataset.compose : compose.dataset.base;
    if (open) {
      var first = details.querySelector(".hand-faces .face");
      if (first) details.scrollIntoView({ block: "start" });
    }
  }, true);

  // A correction recorded: the panel closes and forgets the entry and the taps.
  document.addEventListener("htmx:afterSettle", function (event) {
    var config = event.detail && event.detail.requestConfig;
    var ruling = document.getElementById("ruling");
    if (!config || !/\/correct$/.test(config.path || "") || !ruling) return;
    if (!ruling.classList.contains("corrected")) return; // refused: the taps stay to be fixed
    var form = correctForm();
    var details = document.getElementById("correct");
    if (!form || !details) return;
    form.reset();
    var hand = document.getElementById("correct-hand");
    if (hand) {
      hand.replaceChildren();
      delete hand.dataset.seq;
      hand.hidden = true;
      hand.disabled = true;
      handShown();
    }
    form.querySelectorAll("details[data-compose]").forEach(function (d) { d.open = false; });
    form.querySelector("[name=seq]").value = "";
    var said = details.querySelector(".correct-said");
    if (said) said.hidden = true;
    var then = form.querySelector(".correct-then");
    if (then) then.hidden = true;
    details.open = false;
    clearTaps(form);
    refereeing();
  });

  // --- one hand, one glance ----------------------------------------------------------------
  // The board is sized between the sticky turn bar and the sticky tray (site.css reads
  // --bar-h and --tray-h), and on this phone's own steps the board is kept on screen.
  var measured = { bar: 0, tray: 0 };
  function measure() {
    var bar = document.querySelector(".status-bar");
    var tray = document.querySelector("#live > .entry");
    var root = document.documentElement.style;
    var barH = bar ? Math.round(bar.getBoundingClientRect().height) : 0;
    // The tray as it is at rest (a long list scrolls inside it, up to half the screen).
    var trayH = tray ? Math.min(Math.round(tray.getBoundingClientRect().height), Math.round(window.innerHeight * 0.38)) : 0;
    if (barH !== measured.bar) { measured.bar = barH; root.setProperty("--bar-h", barH + "px"); }
    if (Math.abs(trayH - measured.tray) > 8) { measured.tray = trayH; root.setProperty("--tray-h", trayH + "px"); }
  }
  function keepBoardInView() {
    var board = document.getElementById("board");
    var bar = document.querySelector(".status-bar");
    var tray = document.querySelector("#live > .entry");
    if (!board || !bar || !tray) return;
    var top = bar.getBoundingClientRect().bottom;
    var banner = document.querySelector(".referee-banner");
    if (banner && banner.offsetParent !== null) top += banner.getBoundingClientRect().height;
    // While the referee (or a correction) listens, the tray is not sticky: the board may
    // reach the screen's bottom.
    var refereeingNow = document.body.classList.contains("refereeing");
    var bottom = refereeingNow ? window.innerHeight : tray.getBoundingClientRect().top;
    var r = board.getBoundingClientRect();
    var svg = board.querySelector("svg");
    var drawn = svg ? svg.getBoundingClientRect() : r;
    if (drawn.top >= top - 1 && drawn.bottom <= bottom + 1) return;
    window.scrollBy({ top: drawn.top - top, behavior: "auto" });
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    var config = event.detail && event.detail.requestConfig;
    if (target && target.id === "entry" && config && /\/entry$/.test(config.path || "")) keepBoardInView();
  });

  document.addEventListener("DOMContentLoaded", function () {
    measure();
    window.addEventListener("resize", measure);
    if (window.ResizeObserver) {
      var watched = new ResizeObserver(measure);
      var bar = document.querySelector(".status-bar");
      if (bar) watched.observe(bar);
      document.addEventListener("htmx:afterSettle", function () {
        var tray = document.querySelector("#live > .entry");
        if (tray && !tray.dataset.watched) { tray.dataset.watched = "1"; watched.observe(tray); }
      });
    }
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
