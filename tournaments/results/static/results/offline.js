// The players' links without a reliable network (docs/offline.md): the service worker that lets
// the page open offline, and on the table page the outbox (results/outbox.js) that keeps what
// the players enter, confirm or dispute until the server has it.
//
// A board's form is sent by fetch to the table's send address; without an answer (no network,
// a timeout, a server error) it stays on this phone, « En attente d'envoi » on its board, and is
// sent again when the network comes back: Background Sync, the « online » event, the page
// shown again, and a timer. A refusal (someone else entered the board, the round closed, a
// wrong code) stays on its board, with the entry, until the player acts on it.
(function () {
  "use strict";

  var configNode = document.getElementById("offline-config");
  if (!configNode) { return; }
  var config = JSON.parse(configNode.textContent);
  var T = config.texts;
  var Outbox = window.CoincheOutbox;
  var RETRY_EVERY_MS = 20000;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_all, key) { return values[key]; });
  }

  // --- A copy of the page, shown without network --------------------------------------------
  // The service worker says whether it opened this page from its copy: its messages are then
  // old news, and the page says that the latest results may be missing.
  function showCopy() {
    Array.prototype.forEach.call(document.querySelectorAll(".messages"), function (list) {
      list.remove();
    });
    var note = document.getElementById("offline-copy");
    if (note) { note.hidden = false; }
  }

  // --- The service worker -------------------------------------------------------------------
  var registration = null;
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(config.worker, { scope: config.scope }).then(function (found) {
      registration = found;
      return navigator.serviceWorker.ready;
    }).then(function (ready) {
      registration = ready;
      // Not yet controlled (the first visit): ask the worker to keep this page now, and the
      // links this page leads to (a team's table for its next round).
      var urls = (navigator.serviceWorker.controller ? [] : [location.href]).concat(config.keep || []);
      if (urls.length && ready.active) { ready.active.postMessage({ type: "keep", urls: urls }); }
    }).catch(function () { /* the page still works, online */ });
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type === "outbox-changed") { show(); }
      if (data.type === "copy" && data.copy) { showCopy(); }
    });
    if (navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: "copy?" });
    }
  } else {
    var unavailable = document.getElementById("offline-unavailable");
    if (unavailable) { unavailable.hidden = false; }
  }

  // The team's page has no outbox: only its link is kept.
  if (!config.send || !Outbox) { return; }

  // --- What a board's entry says, for its note ----------------------------------------------
  var phoneNode = document.getElementById("phone-entry-options");
  var phone = phoneNode ? JSON.parse(phoneNode.textContent) : { seats: [], strains: [] };
  function textOf(list, value) {
    var found = list.filter(function (item) { return item.value === value; })[0];
    return found ? found.text : value;
  }
  function summary(item) {
    var fields = {};
    item.fields.forEach(function (pair) { fields[pair[0]] = pair[1]; });
    var prefix = "b" + item.board + "-";
    if (item.action === "confirm") { return T.confirm; }
    if (item.action === "dispute") { return format(T.dispute, { reason: fields.reason || "" }); }
    if (fields[prefix + "passed"]) { return T.passed; }
    var parts = [
      textOf(phone.seats, fields[prefix + "taker"] || ""),
      (fields[prefix + "bid"] || "") + " " + textOf(phone.strains, fields[prefix + "strain"] || ""),
    ];
    var coinche = fields[prefix + "coinche"];
    if (coinche === "1" || coinche === "2") { parts.push(textOf(phone.coinche || [], coinche)); }
    if (fields[prefix + "taker_points"]) { parts.push(format(T.points, { points: fields[prefix + "taker_points"] })); }
    return parts.join(" · ");
  }

  // --- Sending a board's form ---------------------------------------------------------------
  function boardOf(form) {
    var section = form.closest("section.board-card");
    return section ? Number(section.id.replace("etui-", "")) : null;
  }

  function refusal(board, text) {
    var section = document.getElementById("etui-" + board);
    if (!section) { return; }
    var old = section.querySelector(".outbox-live-error");
    if (old) { old.remove(); }
    var box = el("div", "message error outbox-live-error", text);
    box.setAttribute("role", "alert");
    section.querySelector("h2").after(box);
    return box;
  }

  // A refused confirmation is told in the page's messages too, where the page without this
  // script tells it (an entry's or a dispute's refusal is told on its form, as there).
  function pageMessage(text) {
    var list = document.querySelector("ul.messages");
    if (!list) {
      var main = document.querySelector("main.content");
      if (!main) { return; }
      var status = el("div");
      status.setAttribute("role", "status");
      list = el("ul", "messages");
      status.appendChild(list);
      main.insertBefore(status, main.firstChild);
    }
    list.textContent = "";
    list.appendChild(el("li", "message error", text));
  }

  function errorList(answer) {
    var list = el("ul", "errorlist");
    ((answer && answer.errors) || []).forEach(function (error) {
      list.appendChild(el("li", null, error.message));
    });
    return list;
  }

  function registerSync() {
    if (registration && registration.sync) {
      registration.sync.register(Outbox.SYNC_TAG).catch(function () { return null; });
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var action = form.elements.action ? form.elements.action.value : "";
    var board = boardOf(form);
    if (board === null || ["enter", "confirm", "dispute"].indexOf(action) < 0) { return; }
    event.preventDefault();
    var code = form.elements.code;
    if (code && !code.value.trim()) {
      if (action === "confirm") { pageMessage(T.missing_code); }
      refusal(board, T.missing_code);
      return;
    }
    if (action === "dispute" && !(form.elements.reason && form.elements.reason.value.trim())) {
      refusal(board, T.missing_reason);
      return;
    }
    var keyField = form.elements["b" + board + "-submission_key"];
    var key = keyField && keyField.value ? keyField.value : Outbox.newKey();
    var item = {
      key: key,
      url: config.send,
      page: location.pathname,
      board: board,
      action: action,
      fields: Array.from(new FormData(form).entries()).filter(function (pair) {
        return typeof pair[1] === "string";
      }),
      created: Date.now(),
      status: "pending"
    };
    item.summary = summary(item);
    var button = form.querySelector("button[type=submit], .save-bar button");
    if (button) { button.disabled = true; }
    Outbox.put(item).then(function () {
      if (navigator.onLine === false) { return null; }
      return Outbox.process(item.key, true);
    }).then(function (done) {
      if (button) { button.disabled = false; }
      if (done && done.result.outcome === "sent") {
        // The player waits on this page: the page of the new state, with its message.
        go(done.result.answer.redirect);
        return;
      }
      if (done && done.result.outcome === "refused") {
        // Told at once, on the board, with the form still filled in: nothing to keep.
        return Outbox.remove(item.key).then(function () {
          if (action === "confirm") { pageMessage(messageOf(done.result.answer)); }
          var box = refusal(board, messageOf(done.result.answer));
          box.appendChild(errorList(done.result.answer));
          show();
        });
      }
      registerSync();
      show();
    }, function () {
      // No IndexedDB (a private window of some browsers): the page's plain form, online only.
      if (button) { button.disabled = false; }
      form.submit();
    });
  });

  // Open ``address``, even when it is this page with another fragment (a plain fragment change
  // would not ask the server for the board's new state).
  function go(address) {
    var target = new URL(address, location.href);
    if (target.pathname + target.search === location.pathname + location.search) {
      history.replaceState(null, "", target.href);
      window.location.reload();
    } else {
      window.location.assign(target.href);
    }
  }

  function messageOf(answer) {
    if (!answer || answer.code === "expired" || !answer.message) { return T.expired; }
    return answer.message;
  }

  // --- The boards' notes and the page's count -----------------------------------------------
  function formsOf(section, action) {
    return Array.prototype.filter.call(section.querySelectorAll("form"), function (form) {
      return form.elements.action && form.elements.action.value === action;
    });
  }

  function restore(section, item) {
    var form = formsOf(section, "enter")[0];
    if (!form) { return false; }
    var values = {};
    item.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    var prefix = "b" + item.board + "-";
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.name.indexOf(prefix) !== 0 || field.type === "hidden") { return; }
      if (field.type === "checkbox") { field.checked = field.name in values; }
      else { field.value = values[field.name] !== undefined ? values[field.name] : ""; }
    });
    // A new key: the kept entry may have reached the server without its answer reaching us.
    var key = form.elements[prefix + "submission_key"];
    if (key) { key.value = Outbox.newKey(); }
    var folded = form.closest("details");
    if (folded) { folded.open = true; }
    form.dispatchEvent(new CustomEvent("outbox:restore"));
    return true;
  }

  function button(text, onTap, className) {
    var node = el("button", "btn " + (className || "secondary"), text);
    node.type = "button";
    node.addEventListener("click", onTap);
    return node;
  }

  function note(section, item) {
    var box = el("div", "outbox-note");
    box.setAttribute("data-key", item.key);
    box.setAttribute("data-status", item.status);
    if (item.status === "refused") {
      box.classList.add("message", "error");
      box.setAttribute("role", "alert");
      box.appendChild(el("strong", null, format(T.refused, { what: item.summary })));
      box.appendChild(el("p", "outbox-reason", messageOf(item.answer)));
      box.appendChild(errorList(item.answer));
      box.appendChild(el("p", "muted", T.kept));
      var actions = el("p", "outbox-actions");
      if (item.action === "enter" && formsOf(section, "enter").length) {
        actions.appendChild(button(T.resume, function () {
          if (restore(section, item)) { Outbox.remove(item.key).then(show); }
        }));
      }
      actions.appendChild(button(T.reload, function () { window.location.reload(); }));
      actions.appendChild(button(T.discard, function () {
        if (window.confirm(T.discard_confirm)) { Outbox.remove(item.key).then(show); }
      }, "danger"));
      box.appendChild(actions);
    } else {
      box.classList.add("message", "warning");
      box.appendChild(el("strong", "outbox-pending", item.status === "sent" ? T.sent : T.pending));
      box.appendChild(el("span", "outbox-summary", " · " + item.summary));
      if (item.status === "pending" && item.action === "enter" && formsOf(section, "enter").length) {
        var edit = el("button", "link outbox-edit", T.edit);
        edit.type = "button";
        edit.addEventListener("click", function () {
          if (restore(section, item)) { Outbox.remove(item.key).then(show); }
        });
        var line = el("p", "outbox-actions");
        line.appendChild(edit);
        box.appendChild(line);
      }
    }
    return box;
  }

  var refreshing = false;

  // Boards whose kept items the server has answered: their new state, from a fresh copy of the
  // page. A sent item is then done; a refused one stays, its board now showing why.
  function refreshBoards(items) {
    if (refreshing) { return Promise.resolve(); }
    refreshing = true;
    return fetch(location.pathname + location.search, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) { throw new Error("page " + response.status); }
        return response.text();
      }).then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var boards = {};
        items.forEach(function (item) { boards[item.board] = true; });
        Object.keys(boards).forEach(function (board) {
          var old = document.getElementById("etui-" + board);
          var replacement = fresh.getElementById("etui-" + board);
          if (!old || !replacement) { return; }
          var adopted = document.importNode(replacement, true);
          old.replaceWith(adopted);
          if (window.CoinchePhoneEntry) {
            Array.prototype.forEach.call(adopted.querySelectorAll("form.phone-form"), window.CoinchePhoneEntry.enhance);
          }
        });
        return Promise.all(items.map(function (item) {
          if (item.status === "sent") { return Outbox.remove(item.key); }
          return Outbox.update(item.key, function (stored) { stored.refreshed = true; });
        }));
      }).then(function () { return true; }, function () { return false; }).then(function (done) {
        refreshing = false;
        return done;
      });
  }

  var statusBox = document.getElementById("outbox-status");

  function show() {
    return Outbox.all().then(function (items) {
      var mine = items.filter(function (item) { return item.page === location.pathname; });
      Array.prototype.forEach.call(document.querySelectorAll(".outbox-note"), function (old) { old.remove(); });
      Array.prototype.forEach.call(document.querySelectorAll("section.board-card"), function (section) {
        section.classList.remove("outbox-waiting");
      });
      var waiting = 0;
      var refused = 0;
      mine.forEach(function (item) {
        var section = document.getElementById("etui-" + item.board);
        if (item.status === "refused") { refused += 1; }
        else if (item.status !== "sent") { waiting += 1; }
        if (!section) { return; }
        section.querySelector("h2").after(note(section, item));
        if (item.status !== "refused") {
          // Its forms wait too: the kept item is what this board will send.
          section.classList.add("outbox-waiting");
        }
      });
      if (statusBox) {
        statusBox.textContent = "";
        if (waiting) {
          statusBox.appendChild(el("p", "message warning outbox-count",
            format(waiting === 1 ? T.count_one : T.count_other, { count: waiting })));
        }
        if (refused) {
          statusBox.appendChild(el("p", "message error outbox-refused",
            format(refused === 1 ? T.refused_one : T.refused_other, { count: refused })));
        }
        statusBox.hidden = !(waiting || refused);
      }
      var answered = mine.filter(function (item) {
        return item.status === "sent" || (item.status === "refused" && !item.refreshed);
      });
      if (answered.length) {
        return refreshBoards(answered).then(function (done) { return done ? show() : null; });
      }
      return null;
    }).catch(function () { return null; });
  }

  var flushing = false;
  function flush() {
    if (flushing || navigator.onLine === false) { return; }
    flushing = true;
    Outbox.flush().then(function () { return show(); }, function () { return null; })
      .then(function () { flushing = false; });
  }

  window.addEventListener("online", flush);
  // The page swapped in fresh boards (results/table_follow.js): their notes again.
  document.addEventListener("table:refreshed", function () { show(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { flush(); }
  });
  setInterval(flush, RETRY_EVERY_MS);
  show().then(flush);
})();
