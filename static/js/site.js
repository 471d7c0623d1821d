// Live fragments: an element with data-refresh-url and data-refresh-seconds is replaced by the
// server's fresh HTML every few seconds, without reloading the page (rankings, dashboards).
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
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-refresh-url]").forEach(refresh);
  });
})();
