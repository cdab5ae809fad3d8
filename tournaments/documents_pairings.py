"""The pairings list of a round (a document kind of ``tournaments.documents``): its boards with the
players' numbers and scores before the round, results as printed, byes after the games."""

from __future__ import annotations

from django.utils.translation import gettext as _

from chessrules.values import Result
from core.errors import ServiceError
from documents.models import Document
from documents.presentation import vn_number
from documents.targets import get_object, parse_target
from tournaments import selectors
from tournaments.documents_common import tournament_head
from tournaments.models import Round

K = Document.Kind


_POINT_MARKS = {1.0: "1", 0.5: "½", 0.0: "0"}


def result_mark(result: str) -> str:
    """A board's result as printed: ``1 - 0``, ``½ - ½``, forfeits ``+ / -``, ``hoãn``."""
    value = Result.parse(result)
    if value is None:
        return result
    if value.played and value.points:
        return " - ".join(_POINT_MARKS[points] for points in value.points)
    if value.forfeit and value.trf:
        return " / ".join(value.trf)
    return "hoãn" if value is Result.ADJOURNED else ""


def pairings_data(target: str) -> dict:
    """The boards of one round with the players' numbers and scores before the round
    (``tournaments.selectors.pairings_of`` and ``standings``); byes after the games."""
    parsed = parse_target(K.PAIRINGS, target)
    if "tournament" in parsed:
        rnd = Round.objects.filter(tournament_id=parsed["tournament"],
                                   number=parsed["round"]).select_related("tournament").first()
        if rnd is None:
            raise ServiceError(_("Không tìm thấy ván %(n)s của giải %(t)s.")
                               % {"n": parsed["round"], "t": parsed["tournament"]},
                               field="target", code="not_found")
    else:
        rnd = get_object(Round, parsed["round"])
    tournament = rnd.tournament
    scores = _scores_before(tournament, rnd.number)
    games, byes = [], []
    for p in selectors.pairings_of(rnd):
        white = _side(p.white, scores)
        if p.kind == "game" and p.black_id:
            games.append({"board": p.board, "white": white, "black": _side(p.black, scores),
                          "result": result_mark(p.result),
                          "match": str(p.team_match) if p.team_match_id else ""})
        else:
            byes.append({"player": white, "kind": p.get_kind_display(),
                         "points": vn_number(p.bye_points) if p.bye_points is not None else ""})
    return {"tournament": tournament_head(tournament), "round": rnd.number,
            "round_status": rnd.get_status_display(), "games": games, "byes": byes,
            "team_event": tournament.is_team_event}


def _side(entry, scores: dict[int, float]) -> dict:
    if entry is None:
        return {"number": "", "name": "", "title": "", "score": ""}
    return {"number": entry.starting_number or "", "name": entry.name, "title": entry.title,
            "score": vn_number(scores.get(entry.starting_number, 0.0))}


def _scores_before(tournament, number: int) -> dict[int, float]:
    if number <= 1:
        return {}
    table = selectors.standings(tournament, number - 1)
    return {row["starting_number"]: row["points"] for row in table["rows"]}
