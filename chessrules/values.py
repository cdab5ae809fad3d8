"""The value vocabulary shared by the rules package and the apps (one home per concept).

- ``Result``: the result of one board (Điều 21.1) as the project stores it, with its points
  for each side, its TRF codes, its PGN form, whether it was played over the board, and the
  parsers for every written form the project accepts (``Result.parse``, ``Result.from_pgn``,
  ``Result.from_trf``).
- ``System``: pairing systems (Chương VI) with their stored strings, and the groupings
  ``ROUND_ROBIN_SYSTEMS``, ``SWISS_SYSTEMS``, ``TEAM_SYSTEMS``, ``RATING_ORDER_SYSTEMS``.
- ``TieBreak``: the base tie-break codes (FIDE C.07 and Điều 21.3/21.4; the ``-C<n>``/``-M<n>``
  modifiers are read by ``chessrules.competition.tiebreaks.parse_code``).
- ``GenderSection``: the gender section of an event (nội dung chung / nam / nữ): who may enter,
  and in which title section (``chessrules.titles.MEN``/``WOMEN``) a player's result counts.
- ``Discipline``: xiangqi (cờ tướng) and chess (cờ vua) with all that differs between them:
  the law their events follow, the notations (the machine one the moves are stored in, the
  human ones, their labels, the PGN export formats), the start position and the colour names.
  Labels are Vietnamese plain strings; the apps translate them (gettext, locale/en).
- ``competition_ranks``: equal values share the better rank (1, 1, 3).

Members are ``str`` enums whose values are the stored strings, so ``Result.DRAW == "1/2-1/2"``
and Django choices derive from them without a data migration.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

__all__ = ["ChessPenalty", "ILLEGAL_MOVE_MINUTES", "ILLEGAL_MOVES_TO_LOSE", "Result", "System", "Discipline", "TieBreak", "TeamRanking", "TeamMatchForm", "GenderSection", "RepetitionRuling",
           "competition_ranks", "ROUND_ROBIN_SYSTEMS", "SWISS_SYSTEMS", "TEAM_SYSTEMS", "RATING_ORDER_SYSTEMS",
           "PREDETERMINED_SYSTEMS", "QUALIFYING_SYSTEMS", "FINAL_STAGE_SYSTEMS", "RESULT_POINTS",
           "GAME_CODE_POINTS", "BYE_POINTS", "PLAYED"]


class Result(StrEnum):
    """The result of one board as stored (Điều 21.1); forfeits are not played games."""

    PENDING = ""
    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_FORFEIT_WIN = "+-"
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"
    ADJOURNED = "*"
    BYE = "bye"

    @property
    def points(self) -> tuple[float, float] | None:
        """(White's, Black's) points of a decided board; None while undecided or for a bye
        (the regulations set a bye's points)."""
        return _POINTS.get(self)

    @property
    def decided(self) -> bool:
        """The board counts: a game result or a forfeit (not pending, adjourned or a bye)."""
        return self in _POINTS

    @property
    def final(self) -> bool:
        """Nothing is awaited on this board any more (a decided result or a bye)."""
        return self in _POINTS or self is Result.BYE

    @property
    def played(self) -> bool:
        """Played over the board (rated, counts as a game); forfeits are not."""
        return self in PLAYED

    @property
    def forfeit(self) -> bool:
        return self in FORFEITS

    @property
    def present(self) -> tuple[str, ...]:
        """The sides that came to the board: both in a played game, the winner of a forfeit."""
        return _PRESENT.get(self, ())

    @property
    def winner(self) -> str | None:
        """"w", "b", "draw", or None (undecided, double forfeit, bye)."""
        return _WINNER.get(self)

    @property
    def trf(self) -> tuple[str, str] | None:
        """The two TRF round-result codes (White's, Black's), e.g. ("1", "0"), ("+", "-")."""
        return _TRF.get(self)

    @property
    def pgn(self) -> str | None:
        """The PGN result tag: the four PGN results; a forfeit as its winner's result;
        None where PGN has no form (double forfeit: 0-0, bye)."""
        return _PGN.get(self)

    @classmethod
    def parse(cls, text: str | None) -> Result | None:
        """Every written form a result may be given in (API, bulk entry, admin, imports):
        ``1-0``, ``½-½``, ``=``, ``0.5-0.5``, ``+/-``, ``-/+``, ``-/-``, ``0-0``, ``pending``…,
        spaces ignored (``1 - 0``); None when the text is not a result."""
        return _ALIASES.get((text or "").strip().replace(" ", ""))

    @classmethod
    def from_pgn(cls, token: str) -> Result | None:
        """A PGN result token (``1-0``, ``0-1``, ``1/2-1/2``, ``*``, and ``½-½``, ``1/2``,
        ``0.5-0.5`` as written by hand); None for anything else."""
        return _PGN_TOKENS.get(token)

    @classmethod
    def from_trf(cls, white: str, black: str) -> Result | None:
        """The board's result from the TRF codes of its two players (blank: pending)."""
        return _FROM_TRF.get((white, black))


PLAYED = frozenset({Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS})
FORFEITS = frozenset({Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT})
#: the PGN results (the standard's four)
PGN_RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.ADJOURNED)

