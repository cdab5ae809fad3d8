"""The tournaments app's document kinds (``documents.registry``): tracking cards (Điều 29.1),
standings and crosstables (Điều 21.3, 21.4, 29.5; Phụ lục 1) and the pairings list of a round,
with the admin actions that ask for them. Who may see them: published tournaments' standings,
crosstables and pairings are public (drafts: their organisers and arbiters, as
``selectors.visible_tournaments`` says); tracking cards are for the assigned arbiters
(Điều 20) and staff."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessrules.values import MatchScoring, TieBreak
from core.errors import ServiceError
from documents.admin_actions import pdf_action
from documents.models import Document
from documents.presentation import vn_number
from documents.registry import DocumentKind
from documents.targets import get_object, parse_target, slug
from federation.selectors import shown_clubs
from tournaments import selectors, selectors_awards, systems
from tournaments.documents_announcements import announcements_data
from tournaments.documents_cards import tracking_card_parts, tracking_cards_data
from tournaments.documents_common import arbitrates, sees_tournament, tournament_head
from tournaments.documents_pairings import pairings_data
from tournaments.models import Entry, Pairing, Round, Tournament

K = Document.Kind


# --- standings and crosstable (Điều 21.3, 21.4, 29.5) ----------------------------------------------

TIEBREAK_NAMES: dict[str, str] = {
    TieBreak.BH: "Búcgôn (Buchholz)", TieBreak.BH_VN: "Búcgôn (Điều 21.4, 29.5)",
    TieBreak.SB: "Hệ số Bécgơ (Sonneborn-Berger)", TieBreak.DE: "Đối đầu trực tiếp",
    TieBreak.WIN: "Số ván thắng", TieBreak.WON: "Số ván thắng trên bàn cờ",
    TieBreak.BPG: "Số ván cầm quân Đen", TieBreak.BWG: "Số ván thắng cầm quân Đen",
    TieBreak.ARO: "Hệ số Elo trung bình của đối thủ", TieBreak.PS: "Điểm lũy tiến",
    TieBreak.LOT: "Bốc thăm", TieBreak.REP: "Số ván chọn thi đấu",
    TieBreak.KS: "Hệ số Koya", TieBreak.AOB: "Búcgôn trung bình của đối thủ",
    TieBreak.TPR: "Hệ số thi đấu (TPR)", TieBreak.APRO: "TPR trung bình của đối thủ",
    TieBreak.PO: "Thi đấu bổ sung",
}
MATRIX_LIMIT = 30  # a round robin up to this size is printed as a player × player table


def tiebreak_name(code: str) -> str:
    base, _sep, cut = code.partition("-")
    if code in TIEBREAK_NAMES:
        return TIEBREAK_NAMES[code]
    name = TIEBREAK_NAMES.get(base, code)
    if cut.startswith("C"):
        return f"{name}, bỏ {cut[1:]} giá trị thấp nhất"
    if cut.startswith("M"):
        return f"{name}, bỏ {cut[1:]} giá trị cao nhất và thấp nhất"
    return name


def _after_round(tournament, parsed: dict) -> int | None:
    after = parsed.get("round")
    if after is not None and not tournament.rounds.filter(number=after).exists():
        raise ServiceError(_("Giải chưa có ván %(n)s.") % {"n": after}, field="target",
                           code="not_found")
    return after


def standings_data(target: str, kind: str = K.STANDINGS) -> dict:
    """The ranking with tie-break columns in the tournament's order
    (``tournaments.selectors.standings``), after the last complete round or round n."""
    parsed = parse_target(kind, target)
    tournament = get_object(Tournament, parsed["tournament"])
    after = _after_round(tournament, parsed)
    if kind == K.CROSSTABLE:
        table = selectors.crosstable(tournament, after)
    else:
        table = selectors.standings(tournament, after)
    units = _units(tournament)
    codes = list(table["tiebreaks"])
    rows = []
    for row in table["rows"]:
        rows.append({
            "rank": row["rank"], "number": row["starting_number"], "name": row["name"],
            "title": row["title"] or "", "rating": row["rating"] or "",
            "unit": row.get("team") or (_("Nhóm %(g)s") % {"g": row["group"]}
                                        if row.get("group") else units.get(row["entry"], "")),
            "points": vn_number(row["points"]),
            "match_points": vn_number(row.get("match_points")),
            "game_points": vn_number(row.get("game_points")),
            "tiebreaks": [_tiebreak_value(row["tiebreaks"].get(c)) for c in codes],
            "withdrawn": row["withdrawn"], "rounds": row.get("rounds", []),
        })
    return {"tournament": tournament_head(tournament), "after_round": table["after_round"],
            "tiebreaks": [{"code": c, "name": tiebreak_name(c)} for c in codes], "rows": rows,
            "summary": format_summary_lines(table),
            "two_game_matches": tournament.match_scoring == MatchScoring.TWO_GAME_MATCH}


def format_summary_lines(table: dict) -> list[str]:
    """The line a format adds under its standings: the match score (002 Điều 8), the
    groups' totals (002 Điều 10)."""
    lines = []
    if "match" in table:
        m = table["match"]
        a, b = m["players"] if len(m["players"]) == 2 else (1, 2)
        line = _("Tỷ số trận: số %(a)s %(pa)s – %(pb)s số %(b)s sau %(n)s ván") % {
            "a": a, "b": b, "pa": vn_number(m["points"][0]), "pb": vn_number(m["points"][1]),
            "n": m["games"]}
        if m["decided"]:
            line += "; " + (_("số %(w)s thắng trận") % {"w": m["winner"]}
                            if m["winner"] is not None else _("trận hòa"))
        lines.append(line + ".")
    if "groups" in table:
        lines.append(" – ".join(_("Nhóm %(g)s: %(p)s điểm") % {
            "g": g["group"], "p": vn_number(g["points"])} for g in table["groups"]) + ".")
    return lines


