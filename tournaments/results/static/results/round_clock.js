// The live round clock ([data-round-clock], results/_round_clock.html): counts down the time
// left in the round by the server's clock, not the device's. Each sync asks the clock
// endpoint (data-clock-url) for the server's now and the round's end; the device's offset to
// the server is the server's now minus the middle of the request's round trip, kept from the
// sync with the shortest round trip (the most precise). Resyncs every 20 s, at once when the
// page comes back into view, and on the document event "roundclock:resync" (the room display
// sends it when the round changes). A failed sync keeps counting with the last offset. Until
// the first sync (a page opened offline, from the phone's cache), it counts from the end the
// page was rendered with (data-ends-at) and the offset this device last learnt (kept in
// localStorage), else the device's own clock.
(function () {
  "use strict";
  var RESYNC_MS = 20000;
  var RETRY_MS = [2000, 4000, 8000, 16000];

  var OFFSET_KEY = "roundclock-offset";

  function storedOffset() {
    try { return parseFloat(window.localStorage.getItem(OFFSET_KEY)) || 0; } catch (e) { return 0; }
  }

  function storeOffset(offset) {
    try { window.localStorage.setItem(OFFSET_KEY, String(Math.round(offset))); } catch (e) { /* private mode */ }
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : pad(m) + ":" + pad(s);
  }

  function bind(el) {
    if (el.hasAttribute("data-clock-bound")) { return; }
    el.setAttribute("data-clock-bound", "");
    var url = el.getAttribute("data-clock-url");
    var roundEl = el.querySelector(".clock-round");
    var timeEl = el.querySelector(".clock-time");
    var data = initial();
    var offset = storedOffset(); // server time − device time, in ms
    var bestRoundTrip = Infinity;
    var failures = 0;
    var timer = null;

    function initial() {
      var round = el.getAttribute("data-round");
      if (!round) { return null; }
      return {
        round: parseInt(round, 10),
        ends_at: el.getAttribute("data-ends-at") || null,
        warning_seconds: parseInt(el.getAttribute("data-warning-seconds") || "300", 10)
      };
    }

    function setState(state) {
      ["none", "waiting", "running", "warning", "over"].forEach(function (name) {
        el.classList.toggle("clock-" + name, name === state);
      });
    }

    function render() {
      if (!data) { return; }
      if (data.round === null) {
        roundEl.textContent = "";
        timeEl.textContent = el.getAttribute("data-label-none");
        setState("none");
        return;
      }
      roundEl.textContent = el.getAttribute("data-label-round") + " " + data.round;
      if (!data.ends_at) {
        timeEl.textContent = el.getAttribute("data-label-waiting");
        setState("waiting");
        return;
      }
      var left = Math.ceil((Date.parse(data.ends_at) - (Date.now() + offset)) / 1000);
      if (left <= 0) {
        timeEl.textContent = el.getAttribute("data-label-over");
        setState("over");
        return;
      }
      timeEl.textContent = format(left);
      setState(left <= data.warning_seconds ? "warning" : "running");
    }

    function schedule(ms) {
      clearTimeout(timer);
      timer = setTimeout(sync, ms);
    }

    function sync() {
      var sent = Date.now();
      fetch(url, { headers: { Accept: "application/json" }, cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
        .then(function (answer) {
          var received = Date.now();
          var roundTrip = received - sent;
          // A round trip much longer than the best one says little about the offset; the
          // best is forgotten slowly (x1.5 per sync) so that a device whose clock jumps
          // catches up within a few syncs.
          if (roundTrip <= bestRoundTrip) {
            bestRoundTrip = roundTrip;
            offset = Date.parse(answer.now) - (sent + roundTrip / 2);
            storeOffset(offset);
          }
          bestRoundTrip *= 1.5;
          if (answer.state === "finished") {
            // The tournament is over: the clock stops and leaves the page.
            clearTimeout(timer);
            clearInterval(ticking);
            el.hidden = true;
            return;
          }
          data = answer;
          failures = 0;
          el.classList.remove("clock-offline");
          render();
          schedule(RESYNC_MS);
        })
        .catch(function () {
          el.classList.add("clock-offline");
          schedule(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
          failures += 1;
        });
    }

    document.addEventListener("roundclock:resync", function () { schedule(0); });
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) { schedule(0); }
    });
    var ticking = setInterval(render, 250);
    render();
    sync();
  }

  function start() { document.querySelectorAll("[data-round-clock]").forEach(bind); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
