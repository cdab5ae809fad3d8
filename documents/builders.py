"""What goes into each document: a template and plain data read through selectors.

Each builder takes the target's id and returns a :class:`Built`; the data is plain
(JSON-able) so that its hash tells whether a stored PDF is still current.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from core.errors import ServiceError
from documents import selectors


@dataclass(frozen=True)
class Built:
    template: str
    context: dict
    filename: str

    @property
    def data_hash(self) -> str:
        blob = json.dumps(self.context, sort_keys=True, default=str, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()


def build_decision(target: str) -> Built:
    decision = selectors.decision_data(target)
    return Built("documents/decision.html", {"d": decision, "players": decision["players"]},
                 f"quyet-dinh-{decision['number']}-{decision['year']}.pdf")


def build_member_card(target: str) -> Built:
    card = selectors.member_card_data(target)
    return Built("documents/member_card.html", card, f"the-hoi-vien-{card['card_number']}.pdf")


BUILDERS: dict[str, Callable[[str], Built]] = {
    "decision": build_decision,
    "member_card": build_member_card,
}


def build(kind: str, target: str) -> Built:
    builder = BUILDERS.get(kind)
    if builder is None:
        raise ServiceError(f"Loại văn bản không hỗ trợ: {kind}", field="kind")
    return builder(str(target))
