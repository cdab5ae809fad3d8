"""Jobs of the documents app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from documents import services

register(services.RENDER_JOB, services.render_document)
register(services.WARM_PARTS_JOB, services.warm_document_parts)
