// Every page: the list closes after a tap on a phone, links of the old form (#end) land on
// the card (#act-end), and the cost display option (B or Ⓑ) is remembered.
(function () {
  "use strict";
  var toggle = document.getElementById("toc-toggle");
  var list = document.querySelector("aside .toc");
  if (toggle && list) {
    list.addEventListener("click", function (e) {
      if (e.target.closest && e.target.closest("a")) { toggle.checked = false; }
    });
  }
  var PREFIXES = ["act-", "char-", "fog-", "trump-"];
  function land() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id || document.getElementById(id)) { return; }
    for (var i = 0; i < PREFIXES.length; i++) {
      var el = document.getElementById(PREFIXES[i] + id);
      if (el) {
        history.replaceState(null, "", "#" + PREFIXES[i] + id);
        el.scrollIntoView();
        return;
      }
    }
  }
  window.addEventListener("hashchange", land);
  land();
  var circled = document.getElementById("circled-costs");
  var KEY = "bpscript.circled-costs";
  if (circled) {
    try { circled.checked = localStorage.getItem(KEY) === "1"; } catch (e) { /* storage off: the default */ }
    circled.addEventListener("change", function () {
      try { localStorage.setItem(KEY, circled.checked ? "1" : "0"); } catch (e) { /* not kept */ }
    });
  }
})();
