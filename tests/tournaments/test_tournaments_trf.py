"""TRF16 / TRF-2026 export and import (players matched by FIDE ID or name and birth date)."""

from __future__ import annotations

import random

import pytest

from tests.helpers import assert_error
from tournaments.models import Entry, Pairing, Tournament


def _export(driver, tid: int) -> str:
    response = driver.organiser.get(f"/api/v1/tournaments/{tid}/trf/")
    assert response.status_code == 200, response.content
    return response.content.decode()


def _player_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("001")]


def _import(driver, text: str):
    return driver.organiser.post("/api/v1/tournaments/import-trf/", {
        "trf": text, "organiser_body": driver.body.pk, "system": "dutch",
        "start_date": "2026-05-04", "end_date": "2026-05-10"}, format="json")


def test_trf_export_then_import_round_trips(driver):
    driver.create(system="dutch", number_of_rounds=5)
    driver.action("open-registration")
    members = driver.members(19)
    driver.enter(members)
    driver.action("close-registration")
    driver.run_all_rounds(5, random.Random(21))
    text = _export(driver, driver.tid)
    assert "XXR 5" in text and ("XXC white1" in text or "XXC black1" in text)
    assert len(_player_lines(text)) == 19

    response = _import(driver, text)
    assert response.status_code == 201, response.content
    body = response.json()
    imported = body["tournament"]["id"]
    assert body["report"]["players"] == 19 and body["report"]["unmatched"] == []
    assert {m["member"] for m in body["report"]["matched"]} == {m.pk for m, _r in members}
    assert Tournament.objects.get(pk=imported).status == "finished"

    again = _export(driver, imported)
    assert _player_lines(again) == _player_lines(text)
    original = sorted((p.round.number, p.white.starting_number,
                       p.black.starting_number if p.black_id else None, p.result, p.kind)
                      for p in Pairing.objects.filter(round__tournament_id=driver.tid))
    copy = sorted((p.round.number, p.white.starting_number,
                   p.black.starting_number if p.black_id else None, p.result, p.kind)
                  for p in Pairing.objects.filter(round__tournament_id=imported))
    assert copy == original


def test_trf_import_reports_unmatched_players(driver):
    text = ("012 Open thử\nXXR 1\n"
            "001    1 m    Tran Van Khong Co                 1800 VIE             1991/02/03"
            "  1.0    1     2 w 1\n"
            "001    2 w    Le Thi Vang Mat                   1700 VIE             1992/04/05"
            "  0.0    2     1 b 0\n")
    response = _import(driver, text)
    assert response.status_code == 201, response.content
    report = response.json()["report"]
    assert [u["starting_number"] for u in report["unmatched"]] == [1, 2]
    entry = Entry.objects.get(tournament_id=response.json()["tournament"]["id"],
                              starting_number=2)
    assert entry.member_id is None and entry.gender == "F"


def test_trf_import_error_names_the_line_and_imports_nothing(driver):
    before = Tournament.objects.count()
    text = ("012 Hỏng\nXXR 1\n"
            "001    1 m    Tran Van A                        1800 VIE             1991/02/03"
            "  1.0    1     2 w 1\n"
            "001    2 m    Tran Van B                        1700 VIE             1992/04/05"
            "  1.0    2     1 b 1\n")
    error = assert_error(_import(driver, text), 400, "trf_invalid", "trf")
    assert "line 3" in error["message"] or "line 4" in error["message"]
    assert Tournament.objects.count() == before
    bad = "012 X\n001 abc\n"
    error = assert_error(_import(driver, bad), 400, "trf_invalid", "trf")
    assert "line 2" in error["message"]
    assert Tournament.objects.count() == before


_LINE_1 = ("001    1 m    Tran Van Khong Co                 1800 VIE             1991/02/03"
           "  1.0    1     2 w 1")
_LINE_2 = ("001    2 w    Le Thi Vang Mat                   1700 VIE             1992/04/05"
           "  0.0    2     1 b 0")


def _post(driver, text: str, **fields):
    body = {"trf": text, "organiser_body": driver.body.pk, "start_date": "2026-05-04",
            "end_date": "2026-05-10", **fields}
    return driver.organiser.post("/api/v1/tournaments/import-trf/", body, format="json")


