"""The signed-in area and personal data (Nghị định 13/2023/NĐ-CP, issue 31): the person's own
page shows his consents (and lets him withdraw), who read his private data, his requests and
the copy of his data once handled; the club's member page shows the ID number masked, logs its
reads and reveals the whole number only on a logged click; an application needs the consent."""

from __future__ import annotations

from datetime import date

import pytest

from federation.models import Consent, DataRequest, MembershipApplication, PrivateDataAccess
from federation.services import privacy
from tests.workspace.club_support import build, client_of

pytestmark = pytest.mark.django_db

ME = "/lam-viec/ca-nhan/"


@pytest.fixture
def world():
    return build()


def _text(response) -> str:
    return response.content.decode()


def test_the_club_member_page_masks_the_id_logs_the_read_and_reveals_on_a_click(world):
    member = world.members[1]
    manager = client_of(world.manager_a)
    url = f"/lam-viec/clb/{world.club_a.pk}/hoi-vien/{member.pk}/"
    page = _text(manager.get(url))
    assert member.person.masked_citizen_id in page and member.person.citizen_id not in page
    read = PrivateDataAccess.objects.get(person=member.person)
    assert read.via == "workspace" and read.user == world.manager_a
    revealed = manager.post(url + "xem-cccd/")
    assert revealed.status_code == 200 and member.person.citizen_id in _text(revealed)
    assert PrivateDataAccess.objects.filter(person=member.person, via="reveal").count() == 1
    # a GET does not reveal; another club's manager gets nothing
    assert manager.get(url + "xem-cccd/").status_code == 302
    other = client_of(world.manager_b).post(url + "xem-cccd/")
    assert other.status_code in (403, 404)
    assert member.person.citizen_id not in _text(other)


def test_the_person_sees_who_read_his_data_in_words(world):
    person = world.sponsor.person
    client_of(world.manager_a).get(f"/lam-viec/clb/{world.club_a.pk}/hoi-vien/{world.sponsor.pk}/")
    page = _text(client_of(world.member_user).get(ME))
    # each section once, in the page's body; the title is words only
    assert page.count('id="access-log"') == page.count('id="consent"') == 1
    title = page[page.index("<title>") + 7:page.index("</title>")]
    assert "<" not in title and "Hồ sơ của tôi" in title
    log = page[page.index('id="access-log"'):page.index('id="requests"')]
    assert "quanly-a" in log and "Khu làm việc" in log and "Ngày sinh" in log
    assert "date_of_birth" not in log  # no field codes shown to a person
    # his own page is not logged; the ID number masked with a button to see it whole
    assert not PrivateDataAccess.objects.filter(person=person, user=world.member_user).exists()
    assert person.masked_citizen_id in page and person.citizen_id not in page
    assert person.citizen_id in _text(client_of(world.member_user).post(ME + "xem-cccd/"))


def test_the_person_withdraws_his_consent_and_the_club_sees_no_more(world):
    person = world.sponsor.person
    Consent.objects.create(person=person, data_collected="Họ tên, ngày sinh",
                           purposes="Quản lý hội viên", given_on=date(2025, 3, 4),
                           given_by="Hội Viên A1", relation="self")
    own = client_of(world.member_user)
    page = _text(own.get(ME))
    assert "04/03/2025" in page and "Quản lý hội viên" in page and "Đang có hiệu lực" in page
    response = own.post(ME + "rut-dong-y/", {"rut-note": "Không muốn nữa"})
    assert response.status_code == 302
    assert "Đã rút lại ngày" in _text(own.get(ME))
    member_page = _text(client_of(world.manager_a).get(
        f"/lam-viec/clb/{world.club_a.pk}/hoi-vien/{world.sponsor.pk}/"))
    assert person.masked_citizen_id not in member_page  # private fields hidden from the club
    assert world.sponsor.card_number in member_page  # the card stays


def test_the_person_files_an_export_request_and_downloads_the_copy_once_handled(world):
    person = world.sponsor.person
    own = client_of(world.member_user)
    response = own.post(ME + "yeu-cau/", {"yc-kind": "export", "yc-details": ""})
    assert response.status_code == 302
    row = DataRequest.objects.get(person=person)
    page = _text(own.get(ME))
    assert "Cung cấp bản sao dữ liệu" in page and "Đang chờ xử lý" in page
    assert own.get(ME + f"yeu-cau/{row.pk}/ban-sao.json").status_code == 403  # not yet
    privacy.complete_export(row, by=world.staff)
    page = _text(own.get(ME))
    assert "Tải bản sao (PDF)" in page
    copy = own.get(ME + f"yeu-cau/{row.pk}/ban-sao.json")
    assert copy.status_code == 200 and person.citizen_id in _text(copy)
    pdf = own.get(ME + f"yeu-cau/{row.pk}/ban-sao.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    # a second open request of the same kind: refused on the form
    own.post(ME + "yeu-cau/", {"yc-kind": "erasure"})
    again = own.post(ME + "yeu-cau/", {"yc-kind": "erasure"})
    assert again.status_code == 400 and "đang chờ xử lý" in _text(again)
    # another signed-in user cannot take his copy
    assert client_of(world.nobody).get(ME + f"yeu-cau/{row.pk}/ban-sao.json").status_code == 404


def test_an_application_from_the_club_screen_needs_the_consent(world):
    manager = client_of(world.manager_a)
    url = f"/lam-viec/clb/{world.club_a.pk}/don/moi/"
    data = {"don-person": "new", "don-full_name": "Bé Mới Vào", "don-gender": "F",
            "don-date_of_birth": "01/06/2015", "don-sponsor": str(world.sponsor.pk),
            "don-submitted_on": ""}
    refused = manager.post(url, data)
    assert refused.status_code == 400 and "Nghị định 13/2023" in _text(refused)
    child = manager.post(url, {**data, "don-consent_given": "on",
                               "don-consent_given_by": "Bé Mới Vào",
                               "don-consent_relation": "self"})
    assert child.status_code == 400 and "giám hộ" in _text(child)
    assert not MembershipApplication.objects.filter(person__full_name="Bé Mới Vào").exists()
    parent = {**data, "don-consent_given": "on", "don-consent_given_by": "Trần Thị Mẹ",
              "don-consent_relation": "parent"}
    # Điều 20.3: from 7 years old the child agrees too (she is 10 or 11 on any day it runs)
    alone = manager.post(url, parent)
    assert alone.status_code == 400
    errors = alone.context["form"].errors["consent_child_agreed"]
    assert "Điều 20.3" in errors[0] and 'id="error-don-consent_child_agreed"' in _text(alone)
    assert not MembershipApplication.objects.filter(person__full_name="Bé Mới Vào").exists()
    done = manager.post(url, {**parent, "don-consent_child_agreed": "on"})
    assert done.status_code == 302, _text(done)[-3000:]
    consent = Consent.objects.get(person__full_name="Bé Mới Vào")
    assert consent.given_by == "Trần Thị Mẹ" and consent.relation == "parent"
    assert consent.child_agreed
    consent.person.user = world.nobody
    consent.person.save()
    assert "trẻ em cũng đồng ý" in _text(client_of(world.nobody).get(ME))
