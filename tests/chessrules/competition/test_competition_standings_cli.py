"""``python -m chessrules standings FILE.trf`` and the TRF adapter (C.07, Điều 21)."""

import json

from chessrules.cli import main
from chessrules.competition.model import ABSENT, BYE, FORFEIT, GAME, PAB
from chessrules.competition.trf_adapter import (
    competitors_from_trf,
    guess_system,
    pab_points,
)
from chessrules.trf import TrfGame, TrfPlayer, format_player_line, parse_trf


def _trf(points3=1.5):
    """The Swiss example of test_competition_tiebreaks as a TRF16 file."""
    g = TrfGame
    players = [
        TrfPlayer(1, "One", rating=2000, points=2.5,
                  games=[g(1, 2, "w", "1"), g(2, 6, "b", "="), g(3, 4, "w", "1")]),
        TrfPlayer(2, "Two", rating=1900, points=2.0,
                  games=[g(1, 1, "b", "0"), g(2, 3, "w", "1"), g(3, 6, "b", "1")]),
        TrfPlayer(3, "Three", rating=1800, points=points3,
                  games=[g(1, 4, "w", "="), g(2, 2, "b", "0"), g(3, None, "-", "U")]),
        TrfPlayer(4, "Four", rating=1700, points=1.5,
                  games=[g(1, 3, "b", "="), g(2, 5, "w", "+"), g(3, 1, "b", "0")]),
        TrfPlayer(5, "Five", rating=1600, points=0.0,
                  games=[g(1, 6, "w", "0"), g(2, 4, "b", "-"), g(3, None, "-", "-")]),
        TrfPlayer(6, "Six", rating=1500, points=1.5,
                  games=[g(1, 5, "b", "1"), g(2, 1, "w", "="), g(3, 2, "w", "0")]),
    ]
    return "012 Test\nXXR 3\n" + "\n".join(format_player_line(p) for p in players) + "\n"


def test_adapter_maps_trf_result_codes():
    t = parse_trf(_trf())
    comps = competitors_from_trf(t)
    assert comps[1].entries[1].kind == GAME and comps[1].entries[1].points == 1.0
    assert comps[4].entries[2].kind == FORFEIT and comps[4].entries[2].points == 1.0
    assert comps[5].entries[2].kind == FORFEIT and comps[5].entries[2].points == 0.0
    assert comps[5].entries[3].kind == ABSENT and comps[5].withdrawn_after == 2
    assert comps[3].entries[3].kind == PAB and comps[3].entries[3].points == 1.0
    assert guess_system(t) == "swiss"


def test_pairing_allocated_bye_value_read_from_reported_points():
    assert pab_points(parse_trf(_trf(points3=1.0))) == 0.5
    assert pab_points(parse_trf(_trf())) == 1.0


def test_half_point_bye_code():
    line = format_player_line(TrfPlayer(1, "A", games=[TrfGame(1, None, "-", "H")]))
    t = parse_trf("XXR 1\n" + line + "\n" + format_player_line(TrfPlayer(2, "B")) + "\n")
    entry = competitors_from_trf(t)[1].entries[1]
    assert (entry.kind, entry.points) == (BYE, 0.5)


def test_cli_standings_json(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(_trf(), encoding="utf-8")
    code = main(["standings", str(path), "--tiebreaks", "BH,BH-C1,SB,DE,WIN,ARO"])
    assert code == 0
    rows = json.loads(capsys.readouterr().out)
    # 3, 4, 6 on 1.5: BH 5.0 / 5.5 / 5.0 puts 4 first, BH-C1 3.5 (3) < 4.5 (6)
    assert [(r["id"], r["rank"]) for r in rows] == [(1, 1), (2, 2), (4, 3), (6, 4), (3, 5), (5, 6)]
    first = rows[0]
    assert first["points"] == 2.5
    assert list(first["tiebreaks"]) == ["BH", "BH-C1", "SB", "DE", "WIN", "ARO"]
    by_id = {r["id"]: r["tiebreaks"] for r in rows}
    assert by_id[5]["BH"] == 1.5 and by_id[6]["BH"] == 5.0  # hand values of the model test
    assert by_id[1]["SB"] == 4.25 and by_id[2]["ARO"] == 1767


def test_cli_standings_errors(tmp_path, capsys):
    assert main(["standings", str(tmp_path / "missing.trf")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = tmp_path / "bad.trf"
    path.write_text(_trf(), encoding="utf-8")
    assert main(["standings", str(path), "--tiebreaks", "BH,NOPE"]) == 2
    assert "unknown tie-break 'NOPE'" in capsys.readouterr().err
    path.write_text("001    1      X" + " " * 80 + "   9 w 1\n", encoding="utf-8")
    assert main(["standings", str(path)]) == 1
    assert "line 1" in capsys.readouterr().err


def test_header_dates_in_both_trf_forms():
    """FIDE TRF: dates as YYYY/MM/DD or DD.MM.YYYY; a day that does not exist is no date."""
    from datetime import date

    from chessrules.trf import header_date

    assert header_date("2026/03/01") == date(2026, 3, 1)
    assert header_date("2026-03-01") == date(2026, 3, 1)
    assert header_date("01.03.2026") == date(2026, 3, 1)
    assert header_date(" 28.02.2026 ") == date(2026, 2, 28)
    assert header_date("31.02.2026") is None
    assert header_date("") is None and header_date("March 2026") is None


def test_rules_auto_reads_dd_mm_yyyy_start_dates():
    """C.07 2026 applies to events starting on or after 1 March 2026 (``--rules auto`` reads
    TRF ``042``): 25.11.2025 is the 2024 text (it was read as 2026 before), 01.04.2026 the 2026
    one (it was read as 2024)."""
    from chessrules.cli.competition import rules_for

    assert rules_for(parse_trf(_trf().replace("012 Test\n", "012 Test\n042 25.11.2025\n"))) \
        == "2024"
    assert rules_for(parse_trf(_trf().replace("012 Test\n", "012 Test\n042 01.04.2026\n"))) \
        == "2026"
    assert rules_for(parse_trf(_trf().replace("012 Test\n", "012 Test\n042 2026/03/01\n"))) \
        == "2026"
    assert rules_for(parse_trf(_trf())) == "2024"
