// Filters of the list pages: format, frame, category and a text search.
// On all.html every script is on the page and the filter chooses among them. A format or frame
// page lists its own scripts: the category and the search filter them in place, and choosing
// another format or frame goes to the page that lists it (all.html for a regulation), the
// category and search kept.
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
  var page = data.page;  // {format: id} or {frame: id} on a format or frame page; null on all.html
  var groups = headings(), leaving = false;
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
  function headings() {
    // each heading of a list and the cards under it, up to the next heading of its rank or above
    var out = [];
    document.querySelectorAll("main h2, main h3.category").forEach(function (h) {
      var cards = [], rank = h.tagName === "H2" ? 2 : 3;
      for (var el = h.nextElementSibling; el; el = el.nextElementSibling) {
        if (el.tagName === "H2" || (rank === 3 && el.tagName === "H3")) { break; }
        if (el.matches("article.script")) { cards.push(el); }
      }
      if (cards.length) { out.push({heading: h, cards: cards}); }
    });
    return out;
  }
  function own(s) {  // whether this page lists the state's format and frame
    return (s.format || null) === (page.format || null) && (s.frame || null) === (page.frame || null);
  }
  function elsewhere(s) {  // the page that lists a state this page does not: its URL, the state kept
    var file = "all.html";
    if (s.format && !s.frame && data.pages.format[s.format]) { file = data.pages.format[s.format]; }
    if (s.frame && !s.format && data.pages.frame[s.frame]) { file = data.pages.frame[s.frame]; }
    var params = new URLSearchParams();
    fields.forEach(function (f) {
      if (s[f] && (file === "all.html" || (f !== "format" && f !== "frame"))) { params.set(f, s[f]); }
    });
    var query = params.toString();
    return file + (query ? "?" + query : "");
  }
  function member(el, s) {
    if (page) { return true; }  // a format or frame page lists its own scripts only
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
    fields.forEach(function (f, i) {
      if (s[f] && !(page && page[f])) { parts.push(names[i] + ": " + label(f)); }  // not the page's own
    });
    summary.textContent = parts.length ? summary.dataset.text.replace("{filters}", parts.join(" / "))
      .replace("{shown}", shown).replace("{total}", scripts.length) : summary.dataset.none;
  }
  function apply(push) {
    var s = state(), shown = 0, visible = {};
    if (page && !own(s)) {  // once: a choice fires both input and change
      if (!leaving) { leaving = true; location.href = elsewhere(s); }
      return;
    }
    var ok = isRegulation(s), gone = page ? {} : replaced(s);
    scripts.forEach(function (el) {
      var show = ok && matches(el, s, gone);
      el.classList.toggle("hidden", !show);
      if (show) { shown += 1; visible[el.id] = true; }
    });
    links.forEach(function (li) { li.classList.toggle("hidden", !visible[li.dataset.id]); });
    groups.forEach(function (g) {  // a heading whose cards are all filtered out goes with them
      g.heading.classList.toggle("hidden", !g.cards.some(function (el) { return visible[el.id]; }));
    });
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
      fields.forEach(function (f) { if (s[f] && !(page && page[f])) { params.set(f, s[f]); } });
      var query = params.toString();
      history.replaceState(null, "", (query ? "?" + query : location.pathname) + location.hash);
    }
  }
  var params = new URLSearchParams(location.search);
  fields.forEach(function (f) {  // a format or frame page keeps its own
    if (params.has(f) && !(page && (f === "format" || f === "frame"))) { form.elements[f].value = params.get(f); }
  });
  form.addEventListener("input", function () { apply(true); });
  form.addEventListener("change", function () { apply(true); });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  apply(false);
})();
