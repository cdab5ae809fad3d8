"""An event's tables as files for people and programs: the standings and the crosstable as
rows (written as CSV and .xlsx), the pairings of a round as CSV, the event as a TRF file
(birth years only)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chessrules.values import Discipline, MatchScoring
from core.csvtext import csv_text, points_text
from core.csvtext import points as points_value
from federation.models import PrivateDataAccess
from tournaments import engine, selectors
from tournaments.models import Round, Tournament

#: the msgctxt of a colour's abbreviation in a crosstable cell (``T`` -> ``W``)
COLOUR_ABBREVIATION = "viết tắt màu quân"

Table = tuple[list[str], list[list[object]]]

#: what the TRF export reads of a registry person's private data (the access log's fields)
BIRTH_YEAR_READ = frozenset({PrivateDataAccess.BIRTH_YEAR})


def standings_table(tournament: Tournament, after_round: int | None = None) -> Table:
    """The standings as the staff print them (header in the reader's language, rows); two-
    game matches (Điều 21.2) add match and game points; the team and the withdrawn flag
    (Điều 21.5) as the page shows them. Written as CSV and as .xlsx."""
    table = selectors.standings(tournament, after_round)
    matches = tournament.match_scoring == MatchScoring.TWO_GAME_MATCH
    header = [_("Hạng"), _("Số xếp"), _("Họ tên"), _("Danh hiệu"), _("Elo"), _("Điểm"),
              *([_("Điểm trận"), _("Điểm ván")] if matches else []),
              *table["tiebreaks"], _("Đội"), _("Bỏ cuộc")]
    return header, [
        [row["rank"], row["starting_number"], row["name"], row["title"], row["rating"],
         points_value(row["points"]),
         *([points_value(row["match_points"]), points_value(row["game_points"])] if matches else []),
         *[row["tiebreaks"].get(c) for c in table["tiebreaks"]],
         row.get("team") or "", _("có") if row.get("withdrawn") else ""]
        for row in table["rows"]]


def standings_csv(tournament: Tournament, after_round: int | None = None) -> str:
    """The standings as CSV for people (``core.csvtext``: BOM, headers in the reader's
    language)."""
    return csv_text(*standings_table(tournament, after_round))


def crosstable_table(tournament: Tournament, after_round: int | None = None) -> Table:
    """The crosstable as printed: rank, number, name, one column per round (opponent's
    number, colour abbreviation, mark: ``3T1``; xiangqi ``3Đỏ1``), points, tie-breaks."""
    table = selectors.crosstable(tournament, after_round)
    discipline = Discipline(tournament.discipline)
    colours = {side: pgettext(COLOUR_ABBREVIATION, discipline.colour_abbreviation(side))
               for side in ("w", "b")}
    rounds = max((len(row["rounds"]) for row in table["rows"]), default=0)
    header = [_("Hạng"), _("Số xếp"), _("Họ tên"), _("Elo"),
              *[_("V%(n)s") % {"n": n} for n in range(1, rounds + 1)], _("Điểm"),
              *table["tiebreaks"]]
    return header, [
        [row["rank"], row["starting_number"], row["name"], row["rating"],
         *[f'{cell["opponent"] or ""}{colours.get(cell["color"], "") if cell["color"] else ""}'
           f'{cell["mark"] or ""}' for cell in row["rounds"]],
         *[""] * (rounds - len(row["rounds"])), points_value(row["points"]),
         *[row["tiebreaks"].get(c) for c in table["tiebreaks"]]]
        for row in table["rows"]]


def pairings_csv(round_: Round) -> str:
    """The round's boards as CSV for people; a bye's points written like a score
    (``0.0``/``0.5``/``1.0``)."""
    header = [_("Ván"), _("Bàn"), _("Số xếp Trắng"), _("Trắng"), _("Số xếp Đen"), _("Đen"),
              _("Kết quả")]
    return csv_text(header, (
        [round_.number, p.board, p.white.starting_number if p.white else "",
         p.white.name if p.white else "",
         p.black.starting_number if p.black else "",
         p.black.name if p.black else p.get_kind_display(),
         p.result if p.kind == "game" else points_text(p.bye_points or 0)]
        for p in selectors.pairings_of(round_)))


def trf_text(tournament: Tournament, shown: dict[int, frozenset[str]] | None = None) -> str:
    """The tournament as a TRF16 file with the TRF-2026 XXR/XXC lines; birth years only.
    ``shown`` (when given) receives the registry persons whose birth year the file carries,
    for the access log of private data (issue 31)."""
    entries = []
    for e in tournament.entries.filter(starting_number__isnull=False).select_related(
            "member__person").order_by("starting_number"):
        if e.starting_number is None:  # filtered above: the type cannot say so
            continue
        # minimisation (Nghị định 13/2023/NĐ-CP Điều 3): the year of birth only (TRF16 allows
        # ``YYYY``); no pairing system, tie-break or the rating's K (Phụ lục 6) needs more,
        # and age groups are checked at registration (docs/decisions-security.md)
        person = e.member.person if e.member else None
        year = e.birth_year or (person.date_of_birth.year
                                if person is not None and person.date_of_birth else None)
        birth = str(year or "")
        person_id = person.pk if person is not None else e.person_id
        if shown is not None and birth and person_id is not None:
            shown[person_id] = BIRTH_YEAR_READ
        sex = {"M": "m", "F": "w"}.get(e.gender, "")
        entries.append(engine.TrfEntry(e.starting_number, e.name, sex, e.title,
                                       e.rating, e.federation_code, e.fide_id, birth))
    return engine.export_trf(tournament, entries, tournament.rounds.count())
