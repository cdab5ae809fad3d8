"""The tournaments' part of a person's data copy (Nghị định 13/2023/NĐ-CP Điều 14; issue 31):
his entries, the roles he held at events and the organisers' proposals to sanction him."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from federation.models import Person
from federation.selectors_privacy import data_section
from tournaments.models import DelegationStaff, Entry, Official, SanctionProposal


def personal_data_of(person: Person) -> list[dict[str, Any]]:
    entries = Entry.objects.filter(Q(person=person) | Q(member__person=person))
    return [
        data_section("entries", _("Thi đấu"),
                     [_("Giải"), _("Từ ngày"), _("Tên khi đăng ký"), _("Năm sinh"),
                      _("Hệ số lúc đăng ký"), _("Bỏ cuộc ngày")],
                     ((e.tournament.name, e.tournament.start_date, e.name, e.birth_year,
                       e.rating, e.withdrawn_on)
                      for e in entries.distinct().select_related("tournament")
                      .order_by("tournament__start_date", "pk"))),
        data_section("officials", _("Vai trò tại giải"), [_("Giải"), _("Từ ngày"), _("Vai trò")],
                     ((o.tournament.name, o.tournament.start_date, o.get_role_display())
                      for o in Official.objects.filter(person=person)
                      .select_related("tournament").order_by("tournament__start_date", "pk"))),
        data_section("delegations", _("Vai trò trong đoàn"),
                     [_("Giải"), _("Đoàn"), _("Vai trò")],
                     ((d.delegation.tournament.name, d.delegation.name, d.get_role_display())
                      for d in DelegationStaff.objects.filter(person=person)
                      .select_related("delegation__tournament").order_by("pk"))),
        data_section("sanction_proposals", _("Đề nghị kỷ luật của ban tổ chức"),
                     [_("Giải"), _("Đề nghị lúc"), _("Số năm"), _("Điều"), _("Lý do"),
                      _("Trạng thái")],
                     ((p.tournament.name, p.proposed_at, p.years, p.article, p.reason,
                       p.get_status_display())
                      for p in SanctionProposal.objects.filter(person=person)
                      .select_related("tournament").order_by("proposed_at", "pk"))),
    ]
