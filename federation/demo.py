"""Demo data of the federation registry, loaded by ``manage.py load_demo``.

Extensible: ``load_demo`` runs, in INSTALLED_APPS order, the ``LOADERS`` list of every
app's ``demo`` module (``tournaments/demo.py`` may define ``LOADERS = [load_tournaments]``).
A loader is ``loader(ctx: DemoContext) -> str``: it reads what earlier loaders left in
``ctx.data`` (here: "bodies", "clubs", "members", "users") and returns a summary line.

Names come from a seeded random generator (same seed, same people); dates are relative
to the day of loading; persons, clubs, members and club memberships get their
"created" history records so that the demo members are in good standing (Điều 15.5) then.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from core.text import fold
from documents.models import Signatory
from documents.services import issue_decision, render_document
from federation import demo_consents
from federation.models import (
    Attendance,
    BoardPosition,
    Body,
    CardSequence,
    Club,
    ClubBoardMember,
    ClubMeeting,
    ClubMembership,
    DuesPayment,
    Member,
    MemberEvent,
    MembershipApplication,
    Officer,
    Person,
    PlayGroup,
    Province,
    Resignation,
)
from federation.selectors import add_months
from federation.services import card_number_for, ensure_provinces, suspend_person

SEED = 20260101
DEMO_PASSWORD = "demo-password-2026"
MEMBERS_PER_CLUB = 25
DUES_AMOUNT = 60000  # đồng per 6 months


@dataclass
class DemoContext:
    rng: random.Random
    today: date
    data: dict = field(default_factory=dict)


# --- names ------------------------------------------------------------------------------

SURNAMES = [("Nguyễn", 38), ("Trần", 11), ("Lê", 9), ("Phạm", 7), ("Hoàng", 4), ("Huỳnh", 3),
            ("Phan", 4), ("Vũ", 4), ("Võ", 3), ("Đặng", 2), ("Bùi", 2), ("Đỗ", 2), ("Hồ", 2),
            ("Ngô", 2), ("Dương", 1), ("Lý", 1), ("Đinh", 1), ("Trịnh", 1), ("Đào", 1)]
MIDDLE = {"M": ["Văn", "Đức", "Minh", "Quang", "Hữu", "Thanh", "Công", "Xuân", "Ngọc", "Tuấn",
                "Gia", "Trọng"],
          "F": ["Thị", "Ngọc", "Thu", "Thanh", "Minh", "Hồng", "Phương", "Kim", "Bảo", "Khánh"]}
GIVEN = {"M": ["An", "Bình", "Cường", "Dũng", "Đức", "Hải", "Hùng", "Huy", "Khang", "Khoa",
               "Long", "Lâm", "Mạnh", "Nam", "Nghĩa", "Phong", "Phúc", "Quân", "Sơn", "Tài",
               "Thắng", "Thành", "Tiến", "Trung", "Tùng", "Việt", "Vinh", "Hiếu", "Kiên",
               "Duy", "Toàn", "Hoàng"],
         "F": ["Anh", "Chi", "Dung", "Giang", "Hà", "Hạnh", "Hằng", "Hoa", "Hương", "Lan",
               "Linh", "Mai", "My", "Ngân", "Nhung", "Oanh", "Phương", "Quỳnh", "Thảo", "Trang",
               "Tuyết", "Vân", "Yến", "Hiền"]}


def vietnamese_name(rng: random.Random, gender: str) -> str:
    surname = rng.choices([s for s, _w in SURNAMES], weights=[w for _s, w in SURNAMES])[0]
    return f"{surname} {rng.choice(MIDDLE[gender])} {rng.choice(GIVEN[gender])}"


# --- bodies and clubs ------------------------------------------------------------------------

BODIES = [  # (name, level, province code, parent name)
    ("Liên đoàn Cờ Hà Nội", Body.Level.PROVINCIAL, "01", None),
    ("Liên đoàn Cờ quận Ba Đình", Body.Level.DISTRICT, "01", "Liên đoàn Cờ Hà Nội"),
    ("Liên đoàn Cờ quận Đống Đa", Body.Level.DISTRICT, "01", "Liên đoàn Cờ Hà Nội"),
    ("Liên đoàn Cờ TP Hồ Chí Minh", Body.Level.PROVINCIAL, "79", None),
    ("Liên đoàn Cờ Quận 5", Body.Level.DISTRICT, "79", "Liên đoàn Cờ TP Hồ Chí Minh"),
    ("Liên đoàn Cờ Đà Nẵng", Body.Level.PROVINCIAL, "48", None),
    ("Liên đoàn Cờ Hải Phòng", Body.Level.PROVINCIAL, "31", None),
]

CLUBS = [  # (name, body name, kind, xiangqi, chess)
    ("CLB Cờ tướng Ba Đình", "Liên đoàn Cờ quận Ba Đình", "residential", True, False),
    ("CLB Cờ phường Kim Mã", "Liên đoàn Cờ quận Ba Đình", "residential", True, True),
    ("CLB Cờ trường THCS Giảng Võ", "Liên đoàn Cờ quận Ba Đình", "school", False, True),
    ("CLB Cờ Văn Miếu", "Liên đoàn Cờ quận Đống Đa", "culture_house", True, True),
    ("CLB Cờ Đại học Bách khoa", "Liên đoàn Cờ quận Đống Đa", "school", True, True),
    ("CLB Cờ Cung Văn hóa Hữu nghị", "Liên đoàn Cờ Hà Nội", "culture_house", True, True),
    ("CLB Cờ Công ty Điện lực Hà Nội", "Liên đoàn Cờ Hà Nội", "workplace", True, False),
    ("CLB Cờ Bộ Tư lệnh Thủ đô", "Liên đoàn Cờ Hà Nội", "army", True, True),
    ("CLB Cờ Nhà văn hóa Thanh niên", "Liên đoàn Cờ TP Hồ Chí Minh", "culture_house", True, True),
    ("CLB Cờ tướng Chợ Lớn", "Liên đoàn Cờ Quận 5", "residential", True, False),
    ("CLB Cờ phường 11 Quận 5", "Liên đoàn Cờ Quận 5", "residential", True, False),
    ("CLB Cờ vua Trường Lê Hồng Phong", "Liên đoàn Cờ TP Hồ Chí Minh", "school", False, True),
    ("CLB Cờ Cảng Sài Gòn", "Liên đoàn Cờ TP Hồ Chí Minh", "workplace", True, True),
    ("CLB Cờ Thủ Đức", "Liên đoàn Cờ TP Hồ Chí Minh", "residential", True, True),
    ("CLB Cờ Sơn Trà", "Liên đoàn Cờ Đà Nẵng", "residential", True, False),
    ("CLB Cờ Cung Thể thao Tiên Sơn", "Liên đoàn Cờ Đà Nẵng", "culture_house", True, True),
    ("CLB Cờ Đại học Đà Nẵng", "Liên đoàn Cờ Đà Nẵng", "school", False, True),
    ("CLB Cờ Lê Chân", "Liên đoàn Cờ Hải Phòng", "residential", True, False),
    ("CLB Cờ Nhà máy Đóng tàu Bạch Đằng", "Liên đoàn Cờ Hải Phòng", "workplace", True, True),
    ("CLB Cờ Hải quân Vùng 1", "Liên đoàn Cờ Hải Phòng", "army", True, False),
]


def load_bodies(ctx: DemoContext) -> str:
    ensure_provinces()
    provinces = {p.code: p for p in Province.objects.all()}
    national = Body.objects.get(level=Body.Level.NATIONAL)
    bodies = {national.name: national}
    for name, level, code, parent in BODIES:
        bodies[name] = Body.objects.create(name=name, level=level, province=provinces[code],
                                           parent=bodies[parent] if parent else national)
    ctx.data["bodies"] = bodies
    ctx.data["provinces"] = provinces
    return f"{len(BODIES)} bodies (provincial and district)"


def load_clubs(ctx: DemoContext) -> str:
    bodies = ctx.data["bodies"]
    clubs = []
    for name, body_name, kind, xiangqi, chess in CLUBS:
        body = bodies[body_name]
        clubs.append(Club(name=name, name_folded=fold(name), body=body, province=body.province,
                          kind=kind, plays_xiangqi=xiangqi, plays_chess=chess,
                          founded_on=ctx.today - timedelta(days=ctx.rng.randint(4 * 365, 30 * 365)),
                          address=f"Số {ctx.rng.randint(1, 200)} đường {ctx.rng.choice(GIVEN['M'])}"))
    clubs = bulk_create_with_history(clubs, Club)
    PlayGroup.objects.bulk_create(
        PlayGroup(club=club, kind=PlayGroup.Kind.POINT, name=f"Điểm chơi cờ {club.name[7:]}")
        for club in clubs[::3])
    ctx.data["clubs"] = clubs
    return f"{len(clubs)} clubs"


# --- members -------------------------------------------------------------------------------

def _person(ctx: DemoContext, province: Province, n: int) -> Person:
    gender = "M" if ctx.rng.random() < 0.8 else "F"
    name = vietnamese_name(ctx.rng, gender)
    born = date(ctx.rng.randint(1950, 2012), ctx.rng.randint(1, 12), ctx.rng.randint(1, 28))
    return Person(full_name=name, name_folded=fold(name), gender=gender, date_of_birth=born,
                  province=province, citizen_id=f"{province.code:0>3}{born.year % 100:02d}{n:07d}",
                  phone=f"09{ctx.rng.randint(10000000, 99999999)}",
                  address=f"Số {ctx.rng.randint(1, 300)}, {province.name}")


def _fate(rng: random.Random) -> str:
    roll = rng.random()
    return "lapsed" if roll < 0.06 else "resigned" if roll < 0.10 else "active"


def load_members(ctx: DemoContext) -> str:
    """~500 members in 20 clubs, with cards, dues, attendance; some lapsed or resigned."""
    rng, today = ctx.rng, ctx.today
    persons: list[Person] = []
    plans: list[tuple[Club, date, str]] = []
    for club in ctx.data["clubs"]:
        for _i in range(MEMBERS_PER_CLUB + rng.randint(-3, 3)):
            persons.append(_person(ctx, club.province, len(persons) + 1))
            joined = today - timedelta(days=rng.randint(60, 4 * 365))
            plans.append((club, joined, _fate(rng)))
    persons = bulk_create_with_history(persons, Person)

    # card numbers in joining order, per (province, year), as approvals would have issued them
    order = sorted(range(len(plans)), key=lambda i: (plans[i][1], i))
    sequences: dict[tuple[str, int], int] = {}
    cards = [""] * len(plans)
    for i in order:
        club, joined, _fate_ = plans[i]
        key = (club.province.code, joined.year)
        sequences[key] = sequences.get(key, 0) + 1
        cards[i] = card_number_for(key[0], key[1], sequences[key])
    CardSequence.objects.bulk_create(CardSequence(province_code=code, year=year, last=last)
                                     for (code, year), last in sequences.items())

    members = []
    for person, (_club, joined, fate), card in zip(persons, plans, cards, strict=True):
        ended = None
        if fate != "active":
            ended = min(today - timedelta(days=1),
                        joined + timedelta(days=rng.randint(200, 600)))
            ended = max(ended, joined + timedelta(days=1))
        members.append(Member(
            person=person, card_number=card, joined_on=joined,
            status=fate, ended_on=ended,
            end_rule={"active": "", "resigned": Member.EndRule.RESIGNATION}.get(
                fate, rng.choice([Member.EndRule.NO_DUES, Member.EndRule.NO_ACTIVITY]))))
    members = bulk_create_with_history(members, Member)
    bulk_create_with_history(
        [ClubMembership(member=m, club=club, started_on=m.joined_on, ended_on=m.ended_on)
         for m, (club, _j, _f) in zip(members, plans, strict=True)], ClubMembership)

    events: list[MemberEvent] = []
    dues: list[DuesPayment] = []
    attendance: list[Attendance] = []
    resignations: list[Resignation] = []
    for m, (club, _joined, _unused) in zip(members, plans, strict=True):
        events.append(MemberEvent(member=m, kind=MemberEvent.Kind.JOINED, date=m.joined_on,
                                  rule="8.3"))
        last_day = m.ended_on or today
        _dues_and_attendance(ctx, m, club, last_day, dues, attendance)
        if m.status == Member.Status.LAPSED:
            events.append(MemberEvent(member=m, kind=MemberEvent.Kind.LAPSED, date=m.ended_on,
                                      rule=m.end_rule))
        elif m.status == Member.Status.RESIGNED:
            events.append(MemberEvent(member=m, kind=MemberEvent.Kind.RESIGNED, date=m.ended_on,
                                      rule="10.4"))
            resignations.append(Resignation(
                member=m, applied_on=m.ended_on - timedelta(days=rng.randint(0, 20)),
                effective_on=m.ended_on, card_returned=rng.random() < 0.8))
            if resignations[-1].card_returned:
                resignations[-1].card_returned_on = m.ended_on
    MemberEvent.objects.bulk_create(events)
    DuesPayment.objects.bulk_create(dues, batch_size=1000)
    Attendance.objects.bulk_create(attendance, batch_size=1000)
    Resignation.objects.bulk_create(resignations)
    _applications(ctx, members, plans)
    ctx.data["members"] = members
    counts = {s: sum(1 for m in members if m.status == s) for s in Member.Status.values}
    return (f"{len(members)} members ({counts['active']} active, {counts['lapsed']} lapsed, "
            f"{counts['resigned']} resigned), {len(dues)} dues payments, "
            f"{len(attendance)} attendances")


def _dues_and_attendance(ctx: DemoContext, member: Member, club: Club, last_day: date,
                         dues: list, attendance: list) -> None:
    """Half-year dues from joining and about monthly sessions, up to ``last_day``; an active
    member is left in good standing (some close to their 15.5 deadline)."""
    rng = ctx.rng
    start = member.joined_on
    paid_until = last_day if member.status == Member.Status.ACTIVE else \
        last_day - timedelta(days=200)
    n = 0
    while start <= paid_until:
        end = add_months(start, 6) - timedelta(days=1)
        n += 1
        dues.append(DuesPayment(member=member, club=club, amount=DUES_AMOUNT, period_start=start,
                                period_end=end, paid_on=start,
                                receipt_number=f"{member.card_number}/{n}"))
        start = end + timedelta(days=1)
    # the last session 5-170 days before the end: a few active members near their deadline
    stop = max(member.joined_on, last_day - timedelta(days=rng.randint(5, 170)))
    day = member.joined_on + timedelta(days=rng.randint(3, 20))
    while day < stop:
        attendance.append(Attendance(member=member, club=club, date=day))
        day += timedelta(days=rng.randint(20, 45))
    attendance.append(Attendance(member=member, club=club, date=stop))


def _applications(ctx: DemoContext, members: list[Member], plans: list) -> None:
    """Approved applications for members sponsored by an earlier member of the same club, and a
    few pending ones (persons who are not members yet) to try the approval."""
    first_in_club: dict[int, Member] = {}
    applications = []
    for member, (club, joined, _fate) in sorted(zip(members, plans, strict=True),
                                                key=lambda x: x[1][1]):
        sponsor = first_in_club.setdefault(club.pk, member)
        if sponsor is member:
            continue
        applications.append(MembershipApplication(
            person_id=member.person_id, club=club, sponsor=sponsor, member=member,
            submitted_on=joined - timedelta(days=7), status=MembershipApplication.Status.APPROVED))
    active = [m for m in members if m.status == Member.Status.ACTIVE]
    pending_people = bulk_create_with_history(
        [_person(ctx, plans[0][0].province, 900000 + i) for i in range(6)], Person)
    clubs = ctx.data["clubs"]
    for i, person in enumerate(pending_people):
        club = clubs[i % 3]
        sponsor = next(m for m, (c, _j, _f) in zip(members, plans, strict=True)
                       if c == club and m in active)
        applications.append(MembershipApplication(
            person=person, club=club, sponsor=sponsor, submitted_on=ctx.today - timedelta(days=i)))
    applications = bulk_create_with_history(applications, MembershipApplication)
    demo_consents.add_consents(applications)


def load_boards(ctx: DemoContext) -> str:
    """Standing boards of the bodies (Điều 14) and each club's last general meeting (15.3)."""
    members = [m for m in ctx.data["members"] if m.status == Member.Status.ACTIVE]
    rng, today = ctx.rng, ctx.today
    positions = []
    people = iter(rng.sample(members, len(members)))
    for body in ctx.data["bodies"].values():
        if body.level == Body.Level.NATIONAL:
            continue
        start = today - timedelta(days=rng.randint(30, 300))
        end = add_months(start, 12 * body.term_years)
        for role in (BoardPosition.Role.CHAIR, BoardPosition.Role.GENERAL_SECRETARY,
                     BoardPosition.Role.DEPUTY_SECRETARY):
            positions.append(BoardPosition(body=body, person_id=next(people).person_id,
                                           role=role, term_start=start, term_end=end))
    BoardPosition.objects.bulk_create(positions)
    by_club: dict[int, list[Member]] = {}
    open_memberships = ClubMembership.objects.filter(ended_on__isnull=True,
                                                     member__in=members).values_list("club_id",
                                                                                     "member_id")
    member_by_id = {m.pk: m for m in members}
    for club_id, member_id in open_memberships:
        by_club.setdefault(club_id, []).append(member_by_id[member_id])
    meetings = ClubMeeting.objects.bulk_create(
        ClubMeeting(club=club, held_on=today - timedelta(days=rng.randint(10, 300)),
                    notes="Hội nghị toàn thể thường niên (Điều 15.3)")
        for club in ctx.data["clubs"])
    seats = []
    for meeting in meetings:
        board = rng.sample(by_club[meeting.club_id], 3)
        seats.append(ClubBoardMember(meeting=meeting, person_id=board[0].person_id,
                                     role=ClubBoardMember.Role.HEAD))
        seats.extend(ClubBoardMember(meeting=meeting, person_id=m.person_id,
                                     role=ClubBoardMember.Role.DEPUTY) for m in board[1:])
    ClubBoardMember.objects.bulk_create(seats)
    return f"{len(positions)} board seats, {len(meetings)} club meetings"


