"""National xiangqi title standards (Luật Cờ Tướng 2004, *Phụ lục 6*) as data, and their evaluator.

Phụ lục 6 ("Tiêu chuẩn phong cấp vận động viên cờ Tướng cấp quốc gia") sets three titles —
Kiện tướng quốc gia (National Master), Kiện tướng dự bị quốc gia (National Candidate Master) and
Cấp I quốc gia (First Category) — with separate criteria for men (section A) and women
(section B). Its closing note says the standards "may be adjusted for each period and are
published in the regulations of the national events", so the criteria are **data**: a versioned
table (a JSON-compatible dict with an id and a validity period, :data:`PHU_LUC_6_2004` is the
printed one) read by :func:`load_criteria`, and one evaluator, :func:`evaluate`, for any table.

Criterion kinds (each criterion carries its printed Vietnamese text):

``score``
    Score at an event (the national team championship): ``percentage`` of the games, or
    ``relative_to`` another score criterion plus ``offset`` (the candidate master's "0,5 điểm
    kém điểm chuẩn của kiện tướng"). ``printed`` gives the thresholds printed in the law for some
    numbers of games; for other numbers the threshold is the percentage of the games rounded to
    the nearest half point, a tie going up — the rule that reproduces the printed table
    (72 % of 9, 11, 13 = 6.48, 7.92, 9.36 → 6.5, 8, 9.5; 55 % = 4.95, 6.05, 7.15 → 5, 6, 7).
``rank``
    Final individual ranking between ``rank_min`` and ``rank_max`` at an event category,
    optionally in one ``age_group`` (hạng tuổi) of the national youth championship.
``board_rank``
    Individual ranking (thứ hạng cá nhân) at a team championship.
``repeat``
    The standard of ``of_title`` reached ``times`` times in one calendar year ("đạt tiêu chuẩn
    kiện tướng dự bị hai lần trong năm").
``foreign_title``
    A title of the World or Asian Xiangqi Federation (WXF/AXF master).

A ``score`` criterion needs a minimum number of games played over the board (forfeits are not
games): ``min_games_share`` of the table (default two thirds, as 002 Đ2.3 asks of a player
ranked individually at a team event) of the event's rounds, and at least the table's
``min_games`` (default 0). Without it the rounding rule lets 0,5/1 meet "72 %" (A.1.a) and 0/1
the candidate standard (A.2.a); a threshold of zero points is never met.

The evaluator takes the table, the player's result at one event (:class:`EventPerformance`), the
qualifications he already earned earlier in the year and his foreign titles, and returns every
criterion met (:class:`Qualification`), highest title first, each with the criterion id, its
printed text and the evidence (event, rank, score, games, required score...). Choices where the
text is silent are in ``docs/decisions-ratings.md``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

NATIONAL_MASTER = "national_master"
NATIONAL_CANDIDATE_MASTER = "national_candidate_master"
FIRST_CATEGORY = "first_category"

MEN = "men"
WOMEN = "women"
SECTIONS = (MEN, WOMEN)

TEAM_CHAMPIONSHIP = "national_team_championship"  # giải Vô địch đồng đội toàn quốc
INDIVIDUAL_CHAMPIONSHIP = "national_individual_championship"  # giải Vô địch toàn quốc (cá nhân)
YOUTH_CHAMPIONSHIP = "national_youth_championship"  # giải trẻ toàn quốc
EVENT_CATEGORIES = (TEAM_CHAMPIONSHIP, INDIVIDUAL_CHAMPIONSHIP, YOUTH_CHAMPIONSHIP)

WXF_MASTER = "WXF master"  # Kiện tướng của Liên đoàn cờ Tướng Thế giới
AXF_MASTER = "AXF master"  # Kiện tướng của Liên đoàn cờ Tướng châu Á

KINDS = ("score", "rank", "board_rank", "repeat", "foreign_title")


def _criterion(cid: str, section: str, title: str, kind: str, text: str,
               **details: Any) -> dict[str, Any]:
    return {"id": cid, "section": section, "title": title, "kind": kind, "text": text, **details}


#: Phụ lục 6 as printed (Luật Cờ Tướng, QĐ 1409/2004/QĐ-UBTDTT of 23 September 2004).
#: Criterion ids follow the printed numbering: section A (men) / B (women), title 1-3, letter.
PHU_LUC_6_2004: dict[str, Any] = {
    "id": "phu-luc-6-2004",
    "discipline": "xiangqi",
    "source": "Luật Cờ Tướng, QĐ 1409/2004/QĐ-UBTDTT/TT1 ngày 23/9/2004, Phụ lục 6",
    "valid_from": "2004-09-23",
    "valid_to": None,
    "titles": [
        {"code": NATIONAL_MASTER, "rank": 3, "name_vi": "Kiện tướng quốc gia",
         "name_en": "National Master"},
        {"code": NATIONAL_CANDIDATE_MASTER, "rank": 2, "name_vi": "Kiện tướng dự bị quốc gia",
         "name_en": "National Candidate Master"},
        {"code": FIRST_CATEGORY, "rank": 1, "name_vi": "Cấp I quốc gia",
         "name_en": "First Category"},
    ],
    "criteria": [
        # A. Men — 1. Kiện tướng quốc gia
        _criterion("A.1.a", MEN, NATIONAL_MASTER, "score",
                   "Đạt 72% số điểm tại giải Vô địch đồng đội toàn quốc: Thi đấu 9 ván đạt 6,5 "
                   "điểm, 11 ván đạt 8 điểm, 13 ván đạt 9,5 điểm.",
                   event_category=TEAM_CHAMPIONSHIP, percentage="72",
                   printed={"9": "6.5", "11": "8", "13": "9.5"}),
        _criterion("A.1.b", MEN, NATIONAL_MASTER, "rank",
                   "Đạt thứ hạng từ 1 đến 6 tại giải Vô địch toàn quốc.",
                   event_category=INDIVIDUAL_CHAMPIONSHIP, rank_min=1, rank_max=6),
        _criterion("A.1.c", MEN, NATIONAL_MASTER, "repeat",
                   "Đạt tiêu chuẩn kiện tướng dự bị hai lần trong năm.",
                   of_title=NATIONAL_CANDIDATE_MASTER, times=2),
        _criterion("A.1.d", MEN, NATIONAL_MASTER, "foreign_title",
                   "Đạt kiện tướng của Liên đoàn cờ Tướng Thế giới hoặc châu Á.",
                   foreign_titles=[WXF_MASTER, AXF_MASTER]),
        # A. Men — 2. Kiện tướng dự bị quốc gia
        _criterion("A.2.a", MEN, NATIONAL_CANDIDATE_MASTER, "score",
                   "Đạt số điểm kém điểm chuẩn của kiện tướng 0,5 điểm tại giải Vô địch đồng đội "
                   "toàn quốc.",
                   event_category=TEAM_CHAMPIONSHIP, relative_to="A.1.a", offset="-0.5"),
        _criterion("A.2.b", MEN, NATIONAL_CANDIDATE_MASTER, "rank",
                   "Đạt thứ hạng từ 7 tới 10 tại giải Vô địch toàn quốc.",
                   event_category=INDIVIDUAL_CHAMPIONSHIP, rank_min=7, rank_max=10),
        _criterion("A.2.c", MEN, NATIONAL_CANDIDATE_MASTER, "rank",
                   "Đạt thứ hạng nhất cá nhân tại giải trẻ toàn quốc hạng tuổi 18.",
                   event_category=YOUTH_CHAMPIONSHIP, age_group=18, rank_min=1, rank_max=1),
        # A. Men — 3. Cấp I quốc gia
        _criterion("A.3.a", MEN, FIRST_CATEGORY, "score",
                   "Đạt 55% số điểm tại giải Vô địch đồng đội toàn quốc: Thi đấu 9 ván đạt 5 "
                   "điểm, 11 ván đạt 6 điểm, 13 ván và đạt 7 điểm.",
                   event_category=TEAM_CHAMPIONSHIP, percentage="55",
                   printed={"9": "5", "11": "6", "13": "7"}),
        _criterion("A.3.b-u15", MEN, FIRST_CATEGORY, "rank",
                   "Đạt thứ nhất cá nhân hạng tuổi 15 và nhì, ba hạng tuổi 18 tại giải trẻ toàn "
                   "quốc.",
                   event_category=YOUTH_CHAMPIONSHIP, age_group=15, rank_min=1, rank_max=1),
        _criterion("A.3.b-u18", MEN, FIRST_CATEGORY, "rank",
                   "Đạt thứ nhất cá nhân hạng tuổi 15 và nhì, ba hạng tuổi 18 tại giải trẻ toàn "
                   "quốc.",
                   event_category=YOUTH_CHAMPIONSHIP, age_group=18, rank_min=2, rank_max=3),
        # B. Women — 1. Kiện tướng quốc gia
        _criterion("B.1.a", WOMEN, NATIONAL_MASTER, "board_rank",
                   "Đạt thứ nhất cá nhân giải Vô địch đồng đội toàn quốc.",
                   event_category=TEAM_CHAMPIONSHIP, rank_min=1, rank_max=1),
        _criterion("B.1.b", WOMEN, NATIONAL_MASTER, "rank",
                   "Đạt thứ hạng từ 1 đến 3 tại giải Vô địch toàn quốc.",
                   event_category=INDIVIDUAL_CHAMPIONSHIP, rank_min=1, rank_max=3),
        _criterion("B.1.c", WOMEN, NATIONAL_MASTER, "foreign_title",
                   "Đạt kiện tướng của Liên đoàn cờ Tướng Thế giới hoặc châu Á.",
                   foreign_titles=[WXF_MASTER, AXF_MASTER]),
        _criterion("B.1.d", WOMEN, NATIONAL_MASTER, "repeat",
                   "Đạt tiêu chuẩn kiện tướng dự bị hai lần trong năm.",
                   of_title=NATIONAL_CANDIDATE_MASTER, times=2),
        # B. Women — 2. Kiện tướng dự bị quốc gia
        _criterion("B.2.a", WOMEN, NATIONAL_CANDIDATE_MASTER, "board_rank",
                   "Đạt thứ hạng cá nhân từ 2 đến 3 tại giải Vô địch đồng đội toàn quốc.",
                   event_category=TEAM_CHAMPIONSHIP, rank_min=2, rank_max=3),
        _criterion("B.2.b", WOMEN, NATIONAL_CANDIDATE_MASTER, "rank",
                   "Đạt thứ hạng từ 4 tới 5 tại giải vô địch quốc gia (cá nhân).",
                   event_category=INDIVIDUAL_CHAMPIONSHIP, rank_min=4, rank_max=5),
        _criterion("B.2.c", WOMEN, NATIONAL_CANDIDATE_MASTER, "rank",
                   "Đạt thứ hạng nhất tại giải trẻ toàn quốc hạng tuổi 18.",
                   event_category=YOUTH_CHAMPIONSHIP, age_group=18, rank_min=1, rank_max=1),
        # B. Women — 3. Cấp I quốc gia
        _criterion("B.3.a", WOMEN, FIRST_CATEGORY, "score",
                   "Đạt 55% số điểm tại giải Vô địch đồng đội toàn quốc: Thi đấu 9 ván đạt 5 "
                   "điểm, 11 ván đạt 6 điểm, 13 ván đạt 7 điểm.",
                   event_category=TEAM_CHAMPIONSHIP, percentage="55",
                   printed={"9": "5", "11": "6", "13": "7"}),
        _criterion("B.3.b-u15", WOMEN, FIRST_CATEGORY, "rank",
                   "Đạt thứ nhất cá nhân hạng tuổi 15 và nhì, ba hạng tuổi 18 tại giải trẻ toàn "
                   "quốc.",
                   event_category=YOUTH_CHAMPIONSHIP, age_group=15, rank_min=1, rank_max=1),
        _criterion("B.3.b-u18", WOMEN, FIRST_CATEGORY, "rank",
                   "Đạt thứ nhất cá nhân hạng tuổi 15 và nhì, ba hạng tuổi 18 tại giải trẻ toàn "
                   "quốc.",
                   event_category=YOUTH_CHAMPIONSHIP, age_group=18, rank_min=2, rank_max=3),
    ],
}


# --------------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------------


class CriteriaError(ValueError):
    """A criteria table that cannot be used; the message names the table, criterion and field."""


@dataclass(frozen=True, slots=True)
class Title:
    code: str
    rank: int  # higher is the higher title
    name_vi: str
    name_en: str


@dataclass(frozen=True, slots=True)
class Criterion:
    id: str
    section: str
    title: str
    kind: str
    text: str
    event_category: str | None = None
    percentage: Fraction | None = None
    relative_to: str | None = None
    offset: Fraction = Fraction(0)
    printed: Mapping[int, Fraction] = field(default_factory=dict)
    rank_min: int | None = None
    rank_max: int | None = None
    age_group: int | None = None
    of_title: str | None = None
    times: int | None = None
    foreign_titles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CriteriaTable:
    id: str
    discipline: str
    source: str
    valid_from: date
    valid_to: date | None
    titles: Mapping[str, Title]
    criteria: tuple[Criterion, ...]
    raw: Mapping[str, Any]  # the table as loaded, for storing with a qualification
    min_games_share: Fraction = Fraction(2, 3)
    min_games: int = 0

    def criterion(self, cid: str) -> Criterion:
        for criterion in self.criteria:
            if criterion.id == cid:
                return criterion
        raise KeyError(f"criteria table {self.id}: no criterion {cid!r}")

    def is_valid_on(self, day: date) -> bool:
        return self.valid_from <= day and (self.valid_to is None or day <= self.valid_to)

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(dict(self.raw))

    def minimum_games(self, rounds: int) -> int:
        """Games over the board a ``score`` criterion needs at an event of ``rounds`` rounds:
        ``min_games_share`` of the rounds rounded up, and at least ``min_games`` (002 Đ2.3)."""
        share = self.min_games_share * rounds
        return max(self.min_games, -(-share.numerator // share.denominator))

    def required_score(self, criterion: Criterion | str, games: int) -> Fraction:
        """Score needed under a ``score`` criterion for ``games`` games.

        The printed value when the law prints one, else the percentage of the games rounded to
        the nearest half point (a tie going up); a ``relative_to`` criterion adds its offset to
        the referenced criterion's threshold.
        """
        if isinstance(criterion, str):
            criterion = self.criterion(criterion)
        if criterion.kind != "score":
            raise CriteriaError(f"criteria table {self.id}: criterion {criterion.id} is not a "
                                "score criterion")
        if games <= 0:
            raise ValueError(f"required score: the number of games must be positive, got {games}")
        if games in criterion.printed:
            return criterion.printed[games]
        if criterion.relative_to is not None:
            return self.required_score(criterion.relative_to, games) + criterion.offset
        assert criterion.percentage is not None  # a score criterion without relative_to has one
        return nearest_half_point(criterion.percentage * games / 100)


def nearest_half_point(value: Fraction) -> Fraction:
    """Round to the nearest half point, halves of a half (x.25, x.75) going up."""
    return Fraction(int(value * 2 + Fraction(1, 2)), 2) if value >= 0 else -nearest_half_point(-value)


def _fraction(value: Any, where: str) -> Fraction:
    if isinstance(value, bool) or value is None:
        raise CriteriaError(f"{where}: expected a number, got {value!r}")
    try:
        if isinstance(value, float):
            return Fraction(str(value))
        return Fraction(str(value).replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise CriteriaError(f"{where}: {value!r} is not a number") from None


def _date(value: Any, where: str) -> date:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise CriteriaError(f"{where}: {value!r} is not a date (YYYY-MM-DD)") from None


_KIND_FIELDS = {
    "score": ("event_category",),
    "rank": ("event_category", "rank_min", "rank_max"),
    "board_rank": ("event_category", "rank_min", "rank_max"),
    "repeat": ("of_title", "times"),
    "foreign_title": ("foreign_titles",),
}


def load_criteria(data: Mapping[str, Any] | str) -> CriteriaTable:
    """Check and load a criteria table (a dict or its JSON text)."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise CriteriaError(f"criteria table: not valid JSON ({error})") from None
    if not isinstance(data, Mapping):
        raise CriteriaError("criteria table: expected an object")
    table_id = data.get("id")
    if not table_id:
        raise CriteriaError("criteria table: field 'id' is missing")
    where = f"criteria table {table_id}"
    for name in ("valid_from", "titles", "criteria"):
        if name not in data:
            raise CriteriaError(f"{where}: field {name!r} is missing")
    titles = {}
    for index, item in enumerate(data["titles"]):
        try:
            title = Title(item["code"], int(item["rank"]), item.get("name_vi", ""),
                          item.get("name_en", ""))
        except (KeyError, TypeError, ValueError) as error:
            raise CriteriaError(f"{where}: title #{index}: bad or missing field {error}") from None
        titles[title.code] = title
    criteria = []
    seen: set[str] = set()
    for index, item in enumerate(data["criteria"]):
        criterion = _load_criterion(item, f"{where}: criterion #{index}", titles)
        if criterion.id in seen:
            raise CriteriaError(f"{where}: criterion id {criterion.id!r} appears twice")
        seen.add(criterion.id)
        criteria.append(criterion)
    by_id = {criterion.id: criterion for criterion in criteria}
    for criterion in criteria:
        if criterion.relative_to is not None:
            target = by_id.get(criterion.relative_to)
            if target is None or target.kind != "score":
                raise CriteriaError(f"{where}: criterion {criterion.id}: relative_to "
                                    f"{criterion.relative_to!r} is not a score criterion")
            if target.relative_to is not None:
                raise CriteriaError(f"{where}: criterion {criterion.id}: relative_to must name a "
                                    "criterion with its own percentage")
    valid_to = data.get("valid_to")
    share = _fraction(data.get("min_games_share", "2/3"), f"{where}: min_games_share")
    if not 0 <= share <= 1:
        raise CriteriaError(f"{where}: min_games_share must be in [0, 1], got {share}")
    min_games = data.get("min_games", 0)
    if isinstance(min_games, bool) or not isinstance(min_games, int) or min_games < 0:
        raise CriteriaError(f"{where}: min_games must be a whole number ≥ 0, got {min_games!r}")
    return CriteriaTable(
        id=str(table_id), discipline=str(data.get("discipline", "xiangqi")),
        source=str(data.get("source", "")),
        valid_from=_date(data["valid_from"], f"{where}: valid_from"),
        valid_to=None if valid_to is None else _date(valid_to, f"{where}: valid_to"),
        titles=titles, criteria=tuple(criteria), raw=copy.deepcopy(dict(data)),
        min_games_share=share, min_games=min_games,
    )


