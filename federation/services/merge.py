"""Two person records that are the same person (issue #28): merged, never deleted.

``merge_persons(keep, duplicate, reason=…, by=staff)`` moves every reference to the duplicate
(entries, games, ratings, titles, suspensions, applications, officials, board seats…: every
foreign key to ``Person``) to the person kept, and marks the duplicate "merged into" the one
kept, with who, when and why. The records themselves are not rewritten: an entry keeps the card
it was registered with, a game its names as written. The choices (docs/decisions-registry-merge.md):

- **Member cards are kept.** The duplicate's cards move to the person kept (they still exist,
  their numbers are never reused). When both hold an active card **in the same club(s)** (a
  person entered twice), the card issued later is *superseded*: status "Thẻ trùng (đã gộp)",
  ended today, ``superseded_by`` the card that continues, its club membership closed; its dues
  payments and attendance move to the card that continues (the same person paid and played),
  and both cards get a "merged" event. When both hold active cards **in different clubs**, the
  merge is refused: which membership continues is a decision (a resignation Điều 10.4 or a
  transfer) to record first.
- A private field empty on the person kept takes the duplicate's value (birth date, ID number,
  contacts, FIDE id, province); a value on both stays the kept one's.
- Refused, with a message naming the records, when the two were both entered in the same
  event, rated in the same period…, or both have a login account.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, ServiceError
from federation import cache_scopes
from federation.models import Attendance, ClubMembership, DuesPayment, Member, MemberEvent, Person
from federation.services._base import _require_staff, _today

#: The fields a merge fills on the person kept when they are empty there.
FILLED_FIELDS = ("date_of_birth", "citizen_id", "phone", "email", "address", "fide_id",
                 "province")
UNIQUE_FILLED = ("citizen_id", "fide_id")


def _open_clubs(member: Member) -> set[int]:
    return set(member.club_memberships.filter(ended_on__isnull=True)
               .values_list("club_id", flat=True))


def _supersede(later: Member, continuing: Member, *, reason: str, by: Any) -> None:
    """The later card of a person entered twice: kept, ended, pointing at the one that
    continues; its dues and attendance belong to the continuing card."""
    today = _today()
    note = _("Thẻ %(old)s trùng với thẻ %(new)s (gộp hồ sơ: %(reason)s)") % {
        "old": later.card_number, "new": continuing.card_number, "reason": reason}
    later.status, later.ended_on, later.superseded_by = (Member.Status.SUPERSEDED, today,
                                                         continuing)
    later.save(update_fields=["status", "ended_on", "superseded_by"])
    ClubMembership.objects.filter(member=later, ended_on__isnull=True).update(ended_on=today)
    DuesPayment.objects.filter(member=later).update(member=continuing)
    Attendance.objects.filter(member=later).update(member=continuing)
    for member in (later, continuing):
        MemberEvent.objects.create(member=member, kind=MemberEvent.Kind.MERGED, date=today,
                                   note=note, by=by)


def _memberships(keep: Person, duplicate: Person, *, reason: str, by: Any) -> None:
    kept_card = keep.memberships.filter(status=Member.Status.ACTIVE).first()
    other_card = duplicate.memberships.filter(status=Member.Status.ACTIVE).first()
    if kept_card is None or other_card is None:
        return
    if _open_clubs(kept_card) != _open_clubs(other_card):
        raise ConflictError(
            _("Không gộp được: cả hai người đều có thẻ hội viên đang sinh hoạt ở câu lạc bộ khác "
              "nhau (%(a)s, %(b)s). Hãy ghi nhận xin ra (Điều 10.4) hoặc chuyển câu lạc bộ cho "
              "một thẻ trước, rồi gộp.") % {"a": kept_card.card_number,
                                             "b": other_card.card_number},
            field="duplicate", code="conflicting_memberships")
    later, continuing = sorted((kept_card, other_card), key=lambda m: (m.joined_on, m.pk))[::-1]
    _supersede(later, continuing, reason=reason, by=by)


def _fill_fields(keep: Person, duplicate: Person) -> None:
    moved = {name: getattr(duplicate, name) for name in FILLED_FIELDS
             if not getattr(keep, name) and getattr(duplicate, name)}
    clear = [name for name in UNIQUE_FILLED if name in moved]
    if clear:  # unique: taken off the duplicate first
        Person.objects.filter(pk=duplicate.pk).update(**dict.fromkeys(clear))
    for name, value in moved.items():
        setattr(keep, name, value)


def _move_references(keep: Person, duplicate: Person) -> None:
    """Every foreign key to Person (but the merge's own link) now names the person kept."""
    for relation in Person._meta.related_objects:
        field = relation.field
        if relation.related_model is Person or not isinstance(field, models.ForeignKey):
            continue
        rows = relation.related_model._base_manager.filter(**{field.name: duplicate})
        if not rows.exists():
            continue
        try:
            with transaction.atomic():
                for row in rows:  # one by one: models with a history record the change
                    setattr(row, field.name, keep)
                    row.save(update_fields=[field.name])
        except IntegrityError:
            raise ConflictError(
                _("Không gộp được: hai người cùng có %(what)s trùng nhau (ví dụ cùng thi đấu một "
                  "giải, cùng có hệ số trong một kỳ). Hãy xử lý bản ghi trùng trước.")
                % {"what": relation.related_model._meta.verbose_name},
                field="duplicate", code="conflicting_records") from None


@cache_scopes.touches
@transaction.atomic
def merge_persons(keep: Person, duplicate: Person, *, reason: str, by: Any) -> Person:
    """Merge ``duplicate`` into ``keep`` (module docstring); staff only, with a reason."""
    _require_staff(by)
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Hãy ghi lý do gộp hai hồ sơ."), field="reason", code="required")
    if len(reason) > 1000:
        raise ServiceError(_("Lý do tối đa 1000 ký tự."), field="reason")
    if keep.pk == duplicate.pk:
        raise ServiceError(_("Chọn hai người khác nhau để gộp."), field="duplicate")
    locked = {p.pk: p for p in Person.objects.select_for_update().filter(
        pk__in=[keep.pk, duplicate.pk]).order_by("pk")}
    keep, duplicate = locked[keep.pk], locked[duplicate.pk]
    for person in (keep, duplicate):
        if person.merged_into_id:
            raise ConflictError(_("%(name)s đã được gộp vào hồ sơ khác.")
                                % {"name": person.full_name}, field="duplicate",
                                code="already_merged")
    if keep.user_id and duplicate.user_id:
        raise ConflictError(_("Không gộp được: cả hai người đều có tài khoản đăng nhập. Hãy bỏ "
                              "một tài khoản khỏi hồ sơ trước."), field="duplicate",
                            code="conflicting_accounts")
    _memberships(keep, duplicate, reason=reason, by=by)
    _move_references(keep, duplicate)
    _fill_fields(keep, duplicate)
    if duplicate.user_id:
        user_id = duplicate.user_id
        Person.objects.filter(pk=duplicate.pk).update(user=None)
        keep.user_id = user_id
    keep.save()
    duplicate.refresh_from_db()
    duplicate.merged_into, duplicate.merged_at, duplicate.merged_by = keep, timezone.now(), by
    duplicate.merge_reason = reason
    duplicate.save()
    return keep
