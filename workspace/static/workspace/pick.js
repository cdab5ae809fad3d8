// Long lists of checkboxes (a club's members): a filter box above each, matching the names
// typed with or without diacritics. Without JavaScript the list works as it is.
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/đ/g, "d")
      .replace(/Đ/g, "D").toLowerCase();
  }
  document.querySelectorAll(".pick").forEach(function (list) {
    var rows = Array.prototype.slice.call(list.children);
    if (rows.length < 8) { return; }
    var box = document.createElement("input");
    box.type = "search";
    box.className = "pick-filter";
    box.placeholder = list.getAttribute("data-filter") || "";
    box.setAttribute("aria-label", box.placeholder);
    var keys = rows.map(function (row) { return fold(row.textContent); });
    box.addEventListener("input", function () {
      var wanted = fold(box.value.trim());
      rows.forEach(function (row, i) {
        var input = row.querySelector("input");
        row.hidden = wanted !== "" && keys[i].indexOf(wanted) < 0 && !(input && input.checked);
      });
    });
    list.parentNode.insertBefore(box, list);
  });
}());
