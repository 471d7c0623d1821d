// A result's history page: ask before deleting (the deletion stays in the history anyway).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.confirm-delete").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (!window.confirm(form.getAttribute("data-question"))) { event.preventDefault(); }
      });
    });
  });
})();
