"""What goes into each document: a template and plain data read through selectors.

Each builder takes the target's id and returns a :class:`Built`; the data is plain
(JSON-able) so that its hash tells whether a stored PDF is still current.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils import translation

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


def build_scoresheet(target: str) -> Built:
    """Biên bản thi đấu (Phụ lục 4): blank for a pairing, filled from its game record."""
    sheet = selectors.scoresheet_data(target)
    name = f"bien-ban-{sheet['game']}" if sheet["game"] else f"bien-ban-{_slug(target)}"
    return Built("documents/scoresheet.html", {"s": sheet}, f"{name}.pdf")


def build_tracking_cards(target: str) -> Built:
    """Thẻ theo dõi thi đấu (Điều 29.1): one card per player, or one entry's card."""
    data = selectors.tracking_cards_data(target)
    return Built("documents/tracking_cards.html", data, f"the-theo-doi-{_slug(target)}.pdf")


def build_standings(target: str) -> Built:
    data = selectors.standings_data(target)
    return Built("documents/standings.html", data, f"xep-hang-{_slug(target)}.pdf")


def build_crosstable(target: str) -> Built:
    data = selectors.crosstable_data(target)
    return Built("documents/crosstable.html", data, f"bang-ket-qua-{_slug(target)}.pdf")


def build_pairings(target: str) -> Built:
    data = selectors.pairings_data(target)
    return Built("documents/pairings.html", data, f"cap-dau-{_slug(target)}.pdf")


def _slug(target: str) -> str:
    return str(target).replace(":", "-")


BUILDERS: dict[str, Callable[[str], Built]] = {
    "decision": build_decision,
    "member_card": build_member_card,
    "scoresheet": build_scoresheet,
    "tracking_card": build_tracking_cards,
    "standings": build_standings,
    "crosstable": build_crosstable,
    "pairings": build_pairings,
}


def build(kind: str, target: str) -> Built:
    """The document's data, always in the official language (Vietnamese): its labels
    (system, status, decision) must not follow the request's Accept-Language, or the hash
    of an English request would never match the PDF the worker rendered (issue 14).
    A refusal is raised again in the request's language."""
    builder = BUILDERS.get(kind)
    if builder is None:
        raise ServiceError(f"Loại văn bản không hỗ trợ: {kind}", field="kind")
    try:
        with translation.override(settings.LANGUAGE_CODE):
            return builder(selectors.canonical_target(kind, target))
    except ServiceError as official:
        if translation.get_language() == settings.LANGUAGE_CODE:
            raise
        builder(selectors.canonical_target(kind, target))  # raises it in the client's language
        raise official from None
