"""TRF exports as FIDE's tools read them (issue 29; bench/interop.py runs the tools
themselves): bbpPairings' score check, TieBreakServer's default encoding."""

from __future__ import annotations

import random

import pytest

from tests.factories import make_member, make_person
from tests.helpers import assert_error
from tests.tournaments.test_tournaments_trf import (
    _column,
    _export,
    _player_lines,
    _service_pairs,
)
from tournaments.models import Entry, Tournament

_CODE_POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "=": 0.5, "D": 0.5, "H": 0.5, "F": 1.0,
                "U": 1.0, "0": 0.0, "-": 0.0, "L": 0.0, "Z": 0.0, " ": 0.0}


def _scores_add_up(text: str) -> None:
    """bbpPairings ``-c`` (trf.cpp validateScores, read with every column as played): the
    points of each player line are the sum of every round entry written."""
    for line in _player_lines(text):
        codes = [line[start + 7] for start in range(91, len(line), 10)]
        assert float(line[80:84]) == sum(_CODE_POINTS[c] for c in codes), line


def test_a_bye_requested_for_the_round_to_be_paired_counts_in_the_score(driver):
    """bbpPairings ``-c`` takes the column of the round to be paired as played, so a
    requested bye written there (``0000 - H``) must be in the player's points: without it
    the check refused the file ("The score for player 3 does not match the game
    results", 31 of 82 exports of bench/interop_events.py). ``-p`` and ``chessrules``
    take the score with or without it, and pair the same round."""
    from chessrules.dutch import pair_trf_text

    driver.create(system="dutch", number_of_rounds=5)
    driver.action("open-registration")
    driver.enter(driver.members(10))
    driver.action("close-registration")
    entries = {n: Entry.objects.get(tournament_id=driver.tid, starting_number=n)
               for n in (3, 5, 6)}
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{entries[3].pk}/request-bye/",
                {"round": 1, "points": 0.5})
    text = _export(driver, driver.tid)
    assert _column(text, 3, 1) == "0000 - H"
    _scores_add_up(text)
    driver.pair_next()
    driver.play_round(1, random.Random(3), choose=lambda p: "1-0")
    for number, points in ((3, 1.0), (5, 0.5), (6, 0.0)):
        driver.post(driver.arbiter,
                    f"/api/v1/tournament-entries/{entries[number].pk}/request-bye/",
                    {"round": 2, "points": points})
    text = _export(driver, driver.tid)
    assert [_column(text, n, 2) for n in (3, 5, 6)] == ["0000 - F", "0000 - H", "0000 - Z"]
    _scores_add_up(text)
    from_file = {(p.white, p.black) for p in pair_trf_text(text) if p.black is not None}
    driver.pair_next()
    assert from_file == _service_pairs(driver, 2)


def test_a_latin1_export_is_read_by_latin1_readers_with_its_columns_in_place(driver):
    """FIDE's TieBreakServer reads a TRF as Latin-1 unless told otherwise: the UTF-8
    export's Vietnamese letters take two or three bytes there, so every later column moved
    and it refused the player lines ("misaligned data", 82 of 82 exports of
    bench/interop_events.py). ``?encoding=latin-1`` writes what Latin-1 has and folds the
    other letters to their base letter, one for one."""
    from chessrules.trf import parse_trf

    driver.create(system="dutch", number_of_rounds=3)
    driver.action("open-registration")
    people = [make_person(full_name=name) for name in
              ("Trần Thị Đào", "Lê Quang Liêm", "Nguyễn Ngọc Trường Sơn", "Müller Ærø")]
    driver.enter([(make_member(p, driver.club), 2000 - i) for i, p in enumerate(people)])
    driver.action("close-registration")
    driver.pair_next()
    driver.play_round(1, random.Random(1), choose=lambda p: "1-0")
    utf8 = _export(driver, driver.tid)
    response = driver.organiser.get(f"/api/v1/tournaments/{driver.tid}/trf/",
                                    {"encoding": "latin-1"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=iso-8859-1"
    text = response.content.decode("latin-1")
    names = {p.name.strip() for p in parse_trf(text).players.values()}
    assert names == {"Tran Thi Dào", "Lê Quang Liêm", "Nguyen Ngoc Truong Son", "Müller Ærø"}
    assert [line[80:] for line in _player_lines(text)] == \
        [line[80:] for line in _player_lines(utf8)]
    misread = utf8.encode("utf-8").decode("latin-1")  # what TieBreakServer saw by default
    assert [line[80:] for line in _player_lines(misread)] != \
        [line[80:] for line in _player_lines(utf8)]


_TWO_PLAYERS = (
    "001    1 m    Tran Van Khong Co                 1800 VIE             1991/02/03"
    "  1.0    1     2 w 1\n"
    "001    2 w    Le Thi Vang Mat                   1700 VIE             1992/04/05"
    "  0.0    2     1 b 0\n")


def _import_trf(driver, text: str):
    return driver.organiser.post("/api/v1/tournaments/import-trf/", {
        "trf": text, "organiser_body": driver.body.pk, "system": "dutch",
        "start_date": "2026-05-04", "end_date": "2026-05-10"}, format="json")


def test_javafos_xxs_line_is_read_its_pairing_bye_points_kept(driver):
    """JaVaFo's ``XXS`` (issue 29): ``PAB=0.5`` is the event's pairing-allocated bye of half
    a point (Điều 21.5); the standard 1-½-0 values written out are accepted."""
    text = "012 Giải XXS\nXXR 5\nXXS WW=1 BW=1 WD=0.5 BD=0.5 W=1 D=0.5 PAB=0.5\n" + _TWO_PLAYERS
    answer = _import_trf(driver, text)
    assert answer.status_code == 201, answer.content
    imported = Tournament.objects.get(pk=answer.json()["tournament"]["id"])
    assert str(imported.bye_score) == "0.5"


@pytest.mark.parametrize(("line", "said"), [
    ("XXS W=3 D=1 PAB=3", "XXS W=3"),
    ("BBW  3.0", "BBW 3.0"),
])
def test_a_file_scored_otherwise_is_refused_naming_its_line(driver, line, said):
    """A 3-1-0 file (JaVaFo's ``XXS`` or bbpPairings' ``BBW``) cannot be an event here (1,
    ½, 0): refused with its line, nothing imported."""
    before = Tournament.objects.count()
    error = assert_error(_import_trf(driver, f"012 Giải 3-1-0\nXXR 5\n{line}\n" + _TWO_PLAYERS),
                         400, "trf_scoring", "trf")
    assert "dòng 3" in error["message"] and said in error["message"]
    assert Tournament.objects.count() == before


def test_a_malformed_xxs_token_names_its_line(driver):
    error = assert_error(_import_trf(driver, "012 X\nXXS W3\n" + _TWO_PLAYERS), 400,
                         "trf_invalid", "trf")
    assert "line 2" in error["message"] and "'W3'" in error["message"]
