"""FIDE Tournament Report File (TRF16, with the TRF-2026 / TRFx extensions).

The player line ``001`` has fixed columns (1-based, as printed in the FIDE
handbook's TRF16 description)::

    1-3   "001"            5-8   starting rank      10   sex
    11-13 title            15-47 name               49-52 FIDE rating
    54-56 federation       58-68 FIDE id            70-79 birth date
    81-84 points           86-89 rank
    92-95 round 1 opponent, 97 colour, 99 result; round r starts at 92 + 10 (r-1)

Result codes (TRF16): ``1 0 =`` played win/loss/draw, ``W D L`` the same but
not rated, ``+ -`` forfeit win/loss, ``H`` half-point bye, ``F`` full-point
bye, ``U`` pairing-allocated bye, ``Z`` zero-point bye (absent), blank.

Tournament lines kept as fields: ``012`` name, ``XXR``/``142`` number of
rounds, ``XXC``/``152`` initial colour.  All other lines are kept raw and in
their order so that :func:`write_trf` round-trips the file.
"""

from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass, field

RESULT_CODES = frozenset("10=WDL+-HFUZ ")
"""TRF16 result codes (``" "`` is the blank result)."""

PLAYED_RESULTS = frozenset("10=WDL")
"""Results of a game that was actually played over the board."""

UNPAIRED_RESULTS = frozenset("HFUZ ")
"""Results that have no opponent (byes and absences)."""

COLOURS = frozenset("wb-")

FIRST_ROUND_COLUMN = 91  # 0-based start of round 1 (column 92 in the handbook)
ROUND_WIDTH = 10
PLAYER_LINE_MIN_LENGTH = 84  # up to and including the points field


class TrfError(ValueError):
    """A malformed TRF line; the message names the line number and the reason."""

    def __init__(self, line_number: int, reason: str) -> None:
        super().__init__(f"TRF line {line_number}: {reason}")
        self.line_number = line_number
        self.reason = reason


@dataclass
class TrfGame:
    """One round of one player: opponent (None for byes/absences), colour, result."""

    round: int
    opponent: int | None
    color: str = "-"
    result: str = " "

    @property
    def played(self) -> bool:
        """True if the game was played over the board (not a forfeit or bye)."""
        return self.opponent is not None and self.result in PLAYED_RESULTS


@dataclass
class TrfPlayer:
    id: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    fed: str = ""
    fide_id: str = ""
    birth: str = ""
    points: float | None = None
    rank: int | None = None
    games: list[TrfGame] = field(default_factory=list)

    def game(self, round_number: int) -> TrfGame | None:
        """The entry of round ``round_number`` (1-based), or None if there is none."""
        for game in self.games:
            if game.round == round_number:
                return game
        return None


@dataclass
class TrfTournament:
    name: str = ""
    players: dict[int, TrfPlayer] = field(default_factory=dict)
    rounds: int = 0
    """Total rounds (``XXR``/``142``) when given, otherwise the rounds in the file."""
    rounds_declared: bool = False
    initial_color: str | None = None
    """``"w"`` or ``"b"``: colour of the top player in round 1 (``XXC``/``152``)."""
    scoring: dict[str, float] = field(default_factory=dict)
    """Points by kind from JaVaFo's ``XXS`` line (``W=1 D=0.5 PAB=0.5 …``), read as given."""
    scoring_line: int = 0
    """The line of the (last) ``XXS``, for the messages that name it."""
    fields: dict[str, list[str]] = field(default_factory=dict)
    """Raw content (after the 3-character code) of every non-player line, by code."""
    layout: list[str | int] = field(default_factory=list)
    """File order: raw non-player lines and player ids (for :func:`write_trf`)."""

    @property
    def rounds_in_file(self) -> int:
        """The highest round number holding an entry for some player."""
        return max((g.round for p in self.players.values() for g in p.games), default=0)


def _parse_int(text: str, line_number: int, what: str, default: int | None = None) -> int | None:
    text = text.strip()
    if not text:
        return default
    if not text.isdigit():
        raise TrfError(line_number, f"{what} {text!r} is not a whole number")
    return int(text)


