"""Reference data of the ratings app: the six rating lists (FIDE B.02 defaults) and the printed
Phụ lục 6 criteria table. Used by the data migration and by tests after a database flush."""


from __future__ import annotations

from datetime import date
from typing import Any

from chessrules.values import Discipline

LISTS = [
    ("xiangqi", "standard", "Hệ số cờ tướng tiêu chuẩn"),
    ("xiangqi", "rapid", "Hệ số cờ tướng nhanh"),
    ("xiangqi", "blitz", "Hệ số cờ tướng chớp"),
    ("chess", "standard", "Hệ số cờ vua tiêu chuẩn"),
    ("chess", "rapid", "Hệ số cờ vua nhanh"),
    ("chess", "blitz", "Hệ số cờ vua chớp"),
]


def load_reference_data(rating_list_model: Any = None, table_model: Any = None) -> None:
    """Create what is missing (idempotent); the models may be the migration's historical ones."""
    from ratings import engine

    if rating_list_model is None or table_model is None:
        from ratings.models import RatingList, TitleCriteriaTable

        rating_list_model, table_model = RatingList, TitleCriteriaTable
    for discipline, time_control, name in LISTS:
        rating_list_model.objects.get_or_create(
            discipline=discipline, time_control_class=time_control,
            defaults={"name": name, "rules": engine.default_rules(discipline, time_control)})
    data = engine.printed_table()
    table_model.objects.get_or_create(
        code=data["id"], defaults={
            "discipline": data.get("discipline", Discipline.XIANGQI.value),
            "valid_from": date.fromisoformat(data["valid_from"]), "valid_to": None,
            "source": data.get("source", ""), "data": data})
