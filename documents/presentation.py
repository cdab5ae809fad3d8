"""How numbers are printed on the federation's documents (shared by every app's kinds)."""

from __future__ import annotations


def vn_number(value) -> str:
    """Points as the law writes them: 1,5 (decimal comma), 0,5, 2."""
    if value is None or value == "":
        return ""
    value = float(value)
    if value == int(value):
        return str(int(value))
    return f"{value:g}".replace(".", ",")
