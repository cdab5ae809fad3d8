"""Jobs of the ratings app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from ratings import services

register(services.PERIOD_JOB, services.compute_period_job)
register(services.RECOMPUTE_JOB, services.recompute_from_job)
register(services.TITLE_CHECK_JOB, services.check_titles_job)
