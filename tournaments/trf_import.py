"""Reading a FIDE TRF file (TRF16, TRF-2026 XXR/XXC) for an import: no database, no writes.

The service ``tournaments.services.trf_import.import_trf`` reads the file with these
functions and writes the tournament, its entries and its rounds (one transaction). Here:
the player lines' numbers, birth dates, the content's fingerprint, the system the 092 line
names (each system's spec knows its names: ``tournaments.systems``), the 042/052 dates, the
122 time control, and each round's boards from the players' round codes. Errors name the
TRF line and the reason.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from chessrules import timecontrol
from chessrules.dutch import PairingError
from chessrules.dutch.trf_input import dutch_input_from_trf
from chessrules.trf import TrfError, TrfTournament, check_birth_date
from chessrules.values import BYE_POINTS, GAME_CODE_POINTS, PLAYED, Result
from core.errors import ServiceError
from core.text import fold
from tournaments import engine, systems

__all__ = ["ImportedBoard", "birth_date", "check_scoring", "choose_system", "file_bye_score",
           "file_date", "file_time_control", "fingerprint", "initial_colour", "line_of",
           "paired_rounds", "player_lines", "round_to_pair", "round_boards", "system_of"]


def player_lines(text: str) -> dict[int, int]:
    """Starting number -> the line number of its 001 line."""
    lines = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("001") and line[4:8].strip().isdigit():
            lines[int(line[4:8])] = number
    return lines


def birth_date(text: str) -> date | None:
    parts = text.strip().replace("-", "/").replace(".", "/").split("/")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        try:
            return date(int(parts[0]), int(parts[1]), int(parts[2]))
        except ValueError:
            return None
    return None


def fingerprint(text: str) -> str:
    """sha256 of the content: line endings and trailing blanks do not count."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n")
             .split("\n")]
    return hashlib.sha256("\n".join(line for line in lines if line).encode()).hexdigest()


def line_of(text: str, code: str) -> int | None:
    """The number of the file's first line with ``code``."""
    return next((n for n, raw in enumerate(text.splitlines(), 1) if raw.startswith(code)), None)


def system_of(trf: TrfTournament, text: str) -> tuple[str | None, int | None, str]:
    """(system, line number, text) of the file's 092 line; system None when it names none
    we know (a stored value, or the words of a system's spec)."""
    values = trf.fields.get("092") or []
    if not values or not values[0].strip():
        return None, None, ""
    said = values[0].strip()
    line = line_of(text, "092")
    if said in systems.SPECS:  # a stored value
        return said, line, said
    system = systems.system_named(fold(said).replace("_", " "))
    return (system.value if system else None), line, said


def choose_system(trf: TrfTournament, text: str, asked: str | None) -> str:
    """The file's system (092), or the one asked for; refused when they differ."""
    found, line, said = system_of(trf, text)
    if found is None and said and not asked:
        raise ServiceError(_("TRF dòng %(line)s: thể thức %(said)r (092) không nhận ra; hãy "
                             "chọn thể thức (system).") % {"line": line, "said": said},
                           field="system", code="trf_invalid")
    if found and asked and found != asked:
        raise ServiceError(_("TRF dòng %(line)s: tệp ghi thể thức %(said)r (%(found)s), khác "
                             "thể thức đã chọn %(asked)s.")
                           % {"line": line, "said": said, "found": found, "asked": asked},
                           field="system", code="trf_system_mismatch")
    system = found or asked
    if not system:
        raise ServiceError(_("Tệp TRF không có dòng 092 (thể thức): hãy chọn thể thức."),
                           field="system", code="required")
    return system


