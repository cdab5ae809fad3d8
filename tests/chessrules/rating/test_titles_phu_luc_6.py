"""Phụ lục 6 (Luật Cờ Tướng 2004): national xiangqi title standards, each criterion for men
(section A) and women (section B), with the numbers printed in the law."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction

import pytest

from chessrules.titles import (
    AXF_MASTER,
    DEFAULT_TABLE,
    FIRST_CATEGORY,
    INDIVIDUAL_CHAMPIONSHIP,
    MEN,
    NATIONAL_CANDIDATE_MASTER,
    NATIONAL_MASTER,
    PHU_LUC_6_2004,
    TEAM_CHAMPIONSHIP,
    WOMEN,
    WXF_MASTER,
    YOUTH_CHAMPIONSHIP,
    CriteriaError,
    EarlierQualification,
    EventPerformance,
    evaluate,
    highest_title,
    load_criteria,
    nearest_half_point,
    select_table,
)

END = date(2026, 6, 30)


def team(section: str, score: float, games: int, board_rank: int | None = None,
         rounds: int | None = None):
    return EventPerformance("team-2026", TEAM_CHAMPIONSHIP, section, END, score=score,
                            games=games, board_rank=board_rank, rounds=rounds)


def ids(qualifications: list) -> list[str]:
    return [q.criterion_id for q in qualifications]


def individual(section: str, rank: int):
    return EventPerformance("individual-2026", INDIVIDUAL_CHAMPIONSHIP, section, END, rank=rank)


def youth(section: str, age_group: int, rank: int):
    return EventPerformance("youth-2026", YOUTH_CHAMPIONSHIP, section, END, rank=rank,
                            age_group=age_group)


def met(result: EventPerformance, **kwargs) -> list[tuple[str, str]]:
    return [(q.title, q.criterion_id) for q in evaluate(DEFAULT_TABLE, result, **kwargs)]


# --- the printed score table ------------------------------------------------------------------


@pytest.mark.parametrize(("games", "master", "candidate", "first"),
                         [(9, "6.5", "6", "5"), (11, "8", "7.5", "6"), (13, "9.5", "9", "7")])
def test_printed_thresholds(games: int, master: str, candidate: str, first: str) -> None:
    """A.1.a: 9 ván 6,5 / 11 ván 8 / 13 ván 9,5; A.2.a: half a point lower; A.3.a and B.3.a:
    9 ván 5 / 11 ván 6 / 13 ván 7."""
    assert DEFAULT_TABLE.required_score("A.1.a", games) == Fraction(master)
    assert DEFAULT_TABLE.required_score("A.2.a", games) == Fraction(candidate)
    assert DEFAULT_TABLE.required_score("A.3.a", games) == Fraction(first)
    assert DEFAULT_TABLE.required_score("B.3.a", games) == Fraction(first)


@pytest.mark.parametrize(("percentage", "games", "printed"),
                         [(72, 9, "6.5"), (72, 11, "8"), (72, 13, "9.5"),
                          (55, 9, "5"), (55, 11, "6"), (55, 13, "7")])
def test_nearest_half_point_reproduces_the_printed_table(percentage: int, games: int,
                                                         printed: str) -> None:
    """72 % × 9, 11, 13 = 6.48, 7.92, 9.36 → 6.5, 8, 9.5; 55 % × 9, 11, 13 = 4.95, 6.05, 7.15
    → 5, 6, 7: rounding to the nearest half point gives every printed value (rounding up to a
    half point would give 6 for 55 % of 11 = 6.05 → 6.5, not the printed 6)."""
    assert nearest_half_point(Fraction(percentage * games, 100)) == Fraction(printed)


@pytest.mark.parametrize(("criterion", "games", "required"),
                         [("A.1.a", 7, "5"), ("A.1.a", 10, "7"), ("A.2.a", 10, "6.5"),
                          ("A.3.a", 7, "4"), ("A.3.a", 15, "8.5"), ("A.3.a", 5, "3")])
def test_other_numbers_of_games(criterion: str, games: int, required: str) -> None:
    """Not printed: 72 % × 7 = 5.04 → 5; 72 % × 10 = 7.2 → 7 (candidate 6.5); 55 % × 7 = 3.85 →
    4; ties go up: 55 % × 15 = 8.25 → 8.5, 55 % × 5 = 2.75 → 3."""
    assert DEFAULT_TABLE.required_score(criterion, games) == Fraction(required)


# --- men (A) ----------------------------------------------------------------------------------


def test_men_team_championship_scores() -> None:
    """A.1.a 6.5/9 → master (and the lower standards A.2.a, A.3.a with it);
    6/9 → candidate master (A.2.a) and first category; 5/9 → first category only;
    4.5/9 → nothing."""
    assert met(team(MEN, 6.5, 9)) == [(NATIONAL_MASTER, "A.1.a"),
                                      (NATIONAL_CANDIDATE_MASTER, "A.2.a"),
                                      (FIRST_CATEGORY, "A.3.a")]
    assert met(team(MEN, 6, 9)) == [(NATIONAL_CANDIDATE_MASTER, "A.2.a"), (FIRST_CATEGORY, "A.3.a")]
    assert met(team(MEN, 5, 9)) == [(FIRST_CATEGORY, "A.3.a")]
    assert met(team(MEN, 4.5, 9)) == []


@pytest.mark.parametrize(("games", "master", "below"), [(11, 8, 7.5), (13, 9.5, 9)])
def test_men_master_score_at_11_and_13_games(games: int, master: float, below: float) -> None:
    assert (NATIONAL_MASTER, "A.1.a") in met(team(MEN, master, games))
    assert (NATIONAL_MASTER, "A.1.a") not in met(team(MEN, below, games))
    assert (NATIONAL_CANDIDATE_MASTER, "A.2.a") in met(team(MEN, below, games))


def test_men_evidence_of_a_score_criterion() -> None:
    qualification = evaluate(DEFAULT_TABLE, team(MEN, 8, 11))[0]
    assert qualification.table_id == "phu-luc-6-2004"
    assert qualification.text.startswith("Đạt 72% số điểm")
    assert qualification.evidence == {"event_id": "team-2026", "category": TEAM_CHAMPIONSHIP,
                                      "end_date": "2026-06-30", "score": 8, "games": 11,
                                      "rounds": 11, "minimum_games": 8, "required_score": 8}


@pytest.mark.parametrize(("rank", "expected"),
                         [(1, [(NATIONAL_MASTER, "A.1.b")]), (6, [(NATIONAL_MASTER, "A.1.b")]),
                          (7, [(NATIONAL_CANDIDATE_MASTER, "A.2.b")]),
                          (10, [(NATIONAL_CANDIDATE_MASTER, "A.2.b")]), (11, [])])
def test_men_national_championship_ranks(rank: int, expected: list) -> None:
    """A.1.b: ranks 1-6 → master; A.2.b: ranks 7-10 → candidate master."""
    assert met(individual(MEN, rank)) == expected


@pytest.mark.parametrize(("age_group", "rank", "expected"),
                         [(18, 1, [(NATIONAL_CANDIDATE_MASTER, "A.2.c")]),
                          (18, 2, [(FIRST_CATEGORY, "A.3.b-u18")]),
                          (18, 3, [(FIRST_CATEGORY, "A.3.b-u18")]),
                          (18, 4, []),
                          (15, 1, [(FIRST_CATEGORY, "A.3.b-u15")]),
                          (15, 2, []),
                          (12, 1, [])])
def test_men_youth_championship(age_group: int, rank: int, expected: list) -> None:
    """A.2.c: U18 first → candidate master; A.3.b: U15 first or U18 second/third → first
    category; other places and age groups nothing."""
    assert met(youth(MEN, age_group, rank)) == expected


def test_men_candidate_standard_twice_in_a_year_gives_master() -> None:
    """A.1.c: a candidate-master standard now (rank 8 at the national championship) and one
    earlier in the same year → master, with both events as evidence; one from last year does
    not count."""
    earlier = [EarlierQualification(NATIONAL_CANDIDATE_MASTER, "A.2.c", "youth-2026",
                                    date(2026, 3, 1))]
    qualifications = evaluate(DEFAULT_TABLE, individual(MEN, 8), earlier=earlier)
    assert [(q.title, q.criterion_id) for q in qualifications] == [
        (NATIONAL_MASTER, "A.1.c"), (NATIONAL_CANDIDATE_MASTER, "A.2.b")]
    assert qualifications[0].evidence["standards"] == [
        {"event_id": "youth-2026", "criterion_id": "A.2.c"},
        {"event_id": "individual-2026", "criterion_id": "A.2.b"}]

    last_year = [EarlierQualification(NATIONAL_CANDIDATE_MASTER, "A.2.b", "individual-2025",
                                      date(2025, 10, 1))]
    assert met(individual(MEN, 8), earlier=last_year) == [(NATIONAL_CANDIDATE_MASTER, "A.2.b")]


def test_the_same_event_does_not_count_twice() -> None:
    """Re-checking an event whose qualification is already stored does not double it."""
    stored = [EarlierQualification(NATIONAL_CANDIDATE_MASTER, "A.2.b", "individual-2026",
                                   date(2026, 6, 30))]
    assert met(individual(MEN, 9), earlier=stored) == [(NATIONAL_CANDIDATE_MASTER, "A.2.b")]


def test_men_foreign_master_title() -> None:
    """A.1.d: a WXF or AXF master is a national master, without an event."""
    qualifications = evaluate(DEFAULT_TABLE, None, section=MEN, foreign_titles=[AXF_MASTER])
    assert [(q.title, q.criterion_id, q.event_id) for q in qualifications] == [
        (NATIONAL_MASTER, "A.1.d", None)]
    assert qualifications[0].evidence == {"foreign_titles": [AXF_MASTER]}
    assert evaluate(DEFAULT_TABLE, None, section=MEN, foreign_titles=["FIDE master"]) == []


# --- women (B) --------------------------------------------------------------------------------


@pytest.mark.parametrize(("board_rank", "expected"),
                         [(1, [(NATIONAL_MASTER, "B.1.a")]),
                          (2, [(NATIONAL_CANDIDATE_MASTER, "B.2.a")]),
                          (3, [(NATIONAL_CANDIDATE_MASTER, "B.2.a")]), (4, [])])
def test_women_team_championship_individual_ranking(board_rank: int, expected: list) -> None:
    """B.1.a: first individual at the team championship → master; B.2.a: individual 2nd-3rd
    → candidate master (a 4.5/9 score adds nothing: below 55 %)."""
    assert met(team(WOMEN, 4.5, 9, board_rank=board_rank)) == expected


def test_women_have_no_72_percent_criterion_but_55_percent() -> None:
    """Section B prints no 72 % standard: 7/9 with no individual ranking is first category
    (B.3.a, 55 %: 9 ván 5 điểm) only."""
    assert met(team(WOMEN, 7, 9)) == [(FIRST_CATEGORY, "B.3.a")]
    assert met(team(WOMEN, 6, 11)) == [(FIRST_CATEGORY, "B.3.a")]
    assert met(team(WOMEN, 6.5, 13)) == []


@pytest.mark.parametrize(("rank", "expected"),
                         [(1, [(NATIONAL_MASTER, "B.1.b")]), (3, [(NATIONAL_MASTER, "B.1.b")]),
                          (4, [(NATIONAL_CANDIDATE_MASTER, "B.2.b")]),
                          (5, [(NATIONAL_CANDIDATE_MASTER, "B.2.b")]), (6, [])])
def test_women_national_championship_ranks(rank: int, expected: list) -> None:
    """B.1.b: ranks 1-3 → master; B.2.b: ranks 4-5 → candidate master."""
    assert met(individual(WOMEN, rank)) == expected


@pytest.mark.parametrize(("age_group", "rank", "expected"),
                         [(18, 1, [(NATIONAL_CANDIDATE_MASTER, "B.2.c")]),
                          (18, 2, [(FIRST_CATEGORY, "B.3.b-u18")]),
                          (18, 3, [(FIRST_CATEGORY, "B.3.b-u18")]),
                          (15, 1, [(FIRST_CATEGORY, "B.3.b-u15")]), (15, 3, [])])
def test_women_youth_championship(age_group: int, rank: int, expected: list) -> None:
    """B.2.c: U18 first → candidate master; B.3.b: U15 first, U18 second/third → first category."""
    assert met(youth(WOMEN, age_group, rank)) == expected


def test_women_candidate_standard_twice_and_foreign_title() -> None:
    """B.1.d: candidate standard (4th at the national championship) plus an earlier one (2nd
    individual at the team championship) in the year → master; B.1.c: WXF master → master."""
    earlier = [EarlierQualification(NATIONAL_CANDIDATE_MASTER, "B.2.a", "team-2026",
                                    date(2026, 4, 1))]
    qualifications = evaluate(DEFAULT_TABLE, individual(WOMEN, 4), earlier=earlier,
                              foreign_titles=[WXF_MASTER])
    assert [(q.title, q.criterion_id) for q in qualifications] == [
        (NATIONAL_MASTER, "B.1.c"), (NATIONAL_MASTER, "B.1.d"),
        (NATIONAL_CANDIDATE_MASTER, "B.2.b")]
    assert highest_title(qualifications) == NATIONAL_MASTER


def test_sections_do_not_mix() -> None:
    """A woman's 6th place at the national championship is not the men's A.1.b."""
    assert met(individual(WOMEN, 6)) == []


# --- the table as data ------------------------------------------------------------------------


def test_table_round_trips_through_json_and_can_be_changed() -> None:
    """The note under Phụ lục 6: standards may change per period and are published in the
    national events' regulations — a new version is just a new table."""
    data = json.loads(json.dumps(PHU_LUC_6_2004))
    data["id"] = "dieu-le-2027"
    data["valid_from"] = "2027-01-01"
    for criterion in data["criteria"]:
        if criterion["id"] == "A.1.b":
            criterion["rank_max"] = 4  # only the first four become masters from 2027
    new = load_criteria(json.dumps(data))
    assert met(individual(MEN, 5)) == [(NATIONAL_MASTER, "A.1.b")]
    assert [q.criterion_id for q in evaluate(new, individual(MEN, 5))] == []
    assert select_table([DEFAULT_TABLE, new], date(2026, 12, 31)) is DEFAULT_TABLE
    assert select_table([DEFAULT_TABLE, new], date(2027, 1, 1)) is new
    assert load_criteria(DEFAULT_TABLE.to_dict()).criteria == DEFAULT_TABLE.criteria


