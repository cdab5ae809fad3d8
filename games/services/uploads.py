"""PGN upload: the file stored and its import job started (one job for the whole file)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from core.jobs import start_job
from core.models import Job
from games import engine, selectors
from games.models import AUTO_NOTATION, GameUpload
from games.services._base import IMPORT_PGN_JOB


@transaction.atomic
def start_upload(*, user: Any, content: str, file_name: str = "", tournament: Any = None,
                 round_number: int | None = None, keep_valid: bool = False,
                 notation: str = AUTO_NOTATION, event_name: str = ""
                 ) -> tuple[GameUpload, Job]:
    """Store an uploaded PGN file and start its import job (one job for the whole file)."""
    if not content.strip():
        raise ServiceError(_("Tệp PGN rỗng."), field="file", code="empty_file")
    if tournament is not None and not selectors.may_arbitrate_tournament(user, tournament):
        raise NotAllowedError(_("Bạn không phải trọng tài của giải này."))
    if tournament is not None and tournament.status == "certified":
        raise ServiceError(_("Giải đã được công nhận kết quả và bị khóa; không thêm biên bản "
                             "được cho đến khi giải được mở lại."), field="tournament",
                           code="locked")
    if tournament is None and not (user and user.is_staff):
        if not selectors.is_arbiter(user):
            raise NotAllowedError(_("Chỉ trọng tài hoặc cán bộ liên đoàn được tải ván đấu."))
    if round_number is not None and tournament is None:
        raise ServiceError(_("Chọn giải của vòng đấu."), field="tournament")
    _check_game_count(content)
    upload = GameUpload.objects.create(
        tournament=tournament, round_number=round_number, content=content,
        discipline=tournament.discipline if tournament is not None else "",
        file_name=file_name[:200], keep_valid=keep_valid, notation=notation,
        event_name=event_name, uploaded_by=user if user and user.is_authenticated else None)
    job = start_job(IMPORT_PGN_JOB, params={"upload_id": upload.pk},
                    key=f"{IMPORT_PGN_JOB}:{upload.pk}", user=user)
    GameUpload.objects.filter(pk=upload.pk).update(job=job)
    upload.job = job
    return upload, job


def _check_game_count(content: str) -> None:
    """At most PGN_UPLOAD_MAX_GAMES games per upload (issue 14: a 50 MB file kept a worker
    at 1.28 GB for ever); 400 naming the limit."""
    limit = settings.PGN_UPLOAD_MAX_GAMES
    if engine.count_pgn_games(content, stop_after=limit + 1) > limit:
        raise ServiceError(_("Tệp PGN có hơn %(limit)s ván: mỗi lần tải tối đa %(limit)s ván; "
                             "hãy chia tệp.") % {"limit": limit}, field="file",
                           code="too_many_games")
