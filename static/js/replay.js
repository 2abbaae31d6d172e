// Replay: the arrow keys step (← →), Home and End jump; the slider follows the step shown.
(function () {
  function click(which) {
    var link = document.querySelector('#replay-step [data-replay="' + which + '"]');
    if (link && link.getAttribute("aria-disabled") !== "true") link.click();
  }
  document.addEventListener("keydown", function (event) {
    if (!document.getElementById("replay-step") || event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return; // the slider has its own keys
    var which = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (!which) return;
    event.preventDefault();
    click(which);
  });
  // A disabled link is not followed (the first step has no previous one).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest('[data-replay][aria-disabled="true"]');
    if (link) { event.preventDefault(); event.stopPropagation(); }
  }, true);
  document.addEventListener("htmx:afterSwap", function () {
    var step = document.getElementById("replay-step");
    var slider = document.getElementById("replay-position");
    if (!step || !slider) return;
    slider.max = step.dataset.total;
    if (document.activeElement !== slider) slider.value = step.dataset.step;
  });
})();
