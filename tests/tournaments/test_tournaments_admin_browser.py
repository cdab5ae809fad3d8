"""A staff member's season in the admin alone, in a real browser (issue 28): Debian's Chromium
driven by Playwright on a desk (1366x768; the admin is not a phone screen).

The staff member signs in at /admin/, creates a Swiss from the tournament's add form (its
fields read in the order of the work: name, discipline, system, category, dates), opens the
registration, enters 20 players in one step (the bulk entry page: their card numbers pasted),
draws the numbers, then round after round presses the event's next step ("Xếp cặp ván N"),
follows its link to the round and types every board's result, and finishes and certifies the
event. Then he approves a title qualification and opens the decision's PDF with the one link
the approval shows. Skips, saying why, without Chromium or Playwright.
"""

from __future__ import annotations

import re
from datetime import date

from documents.models import Decision
from ratings.models import PlayerTitle, TitleCriteriaTable, TitleQualification
from tests.browser import BROWSER_MARKS, chromium, expect
from tests.factories import make_body, make_club, make_member, make_person, make_signatory
from tournaments.models import Tournament

PASSWORD = "mat-khau-van-phong-2026"
DESK = {"viewport": {"width": 1366, "height": 768}, "locale": "vi-VN"}
PLAYERS, ROUNDS = 20, 3
NAME = "Giải Cờ Tướng Thụy Sĩ Văn Phòng"
FIRST_FIELDS = ["name", "discipline", "system", "category", "start_date", "end_date"]

pytestmark = BROWSER_MARKS


def _world():
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.create_user(
        "vanphong", password=PASSWORD, is_staff=True, is_superuser=True)
    body = make_body(name="Liên đoàn Cờ Hà Nội")
    club = make_club(body, name="CLB Cờ Hoàn Kiếm")
    members = [make_member(make_person(full_name=f"Kỳ Thủ Văn Phòng {i + 1:02d}"), club)
               for i in range(PLAYERS)]
    make_signatory("Nguyễn Văn Ký", "CHỦ TỊCH", "")
    table = TitleCriteriaTable.objects.filter(discipline="xiangqi").first() or \
        TitleCriteriaTable.objects.create(code="browser-test", discipline="xiangqi",
                                          valid_from=date(2004, 1, 1), data={})
    qualification = TitleQualification.objects.create(
        person=members[0].person, title="first_category", criterion_id="A.3.a", table=table,
        section="men", event_date=date(2026, 3, 5))
    return staff, body, members, qualification


def _next_step(page, base: str, tid: int, button: str) -> None:
    page.goto(f"{base}/admin/tournaments/tournament/{tid}/change/")
    panel = page.locator("#next-step")
    expect(panel.get_by_role("button", name=button)).to_be_enabled()
    panel.get_by_role("button", name=button).click()
    expect(page.locator(".messagelist .success")).to_be_visible()
    expect(page.locator(".messagelist .error")).to_have_count(0)


def _choose(page, field: str, text: str) -> None:
    """A search box (autocomplete): open it, type, take the option found."""
    page.locator(f"#id_{field} + .select2 .select2-selection").click()
    page.locator(".select2-search__field").fill(text)
    page.locator(".select2-results__option", has_text=text).first.click()


