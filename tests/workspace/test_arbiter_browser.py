"""The arbiter's day in a real browser (issue 27): Debian's Chromium driven by Playwright, a
phone (390x844, touch) for the chief arbiter at the venue and a desk (1366x768) for his
deputy.

The chief arbiter signs in, pairs round 1 (the progress bar shown), starts it and enters
every result of the round on the phone: one late arrival (Điều 10.2.1a; refused first on its
field while the allowed minutes have not run out), one forfeit, one conflict with the deputy
(who entered another result meanwhile: the phone shows who entered what and the arbiter
keeps his own), and the rest with the big buttons; the public results site shows each result
right after it is entered. He pairs round 2, then signs a game record of round 1 after the
validation located an illegal move that he corrected. Skips, saying why, when Chromium or
Playwright is absent (``.ci/run`` installs Chromium with apt).
"""

from __future__ import annotations

from tests.browser import BROWSER_MARKS, chromium
from tests.factories import make_person, make_user
from tests.workspace.arbiter_support import event

PASSWORD = "mật-khẩu-trọng-tài-2026"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESK = {"viewport": {"width": 1366, "height": 768}}
ILLEGAL = "P2-5 M8.7 X1.5 X9-8"
LEGAL = "P2-5 M8.7 M2.3 X9-8"

pytestmark = BROWSER_MARKS




def _user(username: str, name: str):
    user = make_user(username, password=PASSWORD)
    make_person(full_name=name, user=user)
    return user


def _sign_in(page, base: str, username: str) -> None:
    page.goto(base + "/dang-nhap/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Đăng nhập").click()
    page.wait_for_url(base + "/lam-viec/")


def _board(page, number: int):
    return page.locator(f"#ban-{number}")


def _button(page, number: int, mark: str):
    """A board's result button by the mark it shows (its accessible name is in words)."""
    return _board(page, number).locator("button.rb").get_by_text(mark, exact=True)


def _press(page, number: int, mark: str) -> None:
    with page.expect_navigation():
        _button(page, number, mark).click()
    assert _board(page, number).locator(".res").inner_text() == mark


def _public_result(public, base: str, tid: int, number: int, board: int) -> str:
    """The board's result on the public event page, as a spectator reloading it sees it (the
    site's pages may be kept 30 s by the browser; a reload asks the server again)."""
    public.goto(f"{base}/giai-dau/{tid}/?round={number}#pairings")
    public.reload()
    return public.locator("table.pairings tbody tr").nth(board - 1).locator(
        "td.result").inner_text()


