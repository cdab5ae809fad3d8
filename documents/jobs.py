"""Jobs of the documents app (one name each: the kind; run by ``core.run_job``;
on the background queue: nobody waits for them, issue 31)."""

from core.jobs import BACKGROUND, register
from documents import services

register("document", services.render_document, priority=BACKGROUND)
register("documents.warm_parts", services.warm_document_parts, priority=BACKGROUND)
