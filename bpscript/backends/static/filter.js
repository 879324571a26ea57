// Filters of the all-scripts page: format, frame, category and a text search.
// A format and a frame together are a regulation: the format's scripts plus the frame's,
// with the overrides scoped to either in place of what they replace; a pair that is not a
// regulation (the frame is not played in that format) shows a notice and no scripts.
// The state lives in the URL query (?format=…&frame=…&category=…&q=…), so a link can be shared.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) { return; }
  var data = JSON.parse(document.getElementById("filter-data").textContent);
  var fields = ["format", "frame", "category", "q"];
  var scripts = Array.prototype.slice.call(document.querySelectorAll("article.script"));
  var links = Array.prototype.slice.call(document.querySelectorAll("aside.sidebar li[data-id]"));
  var counter = document.getElementById("count");
  var notice = document.getElementById("regulation-notice");
  var summary = document.getElementById("filter-summary");
  var alts = Object.keys(data.spellings).sort(function (a, b) { return b.length - a.length; });

  function respell(text) {
    for (var i = 0; i < alts.length; i++) { text = text.split(alts[i]).join(data.spellings[alts[i]]); }
    return text;
  }
  function state() {
    var s = {};
    fields.forEach(function (f) { s[f] = form.elements[f].value.trim(); });
    return s;
  }
  function has(list, word) { return (" " + (list || "") + " ").indexOf(" " + word + " ") >= 0; }
  function isRegulation(s) { return !(s.format && s.frame) || has((data.frames[s.frame] || []).join(" "), s.format); }
  function member(el, s) {
    if (!s.format && !s.frame) { return !el.dataset.replaces; }
    if (el.dataset.replaces) {  // a scoped override stands in its scope only
      return (s.format && has(el.dataset.scope, s.format)) || (s.frame && has(el.dataset.scope, s.frame));
    }
    var inFormat = s.format && has(el.dataset.formats, s.format);
    var inFrame = s.frame && has(el.dataset.frames, s.frame);
    return inFormat || inFrame;
  }
  function replaced(s) {
    var out = {};
    scripts.forEach(function (el) { if (el.dataset.replaces && member(el, s)) { out[el.dataset.replaces] = true; } });
    return out;
  }
  function matches(el, s, gone) {
    if (!member(el, s)) { return false; }
    if (!el.dataset.replaces && gone[el.id.replace(/^[a-z]+-/, "")]) { return false; }
    if (s.category && el.dataset.category !== s.category) { return false; }
    if (s.q && el.dataset.search.indexOf(respell(s.q).toLowerCase()) < 0) { return false; }
    return true;
  }
  function label(name) {
    var el = form.elements[name];
    return el.tagName === "SELECT" ? el.options[el.selectedIndex].text : el.value;
  }
  function describe(s, shown) {
    var names = summary.dataset.names.split(" "), parts = [];
    fields.forEach(function (f, i) { if (s[f]) { parts.push(names[i] + ": " + label(f)); } });
    summary.textContent = parts.length ? summary.dataset.text.replace("{filters}", parts.join(" / "))
      .replace("{shown}", shown).replace("{total}", scripts.length) : summary.dataset.none;
  }
  function apply(push) {
    var s = state(), shown = 0, visible = {};
    var ok = isRegulation(s), gone = replaced(s);
    scripts.forEach(function (el) {
      var show = ok && matches(el, s, gone);
      el.classList.toggle("hidden", !show);
      if (show) { shown += 1; visible[el.id] = true; }
    });
    links.forEach(function (li) { li.classList.toggle("hidden", !visible[li.dataset.id]); });
    counter.textContent = shown + " / " + scripts.length;
    notice.hidden = ok;
    if (!ok) {
      var frame = form.elements.frame, fmts = data.frames[s.frame] || [];
      notice.textContent = notice.dataset.text.replace("{frame}", label("frame")).replace("{format}", label("format"))
        .replace("{formats}", fmts.map(function (f) { return form.querySelector("select[name=format] option[value='" + f + "']").text; }).join("、"));
      fmts.forEach(function (f) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = notice.dataset.link.replace("{format}", form.querySelector("select[name=format] option[value='" + f + "']").text)
          .replace("{frame}", frame.options[frame.selectedIndex].text);
        b.addEventListener("click", function () { form.elements.format.value = f; apply(true); });
        notice.appendChild(document.createTextNode(" "));
        notice.appendChild(b);
      });
    }
    describe(s, shown);
    if (push) {
      var params = new URLSearchParams();
      fields.forEach(function (f) { if (s[f]) { params.set(f, s[f]); } });
      var query = params.toString();
      history.replaceState(null, "", (query ? "?" + query : location.pathname) + location.hash);
    }
  }
  var params = new URLSearchParams(location.search);
  fields.forEach(function (f) { if (params.has(f)) { form.elements[f].value = params.get(f); } });
  form.addEventListener("input", function () { apply(true); });
  form.addEventListener("change", function () { apply(true); });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  apply(false);
})();
