"""The rating period's review and publication in the admin (issue #28).

- The period's summary in words (not the computation's English keys).
- ``/admin/ratings/ratingperiod/<id>/review/``: every player's change in a table (old rating,
  games, expected and actual score, K, new rating, change, the reason when not rated),
  sortable by each column, 200 rows a page; ``?format=csv`` exports it all as CSV with a BOM
  (Excel opens the Vietnamese names correctly).
- "Công bố kỳ" asks for confirmation on a page that shows each period's last day; a period
  that has not ended is refused unless a reason is given (the service records it).
"""

from __future__ import annotations

import csv
import io

from django import forms
from django.contrib import messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from ratings import selectors, services
from ratings.models import RatingPeriod

#: Rows of the review table per page (the CSV has them all).
REVIEW_PAGE_SIZE = 200

SUMMARY_LABELS = {
    "players": gettext_lazy("Số đấu thủ trong danh sách"),
    "rated": gettext_lazy("Có hệ số"),
    "became_rated": gettext_lazy("Có hệ số lần đầu"),
    "delisted": gettext_lazy("Xuống dưới hệ số sàn"),
    "tournaments": gettext_lazy("Số giải được tính"),
    "games": gettext_lazy("Số ván được tính"),
    "warnings": gettext_lazy("Cảnh báo"),
    "seeded": gettext_lazy("Danh sách khởi đầu"),
    "correction": gettext_lazy("Tính lại (sửa kết quả)"),
}


def summary_words(period: RatingPeriod) -> str:
    """The summary as labelled lines: numbers as numbers, warnings and a correction as words."""
    summary = period.summary or {}
    lines = []
    for key, label in SUMMARY_LABELS.items():
        if key not in summary:
            continue
        value = summary[key]
        if key == "warnings":
            value = "; ".join(w.get("message", "") for w in value) if value else _("không có")
        elif key == "correction":
            value = (value or {}).get("reason", "") or _("có")
        elif isinstance(value, bool):
            value = _("có") if value else _("không")
        lines.append((label, value))
    link = reverse("admin:ratings_ratingperiod_review", args=[period.pk]) if period.pk else ""
    table = format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", lines)
    return format_html('<table class="period-summary">{}</table><p><a href="{}">{}</a></p>',
                       table, link, _("Xem thay đổi hệ số của từng đấu thủ")) if link else table


def not_rated_reason(row) -> str:
    """Why a player who played has no rating after the period (or what is special)."""
    if row.delisted:
        return _("Xuống dưới hệ số sàn: ra khỏi danh sách")
    if row.rating is None:
        pending = len(row.pending or [])
        if pending:
            return _("Chưa có hệ số: %(n)d ván chờ đủ điều kiện tính hệ số đầu tiên") % {
                "n": pending}
        return _("Chưa có hệ số")
    if row.became_rated:
        return _("Có hệ số lần đầu")
    return ""


def _number(value) -> str:
    return "" if value is None else str(value)


def _rows(page_rows) -> list[list[str]]:
    return [[row.person.full_name, _number(row.old_rating), str(row.games),
             _number(row.expected), _number(row.score), _number(row.k), _number(row.rating),
             _number(row.change), not_rated_reason(row)] for row in page_rows]


COLUMNS = [("name", gettext_lazy("Đấu thủ")), ("old_rating", gettext_lazy("Hệ số đầu kỳ")),
           ("games", gettext_lazy("Số ván")), ("expected", gettext_lazy("Điểm kỳ vọng")),
           ("score", gettext_lazy("Điểm")), ("k", gettext_lazy("K")),
           ("rating", gettext_lazy("Hệ số mới")), ("change", gettext_lazy("Thay đổi")),
           ("reason", gettext_lazy("Ghi chú (khi không có hệ số)"))]


def review_view(model_admin, request, object_id):
    period = get_object_or_404(RatingPeriod.objects.select_related("rating_list"), pk=object_id)
    if not model_admin.has_view_permission(request, period):
        raise PermissionDenied
    order = request.GET.get("o", "")
    rows = selectors.period_changes(period, order)
    headers = [str(label) for _key, label in COLUMNS]
    if request.GET.get("format") == "csv":
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(headers)
        writer.writerows(_rows(rows.iterator(chunk_size=5000)))
        response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = (f'attachment; filename="he-so-ky-{period.pk}-'
                                           f'{period.start:%Y-%m}.csv"')
        return response
    page = Paginator(rows, REVIEW_PAGE_SIZE).get_page(request.GET.get("p"))
    sort_links = [(label, key if key == "reason" else
                   ("-" + key if order == key else key), order.lstrip("-") == key)
                  for key, label in COLUMNS]
    context = {**model_admin.admin_site.each_context(request),
               "title": _("Thay đổi hệ số: %(p)s") % {"p": period}, "opts": RatingPeriod._meta,
               "original": period, "sort_links": sort_links, "rows": _rows(page),
               "page": page, "order": order, "summary": summary_words(period)}
    return TemplateResponse(request, "admin/ratings/ratingperiod/review.html", context)


def urls(model_admin) -> list:
    view = model_admin.admin_site.admin_view(
        lambda request, object_id: review_view(model_admin, request, object_id))
    return [path("<int:object_id>/review/", view, name="ratings_ratingperiod_review")]


class PublishForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Lý do công bố trước khi kỳ kết thúc"), required=False,
        max_length=1000, widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=gettext_lazy("Bắt buộc khi kỳ chưa kết thúc; được ghi vào lần công bố."))


def publish_with_confirmation(modeladmin, request, queryset):
    """The "Công bố kỳ" action: a confirmation page, then ``services.publish_period`` for each
    selected period in order, with the reason when one has not ended."""
    periods = list(queryset.select_related("rating_list").order_by("start"))
    form = PublishForm(request.POST if "apply" in request.POST else None)
    if form.is_bound and form.is_valid():
        for period in periods:
            try:
                services.publish_period(period, user=request.user,
                                        reason=form.cleaned_data["reason"])
            except ServiceError as exc:
                modeladmin.message_user(request, f"{period}: {exc.message}", messages.ERROR)
            else:
                modeladmin.message_user(request, _("%s: đã công bố.") % period,
                                        messages.SUCCESS)
        return None
    today = timezone.localdate()
    context = {**modeladmin.admin_site.each_context(request),
               "title": _("Công bố kỳ hệ số"), "opts": RatingPeriod._meta, "form": form,
               "periods": [(p, p.end.strftime("%d/%m/%Y"), p.end >= today) for p in periods],
               "any_open": any(p.end >= today for p in periods),
               "action_checkbox_name": ACTION_CHECKBOX_NAME}
    return TemplateResponse(request, "admin/ratings/ratingperiod/publish.html", context)