_POINTS = {
    Result.WHITE_WINS: (1.0, 0.0), Result.DRAW: (0.5, 0.5), Result.BLACK_WINS: (0.0, 1.0),
    Result.WHITE_FORFEIT_WIN: (1.0, 0.0), Result.BLACK_FORFEIT_WIN: (0.0, 1.0),
    Result.DOUBLE_FORFEIT: (0.0, 0.0),
}
#: The stored string of every decided result -> (White's, Black's) points (Điều 21.1): the
#: results that count, and their points (a pending, adjourned or bye result is absent).
RESULT_POINTS: dict[str, tuple[float, float]] = {r.value: p for r, p in _POINTS.items()}
_PRESENT = {**{r: ("white", "black") for r in PLAYED},
            Result.WHITE_FORFEIT_WIN: ("white",), Result.BLACK_FORFEIT_WIN: ("black",)}
_WINNER = {Result.WHITE_WINS: "w", Result.BLACK_WINS: "b", Result.DRAW: "draw",
           Result.WHITE_FORFEIT_WIN: "w", Result.BLACK_FORFEIT_WIN: "b"}
_TRF = {
    Result.WHITE_WINS: ("1", "0"), Result.DRAW: ("=", "="), Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}
#: TRF16 round codes of one player that carry no opponent's code: a requested bye by the
#: points it scores (``F`` full, ``H`` half, ``Z`` zero) ...
BYE_CODES: dict[float, str] = {1.0: "F", 0.5: "H", 0.0: "Z"}
BYE_POINTS: dict[str, float] = {code: points for points, code in BYE_CODES.items()}
#: ... and a game played over the board, by the points of the player written (FIDE's
#: TRF16 also allows ``W``/``D``/``L``).
GAME_CODE_POINTS: dict[str, float] = {"1": 1.0, "W": 1.0, "=": 0.5, "D": 0.5,
                                      "0": 0.0, "L": 0.0}


def bye_code(points: float) -> str:
    """TRF16 code of a requested bye: ``F`` full point, ``H`` half, ``Z`` zero."""
    return BYE_CODES.get(float(points), "Z")


_FROM_TRF = {**{codes: result for result, codes in _TRF.items()}, (" ", " "): Result.PENDING}
_PGN = {Result.WHITE_WINS: "1-0", Result.BLACK_WINS: "0-1", Result.DRAW: "1/2-1/2",
        Result.ADJOURNED: "*", Result.PENDING: "*",
        Result.WHITE_FORFEIT_WIN: "1-0", Result.BLACK_FORFEIT_WIN: "0-1"}
_PGN_TOKENS = {**{r.value: r for r in PGN_RESULTS},
               "½-½": Result.DRAW, "1/2": Result.DRAW, "0.5-0.5": Result.DRAW}
_ALIASES = {
    **{r.value: r for r in Result if r is not Result.BYE},
    "½-½": Result.DRAW, "=": Result.DRAW, "0.5-0.5": Result.DRAW,
    "+/-": Result.WHITE_FORFEIT_WIN, "-/+": Result.BLACK_FORFEIT_WIN,
    "-/-": Result.DOUBLE_FORFEIT, "0-0": Result.DOUBLE_FORFEIT, "pending": Result.PENDING,
}


