"""Import a FIDE TRF file (TRF16, TRF-2026 XXR/XXC) as a tournament.

Players are matched to members by FIDE ID, else by name (without diacritics) and date of
birth; the report lists who matched and who did not (unmatched players are entered without
a member). Any error names the TRF line and the reason, and nothing is imported (one
transaction).

Imports are strict and idempotent (issue 13): the file is read strictly (a 001 line cut
short, a birth date that does not exist, a rating that is not a number: 400 naming the line
and the field); the same content (its fingerprint, stored on the tournament) imported again
answers 409 naming the tournament already imported; the pairing system is the file's own
(092 line) when it says one.
"""

from __future__ import annotations

import hashlib
from datetime import date

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from chessrules import timecontrol
from chessrules.trf import TrfError, check_birth_date, parse_trf
from chessrules.values import Result, System
from core.errors import ConflictError, ServiceError
from core.text import fold
from federation.models import Body, Club, Member, Person
from federation.selectors import suspension_on
from tournaments import cache_scopes, engine, services
from tournaments.models import Entry, Pairing, Round, Tournament

_CODE = {"W": "1", "D": "=", "L": "0"}
_BYE_POINTS = {"H": 0.5, "F": 1.0, "Z": 0.0}


def _player_lines(text: str) -> dict[int, int]:
    lines = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("001") and line[4:8].strip().isdigit():
            lines[int(line[4:8])] = number
    return lines


def _birth(text: str) -> date | None:
    parts = text.strip().replace("-", "/").replace(".", "/").split("/")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        try:
            return date(int(parts[0]), int(parts[1]), int(parts[2]))
        except ValueError:
            return None
    return None


def _match_person(player: engine.TrfEntry) -> Person | None:
    person = None
    if player.fide_id and player.fide_id.strip("0"):
        person = Person.objects.filter(fide_id=player.fide_id.strip()).first()
    born = _birth(player.birth)
    if person is None and born is not None:
        person = Person.objects.filter(name_folded=fold(player.name), date_of_birth=born).first()
    return person


def _check_not_suspended(tournament: Tournament, person: Person | None, line) -> None:
    """Điều 15.6: a player the file names who is suspended on the event's first day is
    refused, with the decision's number (the import writes nothing)."""
    suspension = suspension_on(person, tournament.start_date) if person is not None else None
    if person is not None and suspension is not None:
        raise ServiceError(
            _("Dòng TRF %(line)s: %(name)s đang bị đình chỉ thi đấu đến hết ngày %(until)s "
              "theo quyết định %(decision)s (Điều 15.6).")
            % {"line": line or "?", "name": person.full_name,
               "until": suspension.ends_on.strftime("%d/%m/%Y"),
               "decision": suspension.decision_reference},
            field="trf", code="not_eligible")