def test_a_staff_season_from_the_admin_alone(live_server, jobs_in_process):
    staff, body, members, qualification = _world()
    base = live_server.url
    with chromium() as browser:
        context = browser.new_context(**DESK)
        page = context.new_page()
        page.goto(base + "/admin/")
        page.fill("#id_username", "vanphong")
        page.fill("#id_password", PASSWORD)
        page.locator("input[type=submit]").click()
        expect(page.locator("#site-name")).to_be_visible()

        # the add form, in the order of the work
        page.goto(base + "/admin/tournaments/tournament/add/")
        names = page.evaluate(
            "Array.from(document.querySelectorAll('#tournament_form [name]'))"
            ".map(e => e.name).filter(n => n !== 'csrfmiddlewaretoken')")
        assert names[:6] == FIRST_FIELDS, names[:10]
        assert names.index("venue") < names.index("number_of_rounds")
        page.fill("#id_name", NAME)
        page.select_option("#id_discipline", "xiangqi")
        page.select_option("#id_system", "dutch")
        page.fill("#id_start_date", "03/03/2026")
        page.fill("#id_end_date", "05/03/2026")
        page.fill("#id_venue", "Cung Văn hóa Hữu nghị, Hà Nội")
        page.fill("#id_number_of_rounds", str(ROUNDS))
        _choose(page, "organiser_body", "Liên đoàn Cờ Hà Nội")
        page.locator("input[name=_continue]").click()
        expect(page.locator(".messagelist .success")).to_be_visible()
        tid = int(re.search(r"/tournament/(\d+)/change/", page.url).group(1))

        # registration open, then 20 players in one step
        _next_step(page, base, tid, "Mở đăng ký")
        page.goto(base + "/admin/tournaments/tournament/")
        page.locator(f"input[name=_selected_action][value='{tid}']").check()
        page.select_option("select[name=action]",
                           label="Nhập danh sách đấu thủ (nhiều người một lần)")
        page.locator("button[name=index]").click()
        page.wait_for_url(re.compile(rf".*/tournament/{tid}/bulk-entries/$"))
        page.fill("#id_lines", "\n".join(m.card_number for m in members))
        page.locator("input[name=_register]").click()
        expect(page.locator(".messagelist .success")).to_contain_text(
            f"Đã đăng ký {PLAYERS} đấu thủ")

        # numbers drawn, then each round paired and its results typed on the round's page
        _next_step(page, base, tid, "Khóa đăng ký và bốc số thứ tự")
        for number in range(1, ROUNDS + 1):
            _next_step(page, base, tid, f"Xếp cặp ván {number}")
            page.goto(f"{base}/admin/tournaments/tournament/{tid}/change/")
            page.locator("#next-step").get_by_role(
                "link", name=f"nhập kết quả ván {number}").click()
            page.wait_for_url(re.compile(r".*/admin/tournaments/round/\d+/change/$"))
            results = page.locator("select[name$='-result']")
            expect(results).to_have_count(PLAYERS // 2)
            for i in range(results.count()):
                results.nth(i).select_option(["1-0", "0-1", "1/2-1/2"][(i + number) % 3])
            page.locator("input[name=_continue]").click()
            expect(page.locator(".messagelist .success")).to_be_visible()
            expect(page.locator(".errornote")).to_have_count(0)
        _next_step(page, base, tid, "Kết thúc giải")
        _next_step(page, base, tid, "Công nhận kết quả")
        expect(page.locator("#next-step")).to_contain_text("Mở lại giải")

        # a title approved, its decision's PDF opened by the one link the approval shows
        page.goto(base + "/admin/ratings/titlequalification/")
        page.locator(f"input[name=_selected_action][value='{qualification.pk}']").check()
        page.select_option("select[name=action]", label="Duyệt và ra quyết định phong cấp")
        page.locator("button[name=index]").click()
        page.locator("input[name=apply]").click()
        link = page.locator(".messagelist .success a", has_text="Mở PDF")
        expect(link).to_have_count(1)
        href = link.get_attribute("href")
        pdf = context.request.get(base + href)  # what the click opens (a download)
        for _again in range(10):  # a render still under way: its page, then the PDF
            if pdf.headers.get("content-type") == "application/pdf":
                break
            page.wait_for_timeout(1000)
            pdf = context.request.get(base + href)
        assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
        assert pdf.body().startswith(b"%PDF")
        context.close()

    event = Tournament.objects.get(pk=tid)
    assert event.status == Tournament.Status.CERTIFIED and event.system == "dutch"
    assert event.entries.count() == PLAYERS and event.rounds.count() == ROUNDS
    title = PlayerTitle.objects.get(person=members[0].person)
    assert title.decision == Decision.objects.get(kind="title_award")
    assert staff.is_staff and body.pk == event.organiser_body_id