def test_the_same_trf_imported_twice_answers_409_naming_the_first(driver):
    """Issue 13: the content fingerprint is stored on the tournament; line endings and
    trailing blanks do not make another file."""
    text = f"012 Open một lần\nXXR 1\n092 Round Robin\n{_LINE_1}\n{_LINE_2}\n"
    first = _post(driver, text)
    assert first.status_code == 201, first.content
    tid = first.json()["tournament"]["id"]
    assert Tournament.objects.get(pk=tid).source_fingerprint == first.json()["report"][
        "fingerprint"]
    before = Tournament.objects.count()
    error = assert_error(_post(driver, text.replace("\n", "  \r\n")), 409,
                         "trf_already_imported", "trf")
    assert f"#{tid}" in error["message"] and "Open một lần" in error["message"]
    assert Tournament.objects.count() == before


def test_an_event_played_in_one_day_is_imported_with_its_games_per_day(driver):
    """Rounds must fit the dates (issue 13), but a played event's file is the evidence: an
    import takes the games a day its rounds needed."""
    text = f"012 Open một ngày\nXXR 3\n092 Round Robin\n{_LINE_1}\n{_LINE_2}\n"
    response = _post(driver, text, end_date="2026-05-04")
    assert response.status_code == 201, response.content
    assert Tournament.objects.get(pk=response.json()["tournament"]["id"]).max_games_per_day == 3


def test_the_system_comes_from_the_file(driver):
    """The 092 line says the system; a different system asked for is a 400 naming the line;
    a file without one needs the system in the request."""
    text = f"012 Vòng tròn\n092 Round Robin (Berger)\nXXR 1\n{_LINE_1}\n{_LINE_2}\n"
    created = _post(driver, text)
    assert created.status_code == 201, created.content
    assert created.json()["tournament"]["system"] == "round_robin"
    error = assert_error(_post(driver, text.replace("Vòng tròn", "Khác"), system="dutch"), 400,
                         "trf_system_mismatch", "system")
    assert "dòng 2" in error["message"]
    swiss = f"012 Thụy Sĩ\n092 Individual: Swiss-System (Dutch)\n{_LINE_1}\n{_LINE_2}\n"
    assert _post(driver, swiss).json()["tournament"]["system"] == "dutch"
    none = f"012 Không ghi\n{_LINE_1}\n{_LINE_2}\n"
    assert_error(_post(driver, none), 400, "required", "system")
    assert _post(driver, none, system="swiss_draw").json()["tournament"]["system"] == \
        "swiss_draw"


@pytest.mark.parametrize("line, field", [
    (_LINE_1[:40], "name (columns 15-47)"),  # cut short: truncated name, no rating, no rounds
    (_LINE_1[:60], "ends in the federation (columns 54-56)"),  # blanks after it do not count
    (_LINE_1.replace("1991/02/03", "2026/13/45"), "birth date '2026/13/45' (columns 70-79)"),
    (_LINE_1.replace("1991/02/03", "1991/02/30"), "birth date '1991/02/30' (columns 70-79)"),
    (_LINE_1.replace("1800", "18a0"), "rating '18a0' (columns 49-52)"),
])
def test_a_bad_player_line_is_400_naming_line_and_field_and_nothing_is_written(
        driver, line, field):
    before = Tournament.objects.count(), Entry.objects.count()
    text = f"012 Hỏng\nXXR 1\n{line}\n{_LINE_2}\n"
    error = assert_error(_post(driver, text, system="dutch"), 400, "trf_invalid", "trf")
    assert "line 3" in error["message"] and field in error["message"], error["message"]
    assert (Tournament.objects.count(), Entry.objects.count()) == before


def test_unknown_birth_month_and_day_are_accepted(driver):
    text = (f"012 Năm sinh\n{_LINE_1.replace('1991/02/03', '1991/00/00')}\n"
            f"{_LINE_2.replace('1992/04/05', '1992      ')}\n")
    response = _post(driver, text, system="dutch")
    assert response.status_code == 201, response.content
    years = set(Entry.objects.filter(tournament_id=response.json()["tournament"]["id"])
                .values_list("birth_year", flat=True))
    assert years == {1991, 1992}


# --- issue 29: exports the pairing programs read ----------------------------------------------

def _column(text: str, number: int, round_number: int) -> str:
    """The 8-character entry of player ``number`` in round ``round_number`` (blank if none)."""
    line = next(line for line in _player_lines(text) if int(line[4:8]) == number)
    start = 91 + 10 * (round_number - 1)
    return line[start:start + 8].ljust(8)


def _service_pairs(driver, number: int) -> set:
    return {(p["white_number"], p["black_number"]) for p in driver.round(number)["pairings"]
            if p["kind"] == "game"}


def _bbp_valid(text: str) -> None:
    """bbpPairings' reader (src/fileformats/trf.cpp, readPlayer): an entry with an opponent
    must carry a result (a blank result is only allowed without opponent)."""
    for line in _player_lines(text):
        for start in range(91, len(line), 10):
            chunk = line[start:start + 8].ljust(8)
            if chunk[:4].strip() not in ("", "0000"):
                assert chunk[7] != " ", f"Invalid line {line!r}: {chunk!r}"


