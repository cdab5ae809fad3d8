"""What goes into each document: the kind's template and the plain data its owner reads.

``build(kind, target)`` looks the kind up in ``documents.registry`` and returns a
:class:`Built`; the data is plain (JSON-able) so that its hash tells whether a stored PDF is
still current.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils import translation

from core.errors import ServiceError
from documents import registry
from documents.registry import DocumentKind
from documents.render import missing_parts, render_parts, render_pdf, warm_parts
from documents.targets import canonical_target


@dataclass(frozen=True)
class Built:
    template: str
    context: dict
    filename: str
    #: the kind's ``parts`` (context -> parts' contexts), for a document rendered in parts
    split: Callable[[dict], list[dict]] | None = None

    def render(self) -> tuple[bytes, int]:
        """The PDF and its page count: in parts (kept between renders, see
        ``documents.render.render_parts``) when the kind splits this document."""
        parts = self.split(self.context) if self.split else []
        if len(parts) > 1:
            return render_parts(self.template, parts)
        return render_pdf(self.template, self.context)

    def missing_parts(self) -> list[int]:
        """The parts :meth:`render` would render now (not kept); [] for a document not
        rendered in parts."""
        parts = self.split(self.context) if self.split else []
        return missing_parts(self.template, parts) if len(parts) > 1 else []

    def warm(self, progress=None) -> dict:
        """Render and keep the parts :meth:`render` would render now, without merging them
        (``documents.render.warm_parts``); nothing for a document not rendered in parts."""
        parts = self.split(self.context) if self.split else []
        if len(parts) <= 1:
            return {"parts": 0, "kept": 0, "rendered": 0}
        return warm_parts(self.template, parts, progress)

    @property
    def data_hash(self) -> str:
        blob = json.dumps(self.context, sort_keys=True, default=str, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()


def build(kind: str, target: str) -> Built:
    """The document's data, always in the official language (Vietnamese): its labels
    (system, status, decision) must not follow the request's Accept-Language, or the hash
    of an English request would never match the PDF the worker rendered (issue 14).
    A refusal is raised again in the request's language."""
    spec = registry.get(kind)
    if spec is None:
        raise ServiceError(f"Loại văn bản không hỗ trợ: {kind}", field="kind")
    try:
        with translation.override(settings.LANGUAGE_CODE):
            return _build(spec, target)
    except ServiceError as official:
        if translation.get_language() == settings.LANGUAGE_CODE:
            raise
        _build(spec, target)  # raises it in the client's language
        raise official from None


def _build(spec: DocumentKind, target: str) -> Built:
    target = canonical_target(spec.kind, target)
    context = spec.context(target)
    return Built(spec.template, context, spec.filename(target, context), spec.parts)
