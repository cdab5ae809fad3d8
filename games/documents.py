"""The games app's document kind (``documents.registry``): the scoresheet (biên bản thi đấu,
Phụ lục 4), blank for a pairing without a record, else filled from the game record."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessrules.values import Result
from core.errors import ServiceError
from documents.admin_actions import pdf_action
from documents.models import Document
from documents.registry import DocumentKind
from documents.targets import get_object, parse_target, slug
from federation.models import Person
from games.engine import reason_label
from games.models import GameRecord
from games.selectors import games_visible_to, repetition_proposals
from tournaments.documents_common import chief_arbiter, tournament_of
from tournaments.models import Pairing, Round
from tournaments.selectors import can_arbitrate, time_control_text

MOVES_PER_SHEET = 60  # the form of Phụ lục 4: 60 numbered rows, 30 per column
_POINT_MARKS = {1.0: "1", 0.5: "½", 0.0: "0"}
_READABLE_STATUSES = {"valid", "warnings", "invalid"}


def score_marks(result: str) -> tuple[str, str]:
    """The players' scores of a played game as printed ("½" for a draw), else blank."""
    value = Result.parse(result)
    if value is None or not value.played or value.points is None:
        return "", ""
    white, black = value.points
    return _POINT_MARKS[white], _POINT_MARKS[black]


def scoresheet_context(target: str) -> dict:
    """One sheet (``pairing:``/``game:``), or every board of a round (``round:``): the
    venue's pile, one sheet per game in board order, one PDF (issue 27)."""
    parsed = parse_target(Document.Kind.SCORESHEET, target)
    if "round" not in parsed:
        return {"s": scoresheet_data(target)}
    rnd = get_object(Round, parsed["round"])
    boards = (rnd.pairings.filter(kind=Pairing.Kind.GAME, black__isnull=False)
              .order_by("board").values_list("pk", flat=True))
    sheets = [scoresheet_data(f"pairing:{pk}") for pk in boards]
    if not sheets:
        raise ServiceError(_("Ván %(n)s chưa có bàn đấu nào để in biên bản.")
                           % {"n": rnd.number}, field="target", code="no_game")
    return {"s": sheets[0], "sheets": sheets, "round_id": rnd.pk}


def scoresheet_parts(context: dict) -> list[dict]:
    """A round's sheets rendered one a part (kept between renders: after a result only
    that board's sheet renders again); a single sheet is no parts."""
    return [{"s": sheet} for sheet in context.get("sheets", [])]


def scoresheet_data(target: str) -> dict:
    """The form of Phụ lục 4, blank for a pairing without a record, else filled from the
    record: the moves in Vietnamese notation (Điều 11.2; chess: 002 appendix E) as the
    validation stored them, the players' score and the arbiter's decision (Điều 7)."""
    parsed = parse_target(Document.Kind.SCORESHEET, target)
    if "pairing" in parsed:
        pairing = get_object(Pairing, parsed["pairing"])
        game = GameRecord.objects.filter(pairing=pairing).first()
    else:
        game = get_object(GameRecord, parsed["game"])
        pairing = game.pairing if game.pairing_id else None
    data = _sheet_head_from_pairing(pairing) if pairing else _sheet_head_from_game(game)
    data.update(_sheet_body(game))
    return data


def _sheet_head_from_pairing(pairing) -> dict:
    if pairing.kind != "game" or not pairing.black_id:
        raise ServiceError(_("Cặp đấu %(pk)s là lượt nghỉ, không có biên bản.")
                           % {"pk": pairing.pk}, field="target", code="no_game")
    rnd = pairing.round
    tournament = rnd.tournament
    started = timezone.localdate(rnd.started_at) if rnd.started_at else None
    return {
        "event": tournament.name, "discipline": tournament.discipline,
        "venue": tournament.venue, "round": rnd.number, "board": pairing.board,
        "date": started,
        "white": pairing.white.name, "white_number": pairing.white.starting_number,
        "black": pairing.black.name, "black_number": pairing.black.starting_number,
        "arbiter": chief_arbiter(tournament),
        "time_control": time_control_text(tournament.time_control),
    }


def _sheet_head_from_game(game) -> dict:
    return {
        "event": game.event_name, "discipline": game.discipline, "venue": "",
        "round": game.round_number, "board": game.board_number, "date": game.played_on,
        "white": game.white_name or (game.white.full_name if game.white_id else ""),
        "white_number": None,
        "black": game.black_name or (game.black.full_name if game.black_id else ""),
        "black_number": None, "arbiter": "",
    }


