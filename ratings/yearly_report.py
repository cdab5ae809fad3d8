"""The federation's yearly report for its congress (issue 32): reads only (selectors).

Members (Phụ lục 2): active on 31/12 of the year, per province (of their club), club and kind
of club; joined in the year (Điều 8.3), lapsed (Điều 15.5), resigned (Điều 10.4); dues paid
in the year (Điều 9.3). Events started in the year per discipline and level (Tournament
``category``): events, games with a result, players (distinct persons: a person in two
events of a row counts once; an entry naming no member and no registry person counts as its
own player) and entries. Titles awarded, decisions issued
per kind, and sanctions (suspensions begun, disciplinary decisions). It lives in the ratings
app, the highest app whose data it reads (titles), and is shown by ``ratings.admin_yearly``
as a page, a PDF and an XLSX.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce

from chessrules.values import RESULT_POINTS
from documents.models import Decision
from federation.models import Club, ClubMembership, DuesPayment, Member, Suspension
from ratings.models import PlayerTitle, TitleCode
from tournaments.models import Entry, Pairing, Tournament


@dataclass(frozen=True)
class Row:
    """One labelled line of a table: ``values`` in the table's column order."""

    label: str
    values: tuple


@dataclass
class YearlyReport:
    year: int
    members_by_province: list[Row] = field(default_factory=list)
    members_by_club: list[Row] = field(default_factory=list)
    members_by_kind: list[Row] = field(default_factory=list)
    members_total: int = 0
    movements: list[Row] = field(default_factory=list)  # joined, lapsed, resigned
    dues: list[Row] = field(default_factory=list)  # per province: payments, amount
    dues_total: Decimal = Decimal(0)
    dues_payments: int = 0
    #: discipline · level: events, games, players (distinct persons), entries
    events: list[Row] = field(default_factory=list)
    titles: list[Row] = field(default_factory=list)
    decisions: list[Row] = field(default_factory=list)
    sanctions: list[Row] = field(default_factory=list)

    def sections(self) -> list[tuple[str, tuple[str, ...], list[Row]]]:
        """The report's tables in order: (title, column headers, rows) — the page, the PDF
        and the XLSX are all drawn from this."""
        return [
            ("Hội viên theo tỉnh/thành phố", ("Hội viên",), self.members_by_province),
            ("Hội viên theo câu lạc bộ", ("Hội viên",), self.members_by_club),
            ("Hội viên theo loại câu lạc bộ", ("Hội viên",), self.members_by_kind),
            ("Biến động hội viên trong năm", ("Số người",), self.movements),
            ("Hội phí thu trong năm", ("Số lần nộp", "Số tiền (đồng)"), self.dues),
            ("Giải đấu theo môn và cấp giải",
             ("Số giải", "Số ván", "Số đấu thủ", "Số lượt đăng ký"), self.events),
            ("Đẳng cấp được phong", ("Số người",), self.titles),
            ("Quyết định đã ban hành", ("Số quyết định",), self.decisions),
            ("Kỷ luật", ("Số trường hợp",), self.sanctions),
        ]


def _year_bounds(year: int) -> tuple[date, date]:
    return date(year, 1, 1), date(year, 12, 31)


def _members_at(day: date):
    """Club stints open on ``day`` of memberships open on ``day`` (the members then)."""
    return ClubMembership.objects.filter(
        Q(started_on__lte=day) & (Q(ended_on__isnull=True) | Q(ended_on__gt=day)),
        Q(member__joined_on__lte=day),
        Q(member__ended_on__isnull=True) | Q(member__ended_on__gt=day),
    ).exclude(member__status=Member.Status.SUPERSEDED)


def _count_rows(rows, labels: dict | None = None) -> list[Row]:
    return [Row(str(labels.get(key, key)) if labels else str(key), (n,)) for key, n in rows]


def _members(report: YearlyReport, end: date) -> None:
    stints = _members_at(end)
    report.members_total = stints.values("member").distinct().count()
    report.members_by_province = _count_rows(
        stints.values_list("club__province__name").annotate(n=Count("member", distinct=True))
        .order_by("club__province__name").values_list("club__province__name", "n"))
    report.members_by_club = _count_rows(
        stints.values_list("club__name").annotate(n=Count("member", distinct=True))
        .order_by("club__name").values_list("club__name", "n"))
    report.members_by_kind = _count_rows(
        stints.values_list("club__kind").annotate(n=Count("member", distinct=True))
        .order_by("club__kind").values_list("club__kind", "n"), dict(Club.Kind.choices))


