// The table's phone page (/table/<token>/): each board's form becomes big buttons — taker,
// strain, bid, coinche —, a number pad for the points, a belote toggle and an annonce picker,
// and shows the deal's score as it is filled in, computed by the server's rules engine.
//
// Progressive enhancement: every button writes into the form's own fields (hidden, still in
// the form), so the page posts exactly what it posts without this script. What the buttons
// offer comes from the rules (#phone-entry-options), never from the hands: the players may
// not see them.
(function () {
  "use strict";

  var optionsNode = document.getElementById("phone-entry-options");
  if (!optionsNode) { return; }
  var options = JSON.parse(optionsNode.textContent);
  var L = options.labels;
  // Wait for a pause in the taps before asking the server for the score.
  var DEBOUNCE_MS = 300;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function tapButton(text, value, onTap, title) {
    var button = el("button", "tap", text);
    button.type = "button";
    if (value !== undefined && value !== null) { button.setAttribute("data-value", value); }
    if (title) { button.setAttribute("aria-label", title); button.title = title; }
    button.addEventListener("click", function () { onTap(value, button); });
    return button;
  }

  function section(parent, name, label) {
    var box = el("div", "tap-section");
    box.setAttribute("data-group", name);
    if (label) { box.appendChild(el("p", "tap-label", label)); }
    parent.appendChild(box);
    return box;
  }

  function grid(parent, columns) {
    var row = el("div", "tap-grid cols-" + columns);
    parent.appendChild(row);
    return row;
  }

  function press(button, on) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.classList.toggle("on", !!on);
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_all, key) { return values[key]; });
  }

  var seatText = {};
  var seatOfText = {};
  options.seats.forEach(function (seat) {
    seatText[seat.value] = seat.text;
    seatOfText[seat.text.toUpperCase()] = seat.value;
    seatOfText[seat.value] = seat.value;
  });

  function enhance(form) {
    var board = form.querySelector("input[name=board]").value;
    var prefix = "b" + board + "-";
    var fields = form.querySelector(".phone-fields");
    var live = form.querySelector(".live-score");
    var url = form.getAttribute("data-score-url");
    function input(name) { return form.elements[prefix + name] || null; }
    function value(name) {
      var node = input(name);
      if (!node) { return ""; }
      return node.type === "checkbox" ? (node.checked ? "on" : "") : node.value;
    }
    function set(name, newValue) {
      var node = input(name);
      if (!node) { return; }
      if (node.type === "checkbox") { node.checked = !!newValue; } else { node.value = newValue; }
      changed();
    }

    var ui = el("div", "phone-ui");
    fields.parentNode.insertBefore(ui, fields);
    fields.classList.add("hidden");
    var renderers = [];

    // The server's messages on the hidden fields (after a refused save), shown on top.
    var problems = Array.prototype.map.call(
      fields.querySelectorAll(".errorlist li"), function (item) { return item.textContent; }
    );
    if (problems.length) {
      var box = el("div", "message error phone-errors");
      box.appendChild(el("strong", null, L.errors));
      var list = el("ul");
      problems.forEach(function (text) { list.appendChild(el("li", null, text)); });
      box.appendChild(list);
      ui.appendChild(box);
    }

    // Passe générale: nothing else to say.
    var passedButton = tapButton(L.passed, null, function () { set("passed", !input("passed").checked); });
    passedButton.classList.add("wide");
    section(ui, "passed").appendChild(passedButton);
    var contract = el("div", "phone-contract");
    ui.appendChild(contract);
    renderers.push(function () {
      var passed = !!input("passed").checked;
      press(passedButton, passed);
      contract.classList.toggle("hidden", passed);
    });

    // One value out of a few: taker, strain, coinche, capot.
    function choices(name, label, items, columns, onTap) {
      var row = grid(section(contract, name, label), columns);
      var buttons = items.map(function (item) {
        var button = tapButton(item.text, item.value, onTap || function (chosen) {
          set(name, value(name) === chosen && chosen !== "" && name !== "coinche" ? "" : chosen);
        }, item.name);
        if (item.red) { button.classList.add("red"); }
        row.appendChild(button);
        return button;
      });
      renderers.push(function () {
        var current = value(name);
        buttons.forEach(function (button) {
          press(button, button.getAttribute("data-value") === current);
        });
      });
    }

    choices("taker", L.taker, options.seats, 4);

    // The bid: quick buttons up to 160, the tournament's steps (10 or 5) beyond with - and +,
    // and capot.
    var bids = options.bids;
    var bidBox = section(contract, "bid", L.bid);
    var stepper = el("div", "bid-stepper");
    var down = tapButton("−", "down", function () { step(-1); }, "−" + options.bid_step);
    var shown = el("output", "bid-value");
    var up = tapButton("+", "up", function () { step(1); }, "+" + options.bid_step);
    stepper.appendChild(down);
    stepper.appendChild(shown);
    stepper.appendChild(up);
    bidBox.appendChild(stepper);
    var numbers = bids.filter(function (bid) { return bid !== "capot"; });
    var quick = grid(bidBox, 5);
    // A capot bid is a contract; a capot made on a number bid is told below (« tous les plis »).
    if (bids.indexOf("capot") >= 0) { bidBox.appendChild(el("p", "help", L.capot_bid_help)); }
    var quickButtons = numbers.filter(function (bid) { return Number(bid) <= 160; })
      .concat(bids.indexOf("capot") >= 0 ? ["capot"] : [])
      .map(function (bid) {
        var button = tapButton(bid === "capot" ? L.capot : bid, bid, function (chosen) { set("bid", chosen); });
        quick.appendChild(button);
        return button;
      });
    function step(direction) {
      var current = value("bid");
      var index = numbers.indexOf(current);
      if (current === "capot") {
        if (direction > 0) { return; }
        index = numbers.length;
      } else if (index < 0) {
        index = direction > 0 ? -1 : 1;
      }
      var next = Math.max(0, Math.min(numbers.length - 1, index + direction));
      set("bid", numbers[next]);
    }
    renderers.push(function () {
      var current = value("bid");
      shown.textContent = current === "capot" ? L.capot : (current || "—");
      quickButtons.forEach(function (button) {
        press(button, button.getAttribute("data-value") === current);
      });
    });

    choices("strain", L.strain, options.strains, Math.min(options.strains.length, 6));
    choices("coinche", L.coinche, options.coinche, 3);

    // All eight tricks by one side: the capot made. Chosen, the points are no longer asked.
    choices("capot", L.all_tricks, options.capot, 3, function (chosen) {
      if (chosen) { input("taker_points").value = ""; }
      set("capot", chosen);
    });
    var tricksBox = contract.querySelector("[data-group=capot]");
    var tricksLabel = tricksBox.querySelector(".tap-label");
    var tricksHelp = el("p", "help");
    tricksBox.appendChild(tricksHelp);
    renderers.push(function () {
      var capotBid = value("bid") === "capot";
      tricksLabel.textContent = capotBid ? L.capot_made : L.all_tricks;
      tricksHelp.textContent = capotBid ? L.capot_made_help : L.all_tricks_help;
    });

    // The points on a number pad: digits, one back, erase. 0 to 162, never more.
    var pointsBox = section(contract, "points", L.points);
    var display = el("div", "points-display");
    var pointsValue = el("output", "points-value");
    var defence = el("span", "points-defence muted");
    display.appendChild(pointsValue);
    display.appendChild(defence);
    pointsBox.appendChild(display);
    var pointsProblem = el("p", "errorlist points-problem hidden", L.points_range);
    pointsBox.appendChild(pointsProblem);
    var pad = grid(pointsBox, 3);
    pad.setAttribute("data-group", "pad");
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "back"].forEach(function (key) {
      var text = key === "clear" ? "C" : key === "back" ? "⌫" : key;
      var title = key === "clear" ? L.erase : key === "back" ? L.erase_digit : null;
      var button = tapButton(text, key, function () { padKey(key); }, title);
      button.setAttribute("data-key", key);
      pad.appendChild(button);
    });
    function padKey(key) {
      var current = value("taker_points");
      var next;
      if (key === "clear") {
        next = "";
      } else if (key === "back") {
        next = current.slice(0, -1);
      } else {
        next = current === "0" ? key : current + key;
        if (Number(next) > options.max_points) {
          pointsProblem.classList.remove("hidden");
          return;
        }
      }
      pointsProblem.classList.add("hidden");
      set("taker_points", next);
    }
    renderers.push(function () {
      var current = value("taker_points");
      pointsBox.classList.toggle("hidden", value("capot") !== "");
      pointsValue.textContent = current === "" ? "—" : current;
      var points = Number(current);
      defence.textContent = current !== "" && points >= 0 && points <= options.max_points
        ? format(L.defence, { points: options.max_points - points }) : "";
    });

    if (options.generale && input("generale")) {
      var generale = tapButton(L.generale, null, function () { set("generale", !input("generale").checked); });
      generale.classList.add("wide");
      section(contract, "generale").appendChild(generale);
      renderers.push(function () { press(generale, !!input("generale").checked); });
    }

    if (options.belote && input("belote")) { beloteButtons(contract); }
    if (options.annonces && input("annonces")) { annoncePicker(contract); }

    // Belote: the seat that held it (tout atout: each belote, up to four, as « N N E »).
    function beloteSeats() {
      if (options.belote === "seat") { return value("belote") ? [value("belote")] : []; }
      return value("belote").split(/[\s,]+/).filter(Boolean).map(function (token) {
        return seatOfText[token.toUpperCase()] || token;
      });
    }
    function setBelote(seats) {
      if (options.belote === "seat") { set("belote", seats[0] || ""); return; }
      set("belote", seats.map(function (seat) { return seatText[seat] || seat; }).join(" "));
    }
    function beloteButtons(parent) {
      var row = grid(section(parent, "belote", L.belote), 4);
      var none = tapButton(L.no_belote, "", function () { setBelote([]); });
      none.classList.add("all-columns");
      var buttons = options.seats.map(function (seat) {
        var button = tapButton(seat.text, seat.value, function (chosen) {
          var seats = beloteSeats();
          var count = seats.filter(function (s) { return s === chosen; }).length;
          if (value("strain") === "TA" && options.belote === "seats") {
            // Tout atout: one more belote for this seat, four in all at most; then none.
            seats = seats.filter(function (s) { return s !== chosen; });
            if (count < 4 && seats.length + count < 4) {
              for (var i = 0; i <= count; i += 1) { seats.push(chosen); }
            }
            setBelote(seats);
          } else {
            setBelote(count ? [] : [chosen]);
          }
        }, seat.name);
        row.appendChild(button);
        return button;
      });
      row.appendChild(none);
      renderers.push(function () {
        var seats = beloteSeats();
        press(none, seats.length === 0);
        buttons.forEach(function (button) {
          var seat = button.getAttribute("data-value");
          var count = seats.filter(function (s) { return s === seat; }).length;
          press(button, count > 0);
          button.textContent = seatText[seat] + (count > 1 ? " ×" + count : "");
        });
      });
    }

    // Annonces: each one picked in steps — who, which, its top card, its suit — and written
    // as the text the server reads (« N tierce R ♥, E carré V »).
    function annoncePicker(parent) {
      var choicesOf = options.annonces;
      var box = section(parent, "annonces", L.annonces);
      var chips = el("ul", "annonce-chips");
      box.appendChild(chips);
      var add = tapButton(L.add_annonce, "add", function () { start(); });
      add.classList.add("wide");
      box.appendChild(add);
      var picker = el("div", "annonce-picker hidden");
      box.appendChild(picker);
      var draft = null;

      function items() {
        return value("annonces").split(/[,;\n]+/).map(function (item) {
          return item.trim();
        }).filter(Boolean);
      }
      function start() { draft = {}; showStep(); }
      function cancel() { draft = null; showStep(); }
      function finish() {
        var words = [draft.seat.text, draft.kind.text, draft.high.text];
        if (draft.suit) { words.push(draft.suit.text); }
        set("annonces", items().concat([words.join(" ")]).join(", "));
        cancel();
      }
      function stepButtons(label, list, onPick, columns) {
        picker.appendChild(el("p", "tap-label", label));
        var row = grid(picker, columns);
        list.forEach(function (item) {
          var button = tapButton(item.text, item.value, function () { onPick(item); });
          if (item.red) { button.classList.add("red"); }
          row.appendChild(button);
        });
      }
      function showStep() {
        picker.textContent = "";
        picker.classList.toggle("hidden", draft === null);
        add.classList.toggle("hidden", draft !== null);
        if (draft === null) { return; }
        picker.setAttribute("data-step", draft.seat ? (draft.kind ? (draft.high ? "suit" : "high") : "kind") : "seat");
        if (!draft.seat) {
          stepButtons(L.annonce_seat, choicesOf.seats, function (seat) { draft.seat = seat; showStep(); }, 4);
        } else if (!draft.kind) {
          stepButtons(L.annonce_kind, choicesOf.kinds, function (kind) { draft.kind = kind; showStep(); }, 2);
        } else if (!draft.high) {
          stepButtons(L.annonce_high, draft.kind.highs, function (high) {
            draft.high = high;
            if (draft.kind.suit) { showStep(); } else { finish(); }
          }, 4);
        } else {
          stepButtons(L.annonce_suit, choicesOf.suits, function (suit) { draft.suit = suit; finish(); }, 4);
        }
        var back = tapButton(L.cancel, "cancel", cancel);
        back.classList.add("wide", "secondary");
        picker.appendChild(back);
      }
      renderers.push(function () {
        chips.textContent = "";
        var list = items();
        if (!list.length) { chips.appendChild(el("li", "muted", L.no_annonce)); }
        list.forEach(function (item, index) {
          var chip = el("li", "annonce-chip");
          chip.appendChild(el("span", null, item));
          chip.appendChild(tapButton("×", "remove-" + index, function () {
            set("annonces", items().filter(function (_kept, i) { return i !== index; }).join(", "));
          }, L.remove + " " + item));
          chips.appendChild(chip);
        });
      });
      showStep();
    }

    // The deal's score before saving, from the server (the same engine as the save).
    var timer = null;
    var asked = 0;
    var save = form.querySelector(".save-bar button");
    live.id = "live-score-" + board;
    save.setAttribute("aria-describedby", live.id);
    // What the record still lacks, in words; « Enregistrer » waits for it (the server checks
    // again whatever is sent).
    function missing() {
      if (input("passed").checked) { return []; }
      var lacking = ["taker", "bid", "strain"].filter(function (name) { return !value(name); });
      if (value("taker_points") === "" && value("capot") === "") { lacking.push("points"); }
      return lacking.map(function (name) { return L.missing[name]; });
    }
    function showScore(state, content) {
      live.hidden = false;
      live.className = "live-score " + state;
      live.textContent = "";
      if (typeof content === "string") { live.textContent = content; return; }
      content.forEach(function (node) { live.appendChild(node); });
    }
    function askScore() {
      timer = null;
      var number = ++asked;
      showScore("computing", L.computing);
      fetch(url, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" }
      }).then(function (response) {
        return response.json().then(function (data) { return { status: response.status, data: data }; });
      }).then(function (answer) {
        if (number !== asked) { return; }
        var data = answer.data;
        if (data.ok) {
          var marks = el("strong", "marks", data.text);
          var nodes = [marks];
          if (data.verdict) {
            nodes.push(el("span", "verdict " + (data.made ? "made" : "failed"), data.verdict));
          }
          showScore(data.made === false ? "score failed" : "score", nodes);
          return;
        }
        var list = el("ul", "errorlist");
        (data.errors || []).forEach(function (error) { list.appendChild(el("li", null, error.message)); });
        showScore("invalid", [list]);
      }).catch(function () {
        if (number === asked) { showScore("unavailable", L.unavailable); }
      });
    }
    function scheduleScore() {
      if (timer !== null) { clearTimeout(timer); }
      var lacking = missing();
      save.disabled = lacking.length > 0;
      if (lacking.length) {
        asked += 1;
        timer = null;
        showScore("incomplete", format(L.incomplete, { missing: lacking.join(", ") }));
        return;
      }
      timer = setTimeout(askScore, DEBOUNCE_MS);
    }

    function render() { renderers.forEach(function (draw) { draw(); }); }
    function changed() {
      // The board being entered: its save bar follows the thumb (the others stay in place).
      Array.prototype.forEach.call(document.querySelectorAll("form.phone-form.active"), function (other) {
        if (other !== form) { other.classList.remove("active"); }
      });
      form.classList.add("active");
      render();
      scheduleScore();
    }
    render();
    save.disabled = missing().length > 0;
    // The outbox put a kept entry back into the fields (results/offline.js): show it.
    form.addEventListener("outbox:restore", changed);
    // A correction form folded in « Corriger » asks for its score once opened, not before.
    var folded = form.closest("details");
    if (folded && !folded.open) {
      folded.addEventListener("toggle", function opened() {
        if (!folded.open) { return; }
        folded.removeEventListener("toggle", opened);
        scheduleScore();
      });
    } else {
      scheduleScore();
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("form.phone-form"), enhance);
  // A board the outbox refreshed in place (results/offline.js) gets its buttons too.
  window.CoinchePhoneEntry = { enhance: enhance };
})();
