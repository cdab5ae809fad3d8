"""TRF16 / TRF-2026 export and import (players matched by FIDE ID or name and birth date)."""

from __future__ import annotations

import random

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
