"""The public tables of an event: standings, crosstable, team table and pairings, as
serializers (the OpenAPI shapes) and as plain dicts written out field by field, the same
fields, order and types, for large events (#15; tests/public checks one against the other)."""

from __future__ import annotations

from django.http import HttpResponse
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from core import caching
from tournaments import engine, selectors
from tournaments.models import Pairing, Tournament


class PublicPairingSerializer(serializers.ModelSerializer):
    white = serializers.SerializerMethodField()
    black = serializers.SerializerMethodField()

    class Meta:
        model = Pairing
        fields = ["board", "kind", "white", "black", "result", "bye_points", "match_key",
                  "game_number"]

    def _side(self, entry) -> dict | None:
        if entry is None:
            return None
        return {"number": entry.starting_number, "name": entry.name, "rating": entry.rating,
                "title": entry.title, "person": entry.member.person_id if entry.member else None}

    def get_white(self, pairing) -> dict | None:
        return self._side(pairing.white)

    def get_black(self, pairing) -> dict | None:
        return self._side(pairing.black)


class PublicClubRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()

    class Meta:
        ref_name = "PublicStandingClubRef"  # ratings.public_players has a PublicClubRef too


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    starting_number = serializers.IntegerField()
    name = serializers.CharField()
    person = serializers.IntegerField(allow_null=True, help_text="Person id (public profile)")
    club = PublicClubRefSerializer(allow_null=True)
    rating = serializers.IntegerField()
    title = serializers.CharField(allow_blank=True)
    team = serializers.CharField(allow_null=True)
    withdrawn = serializers.BooleanField()
    points = serializers.FloatField()
    match_points = serializers.FloatField(allow_null=True)  # Điều 21.2 two-game matches
    game_points = serializers.IntegerField(allow_null=True)
    tiebreaks = serializers.DictField(child=serializers.FloatField(allow_null=True))


class MatchSummarySerializer(serializers.Serializer):
    """002 Điều 8: the individual match's score."""

    games = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField())
    points = serializers.ListField(child=serializers.FloatField())
    wins = serializers.ListField(child=serializers.IntegerField())
    decided = serializers.BooleanField()
    winner = serializers.IntegerField(allow_null=True)


class GroupScoreSerializer(serializers.Serializer):
    """002 Điều 10: a group's total points."""

    group = serializers.CharField()
    points = serializers.FloatField()
    numbers = serializers.ListField(child=serializers.IntegerField())


class StandingsSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = StandingRowSerializer(many=True)
    match = MatchSummarySerializer(required=False)
    groups = GroupScoreSerializer(many=True, required=False)


class CrossCellSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.IntegerField(allow_null=True)
    color = serializers.CharField(allow_null=True)
    mark = serializers.CharField(allow_blank=True, allow_null=True)


class CrossRowSerializer(StandingRowSerializer):
    rounds = CrossCellSerializer(many=True)


class CrosstableSerializer(StandingsSerializer):
    rows = CrossRowSerializer(many=True)


def standing_row(row: dict, *, cross: bool = False) -> dict:
    """``StandingRowSerializer`` (``CrossRowSerializer`` with ``cross``) written out: the
    same fields, order and types, about twenty times faster for a 1,000-player table
    (#15; tests/public checks it against the serializers)."""
    team = row["team"]
    club = row.get("club")
    out = {"rank": int(row["rank"]), "starting_number": int(row["starting_number"]),
           "name": str(row["name"]), "person": row.get("person"),
           "club": None if club is None else {"id": int(club["id"]), "name": str(club["name"])},
           "rating": int(row["rating"]), "title": str(row["title"]),
           "team": None if team is None else str(team), "withdrawn": bool(row["withdrawn"]),
           "points": float(row["points"]),
           "match_points": None if row.get("match_points") is None
           else float(row["match_points"]),
           "game_points": None if row.get("game_points") is None else int(row["game_points"]),
           "tiebreaks": {str(code): None if value is None else float(value)
                         for code, value in row["tiebreaks"].items()}}
    if cross:
        out["rounds"] = [{"round": int(c["round"]), "opponent": c["opponent"],
                          "color": c["color"], "mark": c["mark"]} for c in row["rounds"]]
    return out


