"""Officials of a tournament (Điều 20): chief arbiter, deputies and arbiters."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import ServiceError
from federation.models import Person
from tournaments import cache_scopes
from tournaments.models import (
    Official,
    Tournament,
)
from tournaments.services._common import _require_manager, _require_not_locked


def assign_official(tournament: Tournament, person: Person, role: str, *, user) -> Official:
    """Điều 20: chief arbiter, deputies and arbiters, each a person."""
    _require_manager(user, tournament)
    check_official(tournament, person, role)
    official, _created = Official.objects.update_or_create(
        tournament=tournament, person=person, defaults={"role": role})
    cache_scopes.touch_event(tournament.pk)
    return official


def check_official(tournament: Tournament, person: Person, role: str) -> None:
    """The checks of ``assign_official`` (forms call it to show a refusal on the form)."""
    _require_not_locked(tournament)
    if role == Official.Role.CHIEF and tournament.officials.filter(role=role).exclude(
            person=person).exists():
        raise ServiceError(_("Giải đã có tổng trọng tài."), field="role", code="duplicate")
    entry = tournament.entries.filter(member__person=person).first()
    if entry is not None:
        raise ServiceError(_("%(name)s là đấu thủ của giải này; đấu thủ không đồng thời là "
                             "trọng tài của cùng giải (Điều 20).") % {"name": entry.name},
                           field="person", code="player_cannot_officiate")


def remove_official(official: Official, *, user) -> None:
    _require_manager(user, official.tournament)
    _require_not_locked(official.tournament)
    official.delete()
    cache_scopes.touch_event(official.tournament_id)