def _sheet_body(game) -> dict:
    """Moves, score, decision and signatures of the record (empty for a blank form)."""
    body: dict[str, Any] = {"filled": game is not None, "game": game.pk if game else None, "pages": [],
            "status": "", "note": "", "white_score": "", "black_score": "", "decision": "",
            "decision_reason": "", "signed": {"white": None, "black": None, "arbiter": None},
            "repetition": []}
    moves: list[str] = []
    first_number, black_first = 1, False
    if game is not None:
        if game.played_on:
            body["date"] = game.played_on
        arbiter = game.arbiter_signed_by or game.decided_by
        arbiter_name = _person_name(arbiter)
        if arbiter_name:
            body["arbiter"] = arbiter_name
        body["status"] = game.validation_status
        if game.validation_status in _READABLE_STATUSES:
            moves = list(game.moves_federation)
        body["note"] = _validation_note(game)
        body["repetition"] = repetition_proposals(game)
        first_number, black_first = _first_move(game.start_fen)
        body["white_score"], body["black_score"] = score_marks(game.declared_score)
        body["decision"] = game.get_decision_display() if game.decision else ""
        body["decision_reason"] = reason_label(game.decision_reason) if game.decision_reason \
            else ""
        body["signed"] = {side: timezone.localtime(at).strftime("%H:%M %d/%m/%Y") if at else None
                          for side, at in (("white", game.white_signed_at),
                                           ("black", game.black_signed_at),
                                           ("arbiter", game.arbiter_signed_at))}
    body["pages"] = _move_pages(moves, first_number, black_first)
    return body


def _person_name(user) -> str:
    if user is None:
        return ""
    person = Person.objects.filter(user=user).only("full_name").first()
    return person.full_name if person else ""


def _validation_note(game) -> str:
    if game.validation_status == "pending":
        return _("Biên bản chưa được kiểm tra: chưa in nước đi.")
    if game.validation_status == "invalid":
        error = game.validation_error or {}
        return _("Biên bản có nước đi không hợp lệ ở nửa nước %(ply)s (%(text)s): chỉ in các "
                 "nước trước đó.") % {"ply": error.get("ply", "?"), "text": error.get("text", "")}
    return ""


def _first_move(start_fen: str) -> tuple[int, bool]:
    """Number of the first move and whether Black moves first (a set-up position)."""
    fields = (start_fen or "").split()
    black_first = len(fields) > 1 and fields[1] == "b"
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    return number, black_first


def _move_pages(moves: list[str], first_number: int, black_first: bool) -> list[dict]:
    """Sheets of 60 numbered rows (two columns of 30), as many as the game needs."""
    moves = list(moves)
    if black_first:
        moves.insert(0, "…")
    pairs = [(moves[i], moves[i + 1] if i + 1 < len(moves) else "")
             for i in range(0, len(moves), 2)]
    sheets = max(1, -(-len(pairs) // MOVES_PER_SHEET))
    pages = []
    half = MOVES_PER_SHEET // 2
    for sheet in range(sheets):
        base = sheet * MOVES_PER_SHEET
        rows = []
        for i in range(half):
            left = _move_row(pairs, base + i, first_number)
            right = _move_row(pairs, base + half + i, first_number)
            rows.append({"left": left, "right": right})
        pages.append({"sheet": sheet + 1, "rows": rows})
    return pages


def _move_row(pairs: list[tuple[str, str]], index: int, first_number: int) -> dict:
    white, black = pairs[index] if index < len(pairs) else ("", "")
    return {"number": first_number + index, "white": white, "black": black}


def _filename(target: str, context: dict) -> str:
    if "round_id" in context:
        sheet = context["s"]
        return f"bien-ban-van-{sheet['round']}-{slug(target)}.pdf"
    sheet = context["s"]
    name = f"bien-ban-{sheet['game']}" if sheet["game"] else f"bien-ban-{slug(target)}"
    return f"{name}.pdf"


def _can_view(user, parsed: dict[str, int]) -> bool:
    """The tournament's assigned arbiters (Điều 20); a standalone game: whoever may see the
    record."""
    if "game" in parsed:
        game = get_object(GameRecord, parsed["game"])
        if not game.pairing_id:
            return user.is_authenticated and games_visible_to(user).filter(pk=game.pk).exists()
        return can_arbitrate(user, game.pairing.round.tournament)
    return can_arbitrate(user, tournament_of(parsed))


SUBJECTS = {"game": GameRecord}
KINDS = [
    DocumentKind(Document.Kind.SCORESHEET, "documents/scoresheet.html",
                 ("pairing:<id>", "game:<id>", "round:<id>"),
                 scoresheet_context, _filename, _can_view, parts=scoresheet_parts),
]

# Game record admin
scoresheet_pdf = pdf_action(Document.Kind.SCORESHEET,
                            gettext_lazy("PDF: biên bản thi đấu (Phụ lục 4)"),
                            lambda games: [f"game:{g.pk}" for g in games], "games")
