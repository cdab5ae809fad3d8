"""Import of a PGN file (Phụ lục 4 records in bulk): read, validate, match, write all or none.

``plan_upload`` does the pure work outside any transaction (read the file, validate every
game through chessrules, match each game to a pairing of the tournament/round by round and
board, or by the players' names folded without diacritics); ``write_plan`` writes inside the
job's transaction with one bulk insert. Nothing is half-imported: one invalid or unmatched
game rejects the whole file unless the uploader chose ``keep_valid``.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from chessrules.values import Discipline
from core.text import fold
from federation.models import Person
from games import cache_scopes, engine, selectors, services
from games.models import AUTO_NOTATION, GameRecord, GameUpload, ValidationStatus
from tournaments.models import Entry, Pairing

_PGN_DATE = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$")
#: PGN dates: YYYY.MM.DD with "??" for an unknown part (also "-" or "/" as separators).
_DATE_SHAPE = re.compile(r"^(\d{4}|\?{4})[.\-/](\d{2}|\?{2})[.\-/](\d{2}|\?{2})$")
_ROUND_SHAPE = re.compile(r"^(\?|-|\d+(\.\d+)*)$")
#: The longest name or event a record holds (GameRecord's fields).
NAME_LIMIT = 200


@dataclass
class PlannedGame:
    index: int
    line: int
    tags: dict
    record: GameRecord | None = None
    errors: list[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and self.record is not None \
            and self.record.validation_status != ValidationStatus.INVALID

    def error(self, code: str, message: str, **extra) -> None:
        self.errors.append({"code": code, "message": str(message), **extra})

    @property
    def pairing_id(self) -> int | None:
        return self.record.pairing_id if self.record is not None else None


@dataclass
class Plan:
    games: list[PlannedGame] = field(default_factory=list)
    file_error: dict | None = None


def plan_upload(upload: GameUpload, progress) -> Plan:
    plan = Plan()
    try:
        games = engine.read_pgn(upload.content)
    except ValueError as exc:
        # in Vietnamese, naming the game, the line and the tag (issue 29)
        plan.file_error = {"code": "unreadable_file",
                           "message": getattr(exc, "message_vi", None) or str(exc),
                           "line": getattr(exc, "line", None),
                           "game": getattr(exc, "game_number", None)}
        xqf = engine.xqf_error(exc)
        if xqf is not None:  # an XQF file: the game, the ply and the header field
            plan.file_error.update(message=xqf_message(xqf), field=xqf["field"],
                                   ply=xqf["ply"], xqf_code=xqf["code"])
        return plan
    if not games:
        plan.file_error = {"code": "no_games", "message": _("Tệp không có ván nào."), "line": None}
        return plan
    matcher = _Matcher(upload)
    persons = _persons_by_name(games) if upload.tournament_id is None else {}
    lines = upload.content.splitlines()
    step = max(1, len(games) // 20)
    for index, pgn_game in enumerate(games, 1):
        planned = PlannedGame(index=index, line=pgn_game.line, tags=pgn_game.tags)
        plan.games.append(planned)
        for tag, value, message in tag_errors(pgn_game.tags):
            planned.error("invalid_tag", _("Ván %(game)s: %(message)s")
                          % {"game": index, "message": message}, tag=tag, value=value,
                          line=_tag_line(lines, pgn_game.line, tag))
        _plan_game(upload, pgn_game, planned, matcher, persons)
        if index % step == 0:
            progress(5 + 85 * index / len(games), _("Đã kiểm tra %(n)s/%(total)s ván")
                     % {"n": index, "total": len(games)})
    return plan


#: Why an XQF file cannot be read (``chessrules.notation.xqf`` codes)
XQF_REASONS = {
    "short": _lazy("tệp chỉ có %(size)s byte, ngắn hơn phần đầu 1024 byte."),
    "signature": _lazy("không phải tệp XQF (không bắt đầu bằng XQ)."),
    "version": _lazy("phiên bản %(version)s mới hơn 1.8, chưa đọc được."),
    "result": _lazy("mã kết quả %(value)s không có nghĩa (chỉ 0-4)."),
    "encoding": _lazy("không đọc được chữ theo mã GBK/GB18030."),
    "overlap": _lazy("hai quân cùng ở ô %(square)s."),
    "placement": _lazy("thế cờ ban đầu không hợp lệ (Tướng/Soái thiếu, thừa hoặc ngoài cung)."),
    "truncated": _lazy("tệp bị cắt cụt giữa các bản ghi nước đi."),
    "comment": _lazy("lời bình dài %(length)s byte vượt quá cuối tệp."),
    "square": _lazy("ô %(square)s nằm ngoài bàn cờ (0-89)."),
    "base64": _lazy("phần base64 của tệp bị hỏng."),
}


def xqf_message(error: dict) -> str:
    """An XQF read error in the user's language, naming the game, the ply and the field."""
    template = XQF_REASONS.get(error["code"])
    reason = str(template) % error["params"] if template is not None else error["reason_vi"]
    values = {"game": 1, "ply": error["ply"], "field": error["field"], "reason": reason}
    if error["ply"]:
        return _("Ván %(game)s, nước thứ %(ply)s, trường %(field)s của tệp XQF: %(reason)s") \
            % values
    return _("Ván %(game)s, trường %(field)s của tệp XQF: %(reason)s") % values


