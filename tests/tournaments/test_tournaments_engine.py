"""The adapter's pure planners (#19): a frozen ``Snapshot`` in, plans and tables out —
no database. Rules: Berger tables (Điều 24), knockout (Điều 25), withdrawals (21.5),
tie-breaks (Phụ lục 1 / C.07)."""

from __future__ import annotations

import dataclasses
import datetime
from types import MappingProxyType

import pytest

from tournaments import engine, systems
from tournaments.engine import knockout, pairing, tables
from tournaments.engine.loader import settings_of
from tournaments.engine.snapshot import EntryRow, PairingRow, Settings, Snapshot, history
from tournaments.models import Tournament


def _event(system: str, players: int, pairings=(), **settings) -> Snapshot:
    entries = tuple(EntryRow(n, pk=100 + n, name=f"P{n}", rating=2000 - n)
                    for n in range(1, players + 1))
    return Snapshot(Settings(id=1, system=system, lot_seed=7, **settings), entries,
                    tuple(pairings))


def test_round_robin_planner_forfeits_a_withdrawn_players_games():
    """Điều 21.5: after a withdrawal his remaining games are planned as forfeits."""
    snap = _event("round_robin", 4)
    entries = list(snap.entries)
    entries[0] = entries[0]._replace(withdrawn_after=1)
    snap = dataclasses.replace(snap, entries=tuple(entries))
    first = systems.plan(snap, 1, seed=None)
    second = systems.plan(snap, 2, seed=None)
    assert first.seed == 7 and all(b.result == "" for b in first.boards)
    forfeits = [b for b in second.boards if 1 in (b.white, b.black)]
    assert len(forfeits) == 1 and forfeits[0].result in ("+-", "-+")
    with pytest.raises(pairing.EngineError, match="Giải chỉ có 3 ván") as refused:
        systems.plan(snap, 4, seed=None)
    assert refused.value.code == "no_more_rounds" and refused.value.params["n"] == 3


def test_unknown_system_is_refused_by_name():
    with pytest.raises(pairing.EngineError, match="'simul'") as refused:
        systems.plan(_event("simul", 2), 1, seed=None)
    assert refused.value.code == "unknown_system"


def test_history_codes_from_pairing_rows():
    rows = (PairingRow(1, 1, "game", 1, 2, "1-0"), PairingRow(1, 2, "pab", 3),
            PairingRow(2, 1, "game", 2, 3, ""), PairingRow(2, 2, "bye", 1, bye_points=0.5))
    games = history(_event("dutch", 3, rows))
    assert [(g.opponent, g.color, g.result) for g in games[1].values()] == [
        (2, "w", "1"), (None, "-", "H")]
    assert games[3][1].result == "U" and games[3][2].result == " "  # pending result


def test_knockout_replay_decides_a_stage_and_the_champion():
    """Điều 25: the bracket is replayed from the recorded games."""
    key = knockout.match_key(1, 1, 2)
    rows = (PairingRow(1, 1, "game", 1, 2, "1-0", match_key=key),
            PairingRow(2, 1, "game", 2, 1, "1/2-1/2", match_key=key))
    stages = knockout.stages(_event("knockout", 2, rows, knockout_tie_rule="two_then_lots"))
    assert stages[-1].finished and knockout.champion(stages) == 1
    pending = knockout.stages(_event("knockout", 2, rows[:1] + (
        rows[1]._replace(result=""),)))
    assert pending[-1].pending == {(1, 2)} and knockout.champion(pending) is None


