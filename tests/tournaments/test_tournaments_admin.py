"""Admin for staff: inline rounds/pairings and the actions that call the services."""

from __future__ import annotations

import time

from tournaments.models import Round, Tournament


def test_admin_actions_drive_the_lifecycle(driver, staff_user, client):
    driver.create(system="round_robin")
    client.force_login(staff_user)
    url = "/admin/tournaments/tournament/"
    assert client.get(url).status_code == 200
    assert client.get(f"{url}{driver.tid}/change/").status_code == 200

    def act(action: str):
        response = client.post(url, {"action": action, "_selected_action": [driver.tid]})
        assert response.status_code == 302
        return response

    act("open_registration")
    assert Tournament.objects.get(pk=driver.tid).status == "registration"
    driver.enter(driver.members(4))
    act("draw_numbers")
    tournament = Tournament.objects.get(pk=driver.tid)
    assert tournament.status == "closed" and tournament.lot_seed is not None
    answer = act("pair_next_round")
    # The job is a link to its page, not a raw id (issue #18).
    from django.contrib.messages import get_messages

    from core.models import Job

    job = Job.objects.filter(kind__contains="pair").order_by("-pk").first()
    (message,) = [str(m) for m in get_messages(answer.wsgi_request) if "xếp cặp" in str(m)]
    assert message.endswith(
        f'công việc xếp cặp — <a href="/admin/core/job/{job.pk}/change/">xem tiến trình</a>')
    rnd = None
    for _ in range(600):
        rnd = Round.objects.filter(tournament_id=driver.tid, number=1).first()
        if rnd is not None:
            break
        time.sleep(0.1)
    assert rnd is not None and rnd.pairings.count() == 2
    assert client.get(f"/admin/tournaments/round/{rnd.pk}/change/").status_code == 200
    act("certify")  # refused (not finished): reported, nothing changes
    assert Tournament.objects.get(pk=driver.tid).status == "running"


def test_admin_tournament_search_ignores_diacritics(client, staff_user):
    """The changelist's search finds "Hà Nội" from "ha noi" (the folded term on
    ``name_folded``, as the public events search), and still from the accented term."""
    from datetime import date

    from tests.factories import make_body, make_staff
    from tournaments import services

    staff, body = make_staff(), make_body()
    names = ["Giải Cờ Tướng Hà Nội mở rộng", "Giải Cờ Vua Đà Nẵng", "Giải Cờ Tướng Huế"]
    for name in names:
        services.create_tournament(user=staff, name=name, discipline="xiangqi",
                                   system="round_robin", start_date=date(2026, 3, 1),
                                   end_date=date(2026, 3, 9), organiser_body=body)
    client.force_login(staff_user)

    def found(term: str) -> set[str]:
        response = client.get("/admin/tournaments/tournament/", {"q": term})
        assert response.status_code == 200
        return {str(t) for t in response.context["cl"].result_list}

    assert found("ha noi") == {names[0]}
    assert found("HA NOI") == {names[0]}
    assert found("Hà Nội") == {names[0]}
    assert found("da nang") == {names[1]}
    assert found("đà nẵng") == {names[1]}
    assert found("giai co tuong") == {names[0], names[2]}
    assert found("hai phong") == set()
