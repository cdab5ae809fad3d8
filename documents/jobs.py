"""Jobs of the documents app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from documents import services

register("document", services.render_document)
register("documents.warm_parts", services.warm_document_parts)
