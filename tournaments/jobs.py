"""Jobs of the tournaments app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from tournaments import services
from tournaments.services import trf_import_job

register("tournaments.pair_round", services.pair_round_job)
register(trf_import_job.KIND, trf_import_job.import_trf_job)  # issue 31: not in the request