class System(StrEnum):
    """Pairing systems (Chương VI) as stored on a tournament."""

    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    DUTCH = "dutch"  # FIDE C.04.3
    SWISS_DRAW = "swiss_draw"  # Điều 29
    KNOCKOUT = "knockout"  # Điều 25
    TEAM_ROUND_ROBIN = "team_round_robin"
    SCHEVENINGEN = "scheveningen"
    TEAM_SWISS_DRAW = "team_swiss_draw"  # Điều 30.5
    ADJUSTED_SWISS = "adjusted_swiss"  # Điều 28 as written (002 Điều 13)
    MATCH = "match"  # 002 Điều 8: a match between two players
    INDIVIDUAL_SCHEVENINGEN = "indiv_scheveningen"  # 002 Điều 10: group A meets group B
    SIMULTANEOUS = "simultaneous"  # Điều 30.2.1: two teams, board i meets board i
    TEAM_KNOCKOUT = "team_knockout"  # Điều 30.3: a knockout of teams

    @property
    def round_robin(self) -> bool:
        """An individual round robin (single or double)."""
        return self in ROUND_ROBIN_SYSTEMS

    @property
    def swiss(self) -> bool:
        return self in SWISS_SYSTEMS

    @property
    def team(self) -> bool:
        return self in TEAM_SYSTEMS

    @property
    def predetermined(self) -> bool:
        """Pairings fixed in advance by a table: round-robin tie-breaks apply (Điều 21.3)."""
        return self in PREDETERMINED_SYSTEMS


#: individual round robins (single and double)
ROUND_ROBIN_SYSTEMS = frozenset({System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN})
#: the round robins, individual and team: pairings fixed by a table (Điều 21.3 tie-breaks)
PREDETERMINED_SYSTEMS = ROUND_ROBIN_SYSTEMS | {System.TEAM_ROUND_ROBIN,
                                              System.INDIVIDUAL_SCHEVENINGEN}
#: systems that pair round by round on the scores (a number of rounds must be set)
SWISS_SYSTEMS = frozenset({System.DUTCH, System.SWISS_DRAW, System.TEAM_SWISS_DRAW,
                           System.ADJUSTED_SWISS})
TEAM_SYSTEMS = frozenset({System.TEAM_ROUND_ROBIN, System.SCHEVENINGEN, System.TEAM_SWISS_DRAW,
                          System.SIMULTANEOUS, System.TEAM_KNOCKOUT})
#: Điều 17.3 "đấu hỗn hợp": the systems of a qualifying group and of the final stage
QUALIFYING_SYSTEMS = ROUND_ROBIN_SYSTEMS | frozenset({System.DUTCH, System.SWISS_DRAW,
                                                      System.ADJUSTED_SWISS})
FINAL_STAGE_SYSTEMS = ROUND_ROBIN_SYSTEMS | frozenset({System.KNOCKOUT})
#: systems whose starting numbers follow the rating order (others draw lots)
RATING_ORDER_SYSTEMS = frozenset({System.DUTCH, System.KNOCKOUT, System.ADJUSTED_SWISS})


class MatchScoring(StrEnum):
    """How a pairing is scored: one game (Điều 21.1) or a match of two games (21.2)."""

    GAMES = "games"  # 21.1: win 1, draw ½, loss 0
    TWO_GAME_MATCH = "two_game_match"  # 21.2: game points 2/1/0, match points 1/½/0


#: systems whose pairings may be two-game matches (21.2; Điều 10.1.1a "lượt đi, lượt về")
TWO_GAME_MATCH_SYSTEMS = frozenset({System.ROUND_ROBIN, System.KNOCKOUT})


class TeamMatchForm(StrEnum):
    """How two teams meet in a tie of a team knockout (Điều 30.3: "các đội gặp nhau theo
    thể thức đối kháng, thường là đối kháng kiểu Anh"): a choice of the regulations."""

    SCHEVENINGEN = "scheveningen"  # 30.2.2 "kiểu Anh": every player meets every player
    SIMULTANEOUS = "simultaneous"  # 30.2.1 "đồng loạt": board i meets board i, one game


class TieBreak(StrEnum):
    """Base tie-break codes (FIDE C.07, Điều 21.3, 21.4, 29.5)."""

    BH = "BH"  # Buchholz
    SB = "SB"  # Sonneborn-Berger
    DE = "DE"  # direct encounter
    WIN = "WIN"  # rounds won
    WON = "WON"  # games won over the board
    BPG = "BPG"  # games played with Black
    BWG = "BWG"  # games won with Black
    ARO = "ARO"  # average rating of opponents
    PS = "PS"  # progressive scores
    BH_VN = "BH-VN"  # Buchholz of Điều 21.4 / 29.5
    LOT = "LOT"  # drawing of lots
    REP = "REP"  # rounds one elected to play (C.07 2024)
    KS = "KS"  # Koya: points against opponents with at least half the maximum score
    AOB = "AOB"  # average of the opponents' Buchholz
    TPR = "TPR"  # tournament performance rating: ARO + dp (B.02 table 8.1.1)
    APRO = "APRO"  # average of the opponents' TPR
    PO = "PO"  # play-off games among the tied (thi đấu bổ sung, 002 Phần 2 Điều 2.3)

    @property
    def takes_cuts(self) -> bool:
        """Takes the ``-C<n>`` / ``-M<n>`` modifiers (C.07)."""
        return self in (TieBreak.BH, TieBreak.SB, TieBreak.ARO, TieBreak.PS)

    @property
    def ascending(self) -> bool:
        """A lower value ranks higher."""
        return self in (TieBreak.DE, TieBreak.LOT)