def _parse_points(text: str, line_number: int) -> float | None:
    text = text.strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        raise TrfError(line_number, f"points {text!r} (columns 81-84) is not a number") from None


def _parse_game(chunk: str, round_number: int, player_id: int, line_number: int) -> TrfGame | None:
    """Parse one 8-character round entry; None for an entirely blank entry."""
    chunk = chunk.ljust(8)
    if not chunk.strip():
        return None
    opponent_text, colour, result = chunk[0:4], chunk[5], chunk[7]
    where = f"round {round_number}"
    if chunk[4] != " " or chunk[6] != " ":
        raise TrfError(line_number, f"{where}: entry {chunk!r} is not 'OOOO c r'")
    opponent = _parse_int(opponent_text, line_number, f"{where} opponent", default=0)
    if opponent == player_id:
        raise TrfError(line_number, f"{where}: player {player_id} paired against himself")
    colour = colour.lower() if colour in "WB" else colour
    if colour == " ":
        colour = "-"
    if colour not in COLOURS:
        raise TrfError(line_number, f"{where}: colour {colour!r} is not w, b or -")
    result = result.upper() if result in "wdlhfuz" else result
    if result not in RESULT_CODES:
        raise TrfError(line_number, f"{where}: result {result!r} is not a TRF16 result code")
    if opponent and result in "HFUZ":
        raise TrfError(line_number, f"{where}: result {result} cannot have an opponent")
    if result in PLAYED_RESULTS and not opponent:
        raise TrfError(line_number, f"{where}: played result {result} needs an opponent")
    if result in PLAYED_RESULTS and colour == "-":
        raise TrfError(line_number, f"{where}: played result {result} needs a colour w or b")
    return TrfGame(round_number, opponent or None, colour, result)


#: The fixed fields of a ``001`` line: (name, first column, last column), 1-based.
PLAYER_FIELDS = (
    ("starting rank", 5, 8), ("sex", 10, 10), ("title", 11, 13), ("name", 15, 47),
    ("rating", 49, 52), ("federation", 54, 56), ("FIDE id", 58, 68),
    ("birth date", 70, 79), ("points", 81, 84),
)


def _field_at(column: int) -> str:
    """The field a line of ``column`` characters ends in (or just after)."""
    for name, first, last in PLAYER_FIELDS:
        if column <= last:
            return f"{name} (columns {first}-{last})"
    return "points (columns 81-84)"


def header_date(text: str) -> datetime.date | None:
    """A date of the header lines (``042`` start, ``052`` end): FIDE's TRF allows
    ``YYYY/MM/DD`` and ``DD.MM.YYYY``; ``-``, ``/`` and ``.`` are read alike, the year being the
    four-digit part. None when blank or not a date that exists."""
    parts = text.strip().replace("-", "/").replace(".", "/").split("/")
    if len(parts) != 3 or not all(part.isdigit() for part in parts):
        return None
    if len(parts[0]) == 4:
        year, month, day = parts
    elif len(parts[2]) == 4:
        day, month, year = parts
    else:
        return None
    try:
        return datetime.date(int(year), int(month), int(day))
    except ValueError:
        return None


def check_birth_date(text: str, line_number: int) -> None:
    """TRF16 birth date: blank, ``YYYY`` or ``YYYY/MM/DD`` (``00`` for an unknown month or
    day); anything else, or a day that does not exist (2026/13/45), is an error."""
    text = text.strip()
    if not text:
        return
    parts = text.replace("-", "/").replace(".", "/").split("/")
    where = f"birth date {text!r} (columns 70-79)"
    if not all(part.isdigit() for part in parts) or len(parts) not in (1, 3) \
            or len(parts[0]) != 4:
        raise TrfError(line_number, f"{where} is not YYYY/MM/DD")
    if len(parts) == 1:
        return
    year, month, day = (int(part) for part in parts)
    if month == 0 and day == 0:
        return
    try:
        datetime.date(year, month or 1, day or 1)
    except ValueError:
        raise TrfError(line_number, f"{where} is not a date that exists") from None


