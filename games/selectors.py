"""Reads of the games app: who may see or arbitrate which games, pairing look-ups, faults.

An arbiter is a user whose person is an :class:`tournaments.models.Official` of the
tournament (Điều 20); federation staff may do everything. A standalone game (no pairing) is
visible to staff and to the user who entered it.
"""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessrules.values import ILLEGAL_MOVES_TO_LOSE, Discipline, RepetitionRuling
from core.text import fold
from games import engine
from games.models import Decision, FaultKind, GameFault, GameRecord, Side
from tournaments import selectors as tournament_selectors
from tournaments.models import Official, Pairing, Tournament

FAULTS_TO_LOSE = 3  # Điều 7.1n, 7.1m


def _person_id(user) -> int | None:
    person = getattr(user, "person", None) if user and user.is_authenticated else None
    return person.pk if person else None


def arbitrated_tournament_ids(user) -> QuerySet:
    return Official.objects.filter(person__user=user, role__in=Official.ARBITER_ROLES).values(
        "tournament_id")


def is_arbiter(user) -> bool:
    return bool(user and user.is_authenticated
                and Official.objects.filter(person__user=user,
                                            role__in=Official.ARBITER_ROLES).exists())


def may_arbitrate_tournament(user, tournament: Tournament) -> bool:
    return tournament_selectors.can_arbitrate(user, tournament)


def tournament_of(game: GameRecord) -> Tournament | None:
    if not game.pairing_id:
        return None
    return Tournament.objects.filter(rounds__pairings=game.pairing_id).first()


def may_arbitrate(user, game: GameRecord) -> bool:
    """May ``user`` write this record? Staff; the tournament's officials; for a standalone
    game, an arbiter of any tournament who entered it (or is entering it now)."""
    if not (user and user.is_authenticated):
        return False
    if user.is_staff:
        return True
    tournament = tournament_of(game)
    if tournament is not None:
        return may_arbitrate_tournament(user, tournament)
    if game.pk and game.created_by_id and game.created_by_id != user.pk:
        return False
    return is_arbiter(user)


def games_visible_to(user) -> QuerySet[GameRecord]:
    games = GameRecord.objects.select_related(
        "white", "black", "pairing__round__tournament")
    if user.is_staff:
        return games
    return games.filter(
        Q(pairing__round__tournament__in=arbitrated_tournament_ids(user))
        | Q(pairing__isnull=True, created_by=user))


def tournaments_visible_to(user) -> QuerySet[Tournament]:
    if user.is_staff:
        return Tournament.objects.all()
    return Tournament.objects.filter(pk__in=arbitrated_tournament_ids(user))


# --- pairings ------------------------------------------------------------------------------

def fill_from_pairing(game: GameRecord, pairing_id: int) -> None:
    """Copy what the pairing decides onto the record: discipline, players, event, round,
    board (the record cannot disagree with its pairing about who played)."""
    pairing = (Pairing.objects.select_related("round__tournament", "white__member__person",
                                              "black__member__person")
               .get(pk=pairing_id))
    fill_from_pairing_object(game, pairing)


def fill_from_pairing_object(game: GameRecord, pairing: Pairing) -> None:
    tournament = pairing.round.tournament
    game.discipline = tournament.discipline
    game.event_name = tournament.name
    game.round_number = pairing.round.number
    game.board_number = pairing.board
    for side in ("white", "black"):
        entry = getattr(pairing, side)
        person = entry.member.person if entry and entry.member_id else None
        setattr(game, side, person)
        setattr(game, f"{side}_name", entry.name if entry else "")


def pairings_of(tournament: Tournament, round_number: int | None = None) -> list[Pairing]:
    pairings = (Pairing.objects.filter(round__tournament=tournament, kind=Pairing.Kind.GAME)
                .select_related("round__tournament", "white__member__person",
                                "black__member__person"))
    if round_number is not None:
        pairings = pairings.filter(round__number=round_number)
    return list(pairings)


def name_key(name: str) -> str:
    """Names compared without diacritics, case and the order of words ("Lại Lý Huynh" and
    "LAI Ly Huynh" and "Huynh, Lai Ly" match)."""
    return " ".join(sorted(fold(name.replace(",", " ")).split()))


# --- faults --------------------------------------------------------------------------------

def fault_counts(game: GameRecord) -> dict[str, dict[str, int]]:
    """{side: {"technical": n, "conduct": n, "omission": n}} of the game's faults log."""
    counts = {side: {"technical": 0, "conduct": 0, "omission": 0, "illegal_move": 0}
              for side in Side.values}
    rows = (GameFault.objects.filter(game=game).values("side", "kind", "scoresheet_omission")
            .annotate(n=Count("id")))
    for row in rows:
        counts[row["side"]][row["kind"]] += row["n"]
        if row["scoresheet_omission"]:
            counts[row["side"]]["omission"] += row["n"]
    return counts