def file_date(trf: TrfTournament, code: str, field: str, text: str) -> date | None:
    """The 042 (start) / 052 (end) date of the file, if it gives one."""
    values = trf.fields.get(code) or []
    if not values or not values[0].strip():
        return None
    line = next((n for n, raw in enumerate(text.splitlines(), 1) if raw.startswith(code)), 0)
    value = values[0].strip()
    try:
        check_birth_date(value, line)
        year, month, day = (int(p) for p in value.replace("-", "/").replace(".", "/")
                            .split("/"))
        return date(year, month, day)
    except (TrfError, ValueError):
        raise ServiceError(_("TRF dòng %(line)s: ngày %(value)r (%(code)s) không phải một "
                             "ngày có thật.") % {"line": line, "value": value, "code": code},
                           field=field, code="trf_invalid") from None


def initial_colour(trf: TrfTournament) -> str | None:
    """The top player's colour in round 1 (C.04.3 E.5): the file's XXC/152 line, else as
    bbpPairings infers it from the first round with colours (``chessrules.dutch``); None
    when the file has no colour at all."""
    if trf.initial_color:
        return trf.initial_color
    if not any(g.color in "wb" for p in trf.players.values() for g in p.games):
        return None
    try:
        return dutch_input_from_trf(trf).options.initial_color
    except PairingError:
        return None


def file_bye_score(trf: TrfTournament) -> dict[str, Any]:
    """The pairing-allocated bye's points from a ``BBU`` line (bbpPairings' extension, which
    the export writes when the bye is not one point) or JaVaFo's ``XXS PAB=…``; nothing
    otherwise (the default)."""
    values = trf.fields.get("BBU") or []
    try:
        points = float(values[0].strip()) if values else trf.scoring.get("PAB")
    except ValueError:
        points = None
    return {"bye_score": Decimal(str(points))} if points in (0.0, 0.5, 1.0) else {}


#: The points an event here gives (1-½-0; byes as requested, Điều 21.5): a file that scores
#: otherwise (3-1-0, …) cannot be represented and is refused, its line named.
STANDARD_POINTS = {"W": 1.0, "WW": 1.0, "BW": 1.0, "FW": 1.0, "D": 0.5, "WD": 0.5, "BD": 0.5,
                   "L": 0.0, "WL": 0.0, "BL": 0.0, "FL": 0.0, "ZPB": 0.0, "HPB": 0.5,
                   "FPB": 1.0}
#: bbpPairings' lines of the same meaning (its extension of the TRF)
BBP_POINTS = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "ZPB", "BBF": "FL"}


def check_scoring(trf: TrfTournament, text: str) -> None:
    """Refuse a file whose ``XXS`` (JaVaFo) or ``BBW``/``BBD``/… (bbpPairings) lines give a
    win, a draw, a loss or a requested bye other points than the events here give."""
    for kind, points in trf.scoring.items():
        if kind in STANDARD_POINTS and points != STANDARD_POINTS[kind]:
            _refuse_scoring(trf.scoring_line, f"XXS {kind}={points:g}")
    for code, kind in BBP_POINTS.items():
        for value in trf.fields.get(code) or []:
            try:
                points = float(value.strip())
            except ValueError:
                points = -1.0
            if points != STANDARD_POINTS[kind]:
                _refuse_scoring(line_of(text, code), f"{code} {value.strip()}")


def _refuse_scoring(line: int | None, said: str) -> None:
    raise ServiceError(_("TRF dòng %(line)s: %(said)s — giải ở đây tính thắng 1, hòa ½, thua "
                         "0; tệp tính điểm khác nên không nhập được.")
                       % {"line": line, "said": said}, field="trf", code="trf_scoring")


def file_time_control(trf: TrfTournament) -> dict[str, Any]:
    """The event's control from the file's 122 line when it reads as one (the PGN form this
    project writes, or "90' + 30\\""), with its class; nothing otherwise (the default)."""
    values = trf.fields.get("122") or []
    control = timecontrol.from_label(values[0]) if values else None
    if control is None:
        return {}
    return {"time_control": control.to_dict(), "time_control_class": control.time_class()}


def paired_rounds(data: engine.TrfRead) -> int:
    """The last round in which somebody was paired (an opponent, or a pairing-allocated bye
    ``U``/``+``): later columns hold only what the round to be paired leaves out
    (docs/decisions-dutch.md items 9-10), read by :func:`round_to_pair`."""
    return max((g.round for games in data.games.values() for g in games
                if g.opponent is not None or g.result in ("U", "+")), default=0)


