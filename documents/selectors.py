"""Reads for documents: plain data for each document kind, and who may see it."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from chessrules.values import ROUND_ROBIN_SYSTEMS, Result
from core.errors import ServiceError
from documents.models import Decision, Document, clean_subject


def _get(model, pk: str, field: str = "target"):
    try:
        return model.objects.get(pk=int(pk))
    except (ValueError, model.DoesNotExist):
        raise ServiceError(_("Không tìm thấy đối tượng %(pk)s.") % {"pk": pk}, field=field,
                           code="not_found") from None


def decision_data(pk: str) -> dict:
    d = _get(Decision, pk)
    return {
        "number": d.number, "year": d.year, "formatted_number": d.formatted_number,
        "kind": d.kind, "issuing_body": d.issuing_body, "place": d.place,
        "issued_on": d.issued_on, "subject": clean_subject(d.subject), "grounds": list(d.grounds),
        "articles": list(d.articles), "recipients": list(d.recipients),
        "signer_position": d.signer_position, "signer_name": d.signer_name,
        "signer_authority": d.signer_authority, "authority_holder": d.authority_holder,
        "archive_in_recipients": any(r.strip().lower().startswith("lưu")
                                     for r in d.recipients),
        "players": list(d.payload.get("players", [])),
    }


def member_card_data(pk: str) -> dict:
    from federation.models import Member

    member = _get(Member, pk)
    stint = member.club_memberships.select_related("club__province").order_by("-started_on").first()
    club = stint.club if stint else None
    return {
        "card_number": member.card_number, "name": member.person.full_name,
        "club": club.name if club else "", "province": club.province.name if club else "",
        "joined_on": member.joined_on,
    }


# --- targets ----------------------------------------------------------------------------------
#
# A target names what a document is about: ``pairing:40``, ``game:7``, ``tournament:5``,
# ``tournament:5:round:3`` (standings after round 3, or the pairings of round 3),
# ``round:12``, ``entry:9``. Decisions and member cards keep their bare id (``12``).

TARGET_FORMS: dict[str, tuple[str, ...]] = {
    Document.Kind.DECISION: ("<id>",),
    Document.Kind.MEMBER_CARD: ("<id>",),
    Document.Kind.SCORESHEET: ("pairing:<id>", "game:<id>"),
    Document.Kind.TRACKING_CARD: ("tournament:<id>", "entry:<id>"),
    Document.Kind.STANDINGS: ("tournament:<id>", "tournament:<id>:round:<n>"),
    Document.Kind.CROSSTABLE: ("tournament:<id>", "tournament:<id>:round:<n>"),
    Document.Kind.PAIRINGS: ("round:<id>", "tournament:<id>:round:<n>"),
}


def parse_target(kind: str, target: str) -> dict[str, int]:
    """``"tournament:5:round:3"`` → ``{"tournament": 5, "round": 3}``, checked against the
    forms the kind accepts; a bare id is ``{"id": n}``. Raises a 400 naming the forms."""
    forms = TARGET_FORMS.get(kind, ())
    parts = str(target).strip().split(":")
    try:
        if len(parts) == 1:
            parsed = {"id": int(parts[0])}
        elif len(parts) % 2 == 0:
            parsed = {parts[i].lower(): int(parts[i + 1]) for i in range(0, len(parts), 2)}
        else:
            raise ValueError
    except ValueError:
        parsed = {}
    if parsed and _shape(parsed) in {_shape_of_form(f) for f in forms}:
        return parsed
    raise ServiceError(_("Đối tượng %(target)s không hợp lệ cho loại văn bản này; dùng: "
                         "%(forms)s.") % {"target": target, "forms": ", ".join(forms)},
                       field="target", code="invalid_target")


def canonical_target(kind: str, target: str) -> str:
    """One spelling per subject (``Pairing:040`` → ``pairing:40``): one stored PDF each."""
    if kind not in TARGET_FORMS:
        return str(target).strip()
    parsed = parse_target(kind, target)
    if set(parsed) == {"id"}:
        return str(parsed["id"])
    return ":".join(f"{key}:{value}" for key, value in parsed.items())


def _shape(parsed: dict) -> tuple[str, ...]:
    return tuple(parsed)


def _shape_of_form(form: str) -> tuple[str, ...]:
    parts = form.split(":")
    return ("id",) if len(parts) == 1 else tuple(parts[0::2])


def _object(model, pk: int, field: str = "target"):
    return _get(model, str(pk), field)


# --- tournaments: common header ------------------------------------------------------------------

def _tournament_head(tournament) -> dict:
    chief = tournament.officials.filter(role="chief").select_related("person").first()
    return {
        "id": tournament.pk, "name": tournament.name, "discipline": tournament.discipline,
        "discipline_label": tournament.get_discipline_display(),
        "system": tournament.system, "system_label": tournament.get_system_display(),
        "venue": tournament.venue, "start_date": tournament.start_date,
        "end_date": tournament.end_date, "status": tournament.status,
        "chief_arbiter": chief.person.full_name if chief else "",
        "number_of_rounds": _total_rounds(tournament),
    }


def _total_rounds(tournament) -> int:
    from tournaments import engine

    return max(engine.total_rounds(tournament), tournament.rounds.count())


def _tournament_of_target(parsed: dict):
    from tournaments.models import Entry, Pairing, Round, Tournament

    if "tournament" in parsed:
        return _object(Tournament, parsed["tournament"])
    if "round" in parsed:
        return _object(Round, parsed["round"]).tournament
    if "entry" in parsed:
        return _object(Entry, parsed["entry"]).tournament
    if "pairing" in parsed:
        return _object(Pairing, parsed["pairing"]).round.tournament
    if "game" in parsed:
        from games.models import GameRecord

        game = _object(GameRecord, parsed["game"])
        return game.pairing.round.tournament if game.pairing_id else None
    return None


# --- scoresheet (biên bản thi đấu, Phụ lục 4) -------------------------------------------------------

MOVES_PER_SHEET = 60  # the form of Phụ lục 4: 60 numbered rows, 30 per column
_POINT_MARKS = {1.0: "1", 0.5: "½", 0.0: "0"}


def _score_marks(result: str) -> tuple[str, str]:
    """The players' scores of a played game as printed ("½" for a draw), else blank."""
    value = Result.parse(result)
    if value is None or not value.played or value.points is None:
        return "", ""
    white, black = value.points
    return _POINT_MARKS[white], _POINT_MARKS[black]