def _load_criterion(item: Mapping[str, Any], where: str, titles: Mapping[str, Title]) -> Criterion:
    if not isinstance(item, Mapping):
        raise CriteriaError(f"{where}: expected an object")
    for name in ("id", "section", "title", "kind"):
        if not item.get(name):
            raise CriteriaError(f"{where}: field {name!r} is missing")
    where = f"{where.rsplit(': criterion', 1)[0]}: criterion {item['id']}"
    if item["section"] not in SECTIONS:
        raise CriteriaError(f"{where}: section {item['section']!r} is not one of "
                            f"{', '.join(SECTIONS)}")
    if item["title"] not in titles:
        raise CriteriaError(f"{where}: title {item['title']!r} is not in the table's titles")
    kind = item["kind"]
    if kind not in KINDS:
        raise CriteriaError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    for name in _KIND_FIELDS[kind]:
        if item.get(name) in (None, "", []):
            raise CriteriaError(f"{where}: field {name!r} is needed for a {kind} criterion")
    category = item.get("event_category")
    if category is not None and category not in EVENT_CATEGORIES:
        raise CriteriaError(f"{where}: event_category {category!r} is not one of "
                            f"{', '.join(EVENT_CATEGORIES)}")
    percentage = relative_to = None
    offset = Fraction(0)
    if kind == "score":
        if ("percentage" in item) == ("relative_to" in item):
            raise CriteriaError(f"{where}: a score criterion needs either 'percentage' or "
                                "'relative_to' (with 'offset')")
        if "percentage" in item:
            percentage = _fraction(item["percentage"], f"{where}: percentage")
            if not 0 < percentage <= 100:
                raise CriteriaError(f"{where}: percentage must be in (0, 100], got {percentage}")
        else:
            relative_to = str(item["relative_to"])
            offset = _fraction(item.get("offset", 0), f"{where}: offset")
    printed = {}
    for games, score in (item.get("printed") or {}).items():
        try:
            count = int(games)
        except ValueError:
            raise CriteriaError(f"{where}: printed: {games!r} is not a number of games") from None
        printed[count] = _fraction(score, f"{where}: printed[{games}]")
    rank_min: Any = item.get("rank_min")  # raw input, checked here
    rank_max: Any = item.get("rank_max")
    if kind in ("rank", "board_rank") and not 1 <= int(rank_min) <= int(rank_max):
        raise CriteriaError(f"{where}: ranks {rank_min}..{rank_max} are not a range from 1")
    if kind == "repeat" and item["of_title"] not in titles:
        raise CriteriaError(f"{where}: of_title {item['of_title']!r} is not in the table's titles")
    return Criterion(
        id=str(item["id"]), section=item["section"], title=item["title"], kind=kind,
        text=str(item.get("text", "")), event_category=category, percentage=percentage,
        relative_to=relative_to, offset=offset, printed=printed,
        rank_min=None if rank_min is None else int(rank_min),
        rank_max=None if rank_max is None else int(rank_max),
        age_group=None if item.get("age_group") is None else int(item["age_group"]),
        of_title=item.get("of_title"),
        times=None if item.get("times") is None else int(item["times"]),
        foreign_titles=tuple(item.get("foreign_titles") or ()),
    )


