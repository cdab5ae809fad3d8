"""Multi-stage events ("đấu hỗn hợp", Điều 17.3; 002 part 2 Điều 7 "các hệ thống khác nhau
trong các giai đoạn khác nhau"): qualifying groups (round robin or Swiss), each naming the
final stage it feeds (``Tournament.qualifies_to``) and how many of its top finishers go on
(``qualifiers``); the final is a round robin or a knockout run like any event."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from tournaments import selectors
from tournaments.models import Entry, Tournament
from tournaments.services._common import S, _expect_status, _lock, _require_manager, spec_of
from tournaments.services.entries import register_entry


def validate_stage(t: Tournament) -> None:
    """A qualifying group is a round robin or Swiss of the final's discipline, with a number
    of qualifiers; the final is a round robin or a knockout and no group itself."""
    final = t.qualifies_to
    if final is None:
        if t.qualifiers is not None:
            raise ServiceError(_("Chỉ bảng vòng loại (có vòng chung kết) mới có số đấu thủ vào "
                                 "chung kết."), field="qualifiers")
        return
    if final.pk == t.pk or final.qualifies_to_id is not None:
        raise ServiceError(_("Vòng chung kết phải là một giải khác, không phải một bảng vòng "
                             "loại (Điều 17.3)."), field="qualifies_to")
    if not spec_of(t).qualifying_stage:
        raise ServiceError(_("Bảng vòng loại đấu vòng tròn hoặc hệ Thụy Sĩ (Điều 17.3)."),
                           field="system")
    if not spec_of(final).final_stage:
        raise ServiceError(_("Vòng chung kết đấu vòng tròn hoặc loại trực tiếp (Điều 17.3)."),
                           field="qualifies_to")
    if final.discipline != t.discipline:
        raise ServiceError(_("Bảng vòng loại và vòng chung kết phải cùng môn."),
                           field="qualifies_to")
    if not t.qualifiers:
        raise ServiceError(_("Cần số đấu thủ của bảng vào chung kết."), field="qualifiers")


def check_stage_owner(t: Tournament, user: Any) -> None:
    """Only the final's organisers attach a qualifying group to it."""
    if t.qualifies_to is not None and not selectors.can_manage(user, t.qualifies_to):
        raise NotAllowedError(_("Bạn không quản lý vòng chung kết này."))


def advance_qualifiers(final: Tournament, *, user: Any) -> list[Entry]:
    """Enter the top ``qualifiers`` of every qualifying group (in its certified standings'
    order, tie-breaks included) into the final, all or none; those already entered are
    skipped, so a retry adds nothing twice."""
    _require_manager(user, final)
    with transaction.atomic():
        t = _lock(final)
        _expect_status(t, S.REGISTRATION, action=_("đưa đấu thủ vào chung kết"))
        groups = list(t.qualifying_groups.order_by("pk"))
        if not groups:
            raise ServiceError(_("Giải này không có bảng vòng loại nào."), code="no_groups")
        for group in groups:
            if group.status != S.CERTIFIED:
                raise ServiceError(_("Bảng “%(name)s” chưa được công nhận kết quả.")
                                   % {"name": group.name}, code="groups_not_certified")
        added = []
        for group in groups:
            rows = selectors.standings(group)["rows"][:group.qualifiers]
            entries = Entry.objects.filter(pk__in=[r["entry"] for r in rows]).select_related(
                "member")
            by_pk = {e.pk: e for e in entries}
            for row in rows:
                entry = by_pk[row["entry"]]
                if entry.member is None or t.entries.filter(
                        member=entry.member).exists():
                    continue
                added.append(register_entry(
                    t, entry.member, user=user, rating=entry.rating, title=entry.title,
                    late_reason=_("Vào chung kết từ bảng “%(name)s”") % {"name": group.name}))
    return added