class TeamRanking(StrEnum):
    """How a team table ranks (a choice of the regulations): Điều 30.1.5 ranks by game
    points then board 1, board 2, …; 002 Điều 2.3 breaks ties by the matches won and drawn
    (match points), then by "hệ số" (the opponents' game points); match points may come
    first."""

    GAME_BOARDS = "game_boards"  # Điều 30.1.5
    MATCH_GAME_BOARDS = "match_game_boards"  # match points, then as 30.1.5
    GAME_MATCH_OPPONENTS = "game_match_opp"  # 002 Điều 2.3, game points first
    MATCH_GAME_OPPONENTS = "match_game_opp"  # 002 Điều 2.3, match points first

    @property
    def match_points_first(self) -> bool:
        return self in (TeamRanking.MATCH_GAME_BOARDS, TeamRanking.MATCH_GAME_OPPONENTS)

    @property
    def opponents_points(self) -> bool:
        """The 002 Điều 2.3 tie-breaks (match points, opponents' points) before boards."""
        return self in (TeamRanking.GAME_MATCH_OPPONENTS, TeamRanking.MATCH_GAME_OPPONENTS)


class GenderSection(StrEnum):
    """The gender section of an event; players' genders are ``"M"``/``"F"``."""

    OPEN = "open"
    MEN = "men"
    WOMEN = "women"

    def admits(self, gender: str | None) -> bool:
        """Nội dung nam/nữ is for men/women only; the open section admits everyone."""
        if self is GenderSection.MEN:
            return gender == "M"
        if self is GenderSection.WOMEN:
            return gender == "F"
        return True

    def title_section(self, gender: str | None) -> str:
        """The section a player's result counts in for titles (Phụ lục 6): the event's own,
        or in an open event the player's gender (``chessrules.titles.MEN``/``WOMEN``)."""
        if self is GenderSection.OPEN:
            return GenderSection.WOMEN.value if gender == "F" else GenderSection.MEN.value
        return self.value


def competition_ranks(values: Iterable[object]) -> list[int]:
    """Ranks of values already in ranking order: equal values share the better rank
    (``[9, 9, 7]`` -> ``[1, 1, 3]``)."""
    ranks: list[int] = []
    last: object = object()
    for index, value in enumerate(values, start=1):
        if not ranks or value != last:
            rank = index
            last = value
        ranks.append(rank)
    return ranks


class Infraction(StrEnum):
    """What an arbiter reminds or cautions a player about (Luật Cờ Tướng, seed 000)."""

    ACCIDENTAL_TOUCH = "touch"  # Điều 9.6
    PIECE_BETWEEN_POINTS = "between_points"  # Điều 9.8
    CONDUCT = "conduct"  # Điều 15.7a-b
    OTHER = "other"  # Điều 16.1a-b


class Sanction(StrEnum):
    """One step of the ladder of Điều 16.1 as it applies within a game."""

    REMINDER = "reminder"  # 16.1a nhắc nhở
    CAUTION = "caution"  # 16.1b cảnh cáo
    AS_INTENTIONAL = "intentional"  # 9.6: the third accidental touch is an intentional one
    TECHNICAL_FAULT = "technical"  # 9.8 (and 16.3): lỗi kỹ thuật
    CONDUCT_FAULT = "conduct"  # 15.7b: lỗi tác phong

    @property
    def is_fault(self) -> bool:
        return self in (Sanction.TECHNICAL_FAULT, Sanction.CONDUCT_FAULT)


