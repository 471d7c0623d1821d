// Settings page: picking a rules preset (a family of rules) fills every rule field with the
// preset's values, which the organizer may then change one by one. Without JavaScript the
// server applies the preset. The « Aperçu de la marque » below the fields follows every change:
// the rule fields are sent to the preview endpoint (#rules-preview[data-preview-url]), which
// scores three fixed sample deals under them and answers the fragment to show.
(function () {
  "use strict";

  // « Mitchell sans tours inversés : deux classements » follows the movement fields (the page
  // opens with the server's answer).
  function twoRankings() {
    var warning = document.getElementById("two-rankings");
    var movement = document.getElementById("id_movement_type");
    var arrow = document.getElementById("id_arrow_switch");
    if (!warning || !movement || !arrow) { return; }
    function update() {
      warning.hidden = !(movement.value === "mitchell" && !arrow.checked);
    }
    movement.addEventListener("change", update);
    arrow.addEventListener("change", update);
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    twoRankings();
    var data = document.getElementById("rule-presets");
    var select = document.getElementById("id_rules_preset");
    if (!data || !select) { return; }
    var presets = JSON.parse(data.textContent);
    var form = select.form;
    var preview = document.getElementById("rules-preview");
    var timer = null;
    var asked = 0;

    function ruleQuery() {
      var params = new URLSearchParams();
      Array.prototype.forEach.call(form.elements, function (input) {
        var name = input.name || "";
        if (name !== "rules_preset" && name.indexOf("rule_") !== 0) { return; }
        if (input.type === "checkbox") {
          if (input.checked) { params.append(name, "on"); }
        } else {
          params.append(name, input.value);
        }
      });
      return params.toString();
    }

    function refresh() {
      if (!preview) { return; }
      var ticket = ++asked;
      preview.setAttribute("aria-busy", "true");
      fetch(preview.getAttribute("data-preview-url") + "?" + ruleQuery(), {
        headers: { "X-Requested-With": "fetch" },
        credentials: "same-origin"
      })
        .then(function (response) {
          // 400: the rules cannot be played together; the fragment says why.
          if (!response.ok && response.status !== 400) { return Promise.reject(response.status); }
          return response.text();
        })
        .then(function (html) {
          if (ticket !== asked) { return; }  // an older answer arriving late
          preview.innerHTML = html;
          preview.classList.remove("offline");
        })
        .catch(function () { preview.classList.add("offline"); })
        .finally(function () { preview.removeAttribute("aria-busy"); });
    }

    function soon() {
      clearTimeout(timer);
      timer = setTimeout(refresh, 150);
    }

    select.addEventListener("change", function () {
      var rules = presets[select.value];
      if (!rules) { return; }
      Object.keys(rules).forEach(function (name) {
        var input = document.getElementById("id_rule_" + name);
        if (!input || input.disabled) { return; }
        if (input.type === "checkbox") {
          input.checked = Boolean(rules[name]);
        } else {
          input.value = String(rules[name]);
        }
      });
      soon();
    });
    form.addEventListener("change", function (event) {
      var name = event.target.name || "";
      if (name.indexOf("rule_") === 0) { soon(); }
    });
    form.addEventListener("input", function (event) {
      var name = event.target.name || "";
      if (name.indexOf("rule_") === 0) { soon(); }
    });
  });
})();
