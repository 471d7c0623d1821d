// The table page follows the table (docs/results.md, « Phones that follow the table »): while
// the page is visible it asks the table's state every few seconds (views_table.state, as the
// room display does); when its key changed, it fetches the page again and swaps in the boards
// and the actions above them, so that a board entered on the other phone appears « à
// confirmer » without a reload. A board being filled in (a field touched, a form open, the
// focus in it) is left as it is until the player is done with it.
(function () {
  "use strict";

  var root = document.getElementById("table-actions");
  if (!root || !window.fetch) { return; }
  var stateUrl = root.getAttribute("data-follow-url");
  var key = root.getAttribute("data-follow-key");
  var EVERY_MS = 5000;
  var busy = false;

  function touched(node) {
    if (!node) { return false; }
    if (node.contains(document.activeElement) && document.activeElement !== document.body) { return true; }
    if (node.getAttribute("data-touched")) { return true; }
    return Array.prototype.some.call(node.querySelectorAll("details"), function (box) { return box.open; });
  }

  // A player's tap or keystroke in a board marks it: its form is theirs until the page changes.
  ["input", "change", "click"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var section = event.target.closest && event.target.closest("section.board-card form, #table-actions input");
      if (section) {
        var holder = event.target.closest("section.board-card") || event.target.closest("#table-actions");
        if (holder) { holder.setAttribute("data-touched", "1"); }
      }
    }, true);
  });

  function swap(fresh) {
    var sections = [document.getElementById("table-actions")].concat(
      Array.prototype.slice.call(document.querySelectorAll("section.board-card"))
    );
    sections.forEach(function (old) {
      if (!old || touched(old)) { return; }
      var replacement = fresh.getElementById(old.id);
      if (!replacement) { return; }
      var adopted = document.importNode(replacement, true);
      old.replaceWith(adopted);
      if (window.CoinchePhoneEntry) {
        Array.prototype.forEach.call(adopted.querySelectorAll("form.phone-form"), window.CoinchePhoneEntry.enhance);
      }
    });
    document.dispatchEvent(new CustomEvent("table:refreshed"));
  }

  function check() {
    if (busy || document.visibilityState !== "visible" || navigator.onLine === false) { return; }
    busy = true;
    fetch(stateUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (!state || state.key === key) { return null; }
        return fetch(location.pathname + location.search, { credentials: "same-origin", cache: "no-store" })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (html) {
            if (!html) { return; }
            var fresh = new DOMParser().parseFromString(html, "text/html");
            var freshRoot = fresh.getElementById("table-actions");
            if (!freshRoot) { return; }
            swap(fresh);
            key = freshRoot.getAttribute("data-follow-key");
          });
      })
      .catch(function () { return null; })
      .then(function () { busy = false; });
  }

  setInterval(check, EVERY_MS);
  document.addEventListener("visibilitychange", check);
})();
