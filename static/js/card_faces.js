// Cards entered by tapping their faces (TABLE_UX 9; templates/tables/card_faces.html): a hand,
// a draw, the market's new cards. One tap per card; the chosen cards are shown in a row, and a
// tap on one of them takes it out again; a running count ("5 of 6"); the form's Save button is
// enabled when the count fits; every error is said in the form, never only by the browser.
// The chosen cards are fields of the form: counts (count-<card>) or slots (card0, card1, … in
// the order tapped). A live update that redraws the form keeps what was tapped, for that very
// decision only (issue #36): what the phone keeps is keyed by the decision the server names in
// the form (data-decision: table, seat, and the position or the round) and dropped as soon as
// no form of that decision is on the page; only cards the person tapped are kept, never the
// values the server drew into the form (those come again with the next drawing).
(function () {
  "use strict";

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? values[key] : all;
    });
  }
  function size(box) { return parseInt(box.dataset.size, 10) || 0; }
  // The form's faces that are in use: a form may hold several (Life is Life's correction: the
  // swap's animals, and the deal's rows while "It was the deal" is open); those in a disabled
  // fieldset are resting.
  function activeBox(form) {
    var boxes = form && form.querySelectorAll ? form.querySelectorAll(".card-faces") : [];
    for (var i = 0; i < boxes.length; i++) {
      if (!boxes[i].closest("fieldset[disabled]")) return boxes[i];
    }
    return null;
  }
  // Cards tapped in rows (Life is Life's deal: 1, then 2, 3, 4): the sizes, from the fieldset.
  function rowsOf(box) {
    var holder = box.closest("[data-rows]");
    return holder ? holder.dataset.rows.split(",").map(function (n) { return parseInt(n, 10); }) : null;
  }
  function slotsMode(box) { return box.dataset.output === "slots"; }
  function faceOf(box, card) {
    return box.querySelector('.hand-faces .face[data-card="' + card + '"]');
  }
  function labelOf(box, card) {
    var face = faceOf(box, card);
    return face ? face.dataset.label : card;
  }

  // The chosen cards, in order (a hand: in the order of the faces).
  function chosen(box) {
    var out = [];
    if (slotsMode(box)) {
      box.querySelectorAll("input[name^=card]").forEach(function (input) {
        if (input.value) out.push(input.value);
      });
    } else {
      box.querySelectorAll("input[data-card]").forEach(function (input) {
        var n = parseInt(input.value, 10) || 0;
        for (var i = 0; i < n; i++) out.push(input.dataset.card);
      });
    }
    return out;
  }
  function setChosen(box, cards) {
    if (slotsMode(box)) {
      box.querySelectorAll("input[name^=card]").forEach(function (input, i) {
        input.value = cards[i] || "";
      });
    } else {
      box.querySelectorAll("input[data-card]").forEach(function (input) {
        input.value = cards.filter(function (c) { return c === input.dataset.card; }).length;
      });
    }
  }
  function say(box, message) {
    var error = box.querySelector(".faces-error");
    if (!error) return;
    error.textContent = message || "";
    error.hidden = !message;
  }

  function render(box) {
    var cards = chosen(box);
    var n = cards.length;
    var want = size(box);
    var count = box.querySelector(".faces-count");
    if (count) {
      count.textContent = want
        ? fill(box.dataset.countOf, { n: n, size: want })
        : fill(box.dataset.count, { n: n });
    }
    var row = box.querySelector(".faces-chosen");
    var rows = rowsOf(box);
    if (row && rows) {
      // One chip per card in the order tapped, each row's under its name ("Row 2: mole ✕ bear ✕").
      row.replaceChildren();
      var label = box.closest("[data-rows]").dataset.rowLabel || "{row}";
      var at = 0;
      rows.forEach(function (n, r) {
        if (at >= cards.length) return;
        var line = document.createElement("div");
        line.className = "chosen-row";
        var name = document.createElement("span");
        name.className = "row-name";
        name.textContent = fill(label, { row: r + 1 }); // no colon: French puts a space before it
        line.appendChild(name);
        var chips = document.createElement("span");
        chips.className = "row-chips";
        line.appendChild(chips);
        row.appendChild(line);
        cards.slice(at, at + n).forEach(function (card, k) {
          var b = document.createElement("button");
          b.type = "button";
          b.className = "card chosen";
          b.dataset.card = card;
          b.dataset.index = at + k;
          b.textContent = labelOf(box, card) + " ✕";
          b.setAttribute("aria-label", fill(box.dataset.remove, { card: labelOf(box, card) }));
          chips.appendChild(b);
        });
        at += n;
      });
    } else if (row) {
      // One chip per card kind ("giraffe ×3 ✕"): a tap takes one copy out.
      row.replaceChildren();
      var seen = [];
      cards.forEach(function (card) { if (seen.indexOf(card) < 0) seen.push(card); });
      seen.forEach(function (card) {
        var k = cards.filter(function (c) { return c === card; }).length;
        var b = document.createElement("button");
        b.type = "button";
        b.className = "card chosen";
        b.dataset.card = card;
        b.dataset.index = cards.lastIndexOf(card);
        var shown = labelOf(box, card) + (k > 1 ? " ×" + k : "");
        b.textContent = shown + " ✕";
        // the name holds the visible words ("Take giraffe ×3 out"): a voice command says them
        b.setAttribute("aria-label", fill(box.dataset.remove, { card: shown }));
        row.appendChild(b);
      });
    }
    box.querySelectorAll(".hand-faces .face").forEach(function (face) {
      var k = cards.filter(function (c) { return c === face.dataset.card; }).length;
      face.classList.toggle("picked", k > 0);
      face.dataset.picked = k > 1 ? "×" + k : "";
      face.setAttribute("aria-pressed", k ? "true" : "false");
    });
    var form = box.closest("form");
    var save = form && form.querySelector(".save-hand");
    if (save) save.disabled = n === 0 || (want && (box.dataset.partial ? n > want : n !== want));
  }

  function add(box, card) {
    var cards = chosen(box);
    var want = size(box);
    if (want && cards.length >= want) {
      say(box, fill(box.dataset.full, { size: want }));
      return;
    }
    var face = faceOf(box, card);
    var max = face && parseInt(face.dataset.max, 10);
    var have = cards.filter(function (c) { return c === card; }).length;
    if (max && have >= max) {
      say(box, fill(box.dataset.atMost, { card: labelOf(box, card), max: max }));
      return;
    }
    say(box, "");
    cards.push(card);
    box.dataset.touched = "1";
    setChosen(box, slotsMode(box) ? cards : cards.sort());
    render(box);
  }
  function remove(box, index) {
    var cards = chosen(box);
    cards.splice(index, 1);
    box.dataset.touched = "1";
    say(box, "");
    setChosen(box, cards);
    render(box);
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest(".card-faces button");
    if (!target) return;
    var box = target.closest(".card-faces");
    event.preventDefault();
    if (target.classList.contains("face")) add(box, target.dataset.card);
    else if (target.classList.contains("chosen")) {
      var card = target.dataset.card;
      remove(box, parseInt(target.dataset.index, 10));
      // The focus stays on the same kind while copies are left (or goes to the faces).
      var again = box.querySelector('.faces-chosen [data-card="' + card + '"]');
      (again || box.querySelector(".hand-faces .face")).focus({ preventScroll: true });
    }
  });

  // Save with the wrong count is said in the form (the button is disabled, but Enter in a
  // form or an old browser may still send it).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var box = activeBox(form);
    if (!box) return;
    var typed = form.querySelector("input[name=action]");
    if (typed && typed.value.trim()) return; // a play typed in notation instead
    // a button that is a play of its own (the correction's "It was a knock"): no cards needed
    if (event.submitter && event.submitter.name === "action" && event.submitter.value) return;
    var n = chosen(box).length;
    var want = size(box);
    if (n === 0 || (want && (box.dataset.partial ? n > want : n !== want))) {
      event.preventDefault();
      event.stopImmediatePropagation();
      say(box, want ? fill(box.dataset.need, { size: want, n: n }) : box.dataset.none);
    }
  }, true);

  // The server's refusal of the form (a 4xx with its reason) is said in the form too.
  document.addEventListener("htmx:responseError", function (event) {
    var elt = event.detail.elt;
    var box = elt && elt.closest && activeBox(elt.closest("form"));
    if (!box) return;
    var text = event.detail.xhr ? event.detail.xhr.responseText : "";
    var div = document.createElement("div");
    div.innerHTML = text;
    say(box, (div.textContent || "").trim().slice(0, 400));
  });

  // A live update redraws the form: what was tapped stays (the same decision, the same form,
  // the same size).
  var kept = {};
  function key(box) {
    var form = box.closest("form");
    return (box.dataset.decision || "") + "|" + (box.dataset.key || "") + "|" +
      (form ? form.getAttribute("hx-post") : "") + "|" + box.dataset.output + "|" + box.dataset.size;
  }
  // What is kept for a decision no form on the page carries any more is gone with it (a
  // round's hand is never put into the next round's form).
  var pruning = null;
  function prune() {
    pruning = null;
    var here = {};
    document.querySelectorAll(".card-faces").forEach(function (box) { here[key(box)] = true; });
    Object.keys(kept).forEach(function (k) { if (!here[k]) delete kept[k]; });
    Object.keys(sent).forEach(function (k) { if (!here[k]) delete sent[k]; });
  }
  function schedulePrune() {
    if (pruning === null) pruning = setTimeout(prune, 0); // after every swap of one message
  }
  // A form on its way to the server is not kept: the live update its play sends (it may come
  // before the answer) draws the next decision, which must start empty (a second market refill
  // began with the first one's card chosen).
  var sent = {};
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var box = activeBox(form);
    if (box && event.detail.requestConfig && event.detail.requestConfig.verb === "post") {
      sent[key(box)] = true;
      delete kept[key(box)];
    }
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || !target.querySelectorAll) return;
    target.querySelectorAll(".card-faces").forEach(function (box) {
      if (sent[key(box)]) return;
      var details = box.closest("details");
      // only what the person tapped: the server's own values (the cards it filled in, the fold
      // it drew open or closed) are drawn again by the server
      kept[key(box)] = { cards: box.dataset.touched ? chosen(box) : null,
                         open: details && details.dataset.folded ? details.open : null };
    });
    schedulePrune();
  });
  function init(root) {
    if (!root || !root.querySelectorAll) return;
    var boxes = root.matches && root.matches(".card-faces") ? [root] : root.querySelectorAll(".card-faces");
    Array.prototype.forEach.call(boxes, function (box) {
      var k = key(box);
      delete sent[k]; // the form drawn after the one sent: kept again from now on
      if (kept[k]) {
        if (kept[k].cards) {
          setChosen(box, kept[k].cards);
          box.dataset.touched = "1";
        }
        var details = box.closest("details");
        if (details && kept[k].open !== null) {
          details.open = kept[k].open;
          details.dataset.folded = "1"; // still the person's fold
        }
        delete kept[k];
      }
      render(box);
    });
    schedulePrune();
  }
  // A fold the person opened or closed (a tap on its summary) is theirs to keep across redraws.
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    var details = summary && summary.parentElement;
    if (details && details.tagName === "DETAILS" && details.querySelector(".card-faces")) {
      details.dataset.folded = "1";
    }
  });
  document.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  // After a saved form, the chosen cards are the server's: forget what was kept.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var box = activeBox(form);
    if (!box) return;
    delete sent[key(box)];
    if (event.detail.successful) delete kept[key(box)];
  });
})();