def fault_proposal(game: GameRecord) -> tuple[str, str] | None:
    """The decision the faults log calls for, or None (Điều 7.1m, 7.1n; 15.7b "both lose").

    Xiangqi: a side loses on its third technical fault, third conduct fault, or third
    omission of four consecutive moves (Điều 11.3b). Chess: on its completed illegal move
    number ``illegal_moves_to_lose`` (Luật Cờ Vua 7.4b in 002; FIDE Laws 7.5.5); chess has
    no count of technical or conduct faults (those are the arbiter's penalties, 13.4). When
    both sides reached a limit, both lose.
    """
    counts = fault_counts(game)
    if Discipline(game.discipline) is Discipline.CHESS:
        limit = illegal_moves_to_lose(game)
        reasons = {side: engine.REASON_ILLEGAL_MOVES
                   if counts[side][FaultKind.ILLEGAL_MOVE] >= limit else None
                   for side in Side.values}
    else:
        reasons = {side: _losing_reason(counts[side]) for side in Side.values}
    if reasons["white"] and reasons["black"]:
        return Decision.BOTH_LOSE, reasons["white"]
    if reasons["white"]:
        return Decision.BLACK_WINS, reasons["white"]
    if reasons["black"]:
        return Decision.WHITE_WINS, reasons["black"]
    return None


def illegal_moves_to_lose(game: GameRecord) -> int:
    """The completed illegal move that loses a chess game: the event's setting (FIDE Laws
    7.5.5: the second; 002 Điều 7.4b: the third), the second for a game of no event."""
    if game.pairing_id is None:
        return ILLEGAL_MOVES_TO_LOSE[0]
    return (Tournament.objects.filter(rounds__pairings=game.pairing_id)
            .values_list("illegal_moves_to_lose", flat=True).first()
            or ILLEGAL_MOVES_TO_LOSE[0])


def _losing_reason(count: dict[str, int]) -> str | None:
    from games.engine import REASON_OMISSIONS, REASON_THREE_CONDUCT, REASON_THREE_TECHNICAL

    if count["omission"] >= FAULTS_TO_LOSE:
        return REASON_OMISSIONS
    if count[FaultKind.TECHNICAL] >= FAULTS_TO_LOSE:
        return REASON_THREE_TECHNICAL
    if count[FaultKind.CONDUCT] >= FAULTS_TO_LOSE:
        return REASON_THREE_CONDUCT
    return None


def decision_conflict(pairing: Pairing, result: str) -> str | None:
    """For the tournaments app: why ``result`` would contradict the pairing's game record
    (its arbiter's decision), or None. Lets a result entry refuse with the reason."""
    record = GameRecord.objects.filter(pairing=pairing).exclude(decision="").first()
    if record is None:
        return None
    from games.engine import pairing_result_of_decision

    expected = pairing_result_of_decision(record.decision)
    if expected == result:
        return None
    state = _("đã ký xác nhận") if record.arbiter_signed_at else _("đã có phán quyết")
    return (_("Biên bản số %(id)s của bàn %(board)s %(state)s “%(decision)s” (kết quả "
              "%(result)s); kết quả bàn đấu theo biên bản. Muốn đổi, hãy sửa biên bản (có ghi "
              "lý do) rồi ghi lại phán quyết.")
            % {"id": record.pk, "board": pairing.board, "state": state,
               "decision": record.get_decision_display(), "result": expected})


#: How a repetition proposal reads for the arbiter (Điều 7.1g-h, 7.2b-c, 23, 24).
RULING_LABELS = {
    RepetitionRuling.RED_LOSES: gettext_lazy("Trắng phải đổi nước đi, nếu không bị xử thua"),
    RepetitionRuling.BLACK_LOSES: gettext_lazy("Đen phải đổi nước đi, nếu không bị xử thua"),
    RepetitionRuling.DRAW: gettext_lazy("Hòa nếu hai bên không đổi nước đi"),
    RepetitionRuling.NONE: gettext_lazy("Không có lặp để xử"),
}


def repetition_proposals(game: GameRecord) -> list[dict]:
    """The record's stored repetition proposals as the arbiter reads them (API, admin,
    scoresheet): the ruling and its label, the article (points of Điều 23, examples of Điều
    24), the text, the plies of the cycle, the decision it suggests (Điều 7) and whether the
    arbiter's decision, if any, agrees. Evidence only: the arbiter decides."""
    shown = []
    for proposal in game.repetition_proposals or []:
        ruling = RepetitionRuling(proposal["ruling"])
        bases = proposal.get("bases") or [""]
        suggested = engine.decision_of_ruling(ruling, bases[0])
        agrees = game.decision == suggested[0] if game.decision and suggested else None
        shown.append({
            "ruling": ruling.value, "ruling_label": str(RULING_LABELS[ruling]),
            "article": proposal.get("points", ""), "text": proposal.get("text_vi", ""),
            "first_ply": proposal.get("cycle_first_ply", 0) + 1,
            "last_ply": proposal.get("cycle_last_ply", 0),
            "cycle_moves": proposal.get("cycle_moves", []),
            "bases": bases, "decisions": proposal.get("decisions", []),
            "suggested_decision": suggested[0] if suggested else "",
            "suggested_reason": suggested[1] if suggested else "",
            "agrees_with_decision": agrees,
        })
    return shown
