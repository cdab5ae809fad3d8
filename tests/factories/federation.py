"""Federation factories (used by every app's tests; re-exported by ``tests.factories``).

Plain functions with sensible defaults; every keyword overrides a field. They
write the models directly (fast, no permission checks) except where noted, so
use the API in tests that check the services themselves.

    person = make_person(full_name="Nguyễn Văn An")
    member = make_member(person)                      # active, in a new club
    ok, reason = can_enter_tournaments(member.person, date(2026, 5, 1))
"""

from __future__ import annotations

import itertools
from datetime import date, timedelta

from django.contrib.auth import get_user_model

from federation.models import (
    Attendance,
    Body,
    Club,
    ClubMembership,
    DuesPayment,
    Member,
    MemberEvent,
    Officer,
    Person,
    Province,
    Suspension,
)

_seq = itertools.count(1)

#: Default joining date of factory members: far enough in the past for any tournament date.
DEFAULT_JOINED_ON = date(2020, 1, 1)


def _n() -> int:
    return next(_seq)


def province(code: str = "01") -> Province:
    """A migrated province by code ('01' Hà Nội, '79' TP Hồ Chí Minh, ...)."""
    found = Province.objects.filter(code=code).first()
    if found is None:  # a transactional test flushed the migrated data
        from federation.services import ensure_provinces

        ensure_provinces()
        found = Province.objects.get(code=code)
    return found


def make_user(username: str | None = None, *, password: str | None = None, **kw):
    """A user; without ``password`` it has none usable (fast; use force_login/force_authenticate)."""
    username = username or f"user{_n()}"
    return get_user_model().objects.create_user(username, password=password, **kw)


def make_staff(username: str | None = None, **kw):
    kw.setdefault("is_staff", True)
    kw.setdefault("is_superuser", True)
    return make_user(username or f"staff{_n()}", **kw)


def national_body() -> Body:
    province()  # reloads the shipped data after a flush
    body, _created = Body.objects.get_or_create(
        level=Body.Level.NATIONAL, name="Liên đoàn Cờ Việt Nam")
    return body


def make_body(*, level: str = Body.Level.PROVINCIAL, province_code: str = "01",
              parent: Body | None = None, **kw) -> Body:
    """A provincial body (under the national one) or, with level='district', a district body
    (under ``parent`` or a new provincial body of the same province)."""
    if level == Body.Level.DISTRICT and parent is None:
        parent = make_body(province_code=province_code)
    if level == Body.Level.PROVINCIAL and parent is None:
        parent = national_body()
    kw.setdefault("name", f"Liên đoàn Cờ {level} {_n()}")
    return Body.objects.create(level=level, province=province(province_code), parent=parent, **kw)


def make_club(body: Body | None = None, **kw) -> Club:
    body = body or make_body(province_code=kw.pop("province_code", "01"))
    kw.setdefault("name", f"Câu lạc bộ Cờ số {_n()}")
    kw.setdefault("province", body.province or province())
    kw.setdefault("kind", Club.Kind.RESIDENTIAL)
    return Club.objects.create(body=body, **kw)


def make_person(**kw) -> Person:
    n = _n()
    kw.setdefault("full_name", f"Nguyễn Văn Thử {n}")
    kw.setdefault("gender", "M")
    kw.setdefault("date_of_birth", date(1990, 1, 1))
    if "province" not in kw:
        kw["province"] = province(kw.pop("province_code", "01"))
    return Person.objects.create(**kw)


def make_member(person: Person | None = None, club: Club | None = None, *,
                joined_on: date = DEFAULT_JOINED_ON, status: str = Member.Status.ACTIVE,
                card_number: str | None = None, **kw) -> Member:
    """An active member (card, club membership and a 'joined' event), written directly."""
    person = person or make_person()
    club = club or make_club()
    card_number = card_number or f"{club.province.code}-{joined_on.year}-T{_n():04d}"
    member = Member.objects.create(person=person, card_number=card_number,
                                   joined_on=joined_on, status=status, **kw)
    ClubMembership.objects.create(member=member, club=club, started_on=joined_on,
                                  ended_on=member.ended_on)
    MemberEvent.objects.create(member=member, kind=MemberEvent.Kind.JOINED, date=joined_on)
    return member


def make_club_manager(club: Club, username: str | None = None):
    """A user managing ``club`` (submits applications, records dues and attendance)."""
    user = make_user(username)
    club.managers.add(user)
    return user


def make_officer(body: Body, username: str | None = None):
    """A user who is an officer of ``body`` (its clubs and members, and the bodies below)."""
    user = make_user(username)
    Officer.objects.create(user=user, body=body)
    return user


def make_suspension(person: Person, starts_on: date | None = None, *, years: int = 1,
                    **kw) -> Suspension:
    """A suspension of ``years`` years (Điều 15.6), ``ends_on`` inclusive."""
    starts_on = starts_on or date.today()
    if "ends_on" not in kw:
        try:
            anniversary = starts_on.replace(year=starts_on.year + years)
        except ValueError:  # 29 February
            anniversary = starts_on.replace(year=starts_on.year + years, day=28)
        kw["ends_on"] = anniversary - timedelta(days=1)
    kw.setdefault("decision_reference", f"QĐ-{_n()}/LĐCVN")
    kw.setdefault("reason", "Vi phạm đạo đức thi đấu")
    return Suspension.objects.create(person=person, starts_on=starts_on, **kw)


def make_dues(member: Member, period_start: date, period_end: date, **kw) -> DuesPayment:
    club = kw.pop("club", None) or member.club_memberships.order_by("-started_on").first().club
    kw.setdefault("amount", 60000)
    kw.setdefault("receipt_number", f"BL-{_n()}")
    kw.setdefault("paid_on", period_start)
    return DuesPayment.objects.create(member=member, club=club, period_start=period_start,
                                      period_end=period_end, **kw)


def make_attendance(member: Member, day: date, **kw) -> Attendance:
    if "club" not in kw:
        kw["club"] = member.club_memberships.order_by("-started_on").first().club
    return Attendance.objects.create(member=member, date=day, **kw)


def make_signatory(full_name: str = "Nguyễn Văn Ký", position: str = "PHÓ CHỦ TỊCH",
                   authority: str = "KT. CHỦ TỊCH", *, body=None, is_default: bool = True,
                   **kw):
    """A signatory of decisions (issue 13), by default the national federation's default."""
    from documents.models import Signatory

    return Signatory.objects.create(body=body or national_body(), full_name=full_name,
                                    position=position, authority=authority,
                                    is_default=is_default, **kw)


def make_disciplinary_decision(**kw):
    """An issued disciplinary decision (Điều 16.2), numbered from the register."""
    from documents.services import issue_decision

    kw.setdefault("subject", "kỷ luật vận động viên")
    kw.setdefault("grounds", ["Căn cứ Luật Cờ Tướng, Điều 15.6"])
    kw.setdefault("articles", ["Đình chỉ thi đấu"])
    kw.setdefault("signer_name", "Nguyễn Văn Ký")
    kw.setdefault("signer_position", "CHỦ TỊCH")
    return issue_decision(kind="disciplinary", **kw)
