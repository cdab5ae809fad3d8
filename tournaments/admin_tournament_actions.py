"""The tournament's admin actions (Điều 17.3, 18a, 20.3d): open registration, draw the
numbers, pair the next round, advance qualifiers, publish the regulations, finish, certify,
suspend, resume and reopen, each a service call with its message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core.admin_official import reason_action
from core.errors import ServiceError
from core.models import Job
from tournaments import admin_lifecycle, services
from tournaments.models import Tournament

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _each(modeladmin, request, queryset, act, done) -> None:
    """An action on each selected record: ``act(record)`` calls the service; a refusal is an
    error naming the record, a success shows ``done(record, result)``."""
    for record in queryset:
        try:
            result = act(record)
        except ServiceError as exc:
            modeladmin.message_user(request, f"{record}: {exc.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, done(record, result), messages.SUCCESS)


def _run(modeladmin, request, queryset, service, done: StrOrPromise, **kwargs) -> None:
    _each(modeladmin, request, queryset,
          lambda tournament: service(tournament, user=request.user, **kwargs),
          lambda tournament, result: _done_message(tournament, done, result))


def _done_message(tournament, done, result):
    """A background job is named by a link to its page, not its raw id (issue #18)."""
    if isinstance(result, Job):
        url = reverse("admin:core_job_change", args=[result.pk])
        return format_html('{}: {} — <a href="{}">{}</a>', tournament, done, url,
                           _("xem tiến trình"))
    return f"{tournament}: {done} {result or ''}".rstrip()


@admin.action(description=_("Mở đăng ký"))
def open_registration(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.open_registration, _("đã mở đăng ký"))


@admin.action(description=_("Khóa đăng ký và bốc số thứ tự"))
def draw_numbers(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.close_registration, _("đã bốc số"))


@admin.action(description=_("Xếp cặp ván tiếp theo (công việc nền)"))
def pair_next_round(modeladmin, request, queryset):
    _run(modeladmin, request, queryset, services.request_pairing, _("công việc xếp cặp"))


@admin.action(description=_("Đưa những người đứng đầu các bảng vào chung kết (Điều 17.3)"))
def advance_qualifiers(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda tournament: services.advance_qualifiers(tournament, user=request.user),
          lambda tournament, added: _("%(t)s: thêm %(n)s đấu thủ vào chung kết.")
          % {"t": tournament, "n": len(added)})


@admin.action(description=_("Công bố điều lệ (Điều 18a)"))
def publish_regulations(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda tournament: services.publish_regulations(tournament, user=request.user),
          lambda tournament, _result: _("%(t)s: điều lệ đã công bố.") % {"t": tournament})


def _lifecycle(modeladmin, request, queryset, service, done) -> None:
    """A lifecycle step on each selected event; a refusal says what must happen first and
    links to where it is done (issue 28)."""
    for tournament in queryset:
        try:
            service(tournament, user=request.user)
        except ServiceError as exc:
            modeladmin.message_user(request, format_html(
                "{}: {}", tournament, admin_lifecycle.refusal_with_link(tournament, exc)),
                messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: {done}", messages.SUCCESS)


@admin.action(description=_("Kết thúc giải"))
def finish(modeladmin, request, queryset):
    _lifecycle(modeladmin, request, queryset, services.finish_tournament, _("đã kết thúc"))


@admin.action(description=_("Công nhận kết quả"))
def certify(modeladmin, request, queryset):
    _lifecycle(modeladmin, request, queryset, services.certify_tournament, _("đã công nhận"))


suspend = reason_action(
    "suspend", _("Tạm đình chỉ giải (Điều 20.3d, ghi lý do)"),
    _("Do nguyên nhân đặc biệt không thể thi đấu được, tổng trọng tài tuyên bố tạm đình chỉ giải "
      "và định lại thời gian, địa điểm (Điều 20.3d). Không xếp cặp, không bắt đầu ván nào cho "
      "đến khi cho tiếp tục."),
    lambda t, *, user, reason: services.suspend_tournament(t, user=user, reason=reason),
    _("đã tạm đình chỉ"))


@admin.action(description=_("Cho giải tiếp tục sau tạm đình chỉ (Điều 20.3d)"))
def resume(modeladmin, request, queryset):
    _each(modeladmin, request, queryset,
          lambda t: services.resume_tournament(t, user=request.user),
          lambda t, _result: str(_("đã cho tiếp tục")))


reopen = reason_action(
    "reopen", _("Mở lại giải đã công nhận (ghi lý do)"),
    _("Giải đã công nhận là hồ sơ chính thức. Mở lại (chỉ cán bộ Liên đoàn) đưa giải về "
      "\"đã kết thúc\" để sửa; lý do được ghi vào lịch sử của giải."),
    lambda t, *, user, reason: services.reopen_tournament(t, user=user, reason=reason),
    lambda t: _reopened(t))


def _reopened(t: Tournament) -> str:
    """The titles awarded on this result stand (their decisions are official records): the
    message names them, so staff can withdraw a decision the correction invalidates."""
    numbers = sorted({f"{q.decision.number}/{q.decision.year}" for q in
                      t.title_qualifications.filter(decision__isnull=False)
                      .select_related("decision") if q.decision is not None})
    if not numbers:
        return str(_("đã mở lại"))
    return str(_("đã mở lại. Lưu ý: các quyết định phong cấp theo kết quả giải này (%(numbers)s) "
                 "vẫn có hiệu lực; nếu kết quả sửa làm mất tiêu chuẩn, hãy thu hồi quyết định "
                 "(có lý do).") % {"numbers": ", ".join(numbers)})