def _movements(report: YearlyReport, start: date, end: date) -> None:
    in_year = Q(ended_on__gte=start, ended_on__lte=end)
    members = Member.objects.exclude(status=Member.Status.SUPERSEDED)
    report.movements = [
        Row("Gia nhập (Điều 8.3)", (members.filter(joined_on__gte=start,
                                                    joined_on__lte=end).count(),)),
        Row("Bị khai trừ (Điều 15.5)", (members.filter(in_year,
                                                        status=Member.Status.LAPSED).count(),)),
        Row("Xin ra khỏi Liên đoàn (Điều 10.4)",
            (members.filter(in_year, status=Member.Status.RESIGNED).count(),)),
    ]


def _dues(report: YearlyReport, start: date, end: date) -> None:
    paid = DuesPayment.objects.filter(paid_on__gte=start, paid_on__lte=end)
    rows = (paid.values_list("club__province__name").annotate(n=Count("pk"), total=Sum("amount"))
            .order_by("club__province__name").values_list("club__province__name", "n", "total"))
    report.dues = [Row(name, (n, total)) for name, n, total in rows]
    totals = paid.aggregate(n=Count("pk"), total=Sum("amount"))
    report.dues_payments, report.dues_total = totals["n"], totals["total"] or Decimal(0)


def _events(report: YearlyReport, start: date, end: date) -> None:
    events = Tournament.objects.filter(start_date__gte=start, start_date__lte=end).exclude(
        status=Tournament.Status.DRAFT)
    counts = {(d, c): [n, 0, 0, 0] for d, c, n in
              events.values_list("discipline", "category").annotate(n=Count("pk"))
              .values_list("discipline", "category", "n")}
    games = (Pairing.objects.filter(round__tournament__in=events, kind=Pairing.Kind.GAME,
                                    result__in=list(RESULT_POINTS))
             .values_list("round__tournament__discipline", "round__tournament__category")
             .annotate(n=Count("pk")).values_list("round__tournament__discipline",
                                                  "round__tournament__category", "n"))
    for d, c, n in games:
        counts[(d, c)][1] = n
    players = (Entry.objects.filter(tournament__in=events)
               .values_list("tournament__discipline", "tournament__category")
               .annotate(persons=Count(Coalesce("member__person", "person"), distinct=True),
                         unknown=Count("pk", filter=Q(member__isnull=True, person__isnull=True)),
                         n=Count("pk"))
               .values_list("tournament__discipline", "tournament__category", "persons",
                            "unknown", "n"))
    for d, c, persons, unknown, n in players:
        counts[(d, c)][2:] = [persons + unknown, n]
    disciplines = dict(Tournament._meta.get_field("discipline").choices or [])
    levels = dict(Tournament.Category.choices)
    report.events = [Row(f"{disciplines.get(d, d)} · {levels.get(c, c)}", tuple(values))
                     for (d, c), values in sorted(counts.items())]


def _titles_and_decisions(report: YearlyReport, start: date, end: date) -> None:
    titles = (PlayerTitle.objects.filter(awarded_on__gte=start, awarded_on__lte=end)
              .values_list("title").annotate(n=Count("pk")).order_by("title")
              .values_list("title", "n"))
    report.titles = _count_rows(titles, dict(TitleCode.choices))
    decisions = (Decision.objects.filter(issued_on__gte=start, issued_on__lte=end)
                 .values_list("kind").annotate(n=Count("pk")).order_by("kind")
                 .values_list("kind", "n"))
    report.decisions = _count_rows(decisions, dict(Decision.Kind.choices))
    report.sanctions = [
        Row("Quyết định kỷ luật", (Decision.objects.filter(
            issued_on__gte=start, issued_on__lte=end,
            kind=Decision.Kind.DISCIPLINARY).count(),)),
        Row("Đình chỉ bắt đầu trong năm (Điều 15.6)", (Suspension.objects.filter(
            starts_on__gte=start, starts_on__lte=end).count(),)),
    ]


def yearly_report(year: int) -> YearlyReport:
    """Every figure of ``year`` (a fixed number of grouped queries, whatever the data)."""
    start, end = _year_bounds(year)
    report = YearlyReport(year)
    _members(report, end)
    _movements(report, start, end)
    _dues(report, start, end)
    _events(report, start, end)
    _titles_and_decisions(report, start, end)
    return report
