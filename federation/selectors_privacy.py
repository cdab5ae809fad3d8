"""A copy of everything the registry holds about a person (Nghị định 13/2023/NĐ-CP Điều 14;
issue 31): the sections of the data copy, read by ``federation.services.privacy_export``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from federation.models import (
    Attendance,
    ClubMembership,
    Consent,
    DataRequest,
    DuesPayment,
    Member,
    MembershipApplication,
    Person,
    PrivateDataAccess,
    Suspension,
    field_label,
)

# Điều 15.5: "không đóng hội phí 6 tháng hoặc không sinh hoạt liên tục 6 tháng".


# --- a copy of everything held about a person (Nghị định 13/2023/NĐ-CP Điều 14) ----------------

def data_section(key: str, title: str, columns: list[str], rows: Any) -> dict[str, Any]:
    """One part of a person's data copy: a title, column labels and rows of plain values."""
    return {"key": key, "title": title, "columns": columns, "rows": [list(r) for r in rows]}


def personal_data(person: Person) -> list[dict[str, Any]]:
    """What the federation registry holds about ``person``: the record (private fields in
    full: it is his own copy), consents, cards, clubs, applications, dues, activity,
    suspensions, his requests and who read his private data."""
    record = [(field_label(name), value) for name, value in (
        ("full_name", person.full_name), ("gender", person.get_gender_display()),
        ("date_of_birth", person.date_of_birth), ("citizen_id", person.citizen_id or ""),
        ("phone", person.phone), ("email", person.email), ("address", person.address),
        ("province", str(person.province or "")), ("fide_id", person.fide_id or ""))]
    members = Member.objects.filter(person=person).order_by("joined_on")
    return [
        data_section("record", _("Hồ sơ"), [_("Trường"), _("Giá trị")], record),
        data_section("consents", _("Sự đồng ý xử lý dữ liệu"),
                     [_("Ngày"), _("Người đồng ý"), _("Quan hệ"), _("Dữ liệu"), _("Mục đích"),
                      _("Rút lại ngày")],
                     ((c.given_on, c.given_by, c.get_relation_display(), c.data_collected,
                       c.purposes, c.withdrawn_on) for c in Consent.objects.filter(person=person))),
        data_section("cards", _("Thẻ hội viên"),
                     [_("Số thẻ"), _("Trạng thái"), _("Gia nhập"), _("Chấm dứt")],
                     ((m.card_number, m.get_status_display(), m.joined_on, m.ended_on)
                      for m in members)),
        data_section("clubs", _("Sinh hoạt tại câu lạc bộ"),
                     [_("Câu lạc bộ"), _("Từ ngày"), _("Đến ngày")],
                     ((s.club.name, s.started_on, s.ended_on) for s in ClubMembership.objects
                      .filter(member__person=person).select_related("club")
                      .order_by("started_on"))),
        data_section("applications", _("Đơn xin gia nhập"),
                     [_("Ngày nộp"), _("Câu lạc bộ"), _("Trạng thái")],
                     ((a.submitted_on, a.club.name, a.get_status_display()) for a in
                      MembershipApplication.objects.filter(person=person).select_related("club"))),
        data_section("dues", _("Hội phí"),
                     [_("Từ ngày"), _("Đến ngày"), _("Số tiền"), _("Biên lai")],
                     ((d.period_start, d.period_end, d.amount, d.receipt_number) for d in
                      DuesPayment.objects.filter(member__person=person))),
        data_section("attendance", _("Sinh hoạt"), [_("Ngày"), _("Loại")],
                     ((a.date, a.get_kind_display()) for a in
                      Attendance.objects.filter(member__person=person))),
        data_section("suspensions", _("Đình chỉ"),
                     [_("Từ ngày"), _("Đến ngày"), _("Quyết định"), _("Lý do")],
                     ((s.starts_on, s.ends_on, s.decision_reference, s.reason) for s in
                      Suspension.objects.filter(person=person))),
        data_section("requests", _("Yêu cầu về dữ liệu"),
                     [_("Nhận lúc"), _("Loại"), _("Tình trạng"), _("Kết quả")],
                     ((r.received_at, r.get_kind_display(), r.get_state_display(), r.outcome)
                      for r in DataRequest.objects.filter(person=person))),
        data_section("access_log", _("Lượt xem dữ liệu riêng"),
                     [_("Lúc"), _("Người xem"), _("Các trường"), _("Qua")],
                     ((r.at, r.user.get_username() if r.user else "", r.fields,
                       r.get_via_display()) for r in
                      PrivateDataAccess.objects.filter(person=person).select_related("user"))),
    ]