def _plan_game(upload: GameUpload, pgn_game, planned: PlannedGame, matcher: _Matcher,
               persons: dict) -> None:
    tags = pgn_game.tags
    chess960 = pgn_game.discipline == Discipline.CHESS and engine.chess960_tag(tags)
    if chess960:
        # Chess960 is refused (docs/interop.md): its castling is not standard chess's, so a
        # game would be validated, stored and exported as something it is not
        planned.error("unsupported_variant", _(
            "Ván %(game)s, thẻ [%(tag)s]: ván cờ vua Chess960 (Fischer ngẫu nhiên) chưa được "
            "nhận; chỉ nhận cờ vua tiêu chuẩn và cờ tướng.") % {"game": planned.index,
                                                                "tag": chess960},
            tag=chess960, line=_tag_line(upload.content.splitlines(), pgn_game.line, chess960))
        return
    record = GameRecord(
        discipline=pgn_game.discipline, moves_text=pgn_game.movetext,
        start_fen=tags.get("FEN", "") if tags.get("SetUp", "1") != "0" else "",
        notation=engine.import_notation(pgn_game.discipline, tags, upload.notation,
                                        AUTO_NOTATION), upload=upload, created_by=upload.uploaded_by,
        white_name=tags.get("White", "")[:200], black_name=tags.get("Black", "")[:200],
        event_name=(tags.get("Event", "") or upload.event_name)[:200],
        played_on=_pgn_date(tags.get("Date", "")),
        round_number=_int(tags.get("Round", "").split(".")[0]),
        board_number=_int(tags.get("Board", "")) or _int(
            (tags.get("Round", "").split(".") + [""])[1]),
        declared_score=tags.get("Result", "") if engine.is_played_result(tags.get("Result")) else "",
        pgn_tags=kept_tags(tags))
    if engine.is_start_position(record.discipline, record.start_fen):
        record.start_fen = ""
    tournament = upload.tournament
    if tournament is not None:
        if record.discipline != tournament.discipline:
            planned.error("wrong_discipline", _("Ván %(d)s nhưng giải là %(t)s.")
                          % {"d": record.discipline, "t": tournament.discipline})
        matcher.match(record, planned)
    else:
        for side in ("white", "black"):
            person = persons.get(selectors.name_key(getattr(record, f"{side}_name")))
            setattr(record, side, person)
    report = engine.validate(**services.validation_inputs(record), tokens=pgn_game.tokens)
    services.apply_report(record, report)
    record.validated_input = services.validation_key(record)
    planned.record = record
    if report.get("error"):
        error = report["error"]  # in Vietnamese (issue #18), naming game and ply (issue 29)
        planned.error("invalid_move", _("Ván %(game)s, nước thứ %(ply)s (%(text)s): %(reason)s")
                      % {"game": planned.index, "ply": error.get("ply"),
                         "text": error.get("text") or "", "reason": error.get("reason_vi")
                         or error.get("reason", "")}, **{
            k: report["error"].get(k) for k in ("ply", "move_number", "side", "text")})


