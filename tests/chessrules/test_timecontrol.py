"""Time controls as data (seed 000 Điều 10.1.1, 10.1.2; seed 002 Luật Cờ Vua 6.2, B1, C1)."""

from __future__ import annotations

import pytest

from chessrules.timecontrol import (
    PRESETS,
    TimeControl,
    TimeControlError,
    from_label,
    preset_of,
)


def test_asian_control_is_the_seed_table_dieu_10_1_2():
    """Điều 10.1.2 (Luật cờ Tướng châu Á): 25 moves in 60 minutes, 35 in 75, 45 in 90,
    55 in 105, 65 in 120, then every 5 minutes 10 moves."""
    asian = TimeControl.parse(PRESETS["asian"])
    cumulative, moves, minutes = [], 0, 0
    for period in asian.periods[:5]:
        moves += period.moves or 0
        minutes += period.minutes
        cumulative.append((moves, minutes))
    assert cumulative == [(25, 60), (35, 75), (45, 90), (55, 105), (65, 120)]
    last = asian.periods[-1]
    assert (last.moves, last.minutes, last.repeat) == (10, 5, True)
    # 75 moves: 120 minutes for the first 65, then one 5-minute block of 10 moves
    assert asian.minutes_for(75) == 125
    assert asian.minutes_for(76) == 130


def test_seed_minute_controls_dieu_10_1_1():
    """10.1.1a 60, b 90, c 120 with a move count (10.1.2: 25 moves in the first 60), d every
    15 minutes 10 moves, e rapid 15/25/30."""
    assert TimeControl.parse(PRESETS["60"]).minutes_for(200) == 60
    assert not TimeControl.parse(PRESETS["90"]).checks_moves
    c = TimeControl.parse(PRESETS["120"])
    assert c.checks_moves and c.periods[0].moves == 25 and c.periods[0].minutes == 60
    assert c.minutes_for() == 120
    b = TimeControl.parse(PRESETS["90_25"])
    assert [(p.moves, p.minutes) for p in b.periods] == [(25, 60), (None, 30)]
    intl = TimeControl.parse(PRESETS["intl_10_15"])
    assert intl.minutes_for(10) == 15 and intl.minutes_for(11) == 30
    assert [TimeControl.parse(PRESETS[k]).minutes_for() for k in
            ("rapid_15", "rapid_25", "rapid_30")] == [15, 25, 30]


def test_increment_counts_in_the_class_fide():
    """FIDE's classing: the time of a 60-move game. 15 + 10 s = 25 minutes: rapid; 3 + 2 s =
    5 minutes: blitz; 90/40 + 30 + 30 s: 90 + 30 + 30 = 150 minutes, standard."""
    assert TimeControl.parse(PRESETS["fide_rapid_15_10"]).minutes_for() == 25
    assert TimeControl.parse(PRESETS["fide_rapid_15_10"]).time_class() == "rapid"
    assert TimeControl.parse(PRESETS["fide_blitz_3_2"]).time_class() == "blitz"
    standard = TimeControl.parse(PRESETS["fide_40_90_30"])
    assert standard.minutes_for() == 150 and standard.time_class() == "standard"
    assert standard.pgn() == "40/5400+30:1800+30"


def test_class_bounds_follow_002_b1_c1():
    """002 B1: rapid 15 to 60 minutes; C1: blitz under 15. 60 minutes fits standard and
    rapid; 15 minutes fits rapid, not blitz; 10 minutes is blitz, not rapid."""
    def flat(minutes: int) -> TimeControl:
        return TimeControl.parse({"periods": [{"moves": None, "minutes": minutes}]})
    assert flat(60).allows_class("standard") and flat(60).allows_class("rapid")
    assert not flat(59).allows_class("standard")
    assert flat(15).allows_class("rapid") and not flat(15).allows_class("blitz")
    assert flat(10).allows_class("blitz") and not flat(10).allows_class("rapid")


@pytest.mark.parametrize(("data", "field"), [
    ({}, "periods"),
    ({"periods": []}, "periods"),
    ({"periods": [{"moves": None, "minutes": 0}]}, "periods[0].minutes"),
    ({"periods": [{"moves": None, "minutes": 601}]}, "periods[0].minutes"),
    ({"periods": [{"moves": None, "minutes": 60}, {"moves": None, "minutes": 30}]},
     "periods[0].moves"),
    ({"periods": [{"moves": 40, "minutes": 90}]}, "periods[0].moves"),
    ({"periods": [{"moves": None, "minutes": 90, "repeat": True}]}, "periods[0].repeat"),
    ({"periods": [{"moves": "40", "minutes": 90}, {"moves": None, "minutes": 30}]},
     "periods[0].moves"),
    ({"periods": [{"moves": None, "minutes": 90}], "increment_seconds": 301},
     "increment_seconds"),
    ({"periods": [{"moves": None, "minutes": 90}], "bonus": 1}, "bonus"),
    ({"periods": [{"moves": None, "minutes": 90}] * 11}, "periods"),
])
def test_malformed_controls_name_the_field(data, field):
    with pytest.raises(TimeControlError) as caught:
        TimeControl.parse(data)
    assert caught.value.field == field


def test_labels_read_as_controls():
    assert preset_of(from_label("90 phút + 30 giây mỗi nước")) == "fide_90_30"
    assert preset_of(from_label("90' + 30\"")) == "fide_90_30"
    assert preset_of(from_label("40/5400+30:1800+30")) == "fide_40_90_30"
    assert preset_of(from_label("60 phút mỗi bên")) == "60"
    assert from_label("25/3600:1800").to_dict() == PRESETS["90_25"]
    assert from_label("theo điều lệ") is None and from_label("") is None
    own = from_label("45 phút")
    assert own is not None and preset_of(own) is None


def test_every_preset_round_trips():
    for key, data in PRESETS.items():
        control = TimeControl.parse(data)
        assert control.to_dict() == data and preset_of(control) == key