def select_table(tables: Iterable[CriteriaTable], on: date) -> CriteriaTable:
    """The table in force on ``on`` (the latest valid_from among those valid that day)."""
    valid = [table for table in tables if table.is_valid_on(on)]
    if not valid:
        raise LookupError(f"no criteria table is valid on {on.isoformat()}")
    return max(valid, key=lambda table: table.valid_from)


#: The printed table, loaded.
DEFAULT_TABLE = load_criteria(PHU_LUC_6_2004)


# --------------------------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventPerformance:
    """A player's result at one event, as the evaluator needs it.

    ``rank``: final individual ranking (individual and youth championships); ``age_group``:
    hạng tuổi of a youth championship (15, 18...); ``score``/``games``: points and games played
    over the board at a team championship (forfeits left out); ``rounds``: the rounds the event
    had (None: taken as ``games``); ``board_rank``: the player's individual ranking at a team
    championship (thứ hạng cá nhân). ``section`` is the gender section the player competed in.
    """

    event_id: Hashable
    category: str
    section: str
    end_date: date
    rank: int | None = None
    age_group: int | None = None
    score: float | Fraction | Decimal | None = None
    games: int | None = None
    board_rank: int | None = None
    rounds: int | None = None

    def __post_init__(self) -> None:
        if self.section not in SECTIONS:
            raise ValueError(f"event {self.event_id!r}: section {self.section!r} is not one of "
                             f"{', '.join(SECTIONS)}")
        if (self.score is None) != (self.games is None):
            raise ValueError(f"event {self.event_id!r}: score and games go together")
        if self.games is not None and self.games <= 0:
            raise ValueError(f"event {self.event_id!r}: games must be positive, got {self.games}")
        if (self.score is not None and self.games is not None
                and not 0 <= Fraction(str(self.score)) <= self.games):
            raise ValueError(f"event {self.event_id!r}: score {self.score} is outside "
                             f"0..{self.games}")
        if self.rounds is not None and self.games is not None and self.rounds < self.games:
            raise ValueError(f"event {self.event_id!r}: {self.games} games in "
                             f"{self.rounds} rounds")
        for name in ("rank", "board_rank"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"event {self.event_id!r}: {name} must be at least 1, "
                                 f"got {value}")