def _swiss_after_round_1(driver):
    from chessrules.values import Result

    driver.create(system="dutch", number_of_rounds=5)
    driver.action("open-registration")
    driver.enter(driver.members(10))
    driver.action("close-registration")
    driver.pair_next()
    driver.play_round(1, random.Random(3), choose=lambda p: Result.WHITE_WINS.value)


def test_the_export_marks_requested_byes_and_withdrawals_of_the_round_to_be_paired(driver):
    """docs/decisions-dutch.md item 9: a player with no entry in the column of the round to
    be paired is paired by bbpPairings/JaVaFo; a requested bye is ``0000 - H/F/Z`` by its
    points, a withdrawn player (Điều 21.5) ``0000 - -``; the next round the file pairs is
    the service's."""
    from chessrules.dutch import pair_trf_text

    _swiss_after_round_1(driver)
    half = Entry.objects.get(tournament_id=driver.tid, starting_number=3)
    zero = Entry.objects.get(tournament_id=driver.tid, starting_number=6)
    quitter = Entry.objects.get(tournament_id=driver.tid, starting_number=8)
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{half.pk}/request-bye/",
                {"round": 2, "points": 0.5})
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{zero.pk}/request-bye/",
                {"round": 2, "points": 0.0})
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{quitter.pk}/withdraw/")
    text = _export(driver, driver.tid)
    assert _column(text, 3, 2) == "0000 - H"
    assert _column(text, 6, 2) == "0000 - Z"
    assert _column(text, 8, 2) == "0000 - -"
    assert _column(text, 1, 2).strip() == ""  # paired by the programs
    _bbp_valid(text)
    from_file = {(p.white, p.black) for p in pair_trf_text(text) if p.black is not None}
    # imported, the markers become the byes, the withdrawal: the re-export is the same
    imported = _import(driver, text)
    assert imported.status_code == 201, imported.content
    copy = imported.json()["tournament"]["id"]
    assert Entry.objects.get(tournament_id=copy, starting_number=8).withdrawn_after_round == 1
    assert _player_lines(_export(driver, copy)) == _player_lines(text)
    driver.pair_next()
    assert from_file == _service_pairs(driver, 2)


def test_a_round_paired_but_not_played_is_left_out_of_the_export(driver):
    """bbpPairings refuses ``   9 b  `` (an opponent, no result): the round being played is
    not written (docs/interop.md); the file pairs it again, as the service did."""
    from chessrules.dutch import pair_trf_text

    _swiss_after_round_1(driver)
    half = Entry.objects.get(tournament_id=driver.tid, starting_number=4)
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{half.pk}/request-bye/",
                {"round": 2, "points": 0.5})
    driver.pair_next()
    text = _export(driver, driver.tid)
    _bbp_valid(text)
    assert _column(text, 4, 2) == "0000 - H"
    assert all(_column(text, n, 2).strip() in ("", "0000 - H") for n in range(1, 11))
    from_file = {(p.white, p.black) for p in pair_trf_text(text) if p.black is not None}
    assert from_file == _service_pairs(driver, 2)
    # one result in: the round is still not written; every result in: it is
    rnd = driver.round(2)
    first = next(p for p in rnd["pairings"] if p["kind"] == "game")
    driver.post(driver.arbiter, f"/api/v1/tournament-rounds/{rnd['id']}/results/",
                {"results": [{"pairing": first["id"], "result": "1-0",
                              "version": first["version"]}]})
    _bbp_valid(_export(driver, driver.tid))
    driver.play_round(2, random.Random(4))
    text = _export(driver, driver.tid)
    _bbp_valid(text)
    assert _column(text, first["white_number"], 2) == f"{first['black_number']:>4} w 1"


def _trf_line(number: int, name: str, rating: int, points: float, *rounds: str) -> str:
    head = (f"001 {number:>4} m    {name:<33} {rating:>4} VIE {'':>11} {'1990/01/01':<10} "
            f"{points:>4.1f} {number:>4}")
    return head + "".join(f"  {r}" for r in rounds)