class _Matcher:
    """Finds the pairing of a game: by round and board, else by the two players' names."""

    def __init__(self, upload: GameUpload):
        self.upload = upload
        self.by_board: dict[tuple[int, int], Pairing] = {}
        self.by_names: dict[tuple[str, str], list[Pairing]] = {}
        self.taken: set[int] = set()
        self.recorded: set[int] = set()
        if upload.tournament is None:
            return
        pairings = selectors.pairings_of(upload.tournament, upload.round_number)
        for pairing in pairings:
            self.by_board[(pairing.round.number, pairing.board)] = pairing
            key = (selectors.name_key(_name(pairing.white)),
                   selectors.name_key(_name(pairing.black)))
            self.by_names.setdefault(key, []).append(pairing)
        self.recorded = {pk for pk in GameRecord.objects.filter(pairing__in=pairings)
                         .values_list("pairing_id", flat=True) if pk is not None}

    def match(self, record: GameRecord, planned: PlannedGame) -> None:
        round_number = record.round_number
        if self.upload.round_number and round_number and round_number != \
                self.upload.round_number:
            planned.error("wrong_round", _("Biên bản ghi ván %(g)s, tệp tải lên cho ván %(u)s.")
                          % {"g": round_number, "u": self.upload.round_number})
            return
        round_number = round_number or self.upload.round_number
        names = (selectors.name_key(record.white_name), selectors.name_key(record.black_name))
        pairing = None
        if round_number and record.board_number:
            pairing = self.by_board.get((round_number, record.board_number))
            if pairing is not None and all(names) and not self._names_fit(pairing, names):
                planned.error("players_differ", _(
                    "Bàn %(b)s ván %(r)s là %(w)s – %(k)s, không phải %(pw)s – %(pk)s.") % {
                    "b": record.board_number, "r": round_number, "w": _name(pairing.white),
                    "k": _name(pairing.black), "pw": record.white_name, "pk": record.black_name})
                return
        if pairing is None and all(names):
            candidates = [p for p in self.by_names.get(names, [])
                          if not round_number or p.round.number == round_number]
            if len(candidates) > 1:
                planned.error("ambiguous_pairing", _(
                    "%(w)s – %(k)s gặp nhau ở nhiều ván; hãy ghi thẻ Round.")
                    % {"w": record.white_name, "k": record.black_name})
                return
            pairing = candidates[0] if candidates else None
        if pairing is None:
            planned.error("unmatched", _("Không tìm thấy cặp đấu (ván %(r)s, bàn %(b)s, "
                                         "%(w)s – %(k)s).") % {
                "r": round_number or "?", "b": record.board_number or "?",
                "w": record.white_name or "?", "k": record.black_name or "?"})
            return
        if pairing.pk in self.recorded:
            planned.error("already_recorded", _("Cặp đấu này đã có biên bản."),
                          pairing_id=pairing.pk)
            return
        if pairing.pk in self.taken:
            planned.error("duplicate_in_file", _("Tệp có hai ván cho cùng một cặp đấu."),
                          pairing_id=pairing.pk)
            return
        self.taken.add(pairing.pk)
        record.pairing = pairing
        selectors.fill_from_pairing_object(record, pairing)
        if pairing.result and record.declared_score and engine.is_played_result(pairing.result) \
                and pairing.result != record.declared_score:
            planned.error("result_conflict", _(
                "Kết quả trong tệp (%(f)s) khác kết quả đã nhập cho cặp đấu (%(p)s).")
                % {"f": record.declared_score, "p": pairing.result})

    @staticmethod
    def _names_fit(pairing: Pairing, names: tuple[str, str]) -> bool:
        return names == (selectors.name_key(_name(pairing.white)),
                         selectors.name_key(_name(pairing.black)))


