"""``python -m chessrules pair --system dutch FILE.trf`` (JaVaFo ``-p`` output format)."""

import subprocess
import sys
from pathlib import Path

from chessrules.cli import main
from chessrules.dutch import pair_trf_text
from chessrules.dutch.generator import play_tournament

ROOT = Path(__file__).resolve().parents[3]


def test_cli_prints_count_then_white_black_lines(tmp_path, capsys):
    tournament = play_tournament(13, 5, 21, play=3)
    path = tmp_path / "t.trf"
    path.write_text(tournament.to_trf({4: "H"}))
    assert main(["pair", "--system", "dutch", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    count = int(lines[0])
    assert count == len(lines) - 1 == 6  # 12 players to pair, 4 has a half-point bye
    boards = [tuple(map(int, line.split())) for line in lines[1:]]
    assert all(len(board) == 2 for board in boards)
    assert 4 not in {p for board in boards for p in board}


def test_cli_marks_the_bye_as_id_zero(tmp_path, capsys):
    tournament = play_tournament(9, 5, 5, play=2, bye_rate=0, withdraw_rate=0)
    path = tmp_path / "t.trf"
    path.write_text(tournament.to_trf())
    assert main(["pair", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "5" and lines[-1].endswith(" 0")


def test_trf_round_trip_gives_the_same_pairing_as_the_api():
    """The CLI is a thin adapter: TRF in, same pairs as the in-memory API."""
    tournament = play_tournament(17, 6, 8, play=4)
    from_trf = pair_trf_text(tournament.to_trf())
    from_api = play_tournament(17, 6, 8, play=5).pairings[4]
    assert from_trf == from_api


def test_cli_reports_malformed_file(tmp_path, capsys):
    path = tmp_path / "bad.trf"
    path.write_text("001    1      Bad line with letters in the rating  ABCD\n")
    assert main(["pair", str(path)]) == 2
    assert "TRF line 1" in capsys.readouterr().err


def test_python_dash_m_entry_point(tmp_path):
    tournament = play_tournament(8, 5, 3, play=1)
    path = tmp_path / "t.trf"
    path.write_text(tournament.to_trf())
    out = subprocess.run([sys.executable, "-m", "chessrules", "pair", "--system", "dutch",
                          str(path)], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.splitlines()[0] == "4"


def test_cli_refuses_a_round_beyond_the_declared_rounds(tmp_path, capsys):
    """A file whose every declared round (``XXR``) is played has no next round: bbpPairings
    refuses it ("The number of rounds is larger than the reported number of rounds"), and
    so does the CLI, which paired a sixth round of a five-round event (bench/interop.py on
    the final exports); ``--rounds`` still lets the arbiter extend it."""
    tournament = play_tournament(11, 5, 7, play=5)
    path = tmp_path / "t.trf"
    path.write_text(tournament.to_trf())
    assert main(["pair", str(path)]) == 1
    assert "all 5 rounds (XXR) are played" in capsys.readouterr().err
    assert main(["pair", "--rounds", "6", str(path)]) == 0


def test_pair_loads_only_the_pairing_command(tmp_path):
    """A cold ``pair`` process imports the pairing code, not the notation, rating or
    competition commands' modules (issue 34: a smaller process at every size); ``--help``
    still lists every command."""
    tournament = play_tournament(8, 5, 3, play=1)
    path = tmp_path / "t.trf"
    path.write_text(tournament.to_trf())
    probe = ("import sys; from chessrules.cli import main; main(['pair', sys.argv[1]]); "
             "print(' '.join(sorted(m for m in sys.modules if m.startswith('chessrules'))))")
    out = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True,
                         text=True, cwd=ROOT, check=True)
    loaded = set(out.stdout.splitlines()[-1].split())
    assert "chessrules.dutch.engine" in loaded
    assert not loaded & {"chessrules.rating", "chessrules.cli.rating", "chessrules.notation",
                         "chessrules.cli.games", "chessrules.cli.competition"}
    usage = subprocess.run([sys.executable, "-m", "chessrules", "--help"], capture_output=True,
                           text=True, cwd=ROOT, check=True).stdout
    assert all(name in usage for name in ("pair", "perft", "convert", "rating-change", "ruling"))
