"""Delegations, their officials and the prizes of an event (Điều 14-15, 19.4; Phụ lục 5 mục
10 and 14): the delegations and their heads, team leaders and coaches as data; the prizes of
the regulations (place, medal, amount, item) and their award from the final standings."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, ServiceError
from federation.models import Body, Club, Person
from tournaments import cache_scopes, selectors, selectors_awards
from tournaments.models import Delegation, DelegationStaff, Entry, Prize, Tournament
from tournaments.services._common import S, _lock, _require_manager, _require_not_locked


def create_delegation(tournament: Tournament, name: str, *, user, club: Club | None = None,
                      body: Body | None = None) -> Delegation:
    """A delegation of the event (Phụ lục 5 mục 14), by name, for a club or a body."""
    _require_manager(user, tournament)
    _require_not_locked(tournament)
    name = (name or "").strip()
    if not name:
        raise ServiceError(_("Hãy ghi tên đoàn."), field="name", code="required")
    if len(name) > 200:
        raise ServiceError(_("Tên đoàn tối đa 200 ký tự."), field="name")
    if tournament.delegations.filter(name=name).exists():
        raise ServiceError(_("Giải đã có đoàn \"%(name)s\".") % {"name": name}, field="name",
                           code="duplicate")
    delegation = Delegation.objects.create(tournament=tournament, name=name, club=club,
                                           body=body)
    cache_scopes.touch_event(tournament.pk)
    return delegation


def add_delegation_staff(delegation: Delegation, person: Person, role: str, *,
                         user) -> DelegationStaff:
    """Điều 14-15: a head of delegation, team leader or coach; one head a delegation. A player
    of the event may lead his delegation too (the law does not forbid it)."""
    tournament = delegation.tournament
    _require_manager(user, tournament)
    _require_not_locked(tournament)
    if role not in DelegationStaff.Role.values:
        raise ServiceError(_("Vai trò không hợp lệ."), field="role", code="invalid")
    if role == DelegationStaff.Role.HEAD and delegation.staff.filter(role=role).exclude(
            person=person).exists():
        raise ServiceError(_("Đoàn %(name)s đã có trưởng đoàn.") % {"name": delegation.name},
                           field="role", code="duplicate")
    staff, _created = DelegationStaff.objects.update_or_create(
        delegation=delegation, person=person, defaults={"role": role})
    cache_scopes.touch_event(tournament.pk)
    return staff


def set_entry_delegation(entry: Entry, delegation: Delegation | None, *, user) -> Entry:
    """The delegation that sent the player (Phụ lục 5 mục 14)."""
    tournament = entry.tournament
    _require_manager(user, tournament)
    _require_not_locked(tournament)
    if delegation is not None and delegation.tournament_id != entry.tournament_id:
        raise ServiceError(_("Đoàn này không thuộc giải của đấu thủ."), field="delegation")
    Entry.objects.filter(pk=entry.pk).update(delegation=delegation)
    entry.delegation = delegation
    cache_scopes.touch_event(tournament.pk)
    return entry


# --- prizes (Phụ lục 5 mục 10; Điều 19.4) -------------------------------------------------------

def set_prize(tournament: Tournament, kind: str, place: int, name: str, *, user,
              medal: str = "", amount: int | None = None, item: str = "") -> Prize:
    """A prize of the regulations for a place of a ranking (set or changed until awarded)."""
    _require_manager(user, tournament)
    check_prize(tournament, kind, place, name, medal, amount)
    with transaction.atomic():
        t = _lock(tournament)
        existing = Prize.objects.filter(tournament=t, kind=kind, place=place).first()
        if existing is not None and existing.awarded_at is not None:
            raise ConflictError(_("Giải thưởng hạng %(p)s đã trao; không sửa được.")
                                % {"p": place}, field="place", code="awarded")
        prize, _created = Prize.objects.update_or_create(
            tournament=t, kind=kind, place=place,
            defaults={"name": name.strip(), "medal": medal, "amount": amount,
                      "item": (item or "").strip()})
        cache_scopes.touch_event(t.pk)
    return prize


def check_prize(tournament: Tournament, kind: str, place: int, name: str, medal: str,
                amount: int | None) -> None:
    """The checks of ``set_prize`` (forms call it)."""
    _require_not_locked(tournament)
    if kind not in Prize.Kind.values:
        raise ServiceError(_("Loại giải thưởng không hợp lệ."), field="kind", code="invalid")
    if kind == Prize.Kind.TEAM and not tournament.is_team_event:
        raise ServiceError(_("Giải cá nhân không có giải thưởng đồng đội."), field="kind",
                           code="not_team_event")
    if not 1 <= place <= 500:
        raise ServiceError(_("Hạng phải từ 1 đến 500."), field="place", code="out_of_range")
    if not (name or "").strip() or len(name.strip()) > 120:
        raise ServiceError(_("Hãy ghi tên giải thưởng (tối đa 120 ký tự)."), field="name")
    if medal and medal not in Prize.Medal.values:
        raise ServiceError(_("Huy chương không hợp lệ."), field="medal", code="invalid")
    if amount is not None and not 0 <= amount <= 10**12:
        raise ServiceError(_("Tiền thưởng phải từ 0 đến 1 000 000 000 000 đồng."),
                           field="amount", code="out_of_range")


def award_prizes(tournament: Tournament, *, user) -> list[Prize]:
    """Điều 19.4: at the closing the results and prizes are announced. Each prize goes to the
    one at its place in the final standings (individual: ``standings``; team:
    ``team_standings``; delegation: the overall ranking). The event must be finished;
    prizes already awarded stay. Two at one place (not separated by the tie-breaks) are
    refused by name: the regulations decide (a play-off or lots) first."""
    _require_manager(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        if t.status != S.FINISHED:
            raise ServiceError(_("Chỉ trao giải khi giải đã kết thúc và trước khi công nhận "
                                 "kết quả (Điều 19.4)."), field="status", code="invalid_state")
        pending = list(Prize.objects.select_for_update().filter(tournament=t,
                                                                awarded_at__isnull=True))
        if not pending:
            raise ServiceError(_("Không có giải thưởng nào chờ trao."), code="nothing_to_award")
        places = _places(t, {p.kind for p in pending})
        now = timezone.now()
        for prize in pending:
            winners = places[prize.kind].get(prize.place, [])
            if len(winners) > 1:
                raise ServiceError(
                    _("Hạng %(p)s (%(kind)s) có %(names)s bằng nhau: điều lệ quyết định trước "
                      "khi trao giải.") % {"p": prize.place, "kind": prize.get_kind_display(),
                                          "names": ", ".join(name for _pk, name in winners)},
                    field="place", code="shared_place")
            if not winners:
                continue  # nobody at that place (fewer players than prizes)
            setattr(prize, _FIELD[prize.kind] + "_id", winners[0][0])
            prize.awarded_at, prize.awarded_by = now, (
                user if getattr(user, "is_authenticated", False) else None)
            prize.save()
        cache_scopes.touch_event(t.pk)
    return list(selectors_awards.prizes(t))


_FIELD: dict[str, str] = {Prize.Kind.INDIVIDUAL: "entry", Prize.Kind.TEAM: "team",
                          Prize.Kind.DELEGATION: "delegation"}


def _places(t: Tournament, kinds: set[str]) -> dict[str, dict[int, list[tuple[int, str]]]]:
    """Rank -> [(id, name)] for each ranking the pending prizes need."""
    places: dict[str, dict[int, list[tuple[int, str]]]] = {k: {} for k in Prize.Kind.values}
    if Prize.Kind.INDIVIDUAL in kinds:
        ids = dict(t.entries.filter(starting_number__isnull=False)
                   .values_list("starting_number", "pk"))
        for row in selectors.standings(t)["rows"]:
            places[Prize.Kind.INDIVIDUAL].setdefault(row["rank"], []).append(
                (ids[row["starting_number"]], row["name"]))
    if Prize.Kind.TEAM in kinds:
        for row in selectors.team_standings(t)["rows"]:
            places[Prize.Kind.TEAM].setdefault(row["rank"], []).append(
                (row["team_id"], row["name"]))
    if Prize.Kind.DELEGATION in kinds:
        for row in selectors_awards.delegation_ranking(t)["rows"]:
            places[Prize.Kind.DELEGATION].setdefault(row["rank"], []).append(
                (row["delegation"], row["name"]))
    return places
