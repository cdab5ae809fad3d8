"""CSV exports of rating lists."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable


def list_csv(rows: Iterable[dict]) -> str:
    """A whole list as CSV (public columns only: never date of birth or contact)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "person_id", "name", "gender", "province", "club", "title",
                     "rating", "games", "change", "k"])
    for row in rows:
        writer.writerow([row["rank"] or "", row["person_id"], row["name"], row["gender"],
                         row["province"] or "", row["club"] or "", row["title"] or "",
                         row["rating"] if row["rating"] is not None else "",
                         row["games"], "" if row["change"] is None else row["change"],
                         row["k"] or ""])
    return out.getvalue()