def fingerprint(text: str) -> str:
    """sha256 of the content: line endings and trailing blanks do not count."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n")
             .split("\n")]
    return hashlib.sha256("\n".join(line for line in lines if line).encode()).hexdigest()


#: Words of a 092 "type of tournament" line (folded) → system, most specific first. Our own
#: export writes the Vietnamese names; other programs write English ones.
_SYSTEM_WORDS = (
    (("scheveningen",), System.SCHEVENINGEN),
    (("team", "swiss"), System.TEAM_SWISS_DRAW), (("dong doi", "thuy si"), System.TEAM_SWISS_DRAW),
    (("team", "round"), System.TEAM_ROUND_ROBIN),
    (("dong doi", "vong tron"), System.TEAM_ROUND_ROBIN),
    (("double", "round"), System.DOUBLE_ROUND_ROBIN),
    (("vong tron hai luot",), System.DOUBLE_ROUND_ROBIN),
    (("round robin",), System.ROUND_ROBIN), (("round-robin",), System.ROUND_ROBIN),
    (("berger",), System.ROUND_ROBIN), (("vong tron",), System.ROUND_ROBIN),
    (("knock",), System.KNOCKOUT), (("loai truc tiep",), System.KNOCKOUT),
    (("thuy si boc tham",), System.SWISS_DRAW), (("swiss", "draw"), System.SWISS_DRAW),
    (("dutch",), System.DUTCH), (("swiss",), System.DUTCH), (("thuy si",), System.DUTCH),
)


def system_of(trf, text: str) -> tuple[str | None, int | None, str]:
    """(system, line number, text) of the file's 092 line; system None when it names none
    we know."""
    values = trf.fields.get("092") or []
    if not values or not values[0].strip():
        return None, None, ""
    said = values[0].strip()
    line = next((n for n, raw in enumerate(text.splitlines(), 1) if raw.startswith("092")),
                None)
    words = fold(said).replace("_", " ")
    if said in Tournament.System.values:
        return said, line, said
    for needed, system in _SYSTEM_WORDS:
        if all(word in words for word in needed):
            return system.value, line, said
    return None, line, said


def _choose_system(trf, text: str, asked: str | None) -> str:
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


def _file_date(trf, code: str, field: str, text: str) -> date | None:
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


def _refuse_repeat(digest: str) -> None:
    existing = Tournament.objects.filter(source_fingerprint=digest).first()
    if existing is not None:
        raise ConflictError(_("Tệp TRF này đã được nhập: giải #%(id)s «%(name)s». Không nhập "
                              "lại.") % {"id": existing.pk, "name": existing.name},
                            field="trf", code="trf_already_imported")


def import_trf(text: str, *, user, start_date: date | None = None,
               end_date: date | None = None, system: str | None = None,
               discipline: str = "chess", organiser_body: int | None = None,
               organiser_club: int | None = None) -> tuple[Tournament, dict]:
    try:
        strict = parse_trf(text, strict=True)
        data = engine.read_trf(text)
    except TrfError as exc:
        raise ServiceError(str(exc), field="trf", code="trf_invalid") from exc
    if not data.players:
        raise ServiceError("TRF: no player (001) line", field="trf", code="trf_invalid")
    digest = fingerprint(text)
    _refuse_repeat(digest)
    system = _choose_system(strict, text, system)
    start_date = start_date or _file_date(strict, "042", "start_date", text)
    end_date = end_date or _file_date(strict, "052", "end_date", text)
    for name, value in (("start_date", start_date), ("end_date", end_date)):
        if value is None:
            raise ServiceError(_("Cần ngày (tệp TRF không có dòng 042/052)."), field=name,
                               code="required")
    lines = _player_lines(text)
    try:
        with transaction.atomic():
            result = _create(data, lines, user=user, start_date=start_date,
                             end_date=end_date, system=system, discipline=discipline,
                             organiser_body=organiser_body, organiser_club=organiser_club,
                             digest=digest, clock=_file_time_control(strict))
    except IntegrityError:
        _refuse_repeat(digest)  # the same file imported at the same moment
        raise
    return result


def _file_time_control(trf) -> dict:
    """The event's control from the file's 122 line when it reads as one (the PGN form this
    project writes, or "90' + 30\""), with its class; nothing otherwise (the default)."""
    values = trf.fields.get("122") or []
    control = timecontrol.from_label(values[0]) if values else None
    if control is None:
        return {}
    return {"time_control": control.to_dict(), "time_control_class": control.time_class()}


def _create(data, lines, *, user, start_date, end_date, system, discipline, organiser_body,
            organiser_club, digest, clock) -> tuple[Tournament, dict]:
    tournament = services.create_tournament(
        user=user, **clock, name=data.name or "TRF import", start_date=start_date,
        end_date=end_date, system=system, discipline=discipline,
        number_of_rounds=data.rounds or None,
        max_games_per_day=services.games_per_day_needed(start_date, end_date, data.rounds),
        organiser_body=Body.objects.filter(pk=organiser_body).first()
        if organiser_body else None,
        organiser_club=Club.objects.filter(pk=organiser_club).first()
        if organiser_club else None)
    entries, report = _entries(tournament, data, lines)
    played = max((g.round for games in data.games.values() for g in games), default=0)
    for number in range(1, played + 1):
        _import_round(tournament, number, data, entries, lines)
    status = Tournament.Status.RUNNING if played else Tournament.Status.CLOSED
    complete = all(r.status == Round.Status.COMPLETE for r in tournament.rounds.all())
    if played and played >= (data.rounds or played) and complete:
        status = Tournament.Status.FINISHED
    tournament.status = status
    tournament.source_fingerprint = digest
    tournament.save()
    cache_scopes.touch_event_row(tournament.pk)
    return tournament, {**report, "system": system, "fingerprint": digest}


def _entries(tournament: Tournament, data: engine.TrfRead, lines: dict[int, int]):
    entries: dict[int, Entry] = {}
    matched, unmatched = [], []
    used: set[int] = set()
    for p in data.players:
        person = _match_person(p)
        _check_not_suspended(tournament, person, lines.get(p.number))
        member = (Member.objects.filter(person=person).order_by("-joined_on").first()
                  if person is not None else None)
        if member is not None and member.pk in used:
            raise ServiceError(f"TRF line {lines.get(p.number, '?')}: player {p.number} matches "
                               f"a member already matched by another line", field="trf",
                               code="trf_invalid")
        born = _birth(p.birth)
        year = born.year if born else (int(p.birth[:4]) if p.birth[:4].isdigit() else None)
        entries[p.number] = Entry.objects.create(
            tournament=tournament, member=member, name=p.name, gender=p.sex.upper()[:1]
            .replace("W", "F"), birth_year=year, fide_id=p.fide_id.strip(),
            federation_code=p.federation[:3] or "", rating=p.rating or 0, title=p.title,
            starting_number=p.number)
        row = {"starting_number": p.number, "name": p.name, "line": lines.get(p.number)}
        if member is not None:
            used.add(member.pk)
            matched.append({**row, "member": member.pk, "card_number": member.card_number})
        else:
            unmatched.append(row)
    return entries, {"players": len(entries), "matched": matched, "unmatched": unmatched}


def _import_round(tournament, number, data: engine.TrfRead, entries, lines) -> None:
    rnd = Round.objects.create(tournament=tournament, number=number, system=tournament.system,
                               engine_version="trf-import", status=Round.Status.STARTED)
    pairings: list[Pairing] = []
    seen: set[int] = set()
    byes: list[Pairing] = []
    for pid in sorted(data.games):
        game = next((g for g in data.games[pid] if g.round == number), None)
        if game is None or pid in seen:
            continue
        line = lines.get(pid, "?")
        code = _CODE.get(game.result, game.result)
        if game.opponent is None:
            kind, points = "absent", None
            if code == "U" or code == "+":
                kind, points = "pab", float(tournament.bye_score)
            elif code in _BYE_POINTS:
                kind, points = "bye", _BYE_POINTS[code]
            byes.append(Pairing(round=rnd, kind=kind, white=entries[pid], bye_points=points))
            seen.add(pid)
            continue
        other = next((g for g in data.games.get(game.opponent, []) if g.round == number), None)
        if other is None or other.opponent != pid:
            raise ServiceError(f"TRF line {line}: round {number} opponent {game.opponent} does "
                               f"not name player {pid} back", field="trf", code="trf_invalid")
        other_code = _CODE.get(other.result, other.result)
        if game.color == "b":
            white, black, codes = game.opponent, pid, (other_code, code)
        else:
            white, black, codes = pid, game.opponent, (code, other_code)
        result = Result.from_trf(*codes)
        if result is None:
            raise ServiceError(f"TRF line {line}: round {number} results {codes[0]!r}/"
                               f"{codes[1]!r} of {white} and {black} do not agree",
                               field="trf", code="trf_invalid")
        pairings.append(Pairing(round=rnd, kind="game", white=entries[white],
                                black=entries[black], result=result))
        seen.update({pid, game.opponent})
    for board, p in enumerate(pairings + byes, 1):
        p.board = board
    Pairing.objects.bulk_create(pairings + byes)
    services.refresh_round_status(rnd)