def test_the_import_honours_the_files_initial_colour(driver):
    """XXC (TRF-2026) black1: the top player had Black in round 1 (C.04.3 E.5); round 2
    is paired from the file's colour, as bbpPairings and the Dutch engine read it, and the
    re-export writes it back."""
    from chessrules.dutch import pair_trf_text
    from tournaments.engine.pairing import initial_colour

    colour = "black1" if initial_colour(None) == "w" else "white1"
    top, second = ("b", "w") if colour == "black1" else ("w", "b")
    other = {"w": "b", "b": "w"}
    lines = [_trf_line(1, "Mot", 2400, 0.5, f"   4 {top} ="),
             _trf_line(2, "Hai", 2390, 0.5, f"   5 {second} ="),
             _trf_line(3, "Ba", 2380, 0.5, f"   6 {top} ="),
             _trf_line(4, "Bon", 2370, 0.5, f"   1 {other[top]} ="),
             _trf_line(5, "Nam", 2360, 0.5, f"   2 {other[second]} ="),
             _trf_line(6, "Sau", 2350, 0.5, f"   3 {other[top]} ="),
             _trf_line(7, "Bay", 2340, 0.5, "0000 - H"),
             _trf_line(8, "Tam", 2330, 0.5, "0000 - H")]
    text = f"012 Màu ban đầu\nXXR 3\nXXC {colour}\n092 Dutch\n" + "\n".join(lines) + "\n"
    response = _post(driver, text)
    assert response.status_code == 201, response.content
    tid = response.json()["tournament"]["id"]
    again = _export(driver, tid)
    assert f"XXC {colour}" in again
    expected = {(p.white, p.black) for p in pair_trf_text(text) if p.black is not None}
    driver.tournament = {"id": tid}
    driver.organiser.post("/api/v1/tournament-officials/", {
        "tournament": tid, "person": driver.arbiter_user.person.pk, "role": "chief"},
        format="json")
    driver.pair_next()
    assert _service_pairs(driver, 2) == expected


def test_a_trf_with_a_utf8_bom_keeps_its_012_line(driver):
    text = f"\ufeff012 Giải có BOM\nXXR 1\n{_LINE_1}\n{_LINE_2}\n"
    response = _post(driver, text, system="dutch")
    assert response.status_code == 201, response.content
    assert response.json()["tournament"]["name"] == "Giải có BOM"
    assert response.json()["report"]["encoding"] == "utf-8"


def test_a_latin1_trf_file_is_detected_and_named(driver):
    """Swiss-Manager writes TRF in Windows-1252/Latin-1: a file that is not UTF-8 is read
    as such and the answer names the encoding."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    line = _LINE_1.replace("Tran Van Khong Co", "Müller Jürgen    ")
    data = f"012 Open Zürich\nXXR 1\n{line}\n{_LINE_2}\n".encode("cp1252")
    response = driver.organiser.post("/api/v1/tournaments/import-trf/", {
        "trf_file": SimpleUploadedFile("open.trf", data), "organiser_body": driver.body.pk,
        "system": "dutch", "start_date": "2026-05-04", "end_date": "2026-05-10"},
        format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["tournament"]["name"] == "Open Zürich"
    assert body["report"]["encoding"] == "windows-1252"
    assert Entry.objects.get(tournament_id=body["tournament"]["id"],
                             starting_number=1).name == "Müller Jürgen"
    utf8 = driver.organiser.post("/api/v1/tournaments/import-trf/", {
        "trf_file": SimpleUploadedFile("b.trf", b"\xef\xbb\xbf" + data.decode("cp1252")
                                       .replace("Open", "Giải").encode()),
        "organiser_body": driver.body.pk, "system": "dutch", "start_date": "2026-05-04",
        "end_date": "2026-05-10"}, format="multipart")
    assert utf8.status_code == 201, utf8.content
    assert utf8.json()["report"]["encoding"] == "utf-8"
    assert utf8.json()["tournament"]["name"] == "Giải Zürich"


def test_text_that_lost_its_characters_is_refused_naming_the_line(driver):
    """A Latin-1 file sent as a form field reaches the service with U+FFFD where its
    accented letters were: refused (400 naming the line), never imported as "M�ller"."""
    line = _LINE_1.replace("Tran Van Khong Co", "M\ufffdller J\ufffdrgen    ")
    before = Tournament.objects.count()
    error = assert_error(_post(driver, f"012 Open\nXXR 1\n{line}\n{_LINE_2}\n",
                               system="dutch"), 400, "trf_encoding", "trf")
    assert "3" in error["message"]
    assert Tournament.objects.count() == before


def test_a_half_point_pairing_bye_is_declared_for_the_pairing_programs(driver):
    """An event whose pairing-allocated bye scores ½ (its bye_score) writes bbpPairings'
    ``BBU`` line: without it the programs count the ``U`` as a point and refuse the
    file's scores (bbpPairings validateScores)."""
    from chessrules.dutch import pair_trf_text
    from chessrules.dutch.trf_input import dutch_input_from_trf
    from chessrules.trf import parse_trf

    driver.create(system="dutch", number_of_rounds=4, bye_score="0.5")
    driver.action("open-registration")
    driver.enter(driver.members(5))
    driver.action("close-registration")
    driver.pair_next()
    driver.play_round(1, random.Random(5), choose=lambda p: "1-0")
    text = _export(driver, driver.tid)
    assert "BBU  0.5" in text.splitlines()
    data = dutch_input_from_trf(parse_trf(text))
    assert data.options.points.pairing_bye == 5
    bye = next(line for line in _player_lines(text) if line[91:99] == "0000 - U")
    assert bye[80:84] == " 0.5"
    imported = _import(driver, text)
    assert imported.status_code == 201, imported.content
    copy = imported.json()["tournament"]["id"]
    assert Tournament.objects.get(pk=copy).bye_score == 0.5
    assert _player_lines(_export(driver, copy)) == _player_lines(text)
    from_file = {(p.white, p.black) for p in pair_trf_text(text) if p.black is not None}
    driver.pair_next()
    assert from_file == _service_pairs(driver, 2)