#: The demo's users, one per role (username, role shown by ``load_demo``); one password.
DEMO_USERS = [("demo", "cán bộ Liên đoàn (staff, toàn quyền)"),
              ("demo-officer", "cán bộ Liên đoàn Cờ Hà Nội (officer)"),
              ("demo-manager", "quản lý câu lạc bộ (club manager)"),
              ("demo-arbiter", "trọng tài các giải demo (arbiter)"),
              ("demo-member", "hội viên của câu lạc bộ demo-manager, xem hồ sơ của mình (member)")]


def load_users(ctx: DemoContext) -> str:
    """One user per role, all with the password ``demo-password-2026``: ``demo`` (staff,
    superuser), ``demo-officer`` (Hà Nội body), ``demo-manager`` (first club) and
    ``demo-arbiter`` (a person, not a member, whom the tournaments' loader names chief
    arbiter of the demo events, Điều 20)."""
    users = get_user_model().objects
    staff = users.filter(username="demo").first() or users.create_superuser(
        "demo", "demo@example.vn", DEMO_PASSWORD)
    officer = users.filter(username="demo-officer").first() or users.create_user(
        "demo-officer", password=DEMO_PASSWORD, first_name="Cán bộ",
        last_name="Liên đoàn Cờ Hà Nội")
    Officer.objects.get_or_create(user=officer,
                                  body=ctx.data["bodies"]["Liên đoàn Cờ Hà Nội"])
    manager = users.filter(username="demo-manager").first() or users.create_user(
        "demo-manager", password=DEMO_PASSWORD, first_name="Quản lý",
        last_name=ctx.data["clubs"][0].name)
    ctx.data["clubs"][0].managers.add(manager)
    arbiter = users.filter(username="demo-arbiter").first() or users.create_user(
        "demo-arbiter", password=DEMO_PASSWORD, first_name="Trọng tài", last_name="Demo")
    name = vietnamese_name(ctx.rng, "M")
    Person.objects.get_or_create(user=arbiter, defaults={
        "full_name": name, "gender": "M", "province": ctx.data["provinces"]["01"]})
    # A member of the manager's club with a login (Person.user): "Hồ sơ của tôi" (issue 27).
    member_user = users.filter(username="demo-member").first()
    if member_user is None:
        stint = (ClubMembership.objects.filter(club=ctx.data["clubs"][0], ended_on__isnull=True,
                                               member__status=Member.Status.ACTIVE,
                                               member__person__user__isnull=True)
                 .select_related("member__person").order_by("member__card_number").first())
        if stint is not None:
            person = stint.member.person
            member_user = users.create_user("demo-member", password=DEMO_PASSWORD,
                                            first_name=person.full_name)
            person.user = member_user
            person.save(update_fields=["user"])
    ctx.data["users"] = {"staff": staff, "officer": officer, "manager": manager,
                         "arbiter": arbiter, "member": member_user}
    roles = "; ".join(f"{username} = {role}" for username, role in DEMO_USERS)
    return f"users (password {DEMO_PASSWORD}): {roles}"


