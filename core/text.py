"""Vietnamese text helpers: search with or without diacritics."""

import unicodedata

_SPECIAL = str.maketrans({"đ": "d", "Đ": "D"})


def fold(text: str) -> str:
    """Lower-case ASCII form of a Vietnamese name: 'Nguyễn Đức' -> 'nguyen duc'."""
    decomposed = unicodedata.normalize("NFD", (text or "").translate(_SPECIAL))
    stripped = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return " ".join(stripped.lower().split())