def test_the_trf_export_writes_each_players_birth_year_read_to_the_access_log(driver):
    """Issue 31: the TRF export for organisers and arbiters carries birth years (minimised, not
    the dates): a read of private data like the others, one row per registry player, the
    reader's own (an organiser who also plays) left out; the player sees it in words."""
    from datetime import date

    from federation.models import Officer, PrivateDataAccess
    from tests.factories import make_member, make_person, make_user
    from tests.helpers import client_for

    driver.create(system="dutch", number_of_rounds=3)
    driver.action("open-registration")
    members = driver.members(3, date_of_birth=date(2009, 5, 17))
    organiser = Officer.objects.get(body=driver.body).user
    playing = make_person(full_name="Ban Tổ Chức Kiêm Đấu Thủ", user=organiser,
                          date_of_birth=date(1980, 1, 2))
    members.append((make_member(playing, driver.club), 1500))
    driver.enter(members)
    driver.action("close-registration")
    assert not PrivateDataAccess.objects.exists()
    url = f"/api/v1/tournaments/{driver.tid}/trf/"
    text = driver.arbiter.get(url).content.decode()
    assert "2009" in text and "2009/05/17" not in text  # birth years only
    rows = PrivateDataAccess.objects.order_by("person_id")
    assert sorted(r.person_id for r in rows) == sorted(m.person_id for m, _ in members)
    assert {(r.user_id, r.via, r.fields, r.path) for r in rows} == {
        (driver.arbiter_user.pk, "document", "birth_year", url)}
    driver.organiser.get(url)  # the organiser: the others' years, not his own
    by_organiser = PrivateDataAccess.objects.filter(user=organiser)
    assert sorted(r.person_id for r in by_organiser) == sorted(
        m.person_id for m, _ in members[:3])
    # the player sees who read his birth year, in words
    player = members[0][0].person
    player.user = make_user("trf-player")
    player.save()
    log = client_for(player.user).get(f"/api/v1/persons/{player.pk}/access-log/").json()
    assert sorted(e["user"] for e in log["results"]) == sorted(
        [driver.arbiter_user.username, organiser.username])
    assert {e["via"] for e in log["results"]} == {"document"}
    assert rows[0].field_labels() == ["Năm sinh"]


def test_the_trf_export_command_logs_the_birth_years_it_prints(driver):
    """Issue 31: ``manage.py tournament_trf export`` prints the same birth years as the API's
    export, so it logs the same reads, naming the operator given with --user (else none: a
    server shell) and the command as the path."""
    from datetime import date
    from io import StringIO

    from django.core.management import call_command

    from federation.models import PrivateDataAccess

    driver.create(system="dutch", number_of_rounds=3)
    driver.action("open-registration")
    members = driver.members(4, date_of_birth=date(2008, 3, 9))
    driver.enter(members)
    driver.action("close-registration")
    out = StringIO()
    call_command("tournament_trf", "export", str(driver.tid), "--user",
                 driver.arbiter_user.username, stdout=out)
    assert "2008" in out.getvalue() and "2008/03/09" not in out.getvalue()
    rows = PrivateDataAccess.objects.all()
    assert sorted(r.person_id for r in rows) == sorted(m.person_id for m, _ in members)
    assert {(r.user_id, r.via, r.fields, r.path) for r in rows} == {
        (driver.arbiter_user.pk, "document", "birth_year",
         f"manage.py tournament_trf export {driver.tid}")}
    call_command("tournament_trf", "export", str(driver.tid), stdout=StringIO())
    assert PrivateDataAccess.objects.filter(user=None).count() == len(members)
