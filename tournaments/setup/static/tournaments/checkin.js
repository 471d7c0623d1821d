// Check-in (pointage) on a phone: one tap marks a team present or absent without reloading the
// page; a search box narrows the list. Without JavaScript each tap posts the form and reloads.
(function () {
  "use strict";
  function setState(form, checkedIn) {
    var button = form.querySelector(".checkin-toggle");
    var state = form.querySelector(".checkin-state");
    form.querySelector("input[name=checked_in]").value = checkedIn ? "0" : "1";
    button.classList.toggle("is-in", checkedIn);
    button.setAttribute("aria-pressed", checkedIn ? "true" : "false");
    state.textContent = checkedIn ? state.dataset.in : state.dataset.out;
    // A checked-in team gets its route card (fiche de route) from the desk.
    var routeCard = form.parentElement.querySelector(".route-card-link");
    if (routeCard) { routeCard.hidden = !checkedIn; }
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.checkin-form").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var button = form.querySelector(".checkin-toggle");
        button.disabled = true;
        fetch(form.action, {
          method: "POST",
          body: new FormData(form),
          headers: { "X-Requested-With": "fetch", "Accept": "application/json" },
          credentials: "same-origin"
        })
          .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
          .then(function (data) {
            setState(form, data.checked_in);
            // The server's sentence: « 1 équipe pointée », « 3 équipes pointées ».
            var counter = document.querySelector("[data-checkin-count]");
            if (counter && data.count_html) { counter.innerHTML = data.count_html; }
          })
          .catch(function () { form.submit(); })
          .finally(function () { button.disabled = false; });
      });
    });
    var filter = document.getElementById("checkin-filter");
    if (filter) {
      filter.addEventListener("input", function () {
        var words = filter.value.toLowerCase().trim().split(/\s+/).filter(Boolean);
        document.querySelectorAll(".checkin-list li[data-search]").forEach(function (item) {
          var text = item.dataset.search;
          var number = text.split(" ")[0];
          var shown = words.every(function (word) {
            return /^\d+$/.test(word) ? number === word : text.indexOf(word) !== -1;
          });
          item.hidden = !shown;
        });
      });
    }
  });
})();