def _check_strict(line: str, line_number: int) -> None:
    """A ``001`` line cut short (truncated name, no rating, no rounds) or with a sex, a rating
    or a birth date that cannot be read is an error naming the line and the field."""
    if len(line) < PLAYER_LINE_MIN_LENGTH:
        raise TrfError(line_number, f"player line is {len(line)} characters long: it ends in "
                                    f"the {_field_at(len(line))}; a 001 line must reach the "
                                    f"points (columns 81-84)")
    sex = line[9]
    if sex not in " mwfMWF":
        raise TrfError(line_number, f"sex {sex!r} (column 10) is not m, w or blank")
    rating = line[48:52].strip()
    if rating and not rating.isdigit():
        raise TrfError(line_number, f"rating {rating!r} (columns 49-52) is not a number")
    check_birth_date(line[69:79], line_number)


def _parse_player(line: str, line_number: int, strict: bool = False) -> TrfPlayer:
    if strict:
        _check_strict(line, line_number)
    if len(line) < PLAYER_LINE_MIN_LENGTH:
        # Points are mandatory in TRF16 but short lines without games are common (the
        # lenient reading; imports read strictly).
        line = line.ljust(PLAYER_LINE_MIN_LENGTH)
    player_id = _parse_int(line[4:8], line_number, "starting rank (columns 5-8)")
    if not player_id:
        raise TrfError(line_number, "starting rank (columns 5-8) is missing or 0")
    player = TrfPlayer(
        id=player_id,
        sex=line[9].strip(),
        title=line[10:13].strip(),
        name=line[14:47].strip(),
        rating=_parse_int(line[48:52], line_number, "rating (columns 49-52)", default=0) or 0,
        fed=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
        points=_parse_points(line[80:84], line_number),
        rank=_parse_int(line[85:89], line_number, "rank (columns 86-89)"),
    )
    round_number = 1
    start = FIRST_ROUND_COLUMN
    while start < len(line):
        game = _parse_game(line[start : start + 8], round_number, player_id, line_number)
        if game is not None:
            player.games.append(game)
        if line[start + 8 : start + 10].strip():
            raise TrfError(line_number, f"round {round_number}: text between round columns")
        start += ROUND_WIDTH
        round_number += 1
    return player


def _parse_initial_color(code: str, rest: str, line_number: int) -> str | None:
    tokens = rest.split()
    if code == "152":
        value = rest.strip().upper()
        if value not in ("W", "B"):
            raise TrfError(line_number, f"152 initial colour {value!r} is not W or B")
        return value.lower()
    for token in tokens:
        low = token.lower()
        if low in ("white1", "w"):
            return "w"
        if low in ("black1", "b"):
            return "b"
    return None


BOM = "\ufeff"


def decode_trf(data: bytes) -> tuple[str, str]:
    """The text of a TRF file and the encoding it was read in: UTF-8 (a leading byte order
    mark dropped), else Windows-1252 (what Swiss-Manager writes; Latin-1 for the five bytes
    Windows-1252 leaves undefined). FIDE's TRF16 names no encoding."""
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "windows-1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


_FOLDED = {"đ": "d", "Đ": "D"}


