"""The club manager's and the officer's day in a real browser (issue 27), on a 390x844 phone
and a 1366x768 desk: Debian's Chromium driven by Playwright, as the results site's browser
tests. The manager signs in and files an application for a new person, the officer signs in
and approves it, the manager opens the new member's card (PDF) and enters two players in an
open event. No page is wider than the screen. Skips, saying why, without Chromium or
Playwright (``playwright install`` is never used)."""

from __future__ import annotations

import re

import pytest

from federation.models import MembershipApplication
from tests.browser import BROWSER_MARKS, chromium, expect
from tests.workspace.club_support import build
from tournaments.models import Entry

PASSWORD = "mat-khau-thu-2026"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desk": {"width": 1366, "height": 768}}

pytestmark = BROWSER_MARKS




def fits(page) -> None:
    """Nothing wider than the screen (no sideways scrolling on a phone)."""
    page.wait_for_load_state()  # not while a click's navigation is still under way
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, (page.url, wide)


def sign_in(page, url: str, username: str) -> None:
    page.goto(url + "/lam-viec/")
    assert "/dang-nhap/" in page.url
    fits(page)
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Đăng nhập").click()
    page.wait_for_url(re.compile(r".*/lam-viec/$"))
    fits(page)


def sign_out(page) -> None:
    page.get_by_role("button", name="Đăng xuất").click()
    page.wait_for_url(re.compile(r".*/dang-nhap/$"))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_manager_files_officer_approves_card_opens_two_players_entered(live_server, viewport,
                                                                      jobs_in_process):
    world = build()
    for user in (world.manager_a, world.officer_hanoi):
        user.set_password(PASSWORD)
        user.save()
    url = live_server.url
    with chromium() as browser:
        context = browser.new_context(viewport=VIEWPORTS[viewport], locale="vi-VN")
        page = context.new_page()

        # the manager files an application for a person not yet recorded
        sign_in(page, url, "quanly-a")
        page.locator("#roles").get_by_role("link", name="Mở trang câu lạc bộ").click()
        expect(page.locator("h1")).to_have_text("CLB Cờ Ba Đình")
        fits(page)
        page.get_by_role("link", name="Nộp đơn mới").first.click()
        page.fill("#id_name", "Lê Văn Mới")
        page.get_by_role("button", name="Tìm").click()
        expect(page.get_by_role("status")).to_contain_text("Không tìm thấy ai")
        fits(page)
        assert page.locator("input[name=don-person][value=new]").is_checked()
        page.fill("#id_don-full_name", "Lê Văn Mới")
        page.select_option("#id_don-gender", label="Nam")
        page.fill("#id_don-date_of_birth", "31/02/2001")  # a wrong date first
        page.select_option("#id_don-sponsor",
                           label=f"Hội Viên A1 — {world.sponsor.card_number}")
        # the consent signed on the paper form (Nghị định 13/2023/NĐ-CP Điều 11)
        page.check("#id_don-consent_given")
        page.fill("#id_don-consent_given_by", "Lê Văn Mới")
        page.select_option("#id_don-consent_relation", label="Chính người đó")
        page.get_by_role("button", name="Nộp đơn").click()
        expect(page.locator("#error-don-date_of_birth")).to_contain_text(
            "Ngày 31 không có trong tháng 2/2001")
        expect(page.locator("#id_don-full_name")).to_have_value("Lê Văn Mới")  # kept
        fits(page)
        page.fill("#id_don-date_of_birth", "09/03/2001")
        page.get_by_role("button", name="Nộp đơn").click()
        expect(page.locator("#applications")).to_contain_text("Chờ duyệt")
        expect(page.locator("#applications")).to_contain_text("Lê Văn Mới")
        fits(page)
        sign_out(page)

        # the officer of the province approves it, the person and the sponsor side by side
        sign_in(page, url, "canbo-hn")
        page.locator("#roles").get_by_role("link", name="Mở trang tổ chức").click()
        page.get_by_role("link", name="Xem và quyết định").click()
        expect(page.locator("#person")).to_contain_text("09/03/2001")
        expect(page.locator("#sponsor")).to_contain_text(world.sponsor.card_number)
        fits(page)
        page.get_by_role("button", name="Duyệt đơn").click()
        expect(page.locator(".notice")).to_contain_text("thẻ hội viên số")
        sign_out(page)

        # the manager opens the new member's card
        sign_in(page, url, "quanly-a")
        page.locator("#roles").get_by_role("link", name="Mở trang câu lạc bộ").click()
        page.get_by_role("link", name="Lê Văn Mới").click()
        expect(page.locator("#card-pdf")).to_be_visible()  # the member's page has loaded
        fits(page)
        href = page.locator("#card-pdf").get_attribute("href")
        card = context.request.get(url + href)
        for _again in range(10):
            if card.status == 200:
                break
            page.wait_for_timeout(1000)
            card = context.request.get(url + href)
        assert card.status == 200 and card.headers["content-type"] == "application/pdf"
        assert card.body().startswith(b"%PDF")

        # ... and enters two players in the open event
        page.goto(url + f"/lam-viec/clb/{world.club_a.pk}/giai/")
        page.get_by_role("link", name="Giải Cờ Tướng Mở Rộng").click()
        fits(page)
        page.get_by_label(re.compile("Hội Viên A1")).check()
        page.get_by_label(re.compile("Hội Viên A2")).check()
        page.get_by_role("button", name="Đăng ký").click()
        expect(page.locator(".notice")).to_contain_text("Đã đăng ký 2 đấu thủ")
        expect(page.locator("#entries")).to_contain_text("Hội Viên A2")
        fits(page)
        context.close()
    # the database read once the browser is closed (no queries inside Playwright's loop)
    application = MembershipApplication.objects.get(person__full_name="Lê Văn Mới")
    assert application.status == MembershipApplication.Status.APPROVED
    assert Entry.objects.filter(tournament=world.event).count() == 2
