"""Split written move lists (score sheets, PGN movetext) into move tokens.

Real score sheets carry move numbers (``1.``, ``1...``, ``1)``), comments (``{...}``, ``;`` to
the end of the line), variations in parentheses, NAGs (``$1``), annotation marks (``!``, ``?``)
and a result at the end; all of that is dropped here, keeping the line of every move so that
errors can point at it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from chessrules.values import Result

# "12." / "12..." / "12)" in front of a move (or alone). A move never starts with a digit except
# WXF pawn designators ("3+.4", "33.4") and chess castling written with zeros ("0-0"): the
# prefix is only removed when something that is not a bare digit follows it.
_MOVE_NUMBER = re.compile(r"^\d+(?:\.+|\))")
_ANNOTATION_TAIL = re.compile(r"[!?]+$")


class Token(NamedTuple):
    text: str
    line: int  # 1-based line of the text the token came from


@dataclass
class Movetext:
    tokens: list[Token]
    result: str | None  # result written at the end, normalised, or None


class MovetextError(ValueError):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


def _strip_number(word: str) -> str:
    if not word[0].isdigit():
        return word
    m = _MOVE_NUMBER.match(word)
    if not m:
        return word
    rest = word[m.end() :]
    if rest == "" or not rest.isdigit():
        return rest
    return word  # "33.4": a WXF pawn move, not "33." + "4"


def split_movetext(text: str, first_line: int = 1) -> Movetext:
    """Tokens of a move list, without numbers, comments, variations, NAGs and the result."""
    if not any(ch in text for ch in "{;()"):
        return _split_plain(text, first_line)
    tokens: list[Token] = []
    result: str | None = None
    line = first_line
    depth_comment = False
    depth_variation = 0
    i, n = 0, len(text)
    word_start = -1
    word_line = line

    def flush(end: int) -> None:
        nonlocal word_start, result
        if word_start < 0:
            return
        word = text[word_start:end]
        word_start = -1
        if depth_variation:
            return
        word = _strip_number(word)
        word = _ANNOTATION_TAIL.sub("", word) if len(word) > 1 else word
        if not word or word.startswith("$"):
            return
        found = Result.from_pgn(word)
        if found is not None:
            result = found.value
            return
        if result is not None:
            raise MovetextError(f"move {word!r} after the result {result}", word_line)
        tokens.append(Token(word, word_line))

    while i < n:
        ch = text[i]
        if depth_comment:
            if ch == "}":
                depth_comment = False
            elif ch == "\n":
                line += 1
            i += 1
            continue
        if ch == "{":
            flush(i)
            depth_comment = True
        elif ch == ";":
            flush(i)
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif ch == "(":
            flush(i)
            depth_variation += 1
        elif ch == ")":
            if word_start >= 0 and _MOVE_NUMBER.match(text[word_start : i + 1]):
                i += 1  # "1)" move number of the Vietnamese score sheet
                flush(i)
                continue
            flush(i)
            if depth_variation == 0:
                raise MovetextError("')' without a matching '('", line)
            depth_variation -= 1
        elif ch.isspace():
            flush(i)
            if ch == "\n":
                line += 1
        elif word_start < 0:
            word_start = i
            word_line = line
        i += 1
    flush(n)
    if depth_comment:
        raise MovetextError("comment '{' not closed", line)
    if depth_variation:
        raise MovetextError("variation '(' not closed", line)
    return Movetext(tokens, result)


def _split_plain(text: str, first_line: int) -> Movetext:
    """Fast path for move lists without comments or variations (most stored records)."""
    tokens: list[Token] = []
    result: str | None = None
    for line_no, line in enumerate(text.split("\n"), first_line):
        for word in line.split():
            word = _strip_number(word)
            if len(word) > 1 and word[-1] in "!?":
                word = _ANNOTATION_TAIL.sub("", word)
            if not word or word[0] == "$":
                continue
            found = Result.from_pgn(word)
            if found is not None:
                result = found.value
                continue
            if result is not None:
                raise MovetextError(f"move {word!r} after the result {result}", line_no)
            tokens.append(Token(word, line_no))
    return Movetext(tokens, result)