def _latin1_char(char: str) -> str:
    """``char`` if Latin-1 has it, else its base letter (``ầ`` → ``a``, ``đ`` → ``d``),
    else ``?``: always one character, so the TRF's columns stay where they are."""
    if ord(char) < 256:
        return char
    base = _FOLDED.get(char) or "".join(
        c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
    return base if len(base) == 1 and ord(base) < 256 else "?"


def encode_latin1(text: str) -> bytes:
    """The TRF text as Latin-1 bytes, the encoding FIDE's TieBreakServer reads by default:
    the Vietnamese letters Latin-1 lacks lose their marks (``Trần`` → ``Tran``; ``Lê``
    keeps its ``ê``), one character for one so every column keeps its place."""
    return "".join(map(_latin1_char, text)).encode("latin-1")


def parse_trf(text: str, *, strict: bool = False) -> TrfTournament:
    """Parse a TRF16/TRF-2026 file; raise :class:`TrfError` on malformed lines. ``strict``
    (imports): a player line must be complete (up to the points) and its birth date real.
    A leading byte order mark is not part of the first line."""
    text = text.removeprefix(BOM)
    tournament = TrfTournament()
    declared_rounds: int | None = None
    for line_number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        code, rest = line[:3], line[4:] if len(line) > 3 else ""
        if code == "001":
            player = _parse_player(line, line_number, strict)
            if player.id in tournament.players:
                raise TrfError(line_number, f"starting rank {player.id} is repeated")
            tournament.players[player.id] = player
            tournament.layout.append(player.id)
            continue
        tournament.layout.append(line)
        if code == "###":  # comment line
            continue
        tournament.fields.setdefault(code, []).append(rest)
        if code == "012":
            tournament.name = rest.strip()
        elif code in ("XXR", "142"):
            value = _parse_int(line[3:], line_number, f"{code} number of rounds")
            if not value:
                raise TrfError(line_number, f"{code} number of rounds must be positive")
            declared_rounds = value
        elif code in ("XXC", "152"):
            colour = _parse_initial_color(code, line[3:], line_number)
            if colour is not None:
                tournament.initial_color = colour
        elif code == "XXS":
            tournament.scoring.update(_parse_scoring(rest, line_number))
            tournament.scoring_line = line_number
    _check_opponents(tournament)
    tournament.rounds_declared = declared_rounds is not None
    tournament.rounds = declared_rounds if declared_rounds else tournament.rounds_in_file
    return tournament


def _parse_scoring(rest: str, line_number: int) -> dict[str, float]:
    """JaVaFo's ``XXS`` tokens ``KIND=POINTS`` (``WW``, ``BW``, ``W``, ``D``, ``PAB``, …)."""
    scoring: dict[str, float] = {}
    for token in rest.split():
        kind, sep, value = token.partition("=")
        try:
            points = float(value)
        except ValueError:
            points = -1.0
        if not sep or not kind.isalpha() or not 0 <= points <= 99:
            raise TrfError(line_number, f"XXS token {token!r} is not KIND=POINTS")
        scoring[kind.upper()] = points
    return scoring


def _check_opponents(tournament: TrfTournament) -> None:
    for player in tournament.players.values():
        for game in player.games:
            if game.opponent is not None and game.opponent not in tournament.players:
                line = tournament.layout.index(player.id) + 1
                raise TrfError(
                    line,
                    f"player {player.id} round {game.round}: opponent {game.opponent} "
                    "has no 001 line",
                )


def _format_points(points: float | None) -> str:
    return "" if points is None else f"{points:.1f}"


def format_player_line(player: TrfPlayer) -> str:
    """The fixed-column ``001`` line of one player."""
    head = (
        f"001 {player.id:>4} {player.sex[:1]:1}{player.title[:3]:>3} {player.name[:33]:<33} "
        f"{player.rating or '':>4} {player.fed[:3]:<3} {player.fide_id[:11]:>11} "
        f"{player.birth[:10]:<10} {_format_points(player.points):>4} "
        f"{player.rank if player.rank is not None else '':>4}"
    )
    by_round = {g.round: g for g in player.games}
    last = max(by_round, default=0)
    parts = [head]
    for round_number in range(1, last + 1):
        game = by_round.get(round_number)
        if game is None:
            parts.append("  " + " " * 8)
        else:
            opponent = f"{game.opponent:>4}" if game.opponent else "0000"
            parts.append(f"  {opponent} {game.color} {game.result}")
    return "".join(parts).rstrip()


def write_trf(tournament: TrfTournament) -> str:
    """Write the tournament back as TRF text (lines end with ``\\n``)."""
    lines: list[str] = []
    written: set[int] = set()
    for item in tournament.layout:
        if isinstance(item, int):
            if item in tournament.players:
                lines.append(format_player_line(tournament.players[item]))
                written.add(item)
        else:
            lines.append(item)
    if not tournament.layout:
        if tournament.name:
            lines.append(f"012 {tournament.name}")
        if tournament.rounds_declared or tournament.rounds:
            lines.append(f"XXR {tournament.rounds}")
        if tournament.initial_color:
            lines.append("XXC " + ("white1" if tournament.initial_color == "w" else "black1"))
    for player_id in sorted(set(tournament.players) - written):
        lines.append(format_player_line(tournament.players[player_id]))
    return "\n".join(lines) + "\n"