def standings_data(table: dict, *, cross: bool = False) -> dict:
    """``StandingsSerializer(table).data`` (``CrosstableSerializer`` with ``cross``)."""
    out = {"after_round": int(table["after_round"]),
           "tiebreaks": [str(code) for code in table["tiebreaks"]],
           "rows": [standing_row(row, cross=cross) for row in table["rows"]]}
    if "match" in table:  # 002 Điều 8
        m = table["match"]
        out["match"] = {"games": int(m["games"]), "players": [int(n) for n in m["players"]],
                        "points": [float(p) for p in m["points"]],
                        "wins": [int(w) for w in m["wins"]], "decided": bool(m["decided"]),
                        "winner": None if m["winner"] is None else int(m["winner"])}
    if "groups" in table:  # 002 Điều 10
        out["groups"] = [{"group": str(g["group"]), "points": float(g["points"]),
                          "numbers": [int(n) for n in g["numbers"]]} for g in table["groups"]]
    return out


def table_answer(tournament: Tournament, after_round: int | None, *, cross: bool
                 ) -> HttpResponse:
    """The public standings (the crosstable with ``cross``) as their JSON answer, the bytes
    DRF's renderer writes for :func:`standings_data`. The body is kept per process by the
    *value* of all it is made of — the event's snapshot up to the round and its people
    (``selectors.entry_people``) — so an answer whose data did not change (the default
    standings and crosstable while results of the next round come in: each result's
    warm-ahead builds them again under the new stamp) is not computed, copied and encoded
    again (issue 33); any change of an entry, a pairing, a result or a person's club gives
    other values, so nothing stale can be returned."""
    inputs = selectors.table_inputs(tournament, after_round)
    after, codes, snapshot = inputs
    # one read per warm-ahead build (the four tables of a result read the same people)
    people = caching.warm_memo(("entry-people", tournament.pk),
                               lambda: selectors.entry_people(tournament))
    table = selectors.crosstable if cross else selectors.standings

    def render() -> bytes:
        return JSONRenderer().render(standings_data(selectors.with_people(
            tournament, table(tournament, after, inputs), people), cross=cross))

    body = engine.memoised(("answer", tournament.pk, after, tuple(codes), cross),
                           (snapshot, people), render)
    return HttpResponse(body, content_type="application/json")


_BYE_POINTS = serializers.DecimalField(max_digits=3, decimal_places=1, allow_null=True)


def _side(number, name, rating, title, person) -> dict | None:
    if number is None and name is None:
        return None
    return {"number": number, "name": name, "rating": rating, "title": title, "person": person}


def team_rows(table: dict) -> dict:
    """The team table with public fields only (team ids are internal)."""
    keep = ("rank", "starting_number", "name", "game_points", "match_points",
            "opponents_points", "boards", "playoff")
    out = {"after_round": table["after_round"], "ranking": table["ranking"],
           "rows": [{k: row[k] for k in keep} for row in table["rows"]]}
    for key in ("match_form", "bracket", "placement_matches",  # Điều 30.3; 002 Điều 11
                "playoff_matches"):  # 002 Điều 2.3 "Thi đấu thêm"
        if key in table:
            out[key] = table[key]
    return out


def pairings_data(rows) -> list[dict]:
    """``PublicPairingSerializer(pairings, many=True).data`` from ``selectors.pairing_rows``
    tuples (no model instances)."""
    return [{"board": board, "kind": kind, "white": _side(*white), "black": _side(*black),
             "result": result,
             "bye_points": None if bye is None else _BYE_POINTS.to_representation(bye),
             "match_key": key, "game_number": game}
            for board, kind, white, black, result, bye, key, game in rows]
