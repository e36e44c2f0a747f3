// The web table's only script, served by the package itself. The page works without it (every answer is a
// button); with it, the places the answers name are clickable on the map, and pointing at an answer previews it.
(function () {
  "use strict";
  function ready(fn) {
    if (document.readyState !== "loading") { fn(); } else { document.addEventListener("DOMContentLoaded", fn); }
  }
  ready(function () {
    var buttons = Array.prototype.slice.call(document.querySelectorAll("button.choice[data-node]"));
    if (!buttons.length) { return; }
    var cells = {};
    Array.prototype.forEach.call(document.querySelectorAll("#boards [data-node].cell"), function (el) {
      cells[el.getAttribute("data-node")] = el;
    });
    function clear(kind) {
      Array.prototype.forEach.call(document.querySelectorAll("#boards ." + kind), function (el) {
        el.classList.remove(kind);
      });
    }
    function preview(button) {
      clear("preview");
      var shown = (button.getAttribute("data-cells") || button.getAttribute("data-node") || "").split(" ");
      shown.forEach(function (node) { if (cells[node]) { cells[node].classList.add("preview"); } });
    }
    buttons.forEach(function (button) {
      button.addEventListener("mouseenter", function () { preview(button); });
      button.addEventListener("focus", function () { preview(button); });
      button.addEventListener("mouseleave", function () { clear("preview"); });
    });
    var note = document.getElementById("on-board");
    Object.keys(cells).forEach(function (node) {
      var cell = cells[node];
      if (!cell.classList.contains("target")) { return; }
      cell.addEventListener("click", function () {
        clear("chosen");
        cell.classList.add("chosen");
        var here = 0;
        buttons.forEach(function (button) {
          var at = button.getAttribute("data-node") === node;
          button.parentNode.hidden = !at;
          if (at) { here += 1; }
        });
        var first = buttons.filter(function (b) { return !b.parentNode.hidden; })[0];
        if (first) { preview(first); first.focus(); }
        var title = cell.querySelector("title");
        if (note) {
          note.textContent = (title ? title.textContent : "") + ": " + here + (here === 1 ? " answer" : " answers") +
            " here; pick one to confirm, or click another highlighted place.";
        }
      });
    });
  });
})();