def test_knockout_double_forfeit_follows_the_regulations_rule():
    """Điều 25 / 002 Điều 11: a double forfeit in the 1-4 match — both out (2-3's winner
    passes the final), the higher seed advances, or the game is replayed."""
    k14, k23 = knockout.match_key(1, 1, 4), knockout.match_key(1, 2, 3)
    rows = (PairingRow(1, 1, "game", 1, 4, "--", match_key=k14),
            PairingRow(1, 2, "game", 2, 3, "1-0", match_key=k23),
            PairingRow(2, 1, "game", 3, 2, "0-1", match_key=k23))
    out = knockout.stages(_event("knockout", 4, rows))
    assert [s.pairs for s in out] == [[(1, 4), (2, 3)], [(2, None)]]
    assert out[0].matches[(1, 4)].both_out and knockout.champion(out) == 2
    seeded = knockout.stages(_event("knockout", 4, rows,
                                    knockout_double_forfeit="higher_seed"))
    assert seeded[-1].pairs == [(1, 2)] and not seeded[-1].finished
    replay = knockout.stages(_event("knockout", 4, rows, knockout_double_forfeit="replay"))
    assert len(replay) == 1 and not replay[0].matches[(1, 4)].finished
    plan = systems.plan(_event("knockout", 4, rows, knockout_double_forfeit="replay"), 2,
                        seed=None)
    first_white, first_black, _ = replay[0].matches[(1, 4)].games[0]
    assert [(b.white, b.black, b.game_number) for b in plan.boards] == [
        (first_white, first_black, 2)]  # game 1 again, same colours


def _play_out(players: int, **settings) -> tuple[Snapshot, list[list[str]]]:
    """Pair every game round with the planner until the knockout is decided; the better
    seed (lower number) wins every game. Returns the snapshot and each round's match keys."""
    rows: list[PairingRow] = []
    keys = []
    for number in range(1, 20):
        snap = _event("knockout", players, rows, **settings)
        try:
            plan = systems.plan(snap, number, seed=None)
        except pairing.EngineError as exc:
            assert exc.code == "no_more_rounds"
            return snap, keys
        keys.append(sorted(b.match_key for b in plan.boards if b.kind == "game"))
        rows += [PairingRow(number, i, b.kind, b.white, b.black,
                            "1-0" if b.white < b.black else "0-1", match_key=b.match_key)
                 if b.kind == "game" else PairingRow(number, i, b.kind, b.white, bye_points=1)
                 for i, b in enumerate(plan.boards, 1)]
    raise AssertionError("the knockout never ended")


def test_knockout_placement_matches_for_3rd_and_5_to_8():
    """002 Điều 11 ("người thua … lập thành những cặp để xếp hạng"): with 3rd and 5-8 asked
    for, the quarter-final losers play 8-5 and 7-6 beside the semi-finals, then for 5th and
    7th beside the final and the 3rd-place match (4-3); every place 1-8 is played for."""
    snap, keys = _play_out(8, knockout_placement="third_5_8")
    assert keys == [
        ["s1:1-8", "s1:2-7", "s1:3-6", "s1:4-5"]] * 2 + [
        ["p5-8:7-6", "p5-8:8-5", "s2:1-4", "s2:2-3"]] * 2 + [
        ["p3:4-3", "p5:5-6", "p7:8-7", "s3:1-2"]] * 2
    main = knockout.stages(snap)
    placement = knockout.placement_stages(snap, main)
    assert [s.label for s in placement] == ["3", "5-8", "5", "7"]
    assert knockout.places(main, placement) == [(n, n) for n in range(1, 9)]
    rows, _ = engine.table_of(snap, 6, [])  # standings by place, not by points
    assert [(r["rank"], r["starting_number"]) for r in rows] == [(n, n) for n in range(1, 9)]


