"""What the arbiter's screens show (issue 27), read in a few queries whatever the event's size.

Permissions are the tournaments app's (``tournaments.selectors.can_arbitrate``: staff or an
official assigned to the event, Điều 20) — the same rule the services apply on every write.
Results are the values of ``chessrules.values.Result``; their words for a person are here,
with the colours of the discipline (xiangqi Đỏ/Đen, chess Trắng/Đen).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessrules.values import Discipline, Result
from games.models import GameRecord
from tournaments import engine, selectors
from tournaments.models import (
    Entry,
    LateArrival,
    Official,
    Pairing,
    ResultChange,
    Round,
    Tournament,
)
from tournaments.systems import spec_of

#: Boards shown on one page of a round (a 1,000-player event has 500 boards).
BOARDS_PER_PAGE = 40
#: Entries shown on one page of the players' list.
ENTRIES_PER_PAGE = 50

#: Result-change sources a board's undo may take back (the arbiter's own entries); a
#: late-arrival loss is withdrawn by cancelling the late arrival, a decided record by the
#: record's correction.
UNDOABLE_SOURCES = frozenset({"workspace", "api", "bulk", "admin"})
#: The source the screens record their result changes with (an arbiter's entry:
#: ``tournaments.services.ARBITER_SOURCES``).
SOURCE = "workspace"

#: Short marks of the stored results, as printed on a pairings list.
RESULT_MARKS = {
    Result.PENDING: "",
    Result.WHITE_WINS: "1-0",
    Result.DRAW: "½-½",
    Result.BLACK_WINS: "0-1",
    Result.WHITE_FORFEIT_WIN: "+/−",
    Result.BLACK_FORFEIT_WIN: "−/+",
    Result.DOUBLE_FORFEIT: "−/−",
    Result.ADJOURNED: "*",
    Result.BYE: "",
}

#: A board still waiting for its result.
WAITING = (Result.PENDING.value, Result.ADJOURNED.value)

#: The buttons of a board, in the order of a score sheet.
BUTTONS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_FORFEIT_WIN,
           Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)

ROUND_STATES: dict[str, object] = {
    Round.Status.PAIRED: gettext_lazy("Đã xếp cặp, chưa bắt đầu"),
    Round.Status.STARTED: gettext_lazy("Đang đấu"),
    Round.Status.COMPLETE: gettext_lazy("Đã đủ kết quả"),
}


def colour(discipline: str, side: str) -> str:
    """The side's name in the discipline (Đỏ/Đen, Trắng/Đen: ``chessrules.values``)."""
    return _(Discipline(discipline).colour_name(side))


def result_mark(value: str) -> str:
    parsed = Result.parse(value) if value else Result.PENDING
    return RESULT_MARKS.get(parsed, value) if parsed is not None else value


def result_words(value: str, discipline: str) -> str:
    """The result in words: "Đỏ thắng", "Hòa", "Đen thắng do đối phương bỏ cuộc"…"""
    parsed = Result.parse(value) if value else Result.PENDING
    white, black = colour(discipline, "white"), colour(discipline, "black")
    words = {
        Result.PENDING: _("Chưa có kết quả"),
        Result.WHITE_WINS: _("%(side)s thắng") % {"side": white},
        Result.DRAW: _("Hòa"),
        Result.BLACK_WINS: _("%(side)s thắng") % {"side": black},
        Result.WHITE_FORFEIT_WIN: _("%(side)s thắng do đối phương bỏ cuộc") % {"side": white},
        Result.BLACK_FORFEIT_WIN: _("%(side)s thắng do đối phương bỏ cuộc") % {"side": black},
        Result.DOUBLE_FORFEIT: _("Cả hai bỏ cuộc"),
        Result.ADJOURNED: _("Hoãn"),
        Result.BYE: _("Nghỉ"),
    }
    return str(words.get(parsed, value)) if parsed is not None else value


def buttons(discipline: str) -> list[dict]:
    return [{"value": r.value, "mark": RESULT_MARKS[r], "words": result_words(r.value, discipline),
             "forfeit": r.forfeit} for r in BUTTONS]


