"""Reads of an event's schedule and officials (Phụ lục 5 mục 6; Điều 19-20): the round
schedule, officials in order, the arbiters' count and board assignments, suspensions.
Re-exported by ``tournaments.selectors``."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Case, QuerySet, When
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    BoardAssignment,
    Official,
    Round,
    ScheduledRound,
    Suspension,
    Tournament,
)

# --- schedule, officials, suspensions (Phụ lục 5 mục 6; Điều 19-20) -------------------------

def round_schedule(tournament: Tournament) -> QuerySet[ScheduledRound]:
    """The event's schedule, round by round (Phụ lục 5 mục 6)."""
    return ScheduledRound.objects.filter(tournament=tournament).order_by("number")


def scheduled_start(tournament: Tournament | int, number: int) -> datetime | None:
    """When round ``number`` starts by the schedule (Điều 10.2.1a: the clocks run from it),
    in the server's time zone; None when the schedule does not name the round."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    line = ScheduledRound.objects.filter(tournament_id=tournament_id, number=number).first()
    if line is None:
        return None
    return timezone.make_aware(datetime.combine(line.day, line.start_time))


def officials_in_order(tournament: Tournament) -> QuerySet[Official]:
    """The event's people by role: head of the organising committee, chief arbiter, deputies,
    secretary, arbiters (Điều 19, 20.1)."""
    order = Case(*(When(role=role, then=i) for i, role in enumerate(ROLE_ORDER)), default=99)
    return (Official.objects.filter(tournament=tournament).select_related("person")
            .order_by(order, "id"))


#: the order officials are listed in (pages, PDFs)
ROLE_ORDER = (Official.Role.ORGANISER_HEAD, Official.Role.CHIEF, Official.Role.DEPUTY,
              Official.Role.SECRETARY, Official.Role.ARBITER)

#: 002 Phần 2 Điều 6.1: boards one arbiter should look after at most — international and
#: national events 4, local events and other competitions 6
BOARDS_PER_ARBITER_NATIONAL = 4
BOARDS_PER_ARBITER_LOCAL = 6
#: 002 Phần 2 Điều 6.3: the fewest arbiters of an official competition
MIN_ARBITERS = 2
NATIONAL_CATEGORIES = frozenset({
    Tournament.Category.NATIONAL_INDIVIDUAL, Tournament.Category.NATIONAL_TEAM,
    Tournament.Category.NATIONAL_YOUTH, Tournament.Category.NATIONAL_FIRST_DIVISION,
    Tournament.Category.INTERNATIONAL})


def boards_per_arbiter(tournament: Tournament) -> int:
    """002 Phần 2 Điều 6.1: 4 boards an arbiter in international and national events, 6 in
    local events and other competitions."""
    return (BOARDS_PER_ARBITER_NATIONAL if tournament.category in NATIONAL_CATEGORIES
            else BOARDS_PER_ARBITER_LOCAL)


def arbiter_guidance(tournament: Tournament, boards: int | None = None) -> list[str]:
    """The warnings of 002 Phần 2 Điều 6 ("số lượng trọng tài ... nên cố gắng bố trí"): at
    least 2 arbiters (6.3) and one arbiter to at most 4 (national) or 6 (local) boards
    (6.1). ``boards``: the boards of a round (default: half the entries, rounded up)."""
    arbiters = Official.objects.filter(tournament=tournament,
                                       role__in=Official.ARBITER_ROLES).count()
    warnings = []
    if arbiters < MIN_ARBITERS:
        warnings.append(_("Giải có %(n)s trọng tài; một cuộc thi đấu chính thức cần tối thiểu "
                          "%(min)s trọng tài (Điều lệ cờ vua Phần 2, Điều 6.3).")
                        % {"n": arbiters, "min": MIN_ARBITERS})
    if boards is None:
        boards = -(-tournament.entries.count() // 2)
    per = boards_per_arbiter(tournament)
    board_arbiters = Official.objects.filter(tournament=tournament,
                                             role__in=Official.BOARD_ROLES).count()
    needed = -(-boards // per) if boards else 0
    if board_arbiters < needed:
        warnings.append(_("%(boards)s bàn cần ít nhất %(needed)s trọng tài bàn (mỗi trọng tài "
                          "không quá %(per)s bàn, Điều lệ cờ vua Phần 2, Điều 6.1); giải có "
                          "%(have)s.")
                        % {"boards": boards, "needed": needed, "per": per,
                           "have": board_arbiters})
    return warnings


def board_assignments(round_: Round) -> QuerySet[BoardAssignment]:
    return (BoardAssignment.objects.filter(round=round_).select_related("official__person")
            .order_by("first_board"))


def open_suspension(tournament: Tournament) -> Suspension | None:
    """The suspension in force (Điều 20.3d), if any."""
    return Suspension.objects.filter(tournament=tournament, resumed_at__isnull=True).first()


def suspensions(tournament: Tournament) -> QuerySet[Suspension]:
    return Suspension.objects.filter(tournament=tournament).order_by("suspended_at", "id")
