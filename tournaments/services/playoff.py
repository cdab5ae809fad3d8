"""Play-off games between tied players (thi đấu bổ sung), seed 002 Phần 2 Điều 2.3 and
Phần 3 Phụ lục 1: one of the regulations' ways to separate players equal on points. The
games are recorded here; the tie-break ``PO`` (``chessrules.values.TieBreak``) ranks the tied
by the points they scored in them (docs/decisions-complaints.md)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from chessrules.values import RESULT_POINTS
from core.errors import ServiceError
from tournaments import cache_scopes
from tournaments.models import Entry, PlayOffGame, Tournament
from tournaments.services._common import _lock, _require_arbiter, _require_not_locked
from tournaments.services.results import normalize_result

NOTE_MAX = 2000


def record_playoff_game(tournament: Tournament, *, white: Entry, black: Entry, result: str,
                        user, note: str = "") -> PlayOffGame:
    """Record a play-off game (002 Phần 2 Điều 2.3) with its result: the event's arbiters,
    two different players of the event, a decided result; not on a certified event."""
    value = normalize_result(result)
    if value not in RESULT_POINTS:
        raise ServiceError(_("Ván bổ sung phải có kết quả (1-0, ½-½, 0-1 hoặc thắng do đối "
                             "phương bỏ cuộc)."), field="result", code="invalid")
    if len((note or "").strip()) > NOTE_MAX:
        raise ServiceError(_("Ghi chú tối đa %(n)d ký tự.") % {"n": NOTE_MAX}, field="note")
    for field, entry in (("white", white), ("black", black)):
        if entry.tournament_id != tournament.pk or entry.starting_number is None:
            raise ServiceError(_("Đấu thủ không thuộc giải này."), field=field)
    if white.pk == black.pk:
        raise ServiceError(_("Hai bên của ván bổ sung phải là hai đấu thủ khác nhau."),
                           field="black")
    _require_arbiter(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        number = (PlayOffGame.objects.filter(tournament=t).aggregate(n=Max("number"))["n"]
                  or 0) + 1
        game = PlayOffGame.objects.create(
            tournament=t, number=number, white=white, black=black, result=value,
            note=(note or "").strip(),
            recorded_by=user if getattr(user, "is_authenticated", False) else None)
        cache_scopes.touch_event(t.pk)
    return game