def _name(entry: Entry | None) -> str:
    """A side's name ("" for none: a bye)."""
    return entry.name if entry is not None else ""


def _persons_by_name(games) -> dict[str, Person]:
    """Registered persons for the names of a standalone upload, by ``selectors.name_key``:
    a name written in the registry's word order (with or without diacritics) that belongs to
    exactly one person."""
    folded = {fold(g.tags.get(side, "")) for g in games for side in ("White", "Black")} - {""}
    found: dict[str, list[Person]] = {}
    for person in Person.objects.filter(name_folded__in=folded):
        found.setdefault(selectors.name_key(person.full_name), []).append(person)
    return {key: people[0] for key, people in found.items() if len(people) == 1}


def tag_errors(tags: dict) -> list[tuple[str, str, str]]:
    """(tag, value, message) for each tag a record cannot take as it is (issue 13: a bad tag
    is an error naming the game, the line and the tag, not a value silently dropped)."""
    errors = []

    def bad(tag: str, message: str) -> None:
        errors.append((tag, tags[tag], message % {"tag": tag, "value": tags[tag]}))

    date_text = tags.get("Date", "").strip()
    if date_text:
        m = _DATE_SHAPE.match(date_text)
        if not m:
            bad("Date", _("Thẻ %(tag)s \"%(value)s\" không đúng dạng YYYY.MM.DD."))
        elif "?" not in date_text:
            try:
                date(int(m[1]), int(m[2]), int(m[3]))
            except ValueError:
                bad("Date", _("Thẻ %(tag)s \"%(value)s\" không phải một ngày có thật."))
    round_text = tags.get("Round", "").strip()
    if round_text and (not _ROUND_SHAPE.match(round_text)
                       or (round_text[0].isdigit() and not _int(round_text.split(".")[0]))):
        bad("Round", _("Thẻ %(tag)s \"%(value)s\" phải là số vòng (ví dụ 3 hoặc 3.1)."))
    board_text = tags.get("Board", "").strip()
    if board_text and not _int(board_text):
        bad("Board", _("Thẻ %(tag)s \"%(value)s\" phải là số bàn từ 1 đến 32767."))
    result_text = tags.get("Result", "").strip()
    if result_text and not engine.is_pgn_result(result_text):
        bad("Result", _("Thẻ %(tag)s \"%(value)s\" phải là 1-0, 0-1, 1/2-1/2 hoặc *."))
    for tag in ("White", "Black", "Event"):
        if len(tags.get(tag, "")) > NAME_LIMIT:
            errors.append((tag, tags[tag][:40] + "…", _(
                "Thẻ %(tag)s dài %(n)s ký tự, quá giới hạn %(limit)s.")
                % {"tag": tag, "n": len(tags[tag]), "limit": NAME_LIMIT}))
    return errors


def _tag_line(lines: list[str], first: int, tag: str) -> int:
    """The line of ``tag`` in the tag section starting at line ``first`` (1-based)."""
    for number in range(first, min(len(lines), first + 200) + 1):
        text = lines[number - 1].strip()
        if text.startswith(f"[{tag} ") or text.startswith(f"[{tag}\""):
            return number
        if text and not text.startswith("[") and not text.startswith("%"):
            break
    return first


#: Tags a record has no field for, kept as read and written back by the export (issue 29)
KEPT_TAGS = ("Site", "WhiteElo", "BlackElo", "WhiteFideId", "BlackFideId", "TimeControl")
KEPT_TAG_LIMIT = 200


def kept_tags(tags: dict) -> dict[str, str]:
    """The tags of :data:`KEPT_TAGS` that say something (not ``?`` or ``-``), and a Date with
    unknown parts (``1997.??.??``: the record's date field takes only whole dates)."""
    kept = {tag: tags[tag].strip()[:KEPT_TAG_LIMIT] for tag in KEPT_TAGS
            if tags.get(tag, "").strip() not in ("", "?", "-")}
    date_text = tags.get("Date", "").strip()
    if "?" in date_text and _DATE_SHAPE.match(date_text) and date_text != "????.??.??":
        kept["Date"] = date_text
    return kept