def result_mark(result: str) -> str:
    """A board's result as printed: ``1 - 0``, ``½ - ½``, forfeits ``+ / -``, ``hoãn``."""
    value = Result.parse(result)
    if value is None:
        return result
    if value.played:
        return " - ".join(_score_marks(result))
    if value.forfeit and value.trf:
        return " / ".join(value.trf)
    return "hoãn" if value is Result.ADJOURNED else ""


_READABLE_STATUSES = {"valid", "warnings", "invalid"}


def scoresheet_data(target: str) -> dict:
    """The form of Phụ lục 4, blank for a pairing without a record, else filled from the
    record: the moves in Vietnamese notation (Điều 11.2; chess: 002 appendix E) as the
    validation stored them, the players' score and the arbiter's decision (Điều 7)."""
    from games.models import GameRecord
    from tournaments.models import Pairing

    parsed = parse_target(Document.Kind.SCORESHEET, target)
    if "pairing" in parsed:
        pairing = _object(Pairing, parsed["pairing"])
        game = GameRecord.objects.filter(pairing=pairing).first()
    else:
        game = _object(GameRecord, parsed["game"])
        pairing = game.pairing if game.pairing_id else None
    data = _sheet_head_from_pairing(pairing) if pairing else _sheet_head_from_game(game)
    data.update(_sheet_body(game))
    return data


def _sheet_head_from_pairing(pairing) -> dict:
    if pairing.kind != "game" or not pairing.black_id:
        raise ServiceError(_("Cặp đấu %(pk)s là lượt nghỉ, không có biên bản.")
                           % {"pk": pairing.pk}, field="target", code="no_game")
    rnd = pairing.round
    tournament = rnd.tournament
    head = _tournament_head(tournament)
    started = timezone.localdate(rnd.started_at) if rnd.started_at else None
    return {
        "event": tournament.name, "discipline": tournament.discipline,
        "venue": tournament.venue, "round": rnd.number, "board": pairing.board,
        "date": started,
        "white": pairing.white.name, "white_number": pairing.white.starting_number,
        "black": pairing.black.name, "black_number": pairing.black.starting_number,
        "arbiter": head["chief_arbiter"],
    }


