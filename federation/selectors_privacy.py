"""A copy of everything the registry holds about a person (Nghị định 13/2023/NĐ-CP Điều 14;
issue 31): the sections of the data copy, read by ``federation.services.privacy_export``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from core.accounts import confirmed_device
from core.models import Notification, NotificationPreference
from federation.models import (
    Attendance,
    BoardPosition,
    Club,
    ClubBoardMember,
    ClubMembership,
    Consent,
    DataRequest,
    DuesPayment,
    LapseWarning,
    Member,
    MemberEvent,
    MembershipApplication,
    Officer,
    Person,
    PrivateDataAccess,
    Resignation,
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
    full: it is his own copy) and its past versions, records merged into it, consents, cards
    and their events, clubs, applications, dues, activity, warnings of lapse, resignations,
    suspensions, board seats, his requests, who read his private data, and his account
    (sign-in, two-factor, roles, e-mail preferences and the e-mails sent to him)."""
    return _registry(person) + _history(person) + _account(person)


def _registry(person: Person) -> list[dict[str, Any]]:
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


#: the record's fields a past version shows (his own copy: private ones in full)
HISTORY_FIELDS = ("full_name", "gender", "date_of_birth", "citizen_id", "phone", "email",
                  "address", "fide_id", "citizenship", "province")


def _history(person: Person) -> list[dict[str, Any]]:
    """The record's past versions (its change history), the records merged into it, the
    membership's events, warnings of lapse, resignations and board seats."""
    versions = Person.history.filter(id=person.pk).select_related("province").order_by(
        "history_date", "history_id")
    member_of = {"member__person": person}
    return [
        data_section("history", _("Các phiên bản của hồ sơ"),
                     [_("Lúc"), _("Thay đổi"), *[field_label(n) for n in HISTORY_FIELDS]],
                     ((v.history_date, v.get_history_type_display(),
                       *[str(getattr(v, n) or "") if n == "province" else getattr(v, n)
                         for n in HISTORY_FIELDS]) for v in versions)),
        data_section("merged", _("Hồ sơ trùng đã gộp vào"),
                     [_("Họ tên"), _("Gộp lúc"), _("Lý do")],
                     ((p.full_name, p.merged_at, p.merge_reason)
                      for p in Person.objects.filter(merged_into=person).order_by("pk"))),
        data_section("member_events", _("Diễn biến hội viên"),
                     [_("Số thẻ"), _("Ngày"), _("Sự kiện"), _("Điều"), _("Ghi chú")],
                     ((e.member.card_number, e.date, e.get_kind_display(), e.rule, e.note)
                      for e in MemberEvent.objects.filter(**member_of)
                      .select_related("member").order_by("date", "pk"))),
        data_section("lapse_warnings", _("Báo sắp khai trừ"),
                     [_("Số thẻ"), _("Hạn cuối"), _("Ngày báo")],
                     ((w.member.card_number, w.deadline, w.warned_on)
                      for w in LapseWarning.objects.filter(**member_of)
                      .select_related("member").order_by("warned_on", "pk"))),
        data_section("resignations", _("Xin ra khỏi Liên đoàn"),
                     [_("Số thẻ"), _("Ngày xin"), _("Có hiệu lực"), _("Ghi chú")],
                     ((r.member.card_number, r.applied_on, r.effective_on, r.note)
                      for r in Resignation.objects.filter(**member_of)
                      .select_related("member").order_by("applied_on", "pk"))),
        data_section("board_positions", _("Chức vụ trong ban chấp hành"),
                     [_("Tổ chức"), _("Chức vụ"), _("Từ ngày"), _("Đến ngày")],
                     ((b.body.name, b.get_role_display(), b.term_start, b.term_end)
                      for b in BoardPosition.objects.filter(person=person)
                      .select_related("body").order_by("term_start", "pk"))),
        data_section("club_board", _("Ban chủ nhiệm câu lạc bộ"),
                     [_("Câu lạc bộ"), _("Họp ngày"), _("Chức vụ")],
                     ((b.meeting.club.name, b.meeting.held_on, b.get_role_display())
                      for b in ClubBoardMember.objects.filter(person=person)
                      .select_related("meeting__club").order_by("meeting__held_on", "pk"))),
    ]


def _account(person: Person) -> list[dict[str, Any]]:
    """His sign-in account, if he has one: name, e-mail, dates, two-factor sign-in, roles,
    e-mail preferences and the e-mails the service sent him (their subjects)."""
    if person.user_id is None:
        return []
    user = get_user_model().objects.get(pk=person.user_id)
    preference = NotificationPreference.objects.filter(user=user).first()
    roles = [(_("Cán bộ"), o.body.name) for o in
             Officer.objects.filter(user=user).select_related("body").order_by("pk")]
    roles += [(_("Quản lý câu lạc bộ"), club.name)
              for club in Club.objects.filter(managers=user).order_by("pk")]
    rows: list[tuple[Any, Any]] = [
        (_("Tên đăng nhập"), user.get_username()), (_("Email"), user.email),
        (_("Tạo lúc"), user.date_joined), (_("Đăng nhập lần cuối"), user.last_login),
        (_("Xác thực hai lớp"), _("có") if confirmed_device(user) else _("không")),
        *roles]
    if preference is not None:
        rows += [(_("Ngôn ngữ thư"), preference.get_language_display()),
                 *[(str(getattr(NotificationPreference._meta.get_field(name), "verbose_name", name)),
                    _("có") if getattr(preference, name) else _("không"))
                   for name in ("applications", "lapse", "decisions", "events")]]
    return [
        data_section("account", _("Tài khoản"), [_("Trường"), _("Giá trị")], rows),
        data_section("notifications", _("Thư đã gửi"),
                     [_("Lúc"), _("Email"), _("Tiêu đề"), _("Tình trạng")],
                     ((n.created_at, n.email, n.subject, n.get_state_display())
                      for n in Notification.objects.filter(user=user).order_by("created_at",
                                                                                "pk"))),
    ]
