"""Jobs of the tournaments app (one name each: the kind; run by ``core.run_job``)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from core.jobs import register
from tournaments import services
from tournaments.models import Round, Tournament
from tournaments.services import trf_import_job


def _round_or_event(params: dict[str, Any]) -> Round | Tournament | None:
    found = Round.objects.filter(tournament_id=params["tournament"],
                                 number=params["round"]).first()
    return found or Tournament.objects.filter(pk=params["tournament"]).first()


register(services.PAIR_ROUND_JOB, services.pair_round_job, label=_("Xếp cặp ván đấu"),
         subject=_round_or_event)
register(trf_import_job.KIND, trf_import_job.import_trf_job,  # issue 31: not in the request
         label=_("Nhập giải từ tệp TRF"))