def _sheet_head_from_game(game) -> dict:
    return {
        "event": game.event_name, "discipline": game.discipline, "venue": "",
        "round": game.round_number, "board": game.board_number, "date": game.played_on,
        "white": game.white_name or (game.white.full_name if game.white_id else ""),
        "white_number": None,
        "black": game.black_name or (game.black.full_name if game.black_id else ""),
        "black_number": None, "arbiter": "",
    }


def _sheet_body(game) -> dict:
    """Moves, score, decision and signatures of the record (empty for a blank form)."""
    body = {"filled": game is not None, "game": game.pk if game else None, "pages": [],
            "status": "", "note": "", "white_score": "", "black_score": "", "decision": "",
            "decision_reason": "", "signed": {"white": None, "black": None, "arbiter": None}}
    moves: list[str] = []
    first_number, black_first = 1, False
    if game is not None:
        if game.played_on:
            body["date"] = game.played_on
        arbiter = game.arbiter_signed_by or game.decided_by
        arbiter_name = _person_name(arbiter)
        if arbiter_name:
            body["arbiter"] = arbiter_name
        body["status"] = game.validation_status
        if game.validation_status in _READABLE_STATUSES:
            moves = list(game.moves_federation)
        body["note"] = _validation_note(game)
        first_number, black_first = _first_move(game.start_fen)
        body["white_score"], body["black_score"] = _score_marks(game.declared_score)
        body["decision"] = game.get_decision_display() if game.decision else ""
        body["decision_reason"] = _reason_label(game.decision_reason)
        body["signed"] = {side: timezone.localtime(at).strftime("%H:%M %d/%m/%Y") if at else None
                          for side, at in (("white", game.white_signed_at),
                                           ("black", game.black_signed_at),
                                           ("arbiter", game.arbiter_signed_at))}
    body["pages"] = _move_pages(moves, first_number, black_first)
    return body


def _person_name(user) -> str:
    from federation.models import Person

    if user is None:
        return ""
    person = Person.objects.filter(user=user).only("full_name").first()
    return person.full_name if person else ""


def _reason_label(code: str) -> str:
    if not code:
        return ""
    from games.engine import reason_label

    return reason_label(code)


def _validation_note(game) -> str:
    if game.validation_status == "pending":
        return _("Biên bản chưa được kiểm tra: chưa in nước đi.")
    if game.validation_status == "invalid":
        error = game.validation_error or {}
        return _("Biên bản có nước đi không hợp lệ ở nửa nước %(ply)s (%(text)s): chỉ in các "
                 "nước trước đó.") % {"ply": error.get("ply", "?"), "text": error.get("text", "")}
    return ""


def _first_move(start_fen: str) -> tuple[int, bool]:
    """Number of the first move and whether Black moves first (a set-up position)."""
    fields = (start_fen or "").split()
    black_first = len(fields) > 1 and fields[1] == "b"
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    return number, black_first


