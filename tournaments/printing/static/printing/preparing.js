// The page of a public document being made (printing/preparing.html): it asks the document's
// address again every few seconds without reloading itself (a timed refresh would send a
// screen reader back to the top each time: WCAG 2.2.1), shows the state it gets back, and
// opens the document once it is ready (any answer but 202, "still being made").
(function () {
  "use strict";
  var state = document.getElementById("document-state");
  if (!state) { return; }
  var url = state.getAttribute("data-document-url");
  var seconds = parseInt(state.getAttribute("data-poll-seconds") || "3", 10);
  function again() { setTimeout(tick, seconds * 1000); }
  function tick() {
    fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        if (response.status !== 202) { window.location.assign(url); return; }
        return response.text().then(function (html) {
          var page = new DOMParser().parseFromString(html, "text/html");
          var fresh = page.getElementById("document-state");
          if (fresh && fresh.innerHTML !== state.innerHTML) { state.innerHTML = fresh.innerHTML; }
          again();
        });
      })
      .catch(again);
  }
  again();
})();