def test_the_arbiters_day_on_a_phone_and_a_desk(live_server, jobs_in_process):
    chief = _user("trongtai", "Trọng Tài Chính")
    deputy = _user("photrongtai", "Phó Trọng Tài")
    t, _arbiter, _staff = event(8, rounds=3, arbiter=chief, name="Giải Cờ Tướng Trình Duyệt")
    from tournaments.models import Official
    Official.objects.create(tournament=t, person=deputy.person, role=Official.Role.DEPUTY)
    base, tid = live_server.url, t.pk
    with chromium() as browser:
        phone = browser.new_context(**PHONE).new_page()
        desk = browser.new_context(**DESK).new_page()
        public = browser.new_context(**DESK).new_page()

        _sign_in(phone, base, "trongtai")
        phone.get_by_role("link", name="Mở bàn trọng tài").click()
        phone.get_by_role("link", name=t.name).first.click()
        assert phone.locator("h1").inner_text() == t.name

        # round 1: the pairing job with its progress bar, then the boards
        phone.get_by_role("button", name="Xếp cặp ván 1").click()
        phone.wait_for_selector("#pairing-bar")
        assert "/xep-cap/" in phone.url
        assert phone.locator("#pairing-text").inner_text() in ("Đã xếp xong ván 1",
                                                                "Đang xếp cặp",
                                                                "Đang chờ đến lượt xếp cặp")
        phone.wait_for_url("**/?van=1", timeout=30000)
        assert phone.locator("ol.boards > li.board").count() == 4
        assert phone.locator("#round-state").inner_text() == "Đã xếp cặp, chưa bắt đầu"
        with phone.expect_navigation():
            phone.get_by_role("button", name="Bắt đầu ván 1").click()
        assert phone.locator("#round-state").inner_text() == "Đang đấu"
        # the buttons are big enough for a thumb, and the page fits the phone
        assert _button(phone, 1, "1-0").get_attribute("aria-label") == "Bàn 1: Đỏ thắng"
        box = _button(phone, 1, "1-0").bounding_box()
        assert box["height"] >= 44 and box["width"] >= 88
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390

        # a late arrival on board 1 (Điều 10.2.1a): too early first, on its field
        _board(phone, 1).get_by_role("link", name="Đến muộn").click()
        assert phone.locator("#id_scheduled_start").input_value() != ""
        phone.get_by_label("Đen:").check()
        phone.get_by_role("button", name="Xử thua do đến muộn").click()
        assert "Chưa hết thời gian đến muộn cho phép" in phone.locator(
            "#error-decided_at").inner_text()
        phone.fill("#id_day", "04/05/2026")
        phone.fill("#id_scheduled_start", "08:00")
        phone.fill("#id_decided_at", "09:00")
        with phone.expect_navigation():
            phone.get_by_role("button", name="Xử thua do đến muộn").click()
        assert _board(phone, 1).locator(".res").inner_text() == "+/−"
        assert "thua do đến muộn" in _board(phone, 1).inner_text()
        assert _public_result(public, base, tid, 1, 1) == "+-"

        # a forfeit on board 2
        _press(phone, 2, "−/+")
        assert _public_result(public, base, tid, 1, 2) == "-+"

        # a conflict on board 3: the deputy enters 1-0 at the desk while the phone shows
        # the board without a result; the phone's 0-1 is refused, he sees who entered what
        _sign_in(desk, base, "photrongtai")
        desk.goto(f"{base}/lam-viec/trong-tai/giai/{tid}/?van=1")
        _press(desk, 3, "1-0")
        assert _public_result(public, base, tid, 1, 3) == "1-0"
        _button(phone, 3, "0-1").click()
        phone.wait_for_selector("#conflict-message")
        assert "do Phó Trọng Tài ghi lúc" in phone.locator("#theirs").inner_text()
        assert "Đen thắng" in phone.locator("#mine").inner_text()
        with phone.expect_navigation():
            phone.locator("#use-mine").click()
        assert _board(phone, 3).locator(".res").inner_text() == "0-1"
        assert _public_result(public, base, tid, 1, 3) == "0-1"

        # the last board with the big button; the round is finished
        _press(phone, 4, "½-½")
        assert _public_result(public, base, tid, 1, 4) == "1/2-1/2"
        assert phone.locator("#round-progress").inner_text().startswith("Mọi bàn đã có kết quả")

        # round 2
        phone.get_by_role("button", name="Xếp cặp ván 2").click()
        phone.wait_for_selector("#pairing-bar")
        phone.wait_for_url("**/?van=2", timeout=30000)
        assert phone.locator("#round-title").inner_text().startswith("Ván 2")
        assert phone.locator("ol.boards > li.board").count() == 4

        # the game record of round 1, board 4: an illegal move located, corrected, signed
        desk.goto(f"{base}/lam-viec/trong-tai/giai/{tid}/?van=1")
        _board(desk, 4).get_by_role("link", name="Biên bản", exact=True).click()
        desk.select_option("#id_notation", "vn")
        desk.fill("#id_moves_text", ILLEGAL)
        with desk.expect_navigation():
            desk.get_by_role("button", name="Tạo biên bản").click()
        assert "Nước 2 của Đỏ: “X1.5”" in desk.locator("#located-error").inner_text()
        assert desk.locator("#bad-move").inner_text() == "X1.5"
        selected = desk.evaluate("(() => { const m = document.getElementById('id_moves_text');"
                                 " return m.value.slice(m.selectionStart, m.selectionEnd); })()")
        assert selected == "X1.5"  # the bad move is selected in the typed moves
        desk.fill("#id_moves_text", LEGAL)
        desk.select_option("#id_declared_score", "1/2-1/2")
        with desk.expect_navigation():
            desk.get_by_role("button", name="Lưu nước đi").click()
        assert desk.locator("#located-error").count() == 0
        assert desk.locator("#moves-vn li").count() == 4
        desk.select_option("#id_decision", "draw")
        desk.select_option("#id_reason", "agreed_draw")
        with desk.expect_navigation():
            desk.get_by_role("button", name="Ghi phán quyết").click()
        assert "Hòa" in desk.locator("#decision").inner_text()
        for button in ("Trọng tài ký", "Đỏ ký", "Đen ký"):
            with desk.expect_navigation():
                desk.get_by_role("button", name=button).click()
        assert "đã ký lúc" in desk.locator("#arbiter-signed").inner_text()
        assert desk.locator("#moves-form").count() == 0
        assert desk.evaluate("document.documentElement.scrollWidth") <= 1366