@pytest.mark.parametrize(("change", "message"), [
    ({"kind": "medal"}, "criterion A.1.b: kind 'medal' is not one of"),
    ({"rank_max": None}, "criterion A.1.b: field 'rank_max' is needed for a rank criterion"),
    ({"section": "mixed"}, "criterion A.1.b: section 'mixed'"),
    ({"title": "grandmaster"}, "criterion A.1.b: title 'grandmaster' is not in"),
    ({"event_category": "club_cup"}, "criterion A.1.b: event_category 'club_cup'"),
])
def test_bad_tables_are_rejected_naming_the_criterion(change: dict, message: str) -> None:
    data = json.loads(json.dumps(PHU_LUC_6_2004))
    for criterion in data["criteria"]:
        if criterion["id"] == "A.1.b":
            criterion.update(change)
    with pytest.raises(CriteriaError, match=message):
        load_criteria(data)


def test_bad_event_results_are_rejected() -> None:
    with pytest.raises(ValueError, match="score 10 is outside 0..9"):
        team(MEN, 10, 9)
    with pytest.raises(ValueError, match="section 'mixed'"):
        EventPerformance("e", TEAM_CHAMPIONSHIP, "mixed", END, score=1, games=1)


# --- minimum games (Phụ lục 6 A.1.a, A.2.a, A.3.a; 002 Đ2.3 two thirds of the rounds) ----------


