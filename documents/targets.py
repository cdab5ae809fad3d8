"""The target grammar: what a document is about.

``pairing:40``, ``game:7``, ``tournament:5``, ``tournament:5:round:3`` (standings after round 3,
or the pairings of round 3), ``round:12``, ``entry:9``; decisions and member cards keep their
bare id (``12``). Each kind accepts the forms its ``DocumentKind.targets`` lists.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from documents import registry


def parse_target(kind: str, target: str) -> dict[str, int]:
    """``"tournament:5:round:3"`` → ``{"tournament": 5, "round": 3}``, checked against the
    forms the kind accepts; a bare id is ``{"id": n}``. Raises a 400 naming the forms."""
    spec = registry.get(kind)
    forms = spec.targets if spec else ()
    parts = str(target).strip().split(":")
    try:
        if len(parts) == 1:
            parsed = {"id": int(parts[0])}
        elif len(parts) % 2 == 0:
            parsed = {parts[i].lower(): int(parts[i + 1]) for i in range(0, len(parts), 2)}
        else:
            raise ValueError
    except ValueError:
        parsed = {}
    if parsed and tuple(parsed) in {_shape_of_form(f) for f in forms}:
        return parsed
    raise ServiceError(_("Đối tượng %(target)s không hợp lệ cho loại văn bản này; dùng: "
                         "%(forms)s.") % {"target": target, "forms": ", ".join(forms)},
                       field="target", code="invalid_target")


def canonical_target(kind: str, target: str) -> str:
    """One spelling per subject (``Pairing:040`` → ``pairing:40``): one stored PDF each."""
    if registry.get(kind) is None:
        return str(target).strip()
    parsed = parse_target(kind, target)
    if set(parsed) == {"id"}:
        return str(parsed["id"])
    return ":".join(f"{key}:{value}" for key, value in parsed.items())


def _shape_of_form(form: str) -> tuple[str, ...]:
    parts = form.split(":")
    return ("id",) if len(parts) == 1 else tuple(parts[0::2])


def get_object(model: Any, pk: int | str, field: str = "target") -> Any:
    """The target's object, or a 400 (``not_found``) naming the id."""
    try:
        return model.objects.get(pk=int(pk))
    except (ValueError, model.DoesNotExist):
        raise ServiceError(_("Không tìm thấy đối tượng %(pk)s.") % {"pk": pk}, field=field,
                           code="not_found") from None


def slug(target: str) -> str:
    """A target as a file name part: ``tournament:5:round:3`` → ``tournament-5-round-3``."""
    return str(target).replace(":", "-")
