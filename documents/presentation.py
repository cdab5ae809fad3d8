"""How numbers are printed on the federation's documents (shared by every app's kinds)."""

from __future__ import annotations

import bisect
import functools
import itertools
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from urllib.parse import quote


def vn_number(value: float | Decimal | str | None) -> str:
    """Points as the law writes them: 1,5 (decimal comma), 0,5, 2."""
    if value is None or value == "":
        return ""
    value = float(value)
    if value == int(value):
        return str(int(value))
    return f"{value:g}".replace(".", ",")


# --- ruled forms printed as lines of text (issue 15) ----------------------------------------------
#
# WeasyPrint's cost is per box (about 0.5-0.8 ms of CPU each): a form drawn as a table of one
# cell per value costs thousands of boxes. A form can instead print each row as one line of
# text (``white-space: pre``) whose values are brought to their columns by space characters,
# with the ruled grid drawn behind the text as one background SVG. Where a value lands is the
# sum of the advances of the glyphs before it: the shipped fonts have no kerning and no
# ligatures (documents/fonts/reduce_fonts.py) and Pango places glyphs unrounded, so the sum
# of the font's advances is exact. Spaces rather than tabs: WeasyPrint 70 writes a tab's
# advance 1024/1000 too wide into the PDF (it divides Pango units by 1000, not 1024), so
# text after tabs drifts right of where the layout put it.

_REGULAR_FONT = "DejaVuSerif.ttf"
#: the fixed-width spaces of the font (U+2003 em, U+2002 en, U+0020, U+2005 four-per-em,
#: U+2009 thin, U+2006 six-per-em, U+200A hair), widest first
_SPACES = "\u2003\u2002\u0020\u2005\u2009\u2006\u200a"


@functools.cache
def _advances() -> tuple[dict[int, int], int]:
    from fontTools.ttLib import TTFont

    font = TTFont(str(Path(__file__).resolve().parent / "fonts" / _REGULAR_FONT), lazy=True)
    metrics, cmap = font["hmtx"].metrics, font.getBestCmap()
    return {code: metrics[glyph][0] for code, glyph in cmap.items()}, font["head"].unitsPerEm


def text_width(text: str, size_px: float) -> float:
    """Width in CSS pixels of ``text`` in the regular face at ``size_px`` (a character the
    font lacks counts one em: never less than what is printed)."""
    return _text_units(text) * size_px / _advances()[1]


@functools.lru_cache(maxsize=65536)
def _text_units(text: str) -> int:
    """The advances of ``text`` in font units: kept, as a document's values repeat (an
    opponent's name on nine cards, the numbers and the gaps on every card) — summing them
    character by character was three quarters of the 500 tracking cards' data (issue 15)."""
    advances, units = _advances()
    return sum(advances.get(ord(ch), units) for ch in text)


@functools.cache
def _fills() -> tuple[list[str], int]:
    """For every gap below one em (in font units), the string of at most three of the
    font's narrower spaces whose width comes closest to it."""
    advances, units = _advances()
    small = [ch for ch in _SPACES[1:] if ord(ch) in advances]
    best: dict[int, str] = {0: ""}
    for a in ["", *small]:
        for b in ["", *small]:
            for c in ["", *small]:
                fill = a + b + c
                width = sum(advances[ord(ch)] for ch in fill)
                if width <= units and len(best.get(width, fill + "x")) > len(fill):
                    best[width] = fill
    widths = sorted(best)
    table = []
    for gap in range(units):
        i = bisect.bisect_left(widths, gap)
        near = min(widths[max(0, i - 1):i + 1], key=lambda w: abs(w - gap))
        table.append(best[near])
    return table, advances[ord(_SPACES[0])]


def spaces(gap_px: float, size_px: float) -> str:
    """Space characters about ``gap_px`` wide (within a fraction of a pixel)."""
    table, em = _fills()
    units = _advances()[1]
    gap = max(0, round(gap_px * units / size_px))
    return "\u2003" * (gap // em) + table[gap % em]


@dataclass(frozen=True)
class TextGrid:
    """The columns of a ruled form, ``widths`` CSS pixels each; values ``pad`` pixels
    inside their rules, centred unless their column is in ``left``."""

    widths: tuple[int, ...]
    left: frozenset[int] = frozenset()
    pad: int = 3

    @property
    def width(self) -> int:
        return sum(self.widths)

    @property
    def rules(self) -> list[int]:
        """x of every vertical rule, the outer ones included."""
        return list(itertools.accumulate(self.widths, initial=0))

    def font_size(self, rows: list[list[str]], size_px: float, smallest: float) -> float:
        """``size_px``, or smaller (down to ``smallest``) so that every value of ``rows``
        fits its column."""
        scale = 1.0
        rooms = [width - 2 * self.pad for width in self.widths]
        for row in rows:
            for value, room in zip(row, rooms, strict=False):
                if value and (w := text_width(value, size_px)) > room:
                    scale = min(scale, room / w)
        return max(smallest, size_px * scale)

    def line(self, values: list[str], size_px: float) -> str:
        """One row of the form as one line of text; a value still wider than its column
        (at the smallest size) is cut with "…". The line starts at the first rule: the
        text block is offset by ``pad`` pixels."""
        out, x = [], 0.0
        for i, (value, start, width) in enumerate(
                zip(values, self.rules, self.widths, strict=False)):
            if not value:
                continue
            room = width - 2 * self.pad
            w = text_width(value, size_px)
            if w > room:
                while value and text_width(value + "…", size_px) > room:
                    value = value[:-1]
                value += "…"
                w = text_width(value, size_px)
            at = start + (0 if i in self.left else (room - w) / 2)
            fill = spaces(at - x, size_px)
            out.append(fill + value)
            x += text_width(fill, size_px) + w
        return "".join(out)

    def svg(self, rows: int, row_height: int, stroke: float = 0.8, *, left: float = 0,
            tops: tuple[float, ...] = (0,)) -> str:
        """The ruled grid (``rows`` rows of ``row_height`` pixels) as a ``data:`` URL for a
        CSS background, one path: a grid at each of ``tops`` and ``left`` (pixels from the
        image's top left corner; a page of forms is one image, drawn once per page)."""
        height = rows * row_height
        d = []
        for top in tops:
            d += [f"M{_n(left + x)} {_n(top)}v{height}" for x in self.rules]
            d += [f"M{_n(left)} {_n(top + y * row_height)}h{self.width}"
                  for y in range(rows + 1)]
        width, size = left + self.width + stroke, tops[-1] + height + stroke
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" '
               f'height="{_n(size)}" viewBox="0 0 {_n(width)} {_n(size)}"><path fill="none" '
               f'stroke="#000" stroke-width="{stroke}" d="{"".join(d)}"/></svg>')
        return "data:image/svg+xml," + quote(svg)


def _n(value: float) -> str:
    """A coordinate of an SVG path: three decimals at most, no trailing zeros."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def date_line(place: str, day: date) -> str:
    """The date line of an administrative document (Nghị định 30/2020/NĐ-CP): "Hà Nội, ngày
    20 tháng 11 năm 2026" — the same words as the printed decision."""
    return f"{place}, ngày {day.day} tháng {day.month} năm {day.year}"
