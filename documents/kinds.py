"""The documents app's own kind: a decision of the register (its form: shared/seeds/000)."""

from __future__ import annotations

from typing import Any

from documents.models import Decision, Document
from documents.registry import DocumentKind
from documents.selectors import decision_data, public_decision_kinds


def _context(target: str) -> dict[str, Any]:
    decision = decision_data(target)
    return {"d": decision, "players": decision["players"]}


def _filename(target: str, context: dict[str, Any]) -> str:
    return f"quyet-dinh-{context['d']['number']}-{context['d']['year']}.pdf"


def _can_view(user: Any, parsed: dict[str, int]) -> bool:
    return Decision.objects.filter(pk=parsed["id"], kind__in=public_decision_kinds()).exists()


SUBJECTS = {f"{Document.Kind.DECISION}:<id>": Decision}
KINDS = [
    DocumentKind(Document.Kind.DECISION, "documents/decision.html", ("<id>",),
                 _context, _filename, _can_view),
]
