{% load i18n %}// The service worker of the players' links (/table/<token>/, /equipe/<token>/): the page and
// its assets open with no network after one visit, and the outbox (results/outbox.js) is sent
// when the network comes back (Background Sync where the browser has it).
//
// What it keeps, and nothing else: the players' link pages, each under its own address (a copy
// is never served to another link), network first with the copy as the fallback; and the
// site's static files. Every other request (staff pages, hand records, the API, any POST)
// goes to the network untouched. docs/offline.md
"use strict";

var ASSETS_CACHE = "coinche-assets-{{ version }}";
var PAGES_CACHE = "coinche-pages-v1";
var ASSETS = [{% for asset in assets %}"{{ asset|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var STATIC_PREFIX = "{{ static_prefix|escapejs }}";
var LINK = /^\/(table|equipe)\/[A-Za-z0-9_-]+\/$/;
// A network that answers nothing (a Wi-Fi without Internet behind it): the copy after this.
var NETWORK_WAIT_MS = 5000;
// A file name with a content hash (whitenoise's manifest storage) never changes.
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

importScripts("{{ outbox_url|escapejs }}");

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS_CACHE).then(function (cache) {
    return cache.addAll(ASSETS);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("coinche-assets-") === 0 && name !== ASSETS_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isLink(url) {
  return url.origin === self.location.origin && LINK.test(url.pathname);
}

// The address a copy is kept under: the link and its query (« ?tour=2 »), never the fragment.
function pageKey(url) {
  return url.origin + url.pathname + url.search;
}

function keep(key, response) {
  var type = response.headers.get("Content-Type") || "";
  if (response.status !== 200 || response.redirected || response.type !== "basic" ||
      type.indexOf("text/html") !== 0) {
    return Promise.resolve();
  }
  var copy = response.clone();
  return caches.open(PAGES_CACHE).then(function (cache) { return cache.put(key, copy); });
}

// The copy of this very link: this address, else the same link with another query.
function copyOf(url) {
  return caches.open(PAGES_CACHE).then(function (cache) {
    return cache.match(pageKey(url)).then(function (hit) {
      return hit || cache.match(url.origin + url.pathname, { ignoreSearch: true });
    });
  });
}

function noCopy() {
  var text = "{% filter escapejs %}{% translate 'Pas de réseau, et cette page n’a pas encore été ouverte sur ce téléphone : réessayez quand le réseau revient.' %}{% endfilter %}";
  return new Response(text, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }
  });
}

// The pages just opened from a copy (their client ids): each asks, to say so on the page.
var openedFromCopy = {};

function networkFirst(event, url) {
  var request = event.request;
  return new Promise(function (resolve) {
    var done = false;
    function answer(response, copy) {
      if (done) { return; }
      done = true;
      if (copy && event.resultingClientId) { openedFromCopy[event.resultingClientId] = true; }
      resolve(response);
    }
    var timer = setTimeout(function () {
      copyOf(url).then(function (hit) { if (hit) { answer(hit, true); } });
    }, NETWORK_WAIT_MS);
    fetch(request).then(function (response) {
      clearTimeout(timer);
      keep(pageKey(url), response);
      answer(response, false);
    }, function () {
      clearTimeout(timer);
      copyOf(url).then(function (hit) { answer(hit || noCopy(), !!hit); });
    });
  });
}

function fromCacheOrNetwork(request, url) {
  return caches.match(request).then(function (hit) {
    if (hit && HASHED.test(url.pathname)) { return hit; }
    return fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        caches.open(ASSETS_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }, function (error) {
      if (hit) { return hit; }
      throw error;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (isLink(url) && request.mode === "navigate") {
    event.respondWith(networkFirst(event, url));
  } else if (isLink(url)) {
    // The page asking for its boards' new state: the network only (an old copy would undo
    // what it shows), and what it brings keeps the copy up to date.
    event.respondWith(fetch(request).then(function (response) {
      keep(pageKey(url), response);
      return response;
    }));
  } else if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(fromCacheOrNetwork(request, url));
  }
});

function tellPages() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
    pages.forEach(function (page) { page.postMessage({ type: "outbox-changed" }); });
  });
}

function flush() {
  return self.CoincheOutbox.flush().then(function (outcomes) {
    return tellPages().then(function () {
      // Still no network: a rejected sync is tried again by the browser later.
      if (outcomes.some(function (done) { return done.result.outcome === "retry"; })) {
        throw new Error("outbox: still waiting for the network");
      }
    });
  });
}

self.addEventListener("sync", function (event) {
  if (event.tag === self.CoincheOutbox.SYNC_TAG) { event.waitUntil(flush()); }
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "keep" && Array.isArray(data.urls)) {
    // The first visit, before this worker controlled the page: keep these links now.
    event.waitUntil(Promise.all(data.urls.map(function (address) {
      var url = new URL(address, self.location.origin);
      if (!isLink(url)) { return null; }
      return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
        return keep(pageKey(url), response);
      }, function () { return null; });
    })));
  } else if (data.type === "copy?" && event.source) {
    var copy = !!openedFromCopy[event.source.id];
    delete openedFromCopy[event.source.id];
    event.source.postMessage({ type: "copy", copy: copy });
  } else if (data.type === "flush") {
    event.waitUntil(flush().catch(function () { return null; }));
  }
});