def test_half_out_of_one_game_does_not_meet_72_percent() -> None:
    """A.1.a: one game of a nine-round event is below two thirds of the rounds (6)."""
    assert evaluate(DEFAULT_TABLE, team(MEN, 0.5, 1, rounds=9)) == []


def test_zero_out_of_one_game_does_not_meet_the_candidate_standard() -> None:
    """A.2.a: 72 % of 1 game rounds to 0.5, minus 0.5 is 0 points — never a standard, even when
    the event had one round."""
    assert DEFAULT_TABLE.required_score("A.2.a", 1) == 0
    assert evaluate(DEFAULT_TABLE, team(MEN, 0, 1, rounds=1)) == []
    assert evaluate(DEFAULT_TABLE, team(MEN, 0, 1)) == []


@pytest.mark.parametrize(("rounds", "minimum"), [(9, 6), (11, 8), (13, 9), (7, 5)])
def test_minimum_games_is_two_thirds_of_the_rounds(rounds: int, minimum: int) -> None:
    assert DEFAULT_TABLE.minimum_games(rounds) == minimum
    enough = team(MEN, minimum, minimum, rounds=rounds)
    assert [q.criterion_id for q in evaluate(DEFAULT_TABLE, enough)][:1] == ["A.1.a"]
    short = team(MEN, minimum - 1, minimum - 1, rounds=rounds)
    assert evaluate(DEFAULT_TABLE, short) == []


