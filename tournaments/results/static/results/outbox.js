// The outbox (boîte d'envoi) of the table pages: the results, confirmations and disputes a phone
// could not send yet, kept on the device in IndexedDB until the server has answered them.
//
// Loaded by the page (results/offline.js) and by the service worker (importScripts), which
// both send what it holds: each item is claimed in an IndexedDB transaction before it is sent,
// so two senders never post it at the same time, and the server stores an entry once whatever
// happens (its submission_key), a confirmation once (the version it confirms). Nothing here
// depends on the hands: an item holds what the players typed, the page's form fields.
(function (root) {
  "use strict";

  var DB_NAME = "coinche-outbox";
  var STORE = "items";
  var SEND_TIMEOUT_MS = 10000;
  // A claim older than this is free again (a sender closed in the middle of a send).
  var CLAIM_MS = 30000;
  var dbPromise = null;

  function open() {
    if (!root.indexedDB) { return Promise.reject(new Error("IndexedDB unavailable")); }
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var request = root.indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "key" });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { dbPromise = null; reject(request.error); };
      });
    }
    return dbPromise;
  }

  // One transaction; ``work(store, keep)`` queues requests, ``keep(value)`` sets the answer.
  function withStore(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(STORE, mode);
        var answer;
        work(transaction.objectStore(STORE), function (value) { answer = value; });
        transaction.oncomplete = function () { resolve(answer); };
        transaction.onerror = transaction.onabort = function () { reject(transaction.error); };
      });
    });
  }

  function all() {
    return withStore("readonly", function (store, keep) {
      var request = store.getAll();
      request.onsuccess = function () {
        keep(request.result.sort(function (a, b) { return a.created - b.created; }));
      };
    });
  }

  function put(item) { return withStore("readwrite", function (store) { store.put(item); }); }
  function remove(key) { return withStore("readwrite", function (store) { store.delete(key); }); }

  // Change an item if it is still there; ``change(item)`` returns false to leave it alone.
  function update(key, change) {
    return withStore("readwrite", function (store, keep) {
      var request = store.get(key);
      request.onsuccess = function () {
        var item = request.result;
        if (!item || change(item) === false) { return; }
        store.put(item);
        keep(item);
      };
    });
  }

  function waiting(item, now) {
    return item.status === "pending" ||
      (item.status === "sending" && now - (item.claimed || 0) > CLAIM_MS);
  }

  function claim(key) {
    var now = Date.now();
    return update(key, function (item) {
      if (!waiting(item, now)) { return false; }
      item.status = "sending";
      item.claimed = now;
    });
  }

  // Post one item. The answer: "sent" (the server's JSON), "refused" (it said why), or "retry"
  // (no network, no answer in time, a server or proxy error: the item waits for the next try).
  function post(item, live) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("outbox", live ? "live" : "queued");
    var controller = typeof AbortController === "function" ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) { controller.abort(); } }, SEND_TIMEOUT_MS);
    return fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      cache: "no-store",
      headers: { "X-Requested-With": "fetch" },
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") < 0) {
        // Django's refusal of a form whose security token is no longer valid: only a reload
        // helps. Anything else (a proxy's error page, a restarting server) is tried again.
        if (response.status === 403) { return { outcome: "refused", answer: { code: "expired" } }; }
        return { outcome: "retry" };
      }
      return response.json().then(function (answer) {
        if (answer.ok) { return { outcome: "sent", answer: answer }; }
        if (response.status >= 500 || response.status === 429) { return { outcome: "retry" }; }
        return { outcome: "refused", answer: answer };
      });
    }, function () {
      return { outcome: "retry" };
    }).then(function (result) {
      clearTimeout(timer);
      return result;
    });
  }

  // Claim, post and settle one item. A live send (the player waits on the page) that succeeds
  // is removed at once; a queued one is kept as "sent" until its page has shown the new state.
  function process(key, live) {
    return claim(key).then(function (item) {
      if (!item) { return null; }
      return post(item, live).then(function (result) {
        if (result.outcome === "sent" && live) {
          return remove(key).then(function () { return { item: item, result: result }; });
        }
        return update(key, function (stored) {
          stored.status = result.outcome === "retry" ? "pending" : result.outcome;
          stored.answer = result.answer || null;
          stored.tries = (stored.tries || 0) + 1;
        }).then(function () { return { item: item, result: result }; });
      });
    });
  }

  // Send every waiting item, in the order they were made (an entry before its confirmation).
  function flush() {
    return all().then(function (items) {
      var now = Date.now();
      var outcomes = [];
      return items.filter(function (item) { return waiting(item, now); }).reduce(function (chain, item) {
        return chain.then(function () {
          return process(item.key, false).then(function (done) { if (done) { outcomes.push(done); } });
        });
      }, Promise.resolve()).then(function () { return outcomes; });
    });
  }

  // A fresh key for an item that has none (a confirmation, a dispute): random, and available
  // on a plain-http address too (crypto.randomUUID needs a secure context).
  function newKey() {
    var bytes = new Uint8Array(16);
    root.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  root.CoincheOutbox = {
    open: open,
    all: all,
    put: put,
    remove: remove,
    update: update,
    process: process,
    flush: flush,
    newKey: newKey,
    SYNC_TAG: "coinche-outbox"
  };
})(self);
