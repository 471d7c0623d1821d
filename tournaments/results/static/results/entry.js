// Arbiter entry of a round's score sheets: each row is saved on its own with fetch() as JSON
// (Enter in a row, or its button), the marks or the errors in French are shown in place, and
// the focus moves to the next row. Without this script the whole sheet is posted as a form.
(function () {
  "use strict";

  var form = document.getElementById("entry-form");
  if (!form) { return; }
  var rowUrl = form.getAttribute("data-row-url");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var rows = Array.prototype.slice.call(form.querySelectorAll("tr.entry-row"));

  function inputs(row) {
    return Array.prototype.slice.call(row.querySelectorAll("input, select, textarea"));
  }

  function fieldName(row, input) {
    var prefix = row.getAttribute("data-prefix") + "-";
    return input.name.indexOf(prefix) === 0 ? input.name.slice(prefix.length) : null;
  }

  // The row's fields as JSON: checkbox groups (belote, annonces) become lists of the checked
  // values, a lone checkbox a boolean, everything else its value.
  function collect(row) {
    var fields = {};
    var groups = {};
    inputs(row).forEach(function (input) {
      var name = fieldName(row, input);
      if (name && input.type === "checkbox") { groups[name] = (groups[name] || 0) + 1; }
    });
    inputs(row).forEach(function (input) {
      var name = fieldName(row, input);
      if (!name) { return; }
      if (input.type === "checkbox") {
        if (groups[name] > 1 || input.closest(".choices")) {
          fields[name] = fields[name] || [];
          if (input.checked) { fields[name].push(input.value); }
        } else {
          fields[name] = input.checked;
        }
      } else {
        fields[name] = input.value;
      }
    });
    return fields;
  }

  function clearErrors(row) {
    row.querySelectorAll("[aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    });
    var errorsRow = document.getElementById(row.id + "-errors");
    errorsRow.hidden = true;
    errorsRow.querySelector("td").textContent = "";
  }

  // The row's messages go under it, on the whole width of the sheet (a narrow column would
  // squeeze them), each named by its field: « Points preneurs : … ».
  function showRowMessage(row, message, label, field) {
    var errorsRow = document.getElementById(row.id + "-errors");
    var cell = errorsRow.querySelector("td");
    var list = cell.querySelector("ul.errorlist");
    if (!list) {
      list = document.createElement("ul");
      list.className = "errorlist";
      cell.appendChild(list);
    }
    var item = document.createElement("li");
    if (label) {
      var name = document.createElement("strong");
      name.textContent = label;
      item.appendChild(name);
      item.appendChild(document.createTextNode(" : "));
      item.setAttribute("data-field", field);
    }
    item.appendChild(document.createTextNode(message));
    list.appendChild(item);
    errorsRow.hidden = false;
  }

  function showErrors(row, errors) {
    var first = null;
    errors.forEach(function (error) {
      var cell = row.querySelector("td[data-field='" + error.field + "']");
      showRowMessage(row, error.message, cell && cell.getAttribute("data-label"), error.field);
      var control = cell && cell.querySelector("input, select, textarea");
      if (control) {
        control.setAttribute("aria-invalid", "true");
        control.setAttribute("aria-describedby", row.id + "-messages");
        first = first || control;
      }
    });
    (first || inputs(row).filter(visible)[0]).focus();
  }

  function visible(input) {
    return input.type !== "hidden" && !input.closest("[hidden]") && !input.closest(".hidden");
  }

  function setField(row, name, value) {
    var input = row.querySelector("[name='" + row.getAttribute("data-prefix") + "-" + name + "']");
    if (input) { input.value = value; }
  }

  function showResult(row, result) {
    var marks = row.querySelector("td.marks");
    if (result.ns !== null && result.ns !== undefined) {
      marks.textContent = marks.getAttribute("data-ns") + " " + result.ns + " / " +
        marks.getAttribute("data-ew") + " " + result.ew;
    } else if (result.ns_adjustment) {
      marks.textContent = result.ns_adjustment + " / " + result.ew_adjustment;
    }
    var badge = row.querySelector("td.state a.badge");
    badge.textContent = result.status_label + " · v" + result.version;
    badge.className = "badge" + (result.state === "entered" ? " warn" : result.state === "disputed" ? " error" : "");
    row.className = row.className.replace(/state-\S+/, "state-" + result.state);
    setField(row, "replace_version", result.version);
    var replace = row.querySelector("label.replace");
    replace.classList.remove("hidden");
    replace.querySelector("input").checked = false;
  }

  function focusNext(row) {
    var index = rows.indexOf(row);
    var next = rows[index + 1];
    if (next) {
      var target = inputs(next).filter(visible)[0];
      if (target) { target.focus(); }
    } else {
      form.querySelector("button[type=submit]").focus();
    }
  }

  function save(row) {
    clearErrors(row);
    row.classList.add("saving");
    var body = {
      table: parseInt(row.getAttribute("data-table"), 10),
      board: parseInt(row.getAttribute("data-board"), 10),
      fields: collect(row)
    };
    return fetch(rowUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "X-Requested-With": "fetch" },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    }).then(function (answer) {
      row.classList.remove("saving");
      var data = answer.data;
      if (data.ok) {
        row.classList.remove("dirty");
        row.classList.add("saved");
        if (data.result) { showResult(row, data.result); }
        if (data.submission_key) { setField(row, "submission_key", data.submission_key); }
        return true;
      }
      if (data.errors) { showErrors(row, data.errors); }
      if (data.message) {
        showRowMessage(row, data.message);
        // A change of the result this row shows: the « Remplacer » box is the way out.
        var box = data.replace_needed && row.querySelector("label.replace input");
        (box && visible(box) ? box : inputs(row).filter(visible)[0]).focus();
      }
      return false;
    }).catch(function () {
      // The same submission key is sent again on retry: a save that did reach the server is
      // recognised and not stored twice.
      row.classList.remove("saving");
      showRowMessage(row, form.getAttribute("data-offline-message"));
      return false;
    });
  }

  function filterBelote(row) {
    var strain = row.querySelector("[data-field=strain] select");
    if (!strain) { return; }
    row.querySelectorAll("[data-field=belote] label.choice").forEach(function (label) {
      var suit = label.getAttribute("data-suit");
      var applies = !strain.value || strain.value === "TA" || strain.value === suit;
      label.hidden = !applies;
      if (!applies) { label.querySelector("input").checked = false; }
    });
  }

  rows.forEach(function (row) {
    var button = row.querySelector("button.row-save");
    button.hidden = false;
    button.addEventListener("click", function () {
      save(row).then(function (ok) { if (ok) { focusNext(row); } });
    });
    row.addEventListener("change", function (event) {
      row.classList.add("dirty");
      row.classList.remove("saved");
      if (event.target.closest("[data-field=strain]")) { filterBelote(row); }
    });
    row.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && event.target.tagName !== "TEXTAREA" && event.target.tagName !== "BUTTON") {
        event.preventDefault();
        save(row).then(function (ok) { if (ok) { focusNext(row); } });
      }
    });
    filterBelote(row);
  });

  // « Corriger dans la feuille de saisie » (?corriger=t2b3#t2b3): the cursor starts in that
  // row. Its field carries autofocus too, but a browser skips autofocus when the address
  // names an anchor of the page, and moves the focus to that anchor once the page is loaded:
  // hence after the load.
  var correcting = form.querySelector("tr.entry-row.correcting");
  if (correcting) {
    var start = inputs(correcting).filter(visible)[0];
    var focusStart = function () {
      if (start && !correcting.contains(document.activeElement)) { start.focus(); }
    };
    if (document.readyState === "complete") { focusStart(); } else {
      window.addEventListener("load", function () { setTimeout(focusStart, 0); });
    }
  }

  // The whole-sheet button saves every changed row in turn, without reloading the page.
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var pending = rows.filter(function (row) { return row.classList.contains("dirty"); });
    pending.reduce(function (chain, row) {
      return chain.then(function () { return save(row); });
    }, Promise.resolve());
  });
})();
