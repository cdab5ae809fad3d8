"""Time controls as data (seed 000 Điều 10; seed 002 Luật Cờ Vua 6.2, B1, C1).

A control is a list of periods and an optional increment:

- a period gives ``minutes`` to each player for ``moves`` moves (``moves=None``: the rest of
  the game); the last period may ``repeat`` until the game ends (Điều 10.1.1d "cứ 15 phút
  mỗi bên phải đi đủ 10 nước", the Asian control's "sau đó cứ 5 phút phải đi đủ 10 nước");
- ``increment_seconds`` is added after every move from move 1 (002 6.2a: "ngoài thời gian
  kiểm tra chung có thể bổ sung một số lượng thời gian nhất định cho mỗi nước đi").

Unused time carries over to the next period (002 6.2b). ``PRESETS`` holds the controls the
seed names (Điều 10.1.1 a-e, 10.1.2 and the Asian control) and the common FIDE chess ones;
a tournament stores one of these dicts (``TimeControl.to_dict``). ``TimeControl.parse``
checks a dict and names the faulty field and the limit it breaks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Period", "TimeControl", "TimeControlError", "PRESETS", "MAX_PERIODS",
           "MAX_PERIOD_MINUTES", "MAX_PERIOD_MOVES", "MAX_INCREMENT_SECONDS",
           "CLASS_MOVES", "preset_of", "from_label", "default_preset"]

MAX_PERIODS = 10
MAX_PERIOD_MINUTES = 600
MAX_PERIOD_MOVES = 200
MAX_INCREMENT_SECONDS = 300
#: FIDE's yardstick for classing a control: the time of a 60-move game (Laws A.1, B.1).
CLASS_MOVES = 60


class TimeControlError(ValueError):
    """A malformed control; ``field`` names the part (``periods[1].moves``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Period:
    minutes: int
    moves: int | None = None
    repeat: bool = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"moves": self.moves, "minutes": self.minutes}
        if self.repeat:
            data["repeat"] = True
        return data


@dataclass(frozen=True)
class TimeControl:
    periods: tuple[Period, ...]
    increment_seconds: int = 0

    # --- reading and checking ------------------------------------------------------------

    @classmethod
    def parse(cls, data: object) -> TimeControl:
        """The control of a dict ``{"periods": [{"moves", "minutes", "repeat"}...],
        "increment_seconds"}``; raises ``TimeControlError`` naming the field and limit."""
        if not isinstance(data, dict):
            raise TimeControlError("time_control", "must be an object with 'periods'")
        unknown = set(data) - {"periods", "increment_seconds"}
        if unknown:
            raise TimeControlError(sorted(unknown)[0], "unknown key")
        raw = data.get("periods")
        if not isinstance(raw, list) or not raw:
            raise TimeControlError("periods", "at least one period is required")
        if len(raw) > MAX_PERIODS:
            raise TimeControlError("periods", f"at most {MAX_PERIODS} periods")
        periods = tuple(_period(item, i, last=i == len(raw) - 1) for i, item in enumerate(raw))
        increment = _integer(data.get("increment_seconds", 0), "increment_seconds",
                             0, MAX_INCREMENT_SECONDS)
        return cls(periods, increment)

    def to_dict(self) -> dict[str, Any]:
        return {"periods": [p.to_dict() for p in self.periods],
                "increment_seconds": self.increment_seconds}

    # --- derived values ------------------------------------------------------------------

    @property
    def checks_moves(self) -> bool:
        """Some period requires a number of moves (Điều 10.1.1c "có kiểm tra số nước đi")."""
        return any(p.moves is not None for p in self.periods)

    def minutes_for(self, moves: int = CLASS_MOVES) -> float:
        """Minutes a player has for a game of ``moves`` moves (periods needed + increments)."""
        total, made = 0.0, 0
        for period in self._unrolled(moves):
            total += period.minutes
            if period.moves is None:
                break
            made += period.moves
            if made >= moves:
                break
        return total + moves * self.increment_seconds / 60

    def time_class(self) -> str:
        """FIDE's class of the control (Laws A.1, B.1): blitz ≤ 10, rapid < 60, standard."""
        minutes = self.minutes_for()
        if minutes <= 10:
            return "blitz"
        return "rapid" if minutes < 60 else "standard"

    def allows_class(self, time_class: str) -> bool:
        """The control fits ``time_class`` by either text: standard from 60 minutes; rapid
        more than 10 (FIDE A.1) up to 60 (002 B1 "từ 15 đến 60 phút"); blitz below 15
        (002 C1; FIDE's ≤ 10 lies inside)."""
        minutes = self.minutes_for()
        if time_class == "standard":
            return minutes >= 60
        if time_class == "rapid":
            return 10 < minutes <= 60
        return minutes < 15

    def pgn(self) -> str:
        """The PGN ``TimeControl`` form (standard 9.6.1), e.g. ``40/5400+30:1800+30``; a
        repeating last period is written once."""
        inc = f"+{self.increment_seconds}" if self.increment_seconds else ""
        parts = [(f"{p.moves}/" if p.moves is not None else "") + f"{p.minutes * 60}{inc}"
                 for p in self.periods]
        return ":".join(parts)

    def _unrolled(self, moves: int) -> list[Period]:
        periods = list(self.periods)
        last = periods[-1]
        if last.repeat and last.moves:
            covered = sum(p.moves or 0 for p in periods)
            while covered < moves:
                periods.append(last)
                covered += last.moves
        return periods


