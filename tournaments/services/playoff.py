"""Play-off games between tied players (thi đấu bổ sung), seed 002 Phần 2 Điều 2.3 and
Phần 3 Phụ lục 1: one of the regulations' ways to separate players equal on points. The
games are recorded here; the tie-break ``PO`` (``chessrules.values.TieBreak``) ranks the tied
by the points they scored in them (docs/decisions-complaints.md). Teams tied in a team event
play a play-off match ("Thi đấu thêm", the same Điều 2.3): ``record_team_playoff`` records the
match and its board games; the teams' ``PO`` is the match points they won in it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from chessrules.values import RESULT_POINTS
from core.errors import ServiceError
from tournaments import cache_scopes
from tournaments.models import Entry, PlayOffGame, PlayOffMatch, TeamEntry, Tournament
from tournaments.services._common import _lock, _require_arbiter, _require_not_locked, spec_of
from tournaments.services.results import normalize_result

NOTE_MAX = 2000


def record_playoff_game(tournament: Tournament, *, white: Entry, black: Entry, result: str,
                        user: Any, note: str = "") -> PlayOffGame:
    """Record a play-off game (002 Phần 2 Điều 2.3) with its result: the event's arbiters,
    two different players of the event, a decided result; not on a certified event."""
    value = _decided(result, "result")
    _check_note(note)
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
        game = PlayOffGame.objects.create(
            tournament=t, number=_next_number(PlayOffGame, t), white=white, black=black, result=value,
            note=(note or "").strip(),
            recorded_by=user if getattr(user, "is_authenticated", False) else None)
        cache_scopes.touch_event(t.pk)
    return game


def _decided(result: str, field: str) -> str:
    value = normalize_result(result)
    if value not in RESULT_POINTS:
        raise ServiceError(_("Ván bổ sung phải có kết quả (1-0, ½-½, 0-1 hoặc thắng do đối "
                             "phương bỏ cuộc)."), field=field, code="invalid")
    return value


def _check_note(note: str) -> None:
    if len((note or "").strip()) > NOTE_MAX:
        raise ServiceError(_("Ghi chú tối đa %(n)d ký tự.") % {"n": NOTE_MAX}, field="note")


def _next_number(model: Any, t: Tournament) -> int:
    return (model.objects.filter(tournament=t).aggregate(n=Max("number"))["n"] or 0) + 1


@dataclass(frozen=True)
class PlayOffBoard:
    """One board of a team play-off match: its number, the two players, the result."""

    board: int
    white: Entry
    black: Entry
    result: str


def record_team_playoff(tournament: Tournament, *, home: TeamEntry, away: TeamEntry,
                        games: Sequence[PlayOffBoard], user: Any, note: str = "") -> PlayOffMatch:
    """Record a play-off match between two tied teams ("Thi đấu thêm", 002 Phần 2 Điều 2.3)
    with its board games: a team event ranked by its table (not a knockout, whose ties decide,
    Điều 30.3), two different teams of the event, one to ``boards_per_team`` boards, each
    board a player of each team (each player once) and a decided result; the event's
    arbiters; not on a certified event."""
    _check_team_event(tournament)
    _check_note(note)
    for field, team in (("home", home), ("away", away)):
        if team.tournament_id != tournament.pk or team.starting_number is None:
            raise ServiceError(_("Đội không thuộc giải này."), field=field)
    if home.pk == away.pk:
        raise ServiceError(_("Trận thi đấu thêm phải giữa hai đội khác nhau."), field="away")
    rows = _check_boards(tournament, home, away, games)
    _require_arbiter(user, tournament)
    with transaction.atomic():
        t = _lock(tournament)
        _require_not_locked(t)
        by = user if getattr(user, "is_authenticated", False) else None
        match = PlayOffMatch.objects.create(tournament=t, number=_next_number(PlayOffMatch, t),
                                            home=home, away=away, note=(note or "").strip(),
                                            recorded_by=by)
        first = _next_number(PlayOffGame, t)
        PlayOffGame.objects.bulk_create([
            PlayOffGame(tournament=t, number=first + i, match=match, board=g.board,
                        white=g.white, black=g.black, result=value, recorded_by=by)
            for i, (g, value) in enumerate(rows)])
        cache_scopes.touch_event(t.pk)
    return match


def _check_team_event(tournament: Tournament) -> None:
    spec = spec_of(tournament)
    if not spec.team or spec.team_bracket:
        raise ServiceError(_("Thi đấu thêm giữa các đội chỉ dùng cho giải đồng đội xếp hạng "
                             "theo bảng điểm (Điều 2.3); giải loại trực tiếp phân định bằng "
                             "các trận đấu (Điều 30.3)."), field="tournament",
                           code="not_a_team_table")


def _check_boards(t: Tournament, home: TeamEntry, away: TeamEntry,
                  games: Sequence[PlayOffBoard]) -> list[tuple[PlayOffBoard, str]]:
    boards = t.boards_per_team or 4
    if not games or len(games) > boards:
        raise ServiceError(_("Trận thi đấu thêm có từ 1 đến %(n)d ván (số bàn mỗi đội).")
                           % {"n": boards}, field="games")
    seen_boards: set[int] = set()
    seen_players: set[int] = set()
    rows = []
    for g in games:
        if not 1 <= g.board <= boards or g.board in seen_boards:
            raise ServiceError(_("Bàn %(b)s: mỗi bàn từ 1 đến %(n)d, mỗi bàn một ván.")
                               % {"b": g.board, "n": boards}, field="games")
        seen_boards.add(g.board)
        teams = {g.white.team_id, g.black.team_id}
        if teams != {home.pk, away.pk} or g.white.tournament_id != t.pk or \
                g.black.tournament_id != t.pk:
            raise ServiceError(_("Bàn %(b)s: mỗi ván giữa một đấu thủ của mỗi đội.")
                               % {"b": g.board}, field="games", code="not_of_the_teams")
        if {g.white.pk, g.black.pk} & seen_players:
            raise ServiceError(_("Bàn %(b)s: mỗi đấu thủ chỉ chơi một ván của trận.")
                               % {"b": g.board}, field="games")
        seen_players |= {g.white.pk, g.black.pk}
        rows.append((g, _decided(g.result, "games")))
    return rows
