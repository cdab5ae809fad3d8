"""A person's data copy gathered from every app above the registry (Nghị định 13/2023/NĐ-CP
Điều 14; issue 31): ``settings.PROVIDERS["personal_data_of"]``. Only config may import both
games and ratings (docs/architecture.md, the app layers), so the parts are joined here."""

from __future__ import annotations

from typing import Any

from federation.models import Person
from games import selectors_privacy as games_part
from ratings import selectors_privacy as ratings_part
from tournaments import selectors_privacy as tournaments_part


def personal_data_of(person: Person) -> list[dict[str, Any]]:
    """The tournaments', games' and ratings' sections, in that order."""
    return [*tournaments_part.personal_data_of(person), *games_part.personal_data_of(person),
            *ratings_part.personal_data_of(person)]
