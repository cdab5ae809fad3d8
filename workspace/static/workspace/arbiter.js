/* The arbiter's screens (issue 27): a pressed result button is not sent twice; the pairing
   page follows its job and opens the new round when it is written; the game record selects
   the move the validation stopped at in the typed moves and its chess penalty form shows the
   minutes or points only for the kinds that take them; "go to board" finds the board. */
(function () {
  "use strict";

  document.querySelectorAll("form.result-buttons").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var pressed = event.submitter;
      if (form.dataset.sent) { event.preventDefault(); return; }
      form.dataset.sent = "1";
      if (pressed) {
        var hidden = document.createElement("input");
        hidden.type = "hidden"; hidden.name = pressed.name; hidden.value = pressed.value;
        form.appendChild(hidden);
      }
      setTimeout(function () {
        form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      }, 0);
    });
  });

  var progress = document.getElementById("pairing-progress");
  if (progress) {
    var bar = document.getElementById("pairing-bar");
    var percent = document.getElementById("pairing-percent");
    var text = document.getElementById("pairing-text");
    var show = function (data) {
      bar.value = data.percent; percent.textContent = data.percent + "%"; text.textContent = data.text;
    };
    var finish = function (next) {
      document.getElementById("pairing-done").hidden = false;
      setTimeout(function () { window.location.assign(next); }, 1200);
    };
    if (progress.dataset.done) {
      finish(progress.dataset.next);
    } else if (!progress.dataset.failed) {
      var poll = function () {
        fetch(progress.dataset.poll, {headers: {"Accept": "application/json"}, credentials: "same-origin"})
          .then(function (r) { return r.json(); })
          .then(function (data) {
            show(data);
            if (data.done) { finish(data.next); }
            else if (data.failed) { window.location.reload(); }
            else { setTimeout(poll, 700); }
          })
          .catch(function () { setTimeout(poll, 2000); });
      };
      setTimeout(poll, 400);
    }
  }

  var located = document.getElementById("located-error");
  var moves = document.getElementById("id_moves_text");
  if (located && moves) {
    var bad = located.dataset.text, ply = parseInt(located.dataset.ply, 10);
    var re = /\S+/g, m, count = 0, at = -1;
    /* the ply-th move token of the text (move numbers like "1." are not moves) */
    while ((m = re.exec(moves.value)) !== null) {
      var token = m[0].replace(/^\d+\.+/, "");
      if (!token || /^\d+\.*$/.test(m[0])) { continue; }
      count += 1;
      if (count === ply || (count >= ply && token === bad)) { at = m.index + (m[0].length - token.length); break; }
    }
    if (at < 0 && bad) { at = moves.value.indexOf(bad); }
    if (at >= 0) {
      moves.focus();
      moves.setSelectionRange(at, at + (bad ? bad.length : 0));
    }
    moves.setAttribute("aria-describedby", "located-error");
  }

  /* the chess penalty form: minutes only for 13.4b-c, points only for 13.4e (a field that
     carries an error stays shown); a hidden field is not sent */
  var penalty = document.getElementById("penalty-form");
  if (penalty) {
    var kind = penalty.querySelector("[name=kind]");
    var fit = function () {
      penalty.querySelectorAll("[data-kinds]").forEach(function (input) {
        var box = input.closest(".field");
        var wanted = input.dataset.kinds.split(" ").indexOf(kind.value) >= 0;
        var show = wanted || (box && box.classList.contains("invalid") && input.value !== "");
        if (box) { box.hidden = !show; }
        input.disabled = !show;
      });
    };
    kind.addEventListener("change", function () {
      penalty.querySelectorAll(".field.invalid [data-kinds]").forEach(function (input) {
        input.closest(".field").classList.remove("invalid");
      });
      fit();
    });
    fit();
  }

  var jump = document.getElementById("jump");
  if (jump) {
    jump.addEventListener("submit", function (event) {
      var n = document.getElementById("jump-board").value;
      var card = document.getElementById("ban-" + n);
      if (card) { event.preventDefault(); card.scrollIntoView(); window.location.hash = "ban-" + n; }
    });
  }
})();
