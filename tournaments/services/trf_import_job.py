"""A TRF import as a job (issue 31 §4): a 9,999-player file imported inside the web request
ran past gunicorn's 30 s and answered an HTML 500. The request checks the file's size limits
(``TRF_IMPORT_MAX_PLAYERS``, ``TRF_IMPORT_MAX_LINES``, in its serializer) and starts this job;
the job runs the import (``tournaments.services.trf_import.import_trf``: one transaction, errors naming
the TRF line) on the interactive queue and reports its progress; its result is the new
tournament and the players' report, its error the import's own (with its HTTP status)."""

from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from core.jobs import start_job
from tournaments.services.trf_import import import_trf

KIND = "tournaments.import_trf"


def start_trf_import(text: str, *, user, **fields):
    """Queue the import of ``text`` by ``user`` (``fields``: the request's options)."""
    params = {"trf": text, "user": getattr(user, "pk", None),
              **{name: value.isoformat() if isinstance(value, date) else value
                 for name, value in fields.items() if value is not None}}
    return start_job(KIND, params=params, user=user)


def import_trf_job(params: dict, progress) -> dict:
    """The job's work: read the file and create the tournament (all or nothing)."""
    params = dict(params)
    text = params.pop("trf")
    user_id = params.pop("user", None)
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    for name in ("start_date", "end_date"):
        if params.get(name):
            params[name] = date.fromisoformat(params[name])
    players = sum(1 for line in text.splitlines() if line.startswith("001"))
    progress(5, _("Đang nhập tệp TRF: %(players)s đấu thủ.") % {"players": players})
    tournament, report = import_trf(text, user=user, **params)
    return {"tournament": {"id": tournament.pk, "name": tournament.name}, "report": report}
