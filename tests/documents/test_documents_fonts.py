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
