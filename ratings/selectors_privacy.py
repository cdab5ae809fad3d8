"""The ratings' part of a person's data copy (Nghị định 13/2023/NĐ-CP Điều 14; issue 31): his
published ratings, titles, titles of other federations and title qualifications."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from federation.models import Person
from federation.selectors_privacy import data_section
from ratings.models import ForeignTitle, TitleQualification
from ratings.selectors import published_ratings_of, titles_of


def personal_data_of(person: Person) -> list[dict[str, Any]]:
    return [
        data_section("ratings", _("Hệ số"), [_("Bảng"), _("Kỳ"), _("Hệ số"), _("Số ván")],
                     ((r.period.rating_list.name, r.period.start, r.rating, r.games)
                      for r in published_ratings_of(person, limit=1000))),
        data_section("titles", _("Đẳng cấp"), [_("Đẳng cấp"), _("Ngày phong")],
                     ((t.get_title_display(), t.awarded_on) for t in titles_of(person))),
        data_section("foreign_titles", _("Danh hiệu của liên đoàn khác"),
                     [_("Danh hiệu"), _("Ngày phong"), _("Văn bản")],
                     ((t.get_title_display(), t.awarded_on, t.reference)
                      for t in ForeignTitle.objects.filter(person=person)
                      .order_by("awarded_on", "pk"))),
        data_section("title_qualifications", _("Xét phong đẳng cấp"),
                     [_("Đẳng cấp"), _("Ngày"), _("Tiêu chuẩn"), _("Trạng thái"),
                      _("Lý do không duyệt")],
                     ((q.get_title_display(), q.event_date, q.criterion_text,
                       q.get_status_display(), q.rejection_reason)
                      for q in TitleQualification.objects.filter(person=person)
                      .order_by("event_date", "pk"))),
    ]
