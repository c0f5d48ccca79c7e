// The page's behaviour: sortable tables, the hand filters (their state in the URL fragment,
// "#hands:rule=X&player=Y&table=Z&sev=S&q=text"), hand anchors ("#hand-<site>-<id>") and copy
// links. Reads only data-* attributes and text, sets only text and properties: never HTML.
(function () {
  "use strict";
  var FILTERS = ["rule", "player", "table", "sev", "q"];
  var hands = Array.prototype.slice.call(document.querySelectorAll("details.hand"));
  var text = document.getElementById("filter-text");
  var code = document.getElementById("filter-code");
  var severity = document.getElementById("filter-severity");
  var count = document.getElementById("filter-count");
  var chips = document.getElementById("filter-chips");
  var noMatch = document.getElementById("no-match");
  var state = {};

  function list(hand, name) {
    if (!hand["_" + name]) {
      hand["_" + name] = JSON.parse(hand.dataset[name] || "[]");
    }
    return hand["_" + name];
  }

  function matches(hand) {
    var needle = (state.q || "").trim().toLowerCase();
    if (needle && hand.dataset.search.indexOf(needle) === -1) {
      return false;
    }
    if (state.rule && list(hand, "codes").indexOf(state.rule) === -1) {
      return false;
    }
    if (state.sev && list(hand, "severities").indexOf(state.sev) === -1) {
      return false;
    }
    if (state.player && list(hand, "players").indexOf(state.player) === -1) {
      return false;
    }
    return !state.table || hand.dataset.table === state.table;
  }

  function chip(name, value) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "chip";
    button.dataset.filter = name;
    button.textContent = name + ": " + value + " ×";
    button.title = "Remove this filter";
    button.addEventListener("click", function () {
      delete state[name];
      writeHash();
    });
    return button;
  }

  function apply() {
    var shown = 0;
    if (!count) {
      return;
    }
    hands.forEach(function (hand) {
      var ok = matches(hand);
      hand.hidden = !ok;
      shown += ok ? 1 : 0;
    });
    text.value = state.q || "";
    code.value = state.rule || "";
    severity.value = state.sev || "";
    while (chips.firstChild) {
      chips.removeChild(chips.firstChild);
    }
    ["player", "table"].forEach(function (name) {
      if (state[name]) {
        chips.appendChild(chip(name, state[name]));
      }
    });
    count.textContent = shown + " of " + hands.length + " hands shown";
    noMatch.hidden = shown > 0;
  }

  function readHash() {
    var hash = location.hash.slice(1);
    if (location.hash.indexOf("#hands:") === 0) {
      var params = new URLSearchParams(location.hash.slice("#hands:".length));
      state = {};
      FILTERS.forEach(function (name) {
        if (params.get(name)) {
          state[name] = params.get(name);
        }
      });
      apply();
      document.getElementById("hands").scrollIntoView();
    } else if (hash.indexOf("hand-") === 0) {
      openHand(document.getElementById(hash));
    } else if (hash.indexOf("rule-") === 0) {
      var rule = document.getElementById(hash);
      var doc = rule && rule.querySelector("details.rule-doc");
      if (doc) {
        doc.open = true;
      }
    }
  }

  function writeHash() {
    var params = new URLSearchParams();
    FILTERS.forEach(function (name) {
      if (state[name]) {
        params.set(name, state[name]);
      }
    });
    var fragment = "#hands:" + params.toString();
    if (location.hash !== fragment) {
      history.replaceState(null, "", fragment);
    }
    apply();
  }

  function openHand(hand) {
    if (!hand || !hand.classList.contains("hand")) {
      return;
    }
    if (hand.hidden) {
      state = {};
      apply();
    }
    hand.open = true;
    hand.scrollIntoView();
  }

  function linkTo(anchor) {
    return location.href.split("#")[0] + "#" + anchor;
  }

  function copyLink(event) {
    var button = event.currentTarget;
    var link = linkTo(button.dataset.anchor);
    history.replaceState(null, "", "#" + button.dataset.anchor);
    function done(message) {
      button.textContent = message;
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(function () { done("Link copied"); },
        function () { done("Link in the address bar"); });
    } else {
      done("Link in the address bar");
    }
  }

  function cellKey(row, index) {
    var cell = row.cells[index];
    if (!cell) {
      return "";
    }
    return cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent.trim();
  }

  function sortTable(table, index, header) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keys = rows.map(function (row) { return cellKey(row, index); });
    var numeric = keys.every(function (key) { return key === "" || !isNaN(Number(key.replace(/,/g, ""))); });
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var order = rows.map(function (row, i) { return i; });
    order.sort(function (a, b) {
      var x = keys[a], y = keys[b], result;
      if (numeric) {
        result = Number(x.replace(/,/g, "") || 0) - Number(y.replace(/,/g, "") || 0);
      } else {
        result = x.localeCompare(y);
      }
      return (ascending ? result : -result) || a - b;
    });
    Array.prototype.forEach.call(header.parentNode.cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    order.forEach(function (i) { body.appendChild(rows[i]); });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    if (!table.tHead || !table.tBodies.length) {
      return;
    }
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, index) {
      header.tabIndex = 0;
      header.title = "Sort by this column";
      header.addEventListener("click", function () { sortTable(table, index, header); });
      header.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          sortTable(table, index, header);
        }
      });
    });
  });

  Array.prototype.forEach.call(document.querySelectorAll("button.copy-link"), function (button) {
    button.addEventListener("click", copyLink);
  });

  if (text && code && severity && count && chips && noMatch) {
    text.addEventListener("input", function () {
      state.q = text.value;
      writeHash();
    });
    code.addEventListener("change", function () {
      state.rule = code.value;
      writeHash();
    });
    severity.addEventListener("change", function () {
      state.sev = severity.value;
      writeHash();
    });
    document.getElementById("filter-clear").addEventListener("click", function () {
      state = {};
      writeHash();
    });
    document.getElementById("expand-all").addEventListener("click", function () {
      hands.forEach(function (hand) { hand.open = !hand.hidden; });
    });
    document.getElementById("collapse-all").addEventListener("click", function () {
      hands.forEach(function (hand) { hand.open = false; });
    });
    apply();
  }
  window.addEventListener("hashchange", readHash);
  readHash();
})();
