"""Annul and replay a game (Luật Cờ Tướng 2004, seed 000, Điều 9.9a-b, 9.9d-e).

- 9.9a "Nếu trong ván đấu phát hiện vị trí ban đầu của các quân cờ bị xếp sai từ đầu ván cờ
  thì phải hủy bỏ ván đó và chơi lại ván mới."
- 9.9b "Nếu hai đấu thủ đi nhầm màu quân theo luật định ... thì hủy bỏ ván cờ và chơi lại
  ván khác."
- 9.9d-e: once the game is over and its result confirmed it stands, and the player who should
  have had White is still recorded as White.

The board (``Pairing``) becomes the replay: its White and Black are the intended colours, its
result is cleared, and the standings count only what is recorded on it. The annulled game is
kept as an ``AnnulledGame`` (colours as played, result when annulled, reason, who). Apps above
(the games app: the annulled game's record) act through ``ANNUL_HOOKS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from chessrules.values import Result as ResultValue
from core.errors import ConflictError, ServiceError
from tournaments import cache_scopes
from tournaments.models import FINAL_RESULTS, AnnulledGame, Complaint, Pairing
from tournaments.services._common import _require_arbiter, _require_not_locked

NOTE_MAX = 2000
#: Called inside the transaction with ``(pairing, annulled)`` after a game is annulled: the
#: games app registers ``games.services.detach_annulled_record`` (the annulled game's record
#: leaves the board, linked to the annulment, so the replay gets a record of its own).
ANNUL_HOOKS: list[Callable[[Pairing, AnnulledGame], None]] = []


def annul_and_replay(pairing: Pairing, *, user: Any, reason: str, note: str = "",
                     complaint: Complaint | None = None, expected_version: int | None = None,
                     by: Any = None) -> AnnulledGame:
    """Cancel the game on ``pairing`` and have it replayed (Điều 9.9a-b).

    ``reason`` is ``wrong_setup`` (9.9a: the game was played with the intended colours) or
    ``wrong_colours`` (9.9b: the players played each other's colours; the annulled game keeps
    the colours as played, the replay the intended ones). Refused on a board whose result is
    recorded (9.9d: a finished, confirmed game stands — correct a result recorded by mistake
    first), on a bye and on a certified event. ``user`` is checked as the event's arbiter;
    ``user=None`` is a trusted call (a decided complaint) that names the decider in ``by``.
    """
    if reason not in AnnulledGame.Reason.values:
        raise ServiceError(_("Lý do hủy ván phải là xếp quân sai (Điều 9.9a) hoặc đi nhầm màu "
                             "quân (Điều 9.9b)."), field="reason", code="invalid")
    note = (note or "").strip()
    if len(note) > NOTE_MAX:
        raise ServiceError(_("Ghi chú tối đa %(n)d ký tự.") % {"n": NOTE_MAX}, field="note")
    with transaction.atomic():
        p = (Pairing.objects.select_for_update().select_related("round__tournament")
             .get(pk=pairing.pk))
        if user is not None:
            _require_arbiter(user, p.round.tournament)
        _require_not_locked(p.round.tournament)
        _check_annullable(p, expected_version)
        swapped = reason == AnnulledGame.Reason.WRONG_COLOURS
        assert p.white is not None and p.black is not None  # checked: a game
        annulled = AnnulledGame.objects.create(
            pairing=p, reason=reason, note=note, complaint=complaint,
            played_white=p.black if swapped else p.white,
            played_black=p.white if swapped else p.black,
            result_at_annulment=p.result,
            annulled_by=_author(user if user is not None else by))
        p.result = ResultValue.PENDING.value
        p.version += 1
        p.save(update_fields=["result", "version", "updated_at"])
        for hook in ANNUL_HOOKS:
            hook(p, annulled)
        cache_scopes.touch_event(p.round.tournament_id)
    return annulled


def _check_annullable(p: Pairing, expected_version: int | None) -> None:
    if p.kind != Pairing.Kind.GAME or not p.black_id or not p.white_id:
        raise ServiceError(_("Bàn %(b)s là lượt nghỉ; không có ván để hủy.") % {"b": p.board},
                           field="pairing", code="bye")
    if expected_version is not None and int(expected_version) != p.version:
        raise ConflictError(
            _("Bàn %(b)s đã được người khác sửa (phiên bản hiện tại %(v)s, bạn gửi %(e)s); hãy "
              "tải lại.") % {"b": p.board, "v": p.version, "e": expected_version},
            field="version")
    if p.result in FINAL_RESULTS:
        raise ServiceError(
            _("Bàn %(b)s đã có kết quả %(r)s: ván đã kết thúc và được xác nhận thì có hiệu "
              "lực, không đánh lại (Điều 9.9d-e). Nếu kết quả ghi nhầm, hãy sửa kết quả trước.")
            % {"b": p.board, "r": p.result}, field="pairing", code="result_recorded")


def _author(user: Any) -> Any:  # the user, or None for an anonymous one
    return user if getattr(user, "is_authenticated", False) else None
