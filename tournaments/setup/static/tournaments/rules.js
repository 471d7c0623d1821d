// Settings page: picking a rules preset fills every rule field with the preset's values, which
// the organizer may then change one by one. Without JavaScript the server applies the preset.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var data = document.getElementById("rule-presets");
    var select = document.getElementById("id_rules_preset");
    if (!data || !select) { return; }
    var presets = JSON.parse(data.textContent);
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
    });
  });
})();
