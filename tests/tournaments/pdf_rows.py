"""Reading the standings PDF back: each row printed as ``rank number name … points
tie-breaks`` (documents/standings.html), points with the decimal comma the law uses."""

from __future__ import annotations

import re

from tournaments.models import Entry

_PAGE_NUMBER = re.compile(r"\s*\d+/\d+$")  # the page counter at the foot of each page
_LEGEND = "Hệ số phụ theo thứ tự xét"


def vn(value) -> str:
    """2.0 → "2", 1.5 → "1,5", 2.75 → "2,75" (None → "")."""
    if value is None:
        return ""
    value = float(value)
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".").replace(".", ",")


def assert_standings_rows(text: str | list[str], tournament_id: int, rows: list[dict],
                          tiebreaks: list[str]) -> None:
    """Every row of ``rows`` (the API's standings rows) is a row of the PDF (its text, or
    its pages' texts), in that order, starting with its rank, number and name and ending
    with its points and its tie-break values in the event's order."""
    pages = [_PAGE_NUMBER.sub("", page) for page in ([text] if isinstance(text, str)
                                                     else text)]
    names = dict(Entry.objects.filter(tournament_id=tournament_id).values_list(
        "starting_number", "name"))
    found: list[tuple[int, int]] = []  # (page, position) of each row's start, in order
    page, position = 0, 0
    for row in rows:
        head = f"{row['rank']} {row['starting_number']} {names[row['starting_number']]} "
        while page < len(pages) and pages[page].find(head, position) < 0:
            page, position = page + 1, 0
        assert page < len(pages), (head, pages)
        position = pages[page].index(head, position)
        found.append((page, position))
        position += len(head)
    for index, (row, (page, start)) in enumerate(zip(rows, found, strict=True)):
        following = found[index + 1] if index + 1 < len(found) else None
        if following is not None and following[0] == page:
            end = following[1]
        else:
            legend = pages[page].find(_LEGEND, start)
            end = legend if legend > 0 else len(pages[page])
        tail = " ".join(v for v in [vn(row["points"])] + [
            vn(row["tiebreaks"].get(code)) for code in tiebreaks] if v)
        segment = pages[page][start:end].rstrip()
        assert segment.endswith(" " + tail), (segment, tail)
