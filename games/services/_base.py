"""What every write of the games app shares: the job kinds, the fields a client sets,
the record's lock (with its version check) and who may write a record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from core.errors import ConflictError, NotAllowedError, ServiceError
from games import selectors
from games.models import GameRecord

Progress = Callable[[float, str], None]

#: the job kinds of this app (games/jobs.py registers them)
VALIDATE_JOB = "games.validate"
IMPORT_PGN_JOB = "games.import_pgn"

#: Fields a client may set when creating or editing a record.
EDITABLE_FIELDS = (
    "pairing", "discipline", "white", "black", "white_name", "black_name", "event_name",
    "played_on", "round_number", "board_number", "start_fen", "moves_text", "notation",
    "declared_score", "white_time_used", "black_time_used",
)
#: Fields that feed validation: changing one of them makes the stored validation stale.
VALIDATION_INPUTS = ("discipline", "start_fen", "moves_text", "notation", "declared_score",
                     "decision", "decision_reason")

#: Fields the validation job writes (derived from the inputs; not in the history).
VALIDATION_OUTPUTS = ("validation_status", "validation_error", "validation_flags",
                      "validation_warnings", "validation_consistency", "moves_normalised",
                      "moves_federation", "final_fen", "ending", "validated_at",
                      "validated_input", "repetition_proposals")

FAULTS_TO_LOSE = 3  # Điều 7.1n (three technical or three conduct faults), 7.1m / 11.3b


def _check_may_write(user: Any, game: GameRecord) -> None:
    if not selectors.may_arbitrate(user, game):
        raise NotAllowedError(_("Bạn không phải trọng tài của giải có ván đấu này."))
    _check_tournament_open(game)


def _check_tournament_open(game: GameRecord) -> None:
    """No record is added to, decided or signed in a certified tournament (official record)
    until federation staff reopen it with a reason."""
    if game.pairing is not None and game.pairing.round.tournament.status == "certified":
        raise ServiceError(_("Giải đã được công nhận kết quả và bị khóa; không thêm hay sửa "
                             "biên bản được cho đến khi cán bộ Liên đoàn mở lại giải (có lý "
                             "do)."), field="pairing", code="locked")


def _lock(game: GameRecord, expected_version: int | None) -> GameRecord:
    locked = GameRecord.objects.select_for_update().get(pk=game.pk)
    if expected_version is not None and locked.version != expected_version:
        raise ConflictError(
            _("Biên bản đã được sửa (phiên bản %(now)s, bạn gửi %(sent)s); hãy tải lại.")
            % {"now": locked.version, "sent": expected_version},
            field="version", code="stale_version")
    return locked
