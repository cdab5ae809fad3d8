// The "In" (print) button of a game's print page: no inline handler, so the site's
// Content-Security-Policy allows no inline script at all (issue 31).
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
