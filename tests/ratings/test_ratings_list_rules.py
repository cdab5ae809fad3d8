"""Rating-list settings follow FIDE B.02 8.3.1 as amended 1 October 2025 for chess (issue #16):
players rated 2650 or more are exempt from the 400-point rule; xiangqi lists keep theirs."""

from __future__ import annotations

import importlib
from datetime import date

import pytest
from django.apps import apps

from chessrules.rating import FIDE_STANDARD, PlayerState, RatedGame, rate_period
from ratings import engine
from ratings.models import RatingList
from tests.helpers import client_for

pytestmark = pytest.mark.django_db


def rules(discipline: str, klass: str = "standard") -> dict:
    return RatingList.objects.get(discipline=discipline, time_control_class=klass).rules


def test_chess_lists_exempt_2650_and_xiangqi_lists_keep_the_cap() -> None:
    for klass in ("standard", "rapid", "blitz"):
        assert rules("chess", klass)["difference_cap_exempt_from"] == 2650
        assert rules("xiangqi", klass)["difference_cap_exempt_from"] is None
    # 2700 beats 2200 (D 500): the exempt player's PD is .96, his opponent's still .08.
    top, club = PlayerState(2700, games=900), PlayerState(2200, games=300)
    for discipline, expected in (("chess", 0.96), ("xiangqi", 0.92)):
        result = rate_period({"top": top, "club": club}, [RatedGame("e", "top", "club", 1)],
                             engine.rules_from_dict(rules(discipline)), period=date(2026, 11, 1))
        assert result["top"].events[0].games[0].expected == expected
        assert result["club"].events[0].games[0].expected == 0.08


def test_staff_edit_of_a_chess_list_keeps_the_2025_default(staff) -> None:
    """A partial edit fills the missing settings from the list's own preset (chess: 2025)."""
    lst = RatingList.objects.get(discipline="chess", time_control_class="standard")
    ok = client_for(staff).patch(f"/api/v1/ratings/lists/{lst.pk}/", {"rules": {"k_standard": 25}},
                                 format="json")
    assert ok.status_code == 200, ok.content
    assert ok.json()["rules"]["difference_cap_exempt_from"] == 2650
    assert ok.json()["rules"]["k_standard"] == 25


def test_data_migration_moves_untouched_chess_lists_only() -> None:
    migration = importlib.import_module("ratings.migrations.0005_chess_lists_fide_2025")
    old = FIDE_STANDARD.to_dict()
    RatingList.objects.filter(discipline__in=["chess", "xiangqi"],
                              time_control_class="standard").update(rules=old)
    custom = RatingList.objects.get(discipline="chess", time_control_class="blitz")
    custom.rules = old | {"name": "Liên đoàn 2025"}
    custom.save()
    migration.forward(apps, None)
    assert rules("chess")["difference_cap_exempt_from"] == 2650
    assert rules("chess")["name"] == "FIDE B.02 2025-10-01"
    assert rules("xiangqi")["difference_cap_exempt_from"] is None
    assert rules("chess", "blitz")["difference_cap_exempt_from"] is None
