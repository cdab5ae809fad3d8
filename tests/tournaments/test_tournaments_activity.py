"""Phụ lục 2, Điều 15.5: playing in a tournament counts as activity (the lapse rule)."""

from federation.models import Attendance
from tests.public.conftest import build_round_robin
from tournaments.models import Entry


def test_a_completed_round_records_tournament_activity_for_the_players(db):
    t = build_round_robin(4, certify=False)
    members = set(Entry.objects.filter(tournament=t).values_list("member_id", flat=True))
    played = Attendance.objects.filter(kind=Attendance.Kind.TOURNAMENT, member_id__in=members)
    assert set(played.values_list("member_id", flat=True)) == members
    assert all(t.start_date <= a.date <= t.end_date for a in played)
    assert all(t.name in a.note for a in played)