@dataclass(frozen=True, slots=True)
class EarlierQualification:
    """A standard the player reached at an earlier event (approved or not)."""

    title: str
    criterion_id: str
    event_id: Hashable
    date: date


@dataclass(frozen=True, slots=True)
class Qualification:
    """A criterion met: which title, by which criterion of which table, and the evidence."""

    title: str
    criterion_id: str
    table_id: str
    section: str
    event_id: Hashable | None
    text: str
    evidence: dict[str, Any]


def evaluate(table: CriteriaTable, result: EventPerformance | None, *,
             earlier: Sequence[EarlierQualification] = (),
             foreign_titles: Iterable[str] = (),
             section: str | None = None) -> list[Qualification]:
    """Every criterion of ``table`` the player meets, highest title first.

    ``result`` is his result at the event being checked (None to check foreign titles only, then
    ``section`` is needed); ``earlier`` his qualifications earlier in the year (for the
    "candidate master standard twice in a year" rule); ``foreign_titles`` e.g. ``["WXF master"]``.
    """
    section = section or (result.section if result is not None else None)
    if section not in SECTIONS:
        raise ValueError(f"evaluate: section {section!r} is not one of {', '.join(SECTIONS)}")
    if result is not None and result.section != section:
        raise ValueError(f"evaluate: section {section!r} differs from the event's "
                         f"{result.section!r}")
    held_foreign = set(foreign_titles)
    found: list[Qualification] = []
    criteria = [c for c in table.criteria if c.section == section]
    for criterion in criteria:
        if criterion.kind == "foreign_title":
            matched = sorted(held_foreign.intersection(criterion.foreign_titles))
            if matched:
                found.append(_qualification(table, criterion, None, {"foreign_titles": matched}))
        elif result is not None and criterion.kind != "repeat":
            evidence = _event_evidence(table, criterion, result)
            if evidence is not None:
                found.append(_qualification(table, criterion, result.event_id, evidence))
    if result is not None:
        for criterion in criteria:
            if criterion.kind == "repeat":
                evidence = _repeat_evidence(criterion, result, found, earlier)
                if evidence is not None:
                    found.append(_qualification(table, criterion, result.event_id, evidence))
    ranks = {code: title.rank for code, title in table.titles.items()}
    order = {criterion.id: index for index, criterion in enumerate(table.criteria)}
    found.sort(key=lambda q: (-ranks[q.title], order[q.criterion_id]))
    return found


