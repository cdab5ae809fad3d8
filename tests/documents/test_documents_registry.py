"""The documents registry: every kind of the Document model is declared once, by the app
that owns its subject (settings.DOCUMENT_KINDS), and an unknown kind is refused."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from core.errors import ServiceError
from documents import builders, registry, selectors
from documents.models import Document


def test_every_document_kind_is_declared_by_its_owner():
    kinds = registry.kinds()
    assert set(kinds) == set(Document.Kind.values)
    owners = {kind: spec.context.__module__ for kind, spec in kinds.items()}
    assert owners[Document.Kind.MEMBER_CARD] == "federation.documents"
    assert owners[Document.Kind.SCORESHEET] == "games.documents"
    assert owners[Document.Kind.STANDINGS] == "tournaments.documents"


def test_a_kind_declared_twice_is_refused():
    spec = registry.get(Document.Kind.STANDINGS)
    other = registry.DocumentKind(spec.kind, "documents/other.html", spec.targets,
                                  spec.context, spec.filename, spec.can_view)
    with pytest.raises(ValueError, match="declared twice"):
        registry.register(other)
    registry.register(spec)  # the same declaration again is harmless


@pytest.mark.django_db
def test_unknown_kind_is_refused_and_hidden():
    with pytest.raises(ServiceError) as refused:
        builders.build("diploma", "1")
    assert "kind" in refused.value.fields
    assert not selectors.can_view(AnonymousUser(), "diploma", "1")
    with pytest.raises(ServiceError) as bad_target:
        selectors.parse_target(Document.Kind.STANDINGS, "round:3")
    assert "tournament:<id>" in bad_target.value.message