def round_to_pair(data: engine.TrfRead, paired: int) -> dict[int, dict[str, Any]]:
    """What the columns after ``paired`` say of each player (by starting number): requested
    byes ``H``/``F``/``Z`` (``{"byes": [{"round", "points"}]}``), and in the round to be
    paired ``-`` without opponent: withdrawn after ``paired`` (Điều 21.5) when he played
    before, else an entry joining later (``{"withdrawn_after": n}`` / ``{"joins": n}``)."""
    marks: dict[int, dict[str, Any]] = {}
    for pid, games in data.games.items():
        for game in games:
            if game.round <= paired:
                continue
            mark = marks.setdefault(pid, {})
            if game.result in BYE_POINTS:
                mark.setdefault("byes", []).append(
                    {"round": game.round, "points": BYE_POINTS[game.result]})
            elif game.round == paired + 1 and game.result in ("-", " "):
                if any(g.round <= paired for g in games):
                    mark["withdrawn_after"] = paired
                else:
                    mark["joins"] = paired + 1
    return {pid: mark for pid, mark in marks.items() if mark}


@dataclass(frozen=True)
class ImportedBoard:
    """One board of an imported round, by starting numbers (``black`` None: no opponent)."""

    kind: str  # game / pab / bye / absent (Pairing.Kind)
    white: int
    black: int | None = None
    result: str = ""
    bye_points: float | None = None


def _board_result(white: str, black: str) -> Result | None:
    """The result from the two players' round codes: a game over the board by the points
    each code scores (``1``/``W``, ``=``/``D``, ``0``/``L``), else forfeit or pending."""
    if white in GAME_CODE_POINTS and black in GAME_CODE_POINTS:
        points = (GAME_CODE_POINTS[white], GAME_CODE_POINTS[black])
        return next((r for r in PLAYED if r.points == points), None)
    return Result.from_trf(white, black)


def round_boards(data: engine.TrfRead, number: int, lines: dict[int, int],
                 bye_score: float) -> list[ImportedBoard]:
    """The boards of round ``number``: the games (each named back by its opponent, the two
    codes agreeing), then the players without an opponent: a pairing-allocated bye (``U``,
    or ``+`` without opponent) scoring ``bye_score``, a requested bye (``H``/``F``/``Z``:
    its points) or absent."""
    games: list[ImportedBoard] = []
    byes: list[ImportedBoard] = []
    seen: set[int] = set()
    for pid in sorted(data.games):
        game = next((g for g in data.games[pid] if g.round == number), None)
        if game is None or pid in seen:
            continue
        line = lines.get(pid, "?")
        code = game.result
        if game.opponent is None:
            if code in ("U", "+"):
                byes.append(ImportedBoard("pab", pid, bye_points=bye_score))
            elif code in BYE_POINTS:
                byes.append(ImportedBoard("bye", pid, bye_points=BYE_POINTS[code]))
            else:
                byes.append(ImportedBoard("absent", pid))
            seen.add(pid)
            continue
        other = next((g for g in data.games.get(game.opponent, []) if g.round == number), None)
        if other is None or other.opponent != pid:
            raise ServiceError(f"TRF line {line}: round {number} opponent {game.opponent} does "
                               f"not name player {pid} back", field="trf", code="trf_invalid")
        if game.color == "b":
            white, black, codes = game.opponent, pid, (other.result, code)
        else:
            white, black, codes = pid, game.opponent, (code, other.result)
        result = _board_result(*codes)
        if result is None:
            raise ServiceError(f"TRF line {line}: round {number} results {codes[0]!r}/"
                               f"{codes[1]!r} of {white} and {black} do not agree",
                               field="trf", code="trf_invalid")
        games.append(ImportedBoard("game", white, black, result=result))
        seen.update({pid, game.opponent})
    return games + byes