def crosstable_data(target: str) -> dict:
    """Standings plus every round: per round (Swiss) ``opponent, colour, mark``; a round
    robin of at most 30 players as the classic player × player table (Phụ lục 1)."""
    data = standings_data(target, K.CROSSTABLE)
    system = data["tournament"]["system"]
    matrix = systems.spec_of(system).crosstable_matrix and len(data["rows"]) <= MATRIX_LIMIT
    data["layout"] = "matrix" if matrix else "rounds"
    data["round_numbers"] = list(range(1, data["after_round"] + 1))
    numbers = sorted(row["number"] for row in data["rows"])
    for row in data["rows"]:
        rounds = row.pop("rounds")
        if matrix:
            row["cells"] = _matrix_cells(row["number"], rounds, numbers)
        else:
            row["cells"] = [_round_cell(r) for r in rounds]
    if matrix:
        data["columns"] = numbers
        data["rows"].sort(key=lambda r: r["number"])
    else:
        data.update(_tab_stops(len(data["round_numbers"]), len(data["tiebreaks"]),
                               data["two_game_matches"]))
    return data


#: Landscape A4 inside the crosstable's margins, and its fixed columns (rank and number,
#: name, title and rating, unit) with the cells' padding, in millimetres.
_PAGE_WIDTH_MM, _FIXED_COLUMNS_MM = 279, 22 + 44 + 19 + 28 + 8


def _tab_stops(rounds: int, tiebreaks: int, two_game: bool) -> dict:
    """The tab stops of a Swiss crosstable's one-cell-per-row columns: the scores (points,
    tie-breaks) every 11 mm (the two-game match and game points keep a 15 mm cell each),
    the rounds sharing the rest of the width, 10 to 15 mm each (a round wider than its stop
    moves to the next stop: never written over)."""
    scores_tab = 11
    scores = scores_tab * (1 + tiebreaks) + 2
    rest = _PAGE_WIDTH_MM - _FIXED_COLUMNS_MM - scores - (30 if two_game else 0)
    return {"scores_tab": f"{scores_tab}mm", "scores_width": f"{scores}mm",
            "round_tab": f"{max(10.0, min(15.0, rest / max(rounds, 1))):.1f}mm"}


def _round_cell(r: dict) -> str:
    if r["opponent"]:
        colour = {"w": "T", "b": "Đ"}.get(r["color"] or "", "")
        return f"{r['opponent']}{colour} {r['mark']}".strip()
    return r["mark"] or ""


def _matrix_cells(number: int, rounds: list[dict], numbers: list[int]) -> list[str]:
    marks: dict[int, list[str]] = {}
    for r in rounds:
        if r["opponent"]:
            marks.setdefault(r["opponent"], []).append(r["mark"] or "·")
    return ["×" if other == number else " ".join(marks.get(other, [])) for other in numbers]


