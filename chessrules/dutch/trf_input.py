"""Turn a TRF file into the input of :func:`chessrules.dutch.api.pair_round`.

The TRF holds all rounds played so far.  Players who are not to be paired in
the next round carry an entry in that round's column without an opponent
(``0000 - H`` half-point bye, ``0000 - F`` full-point bye, ``0000 - Z`` or
``0000 - -`` absent/withdrawn), or are listed on a ``240`` line, as the
FIDE-endorsed engines (JaVaFo, bbpPairings) accept.  The round to pair is found
as bbpPairings does: the rounds in which some player was paired (or got the
pairing-allocated bye) are played; a later column holding only such requested
entries belongs to the round being paired.
"""

from __future__ import annotations

from dataclasses import dataclass

from chessrules.dutch.model import DutchOptions, PairingError, PointSystem, RoundEntry, SwissPlayer
from chessrules.trf import TrfGame, TrfTournament


@dataclass
class DutchInput:
    players: list[SwissPlayer]
    history: dict[int, list[RoundEntry | None]]
    round_number: int
    options: DutchOptions


def _entry(game: TrfGame) -> RoundEntry:
    return RoundEntry(game.opponent, game.color, game.result)


def _points(tournament: TrfTournament) -> PointSystem:
    values = {}
    for code, name in (("BBW", "win"), ("BBD", "draw"), ("BBL", "loss"), ("BBZ", "zero_bye"),
                       ("BBF", "forfeit_loss"), ("BBU", "pairing_bye")):
        for raw in tournament.fields.get(code, []):
            try:
                values[name] = round(float(raw.strip()) * 10)
            except ValueError:
                raise PairingError(f"{code} points {raw.strip()!r} is not a number") from None
    if "win" in values and "pairing_bye" not in values:
        values["pairing_bye"] = values["win"]
    return PointSystem(**values)


def _accelerations(tournament: TrfTournament) -> dict[int, list[int]]:
    """``XXA NNNN  p1   p2 ...``: virtual points per round (TRFx)."""
    result: dict[int, list[int]] = {}
    for raw in tournament.fields.get("XXA", []):
        line = "XXA " + raw
        try:
            player = int(line[4:8])
            values = []
            for start in range(9, len(line), 5):
                chunk = line[start : start + 4].strip()
                values.append(round(float(chunk) * 10) if chunk else 0)
        except ValueError:
            raise PairingError(f"XXA line {line!r} is malformed") from None
        result[player] = values
    return result


def _bye_lines(tournament: TrfTournament) -> dict[int, set[int]]:
    """``240 C RRR NNNN NNNN ...``: players who will not be paired in round RRR."""
    result: dict[int, set[int]] = {}
    for raw in tournament.fields.get("240", []):
        line = "240 " + raw
        try:
            round_number = int(line[6:9])
            ids = {int(line[s : s + 4]) for s in range(10, len(line), 5) if line[s : s + 4].strip()}
        except ValueError:
            raise PairingError(f"240 line {line!r} is malformed") from None
        result.setdefault(round_number, set()).update(ids)
    return result


def _played_rounds(tournament: TrfTournament) -> int:
    played = 0
    for player in tournament.players.values():
        for game in player.games:
            played = max(played, game.round - 1)
            if _entry(game).participated:
                played = max(played, game.round)
    if tournament.players and all(
        any(g.round > played for g in p.games) for p in tournament.players.values()
    ):
        played += 1  # every player has an entry after the last paired round
    return played


def _initial_colour(tournament: TrfTournament, history: dict[int, list[RoundEntry | None]]) -> str:
    if tournament.initial_color:
        return tournament.initial_color
    # Inferred as bbpPairings does: colour of the top player in the first round with colours.
    first = min(
        (i for entries in history.values() for i, e in enumerate(entries)
         if e is not None and e.color in "wb"),
        default=None,
    )
    if first is None:
        return "w"
    number = 0
    for player_id in sorted(history):
        entries = history[player_id]
        if any(e is not None and e.participated for e in entries[: first + 1]):
            entry = entries[first]
            colour = entry.color if entry is not None else "-"
            if colour in "wb":
                if number & 1:
                    colour = "b" if colour == "w" else "w"
                return colour
            number += 1
    return "w"


def dutch_input_from_trf(
    tournament: TrfTournament, *, baku: bool | None = None, total_rounds: int | None = None
) -> DutchInput:
    """Players, history and options for pairing the round after the file's last one."""
    if not tournament.players:
        raise PairingError("the TRF has no player (001) lines")
    ids = sorted(tournament.players)
    if ids != list(range(1, len(ids) + 1)):
        missing = sorted(set(range(1, ids[-1] + 1)) - set(ids))
        raise PairingError(f"starting ranks must be 1..n; missing: {missing[:10]}")
    played = _played_rounds(tournament)
    round_number = played + 1
    players = [
        SwissPlayer(p.id, p.rating, p.name, p.title) for p in tournament.players.values()
    ]
    history: dict[int, list[RoundEntry | None]] = {}
    not_paired: dict[int, str] = {}
    for player in tournament.players.values():
        entries: list[RoundEntry | None] = [None] * played
        for game in player.games:
            if game.round <= played:
                entries[game.round - 1] = _entry(game)
            elif game.round == round_number:
                if game.opponent is not None:
                    raise PairingError(
                        f"player {player.id} already has an opponent in round {round_number}"
                    )
                not_paired[player.id] = game.result.strip() or "Z"
        history[player.id] = entries
    for player_id in _bye_lines(tournament).get(round_number, ()):
        if player_id not in tournament.players:
            raise PairingError(f"240 line names unknown player {player_id}")
        not_paired.setdefault(player_id, "Z")
    if baku is None:
        baku = any("BAKU" in raw.upper() for raw in tournament.fields.get("192", []))
    rounds = total_rounds or (tournament.rounds if tournament.rounds_declared else None)
    options = DutchOptions(
        total_rounds=rounds,
        initial_color=_initial_colour(tournament, history),
        not_paired=not_paired,
        baku=baku,
        accelerations=_accelerations(tournament),
        points=_points(tournament),
    )
    return DutchInput(players, history, round_number, options)
