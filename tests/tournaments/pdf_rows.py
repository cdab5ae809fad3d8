"""Reading the standings PDF back: each row printed as ``rank number name … points
tie-breaks`` (documents/standings.html), points with the decimal comma the law uses."""

from __future__ import annotations

from tournaments.models import Entry


def vn(value) -> str:
    """2.0 → "2", 1.5 → "1,5", 2.75 → "2,75" (None → "")."""
    if value is None:
        return ""
    value = float(value)
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".").replace(".", ",")


def assert_standings_rows(text: str, tournament_id: int, rows: list[dict],
                          tiebreaks: list[str]) -> None:
    """Every row of ``rows`` (the API's standings rows) is a row of the PDF ``text``, in
    that order, starting with its rank, number and name and ending with its points and its
    tie-break values in the event's order."""
    names = dict(Entry.objects.filter(tournament_id=tournament_id).values_list(
        "starting_number", "name"))
    starts = []
    for row in rows:
        head = f"{row['rank']} {row['starting_number']} {names[row['starting_number']]} "
        assert head in text, (head, text)
        starts.append(text.index(head, starts[-1] if starts else 0))
    assert starts == sorted(starts), text
    legend = text.find("Hệ số phụ theo thứ tự xét", starts[-1])
    ends = starts[1:] + [legend if legend > 0 else len(text)]
    for row, start, end in zip(rows, starts, ends, strict=True):
        tail = " ".join(v for v in [vn(row["points"])] + [
            vn(row["tiebreaks"].get(code)) for code in tiebreaks] if v)
        assert text[start:end].rstrip().endswith(" " + tail), (text[start:end], tail)
