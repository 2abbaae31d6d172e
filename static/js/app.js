// The installable app (docs/operations.md, "Installing the app"): over HTTPS the service worker
// (/sw.js) is registered and the host's page offers the browser's install. On plain http
// neither exists (not a secure context); the page offers the HTTPS address instead.
(function () {
  "use strict";
  if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});

  var offer = null;
  function show(selector, on) {
    document.querySelectorAll(selector).forEach(function (el) { el.hidden = !on; });
  }
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault(); // shown by the page's own button, where the table is
    offer = event;
    show(".install-offer .install-ready", true);
    show(".install-offer .install-how", false);
  });
  window.addEventListener("appinstalled", function () {
    offer = null;
    show(".install-offer .install-ready, .install-offer .install-how", false);
    show(".install-offer .install-done", true);
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".install-button");
    if (!button || !offer) return;
    offer.prompt();
    offer.userChoice.then(function () { offer = null; show(".install-offer .install-ready", false); });
  });
  if (window.matchMedia("(display-mode: standalone)").matches) {
    document.addEventListener("DOMContentLoaded", function () {
      show(".install-offer .install-ready, .install-offer .install-how", false);
    });
  }
})();