class ChessPenalty(StrEnum):
    """The arbiter's penalties of the chess law (Luật Cờ Vua 13.4 in seed 002; FIDE Laws
    12.9): "Trọng tài có thể áp dụng một hoặc nhiều hình phạt trong các hình phạt sau"."""

    WARNING = "warning"  # (a) nhắc nhở
    ADD_TIME = "add_time"  # (b) tăng thêm thời gian còn lại cho đối phương
    REDUCE_TIME = "reduce_time"  # (c) trừ bớt thời gian còn lại của đấu thủ vi phạm
    LOSS = "loss"  # (d) tuyên bố ván cờ bị thua
    REDUCE_POINTS = "reduce_points"  # (e) trừ điểm ghi được trong ván đấu của bên vi phạm
    RAISE_OPPONENT_POINTS = "raise_points"  # (f) tăng điểm của đối phương tới mức tối đa
    EXPULSION = "expulsion"  # (g) truất quyền thi đấu

    @property
    def takes_minutes(self) -> bool:
        return self in (ChessPenalty.ADD_TIME, ChessPenalty.REDUCE_TIME)


#: Luật Cờ Vua 7.4b (002; FIDE Laws 7.5.5): each completed illegal move below the limit
#: gives the opponent two minutes.
ILLEGAL_MOVE_MINUTES = 2
#: The completed illegal move that loses: the second (FIDE Laws 7.5.5 since 2014) or the
#: third (002 Điều 7.4b as adopted: "đối với nước đi không hợp lệ lần thứ ba ... thua").
ILLEGAL_MOVES_TO_LOSE = (2, 3)


#: The ladder of each infraction, by how many times the player was already dealt with for it
#: in the game; past the end the last step repeats.
#: - 9.6: "lần đầu do vô ý, trọng tài nhắc nhở; ... lần thứ hai, trọng tài cảnh cáo, nếu tái
#:   phạm lần thứ ba thì xử lý như chạm quân cố ý" (then 9.1-9.4 apply at the board).
#: - 9.8: "trọng tài nhắc nhở, tái phạm bị xử một lỗi kỹ thuật".
#: - 15.7b: "Trọng tài sẽ cảnh cáo ..., nếu tiếp tục tái phạm thì người vi phạm bị xử phạt lỗi
#:   tác phong".
#: - 16.1a-b (other breaches): reminder, then caution; anything heavier is the arbiter's ruling.
LADDERS: dict[Infraction, tuple[Sanction, ...]] = {
    Infraction.ACCIDENTAL_TOUCH: (Sanction.REMINDER, Sanction.CAUTION, Sanction.AS_INTENTIONAL),
    Infraction.PIECE_BETWEEN_POINTS: (Sanction.REMINDER, Sanction.TECHNICAL_FAULT),
    Infraction.CONDUCT: (Sanction.CAUTION, Sanction.CONDUCT_FAULT),
    Infraction.OTHER: (Sanction.REMINDER, Sanction.CAUTION),
}

#: The article each infraction is recorded under.
INFRACTION_ARTICLES: dict[Infraction, str] = {
    Infraction.ACCIDENTAL_TOUCH: "9.6", Infraction.PIECE_BETWEEN_POINTS: "9.8",
    Infraction.CONDUCT: "15.7b", Infraction.OTHER: "16.1",
}


def next_sanction(infraction: Infraction, previous: int) -> Sanction:
    """The step for a player already dealt with ``previous`` times for ``infraction`` in
    this game (Điều 9.6, 9.8, 15.7b, 16.1)."""
    ladder = LADDERS[infraction]
    return ladder[min(max(previous, 0), len(ladder) - 1)]


class RepetitionRuling(StrEnum):
    """The ruling proposed for a repetition (Luật Cờ Tướng 2004, Điều 7.1g-h, 7.2b-c, 23, 24).

    "red loses" / "black loses" mean: that side broke a forbidden repetition and must change
    its moves or lose (Điều 7.1g, 7.1h); "draw": neither side, or both, broke the same rule
    (Điều 7.2b, 7.2c); "none": the moves hold no repetition to rule on.
    """

    RED_LOSES = "red loses"
    BLACK_LOSES = "black loses"
    DRAW = "draw"
    NONE = "none"

    @classmethod
    def loses(cls, side: str) -> RepetitionRuling:
        """The ruling against ``side`` (``"w"`` Red/White or ``"b"`` Black)."""
        return cls.RED_LOSES if side == "w" else cls.BLACK_LOSES


@dataclass(frozen=True)
class _DisciplineSpec:
    label: str
    law: str
    machine_notation: str
    human_notations: tuple[str, ...]
    notation_labels: Mapping[str, str]
    export_notations: tuple[str, ...]
    start_fen: str
    colour_names: tuple[str, str]
    colour_abbreviations: tuple[str, str]