def _move_pages(moves: list[str], first_number: int, black_first: bool) -> list[dict]:
    """Sheets of 60 numbered rows (two columns of 30), as many as the game needs."""
    moves = list(moves)
    if black_first:
        moves.insert(0, "…")
    pairs = [(moves[i], moves[i + 1] if i + 1 < len(moves) else "")
             for i in range(0, len(moves), 2)]
    sheets = max(1, -(-len(pairs) // MOVES_PER_SHEET))
    pages = []
    half = MOVES_PER_SHEET // 2
    for sheet in range(sheets):
        base = sheet * MOVES_PER_SHEET
        rows = []
        for i in range(half):
            left = _move_row(pairs, base + i, first_number)
            right = _move_row(pairs, base + half + i, first_number)
            rows.append({"left": left, "right": right})
        pages.append({"sheet": sheet + 1, "rows": rows})
    return pages


def _move_row(pairs: list[tuple[str, str]], index: int, first_number: int) -> dict:
    white, black = pairs[index] if index < len(pairs) else ("", "")
    return {"number": first_number + index, "white": white, "black": black}


# --- tracking card (thẻ theo dõi thi đấu, Điều 29.1) ---------------------------------------------------

def tracking_cards_data(target: str) -> dict:
    """One card per entry (``tournament:<id>``) or the card of one entry (``entry:<id>``).

    The same card as ``tournaments.selectors.tracking_card`` (a test checks they agree),
    built for all players at once from ``tournaments.selectors.crosstable`` and the draw
    data each round stored (colour sub-group I-IV of 29.2, float marks ↓/↑ of
    29.3.5-29.3.6): the per-entry selector recomputes the whole tournament for each card,
    which made a 100-player set take seconds. Rows for the rounds not yet drawn are left
    blank, as the card is prepared in advance (29.1).
    """
    from tournaments.models import Entry, Tournament

    parsed = parse_target(Document.Kind.TRACKING_CARD, target)
    only = None
    if "entry" in parsed:
        entry = _object(Entry, parsed["entry"])
        tournament, only = entry.tournament, entry.starting_number
    else:
        tournament = _object(Tournament, parsed["tournament"])
    head = _tournament_head(tournament)
    cards = [_card(card, head["number_of_rounds"]) for card in _tracking_cards(tournament)
             if only is None or card["starting_number"] == only]
    return {"tournament": head, "cards": cards}


#: Crosstable marks (chessrules' scoring.crosstable_mark) → points of the round.
_MARK_POINTS = {"1": 1.0, "½": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "F": 1.0, "H": 0.5,
                "Z": 0.0, "X": 0.0}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def _tracking_cards(tournament) -> list[dict]:
    """Every entry's card in the shape of ``tournaments.selectors.tracking_card``."""
    from tournaments import selectors as tournament_selectors

    rounds = list(tournament.rounds.order_by("number").only("number", "draw"))
    if not rounds:
        return [_card_head(e, []) for e in tournament.entries.filter(
            starting_number__isnull=False).order_by("starting_number")]
    table = tournament_selectors.crosstable(tournament, rounds[-1].number)
    people = {e.starting_number: e for e in tournament.entries.filter(
        starting_number__isnull=False)}
    cards = []
    for row in sorted(table["rows"], key=lambda r: r["starting_number"]):
        number, total, lines = row["starting_number"], 0.0, []
        for rnd, cell in zip(rounds, row["rounds"], strict=True):
            opponent = people.get(cell["opponent"]) if cell["opponent"] else None
            result = _MARK_POINTS.get(cell["mark"])
            total += result or 0.0
            draw = rnd.draw or {}
            sub = _keyed(draw.get("subgroups"), number)
            lines.append({
                "round": rnd.number, "opponent_number": cell["opponent"],
                "opponent_name": opponent.name if opponent else "",
                "opponent_title": opponent.title if opponent else "",
                "colour": {"w": "T", "b": "Đ"}.get(cell["color"] or "", "") if opponent else "",
                "result": result, "total": total,
                "group": (ROMAN.get(int(sub), "") if sub else "")
                + (_keyed(draw.get("floats"), number) or "")})
        cards.append(_card_head(people[number], lines))
    return cards


def _card_head(entry, rows: list[dict]) -> dict:
    return {"entry": entry.pk, "starting_number": entry.starting_number, "name": entry.name,
            "title": entry.title, "rating": entry.rating, "rounds": rows}


def _keyed(mapping, number: int):
    if not isinstance(mapping, dict):
        return None
    return mapping.get(str(number), mapping.get(number))


def _card(card: dict, rows_wanted: int) -> dict:
    rows = []
    for row in card["rounds"]:
        played = row["result"] is not None
        rows.append({
            "round": row["round"], "opponent_name": row["opponent_name"] or "",
            "opponent_title": row["opponent_title"] or "",
            "opponent_number": row["opponent_number"] or "", "color": row["colour"] or "",
            "result": vn_number(row["result"]) if played else "", "group": row["group"] or "",
            "total": vn_number(row["total"]) if played else "",
            "note": "nghỉ" if played and not row["opponent_number"] else "",
        })
    for r in range(len(rows) + 1, rows_wanted + 1):
        rows.append({"round": r, "opponent_name": "", "opponent_title": "",
                     "opponent_number": "", "color": "", "result": "", "group": "",
                     "total": "", "note": ""})
    return {"number": card["starting_number"], "name": card["name"], "title": card["title"],
            "rating": card["rating"], "rows": rows}


def vn_number(value) -> str:
    """Points as the law writes them: 1,5 (decimal comma), 0,5, 2."""
    if value is None or value == "":
        return ""
    value = float(value)
    if value == int(value):
        return str(int(value))
    return f"{value:g}".replace(".", ",")


# --- standings and crosstable (Điều 21.3, 21.4, 29.5) ----------------------------------------------------

TIEBREAK_NAMES = {
    "BH": "Búcgôn (Buchholz)", "BH-VN": "Búcgôn (Điều 21.4, 29.5)",
    "SB": "Hệ số Bécgơ (Sonneborn-Berger)", "DE": "Đối đầu trực tiếp",
    "WIN": "Số ván thắng", "WON": "Số ván thắng trên bàn cờ", "BPG": "Số ván cầm quân Đen",
    "BWG": "Số ván thắng cầm quân Đen", "ARO": "Hệ số Elo trung bình của đối thủ",
    "PS": "Điểm lũy tiến", "LOT": "Bốc thăm",
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


def standings_data(target: str, kind: str = Document.Kind.STANDINGS) -> dict:
    """The ranking with tie-break columns in the tournament's order
    (``tournaments.selectors.standings``), after the last complete round or round n."""
    from tournaments import selectors as tournament_selectors
    from tournaments.models import Tournament

    parsed = parse_target(kind, target)
    tournament = _object(Tournament, parsed["tournament"])
    after = _after_round(tournament, parsed)
    if kind == Document.Kind.CROSSTABLE:
        table = tournament_selectors.crosstable(tournament, after)
    else:
        table = tournament_selectors.standings(tournament, after)
    units = _units(tournament)
    codes = list(table["tiebreaks"])
    rows = []
    for row in table["rows"]:
        rows.append({
            "rank": row["rank"], "number": row["starting_number"], "name": row["name"],
            "title": row["title"] or "", "rating": row["rating"] or "",
            "unit": row.get("team") or units.get(row["entry"], ""),
            "points": vn_number(row["points"]),
            "tiebreaks": [_tiebreak_value(row["tiebreaks"].get(c)) for c in codes],
            "withdrawn": row["withdrawn"], "rounds": row.get("rounds", []),
        })
    return {"tournament": _tournament_head(tournament), "after_round": table["after_round"],
            "tiebreaks": [{"code": c, "name": tiebreak_name(c)} for c in codes], "rows": rows}


def crosstable_data(target: str) -> dict:
    """Standings plus every round: per round (Swiss) ``opponent, colour, mark``; a round
    robin of at most 30 players as the classic player × player table (Phụ lục 1)."""
    data = standings_data(target, Document.Kind.CROSSTABLE)
    system = data["tournament"]["system"]
    matrix = system in ROUND_ROBIN_SYSTEMS and len(data["rows"]) <= MATRIX_LIMIT
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
    return data


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
    """Entry id → the player's club (open club membership), read in one query."""
    from federation.models import ClubMembership

    member_of = dict(tournament.entries.filter(member__isnull=False)
                     .values_list("member_id", "pk"))
    stints = (ClubMembership.objects.filter(member_id__in=member_of, ended_on__isnull=True)
              .values_list("member_id", "club__name"))
    return {member_of[member]: club for member, club in stints}


# --- pairings list of a round ------------------------------------------------------------------------

def pairings_data(target: str) -> dict:
    """The boards of one round with the players' numbers and scores before the round
    (``tournaments.selectors.pairings_of`` and ``standings``); byes after the games."""
    from tournaments import selectors as tournament_selectors
    from tournaments.models import Round

    parsed = parse_target(Document.Kind.PAIRINGS, target)
    if "tournament" in parsed:
        rnd = Round.objects.filter(tournament_id=parsed["tournament"],
                                   number=parsed["round"]).select_related("tournament").first()
        if rnd is None:
            raise ServiceError(_("Không tìm thấy ván %(n)s của giải %(t)s.")
                               % {"n": parsed["round"], "t": parsed["tournament"]},
                               field="target", code="not_found")
    else:
        rnd = _object(Round, parsed["round"])
    tournament = rnd.tournament
    scores = _scores_before(tournament, rnd.number)
    games, byes = [], []
    for p in tournament_selectors.pairings_of(rnd):
        white = _side(p.white, scores)
        if p.kind == "game" and p.black_id:
            games.append({"board": p.board, "white": white, "black": _side(p.black, scores),
                          "result": result_mark(p.result),
                          "match": str(p.team_match) if p.team_match_id else ""})
        else:
            byes.append({"player": white, "kind": p.get_kind_display(),
                         "points": vn_number(p.bye_points) if p.bye_points is not None else ""})
    return {"tournament": _tournament_head(tournament), "round": rnd.number,
            "round_status": rnd.get_status_display(), "games": games, "byes": byes,
            "team_event": tournament.is_team_event}


def _side(entry, scores: dict[int, float]) -> dict:
    if entry is None:
        return {"number": "", "name": "", "title": "", "score": ""}
    return {"number": entry.starting_number or "", "name": entry.name, "title": entry.title,
            "score": vn_number(scores.get(entry.starting_number, 0.0))}


def _scores_before(tournament, number: int) -> dict[int, float]:
    if number <= 1:
        return {}
    from tournaments import selectors as tournament_selectors

    table = tournament_selectors.standings(tournament, number - 1)
    return {row["starting_number"]: row["points"] for row in table["rows"]}


def public_decision_kinds() -> set[str]:
    """Decisions anyone may read; disciplinary ones are for staff."""
    return {Decision.Kind.TITLE_AWARD, Decision.Kind.REGULATIONS_APPROVAL}


def can_view(user, kind: str, target: str) -> bool:
    """Who may read a document of this kind about this target."""
    if user.is_authenticated and user.is_staff:
        return True
    try:
        parsed = parse_target(kind, target)
        if kind == Document.Kind.DECISION:
            return Decision.objects.filter(pk=parsed["id"],
                                           kind__in=public_decision_kinds()).exists()
        if kind == Document.Kind.MEMBER_CARD:
            return user.is_authenticated and _manages_member(user, parsed["id"])
        tournament = _tournament_of_target(parsed)
    except ServiceError:
        return False  # nothing to show; staff (above) get the clear 400 instead
    if kind in PUBLIC_TOURNAMENT_KINDS:
        return tournament is not None and _sees_tournament(user, tournament)
    if kind in ARBITER_KINDS:
        if tournament is None:  # a standalone game: whoever may see the record
            return user.is_authenticated and _sees_game(user, parsed["game"])
        return _arbitrates(user, tournament)
    return False


#: Published tournaments' standings, crosstables and pairings are public (drafts: their
#: organisers and arbiters, as ``tournaments.selectors.visible_tournaments`` says).
PUBLIC_TOURNAMENT_KINDS = {Document.Kind.STANDINGS, Document.Kind.CROSSTABLE,
                           Document.Kind.PAIRINGS}
#: Scoresheets and tracking cards: the tournament's assigned arbiters (Điều 20) and staff.
ARBITER_KINDS = {Document.Kind.SCORESHEET, Document.Kind.TRACKING_CARD}


def _sees_tournament(user, tournament) -> bool:
    from tournaments.selectors import visible_tournaments

    return visible_tournaments(user).filter(pk=tournament.pk).exists()


def _arbitrates(user, tournament) -> bool:
    from tournaments.selectors import can_arbitrate

    return can_arbitrate(user, tournament)


def _sees_game(user, game_id: int) -> bool:
    from games.selectors import games_visible_to

    return games_visible_to(user).filter(pk=game_id).exists()


def _manages_member(user, member_id: int) -> bool:
    from federation.models import ClubMembership

    return ClubMembership.objects.filter(
        member_id=member_id, ended_on__isnull=True, club__managers=user).exists()
