"""The games app reads its per-discipline tables from ``chessrules.values.Discipline``: the
records' notation choices, the public API's notations, the PGN formats, the machine notation
of a validation report (issue 33: they were written five times, with different labels)."""

from __future__ import annotations

import pytest
from django.utils import translation

from chessrules.values import Discipline
from core.errors import ServiceError
from games import engine, public_api, services
from games.models import GameRecord, Notation


def test_record_notations_are_auto_and_the_disciplines_with_their_labels():
    """Điều 11.2a/b, Phụ lục 3, WXF, ICCS; chess SAN, Vietnamese letters, UCI: one label table.
    A code both disciplines use (``vn``) names both forms."""
    labels = {code: str(label) for code, label in Notation.choices}
    assert list(labels) == ["auto", "vn", "vn-words", "asian", "coord", "wxf", "iccs", "san",
                            "uci"]
    assert labels["vn-words"] == Discipline.XIANGQI.notation_labels["vn-words"]
    assert labels["san"] == Discipline.CHESS.notation_labels["san"] == "SAN (Nf3)"
    assert labels["vn"] == "Việt Nam (P2-5) / Việt Nam (Mf3)"
    with translation.override("en"):
        labels = {code: str(label) for code, label in Notation.choices}
    assert labels["vn-words"] == "Vietnamese in words (Pháo 2 bình 5)"
    assert labels["vn"] == "Vietnamese (P2-5) / Vietnamese (Mf3)"


def test_the_public_api_and_pgn_export_list_the_disciplines_notations():
    assert public_api.ALL_NOTATIONS == ("vn", "vn-words", "asian", "coord", "wxf", "iccs",
                                        "san", "uci")
    assert set(public_api.ALL_NOTATIONS) == set(Notation.values) - {"auto"}
    assert public_api.ALL_PGN_NOTATIONS == ("iccs", "wxf", "san", "uci")


@pytest.mark.parametrize("discipline,moves,notation", [
    (Discipline.XIANGQI, "1. P2-5 M8.7", "vn"),
    (Discipline.CHESS, "1. e4 e5", "san"),
])
def test_a_validation_report_names_the_disciplines_machine_notation(discipline, moves,
                                                                    notation):
    report = engine.validate(discipline, moves, notation=notation)
    assert report["valid"] and report["coordinates"] == discipline.machine_notation
    assert engine.is_start_position(discipline, discipline.start_fen)


@pytest.mark.parametrize("discipline,notation,message,english", [
    ("chess", "wxf", "chỉ dùng cho cờ tướng", "This notation is for xiangqi only."),
    ("chess", "vn-words", "chỉ dùng cho cờ tướng", "This notation is for xiangqi only."),
    ("xiangqi", "san", "chỉ dùng cho cờ vua", "This notation is for chess only."),
    ("xiangqi", "uci", "chỉ dùng cho cờ vua", "This notation is for chess only."),
])
def test_a_record_refuses_the_other_disciplines_notation(discipline, notation, message,
                                                         english):
    game = GameRecord(discipline=discipline, notation=notation)
    with pytest.raises(ServiceError) as refused:
        services.check_fields(game)
    assert message in str(refused.value.message) and "notation" in refused.value.fields
    with translation.override("en"), pytest.raises(ServiceError) as refused:
        services.check_fields(game)
    assert str(refused.value.message) == english


@pytest.mark.parametrize("discipline", list(Discipline))
def test_a_record_takes_its_disciplines_notations_and_auto(discipline):
    for notation in ("auto", *discipline.notations):
        services.check_fields(GameRecord(discipline=discipline, notation=notation))
