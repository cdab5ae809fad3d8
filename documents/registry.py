"""The document kinds, each declared by the app that owns its subject.

An app lists its kinds in ``<app>/documents.py`` as ``KINDS = [DocumentKind(...), ...]``: the
view-model (target -> template context), the template, the file name, the target forms it
accepts and who may see it. ``settings.DOCUMENT_KINDS`` names those modules (one grep shows
every kind); they are loaded once the app registry is ready (``DocumentsConfig.ready``).
This app renders, stores and serves; it imports none of the apps whose documents it prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.conf import settings


@dataclass(frozen=True)
class DocumentKind:
    kind: str  # a value of documents.models.Document.Kind
    template: str
    #: the target forms, e.g. ("tournament:<id>", "tournament:<id>:round:<n>"); "<id>": a bare id
    targets: tuple[str, ...]
    #: target (canonical) -> the template's context: plain, JSON-able data
    context: Callable[[str], dict[str, Any]]
    #: (target, context) -> the PDF's file name
    filename: Callable[[str, dict[str, Any]], str]
    #: (user, parsed target) -> may this user (not staff: staff see everything) read it;
    #: may raise ServiceError for a missing object (read as "no")
    can_view: Callable[[Any, dict[str, int]], bool]
    #: for a long document: context -> the contexts of its parts, each rendering whole pages
    #: of it with their page numbers; the parts are kept between renders under a digest of
    #: their data and rendered on both cores (``documents.render.render_parts``)
    parts: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None


_KINDS: dict[str, DocumentKind] = {}
#: What a target names (issue 28: the admin shows a document's subject by name, linked): each
#: app's ``SUBJECTS`` maps a target key (``"tournament"``) or a kind's bare id
#: (``"decision:<id>"``) to its model.
_SUBJECTS: dict[str, Any] = {}


def register(kind: DocumentKind) -> None:
    if kind.kind in _KINDS and _KINDS[kind.kind] != kind:
        raise ValueError(f"document kind {kind.kind!r} is declared twice")
    _KINDS[kind.kind] = kind


def load() -> None:
    """Import every module of ``settings.DOCUMENT_KINDS`` and register its ``KINDS``."""
    for path in settings.DOCUMENT_KINDS:
        module = import_module(path)
        for kind in module.KINDS:
            register(kind)
        _SUBJECTS.update(getattr(module, "SUBJECTS", {}))


def subject_model(kind: str, key: str) -> Any:
    """The model a target's key names (``"id"``: the kind's bare id), or None."""
    if not _KINDS:
        load()
    return _SUBJECTS.get(f"{kind}:<id>" if key == "id" else key)


def get(kind: str) -> DocumentKind | None:
    if not _KINDS:
        load()
    return _KINDS.get(kind)


def kinds() -> dict[str, DocumentKind]:
    if not _KINDS:
        load()
    return dict(_KINDS)