def highest_title(qualifications: Iterable[Qualification],
                  table: CriteriaTable = DEFAULT_TABLE) -> str | None:
    """The highest title among ``qualifications`` (None if there are none)."""
    titles = [q.title for q in qualifications]
    return max(titles, key=lambda code: table.titles[code].rank) if titles else None


def _qualification(table: CriteriaTable, criterion: Criterion, event_id: Hashable | None,
                   evidence: dict[str, Any]) -> Qualification:
    return Qualification(criterion.title, criterion.id, table.id, criterion.section, event_id,
                         criterion.text, evidence)


def _base_evidence(result: EventPerformance) -> dict[str, Any]:
    return {"event_id": result.event_id, "category": result.category,
            "end_date": result.end_date.isoformat()}


def _event_evidence(table: CriteriaTable, criterion: Criterion,
                    result: EventPerformance) -> dict[str, Any] | None:
    if criterion.event_category != result.category:
        return None
    if criterion.kind == "score":
        if result.score is None:
            return None
        score = Fraction(str(result.score))
        assert result.games is not None  # score and games go together (EventPerformance)
        rounds = result.rounds if result.rounds is not None else result.games
        minimum = table.minimum_games(rounds)
        if result.games < minimum:
            return None
        required = table.required_score(criterion, result.games)
        if required <= 0 or score < required:
            return None
        return _base_evidence(result) | {"score": _number(score), "games": result.games,
                                         "rounds": rounds, "minimum_games": minimum,
                                         "required_score": _number(required)}
    lowest, highest = criterion.rank_min, criterion.rank_max  # set for rank kinds (read check)
    if criterion.kind == "rank":
        assert lowest is not None and highest is not None
        if criterion.age_group is not None and result.age_group != criterion.age_group:
            return None
        if result.rank is None or not lowest <= result.rank <= highest:
            return None
        evidence = _base_evidence(result) | {"rank": result.rank,
                                             "ranks": [criterion.rank_min, criterion.rank_max]}
        if criterion.age_group is not None:
            evidence["age_group"] = criterion.age_group
        return evidence
    if criterion.kind == "board_rank":
        assert lowest is not None and highest is not None
        if result.board_rank is None:
            return None
        if not lowest <= result.board_rank <= highest:
            return None
        return _base_evidence(result) | {"board_rank": result.board_rank,
                                         "ranks": [criterion.rank_min, criterion.rank_max]}
    return None


def _repeat_evidence(criterion: Criterion, result: EventPerformance, found: list[Qualification],
                     earlier: Sequence[EarlierQualification]) -> dict[str, Any] | None:
    """"Đạt tiêu chuẩn kiện tướng dự bị hai lần trong năm": this event's standard plus earlier
    ones of the same calendar year, one per event."""
    now = [q for q in found if q.title == criterion.of_title and q.event_id == result.event_id]
    if not now:
        return None
    year = result.end_date.year
    events: dict[Hashable, str] = {}
    for item in sorted(earlier, key=lambda q: q.date):
        if (item.title == criterion.of_title and item.date.year == year
                and item.date <= result.end_date and item.event_id != result.event_id):
            events.setdefault(item.event_id, item.criterion_id)
    events[result.event_id] = now[0].criterion_id
    assert criterion.times is not None  # a repeat criterion has its count
    if len(events) < criterion.times:
        return None
    return {"year": year, "of_title": criterion.of_title, "times": criterion.times,
            "standards": [{"event_id": event, "criterion_id": cid}
                          for event, cid in events.items()]}


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)
