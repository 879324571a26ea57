// Filters of the all-scripts page: format, frame, category and a text search.
// The state lives in the URL query (?format=…&frame=…&category=…&q=…), so a link can be shared.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) { return; }
  var fields = ["format", "frame", "category", "q"];
  var scripts = Array.prototype.slice.call(document.querySelectorAll("article.script"));
  var links = Array.prototype.slice.call(document.querySelectorAll("aside.sidebar li[data-id]"));
  var counter = document.getElementById("count");

  function state() {
    var s = {};
    fields.forEach(function (f) { s[f] = form.elements[f].value.trim(); });
    return s;
  }
  function has(list, word) { return (" " + (list || "") + " ").indexOf(" " + word + " ") >= 0; }
  // format and frame together select a regulation: the format's scripts plus the frame's
  function matches(el, s) {
    if (s.format || s.frame) {
      var inFormat = s.format && has(el.dataset.formats, s.format);
      var inFrame = s.frame && has(el.dataset.frames, s.frame);
      if (!inFormat && !inFrame) { return false; }
    }
    if (s.category && el.dataset.category !== s.category) { return false; }
    if (s.q && el.dataset.search.indexOf(s.q.toLowerCase()) < 0) { return false; }
    return true;
  }
  function apply(push) {
    var s = state(), shown = 0, visible = {};
    scripts.forEach(function (el) {
      var ok = matches(el, s);
      el.classList.toggle("hidden", !ok);
      if (ok) { shown += 1; visible[el.id] = true; }
    });
    links.forEach(function (li) { li.classList.toggle("hidden", !visible[li.dataset.id]); });
    counter.textContent = shown + " / " + scripts.length;
    if (push) {
      var params = new URLSearchParams();
      fields.forEach(function (f) { if (s[f]) { params.set(f, s[f]); } });
      var query = params.toString();
      history.replaceState(null, "", query ? "?" + query : location.pathname);
    }
  }
  var params = new URLSearchParams(location.search);
  fields.forEach(function (f) { if (params.has(f)) { form.elements[f].value = params.get(f); } });
  form.addEventListener("input", function () { apply(true); });
  form.addEventListener("change", function () { apply(true); });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  apply(false);
})();
