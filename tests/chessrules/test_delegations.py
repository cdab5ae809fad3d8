"""The overall delegation ranking (seed 000, Phụ lục 5 mục 10 "Giải thưởng cho cá nhân, đồng
đội, toàn đoàn"; Điều 19.4) by the two readings of docs/decisions-tournaments.md.

Hand-worked example: Hà Nội 1 gold 0 silver 2 bronze, 9.5 points; TP HCM 1 gold 1 silver 0
bronze, 8 points; Đà Nẵng 0 gold 2 silver 1 bronze, 12 points; Huế 0/0/0, 3 points.
By medals: TP HCM (1-1-0) before Hà Nội (1-0-2), then Đà Nẵng (0-2-1), then Huế.
By points: Đà Nẵng 12, Hà Nội 9.5, TP HCM 8, Huế 3."""

from decimal import Decimal

from chessrules.competition.delegations import (
    DelegationOrder,
    Tally,
    medal_of,
    rank_delegations,
)

HANOI = Tally(1, gold=1, bronze=2, points=Decimal("9.5"))
HCM = Tally(2, gold=1, silver=1, points=Decimal(8))
DANANG = Tally(3, silver=2, bronze=1, points=Decimal(12))
HUE = Tally(4, points=Decimal(3))


def test_by_medals_gold_then_silver_then_bronze():
    ranked = rank_delegations([HANOI, HCM, DANANG, HUE], DelegationOrder.MEDALS)
    assert [(r.rank, r.tally.key) for r in ranked] == [(1, 2), (2, 1), (3, 3), (4, 4)]


def test_by_points_then_medals():
    ranked = rank_delegations([HANOI, HCM, DANANG, HUE], DelegationOrder.POINTS)
    assert [(r.rank, r.tally.key) for r in ranked] == [(1, 3), (2, 1), (3, 2), (4, 4)]


def test_equal_on_every_count_share_the_better_rank():
    a = Tally(7, gold=1, points=Decimal(5))
    b = Tally(8, gold=1, points=Decimal(5))
    c = Tally(9, points=Decimal(1))
    ranked = rank_delegations([c, b, a], DelegationOrder.MEDALS)
    assert [(r.rank, r.tally.key) for r in ranked] == [(1, 7), (1, 8), (3, 9)]


def test_medal_of_place():
    assert [medal_of(p) for p in (1, 2, 3, 4)] == ["gold", "silver", "bronze", None]
