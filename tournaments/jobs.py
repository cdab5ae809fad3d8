"""Jobs of the tournaments app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from tournaments import services

register(services.PAIR_ROUND_JOB, services.pair_round_job)
