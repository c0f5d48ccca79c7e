// Filters the flagged-hand list. Reads only data-* attributes and never writes HTML.
(function () {
  "use strict";
  var hands = Array.prototype.slice.call(document.querySelectorAll("details.hand"));
  var text = document.getElementById("filter-text");
  var code = document.getElementById("filter-code");
  var severity = document.getElementById("filter-severity");
  var count = document.getElementById("filter-count");
  if (!text || !code || !severity || !count) {
    return;
  }
  function matches(hand, needle) {
    if (needle && hand.dataset.search.indexOf(needle) === -1) {
      return false;
    }
    if (code.value && hand.dataset.codes.split(" ").indexOf(code.value) === -1) {
      return false;
    }
    return !severity.value || hand.dataset.severity === severity.value;
  }
  function apply() {
    var needle = text.value.trim().toLowerCase();
    var shown = 0;
    hands.forEach(function (hand) {
      var ok = matches(hand, needle);
      hand.hidden = !ok;
      if (ok) {
        shown += 1;
      }
    });
    count.textContent = shown + " of " + hands.length + " hands shown";
  }
  function setOpen(open) {
    hands.forEach(function (hand) {
      if (!hand.hidden) {
        hand.open = open;
      }
    });
  }
  text.addEventListener("input", apply);
  code.addEventListener("change", apply);
  severity.addEventListener("change", apply);
  document.getElementById("expand-all").addEventListener("click", function () { setOpen(true); });
  document.getElementById("collapse-all").addEventListener("click", function () { setOpen(false); });
  apply();
})();
