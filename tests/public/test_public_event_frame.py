"""Issue 33: the answers of an event that its results do not change (its decided complaints,
Điều 15.6) are keyed by the event's *frame* (``cache_scopes.frame``), which the result
entries leave alone: after a result the warm-ahead build of the event's pages reads them from
the cache instead of building them again, and their ETag stays — while every other write of
the event (a complaint decided, an entry renamed) still shows at once."""

from __future__ import annotations

import pytest

from tests.public.test_public_freshness import build_live_event
from tournaments import selectors_complaints, services
from tournaments.models import Pairing

PUBLIC = "/api/v1/public/tournaments"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def warm_small_events(settings):
    settings.PUBLIC_WARM_AHEAD = True
    settings.PUBLIC_WARM_AHEAD_MIN_ENTRIES = 0  # the test events have 6 players


def _board(t, board: int) -> Pairing:
    return (Pairing.objects.select_related("white", "black")
            .get(round__tournament=t, round__number=1, board=board))


def _decide(t, board: Pairing, reasons: str) -> None:
    """A complaint about the board's result, decided (Điều 15.6: rejected)."""
    from tests.factories import make_staff

    staff = make_staff()
    complaint = services.file_complaint(t, services.Filing(
        complainant_kind="player", subject="result", grounds="Khiếu nại.",
        complainant_entry=board.white, pairing=board), user=staff)
    services.decide_complaint(complaint, services.Ruling(
        upheld=False, reasons=reasons, article="Điều 11.1b"), user=staff)


def test_a_result_builds_the_event_pages_without_building_its_complaints_again(
        api_client, monkeypatch, django_capture_on_commit_callbacks):
    t = build_live_event(seed=91)
    _decide(t, _board(t, 2), "Kết quả đúng biên bản 91.")
    first = _board(t, 3)  # the round's first result starts it (its status: the frame)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(first, "1-0", user=None, expected_version=first.version)
    complaints = f"{PUBLIC}/{t.pk}/complaints/"
    before = api_client.get(complaints)
    for page in (f"/giai-dau/{t.pk}/", f"/en/giai-dau/{t.pk}/"):  # both languages cached
        assert api_client.get(page).status_code == 200
    built: list[int] = []
    real = selectors_complaints.public_complaints
    monkeypatch.setattr(selectors_complaints, "public_complaints",
                        lambda tournament: built.append(1) or real(tournament))
    pairing = _board(t, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(pairing, "1-0", user=None, expected_version=pairing.version)
    assert built == []  # the build of the pages read them from the cache
    after = api_client.get(complaints, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 304  # the reader's copy is still the answer
    page = api_client.get(f"/giai-dau/{t.pk}/").content.decode()
    assert "Kết quả đúng biên bản 91." in page and pairing.white.name in page
    assert built == []


def test_a_complaint_decided_or_a_name_changed_after_a_result_shows_at_once(
        api_client, django_capture_on_commit_callbacks):
    t = build_live_event(seed=92)
    complaints = f"{PUBLIC}/{t.pk}/complaints/"
    assert api_client.get(complaints).json() == {"complaints": []}
    assert "Kết quả đúng biên bản 92." not in api_client.get(f"/giai-dau/{t.pk}/").content.decode()
    pairing = _board(t, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(pairing, "0-1", user=None, expected_version=pairing.version)
    assert api_client.get(complaints).json() == {"complaints": []}
    _decide(t, _board(t, 2), "Kết quả đúng biên bản 92.")
    shown = api_client.get(complaints).json()["complaints"]
    assert [c["reasons"] for c in shown] == ["Kết quả đúng biên bản 92."]
    assert "Kết quả đúng biên bản 92." in api_client.get(f"/giai-dau/{t.pk}/").content.decode()
    # the player of the game complained about renamed (a plain touch of the event)
    _rename(_board(t, 2).white)
    assert api_client.get(complaints).json()["complaints"][0]["game"]["white"] == \
        "Trần Văn Đổi Tên 92"


def _rename(entry) -> None:
    from tournaments import cache_scopes

    type(entry).objects.filter(pk=entry.pk).update(name="Trần Văn Đổi Tên 92")
    cache_scopes.touch_for_admin(entry)  # as the admin's save of the row does


def test_the_detail_is_built_again_only_when_a_result_changes_it(
        api_client, monkeypatch, django_capture_on_commit_callbacks):
    """The round's first result starts it (its status in the detail: at once); the next one
    changes nothing the detail shows (its ETag stays, nothing built); the last completes it."""
    from tournaments.public_api import PublicTournamentDetailSerializer

    t = build_live_event(seed=93)
    detail = f"{PUBLIC}/{t.pk}/"

    def status() -> str:
        return api_client.get(detail).json()["rounds"][0]["status"]

    assert status() == "paired"
    boards = [_board(t, n) for n in (1, 2, 3)]
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(boards[0], "1-0", user=None, expected_version=boards[0].version)
    assert status() == "started"
    for page in (f"/giai-dau/{t.pk}/", f"/en/giai-dau/{t.pk}/"):
        assert api_client.get(page).status_code == 200
    before = api_client.get(detail)
    built: list[int] = []
    real = PublicTournamentDetailSerializer.to_representation
    monkeypatch.setattr(PublicTournamentDetailSerializer, "to_representation",
                        lambda self, obj: built.append(1) or real(self, obj))
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(boards[1], "0-1", user=None, expected_version=boards[1].version)
    assert built == []  # the event's pages were built with the detail they had
    assert api_client.get(detail, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    assert boards[1].black.name in api_client.get(f"/en/giai-dau/{t.pk}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(boards[2], "1/2-1/2", user=None,
                               expected_version=boards[2].version)
    assert status() == "complete"


def test_with_delegations_every_result_builds_the_detail_again(
        api_client, django_capture_on_commit_callbacks):
    """The detail's overall delegation ranking (Phụ lục 5 mục 10) is made of the standings
    after the last complete round: a correction of that round's result changes it, though
    no round's status changes."""
    from tests.factories import make_staff

    staff = make_staff()
    t = build_live_event(seed=94, staff=staff)
    boards = [_board(t, n) for n in (1, 2, 3)]
    hanoi = services.create_delegation(t, "Hà Nội 94", user=staff)
    services.set_entry_delegation(boards[0].white, hanoi, user=staff)
    for board in boards:
        with django_capture_on_commit_callbacks(execute=True):
            services.record_result(board, "1-0", user=None, expected_version=board.version)
    detail = f"{PUBLIC}/{t.pk}/"

    def points() -> float:
        return api_client.get(detail).json()["delegation_ranking"]["rows"][0]["points"]

    assert points() == 1.0
    board = _board(t, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(board, "0-1", user=staff, expected_version=board.version)
    assert points() == 0.0
