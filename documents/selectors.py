"""Reads for documents: the decision register's view-model and who may see a document.

The other kinds' view-models live with their subjects (``settings.DOCUMENT_KINDS``,
``documents.registry``); the target grammar is ``documents.targets``.
"""

from __future__ import annotations

from core.errors import ServiceError
from documents import registry
from documents.models import Decision, clean_subject
from documents.targets import canonical_target, get_object, parse_target

__all__ = ["can_view", "canonical_target", "decision_data", "parse_target",
           "public_decision_kinds"]


def decision_data(pk: str) -> dict:
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
    """Decisions anyone may read; disciplinary ones are for staff."""
    return {Decision.Kind.TITLE_AWARD, Decision.Kind.REGULATIONS_APPROVAL}


def can_view(user, kind: str, target: str) -> bool:
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