def test_printed_table_stays_exact_when_all_rounds_are_played() -> None:
    """A.1.a / A.2.a / A.3.a: 9, 11, 13 games → 6.5, 8, 9.5 / 6, 7.5, 9 / 5, 6, 7."""
    for games, master, candidate, first in ((9, 6.5, 6, 5), (11, 8, 7.5, 6), (13, 9.5, 9, 7)):
        assert ids(evaluate(DEFAULT_TABLE, team(MEN, master, games, rounds=games)))[0] == "A.1.a"
        assert ids(evaluate(DEFAULT_TABLE, team(MEN, candidate, games, rounds=games)))[0] \
            == "A.2.a"
        assert ids(evaluate(DEFAULT_TABLE, team(MEN, first, games, rounds=games))) == ["A.3.a"]
        assert ids(evaluate(DEFAULT_TABLE, team(MEN, first - 0.5, games, rounds=games))) == []


def test_minimum_games_is_table_data() -> None:
    data = DEFAULT_TABLE.to_dict() | {"id": "strict", "min_games_share": "1", "min_games": 9}
    strict = load_criteria(data)
    assert strict.minimum_games(7) == 9
    assert evaluate(strict, team(MEN, 8, 8, rounds=8)) == []
    with pytest.raises(CriteriaError, match="min_games_share"):
        load_criteria(DEFAULT_TABLE.to_dict() | {"min_games_share": "3/2"})
    with pytest.raises(CriteriaError, match="min_games"):
        load_criteria(DEFAULT_TABLE.to_dict() | {"min_games": -1})
