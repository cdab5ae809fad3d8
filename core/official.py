"""The one rule for official records (docs/official-records.md).

Certified tournaments, published rating lists, issued decisions and signed game records
are *official records*: never deleted, never silently changed. Each app declares which of
its rows are official with :func:`official_rule` (a predicate answering the reason, or
``None``); :func:`why_official` asks the declared rules. The admin (``core.admin_official``)
uses it to make those rows read-only, to refuse their deletion (also through cascades) and
their history "revert"; the services that change them on purpose (reopen, correct, withdraw)
take a reason and leave a trace.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db import models

_M = TypeVar("_M", bound=models.Model)
#: a rule: the reason a row is official, or None (it takes rows of the models it is declared for)
Rule = Callable[[Any], "str | None"]
_RULES: dict[type[models.Model], list[Rule]] = {}


def official_rule(*model_classes: type[_M]
                  ) -> Callable[[Callable[[_M], str | None]], Callable[[_M], str | None]]:
    """Declare ``rule(obj) -> reason | None`` for rows of ``model_classes``."""

    def register(rule: Callable[[_M], str | None]) -> Callable[[_M], str | None]:
        for model in model_classes:
            _RULES.setdefault(model, []).append(rule)
        return rule

    return register


def why_official(obj: models.Model | None) -> str | None:
    """Why ``obj`` is (part of) an official record, or None when it is not."""
    if obj is None or obj.pk is None:
        return None
    for model in type(obj).__mro__:
        for rule in _RULES.get(model, ()):
            reason = rule(obj)
            if reason:
                return str(reason)
    return None


def is_governed(model: type[models.Model]) -> bool:
    return any(m in _RULES for m in model.__mro__)


def refuse_deletion(*model_classes: type[models.Model]) -> None:
    """Last guard on every path (admin, API, shell, cascades): deleting an official row of
    these models raises ``ProtectedError`` and rolls the whole deletion back."""
    from django.db.models.signals import pre_delete

    def guard(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
        reason = why_official(instance)
        if reason:
            raise models.ProtectedError(
                f"{sender._meta.verbose_name} “{instance}”: {reason}", {instance})

    for model in model_classes:
        pre_delete.connect(guard, sender=model, weak=False,
                           dispatch_uid=f"official-record-{model._meta.label}")