def person_name(user) -> str:
    """How a user is named to another arbiter: his person's name, else his login."""
    if user is None:
        return _("hệ thống")
    person = getattr(user, "person", None)
    return person.full_name if person is not None else (user.get_full_name()
                                                         or user.get_username())


# --- who may ------------------------------------------------------------------------------

def arbitrated(user) -> list[dict]:
    """The events the user officiates (Điều 20), newest first, each with its role, its last
    round and that round's state. Two queries."""
    officials = list(Official.objects.filter(person__user=user, role__in=Official.ARBITER_ROLES)
                     .select_related("tournament").order_by("-tournament__start_date",
                                                            "-tournament_id"))
    ids = [o.tournament_id for o in officials]
    last: dict[int, Any] = {row["tournament_id"]: row for row in
            Round.objects.filter(tournament_id__in=ids).values("tournament_id")
            .annotate(number=Max("number"),
                      complete=Count("pk", filter=Q(status=Round.Status.COMPLETE)),
                      total=Count("pk"))}
    events = []
    for official in officials:
        t = official.tournament
        row = last.get(t.pk)
        number, done = (row["number"], row["complete"] == row["total"]) if row else (0, False)
        events.append({"t": t, "role": official.get_role_display(), "round": number,
                       "round_done": done})
    return events


def tournament_for(user, tournament_id: int) -> Tournament | None:
    """The event when the user may arbitrate it (staff or an assigned official), else None:
    ``tournaments.selectors.can_arbitrate``, the services' own rule."""
    tournament = (Tournament.objects.select_related("organiser_body", "organiser_club")
                  .filter(pk=tournament_id).first())
    if tournament is None or not selectors.can_arbitrate(user, tournament):
        return None
    return tournament


# --- a round --------------------------------------------------------------------------------

@dataclass
class Board:
    pairing: Pairing
    white_label: str
    black_label: str
    mark: str
    words: str
    late: list[LateArrival] = field(default_factory=list)
    game: dict | None = None
    undo: ResultChange | None = None
    undo_to: str = ""
    last: ResultChange | None = None
    last_by: str = ""


@dataclass
class RoundPage:
    tournament: Tournament
    rounds: list[Round]
    round: Round | None
    boards: list[Board]
    page: Any
    pending: int
    is_last: bool
    can_pair_next: bool
    can_finish: bool
    next_number: int


def next_round_number(rounds: list[Round]) -> int:
    return (rounds[-1].number if rounds else 0) + 1


def round_page(tournament: Tournament, number: int | None, *, page: str | int | None = 1,
               only_pending: bool = False) -> RoundPage:
    """The round ``number`` (default: the last one) and a page of its boards, with their late
    arrivals, game records and last result change. Seven queries, for any size of event."""
    rounds = list(tournament.rounds.order_by("number"))
    current = None
    if rounds:
        current = rounds[-1] if number is None else next(
            (r for r in rounds if r.number == number), None)
    boards: list[Board] = []
    paginated = None
    pending = 0
    if current is not None:
        games = Pairing.objects.filter(round=current, kind=Pairing.Kind.GAME)
        pending = games.exclude(result__in=[r.value for r in Result if r.decided]).count()
        listed = current.pairings.select_related("white", "black").order_by("board")
        if only_pending:
            listed = listed.filter(kind=Pairing.Kind.GAME).exclude(
                result__in=[r.value for r in Result if r.decided])
        paginated = Paginator(listed, BOARDS_PER_PAGE).get_page(page)
        boards = _boards(tournament, list(paginated.object_list),
                         is_last=current is rounds[-1])
    last = rounds[-1] if rounds else None
    return RoundPage(
        tournament=tournament, rounds=rounds, round=current, boards=boards, page=paginated,
        pending=pending, is_last=current is not None and current is last,
        can_pair_next=tournament.status in (Tournament.Status.CLOSED, Tournament.Status.RUNNING)
        and (last is None or last.status == Round.Status.COMPLETE) and _rounds_left(tournament,
                                                                                    rounds),
        can_finish=tournament.status == Tournament.Status.RUNNING and last is not None
        and last.status == Round.Status.COMPLETE and not _rounds_left(tournament, rounds),
        next_number=next_round_number(rounds))


