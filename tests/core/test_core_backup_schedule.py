"""Issue 32: backups on a schedule — a daily dump (custom format, mode 0600) with its manifest,
the retention (7 daily, 4 weekly, 12 monthly by default) and a restore drill that restores the
latest dump into a scratch database and compares row counts and the published rating lists."""

from __future__ import annotations

import json
import stat
from datetime import date, datetime, timedelta

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from core import backup_schedule
from tests.factories import make_member, make_person


def _touch_daily(directory, first: date, last: date) -> None:
    day = first
    while day <= last:
        (directory / f"vcf-{day:%Y%m%d}-013000.dump").write_bytes(b"x")
        (directory / f"vcf-{day:%Y%m%d}-013000.json").write_text("{}")
        day += timedelta(days=1)


def test_retention_keeps_7_daily_4_weekly_12_monthly(tmp_path, settings):
    settings.BACKUP_KEEP_DAILY, settings.BACKUP_KEEP_WEEKLY = 7, 4
    settings.BACKUP_KEEP_MONTHLY = 12
    _touch_daily(tmp_path, date(2025, 1, 1), date(2026, 3, 31))  # 31/03/2026 is a Tuesday
    (tmp_path / "notes.txt").write_text("not a dump: left alone")
    removed = backup_schedule.prune(tmp_path)
    left = sorted(p.name[4:12] for p in tmp_path.glob("*.dump"))
    # counted by hand: the last 7 days; the newest of ISO weeks 13, 12, 11 (W14 is today's);
    # the newest of each month back to April 2025 (March 2026 is today's)
    assert left == sorted([
        "20260325", "20260326", "20260327", "20260328", "20260329", "20260330", "20260331",
        "20260322", "20260315",
        "20260228", "20260131", "20251231", "20251130", "20251031", "20250930", "20250831",
        "20250731", "20250630", "20250531", "20250430"])
    assert len(removed) == 455 - 20
    assert sorted(p.name[4:12] for p in tmp_path.glob("*.json")) == left  # manifests go too
    assert (tmp_path / "notes.txt").exists()


def test_the_retention_is_a_setting(tmp_path, settings):
    settings.BACKUP_KEEP_DAILY, settings.BACKUP_KEEP_WEEKLY, settings.BACKUP_KEEP_MONTHLY = 2, 0, 0
    _touch_daily(tmp_path, date(2026, 3, 1), date(2026, 3, 10))
    backup_schedule.prune(tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.dump")) == [
        "vcf-20260309-013000.dump", "vcf-20260310-013000.dump"]


def test_two_dumps_a_day_keep_the_newest():
    stamps = [datetime(2026, 3, 10, 1, 30), datetime(2026, 3, 10, 13, 0),
              datetime(2026, 3, 9, 1, 30)]
    assert backup_schedule.kept(stamps, 7, 0, 0) == {stamps[1], stamps[2]}


@pytest.mark.django_db(transaction=True)
def test_scheduled_backup_then_restore_drill_on_postgresql(tmp_path, settings):
    if connection.vendor != "postgresql":
        pytest.skip("dumps and the drill are tested on PostgreSQL (DATABASE_URL)")
    from federation.reference_data import load_reference_data
    from ratings.models import RatingList
    from ratings.services import seed_period
    from tests.factories import make_staff

    load_reference_data()
    member = make_member(make_person(full_name="Nguyễn Văn Sao Lưu"))
    other = make_member(make_person(full_name="Trần Thị Danh Sách"))
    # a published list (a transactional test may have flushed the migrated rating lists)
    xiangqi, _new = RatingList.objects.get_or_create(
        discipline="xiangqi", time_control_class="standard",
        defaults={"name": "Hệ số cờ tướng tiêu chuẩn"})
    seed_period(xiangqi, date(2026, 1, 1), date(2026, 1, 31),
                {member.person_id: (2050, 100), other.person_id: (1980, 100)},
                user=make_staff())
    settings.BACKUP_DIR = str(tmp_path / "backups")
    call_command("backup", "--scheduled", stdout=open("/dev/null", "w"))
    [dump] = (tmp_path / "backups").glob("vcf-*.dump")
    manifest = dump.with_suffix(".json")
    assert stat.S_IMODE(dump.stat().st_mode) == 0o600
    assert stat.S_IMODE(manifest.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "backups").stat().st_mode) == 0o700
    assert dump.read_bytes()[:5] == b"PGDMP"  # pg_dump's custom format
    facts = json.loads(manifest.read_text())
    assert facts["tables"]["federation_person"] == 2
    assert facts["tables"]["federation_province"] > 60
    assert set(facts["published_rating_lists"]) == {"publications", "published_ratings",
                                                    "sha256"}
    assert facts["published_rating_lists"]["published_ratings"] == 2

    make_person(full_name="Người thêm sau sao lưu")  # the drill compares with the dump's day
    report = backup_schedule.restore_drill()
    assert report.ok, report.differences
    assert report.tables == len(facts["tables"]) > 50
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [report.scratch])
        assert cursor.fetchone() is None  # the scratch database is dropped

    # a dump whose published lists are not those of its day (a rating changed in between)
    changed = json.loads(manifest.read_text())
    changed["published_rating_lists"]["sha256"] = "0" * 64
    manifest.write_text(json.dumps(changed))
    (difference,) = backup_schedule.restore_drill().differences
    assert difference.startswith("published rating lists:")

    facts["tables"]["federation_person"] = 3  # a dump that does not hold what it claims
    manifest.write_text(json.dumps(facts))
    with pytest.raises(CommandError, match="1 difference"):
        call_command("restore_drill", stdout=open("/dev/null", "w"),
                     stderr=open("/dev/null", "w"))


def test_the_drill_without_a_dump_says_so(tmp_path, settings):
    settings.BACKUP_DIR = str(tmp_path)
    if connection.vendor != "postgresql":
        pytest.skip("the drill is PostgreSQL's")
    with pytest.raises(CommandError, match="no dump"):
        call_command("restore_drill")
