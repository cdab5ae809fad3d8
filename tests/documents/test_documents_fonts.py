"""The shipped fonts cover every Vietnamese letter and the symbols the documents print
(issue 9: no character may fall back to a missing glyph)."""

from __future__ import annotations

import unicodedata

import pytest
from fontTools.ttLib import TTFont

from documents.render import FONT_DIR

VOWELS = "aăâeêioôơuưy"
TONES = ["", "\u0300", "\u0301", "\u0303", "\u0309", "\u0323"]  # huyền sắc ngã hỏi nặng
SYMBOLS = "½×↓↑–—…·№§"


def vietnamese_letters() -> set[str]:
    letters = {unicodedata.normalize("NFC", v + t) for v in VOWELS for t in TONES}
    letters |= {"đ"}
    return letters | {c.upper() for c in letters}


@pytest.mark.parametrize("name", ["DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf",
                                  "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf"])
def test_each_face_has_every_vietnamese_letter_and_symbol(name):
    cmap = TTFont(FONT_DIR / name).getBestCmap()
    letters = vietnamese_letters()
    assert len(letters) == 2 * (12 * 6 + 1)  # 134 precomposed letters
    missing = sorted(c for c in letters | set(SYMBOLS) | set(TONES[1:]) if ord(c) not in cmap)
    assert not missing, missing


def test_the_regular_face_draws_a_run_of_em_spaces_as_few_glyphs_of_its_width():
    """Issue 15: the ruled forms place their values with em spaces; the regular face draws
    8, 4 and 2 of them in a row as one glyph (documents/fonts/reduce_fonts.py), exactly as
    wide, and the PDF's text keeps every space."""
    import io

    import pdfplumber

    from documents.render import FONT_FAMILY, font_face_css, html_to_pdf

    em = "\u2003"
    html = (f'<style>{font_face_css()} body {{ font-family: "{FONT_FAMILY}"; '
            f"font-size: 12px; white-space: pre; }}</style>a{em * 13}b")
    content, _pages = html_to_pdf(html)
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        chars = pdf.pages[0].chars
    assert [c["text"] for c in chars] == ["a", em * 8, em * 4, em, "b"]
    assert abs(chars[-1]["x0"] - chars[0]["x1"] - 13 * 9) < 0.01  # 13 em of 12 px = 117 pt