def test_knockout_without_placement_matches_shares_3rd_and_5th():
    snap, keys = _play_out(8, knockout_placement="none")
    assert len(keys) == 6 and all(k.startswith("s") for ks in keys for k in ks)
    main = knockout.stages(snap)
    assert knockout.places(main, knockout.placement_stages(snap, main)) == [
        (1, 1), (2, 2), (3, 4), (3, 3), (5, 8), (5, 5), (5, 7), (5, 6)]
    rows, _ = engine.table_of(snap, 6, [])
    assert [r["rank"] for r in rows] == [1, 2, 3, 3, 5, 5, 5, 5]
    after_quarters = dataclasses.replace(snap, pairings=tuple(
        p for p in snap.pairings if p.round <= 2))
    rows, _ = engine.table_of(after_quarters, 2, [])  # 1-4 still in, 5-8 out in the QFs
    assert sorted((r["rank"], r["starting_number"]) for r in rows) == [
        (1, 1), (1, 2), (1, 3), (1, 4), (5, 5), (5, 6), (5, 7), (5, 8)]
    third, _ = _play_out(6, knockout_placement="third")  # seeds 1 and 2 pass round 1
    main = knockout.stages(third)
    assert [(s.label, s.pairs) for s in knockout.placement_stages(third, main)] == [
        ("3", [(4, 3)])]


def test_standings_are_memoised_by_the_snapshot_value_never_stale():
    rows = (PairingRow(1, 1, "game", 1, 2, "1-0"),)
    snap = _event("dutch", 2, rows)
    first, _ = engine.table_of(snap, 1, ["BH"])
    again, _ = engine.table_of(_event("dutch", 2, rows), 1, ["BH"])  # equal, not identical
    assert again is first
    changed, _ = engine.table_of(_event("dutch", 2, (rows[0]._replace(result="0-1"),)), 1,
                                 ["BH"])
    assert [r["starting_number"] for r in first] == [1, 2]
    assert [r["starting_number"] for r in changed] == [2, 1]


def test_crosstable_cells_and_requested_byes():
    entries = (EntryRow(1, byes=MappingProxyType({2: 0.5})), EntryRow(2), EntryRow(3))
    rows = (PairingRow(1, 1, "game", 1, 2, "1/2-1/2"), PairingRow(1, 2, "pab", 3),
            PairingRow(2, 1, "bye", 1, bye_points=0.5), PairingRow(2, 2, "game", 3, 2, "0-1"))
    snap = Snapshot(Settings(id=2, system="dutch"), entries, rows)
    cells = tables.crosstable(snap, 2)
    assert [(c["opponent"], c["color"]) for c in cells[1]] == [(2, "w"), (None, None)]
    assert [c["mark"] for c in cells[2]] == ["½", "1"]
    table = tables.standings(snap, 2, ["BH"])
    assert {r["starting_number"]: r["points"] for r in table} == {1: 1.0, 2: 1.5, 3: 1.0}


def test_fide_tiebreaks_follow_the_c07_version_of_the_events_first_day():
    """C.07 Art. 16: round 1, 1 wins by forfeit against 2. The 2026 text (in force from
    1 March 2026, 16.4.1) caps the dummy opponent by the scheduled opponent's adjusted
    score, 2's 0: BH 0 (TieBreakServer's value, issue 29); the 2024 text (16.3): the
    dummy has 1's own 1.0. BH-VN (Điều 21.4, not C.07) counts the scheduled opponent's 0
    in both."""
    rows = (PairingRow(1, 1, "game", 1, 2, "+-"), PairingRow(1, 2, "game", 3, 4, "1-0"))
    for rules, bh in (("2026", 0.0), ("2024", 1.0)):
        snap = _event("dutch", 4, rows, tiebreak_rules=rules)
        table = {r["starting_number"]: r["tiebreaks"]
                 for r in tables.standings(snap, 1, ["BH", "BH-VN"])}
        assert table[1] == {"BH": bh, "BH-VN": 0.0}
        assert table[4] == {"BH": 1.0, "BH-VN": 1.0}


@pytest.mark.parametrize(("start", "rules"), [
    (datetime.date(2026, 2, 28), "2024"), (datetime.date(2026, 3, 1), "2026")])
def test_the_loader_picks_the_c07_version_by_the_start_date(start, rules):
    """C.07 as amended by the FIDE Council (2 February 2026) applies from 1 March 2026."""
    event = Tournament(name="x", system="dutch", start_date=start, bye_score=1)
    assert settings_of(event).tiebreak_rules == rules
