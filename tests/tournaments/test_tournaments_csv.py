"""CSV for people (issue 29): Excel reads UTF-8 only with a BOM; headers in the reader's
language (Vietnamese, English under /en/ or Accept-Language: en); every column the page
shows (the withdrawn flag, the team); byes' points written like the others (0.0/0.5/1.0)."""

from __future__ import annotations

import csv
import io
import random

from tournaments.models import Entry


def _rows(response) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbf"), response.content[:20]
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_standings_and_pairings_csv_for_excel(driver):
    driver.create(system="dutch", number_of_rounds=3)
    driver.action("open-registration")
    driver.enter(driver.members(5))
    driver.action("close-registration")
    resting = Entry.objects.get(tournament_id=driver.tid, starting_number=5)
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{resting.pk}/request-bye/",
                {"round": 1, "points": 0.0})
    driver.pair_next()
    driver.play_round(1, random.Random(2))
    quitter = Entry.objects.get(tournament_id=driver.tid, starting_number=2)
    driver.post(driver.arbiter, f"/api/v1/tournament-entries/{quitter.pk}/withdraw/")

    url = f"/api/v1/tournaments/{driver.tid}/standings/"
    rows = _rows(driver.arbiter.get(url, {"output": "csv"}))
    header = rows[0]
    assert header[:6] == ["Hạng", "Số xếp", "Họ tên", "Danh hiệu", "Elo", "Điểm"]
    assert "Đội" in header and "Bỏ cuộc" in header
    by_number = {row[1]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    assert by_number["2"]["Bỏ cuộc"] == "có" and by_number["1"]["Bỏ cuộc"] == ""
    assert by_number["5"]["Điểm"] == "0.0"
    english = _rows(driver.arbiter.get(url, {"output": "csv"}, HTTP_ACCEPT_LANGUAGE="en"))
    assert english[0][:6] == ["Rank", "No.", "Name", "Title", "Rating", "Points"]
    assert "Withdrawn" in english[0] and "Team" in english[0]

    rnd = driver.round(1)
    pairings = _rows(driver.arbiter.get(f"/api/v1/tournament-rounds/{rnd['id']}/csv/"))
    assert pairings[0][0] == "Ván"
    bye = next(row for row in pairings[1:] if row[2] == "5")
    assert bye[-1] == "0.0"
    results = {row[-1] for row in pairings[1:] if row[-1] != "0.0"}
    assert results <= {"1-0", "0-1", "1/2-1/2"}
