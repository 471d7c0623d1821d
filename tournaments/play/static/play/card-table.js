// The card table (docs/play.md): South's view drawn from the game's JSON endpoints, no framework.
//
// The page comes drawn by the server (play/table.html), with South's view in a JSON data block
// (#card-table-state) so that a tap is taken from the first moment; this script keeps it up to
// date and marks the table data-live once it answers:
// - it asks for the state (/etat/) every POLL_MS while a robot is to play, and shows the
//   robots' calls and cards one at a time (STEP_MS apart) when several came at once;
// - South's call (the bidding box offers only the legal calls) and card (the legal cards
//   enabled, the others dimmed) are posted with the action number seen; a refusal (400
//   {"error"}) is shown as it comes, in the site's language;
// - at the end: the deal's score and, when the hands are released, the replay card by card
//   with the four hands open and the double-dummy review of South's cards (polled until the
//   job has stored it).
// No inline script or style: the words come in a JSON data block (#card-table-words).
(function () {
  "use strict";
  var root = document.getElementById("card-table");
  var wordsNode = document.getElementById("card-table-words");
  if (!root || !wordsNode) { return; }
  var W = JSON.parse(wordsNode.textContent);
  var tokenInput = root.querySelector("input[name=csrfmiddlewaretoken]");
  var csrf = tokenInput ? tokenInput.value : "";
  var SUITS = ["S", "H", "C", "D"];
  var SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var TABLE_SEATS = ["N", "W", "E", "S"];
  var POLL_MS = 600;
  var STEP_MS = parseInt(root.getAttribute("data-step-ms"), 10);
  if (isNaN(STEP_MS) || STEP_MS < 0) { STEP_MS = 450; }
  var REVIEW_POLL_MS = 3000;
  var RETRY_MS = 3000;
  var shown = null;
  var target = null;
  var stepTimer = null;
  var pollTimer = null;
  var sending = false;
  var replayAt = null;

  // --- Words ---------------------------------------------------------------------------------

  function region(name) { return root.querySelector('[data-region="' + name + '"]'); }
  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }
  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_all, key) { return values[key]; });
  }
  function isRed(code) { var suit = code.charAt(1); return suit === "H" || suit === "D"; }
  function cardLabel(code) {
    var rank = code.charAt(0);
    return (W.ranks[rank === "T" ? "10" : rank] || rank) + SYMBOL[code.charAt(1)];
  }
  function cardNode(code, tag, className) {
    var node = make(tag || "span", (className || "play-card") + (isRed(code) ? " red" : ""), cardLabel(code));
    node.setAttribute("data-card", code);
    return node;
  }
  function bidText(bid) { return bid === "capot" ? W.capot : String(bid); }
  function callLabel(call) {
    if (call.call === "pass") { return W.pass; }
    if (call.call === "coinche") { return W.coinche_call; }
    if (call.call === "surcoinche") { return W.surcoinche; }
    return bidText(call.bid) + " " + (W.strains[call.strain] || call.strain);
  }
  function contractLabel(contract) {
    if (!contract) { return W.no_contract; }
    var text = format(W.by, {
      bid: bidText(contract.bid),
      strain: W.strains[contract.strain] || contract.strain,
      taker: W.seats[contract.taker]
    });
    var coinche = W.coinche[String(contract.coinche || 0)];
    return coinche ? text + ", " + coinche : text;
  }
  function cardList(codes) { return codes.map(cardLabel).join(", "); }

  // --- The state, and its frames while the robots' actions are shown one at a time ------------

  function playedCards(state) {
    var cards = [];
    state.tricks.forEach(function (trick, index) {
      trick.cards.forEach(function (item) {
        cards.push({ seat: item.seat, card: item.card, said: item.said || "", trick: index });
      });
    });
    return cards;
  }

  // The state as it was after its first ``count`` actions: the calls and cards only.
  function frame(state, count) {
    var calls = state.calls.slice(0, Math.min(count, state.calls.length));
    var left = Math.max(0, count - state.calls.length);
    var tricks = [];
    state.tricks.forEach(function (trick) {
      if (left <= 0) { return; }
      var cards = trick.cards.slice(0, left);
      left -= cards.length;
      tricks.push({ leader: trick.leader, cards: cards, winner: cards.length === 4 ? trick.winner : null });
    });
    var next = count < state.calls.length ? state.calls[count].seat : null;
    if (next === null) {
      var played = playedCards(state);
      var index = count - state.calls.length;
      next = index < played.length ? played[index].seat : state.turn;
    }
    return { calls: calls, tricks: tricks, turn: next, dealer: state.dealer };
  }

  // --- Drawing ---------------------------------------------------------------------------------

  function drawTrick(box, trick) {
    box.textContent = "";
    if (!trick) { return; }
    var cards = make("div", "trick-cards");
    trick.cards.forEach(function (item, index) {
      var classes = "trick-card at-" + item.seat + (index === 0 ? " led" : "") +
        (item.seat === trick.winner ? " won" : "");
      var place = make("div", classes);
      place.appendChild(cardNode(item.card));
      if (item.said) { place.appendChild(make("span", "said", item.said === "belote" ? W.belote : W.rebelote)); }
      cards.appendChild(place);
    });
    box.appendChild(cards);
    var caption = make("p", "trick-caption", format(W.led, { seat: W.seats[trick.leader] }));
    if (trick.winner) {
      caption.appendChild(document.createTextNode(" \u00b7 "));
      caption.appendChild(make("strong", "", format(W.won, { seat: W.seats[trick.winner] })));
    }
    box.appendChild(caption);
  }

  function drawCalls(calls) {
    var list = region("calls");
    list.textContent = "";
    calls.forEach(function (call) {
      var item = make("li", "call seat-" + call.seat);
      item.appendChild(make("span", "muted", W.seats[call.seat]));
      item.appendChild(document.createTextNode(" " + callLabel(call)));
      list.appendChild(item);
    });
  }

  function drawTable(state) {
    drawCalls(state.calls);
    var tricks = state.tricks;
    drawTrick(region("trick"), tricks.length ? tricks[tricks.length - 1] : null);
    var last = tricks.length > 1 ? tricks[tricks.length - 2] : null;
    region("last-trick-box").hidden = !last;
    drawTrick(region("last-trick"), last);
    root.querySelectorAll(".felt-seat").forEach(function (seat) {
      seat.classList.toggle("to-play", seat.getAttribute("data-seat") === state.turn);
    });
  }

  function drawStatus(state) {
    region("contract").textContent = contractLabel(state.contract);
    var points = region("points");
    points.textContent = W.ns + " ";
    points.appendChild(make("strong", "", String(state.points.ns)));
    points.appendChild(document.createTextNode(" \u00b7 " + W.ew + " "));
    points.appendChild(make("strong", "", String(state.points.ew)));
    var turn = "";
    if (state.status === "finished") { turn = W.finished; }
    else if (state.status === "abandoned") { turn = W.abandoned; }
    else if (state.turn === "S") { turn = state.legal_calls.length ? W.your_turn_call : W.your_turn_card; }
    else if (state.turn) { turn = format(W.thinking, { seat: W.seats[state.turn] }); }
    region("turn").textContent = turn;
  }

  function drawHand(state) {
    var hand = region("hand");
    var playing = state.turn === "S" && state.legal_cards.length > 0;
    hand.textContent = "";
    SUITS.forEach(function (suit) {
      var cards = state.hand.filter(function (code) { return code.charAt(1) === suit; });
      if (!cards.length) { return; }
      var holding = make("div", "hand-suit suit-" + suit);
      cards.forEach(function (code) {
        var legal = playing && state.legal_cards.indexOf(code) >= 0;
        var button = cardNode(code, "button", "hand-card" + (playing && !legal ? " illegal" : ""));
        button.type = "button";
        button.disabled = !legal;
        holding.appendChild(button);
      });
      hand.appendChild(holding);
    });
  }

  function drawBox(state) {
    var box = region("box");
    box.textContent = "";
    box.hidden = !state.legal_calls.length;
    var rows = [];
    var byHeight = {};
    var others = make("div", "bid-row others");
    state.legal_calls.forEach(function (call, index) {
      var button = make("button", "bid " + call.call, callLabel(call));
      button.type = "button";
      button.setAttribute("data-index", String(index));
      if (call.call !== "bid") { others.appendChild(button); return; }
      button.textContent = W.strains[call.strain] || call.strain;
      button.setAttribute("aria-label", callLabel(call));
      var key = String(call.bid);
      if (!byHeight[key]) {
        byHeight[key] = make("div", "bid-row");
        byHeight[key].appendChild(make("span", "bid-height", bidText(call.bid)));
        rows.push(byHeight[key]);
      }
      byHeight[key].appendChild(button);
    });
    rows.forEach(function (row) { box.appendChild(row); });
    box.appendChild(others);
  }

  function drawResult(state) {
    var box = region("result");
    box.textContent = "";
    // An abandoned game has no score: only a finished one.
    var scored = state.result && state.status === "finished";
    box.hidden = !scored;
    if (!scored) { return; }
    box.appendChild(make("h2", "", W.score_title));
    var score = state.result.score || {};
    var said = !state.result.contract ? W.passed_out : (score.made ? W.made : W.failed);
    if (state.result.contract) { said = contractLabel(state.result.contract) + " \u2014 " + said; }
    box.appendChild(make("p", "", said));
    var marks = make("p", "marks", W.ns + " ");
    marks.appendChild(make("strong", "", String(score.ns)));
    marks.appendChild(document.createTextNode(" \u00b7 " + W.ew + " "));
    marks.appendChild(make("strong", "", String(score.ew)));
    box.appendChild(marks);
  }

  // --- The replay ------------------------------------------------------------------------------

  function reviewOf(state, index) {
    if (!state.review) { return null; }
    for (var i = 0; i < state.review.cards.length; i += 1) {
      if (state.review.cards[i].index === index) { return state.review.cards[i]; }
    }
    return null;
  }

  function markText(item) {
    if (item.cost === 0) { return W.best; }
    return format(W.best_was, { cards: cardList(item.best) }) + " (" + format(W.cost, { points: item.cost }) + ")";
  }

  function handLines(cards) {
    var box = make("div", "replay-hand");
    SUITS.forEach(function (suit) {
      var line = make("div", "suit-line" + (suit === "H" || suit === "D" ? " red" : ""));
      var text = cards.filter(function (code) { return code.charAt(1) === suit; }).map(function (code) {
        return cardLabel(code).slice(0, -1);
      });
      line.textContent = SYMBOL[suit] + " " + (text.join(" ") || "\u2014");
      box.appendChild(line);
    });
    return box;
  }

  function pbnCards(pbn) {
    var cards = [];
    var order = ["S", "H", "D", "C"];
    pbn.split(".").forEach(function (ranks, index) {
      ranks.split("").forEach(function (rank) { cards.push(rank + order[index]); });
    });
    return cards;
  }

  function drawReplay(state) {
    var box = region("replay");
    if (!box) { return; }
    box.textContent = "";
    box.hidden = !state.hands;
    if (!state.hands) { return; }
    var played = playedCards(state);
    if (replayAt === null || replayAt > played.length) { replayAt = 0; }
    box.appendChild(make("h2", "", W.replay_title));
    var controls = make("div", "replay-controls");
    var back = make("button", "btn secondary", "\u25c0");
    back.type = "button";
    back.setAttribute("data-replay", "-1");
    back.setAttribute("aria-label", W.previous);
    back.disabled = replayAt === 0;
    var forth = make("button", "btn secondary", "\u25b6");
    forth.type = "button";
    forth.setAttribute("data-replay", "1");
    forth.setAttribute("aria-label", W.next);
    forth.disabled = replayAt === played.length;
    controls.appendChild(back);
    controls.appendChild(make("span", "replay-step", format(W.step, { number: replayAt, total: played.length })));
    controls.appendChild(forth);
    box.appendChild(controls);
    var gone = played.slice(0, replayAt).map(function (item) { return item.card; });
    var table = make("div", "replay-table");
    TABLE_SEATS.forEach(function (seat) {
      var place = make("div", "replay-seat seat-" + seat);
      place.appendChild(make("div", "seat-name", W.seats[seat]));
      place.appendChild(handLines(pbnCards(state.hands[seat]).filter(function (code) {
        return gone.indexOf(code) < 0;
      })));
      table.appendChild(place);
    });
    var trickBox = make("div", "trick");
    if (replayAt > 0) {
      var current = played[replayAt - 1].trick;
      var cards = played.slice(0, replayAt).filter(function (item) { return item.trick === current; });
      var whole = state.tricks[current];
      drawTrick(trickBox, {
        leader: whole.leader,
        cards: cards,
        winner: cards.length === 4 ? whole.winner : null
      });
    }
    table.appendChild(trickBox);
    box.appendChild(table);
    var note = make("p", "replay-note");
    var now = replayAt > 0 ? reviewOf(state, replayAt - 1) : null;
    if (now) { note.textContent = cardLabel(now.card) + " : " + markText(now); note.classList.add(now.cost ? "costly" : "best"); }
    box.appendChild(note);
    box.appendChild(make("h3", "", W.review_title));
    if (!state.review) { box.appendChild(make("p", "muted analysis-running", W.analysis_running)); return; }
    var list = make("ol", "review-list");
    state.review.cards.forEach(function (item) {
      var entry = make("li", item.cost ? "costly" : "best");
      var jump = make("button", "link", "");
      jump.type = "button";
      jump.setAttribute("data-replay-to", String(item.index + 1));
      jump.appendChild(cardNode(item.card));
      entry.appendChild(jump);
      entry.appendChild(document.createTextNode(" " + markText(item)));
      list.appendChild(entry);
    });
    box.appendChild(list);
  }

  function drawAll(state) {
    drawStatus(state);
    drawTable(state);
    drawBox(state);
    drawHand(state);
    drawResult(state);
    drawReplay(state);
    root.setAttribute("data-number", String(state.number));
    root.setAttribute("data-status", state.status);
    shown = state;
    focusFirst(state);
  }

  function focusFirst(state) {
    var active = document.activeElement;
    if (state.turn !== "S" || (active && active !== document.body && !root.contains(active))) { return; }
    var first = root.querySelector("button.bid, button.hand-card:not(:disabled)");
    if (first && (!active || active === document.body || active.disabled || !active.isConnected)) { first.focus({ preventScroll: true }); }
  }

  // --- The server ------------------------------------------------------------------------------

  function showError(message) {
    var box = region("error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  function accept(state) {
    target = state;
    if (stepTimer !== null) { return; }
    if (shown === null || state.number <= shown.number + 1 || state.number < shown.number) {
      drawAll(state);
      schedulePoll();
      return;
    }
    var count = shown.number + 1;
    function step() {
      if (count >= target.number) { stepTimer = null; drawAll(target); schedulePoll(); return; }
      var view = frame(target, count);
      drawTable(view);
      region("box").hidden = true;
      root.querySelectorAll("button.hand-card").forEach(function (button) { button.disabled = true; });
      region("turn").textContent = view.turn ? format(W.thinking, { seat: W.seats[view.turn] }) : "";
      count += 1;
      stepTimer = window.setTimeout(step, STEP_MS);
    }
    step();
  }

  function schedulePoll() {
    window.clearTimeout(pollTimer);
    pollTimer = null;
    if (!target) { return; }
    var over = target.status === "finished" || target.status === "abandoned";
    if (over && !(target.hands && target.review === null)) { return; }
    if (!over && target.turn === "S") { return; }
    pollTimer = window.setTimeout(poll, over ? REVIEW_POLL_MS : POLL_MS);
  }

  function poll() {
    if (document.hidden) { pollTimer = window.setTimeout(poll, POLL_MS); return; }
    fetch(root.getAttribute("data-state-url"), { credentials: "same-origin", cache: "no-store" })
      .then(function (answer) { return answer.ok ? answer.json() : Promise.reject(answer.status); })
      .then(function (state) {
        // A refusal stays until South's next action; the lost connection's note goes.
        if (region("error").textContent === W.offline) { showError(""); }
        accept(state);
      })
      .catch(retryLater);
  }

  // The connection lost (a request or its answer): said, and the state asked again later.
  function retryLater() {
    showError(W.offline);
    window.clearTimeout(pollTimer);
    pollTimer = window.setTimeout(poll, RETRY_MS);
  }

  function send(kind, body) {
    if (sending || stepTimer !== null || !shown) { return; }
    sending = true;
    root.classList.add("busy");
    body.number = shown.number;
    fetch(root.getAttribute(kind === "card" ? "data-card-url" : "data-call-url"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body)
    })
      .then(function (answer) {
        return answer.json().then(function (data) { return { ok: answer.ok, data: data }; }, function () {
          return { ok: false, data: { error: W.unreadable } };
        });
      })
      .then(function (result) {
        if (result.ok) { showError(""); accept(result.data); return; }
        showError(result.data.error || W.unreadable);
        poll();
      })
      .catch(retryLater)
      .finally(function () { sending = false; root.classList.remove("busy"); });
  }

  // --- Taps, clicks and keys -------------------------------------------------------------------

  root.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !root.contains(button) || button.disabled) { return; }
    if (button.matches("button.hand-card")) { send("card", { card: button.getAttribute("data-card") }); return; }
    if (button.matches("button.bid")) {
      var call = shown.legal_calls[parseInt(button.getAttribute("data-index"), 10)];
      if (call) { send("call", Object.assign({}, call)); }
      return;
    }
    if (button.hasAttribute("data-replay")) { moveReplay(parseInt(button.getAttribute("data-replay"), 10)); return; }
    if (button.hasAttribute("data-replay-to")) { replayAt = parseInt(button.getAttribute("data-replay-to"), 10); drawReplay(shown); }
  });

  function moveReplay(delta) {
    if (!shown || !shown.hands) { return; }
    var total = playedCards(shown).length;
    replayAt = Math.max(0, Math.min(total, replayAt + delta));
    drawReplay(shown);
    var again = region("replay").querySelector('[data-replay="' + delta + '"]');
    if (again && !again.disabled) { again.focus(); }
  }

  // Arrows: along the hand's enabled cards, along the bidding box, through the replay.
  root.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }
    var delta = event.key === "ArrowLeft" ? -1 : 1;
    var inReplay = region("replay") && region("replay").contains(event.target);
    if (inReplay) { event.preventDefault(); moveReplay(delta); return; }
    var group = event.target.closest('[data-region="hand"], [data-region="box"]');
    if (!group) { return; }
    var buttons = Array.prototype.filter.call(group.querySelectorAll("button"), function (b) { return !b.disabled; });
    var index = buttons.indexOf(event.target);
    if (index < 0 || !buttons.length) { return; }
    event.preventDefault();
    buttons[(index + delta + buttons.length) % buttons.length].focus();
  });

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && pollTimer === null && stepTimer === null) { schedulePoll(); }
  });

  var stateNode = document.getElementById("card-table-state");
  if (stateNode) { accept(JSON.parse(stateNode.textContent)); } else { poll(); }
  root.setAttribute("data-live", "");
}());
