/* Replay board of the results site (issue 20): draws the positions the server computed
   (FEN board fields, one per half-move) as SVG; no rules here. Keys: ← → Home End. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var board = document.getElementById("board");
  var status = document.getElementById("board-status");
  var links = document.querySelectorAll("#movelist a[data-ply]");
  var last = data.boards.length - 1;
  var xq = data.discipline === "xiangqi";
  var files = xq ? 9 : 8, ranks = xq ? 10 : 8, cell = xq ? 40 : 45, pad = xq ? 30 : 0;
  var XQ = {k: "Tg", a: "S", b: "T", e: "T", n: "M", h: "M", r: "X", c: "P", p: "B"};
  var CH = {k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F",
            K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659"};
  var ply = 0;

  function xy(file, row) {  /* row 0 = top of the board */
    return xq ? [pad + file * cell, pad + row * cell]
              : [file * cell + cell / 2, row * cell + cell / 2];
  }
  function squareOf(name) {
    var file = name.charCodeAt(0) - 97, rank = parseInt(name.slice(1), 10);
    return [file, xq ? 9 - rank : 8 - rank];
  }
  function grid() {
    var s = "", i, a, b;
    if (!xq) {
      for (var r = 0; r < 8; r++) for (var f = 0; f < 8; f++)
        s += '<rect x="' + f * cell + '" y="' + r * cell + '" width="' + cell + '" height="' + cell +
             '" class="' + ((r + f) % 2 ? "dark" : "light") + '"/>';
      return s;
    }
    for (i = 0; i < 10; i++) { a = xy(0, i); b = xy(8, i); s += line(a, b); }
    for (i = 0; i < 9; i++) {
      if (i === 0 || i === 8) { s += line(xy(i, 0), xy(i, 9)); continue; }
      s += line(xy(i, 0), xy(i, 4)) + line(xy(i, 5), xy(i, 9));
    }
    s += line(xy(3, 0), xy(5, 2)) + line(xy(5, 0), xy(3, 2)) + line(xy(3, 7), xy(5, 9)) + line(xy(5, 7), xy(3, 9));
    return s;
  }
  function line(a, b) {
    return '<line x1="' + a[0] + '" y1="' + a[1] + '" x2="' + b[0] + '" y2="' + b[1] + '"/>';
  }
  function pieces(fen) {
    var s = "", rows = fen.split("/");
    for (var r = 0; r < rows.length; r++) {
      var f = 0;
      for (var j = 0; j < rows[r].length; j++) {
        var ch = rows[r][j];
        if (/[0-9]/.test(ch)) { f += parseInt(ch, 10); continue; }
        var p = xy(f, r), white = ch === ch.toUpperCase();
        if (xq) {
          s += '<g class="piece ' + (white ? "red" : "black") + '"><circle cx="' + p[0] + '" cy="' + p[1] +
               '" r="17"/><text x="' + p[0] + '" y="' + (p[1] + 6) + '">' + XQ[ch.toLowerCase()] + "</text></g>";
        } else {
          s += '<text class="piece" x="' + p[0] + '" y="' + (p[1] + 13) + '">' + CH[ch] + "</text>";
        }
        f++;
      }
    }
    return s;
  }
  function mark(move) {
    if (!move) return "";
    var s = "";
    [move.slice(0, 2), move.slice(2, 4)].forEach(function (name) {
      var sq = squareOf(name), p = xy(sq[0], sq[1]);
      s += xq ? '<circle class="mark" cx="' + p[0] + '" cy="' + p[1] + '" r="20"/>'
              : '<rect class="mark" x="' + (p[0] - cell / 2) + '" y="' + (p[1] - cell / 2) + '" width="' + cell + '" height="' + cell + '"/>';
    });
    return s;
  }
  function draw() {
    var w = xq ? pad * 2 + cell * 8 : cell * 8, h = xq ? pad * 2 + cell * 9 : cell * 8;
    board.innerHTML = '<svg viewBox="0 0 ' + w + " " + h + '" xmlns="http://www.w3.org/2000/svg">' +
      '<g class="grid">' + grid() + "</g>" +
      mark(data.moves[ply - 1]) + pieces(data.boards[ply]) + "</svg>";
    board.setAttribute("data-ply", ply);
    status.textContent = ply === 0 ? status.getAttribute("data-start") || "0/" + last
      : ply + "/" + last + ": " + data.written[ply - 1];
    for (var i = 0; i < links.length; i++) {
      if (+links[i].getAttribute("data-ply") === ply) links[i].setAttribute("aria-current", "step");
      else links[i].removeAttribute("aria-current");
    }
  }
  function go(n) { ply = Math.max(0, Math.min(last, n)); draw(); }
  document.getElementById("first").onclick = function () { go(0); };
  document.getElementById("prev").onclick = function () { go(ply - 1); };
  document.getElementById("next").onclick = function () { go(ply + 1); };
  document.getElementById("last").onclick = function () { go(last); };
  for (var i = 0; i < links.length; i++) {
    links[i].addEventListener("click", function (e) {
      e.preventDefault(); go(+this.getAttribute("data-ply"));
    });
  }
  document.addEventListener("keydown", function (e) {
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    var to = {ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: last}[e.key];
    if (to === undefined) return;
    e.preventDefault(); go(to);
  });
  var touchX = null;
  board.addEventListener("touchstart", function (e) { touchX = e.touches[0].clientX; }, {passive: true});
  board.addEventListener("touchend", function (e) {
    if (touchX === null) return;
    var dx = e.changedTouches[0].clientX - touchX; touchX = null;
    if (Math.abs(dx) > 30) go(ply + (dx < 0 ? 1 : -1));
  });
  var m = /^#ply-(\d+)$/.exec(location.hash);
  go(m ? +m[1] : 0);
})();
