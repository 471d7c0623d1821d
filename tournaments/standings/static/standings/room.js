// The room display (standings/room.html): keeps itself up to date with no one touching it.
// Every second it asks the state endpoint (data-state-url) for a small key that changes with
// the ranking's version and the rounds' state; when the key changed it fetches the live parts
// (data-fragment-url) and swaps them in; every 30 s it fetches them anyway (the late tables
// change with the time). A failed request keeps the last content on the screen, shows the
// discreet « reconnexion… » marker and retries with a growing delay (1, 2, 4, 8, 15 s).
// The ranking scrolls slowly and loops when it is longer than its box (a CSS animation whose
// distance and duration are measured here); with prefers-reduced-motion it turns pages
// instead.
(function () {
  "use strict";
  var POLL_MS = 1000;
  var FULL_REFRESH_MS = 30000;
  var MAX_BACKOFF_MS = 15000;
  var PIXELS_PER_SECOND = 40;
  var MIN_SCROLL_SECONDS = 12;
  var PAGE_MS = 12000;

  var body = document.body;
  var stateUrl = body.getAttribute("data-state-url");
  var fragmentUrl = body.getAttribute("data-fragment-url");
  var key = body.getAttribute("data-key");
  var status = document.querySelector(".room-status");
  var news = document.getElementById("room-news");
  var live = document.querySelector("[data-room-live]");
  var box = document.querySelector("[data-room-scroll]");
  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var failures = 0;
  var lastFull = Date.now();
  var fetching = false;

  function get(url) {
    return fetch(url, { cache: "no-store", credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.ok ? r : Promise.reject(r.status); });
  }

  function online() {
    failures = 0;
    status.hidden = true;
    body.classList.remove("room-offline");
  }

  function offline() {
    failures += 1;
    status.hidden = false;
    body.classList.add("room-offline");
  }

  function nextDelay() {
    return failures ? Math.min(POLL_MS * Math.pow(2, failures - 1), MAX_BACKOFF_MS) : POLL_MS;
  }

  // --- The live parts -------------------------------------------------------------------

  function swap(html, newKey) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var part = template.content.querySelector("[data-room-news]");
    if (part) {
      part.remove();
      news.replaceChildren(part);
      // A finished tournament has no clock to show: only its final ranking.
      body.classList.toggle("room-finished", part.hasAttribute("data-finished"));
    }
    live.replaceChildren(template.content);
    key = newKey;
    lastFull = Date.now();
    body.setAttribute("data-key", key);
    body.dispatchEvent(new CustomEvent("room:updated"));
    measure();
  }

  function fetchParts(newKey) {
    fetching = true;
    return get(fragmentUrl)
      .then(function (r) { return r.text(); })
      .then(function (html) { swap(html, newKey); })
      .finally(function () { fetching = false; });
  }

  function poll() {
    get(stateUrl)
      .then(function (r) { return r.json(); })
      .then(function (state) {
        online();
        var roundsChanged = state.key.split(":")[1] !== (key || "").split(":")[1];
        if (roundsChanged) { document.dispatchEvent(new CustomEvent("roundclock:resync")); }
        if (!fetching && (state.key !== key || Date.now() - lastFull > FULL_REFRESH_MS)) {
          return fetchParts(state.key);
        }
      })
      .catch(offline)
      .finally(function () { setTimeout(poll, nextDelay()); });
  }

  // --- Scrolling the ranking ------------------------------------------------------------

  var distance = 0;
  var page = 0;

  function measure() {
    var overflow = live.scrollHeight - box.clientHeight;
    if (overflow <= 4) {
      distance = 0;
      live.classList.remove("room-scrolling", "room-paging");
      live.style.removeProperty("--room-page-offset");
      return;
    }
    if (reducedMotion.matches) {
      live.classList.remove("room-scrolling");
      live.classList.add("room-paging");
      return;
    }
    // Keep the running animation when the length barely changed: a new result every few
    // seconds must not send the list back to the top each time.
    if (Math.abs(overflow - distance) < 8 && live.classList.contains("room-scrolling")) { return; }
    distance = overflow;
    live.style.setProperty("--room-scroll-distance", -overflow + "px");
    // Two pauses of 15 % each at the top and the bottom (the keyframes in room.css); at least
    // MIN_SCROLL_SECONDS, or a list a few lines too long would jitter.
    var seconds = Math.max(MIN_SCROLL_SECONDS, Math.round(overflow / PIXELS_PER_SECOND / 0.7));
    live.style.setProperty("--room-scroll-duration", seconds + "s");
    live.classList.remove("room-paging");
    live.classList.add("room-scrolling");
  }

  function turnPage() {
    if (live.classList.contains("room-paging")) {
      var pages = Math.ceil(live.scrollHeight / box.clientHeight);
      page = (page + 1) % Math.max(pages, 1);
      var offset = Math.min(page * box.clientHeight, live.scrollHeight - box.clientHeight);
      live.style.setProperty("--room-page-offset", -offset + "px");
    }
    setTimeout(turnPage, PAGE_MS);
  }

  window.addEventListener("resize", measure);
  if (reducedMotion.addEventListener) { reducedMotion.addEventListener("change", measure); }
  measure();
  setTimeout(turnPage, PAGE_MS);
  setTimeout(poll, POLL_MS);
})();