def _rounds_left(tournament: Tournament, rounds: list[Round]) -> bool:
    """Whether another round may be paired; the knockout and match formats end when decided
    (the pairing service says so in words when asked anyway)."""
    if spec_of(tournament.system).ends_on_decision:
        return True
    total = tournament.number_of_rounds or 0
    return not total or len(rounds) < total


def _boards(tournament: Tournament, pairings: list[Pairing], *, is_last: bool) -> list[Board]:
    ids = [p.pk for p in pairings]
    late: dict[int, list[LateArrival]] = {}
    for arrival in LateArrival.objects.filter(pairing_id__in=ids).order_by("pk"):
        late.setdefault(arrival.pairing_id, []).append(arrival)
    games: dict[int, Any] = {row["pairing_id"]: row for row in GameRecord.objects.filter(pairing_id__in=ids)
             .values("pk", "pairing_id", "validation_status", "decision", "arbiter_signed_at")}
    changes: dict[int, ResultChange] = {}
    for logged in (ResultChange.objects.filter(pairing_id__in=ids)
                   .select_related("changed_by__person").order_by("pairing_id", "-version")):
        changes.setdefault(logged.pairing_id, logged)
    discipline = tournament.discipline
    locked = tournament.status == Tournament.Status.CERTIFIED
    boards = []
    for p in pairings:
        change = changes.get(p.pk)
        undo: ResultChange | None = None
        if (is_last and not locked and change is not None and change.version == p.version
                and change.source in UNDOABLE_SOURCES and p.kind == Pairing.Kind.GAME):
            undo = change
        boards.append(Board(
            pairing=p, white_label=colour(discipline, "white"),
            black_label=colour(discipline, "black"), mark=result_mark(p.result),
            words=result_words(p.result, discipline) if p.kind == Pairing.Kind.GAME
            else p.get_kind_display(),
            late=late.get(p.pk, []), game=games.get(p.pk), undo=undo,
            undo_to=result_mark(undo.old_result) or _("chưa có kết quả") if undo else "",
            last=change, last_by=person_name(change.changed_by) if change else ""))
    return boards


def pairing_for(tournament: Tournament, pairing_id: int) -> Pairing | None:
    return (Pairing.objects.select_related("round", "white", "black")
            .filter(pk=pairing_id, round__tournament=tournament).first())


def last_change(pairing: Pairing) -> ResultChange | None:
    return (pairing.result_changes.select_related("changed_by__person")
            .order_by("-version").first())


def scheduled_start(pairing: Pairing):
    """The start to pre-fill for a late arrival (Điều 10.2.1a: the clocks were started at the
    round's start): the round's start in the event's schedule (Phụ lục 5 mục 6), else a
    start already recorded on a board of the round, else the time the round was started,
    else None."""
    scheduled = selectors.scheduled_start(pairing.round.tournament_id, pairing.round.number)
    if scheduled is not None:
        return scheduled
    recorded = (LateArrival.objects.filter(pairing__round_id=pairing.round_id)
                .order_by("-pk").values_list("scheduled_start", flat=True).first())
    return recorded or pairing.round.started_at


def suspension(tournament: Tournament):
    """The chief arbiter's suspension in force (Điều 20.3d), shown above the round."""
    return selectors.open_suspension(tournament)


# --- players --------------------------------------------------------------------------------

def entries_page(tournament: Tournament, query: str, page: str | int | None):
    """A page of the event's players, by starting number, found by name or number."""
    entries = tournament.entries.select_related("team").order_by("starting_number", "name")
    query = (query or "").strip()[:100]
    if query:
        if query.isdigit():
            entries = entries.filter(starting_number=int(query))
        else:
            entries = entries.filter(name__icontains=query)
    return Paginator(entries, ENTRIES_PER_PAGE).get_page(page)


def entry_for(tournament: Tournament, entry_id: int) -> Entry | None:
    return tournament.entries.select_related("team").filter(pk=entry_id).first()


def future_rounds(tournament: Tournament) -> list[int]:
    """Rounds not yet paired, for a requested bye (Điều 28.7)."""
    paired = tournament.rounds.count()
    total = max(tournament.number_of_rounds or 0, engine.total_rounds(tournament) or 0)
    return list(range(paired + 1, total + 1))