class Discipline(StrEnum):
    """The two disciplines, as stored ("xiangqi", "chess"), with everything that differs.

    - ``label``: "Cờ tướng" / "Cờ vua".
    - ``law``: the law an event follows, the ``law`` argument of ``chessrules.competition``
      (Luật Cờ Tướng 2004, seed 000, e.g. Điều 21.5.1; or the chess regulations, seed 002).
    - ``machine_notation``: how moves are stored and replayed: ICCS (``h2e2``) for xiangqi,
      UCI (``g1f3``) for chess. ``human_notations``: the forms people write (Điều 11.2a/b,
      Phụ lục 3, WXF; SAN and the Vietnamese letters of seed 002 appendix E).
      ``notations``: every notation a record may be read in and a game shown in, human ones
      first (the first is the default), the machine one last. ``notation_labels``: the name of
      each. ``export_notations``: the move formats of a PGN file (the first is the default).
    - ``start_fen``: the initial position.
    - ``colour_names``: the sides' names as a reader sees the pieces, first mover first:
      Đỏ/Đen in xiangqi (the pieces are red and black, and the site draws them so), Trắng/Đen
      in chess. The xiangqi law's written records (Điều 2: "chỉ có hai màu là Trắng và Đen
      ... Đỏ được coi là Trắng") keep Trắng/Đen: the official documents do not use these
      names. ``colour_abbreviations``: as a crosstable writes them: "T"/"Đ" in chess; in
      xiangqi the words "Đỏ"/"Đen" themselves, both initials being "Đ"
      (docs/decisions-disciplines.md).
    """

    XIANGQI = "xiangqi"
    CHESS = "chess"

    @property
    def label(self) -> str:
        return _DISCIPLINES[self].label

    @property
    def law(self) -> str:
        return _DISCIPLINES[self].law

    @property
    def machine_notation(self) -> str:
        return _DISCIPLINES[self].machine_notation

    @property
    def human_notations(self) -> tuple[str, ...]:
        return _DISCIPLINES[self].human_notations

    @property
    def notations(self) -> tuple[str, ...]:
        spec = _DISCIPLINES[self]
        return (*spec.human_notations, spec.machine_notation)

    @property
    def notation_labels(self) -> Mapping[str, str]:
        """Notation code -> its label, in the order of ``notations``."""
        return _DISCIPLINES[self].notation_labels

    @property
    def export_notations(self) -> tuple[str, ...]:
        return _DISCIPLINES[self].export_notations

    @property
    def start_fen(self) -> str:
        return _DISCIPLINES[self].start_fen

    @property
    def colour_names(self) -> tuple[str, str]:
        return _DISCIPLINES[self].colour_names

    def colour_name(self, colour: str) -> str:
        """The name of a side (``"w"``/``"white"`` or ``"b"``/``"black"``)."""
        return self.colour_names[_colour_index(colour)]

    def colour_abbreviation(self, colour: str) -> str:
        return _DISCIPLINES[self].colour_abbreviations[_colour_index(colour)]


def _colour_index(colour: str) -> int:
    if colour in ("w", "white"):
        return 0
    if colour in ("b", "black"):
        return 1
    raise ValueError(f"unknown colour {colour!r}: use 'w' or 'b'")


_DISCIPLINES: dict[Discipline, _DisciplineSpec] = {
    Discipline.XIANGQI: _DisciplineSpec(
        label="Cờ tướng",
        law="xiangqi",
        machine_notation="iccs",
        human_notations=("vn", "vn-words", "asian", "coord", "wxf"),
        notation_labels=MappingProxyType({
            "vn": "Việt Nam (P2-5)", "vn-words": "Việt Nam bằng chữ (Pháo 2 bình 5)",
            "asian": "Châu Á (P2=5)", "coord": "Tọa độ Phụ lục 3 (Phe2)", "wxf": "WXF (C2=5)",
            "iccs": "ICCS (h2e2)"}),
        export_notations=("iccs", "wxf"),
        start_fen="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        colour_names=("Đỏ", "Đen"),
        colour_abbreviations=("Đỏ", "Đen"),
    ),
    Discipline.CHESS: _DisciplineSpec(
        label="Cờ vua",
        law="chess",
        machine_notation="uci",
        human_notations=("san", "vn"),
        notation_labels=MappingProxyType({
            "san": "SAN (Nf3)", "vn": "Việt Nam (Mf3)", "uci": "UCI (g1f3)"}),
        export_notations=("san", "uci"),
        start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        colour_names=("Trắng", "Đen"),
        colour_abbreviations=("T", "Đ"),
    ),
}
