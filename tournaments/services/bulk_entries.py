"""Bulk registration of entries (issue 18): a list, or the CSV a club or arbiter already has.

All or nothing: every row goes through ``register_entry`` (eligibility Điều 8-9, one entry per
member, arbiters not playing Điều 20, the deadline and late-entry rule, permissions), each in a
savepoint; if any row is refused, none is registered and every refused row is named
(``rows[N].field``: "Dòng N: …"). Row N is the item's position in a list (from 1), or the
line of the CSV file (the header is line 1).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from core.text import fold
from federation.models import Member, Person
from federation.services import resolve_member
from tournaments.models import Entry, Tournament
from tournaments.services._common import _require_manager
from tournaments.services.entries import (
    is_late,
    register_entry,
    register_guest_entry,
    register_late_entry,
)

#: CSV column headers understood (folded: no diacritics, lower case) -> row key.
CSV_COLUMNS = {
    "member": "member", "member_id": "member", "card_number": "member", "so the": "member",
    "so the hoi vien": "member", "ma hoi vien": "member", "the": "member",
    "rating": "rating", "he so": "rating", "elo": "rating",
    "title": "title", "danh hieu": "title",
    # guests and foreign players (Điều 17.2): a row without a member
    "name": "name", "ho va ten": "name", "ho ten": "name", "person": "person",
    "gender": "gender", "gioi tinh": "gender", "birth_year": "birth_year",
    "nam sinh": "birth_year", "federation": "federation_code", "federation_code":
    "federation_code", "fed": "federation_code", "lien doan": "federation_code",
    "fide_id": "fide_id", "ma fide": "fide_id",
}


def _too_many_rows(count: int) -> ServiceError:
    limit = settings.BULK_MAX_ROWS
    return ServiceError(_("Quá nhiều dòng: tối đa %(limit)d dòng mỗi lần (nhận %(count)d).")
                        % {"limit": limit, "count": count}, field="entries",
                        code="too_many_rows")


def rows_from_csv(text: str) -> list[tuple[int, dict]]:
    """(line number, row) pairs of a CSV with a header naming its columns (English or
    Vietnamese: "Số thẻ", "Hệ số", "Danh hiệu"); comma or semicolon separated."""
    text = text.lstrip("\ufeff")
    first = text.splitlines()[0] if text.strip() else ""
    reader = csv.reader(io.StringIO(text), delimiter=";" if first.count(";") > first.count(",")
                        else ",")
    header = next(reader, None) or []
    keys = [CSV_COLUMNS.get(fold(name)) for name in header]
    if "member" not in keys and "name" not in keys:
        raise ServiceError(_("Tệp CSV cần dòng tiêu đề có cột “member” hoặc “Số thẻ” (mã hoặc "
                             "số thẻ hội viên) — hoặc “Họ và tên” cho khách mời (Điều 17.2); "
                             "các cột khác: “rating”/“Hệ số”, “title”/“Danh hiệu”, “Giới "
                             "tính”, “Năm sinh”, “Liên đoàn”, “Mã FIDE”."), field="file",
                           code="invalid_csv")
    rows: list[tuple[int, dict[str, str]]] = []
    for line in reader:
        if not any(cell.strip() for cell in line):
            continue
        if len(rows) >= settings.BULK_MAX_ROWS:
            raise _too_many_rows(len(rows) + 1 + sum(1 for _line in reader))
        cells = zip(keys, line, strict=False)  # short lines leave columns empty
        rows.append((reader.line_num, {key: cell.strip() for key, cell in cells if key}))
    return rows


#: A card number ("01-2026-00033") or a member's id: one token with a digit; a name has none.
_CARD_OR_ID = re.compile(r"[^\s]*\d[^\s]*")


def rows_from_lines(text: str) -> list[tuple[int, dict]]:
    """(line number, row) pairs of a pasted list, one player a line: a card number (or a
    member's id) or a member's full name (with or without diacritics), optionally followed by
    ";" (or a tab) and the rating. Blank lines are skipped but keep the numbering of the text."""
    rows: list[tuple[int, dict[str, str]]] = []
    for number, line in enumerate((text or "").splitlines(), start=1):
        parts = re.split(r"[;\t]", line, maxsplit=1)
        reference = " ".join(parts[0].split())
        rating = parts[1] if len(parts) > 1 else ""
        if not reference:
            continue
        if len(rows) >= settings.BULK_MAX_ROWS:
            raise _too_many_rows(len(rows) + 1)
        key = "member" if _CARD_OR_ID.fullmatch(reference) else "member_name"
        rows.append((number, {key: reference[:200], "rating": rating.strip()}))
    return rows


def member_by_name(name: str) -> Member:
    """The one active member with this full name (compared without diacritics or case);
    refused, naming the cards, when several members have it (Vietnamese: "ghi số thẻ")."""
    folded = fold(name)
    found = list(Member.objects.filter(person__name_folded=folded, status=Member.Status.ACTIVE)
                 .select_related("person").order_by("card_number")[:6])
    if not found:
        raise ServiceError(_("Không có hội viên đang sinh hoạt tên “%(name)s”; hãy ghi số thẻ.")
                           % {"name": name}, field="member", code="unknown_member")
    if len(found) > 1:
        cards = ", ".join(m.card_number for m in found[:5])
        raise ServiceError(_("Có nhiều hội viên tên “%(name)s” (%(cards)s): hãy ghi số thẻ.")
                           % {"name": name, "cards": cards}, field="member",
                           code="ambiguous_member")
    return found[0]


def _row_values(row: dict) -> tuple[int, str]:
    raw = row.get("rating")
    try:
        rating = int(raw) if raw not in (None, "") else 0
    except (TypeError, ValueError):
        raise ServiceError(_("Hệ số “%(v)s” không phải là số.") % {"v": raw},
                           field="rating") from None
    if not 0 <= rating <= 3500:
        raise ServiceError(_("Hệ số phải từ 0 đến 3500."), field="rating")
    title = str(row.get("title") or "").strip()
    if len(title) > 4:
        raise ServiceError(_("Danh hiệu tối đa 4 ký tự (ví dụ GM, IM, FM)."), field="title")
    return rating, title


def _check_batch(tournament: Tournament, count: int, late_reason: str) -> None:
    """What is true of every row at once: said once, not on each row."""
    if count == 0:
        raise ServiceError(_("Danh sách đăng ký trống."), field="entries", code="empty")
    if count > settings.BULK_MAX_ROWS:
        raise _too_many_rows(count)
    late = is_late(tournament)
    if late and not late_reason:
        raise ServiceError(_("Đã quá hạn đăng ký: chỉ nhận đăng ký muộn, có ghi lý do "
                             "(late_reason) cho cả danh sách."), field="late_reason",
                           code="late_entry")
    if late_reason and not late:
        raise ServiceError(_("Chưa quá hạn đăng ký; hãy đăng ký bình thường."),
                           field="late_reason", code="not_late")


def _register_row(tournament: Tournament, row: dict, *, user, late_reason: str) -> Entry:
    rating, title = _row_values(row)
    if not str(row.get("member") or "").strip() and (row.get("name") or row.get("person")):
        return _register_guest_row(tournament, row, user=user, late_reason=late_reason,
                                   rating=rating, title=title)
    if row.get("member_name") and not str(row.get("member") or "").strip():
        member = member_by_name(row["member_name"])
    else:
        member = resolve_member(row.get("member"), "member")
    if late_reason:
        return register_late_entry(tournament, member, user=user, reason=late_reason,
                                   rating=rating, title=title)
    return register_entry(tournament, member, user=user, rating=rating, title=title)


def _register_guest_row(tournament: Tournament, row: dict, *, user, late_reason: str,
                        rating: int, title: str) -> Entry:
    """A row without a member: a guest or foreign player (Điều 17.2), through
    ``register_guest_entry`` (refused unless the tournament's ``entrants`` allows it)."""
    person = None
    if row.get("person"):
        try:
            person = Person.objects.get(pk=int(row["person"]))
        except (TypeError, ValueError, Person.DoesNotExist):
            raise ServiceError(_("Không có người mã “%(v)s” trong danh bạ.")
                               % {"v": row["person"]}, field="person") from None
    raw_year = str(row.get("birth_year") or "").strip()
    if raw_year and not (raw_year.isdigit() and 1900 <= int(raw_year) <= 2100):
        raise ServiceError(_("Năm sinh “%(v)s” không hợp lệ (1900-2100).") % {"v": raw_year},
                           field="birth_year")
    gender = str(row.get("gender") or "").strip().upper()[:1]
    gender = {"N": "M"}.get(gender, gender)  # "Nam"
    if str(row.get("gender") or "").strip().lower() in ("nữ", "nu", "f", "female"):
        gender = "F"
    return register_guest_entry(
        tournament, user=user, name=str(row.get("name") or "")[:200], gender=gender,
        federation_code=str(row.get("federation_code") or "VIE"),
        birth_year=int(raw_year) if raw_year else None, fide_id=str(row.get("fide_id") or ""),
        person=person, rating=rating, title=title, late_reason=late_reason)


def register_entries(tournament: Tournament, rows: Iterable[tuple[int, dict]], *, user,
                     late_reason: str = "") -> list[Entry]:
    """Register every row or none (module docstring); the rows are (number, values) pairs
    with ``member`` (id or card number), optional ``rating`` and ``title``."""
    _require_manager(user, tournament)
    rows = list(rows)
    late_reason = (late_reason or "").strip()
    _check_batch(tournament, len(rows), late_reason)
    errors: dict[str, list[str]] = {}
    entries = []
    with transaction.atomic():
        for number, row in rows:
            try:
                with transaction.atomic():
                    entries.append(_register_row(tournament, row, user=user,
                                                 late_reason=late_reason))
            except NotAllowedError:
                raise
            except ServiceError as exc:
                for field, messages in (exc.fields or {"member": [exc.message]}).items():
                    errors.setdefault(f"rows[{number}].{field}", []).extend(
                        _("Dòng %(n)d: %(m)s") % {"n": number, "m": m} for m in messages)
        if errors:
            raise ServiceError(
                _("%(bad)d/%(total)d dòng bị từ chối; chưa đăng ký đấu thủ nào (sửa các dòng "
                  "này rồi gửi lại cả danh sách).") % {"bad": len({k.split(".")[0]
                                                                  for k in errors}),
                                                       "total": len(rows)},
                fields=errors, code="invalid_rows")
    return entries
