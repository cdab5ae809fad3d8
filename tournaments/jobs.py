"""Jobs of the tournaments app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from tournaments import services

register("tournaments.pair_round", services.pair_round_job)
