"""Jobs of the federation app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from federation import services

register(services.LAPSE_JOB, services.lapse_members)
