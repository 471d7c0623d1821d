// Hands typed from a board: show how many cards each hand holds as it is typed (8 expected).
(function () {
  "use strict";
  function count(text) {
    var compact = text.toUpperCase().replace(/\s+/g, "").replace(/10/g, "T");
    var cards = compact.replace(/[.\-]/g, "");
    return cards.length;
  }
  document.querySelectorAll("[data-count-for]").forEach(function (output) {
    var input = document.getElementById(output.getAttribute("data-count-for"));
    if (!input) { return; }
    function update() {
      if (!input.value.trim()) { output.textContent = ""; output.classList.remove("bad"); return; }
      var n = count(input.value);
      output.textContent = " " + n + " / 8";
      output.classList.toggle("bad", n !== 8);
    }
    input.addEventListener("input", update);
    update();
  });
})();
