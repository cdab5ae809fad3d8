"""Personal data as Nghị định 13/2023/NĐ-CP asks (issue 31, "Personal data"): consent with each
application (Điều 11; a parent's or guardian's for a child under 16, Điều 20) and its
withdrawal (Điều 12), the ID number masked with a logged reveal (Điều 3: minimisation), the
person's requests — a copy of his data (Điều 14), a correction (Điều 15), an erasure (Điều
16) — and the retention of the access log. docs/decisions-security.md maps the articles."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from federation.models import Consent, DataRequest, Member, Person, PrivateDataAccess
from tests import factories as f
from tests.helpers import CONSENT, assert_error, client_for

pytestmark = pytest.mark.django_db


def _apply(world, person, **extra):
    return world.client(world.manager_a).post("/api/v1/applications/", {
        "person": person.pk, "club": world.club_a.pk, "sponsor": world.sponsor.pk,
        "submitted_on": "2026-01-02", **extra}, format="json")


# --- consent (Điều 11, 20) ------------------------------------------------------------------------

def test_an_application_without_consent_is_refused_naming_the_field(world):
    person = f.make_person(full_name="Lê Văn Chưa Đồng Ý")
    error = assert_error(_apply(world, person), 400, field="consent")
    assert "đồng ý xử lý dữ liệu cá nhân" in error["fields"]["consent"][0]
    assert "13/2023" in error["fields"]["consent"][0]
    assert not person.applications.exists() and not Consent.objects.exists()


def test_the_consent_is_recorded_with_the_application_what_why_when_who(world):
    person = f.make_person(full_name="Lê Thị Đồng Ý", date_of_birth=date(1990, 5, 6))
    response = _apply(world, person, consent={"given_by": "Lê Thị Đồng Ý", "relation": "self"})
    assert response.status_code == 201, response.content
    consent = Consent.objects.get(person=person)
    assert consent.application_id == response.json()["id"]
    assert consent.given_on == date(2026, 1, 2)  # the application's date by default
    assert consent.given_by == "Lê Thị Đồng Ý" and consent.relation == "self"
    assert "số CCCD" in consent.data_collected and "xếp cặp" in consent.purposes
    assert consent.recorded_by == world.manager_a and consent.withdrawn_on is None


def test_a_child_under_16_needs_a_parent_or_guardian(world):
    child = f.make_person(full_name="Nguyễn Bé Nhỏ", date_of_birth=date(2014, 6, 1))
    error = assert_error(_apply(world, child, consent=CONSENT), 400,
                         code="guardian_consent_required", field="consent")
    assert "16" in error["message"] and "giám hộ" in error["message"]
    response = _apply(world, child, consent={"given_by": "Nguyễn Văn Bố", "relation": "parent",
                                             "given_on": "01/01/2026", "child_agreed": True})
    assert response.status_code == 201, response.content
    consent = Consent.objects.get(person=child)
    assert (consent.given_by, consent.relation, consent.given_on) == (
        "Nguyễn Văn Bố", "parent", date(2026, 1, 1))


# Điều 20.3: "Việc xử lý dữ liệu cá nhân của trẻ em phải được sự đồng ý của trẻ em trong trường
# hợp trẻ em từ đủ 7 tuổi trở lên và có sự đồng ý của cha, mẹ hoặc người giám hộ". Ages worked
# by hand on the application date, 02/01/2026: born 03/01/2019 is 6 (7 tomorrow), born
# 02/01/2019 is 7 that day, born 03/01/2010 is 15 (16 tomorrow), born 02/01/2010 is 16.
PARENT = {"given_by": "Phạm Văn Cha", "relation": "parent"}


@pytest.mark.parametrize(("born", "consent", "refused_code"), [
    (date(2019, 1, 3), PARENT, None),  # 6: the parent's alone
    (date(2019, 1, 2), PARENT, "child_consent_required"),  # 7: the child too
    (date(2019, 1, 2), {**PARENT, "child_agreed": True}, None),
    (date(2010, 1, 3), PARENT, "child_consent_required"),  # 15: the child too
    (date(2010, 1, 3), {**PARENT, "child_agreed": True}, None),
    (date(2010, 1, 3), {"given_by": "Phạm Bé", "relation": "self", "child_agreed": True},
     "guardian_consent_required"),  # 15: his own alone is not enough
    (date(2010, 1, 2), {"given_by": "Phạm Đủ Tuổi", "relation": "self"}, None),  # 16
])
def test_a_child_from_7_to_under_16_agrees_himself_too(world, born, consent, refused_code):
    person = f.make_person(full_name="Phạm Thị Trẻ", date_of_birth=born)
    response = _apply(world, person, consent=consent)
    if refused_code is None:
        assert response.status_code == 201, response.content
        row = Consent.objects.get(person=person)
        assert row.child_agreed is bool(consent.get("child_agreed"))
        listed = world.client(world.staff).get(f"/api/v1/persons/{person.pk}/consents/")
        assert listed.json()[0]["child_agreed"] is row.child_agreed
        return
    field = "consent.child_agreed" if refused_code == "child_consent_required" else "consent"
    error = assert_error(response, 400, code=refused_code, field=field)
    if refused_code == "child_consent_required":
        message = error["fields"][field][0]
        assert "Điều 20.3" in message and "Trẻ em cũng đồng ý" in message and "7" in message
    assert not person.applications.exists() and not Consent.objects.exists()


def test_consent_withdrawn_stops_the_clubs_processing_and_keeps_official_records(world):
    owner = f.make_user("chu-the-du-lieu")
    person = f.make_person(full_name="Hồ Văn Rút", user=owner, phone="0911222333",
                           citizen_id="001090012345")
    member = f.make_member(person, world.club_a)
    Consent.objects.create(person=person, data_collected="x", purposes="y",
                           given_on=date(2025, 1, 1), given_by=person.full_name, relation="self")
    manager = world.client(world.manager_a)
    assert manager.get(f"/api/v1/persons/{person.pk}/").json()["phone"] == "0911222333"
    # someone else may not withdraw it; the person may
    assert manager.post(f"/api/v1/persons/{person.pk}/withdraw-consent/", {},
                        format="json").status_code == 403
    own = client_for(owner)
    response = own.post(f"/api/v1/persons/{person.pk}/withdraw-consent/",
                        {"note": "Không muốn câu lạc bộ liên lạc nữa"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()[0]["withdrawn_on"] == timezone.localdate().isoformat()
    # the club sees and changes nothing more; staff keep what the federation must keep
    data = manager.get(f"/api/v1/persons/{person.pk}/").json()
    assert not set(Person.PRIVATE_FIELDS) & set(data), data
    assert manager.patch(f"/api/v1/persons/{person.pk}/", {"phone": "0900000000"},
                         format="json").status_code == 403
    assert world.client(world.staff).get(f"/api/v1/persons/{person.pk}/").json()["phone"]
    member.refresh_from_db()
    assert member.status == Member.Status.ACTIVE and data["card_number"] == member.card_number
    # the consents read by the person and staff, not by the club
    assert own.get(f"/api/v1/persons/{person.pk}/consents/").json()[0]["withdrawn_on"]
    assert manager.get(f"/api/v1/persons/{person.pk}/consents/").status_code == 403
    # a second withdrawal: nothing in force
    assert_error(own.post(f"/api/v1/persons/{person.pk}/withdraw-consent/", {}, format="json"),
                 409, code="no_consent")


# --- minimisation: masked ID numbers, the logged reveal ---------------------------------------

def test_id_numbers_are_masked_and_revealed_only_on_a_logged_request(world):
    person = f.make_person(full_name="Đinh Văn Che", citizen_id="001090056789")
    f.make_member(person, world.club_a)
    manager = world.client(world.manager_a)
    shown = manager.get(f"/api/v1/persons/{person.pk}/").json()["citizen_id"]
    assert shown == "••••••••6789"
    members = manager.get(f"/api/v1/members/?club={world.club_a.pk}").content.decode()
    assert "001090056789" not in members and "••••••••6789" in members
    before = PrivateDataAccess.objects.filter(person=person, via="reveal").count()
    response = manager.post(f"/api/v1/persons/{person.pk}/reveal-citizen-id/")
    assert response.status_code == 200 and response.json() == {"citizen_id": "001090056789"}
    row = PrivateDataAccess.objects.filter(person=person, via="reveal").get()
    assert before == 0 and row.user == world.manager_a and row.fields == "citizen_id"
    # out of scope: refused, nothing logged
    outsider = world.client(world.hcm_officer)
    assert outsider.post(f"/api/v1/persons/{person.pk}/reveal-citizen-id/").status_code == 403
    assert PrivateDataAccess.objects.filter(person=person, via="reveal").count() == 1
    # a PATCH sending the masked value back keeps the number; another masked text is refused
    patched = manager.patch(f"/api/v1/persons/{person.pk}/",
                            {"citizen_id": shown, "phone": "0933444555"}, format="json")
    assert patched.status_code == 200, patched.content
    person.refresh_from_db()
    assert person.citizen_id == "001090056789" and person.phone == "0933444555"
    assert_error(manager.patch(f"/api/v1/persons/{person.pk}/", {"citizen_id": "••••1111"},
                               format="json"), 400, field="citizen_id")


# --- the person's requests (Điều 9, 14-16) ----------------------------------------------------

@pytest.fixture
def subject(world):
    owner = f.make_user("nguoi-yeu-cau")
    person = f.make_person(full_name="Vương Thị Yêu Cầu", user=owner, citizen_id="001190011223",
                           phone="0977000111", email="yeu.cau@example.vn", address="9 Hàng Bạc")
    member = f.make_member(person, world.club_a)
    return person, member, client_for(owner)


def test_an_export_request_has_a_72_hour_deadline_and_gives_json_and_pdf(world, subject):
    person, member, own = subject
    filed = own.post("/api/v1/data-requests/", {"person": person.pk, "kind": "export"},
                     format="json")
    assert filed.status_code == 201, filed.content
    row = DataRequest.objects.get(pk=filed.json()["id"])
    assert row.deadline - row.received_at == timedelta(hours=72) and row.state == "open"
    # not before the federation handled it; never for someone else
    assert own.get(f"/api/v1/data-requests/{row.pk}/export/").status_code == 403
    assert world.client(world.manager_a).get(
        f"/api/v1/data-requests/{row.pk}/export/").status_code == 404
    assert own.post(f"/api/v1/data-requests/{row.pk}/handle/", {},
                    format="json").status_code == 403
    staff = world.client(world.staff)
    handled = staff.post(f"/api/v1/data-requests/{row.pk}/handle/", {}, format="json")
    assert handled.status_code == 200 and handled.json()["state"] == "done"
    assert handled.json()["handled_by"] == "staff1"
    data = own.get(f"/api/v1/data-requests/{row.pk}/export/").json()
    sections = {s["key"]: s for s in data["sections"]}
    assert ["Số CCCD", "001190011223"] in sections["record"]["rows"]  # his own copy: in full
    assert [member.card_number, "Đang sinh hoạt", member.joined_on.isoformat(), ""] in \
        sections["cards"]["rows"]
    assert {"consents", "clubs", "dues", "entries", "ratings", "titles", "access_log"} <= \
        set(sections)
    pdf = own.get(f"/api/v1/data-requests/{row.pk}/export/?output=pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    # the person's own downloads are not logged; staff's reads are
    assert not PrivateDataAccess.objects.filter(person=person, user=person.user).exists()
    staff.get(f"/api/v1/data-requests/{row.pk}/export/")
    assert PrivateDataAccess.objects.filter(person=person, via="export",
                                            user=world.staff).exists()
    # a second open request of the same kind is refused; another person's filing too
    own.post("/api/v1/data-requests/", {"person": person.pk, "kind": "erasure"}, format="json")
    assert_error(own.post("/api/v1/data-requests/", {"person": person.pk, "kind": "erasure"},
                          format="json"), 409, field="kind")
    assert world.client(world.manager_a).post("/api/v1/data-requests/", {
        "person": person.pk, "kind": "export"}, format="json").status_code == 403


def test_a_correction_goes_through_the_person_update_service(world, subject):
    person, _member, own = subject
    row = own.post("/api/v1/data-requests/", {"person": person.pk, "kind": "correction",
                                              "details": "Địa chỉ mới: 12 Hàng Đào"},
                   format="json").json()
    staff = world.client(world.staff)
    # the service's checks hold: a bad ID number is refused and the request stays open
    bad = staff.post(f"/api/v1/data-requests/{row['id']}/handle/",
                     {"changes": {"citizen_id": "12ab"}, "reason": "Theo đơn"}, format="json")
    assert_error(bad, 400, field="citizen_id")
    assert DataRequest.objects.get(pk=row["id"]).state == "open"
    assert_error(staff.post(f"/api/v1/data-requests/{row['id']}/handle/",
                            {"changes": {"address": "12 Hàng Đào"}}, format="json"),
                 400, field="reason")
    done = staff.post(f"/api/v1/data-requests/{row['id']}/handle/",
                      {"changes": {"address": "12 Hàng Đào"}, "reason": "Đúng theo đơn ngày 2"},
                      format="json")
    assert done.status_code == 200 and done.json()["outcome"] == "Đúng theo đơn ngày 2"
    person.refresh_from_db()
    assert person.address == "12 Hàng Đào"


def test_erasure_removes_contacts_and_id_number_but_keeps_name_and_card(world, subject):
    person, member, own = subject
    person.phone = "0977000999"
    person.save()  # a history row holding the phone
    row = own.post("/api/v1/data-requests/", {"person": person.pk, "kind": "erasure"},
                   format="json").json()
    staff = world.client(world.staff)
    response = staff.post(f"/api/v1/data-requests/{row['id']}/handle/",
                          {"reason": "Người đó đã ra khỏi Liên đoàn"}, format="json")
    assert response.status_code == 200, response.content
    person.refresh_from_db()
    assert (person.citizen_id, person.phone, person.email, person.address) == (None, "", "", "")
    assert person.full_name == "Vương Thị Yêu Cầu" and person.date_of_birth is not None
    assert Member.objects.get(pk=member.pk).card_number == member.card_number
    for old in Person.history.filter(id=person.pk):  # the change history too
        assert (old.citizen_id, old.phone, old.email, old.address) == (None, "", "", "")
    assert DataRequest.objects.get(pk=row["id"]).handled_by == world.staff
    # done once: a second handling is a conflict
    assert_error(staff.post(f"/api/v1/data-requests/{row['id']}/handle/", {"reason": "x"},
                            format="json"), 409)


def test_erasure_also_blanks_his_accounts_email_and_the_sent_mails_addresses(world, subject):
    """Contact details are held with his sign-in account too: its e-mail and the outbox's
    addresses of the mails sent to him (to the account or to the record's e-mail)."""
    from core.models import Notification

    person, _member, own = subject
    person.user.email = "tai.khoan@example.vn"
    person.user.save()
    sent = {"kind": "password_reset", "subject": "S", "body_text": "T", "body_html": "<p>T</p>"}
    to_account = Notification.objects.create(user=person.user, email="tai.khoan@example.vn",
                                             state="sent", **sent)
    to_record = Notification.objects.create(email="yeu.cau@example.vn", state="failed", **sent)
    someone_else = Notification.objects.create(email="nguoi.khac@example.vn", state="sent",
                                               **sent)
    row = own.post("/api/v1/data-requests/", {"person": person.pk, "kind": "erasure"},
                   format="json").json()
    response = world.client(world.staff).post(f"/api/v1/data-requests/{row['id']}/handle/",
                                              {"reason": "Theo yêu cầu"}, format="json")
    assert response.status_code == 200, response.content
    person.user.refresh_from_db()
    assert person.user.email == "" and person.user.is_active  # he still signs in
    assert Notification.objects.get(pk=to_account.pk).email == ""
    assert Notification.objects.get(pk=to_record.pk).email == ""
    assert Notification.objects.get(pk=someone_else.pk).email == "nguoi.khac@example.vn"


def test_a_request_may_be_refused_with_the_reason(world, subject):
    person, _member, own = subject
    row = own.post("/api/v1/data-requests/", {"person": person.pk, "kind": "erasure"},
                   format="json").json()
    staff = world.client(world.staff)
    assert_error(staff.post(f"/api/v1/data-requests/{row['id']}/refuse/", {"reason": ""},
                            format="json"), 400, field="reason")
    refused = staff.post(f"/api/v1/data-requests/{row['id']}/refuse/",
                         {"reason": "Đang có khiếu nại về kết quả thi đấu"}, format="json")
    assert refused.status_code == 200 and refused.json()["state"] == "refused"
    listing = own.get("/api/v1/data-requests/").json()["results"]
    assert [r["outcome"] for r in listing] == ["Đang có khiếu nại về kết quả thi đấu"]
    assert world.client(world.manager_a).get("/api/v1/data-requests/").json()["results"] == []


# --- the access log's retention -----------------------------------------------------------------

def test_the_access_log_is_purged_after_the_retention_period(world, settings):
    settings.PRIVATE_ACCESS_LOG_DAYS = 30
    person = f.make_person()
    now = timezone.now()
    PrivateDataAccess.objects.bulk_create([
        PrivateDataAccess(person=person, fields="phone", via="api", at=now - timedelta(days=31)),
        PrivateDataAccess(person=person, fields="phone", via="api", at=now - timedelta(days=29)),
    ])
    call_command("purge_access_log")
    assert [r.at.date() for r in PrivateDataAccess.objects.all()] == [
        (now - timedelta(days=29)).date()]


def test_beat_purges_the_access_log_daily(settings):
    """The kept period holds without anyone running the command: beat's daily entry runs
    the task, which deletes what is older than PRIVATE_ACCESS_LOG_DAYS."""
    from config.celery import app
    from federation.tasks import purge_access_log_task

    entry = next(e for e in settings.CELERY_BEAT_SCHEDULE.values()
                 if e["task"] == "federation.tasks.purge_access_log_task")
    assert entry["schedule"] <= 24 * 60 * 60
    assert "federation.tasks.purge_access_log_task" in app.tasks
    settings.PRIVATE_ACCESS_LOG_DAYS = 30
    person = f.make_person()
    PrivateDataAccess.objects.create(person=person, fields="phone", via="api",
                                     at=timezone.now() - timedelta(days=31))
    assert purge_access_log_task() == 1
    assert not PrivateDataAccess.objects.exists()
