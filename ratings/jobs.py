"""Jobs of the ratings app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from ratings import services

register("rating_period", services.compute_period_job)
register("rating_recompute", services.recompute_from_job)
register("title_check", services.check_titles_job)