def _integer(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TimeControlError(field, "must be a whole number")
    if not low <= value <= high:
        raise TimeControlError(field, f"must be between {low} and {high}")
    return value


def _period(item: object, index: int, *, last: bool) -> Period:
    where = f"periods[{index}]"
    if not isinstance(item, dict):
        raise TimeControlError(where, "must be an object with 'minutes'")
    unknown = set(item) - {"moves", "minutes", "repeat"}
    if unknown:
        raise TimeControlError(f"{where}.{sorted(unknown)[0]}", "unknown key")
    minutes = _integer(item.get("minutes"), f"{where}.minutes", 1, MAX_PERIOD_MINUTES)
    moves_raw = item.get("moves")
    moves = (None if moves_raw is None
             else _integer(moves_raw, f"{where}.moves", 1, MAX_PERIOD_MOVES))
    repeat = item.get("repeat", False)
    if not isinstance(repeat, bool):
        raise TimeControlError(f"{where}.repeat", "must be true or false")
    if moves is None and not last:
        raise TimeControlError(f"{where}.moves",
                               "only the last period may be for the rest of the game")
    if repeat and (not last or moves is None):
        raise TimeControlError(f"{where}.repeat",
                               "only the last period repeats, and it needs a number of moves")
    if last and moves is not None and not repeat:
        raise TimeControlError(f"{where}.moves",
                               "the last period covers the rest of the game (no moves) or "
                               "repeats")
    return Period(minutes, moves, repeat)


def _control(*periods: tuple[int | None, int] | tuple[int | None, int, bool],
             increment: int = 0) -> dict[str, Any]:
    return TimeControl(tuple(Period(p[1], p[0], bool(p[2]) if len(p) > 2 else False)
                             for p in periods), increment).to_dict()


#: The controls the seed names (000 Điều 10.1.1, 10.1.2) and common FIDE chess controls.
PRESETS: dict[str, dict[str, Any]] = {
    # 10.1.1a: two-game matches, 60 minutes each, no move count.
    "60": _control((None, 60)),
    # 10.1.1b: one game, 90 minutes each (without a move count).
    "90": _control((None, 90)),
    # 10.1.2: 90 minutes, at least 25 moves in the first 60, then 30 to finish.
    "90_25": _control((25, 60), (None, 30)),
    # 10.1.1c / 10.1.2: 120 minutes with a move count: 25 moves in 60, then 60 to finish.
    "120": _control((25, 60), (None, 60)),
    # 10.1.1d: international form: every 15 minutes, 10 moves, to the end.
    "intl_10_15": _control((10, 15, True)),
    # 10.1.2, Asian Xiangqi Law: 25 moves in 60, 35 by 75, 45 by 90, 55 by 105, 65 by 120,
    # then every 5 minutes 10 moves.
    "asian": _control((25, 60), (10, 15), (10, 15), (10, 15), (10, 15), (10, 5, True)),
    # 10.1.1e: rapid, 15, 25 or 30 minutes each.
    "rapid_15": _control((None, 15)),
    "rapid_25": _control((None, 25)),
    "rapid_30": _control((None, 30)),
    # FIDE (002 6.2): 90 minutes for 40 moves, 30 to finish, 30 s a move from move 1.
    "fide_40_90_30": _control((40, 90), (None, 30), increment=30),
    # FIDE: 90 minutes + 30 s a move.
    "fide_90_30": _control((None, 90), increment=30),
    # FIDE rapid 15 + 10 s, blitz 3 + 2 s (002 B1, C1).
    "fide_rapid_15_10": _control((None, 15), increment=10),
    "fide_blitz_3_2": _control((None, 3), increment=2),
}


def preset_of(control: TimeControl) -> str | None:
    """The key of the preset equal to ``control``, or None (a control of its own)."""
    data = control.to_dict()
    return next((key for key, preset in PRESETS.items() if preset == data), None)


_PGN_PART = re.compile(r"^(?:(\d+)/)?(\d+)(?:\+(\d+))?$")
_MINUTES = r"(\d+)\s*(?:phút|phut|p|min(?:utes?)?|'|’)"
_SECONDS = r"(\d+)\s*(?:giây|giay|s|sec(?:onds?)?|\"|''|”)"
_LABEL = re.compile(rf"^{_MINUTES}\s*(?:mỗi bên|moi ben)?\s*(?:\+\s*{_SECONDS}.*)?$",
                    re.IGNORECASE)


def from_label(text: str) -> TimeControl | None:
    """A control read from a written label: the PGN form (``40/5400+30:1800+30``,
    ``5400+30``) or "90 phút", "90' + 30\"", "90 min + 30 s mỗi nước"; None when the label
    says something else (kept as a note by the caller)."""
    label = " ".join(text.split()).strip().lower()
    if not label:
        return None
    control = _from_pgn(label) if ("/" in label or label.isdigit() or "+" in label
                                  and label.replace("+", "").isdigit()) else None
    if control is not None:
        return control
    match = _LABEL.match(label)
    if match is None:
        return None
    try:
        return TimeControl.parse({"periods": [{"moves": None, "minutes": int(match[1])}],
                                  "increment_seconds": int(match[2] or 0)})
    except TimeControlError:
        return None


def _from_pgn(label: str) -> TimeControl | None:
    periods, increments = [], set()
    for part in label.split(":"):
        match = _PGN_PART.match(part)
        if match is None or int(match[2]) % 60:
            return None
        moves = int(match[1]) if match[1] else None
        periods.append({"moves": moves, "minutes": int(match[2]) // 60})
        increments.add(int(match[3] or 0))
    if len(increments) != 1:
        return None
    try:
        return TimeControl.parse({"periods": periods, "increment_seconds": increments.pop()})
    except TimeControlError:
        return None


#: The control a new event gets when it names none: by discipline and class. Xiangqi
#: standard 90 minutes (Điều 10.1.1b), rapid 15 (10.1.1e, the first it lists); chess
#: standard 90 + 30 s (FIDE), rapid 15 + 10 s, blitz 3 + 2 s (002 B1, C1).
DEFAULT_PRESETS: dict[tuple[str, str], str] = {
    ("xiangqi", "standard"): "90", ("xiangqi", "rapid"): "rapid_15",
    ("xiangqi", "blitz"): "fide_blitz_3_2",
    ("chess", "standard"): "fide_90_30", ("chess", "rapid"): "fide_rapid_15_10",
    ("chess", "blitz"): "fide_blitz_3_2",
}


def default_preset(discipline: str, time_class: str) -> str:
    return DEFAULT_PRESETS.get((discipline, time_class), "90")
