"""PGN export of game records: one game, a round, a whole tournament.

Xiangqi games carry ``[Variant "xiangqi"]`` and ``[FEN]`` when not from the initial position,
with ICCS or WXF moves as chosen; chess games SAN or UCI. The moves written are the record's
normalised moves (a record that is not valid exports the moves up to its first error, and
says so in a comment tag). The arbiter's decision gives the Result; "both lose" (Điều 7.1i),
which PGN cannot express, is written ``*`` with ``[Decision "both_lose"]``.
"""

from __future__ import annotations

from collections.abc import Iterable

from chessrules.values import Discipline
from games import engine
from games.models import GameRecord, ValidationStatus
from tournaments import engine as tournament_engine


def pgn_result(game: GameRecord) -> str:
    if game.decision:
        return engine.result_of_decision(game.decision) or "*"
    return game.declared_score or "*"


def _round_date(game: GameRecord) -> str:
    """The day the game was played: the record's, else its round's (started, else paired)."""
    day = game.played_on
    if day is None and game.pairing is not None:
        rnd = game.pairing.round
        moment = rnd.started_at or rnd.paired_at
        day = moment.date() if moment else None
    return day.strftime("%Y.%m.%d") if day else "????.??.??"


def _event_tags(game: GameRecord) -> dict[str, str]:
    """A tournament game's tags from its event (PGN standard 9.x): the players' ratings
    and FIDE ids as entered, the time control in PGN's form."""
    pairing = game.pairing
    if pairing is None:
        return {}
    tags: dict[str, str] = {}
    for side, entry in (("White", pairing.white), ("Black", pairing.black)):
        if entry is not None and entry.rating:
            tags[f"{side}Elo"] = str(entry.rating)
        if entry is not None and entry.fide_id and entry.fide_id.strip("0"):
            tags[f"{side}FideId"] = entry.fide_id
    control = tournament_engine.time_control_pgn(pairing.round.tournament.time_control)
    if control:
        tags["TimeControl"] = control
    return tags


def game_headers(game: GameRecord) -> dict[str, str]:
    venue = game.pairing.round.tournament.venue if game.pairing is not None else ""
    headers = {
        "Event": game.event_name or "?",
        "Site": venue or "?",
        "Date": _round_date(game),
        "Round": str(game.round_number) if game.round_number else "?",
        "White": game.white_name or (game.white.full_name if game.white else "?"),
        "Black": game.black_name or (game.black.full_name if game.black else "?"),
    }
    if game.board_number:
        headers["Board"] = str(game.board_number)
    headers.update(_event_tags(game))
    for tag, value in (game.pgn_tags or {}).items():  # the uploaded file's own tags
        if headers.get(tag, "?") in ("?", "????.??.??"):
            headers[tag] = value
    if game.decision:
        headers["Decision"] = game.decision
    if game.decision_reason:
        headers["Termination"] = engine.pgn_termination(game.decision_reason)
        headers["DecisionReason"] = game.decision_reason
    if game.validation_status == ValidationStatus.INVALID and game.validation_error:
        headers["Annotator"] = (f"invalid at ply {game.validation_error.get('ply')}: "
                                f"{game.validation_error.get('text')}")
    return headers


def current_moves(game: GameRecord) -> tuple[list[str], list[str]]:
    """The record's normalised and Vietnamese moves; replayed now (not stored) when the
    stored validation is missing or stale, so an export never shows an outdated move list."""
    from games import services

    if game.validation_status != ValidationStatus.PENDING and \
            game.validated_input == services.validation_key(game):
        return list(game.moves_normalised), list(game.moves_federation)
    report = engine.validate(**services.validation_inputs(game))
    return list(report.get("moves") or []), list(report.get("moves_vn") or [])


def export_game(game: GameRecord, fmt: str | None = None) -> str:
    """One record as PGN text (``fmt``: iccs/wxf for xiangqi, san/uci for chess)."""
    fmt = fmt or Discipline(game.discipline).export_notations[0]
    headers = game_headers(game)
    if game.discipline == Discipline.XIANGQI:  # the cchess/xiangqi.js readers need it
        headers["Format"] = fmt.upper()
    return engine.write_pgn_game(game.discipline, current_moves(game)[0],
                                 headers=headers, start_fen=game.start_fen,
                                 fmt=fmt, result=pgn_result(game))


def export_dhtmlxq(game: GameRecord) -> str:
    """A xiangqi record as a DhtmlXQ (UBB) block, the forum format of xiangqi sites."""
    return engine.write_dhtmlxq(game_headers(game) | {"Result": pgn_result(game)},
                                current_moves(game)[0], game.start_fen)


def export_xqf(game: GameRecord) -> bytes:
    """A xiangqi record as an XQF file (XQStudio's format), version 1.0, unencrypted: every
    XQF reader takes it (docs/interop.md)."""
    return engine.write_xqf(game_headers(game) | {"Result": pgn_result(game)},
                            current_moves(game)[0], game.start_fen)


def export_games(games: Iterable[GameRecord], fmt: str | None = None) -> str:
    """Several records, one blank line between games."""
    return "\n".join(export_game(game, fmt) for game in games)


def scoresheet_text(game: GameRecord) -> str:
    """The record for printing, laid out like the form of Phụ lục 4: event, round, date,
    White and Black, the moves in Vietnamese notation (Điều 11.2a) one numbered line per
    move (White then Black), the players' score and the arbiter's decision."""
    white = game.white_name or (game.white.full_name if game.white else "")
    black = game.black_name or (game.black.full_name if game.black else "")
    lines = [
        "BIÊN BẢN THI ĐẤU",
        f"Tên giải: {game.event_name}",
        f"Vòng đấu: {game.round_number or ''}   Bàn: {game.board_number or ''}   "
        f"Ngày: {game.played_on.strftime('%d/%m/%Y') if game.played_on else ''}",
        f"Trắng: {white}",
        f"Đen: {black}",
    ]
    if game.start_fen:
        lines.append(f"Thế cờ bắt đầu: {game.start_fen}")
    lines.append("")
    lines.extend(move_lines(game))
    lines.append("")
    lines.append(f"Tỷ số ván đấu: {game.get_declared_score_display() or ''}")
    decision = game.get_decision_display() if game.decision else ""
    if game.decision_reason:
        decision += f" ({engine.reason_label(game.decision_reason)})"
    lines.append(f"Phán quyết của Trọng tài: {decision}")
    return "\n".join(lines) + "\n"


def move_lines(game: GameRecord) -> list[str]:
    """``"1. P2-5  M8.7"`` lines; a game starting with Black's move opens with ``"1. ..."``."""
    moves = current_moves(game)[1]
    fields = game.start_fen.split() if game.start_fen else []
    first_black = len(fields) > 1 and fields[1] == "b"
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    lines = []
    if first_black and moves:
        lines.append(f"{number}. ...  {moves.pop(0)}")
        number += 1
    for i in range(0, len(moves), 2):
        pair = moves[i:i + 2]
        lines.append(f"{number}. {pair[0]}" + (f"  {pair[1]}" if len(pair) > 1 else ""))
        number += 1
    return lines