def _pgn_date(text: str) -> date | None:
    m = _DATE_SHAPE.match(text.strip())
    if not m or "?" in text:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def _int(text: str) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() and 0 < int(text) < 32768 else None


def write_plan(upload: GameUpload, plan: Plan) -> dict:
    """Write the planned games (all, or the valid ones with ``keep_valid``); the report."""
    games_report = [_game_report(p) for p in plan.games]
    invalid = sum(1 for p in plan.games if not p.ok)
    report: dict[str, Any] = {"file_error": plan.file_error, "games": games_report, "total": len(plan.games),
              "valid": len(plan.games) - invalid, "invalid": invalid, "written": 0,
              "keep_valid": upload.keep_valid}
    if plan.file_error or (invalid and not upload.keep_valid):
        return report
    to_write = [p for p in plan.games if p.ok]
    taken = set(GameRecord.objects.filter(
        pairing__in=[p.pairing_id for p in to_write if p.pairing_id])
        .values_list("pairing_id", flat=True))
    if taken:  # recorded meanwhile by someone else: re-plan on the next run
        for planned, entry in zip(plan.games, games_report, strict=True):
            if planned.ok and planned.pairing_id in taken:
                planned.error("already_recorded", _("Cặp đấu này đã có biên bản."))
                entry.update(_game_report(planned))
        report["invalid"] += len([p for p in to_write if p.pairing_id in taken])
        report["valid"] = report["total"] - report["invalid"]
        if not upload.keep_valid:
            return report
        to_write = [p for p in to_write if p.pairing_id not in taken]
    # (an ok game has its record)
    created = services.create_games_bulk([p.record for p in to_write if p.record is not None])
    for planned, record in zip(to_write, created, strict=True):
        games_report[planned.index - 1].update(written=True, game_id=record.pk)
    report["written"] = len(created)
    return report


def _game_report(planned: PlannedGame) -> dict:
    record = planned.record
    variations = planned.tags.get("XqfVariations")
    entry = {"index": planned.index, "line": planned.line,
             "white": planned.tags.get("White", ""), "black": planned.tags.get("Black", ""),
             "round": planned.tags.get("Round", ""), "board": planned.tags.get("Board", ""),
             "ok": planned.ok, "errors": planned.errors, "written": False, "game_id": None}
    if record is not None:
        entry.update(status=record.validation_status, pairing_id=record.pairing_id,
                     error=record.validation_error, ending=record.ending,
                     problems=record.validation_consistency.get("problems", []),
                     warnings=record.validation_warnings, plies=len(record.moves_normalised))
    if variations:  # XQF: the main line only (docs/interop.md)
        entry["notes"] = [_("Tệp XQF có %(n)s nhánh biến; chỉ nhập nhánh chính.")
                          % {"n": variations}]
    return entry


def import_upload_work(params: dict, progress: services.Progress) -> dict:
    """Job work: read, validate and match every game of an upload; write all or nothing.

    Idempotent: the upload row is locked and its state checked inside the writing
    transaction, so a redelivered job returns the stored report without writing twice.
    """
    upload = GameUpload.objects.get(pk=params["upload_id"])
    if upload.state != GameUpload.State.PENDING:
        return upload.report
    started = time.perf_counter()
    plan = plan_upload(upload, progress)
    planned = time.perf_counter()
    progress(90, _("Đang ghi các ván"))
    with transaction.atomic():
        upload = GameUpload.objects.select_for_update().get(pk=upload.pk)
        if upload.state != GameUpload.State.PENDING:
            return upload.report
        report = write_plan(upload, plan)
        report["seconds"] = {"read_and_validate": round(planned - started, 3),
                             "write": round(time.perf_counter() - planned, 3)}
        upload.report = report
        # written games mean "imported" (with keep_valid some may have been left out)
        upload.state = (GameUpload.State.IMPORTED if report["written"]
                        else GameUpload.State.REJECTED)
        upload.save(update_fields=["report", "state"])
        cache_scopes.touch()
    return report
