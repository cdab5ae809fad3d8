"""Reads for documents: the decision register's view-model and who may see a document.

The other kinds' view-models live with their subjects (``settings.DOCUMENT_KINDS``,
``documents.registry``); the target grammar is ``documents.targets``.
"""

from __future__ import annotations

from typing import Any

from core.errors import ServiceError
from documents import registry
from documents.models import Decision, clean_subject
from documents.targets import canonical_target, get_object, parse_target

__all__ = ["can_view", "canonical_target", "decision_data", "parse_target",
           "public_decision_kinds", "subjects_of"]


def decision_data(pk: str) -> dict[str, Any]:
    d = get_object(Decision, pk)
    return {
        "number": d.number, "year": d.year, "formatted_number": d.formatted_number,
        "kind": d.kind, "issuing_body": d.issuing_body, "place": d.place,
        "issued_on": d.issued_on, "subject": clean_subject(d.subject), "grounds": list(d.grounds),
        "articles": list(d.articles), "recipients": list(d.recipients),
        "signer_position": d.signer_position, "signer_name": d.signer_name,
        "signer_authority": d.signer_authority, "authority_holder": d.authority_holder,
        "archive_in_recipients": any(r.strip().lower().startswith("lưu")
                                     for r in d.recipients),
        "players": list(d.payload.get("players", [])),
    }


def public_decision_kinds() -> set[str]:
    """Decisions anyone may read; disciplinary ones are for staff. A complaint's decision is
    public like its outcome on the event page (names and the outcome, no private data)."""
    return {Decision.Kind.TITLE_AWARD, Decision.Kind.REGULATIONS_APPROVAL,
            Decision.Kind.COMPLAINT}


def can_view(user: Any, kind: str, target: str) -> bool:
    """Who may read a document of this kind about this target: staff always, others as the
    kind's owner declares (``DocumentKind.can_view``)."""
    if user.is_authenticated and user.is_staff:
        return True
    spec = registry.get(kind)
    if spec is None:
        return False
    try:
        return bool(spec.can_view(user, parse_target(kind, target)))
    except ServiceError:
        return False  # nothing to show; staff (above) get the clear 400 instead


def subjects_of(documents: Any) -> dict[int, tuple[str, str | None]]:
    """Each document's subject as a person reads it: its name (a round's number after its
    event) and the admin page of it (or None), found in one query per kind of subject
    (issue 28: not ``505`` or ``game:10``)."""
    from django.urls import NoReverseMatch, reverse
    from django.utils.translation import gettext as _

    wanted: dict[int, tuple[Any, int, dict[str, int]]] = {}
    for document in documents:
        try:
            parsed = parse_target(document.kind, document.target)
        except ServiceError:
            continue
        key = next(iter(parsed))
        model = registry.subject_model(document.kind, key)
        if model is not None:
            wanted[document.pk] = (model, parsed[key], parsed)
    by_model: dict[Any, set[int]] = {}
    for model, pk, _parsed in wanted.values():
        by_model.setdefault(model, set()).add(pk)
    found = {model: model._default_manager.in_bulk(pks) for model, pks in by_model.items()}
    shown: dict[int, tuple[str, str | None]] = {}
    for document_pk, (model, pk, parsed) in wanted.items():
        obj = found[model].get(pk)
        if obj is None:
            continue
        label = str(obj)
        if "round" in parsed and len(parsed) > 1:
            label = _("%(subject)s — ván %(n)s") % {"subject": label, "n": parsed["round"]}
        try:
            url = reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change",
                          args=[obj.pk])
        except NoReverseMatch:
            url = None
        shown[document_pk] = (label, url)
    return shown
