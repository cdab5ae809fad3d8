"""Jobs of the ratings app (one name each: the kind; run by ``core.run_job``;
on the background queue: nobody waits for them, issue 31)."""

from core.jobs import BACKGROUND, register
from ratings import services

register("rating_period", services.compute_period_job, priority=BACKGROUND)
register("rating_recompute", services.recompute_from_job, priority=BACKGROUND)
register("title_check", services.check_titles_job, priority=BACKGROUND)
