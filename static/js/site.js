// The site's behaviour, from data attributes: the pages carry no inline script or handler, so
// that the Content-Security-Policy (script-src 'self') holds everywhere.
//
// - [data-refresh-url][data-refresh-seconds]: replaced by the server's fresh HTML every few
//   seconds, without reloading the page (rankings, dashboards);
// - form[data-confirm]: asks confirm(form.dataset.confirm) before submitting;
// - form[data-busy]: once submitted, its buttons are disabled and read data-busy (a long job
//   asked for: not twice);
// - select[data-autosubmit]: submits its form when changed;
// - form[data-navigate]: on submit, goes to the address chosen in its select (team finder);
// - button[data-reload]: reloads the page (the "service unavailable" page);
// - button[data-copy]: copies its value to the clipboard, then reads data-copied a moment;
// - button[data-print]: prints the page (the table links);
// - details.subnav-menu: the tournament menu, folded behind « Menu » on a phone; on a wider
//   screen the CSS shows its links in the line (::details-content), and a browser without
//   that pseudo-element gets the disclosure opened here instead.
(function () {
  "use strict";
  function refresh(el) {
    var url = el.getAttribute("data-refresh-url");
    var seconds = parseInt(el.getAttribute("data-refresh-seconds") || "10", 10);
    function tick() {
      if (document.hidden) { return setTimeout(tick, seconds * 1000); }
      fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) { el.innerHTML = html; el.classList.remove("offline"); })
        .catch(function () { el.classList.add("offline"); })
        .finally(function () { setTimeout(tick, seconds * 1000); });
    }
    setTimeout(tick, seconds * 1000);
  }

  // Delegated from the document: forms and selects added later (live fragments) work too.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.matches("form[data-confirm]") && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      return;
    }
    if (form.matches("form[data-busy]") && !event.defaultPrevented) {
      // After this event: a button disabled now would leave the submission's data.
      setTimeout(function () {
        form.querySelectorAll("button").forEach(function (button) {
          button.disabled = true;
          button.textContent = form.dataset.busy;
        });
      }, 0);
    }
    if (form.matches("form[data-navigate]")) {
      event.preventDefault();
      var select = form.querySelector("select");
      if (select && select.value) { window.location.assign(select.value); }
    }
  });

  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select.matches("select[data-autosubmit]") && select.form) {
      // requestSubmit runs the form's submit listeners (data-confirm); submit() would not.
      if (select.form.requestSubmit) { select.form.requestSubmit(); } else { select.form.submit(); }
    }
  });

  function copied(button) {
    var label = button.textContent;
    button.textContent = button.getAttribute("data-copied") || label;
    setTimeout(function () { button.textContent = label; }, 1500);
  }

  // Without the clipboard API (a page served over plain HTTP on the club's network is not a
  // secure context), a selected off-screen text area and execCommand("copy") still work.
  function copy(button) {
    var text = button.getAttribute("data-copy");
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { copied(button); });
      return;
    }
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.appendChild(area);
    area.select();
    try { if (document.execCommand("copy")) { copied(button); } } finally { area.remove(); }
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("button[data-reload]")) { window.location.reload(); }
    var copyButton = event.target.closest("button[data-copy]");
    if (copyButton) { copy(copyButton); }
    if (event.target.closest("button[data-print]")) { window.print(); }
  });

  function unfoldMenuOnWideScreens() {
    var menu = document.querySelector("details.subnav-menu");
    if (!menu || !window.matchMedia || !window.CSS || !CSS.supports) { return; }
    if (CSS.supports("selector(::details-content)")) { return; }
    var wide = window.matchMedia("(min-width: 48rem)");
    var follow = function () { menu.open = wide.matches; };
    follow();
    if (wide.addEventListener) { wide.addEventListener("change", follow); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-refresh-url]").forEach(refresh);
    unfoldMenuOnWideScreens();
  });
})();
