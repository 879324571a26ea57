// Every page: the list closes after a tap on a phone, links of the old form (#end) land on
// the card (#act-end), and the cost display option (Ⓑ as printed, or the letter B) is remembered.
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
  var letters = document.getElementById("letter-costs");
  var KEY = "bpscript.letter-costs";
  if (letters) {
    try { letters.checked = localStorage.getItem(KEY) === "1"; } catch (e) { /* storage off: the default */ }
    letters.addEventListener("change", function () {
      try { localStorage.setItem(KEY, letters.checked ? "1" : "0"); } catch (e) { /* not kept */ }
    });
  }
})();
