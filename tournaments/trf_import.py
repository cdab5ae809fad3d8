"""Import a FIDE TRF file (TRF16, TRF-2026 XXR/XXC) as a tournament.

Players are matched to members by FIDE ID, else by name (without diacritics) and date of
birth; the report lists who matched and who did not (unmatched players are entered without
a member). Any error names the TRF line and the reason, and nothing is imported (one
transaction).
"""

from __future__ import annotations

from datetime import date

from django.db import transaction

from core.errors import ServiceError
from core.text import fold
from federation.models import Body, Club, Member, Person
from tournaments import cache_scopes, engine, services
from tournaments.models import Entry, Pairing, Round, Tournament

_CODE = {"W": "1", "D": "=", "L": "0"}
_RESULT = {("1", "0"): "1-0", ("=", "="): "1/2-1/2", ("0", "1"): "0-1",
           ("+", "-"): "+-", ("-", "+"): "-+", ("-", "-"): "--", (" ", " "): ""}
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


def _match(player: engine.TrfEntry) -> Member | None:
    person = None
    if player.fide_id and player.fide_id.strip("0"):
        person = Person.objects.filter(fide_id=player.fide_id.strip()).first()
    born = _birth(player.birth)
    if person is None and born is not None:
        person = Person.objects.filter(name_folded=fold(player.name), date_of_birth=born).first()
    if person is None:
        return None
    return Member.objects.filter(person=person).order_by("-joined_on").first()


def import_trf(text: str, *, user, start_date: date, end_date: date, system: str = "dutch",
               discipline: str = "chess", organiser_body: int | None = None,
               organiser_club: int | None = None) -> tuple[Tournament, dict]:
    try:
        data = engine.read_trf(text)
    except engine.TrfError as exc:
        raise ServiceError(str(exc), field="trf", code="trf_invalid") from exc
    if not data.players:
        raise ServiceError("TRF: no player (001) line", field="trf", code="trf_invalid")
    lines = _player_lines(text)
    with transaction.atomic():
        tournament = services.create_tournament(
            user=user, name=data.name or "TRF import", start_date=start_date,
            end_date=end_date, system=system, discipline=discipline,
            number_of_rounds=data.rounds or None,
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
        tournament.save()
        cache_scopes.touch_event_row(tournament.pk)
    return tournament, report


def _entries(tournament: Tournament, data: engine.TrfRead, lines: dict[int, int]):
    entries: dict[int, Entry] = {}
    matched, unmatched = [], []
    used: set[int] = set()
    for p in data.players:
        member = _match(p)
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
        result = _RESULT.get(codes)
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
