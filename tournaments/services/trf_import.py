"""Import a FIDE TRF file (TRF16, TRF-2026 XXR/XXC) as a tournament: the writes.

Players are matched to members by FIDE ID, else by name (without diacritics) and date of
birth; the report lists who matched and who did not (unmatched players are entered without
a member). Any error names the TRF line and the reason, and nothing is imported (one
transaction).

Imports are strict and idempotent (issue 13): the file is read strictly (a 001 line cut
short, a birth date that does not exist, a rating that is not a number: 400 naming the line
and the field); the same content (its fingerprint, stored on the tournament) imported again
answers 409 naming the tournament already imported; the pairing system is the file's own
(092 line) when it says one. The reading is ``tournaments.trf_import`` (no writes).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from chessrules.trf import TrfError, parse_trf
from chessrules.values import Discipline
from core.errors import ConflictError, ServiceError
from core.text import fold
from federation.models import Body, Club, Member, Person
from federation.selectors import suspension_on
from tournaments import cache_scopes, engine
from tournaments import trf_import as reading
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.services.checks import games_per_day_needed
from tournaments.services.lifecycle import create_tournament
from tournaments.services.rounds import refresh_round_status

__all__ = ["import_trf"]


def _match_person(player: engine.TrfEntry) -> Person | None:
    person = None
    if player.fide_id and player.fide_id.strip("0"):
        person = Person.objects.filter(fide_id=player.fide_id.strip()).first()
    born = reading.birth_date(player.birth)
    if person is None and born is not None:
        person = Person.objects.filter(name_folded=fold(player.name), date_of_birth=born).first()
    year = player.birth.strip()
    if person is None and born is None and len(year) == 4 and year.isdigit():
        # a file with birth years only (this service's own exports: minimisation, issue 31):
        # the name and the year, when they name exactly one person
        found = list(Person.objects.filter(name_folded=fold(player.name),
                                           date_of_birth__year=int(year))[:2])
        person = found[0] if len(found) == 1 else None
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


def _refuse_repeat(digest: str) -> None:
    existing = Tournament.objects.filter(source_fingerprint=digest).first()
    if existing is not None:
        raise ConflictError(_("Tệp TRF này đã được nhập: giải #%(id)s «%(name)s». Không nhập "
                              "lại.") % {"id": existing.pk, "name": existing.name},
                            field="trf", code="trf_already_imported")


def import_trf(text: str, *, user, start_date: date | None = None,
               end_date: date | None = None, system: str | None = None,
               discipline: str = Discipline.CHESS, organiser_body: int | None = None,
               organiser_club: int | None = None, encoding: str = "utf-8"
               ) -> tuple[Tournament, dict]:
    """``encoding``: what the file was read in (named in the report)."""
    try:
        strict = parse_trf(text, strict=True)
        data = engine.read_trf(text)
    except TrfError as exc:
        raise ServiceError(str(exc), field="trf", code="trf_invalid") from exc
    if not data.players:
        raise ServiceError("TRF: no player (001) line", field="trf", code="trf_invalid")
    digest = reading.fingerprint(text)
    _refuse_repeat(digest)
    system = reading.choose_system(strict, text, system)
    reading.check_scoring(strict, text)
    start_date = start_date or reading.file_date(strict, "042", "start_date", text)
    end_date = end_date or reading.file_date(strict, "052", "end_date", text)
    for name, value in (("start_date", start_date), ("end_date", end_date)):
        if value is None:
            raise ServiceError(_("Cần ngày (tệp TRF không có dòng 042/052)."), field=name,
                               code="required")
    lines = reading.player_lines(text)
    try:
        with transaction.atomic():
            result = _create(data, lines, user=user, start_date=start_date,
                             end_date=end_date, system=system, discipline=discipline,
                             organiser_body=organiser_body, organiser_club=organiser_club,
                             digest=digest, clock={**reading.file_time_control(strict),
                                    **reading.file_bye_score(strict)},
                             colour=reading.initial_colour(strict))
    except IntegrityError:
        _refuse_repeat(digest)  # the same file imported at the same moment
        raise
    return result[0], {**result[1], "encoding": encoding}


def _create(data, lines, *, user, start_date, end_date, system, discipline, organiser_body,
            organiser_club, digest, clock, colour=None) -> tuple[Tournament, dict]:
    tournament = create_tournament(
        user=user, **clock, name=data.name or "TRF import", start_date=start_date,
        end_date=end_date, system=system, discipline=discipline,
        number_of_rounds=data.rounds or None,
        max_games_per_day=games_per_day_needed(start_date, end_date, data.rounds),
        organiser_body=Body.objects.filter(pk=organiser_body).first()
        if organiser_body else None,
        organiser_club=Club.objects.filter(pk=organiser_club).first()
        if organiser_club else None)
    entries, report = _entries(tournament, data, lines)
    played = reading.paired_rounds(data)
    for number in range(1, played + 1):
        _import_round(tournament, number, data, entries, lines)
    _mark_round_to_pair(reading.round_to_pair(data, played), entries)
    status = Tournament.Status.RUNNING if played else Tournament.Status.CLOSED
    complete = all(r.status == Round.Status.COMPLETE for r in tournament.rounds.all())
    if played and played >= (data.rounds or played) and complete:
        status = Tournament.Status.FINISHED
    tournament.status = status
    tournament.source_fingerprint = digest
    if colour is not None:  # the file's XXC (C.04.3 E.5) recorded as the lot that gave it
        tournament.lot_seed = engine.seed_for_colour(colour)
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
        born = reading.birth_date(p.birth)
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


def _mark_round_to_pair(marks: dict[int, dict], entries: dict[int, Entry]) -> None:
    """The columns after the last paired round: requested byes, withdrawals, late entries
    (written by the export for the round to be paired; docs/interop.md)."""
    for number, mark in marks.items():
        entry = entries[number]
        entry.requested_byes = mark.get("byes", [])
        entry.withdrawn_after_round = mark.get("withdrawn_after")
        if "joins" in mark:
            entry.joins_in_round, entry.is_late = mark["joins"], True
        entry.save(update_fields=["requested_byes", "withdrawn_after_round", "joins_in_round",
                                  "is_late"])


def _import_round(tournament: Tournament, number: int, data: engine.TrfRead,
                  entries: dict[int, Entry], lines: dict[int, int]) -> None:
    boards = reading.round_boards(data, number, lines, float(tournament.bye_score))
    rnd = Round.objects.create(tournament=tournament, number=number, system=tournament.system,
                               engine_version="trf-import", status=Round.Status.STARTED)
    Pairing.objects.bulk_create(
        Pairing(round=rnd, board=board, kind=b.kind, white=entries[b.white],
                black=entries[b.black] if b.black is not None else None, result=b.result,
                bye_points=Decimal(str(b.bye_points)) if b.bye_points is not None else None)
        for board, b in enumerate(boards, 1))
    refresh_round_status(rnd)
