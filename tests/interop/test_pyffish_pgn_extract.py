"""The service's game exports read by two more outside tools (issue 29, "Done when"):

- **pyffish** (Fairy-Stockfish's Python module, PyPI) replays the xiangqi ICCS exports with
  variant ``xiangqi``: every move legal in its turn, the final position the record's, a
  checkmate where the result says so; its WXF notation of the same moves is the WXF export's.
- **pgn-extract** (Debian's package, installed by .ci/run like Chromium) reads the chess PGN
  exports (uploaded with their tags, exported in one file and one game at a time): every
  game, tag, name, move and result, with no warning in its log.

pyffish numbers xiangqi ranks 1-10 where ICCS numbers them 0-9 (``h2e2`` is ``h3e3``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from games import pgn_export, services
from games.models import GameRecord
from tests.factories import make_staff
from tests.helpers import client_for

pyffish = pytest.importorskip("pyffish", reason="pyffish (requirements-dev.txt) not installed")

# Names with every Vietnamese diacritic group; a real game of tests/data/xiangqi (line 3,
# 49 plies, 1-0), an opening, and a short mate from a set-up position (two chariots).
XIANGQI_MATE_FEN = "3k5/1R7/R8/9/9/9/9/9/9/4K4 w - - 0 1"
CHESS_GAMES = [
    ("Nguyễn Ngọc Trường Sơn", "Lê Quang Liêm", "1-0",
     "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Bf4 e6 7. h3 Bxf3 8. Qxf3 Bb4 "
     "9. Be2 Nd7 10. a3 O-O-O 11. axb4 Qxa1+ 12. Kd2 Qxh1 13. Qxc6+ bxc6 14. Ba6#"),
    ("Phạm Lê Thảo Nguyên", "Hoàng Thị Bảo Trâm", "1/2-1/2",
     "1. e4 Nf6 2. e5 d5 3. exd6 Nc6 4. dxc7 e5 5. cxd8=Q+ Kxd8 6. Nf3 Bd6 7. Bc4 Bg4 "
     "8. O-O Ke7"),
    ("Đào Thiên Hải", "Từ Hoàng Thông", "0-1", "1. f3 e5 2. g4 Qh4#"),
]
CHESS_TAGS = {"Site": "Thành phố Hồ Chí Minh VIE", "Date": "1997.??.??", "WhiteElo": "2410",
              "BlackElo": "2385", "WhiteFideId": "12401234", "BlackFideId": "12405678",
              "TimeControl": "5400+30"}
_TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
_MOVE_NUMBER = re.compile(r"^\d+\.+$")


def _sample_game(line: int) -> tuple[str, str]:
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "data" / "xiangqi" / "games_iccs_sample.txt"
    result, moves = path.read_text(encoding="utf-8").splitlines()[line - 1].split("\t")
    return result, moves


def _record(staff, discipline: str, notation: str, white: str, black: str, moves: str,
            result: str, start_fen: str = "") -> GameRecord:
    game, _job = services.create_game(
        user=staff, discipline=discipline, notation=notation, moves_text=moves,
        white_name=white, black_name=black, event_name="Giải Vô địch Quốc gia",
        declared_score=result, start_fen=start_fen)
    services.validate_game_work({"game_id": game.pk}, lambda *args: None)
    return GameRecord.objects.get(pk=game.pk)


def _read_pgn(text: str) -> list[tuple[dict[str, str], list[str]]]:
    """A plain PGN reader (tags, and the movetext's tokens without numbers and result)."""
    games: list[tuple[dict[str, str], list[str]]] = []
    tags: dict[str, str] = {}
    moves: list[str] = []
    for line in text.splitlines():
        if match := _TAG.match(line.strip()):
            if moves:
                games.append((tags, moves))
                tags, moves = {}, []
            tags[match[1]] = match[2]
        else:
            moves += [t for t in line.split() if not _MOVE_NUMBER.match(t)
                      and t not in ("1-0", "0-1", "1/2-1/2", "*")]
    games.append((tags, moves))
    return games


def _ranks_1_to_10(iccs: str) -> str:
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def _replay_in_pyffish(fen: str, moves: list[str]) -> list[str]:
    """The moves in pyffish's coordinates, each checked legal in the position it is played."""
    played: list[str] = []
    for ply, move in enumerate(map(_ranks_1_to_10, moves), 1):
        assert move in pyffish.legal_moves("xiangqi", fen, played), (ply, move)
        played.append(move)
    return played


@pytest.mark.django_db
def test_xiangqi_exports_replay_in_pyffish():
    staff = make_staff()
    games = [
        _record(staff, "xiangqi", "iccs", "Lại Lý Huynh", "Nguyễn Thành Bảo",
                _sample_game(3)[1], _sample_game(3)[0]),
        _record(staff, "xiangqi", "iccs", "Trềnh A Sáng", "Uông Dương Bắc",
                "b2e2 b9c7 b0c2 a9b9 a0b0 h7e7 g3g4", "1/2-1/2"),
        _record(staff, "xiangqi", "iccs", "Võ Minh Nhất", "Diệp Khai Nguyên", "a7a9", "1-0",
                start_fen=XIANGQI_MATE_FEN),
    ]
    assert [g.validation_status for g in games] == ["valid"] * 3
    client = client_for(staff)
    single = [client.get(f"/api/v1/games/{g.pk}/pgn/", {"notation": "iccs"}) for g in games]
    assert all(r.status_code == 200 for r in single)
    for text in ("\n".join(r.content.decode() for r in single),
                 pgn_export.export_games(games, "iccs")):
        read = _read_pgn(text)
        assert len(read) == len(games)
        for record, (tags, moves) in zip(games, read, strict=True):
            assert (tags["White"], tags["Black"], tags["Result"]) == \
                (record.white_name, record.black_name, record.declared_score)
            assert tags["Variant"] == "xiangqi" and tags["Format"] == "ICCS"
            fen = tags.get("FEN") or pyffish.start_fen("xiangqi")
            played = _replay_in_pyffish(fen, moves)
            assert len(played) == len(record.moves_normalised)
            assert pyffish.get_fen("xiangqi", fen, played) == record.final_fen
            if tags.get("FEN"):  # the mate: Black has no move, and is the one who lost
                assert pyffish.legal_moves("xiangqi", fen, played) == []
                assert pyffish.game_result("xiangqi", fen, played) == -pyffish.VALUE_MATE
                assert record.ending == "checkmate" and tags["Result"] == "1-0"
            else:
                assert pyffish.legal_moves("xiangqi", fen, played)


@pytest.mark.django_db
def test_xiangqi_wxf_export_is_pyffish_wxf_notation():
    """WXF as Fairy-Stockfish writes it, tandem pawns (``P++1``, ``P+=4``) included."""
    staff = make_staff()
    result, moves = _sample_game(3)
    record = _record(staff, "xiangqi", "iccs", "Lại Lý Huynh", "Nguyễn Thành Bảo", moves,
                     result)
    text = client_for(staff).get(f"/api/v1/games/{record.pk}/pgn/",
                                 {"notation": "wxf"}).content.decode()
    [(tags, wxf)] = _read_pgn(text)
    assert tags["Format"] == "WXF"
    fen = pyffish.start_fen("xiangqi")
    uci = [_ranks_1_to_10(m) for m in record.moves_normalised]
    assert wxf == pyffish.get_san_moves("xiangqi", fen, uci, False,
                                        pyffish.NOTATION_XIANGQI_WXF)
    assert {"P++1", "P+=4"} <= set(wxf)


def _pgn_extract() -> str:
    found = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")
    if found is None:
        pytest.skip("pgn-extract not installed (Debian: apt-get install pgn-extract; "
                    ".ci/run installs it)")
    return found


def _run_pgn_extract(tmp_path, text: str, *options: str) -> str:
    source = tmp_path / "export.pgn"
    source.write_text(text, encoding="utf-8")
    log = tmp_path / "pgn-extract.log"
    run = subprocess.run([_pgn_extract(), "-s", f"-l{log}", *options, str(source)],
                         capture_output=True, check=False, timeout=60)
    assert run.returncode == 0, run.stderr
    assert log.read_text(encoding="utf-8", errors="replace").strip() == "", log.read_text()
    return run.stdout.decode("utf-8")


def _upload_chess_games(staff, job_worker) -> list[GameRecord]:
    """The games as a federation would upload them: one PGN file, the tags of the first
    game beyond the seven (site, a partial date, ratings, FIDE ids, time control)."""
    parts = []
    for i, (white, black, result, moves) in enumerate(CHESS_GAMES):
        tags = {"Event": "Giải Vô địch Quốc gia", "Round": "?", "White": white,
                "Black": black, "Result": result, **(CHESS_TAGS if i == 0 else {})}
        parts.append("\n".join(f'[{k} "{v}"]' for k, v in tags.items()))
        parts.append(f"\n{moves} {result}\n")
    client = client_for(staff)
    response = client.post("/api/v1/game-uploads/", {"content": "\n".join(parts),
                                                     "notation": "san"}, format="json")
    assert response.status_code == 202, response.content[:800]
    assert job_worker.wait(response.json()["id"]).state == "succeeded"
    return list(GameRecord.objects.filter(upload=response.json()["upload"]).order_by("id"))


def test_chess_exports_are_read_by_pgn_extract(tmp_path, job_worker):
    _pgn_extract()
    staff = make_staff()
    games = _upload_chess_games(staff, job_worker)
    assert [g.validation_status for g in games] == ["valid"] * len(CHESS_GAMES)
    client = client_for(staff)
    single = [client.get(f"/api/v1/games/{g.pk}/pgn/", {"notation": "san"}) for g in games]
    for text in ("\n".join(r.content.decode() for r in single),
                 pgn_export.export_games(games, "san")):
        ours = _read_pgn(text)
        read = json.loads(_run_pgn_extract(tmp_path, text, "--json"))
        assert len(read) == len(games)
        for record, (tags, _moves), theirs in zip(games, ours, read, strict=True):
            moves = theirs.pop("Moves")
            assert theirs == tags  # every tag, names and result included
            assert (theirs["White"], theirs["Black"], theirs["Result"]) == \
                (record.white_name, record.black_name, record.declared_score)
            assert len(moves) == len(record.moves_normalised)
        assert CHESS_TAGS.items() <= read[0].items()
        # the moves as pgn-extract plays them (UCI), its final position and ply count
        out = _run_pgn_extract(tmp_path, text, "-Wuci", "--plycount", "--nobadresults", "-F")
        final = re.findall(r'\{ "([^"]+)" \}', out)
        uci = _read_pgn(re.sub(r"\{[^}]*\}", "", out))
        assert len(uci) == len(final) == len(games)
        for record, (tags, moves), fen in zip(games, uci, final, strict=True):
            # pgn-extract 19.04 writes a promotion's piece upper case (``c7d8Q``)
            assert [m.lower() for m in moves] == record.moves_normalised
            assert tags["PlyCount"] == str(len(record.moves_normalised))
            assert fen == record.final_fen
