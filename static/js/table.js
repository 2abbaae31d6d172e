// Live table: while the websocket is down, say so and pause the play entry (a play entered
// against an old position would only be refused as stale). The server re-sends the whole
// seat view on every (re)connect, so nothing else needs resynchronising here.
(function () {
  function setOnline(online) {
    document.body.classList.toggle("offline", !online);
    var banner = document.getElementById("offline");
    if (banner) banner.hidden = online;
    document.querySelectorAll("#entry fieldset, .hand-entry fieldset").forEach(function (f) {
      f.disabled = !online;
    });
  }
  document.addEventListener("htmx:wsOpen", function () { setOnline(true); });
  document.addEventListener("htmx:wsClose", function () { setOnline(false); });
  document.addEventListener("htmx:wsError", function () { setOnline(false); });
  // A fragment swapped in while offline must stay disabled.
  document.addEventListener("htmx:afterSwap", function () {
    if (document.body.classList.contains("offline")) setOnline(false);
  });
  // Keep the seq of the forms outside the live fragments in step with the board.
  document.addEventListener("htmx:oobAfterSwap", function () {
    var status = document.getElementById("status");
    if (!status) return;
    document.querySelectorAll(".seq-field").forEach(function (input) {
      input.value = status.dataset.seq;
    });
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (document.getElementById("live")) document.body.classList.add("connecting");
  });
})();