def _tiebreak_value(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value != int(value):
        return f"{value:.2f}".rstrip("0").rstrip(".").replace(".", ",")
    return str(int(value)) if isinstance(value, float) else str(value)


def _units(tournament) -> dict[int, str]:
    """Entry id → the player's club: the club the public pages show for him
    (``federation.selectors.shown_clubs``, his active membership's), read in two queries."""
    person_of = dict(tournament.entries.filter(member__isnull=False)
                     .values_list("pk", "member__person_id"))
    clubs = shown_clubs(set(person_of.values()))
    return {entry: clubs[person][1] for entry, person in person_of.items() if person in clubs}


# --- team events (Điều 30.1.5, 30.1.2-30.1.3) and multi-stage events (Điều 17.3) ---------------

def team_standings_data(target: str) -> dict:
    """The teams' ranking by the event's team ranking (``selectors.team_standings``): game
    and match points, the opponents' points and each board's score; a team knockout's
    places (Điều 30.3)."""
    parsed = parse_target(K.TEAM_STANDINGS, target)
    tournament = get_object(Tournament, parsed["tournament"])
    table = selectors.team_standings(tournament, _after_round(tournament, parsed))
    rows = [{"rank": row["rank"] or "", "number": row["starting_number"], "name": row["name"],
             "game_points": vn_number(row["game_points"]),
             "match_points": vn_number(row["match_points"]),
             "opponents_points": vn_number(row["opponents_points"]),
             "boards": [vn_number(b) for b in row["boards"]],
             "playoff": "" if row.get("playoff") is None else vn_number(row["playoff"])}
            for row in table["rows"]]
    boards = len(table["rows"][0]["boards"]) if table["rows"] else 0
    return {"tournament": tournament_head(tournament), "after_round": table["after_round"],
            "playoff": "playoff_matches" in table,  # 002 Điều 2.3 "Thi đấu thêm"
            "ranking": tournament.get_team_ranking_display() if tournament.team_ranking else "",
            "board_numbers": list(range(1, boards + 1)), "rows": rows,
            **_team_bracket(tournament, table), **_team_cross(tournament, table)}


def _team_cross(tournament: Tournament, table: dict) -> dict:
    """A team round robin's results table (30.4: "giống bảng đấu vòng tròn cá nhân"): teams
    by number, each cell the game points of the row's team against the column's ("X" on
    the diagonal, empty before they meet), then the total."""
    if not systems.spec_of(tournament.system).team_crosstable:
        return {}
    cross = selectors.team_crosstable(tournament, table["after_round"])
    teams = sorted((row["starting_number"], row["name"], row["game_points"])
                   for row in table["rows"])
    numbers = [n for n, _name, _points in teams]
    return {"cross_numbers": numbers, "cross_rows": [
        {"number": n, "name": name, "total": vn_number(points),
         "cells": ["X" if other == n else (vn_number(cross[n][other])
                                           if other in cross.get(n, {}) else "")
                   for other in numbers]} for n, name, points in teams]}


def _team_bracket(tournament: Tournament, table: dict) -> dict:
    """A team knockout's ties as lines (Điều 30.3): per stage, then the placement matches
    (002 Điều 11), "Đội A 6 – 3 Đội B"; the form of the ties (30.2.1 or 30.2.2)."""
    if "bracket" not in table:
        return {}
    names = dict(tournament.teams.filter(starting_number__isnull=False)
                 .values_list("starting_number", "name"))

    def line(tie: dict) -> str:
        if tie["b"] is None:
            return f"{names[tie['a']]} (miễn đấu)"
        if tie["points"] is None:
            return f"{names[tie['a']]} – {names[tie['b']]}"
        pa, pb = (vn_number(p) for p in tie["points"])
        text = f"{names[tie['a']]} {pa} – {pb} {names[tie['b']]}"
        if tie["decided_by_lot"]:
            text += f" ({names[tie['winner']]} thắng bốc thăm)"
        elif tie["points"][0] == tie["points"][1]:
            text += f" ({names[tie['winner']]} thắng theo bàn, Điều 30.1.5)"
        return text

    places = {"3": "Tranh hạng 3", "5-8": "Tranh hạng 5-8", "5": "Tranh hạng 5",
              "7": "Tranh hạng 7"}
    named = {1: "Chung kết", 2: "Bán kết", 4: "Tứ kết"}
    stages = [{"label": named.get(len(stage), f"Vòng {n}"), "ties": [line(t) for t in stage]}
              for n, stage in enumerate(table["bracket"], 1)]
    stages += [{"label": places[group["place"]], "ties": [line(t) for t in group["ties"]]}
               for group in table["placement_matches"]]
    return {"knockout_stages": stages,
            "match_form": tournament.get_team_match_form_display()}


def board_standings_data(target: str) -> dict:
    """Each board's individual ranking (``selectors.board_standings``, 002 Điều 2.3)."""
    parsed = parse_target(K.BOARD_STANDINGS, target)
    tournament = get_object(Tournament, parsed["tournament"])
    table = selectors.board_standings(tournament, _after_round(tournament, parsed))
    boards = [{"board": b["board"], "rows": [
        {"rank": r["rank"] or "", "number": r["starting_number"], "name": r["name"],
         "team": r["team"] or "", "points": vn_number(r["points"]), "games": r["games"],
         "percentage": _tiebreak_value(r["percentage"])} for r in b["rows"]]}
        for b in table["boards"]]
    return {"tournament": tournament_head(tournament), "after_round": table["after_round"],
            "min_games": table["min_games"], "boards": boards}


def overall_standings_data(target: str) -> dict:
    """The overall result of a multi-stage event (``selectors.overall_standings``), the
    target being its final."""
    parsed = parse_target(K.OVERALL_STANDINGS, target)
    final = get_object(Tournament, parsed["tournament"])
    if not final.qualifying_groups.exists():
        raise ServiceError(_("Giải %(t)s không phải vòng chung kết của giải nhiều giai đoạn.")
                           % {"t": final.pk}, field="target", code="invalid")
    table = selectors.overall_standings(final)
    rows = [{"rank": r["rank"], "name": r["name"], "group": r["group"],
             "group_rank": r["group_rank"] or "", "points": vn_number(r["points"]),
             "final": r["stage"] == "final"} for r in table["rows"]]
    return {"tournament": tournament_head(final), "groups": table["groups"], "rows": rows}


# --- prizes and the overall delegation ranking (Phụ lục 5 mục 10; Điều 19.4) ------------------

def awards_data(target: str) -> dict:
    """The prizes of the event with their winners and the overall delegation ranking, as
    announced at the closing (Điều 19.4; ``selectors_awards``)."""
    parsed = parse_target(K.AWARDS, target)
    tournament = get_object(Tournament, parsed["tournament"])
    prizes = [{"kind": p.get_kind_display(), "place": p.place, "name": p.name,
               "medal": p.get_medal_display() if p.medal else "",
               "amount": f"{p.amount:,} đ".replace(",", ".") if p.amount else "",
               "item": p.item, "winner": p.winner_name}
              for p in selectors_awards.prizes(tournament)]
    ranking = (selectors_awards.delegation_ranking(tournament)
               if tournament.delegations.exists() else None)
    rows = [{**r, "points": vn_number(r["points"])} for r in ranking["rows"]] if ranking else []
    return {"tournament": tournament_head(tournament), "prizes": prizes, "ranking": rows,
            "order": tournament.get_delegation_ranking_display()}


# --- the kinds and their admin actions ------------------------------------------------------------

def _file(prefix: str):
    return lambda target, context: f"{prefix}-{slug(target)}.pdf"


_BY_TOURNAMENT = ("tournament:<id>", "tournament:<id>:round:<n>")
SUBJECTS = {"tournament": Tournament, "round": Round, "entry": Entry, "pairing": Pairing}
KINDS = [
    DocumentKind(K.TRACKING_CARD, "documents/tracking_cards.html",
                 ("tournament:<id>", "entry:<id>"), tracking_cards_data,
                 _file("the-theo-doi"), arbitrates, parts=tracking_card_parts),
    DocumentKind(K.STANDINGS, "documents/standings.html", _BY_TOURNAMENT, standings_data,
                 _file("xep-hang"), sees_tournament),
    DocumentKind(K.CROSSTABLE, "documents/crosstable.html", _BY_TOURNAMENT, crosstable_data,
                 _file("bang-ket-qua"), sees_tournament),
    DocumentKind(K.TEAM_STANDINGS, "documents/team_standings.html", _BY_TOURNAMENT,
                 team_standings_data, _file("xep-hang-dong-doi"), sees_tournament),
    DocumentKind(K.BOARD_STANDINGS, "documents/board_standings.html", _BY_TOURNAMENT,
                 board_standings_data, _file("xep-hang-theo-ban"), sees_tournament),
    DocumentKind(K.OVERALL_STANDINGS, "documents/overall_standings.html", ("tournament:<id>",),
                 overall_standings_data, _file("ket-qua-chung-cuoc"), sees_tournament),
    DocumentKind(K.AWARDS, "documents/awards.html", ("tournament:<id>",), awards_data,
                 _file("giai-thuong"), sees_tournament),
    DocumentKind(K.ANNOUNCEMENTS, "documents/announcements.html", ("tournament:<id>",),
                 announcements_data, _file("thong-bao"), sees_tournament),
    DocumentKind(K.PAIRINGS, "documents/pairings.html",
                 ("round:<id>", "tournament:<id>:round:<n>"), pairings_data,
                 _file("cap-dau"), sees_tournament),
]


#: the kinds the public may download from ``/api/v1/public/tournaments/{id}/documents/{kind}/``
#: (issue 20): their templates print names, titles, ratings at registration, clubs, results
#: and tie-breaks — what the public standings, crosstable and pairings show — and no date of
#: birth, ID number or contact. Tracking cards (arbiters' working papers), scoresheets
#: (signatures) and member cards (date of birth, ID number) stay with the entitled.
PUBLIC_KINDS = (K.STANDINGS, K.CROSSTABLE, K.PAIRINGS, K.TEAM_STANDINGS, K.BOARD_STANDINGS,
                K.OVERALL_STANDINGS, K.AWARDS, K.ANNOUNCEMENTS)


def public_target(tournament_id: int, kind: str, round_number: int | None) -> str:
    """The target of a public document: the pairings of round n, or the standings or the
    crosstable after round n (default: the last complete round)."""
    if kind == K.PAIRINGS or round_number is not None:
        return f"tournament:{tournament_id}:round:{round_number}"
    return f"tournament:{tournament_id}"


def _last_rounds(tournaments) -> list[str]:
    rounds = Round.objects.filter(tournament__in=tournaments).order_by("tournament", "-number")
    last: dict[int, int] = {}
    for rnd in rounds:
        last.setdefault(rnd.tournament_id, rnd.pk)
    return [f"round:{pk}" for pk in last.values()]


def _each(prefix: str):
    return lambda queryset: [f"{prefix}:{obj.pk}" for obj in queryset]


# Tournament admin
TOURNAMENT_ACTIONS = [
    pdf_action(K.STANDINGS, gettext_lazy("PDF: bảng xếp hạng"), _each("tournament"),
               "tournaments"),
    pdf_action(K.CROSSTABLE, gettext_lazy("PDF: bảng kết quả chéo"), _each("tournament"),
               "tournaments"),
    pdf_action(K.AWARDS, gettext_lazy("PDF: giải thưởng và xếp hạng toàn đoàn"),
               _each("tournament"), "tournaments"),
    pdf_action(K.TRACKING_CARD, gettext_lazy("PDF: thẻ theo dõi thi đấu (Điều 29.1)"),
               _each("tournament"), "tournaments"),
    pdf_action(K.PAIRINGS, gettext_lazy("PDF: danh sách cặp đấu ván mới nhất"), _last_rounds,
               "last_rounds"),
]
# Round admin
ROUND_ACTIONS = [
    pdf_action(K.PAIRINGS, gettext_lazy("PDF: danh sách cặp đấu"), _each("round"), "rounds"),
    # one PDF a round, a sheet per board (games.documents: the ``round:<id>`` target)
    pdf_action(K.SCORESHEET, gettext_lazy("PDF: biên bản thi đấu các bàn"), _each("round"),
               "rounds"),
]
# Entry and pairing admin
tracking_card_pdf = pdf_action(K.TRACKING_CARD, gettext_lazy("PDF: thẻ theo dõi thi đấu"),
                               _each("entry"), "entries")
pairing_scoresheet_pdf = pdf_action(K.SCORESHEET,
                                    gettext_lazy("PDF: biên bản thi đấu (Phụ lục 4)"),
                                    _each("pairing"), "pairings")