def load_discipline(ctx: DemoContext) -> str:
    """The federation's signatories (a chairman, the default, and a deputy who signs "KT. CHỦ
    TỊCH"), and a suspension (Điều 15.6): a disciplinary decision signed by the chairman,
    its PDF, and the member's suspension for 2 years citing its number."""
    national = Body.objects.get(level=Body.Level.NATIONAL)
    chairman = Signatory.objects.create(body=national, full_name=vietnamese_name(ctx.rng, "M"),
                                        position="CHỦ TỊCH", is_default=True)
    deputy = Signatory.objects.create(body=national, full_name=vietnamese_name(ctx.rng, "F"),
                                      position="PHÓ CHỦ TỊCH", authority="KT. CHỦ TỊCH")
    ctx.data["signatories"] = {"chairman": chairman, "deputy": deputy}
    member = next(m for m in ctx.data["members"] if m.status == Member.Status.ACTIVE)
    starts_on = ctx.today - timedelta(days=30)
    ends_on = add_months(starts_on, 24) - timedelta(days=1)
    reason = "Vi phạm đạo đức thể thao tại giải đấu, có hành vi xúc phạm trọng tài"
    decision = issue_decision(
        kind="disciplinary", subject=f"kỷ luật hội viên {member.person.full_name}",
        grounds=["Căn cứ Điều lệ Liên đoàn Cờ Việt Nam (Điều 15.6, 16)",
                 "Xét đề nghị của Ban Kỷ luật"],
        articles=[f"Đình chỉ sinh hoạt đối với hội viên {member.person.full_name} (thẻ "
                  f"{member.card_number}) từ ngày {starts_on:%d/%m/%Y} đến hết ngày "
                  f"{ends_on:%d/%m/%Y}. Lý do: {reason}.",
                  "Quyết định có hiệu lực kể từ ngày ký."],
        signatory=chairman, recipients=["Như Điều 1", "Lưu: VT"], issued_on=starts_on,
        user=ctx.data["users"]["staff"])
    render_document({"kind": "decision", "target": str(decision.pk)}, lambda *a, **k: None)
    suspend_person(person=member.person, starts_on=starts_on, ends_on=ends_on,
                   decision=decision, reason=reason,
                   by=ctx.data["users"]["staff"])
    return (f"signatories {chairman} and {deputy}; suspension of {member.person} by decision "
            f"{decision.formatted_number} (PDF rendered)")


LOADERS = [load_bodies, load_clubs, load_members, load_boards, load_users, load_discipline]


def has_data() -> bool:
    return Club.objects.exists() or Member.objects.exists()


def new_context(seed: int = SEED) -> DemoContext:
    return DemoContext(rng=random.Random(seed), today=timezone.localdate())


@transaction.atomic
def run_loaders(ctx: DemoContext, loaders) -> list[str]:
    return [loader(ctx) for loader in loaders]
