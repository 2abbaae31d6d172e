// The lobby's "Who begins" names the players as they are typed ("Ann", not "Player 1").
(function () {
  function sync() {
    document.querySelectorAll("option[data-name-from]").forEach(function (option) {
      if (!option.dataset.fallback) option.dataset.fallback = option.textContent;
      var input = document.querySelector('input[name="' + option.dataset.nameFrom + '"]');
      var name = input && input.value.trim();
      option.textContent = name || option.dataset.fallback;
    });
  }
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches('input[name^="name"]')) sync();
  });
  document.addEventListener("DOMContentLoaded", sync);
})();
