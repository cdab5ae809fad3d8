"""The federation registry: bodies, clubs, persons and membership (Phụ lục 2).

Articles cited are those of the federation charter quoted in Phụ lục 2 of the
Xiangqi Law (shared/seeds/000, ~lines 2950-3042): Điều 8-10 (membership,
duties, rights), Điều 12 and 15 (clubs), Điều 14 (provincial and district
bodies), 15.5 (lapse and resignation), 15.6/16 (suspension, from the law's
Chương IV).

Models hold data and invariants only; writes go through ``federation.services``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from chessrules import values
from core import dates, textfields
from core.text import fold


class Discipline(models.TextChoices):
    """``chessrules.values.Discipline`` as Django choices: its stored strings and its labels
    (translated here, locale/en)."""

    XIANGQI = values.Discipline.XIANGQI.value, _(values.Discipline.XIANGQI.label)
    CHESS = values.Discipline.CHESS.value, _(values.Discipline.CHESS.label)


class Gender(models.TextChoices):
    MALE = "M", _("Nam")
    FEMALE = "F", _("Nữ")


class Province(models.Model):
    """One of the 63 provinces and centrally-run cities (shipped as data)."""

    code = models.CharField(_("mã"), max_length=2, unique=True)
    name = models.CharField(_("tên"), max_length=100, unique=True)
    region = models.CharField(_("vùng"), max_length=40, blank=True)

    class Meta:
        verbose_name = _("tỉnh/thành phố")
        verbose_name_plural = _("tỉnh/thành phố")
        ordering = ["code"]

    def __str__(self) -> str:
        return self.name


class Admission(models.TextChoices):
    """Who admits a member (Phụ lục 2 Điều 15.2), chosen per body."""

    BODY_APPROVES = "body", _("Tổ chức quản lý duyệt đơn")
    CLUB_ADMITS = "club", _("Câu lạc bộ kết nạp, tổ chức quản lý được từ chối trong hạn")


#: the longest refusal window a body may set (days)
MAX_REFUSAL_DAYS = 365


class Body(models.Model):
    """A federation body: the national federation, a provincial or a district one (Điều 14)."""

    class Level(models.TextChoices):
        NATIONAL = "national", _("Trung ương")
        PROVINCIAL = "provincial", _("Cấp tỉnh")
        DISTRICT = "district", _("Cấp huyện")

    # Điều 14: provincial executive boards serve 3 years, district ones 2 years.
    TERM_YEARS = {Level.NATIONAL: 4, Level.PROVINCIAL: 3, Level.DISTRICT: 2}

    name = models.CharField(_("tên"), max_length=200, unique=True)
    level = models.CharField(_("cấp"), max_length=16, choices=Level.choices)
    province = models.ForeignKey(Province, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="bodies", verbose_name=_("tỉnh/thành phố"))
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="children", verbose_name=_("cấp trên"))
    # Phụ lục 2 Điều 15.2 "Câu lạc bộ kết nạp cấp thẻ sinh hoạt hội viên": who admits
    # members of this body's clubs (docs/decisions-federation.md).
    admission = models.CharField(_("kết nạp hội viên"), max_length=8, choices=Admission.choices,
                                 default=Admission.BODY_APPROVES)
    refusal_days = models.PositiveSmallIntegerField(
        _("số ngày được từ chối kết nạp"), default=30,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_REFUSAL_DAYS)],
        help_text=_("Khi câu lạc bộ kết nạp: trong số ngày này tổ chức quản lý được từ chối "
                    "(hủy kết nạp) có nêu lý do."))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("tổ chức liên đoàn")
        verbose_name_plural = _("tổ chức liên đoàn")
        ordering = ["level", "name"]

    def __str__(self) -> str:
        return self.name

    @property
    def term_years(self) -> int:
        return self.TERM_YEARS[self.Level(self.level)]


class BoardPosition(models.Model):
    """A seat on a body's standing board (Điều 14): chair, secretary... with its term."""

    class Role(models.TextChoices):
        CHAIR = "chair", _("Chủ tịch")
        STANDING_VICE_CHAIR = "standing_vice_chair", _("Phó chủ tịch thường trực")
        GENERAL_SECRETARY = "general_secretary", _("Tổng thư ký")
        DEPUTY_SECRETARY = "deputy_secretary", _("Phó tổng thư ký")

    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="board",
                             verbose_name=_("tổ chức"))
    person = models.ForeignKey("Person", on_delete=models.PROTECT, related_name="board_positions",
                               verbose_name=_("người"))
    role = models.CharField(_("chức vụ"), max_length=32, choices=Role.choices)
    term_start = models.DateField(_("bắt đầu nhiệm kỳ"))
    term_end = models.DateField(_("kết thúc nhiệm kỳ"))

    class Meta:
        verbose_name = _("thành viên ban thường trực")
        verbose_name_plural = _("ban thường trực")
        ordering = ["body", "-term_start", "role"]
        constraints = [
            models.CheckConstraint(condition=Q(term_end__gt=models.F("term_start")),
                                   name="board_term_end_after_start"),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()} — {self.person}"


class Officer(models.Model):
    """A user who administers a provincial or district body (its clubs and members)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="officer_of", verbose_name=_("tài khoản"))
    body = models.ForeignKey(Body, on_delete=models.CASCADE, related_name="officers",
                             verbose_name=_("tổ chức"))

    class Meta:
        verbose_name = _("cán bộ tổ chức")
        verbose_name_plural = _("cán bộ tổ chức")
        constraints = [models.UniqueConstraint(fields=["user", "body"], name="unique_officer")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.body}"


class Club(models.Model):
    """A chess club (Câu lạc bộ Cờ), the federation's base unit (Điều 12, 15.1)."""

    class Kind(models.TextChoices):
        RESIDENTIAL = "residential", _("Khu dân cư")
        WORKPLACE = "workplace", _("Cơ quan, xí nghiệp")
        SCHOOL = "school", _("Trường học")
        ARMY = "army", _("Đơn vị bộ đội")
        CULTURE_HOUSE = "culture_house", _("Nhà (cung) văn hóa, thể thao")
        OTHER = "other", _("Khác")

    name = models.CharField(_("tên"), max_length=200)
    name_folded = models.CharField(max_length=200, editable=False, db_index=True)
    body = models.ForeignKey(Body, on_delete=models.PROTECT, related_name="clubs",
                             verbose_name=_("thuộc tổ chức"))
    province = models.ForeignKey(Province, on_delete=models.PROTECT, related_name="clubs",
                                 verbose_name=_("tỉnh/thành phố"))
    kind = models.CharField(_("loại hình"), max_length=20, choices=Kind.choices)
    plays_xiangqi = models.BooleanField(_("cờ tướng"), default=True)
    plays_chess = models.BooleanField(_("cờ vua"), default=False)
    address = models.CharField(_("địa chỉ"), max_length=300, blank=True)
    founded_on = models.DateField(_("ngày thành lập"), null=True, blank=True)
    is_active = models.BooleanField(_("đang hoạt động"), default=True)
    managers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                      related_name="managed_clubs",
                                      verbose_name=_("người quản lý"))
    history = HistoricalRecords(m2m_fields=[managers])

    class Meta:
        verbose_name = _("câu lạc bộ")
        verbose_name_plural = _("câu lạc bộ")
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["body", "name"], name="unique_club_per_body")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_folded = fold(self.name)
        super().save(*args, **kwargs)


class PlayGroup(models.Model):
    """A play group or play point of a club (nhóm cờ, điểm chơi cờ, Điều 12)."""

    class Kind(models.TextChoices):
        GROUP = "group", _("Nhóm cờ")
        POINT = "point", _("Điểm chơi cờ")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="play_groups",
                             verbose_name=_("câu lạc bộ"))
    kind = models.CharField(_("loại"), max_length=10, choices=Kind.choices)
    name = models.CharField(_("tên"), max_length=200)
    address = models.CharField(_("địa chỉ"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("nhóm cờ / điểm chơi cờ")
        verbose_name_plural = _("nhóm cờ / điểm chơi cờ")

    def __str__(self) -> str:
        return self.name


class ClubMeeting(models.Model):
    """The annual general meeting that elects the club board (Điều 15.3)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="meetings",
                             verbose_name=_("câu lạc bộ"))
    held_on = models.DateField(_("ngày họp"))
    notes = textfields.bounded_text(_("biên bản tóm tắt"), blank=True,
                                    max_length=textfields.LONG_SECTION)

    class Meta:
        verbose_name = _("hội nghị toàn thể")
        verbose_name_plural = _("hội nghị toàn thể")
        ordering = ["club", "-held_on"]
        constraints = [models.UniqueConstraint(fields=["club", "held_on"], name="unique_meeting_day")]

    def __str__(self) -> str:
        return f"{self.club} {dates.dmy(self.held_on)}"


class ClubBoardMember(models.Model):
    """A seat on the club board elected at a meeting (chủ nhiệm, phó chủ nhiệm)."""

    class Role(models.TextChoices):
        HEAD = "head", _("Chủ nhiệm")
        DEPUTY = "deputy", _("Phó chủ nhiệm")

    meeting = models.ForeignKey(ClubMeeting, on_delete=models.CASCADE, related_name="board",
                                verbose_name=_("hội nghị"))
    person = models.ForeignKey("Person", on_delete=models.PROTECT, related_name="club_board_seats",
                               verbose_name=_("người"))
    role = models.CharField(_("chức vụ"), max_length=10, choices=Role.choices)

    class Meta:
        verbose_name = _("thành viên ban chủ nhiệm")
        verbose_name_plural = _("ban chủ nhiệm")

    def __str__(self) -> str:
        return f"{self.get_role_display()} — {self.person}"


#: Phụ lục 2 Điều 8.1: the citizenship a member holds (FIDE's code of Việt Nam)
CITIZEN_OF = "VIE"

#: what a masked ID number shows in place of the hidden digits
MASK = "•"


def mask_citizen_id(value: str | None) -> str:
    """``•••••••• 1234``: the last 4 characters of an ID number, the rest hidden."""
    if not value:
        return ""
    return MASK * max(len(value) - 4, 4) + value[-4:]


def is_masked(value: object) -> bool:
    return isinstance(value, str) and MASK in value


class Person(models.Model):
    """A natural person. Date of birth, citizen ID and contact are private."""

    full_name = models.CharField(_("họ và tên"), max_length=200)
    name_folded = models.CharField(max_length=200, editable=False, db_index=True)
    gender = models.CharField(_("giới tính"), max_length=1, choices=Gender.choices)
    date_of_birth = models.DateField(_("ngày sinh"), null=True, blank=True)
    citizen_id = models.CharField(_("số CCCD"), max_length=20, null=True, blank=True, unique=True)
    phone = models.CharField(_("điện thoại"), max_length=30, blank=True)
    email = models.EmailField(_("email"), blank=True)
    address = models.CharField(_("địa chỉ"), max_length=300, blank=True)
    fide_id = models.CharField(_("mã FIDE"), max_length=12, null=True, blank=True, unique=True)
    # Phụ lục 2 Điều 8.1: a member "là công dân" (a citizen of Việt Nam); a foreigner plays as a
    # guest (Điều 17.2). FIDE's three-letter code, as ``Entry.federation_code``.
    citizenship = models.CharField(_("quốc tịch"), max_length=3, default=CITIZEN_OF,
                                   help_text=_("Mã ba chữ của FIDE (VIE: Việt Nam)."))
    province = models.ForeignKey(Province, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="persons", verbose_name=_("tỉnh/thành phố"))
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="person",
                                verbose_name=_("tài khoản"))
    # A duplicate record merged into the one kept (issue #28, federation.services.merge):
    # never deleted; every reference moved to ``merged_into``.
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="merged_persons",
                                    verbose_name=_("đã gộp vào"))
    merged_at = models.DateTimeField(_("gộp lúc"), null=True, blank=True)
    merged_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+",
                                  verbose_name=_("người gộp"))
    merge_reason = textfields.bounded_text(_("lý do gộp"), blank=True,
                                           max_length=textfields.NOTE)
    # Set when the person's last consent was withdrawn (Nghị định 13/2023/NĐ-CP Điều 12,
    # federation.services.privacy.withdraw_consent): clubs and bodies see no more of his
    # private data; cleared by a new consent. One column so that a list needs no query.
    consent_withdrawn_on = models.DateField(_("rút lại sự đồng ý ngày"), null=True, blank=True)
    history = HistoricalRecords()

    PRIVATE_FIELDS = ("date_of_birth", "citizen_id", "phone", "email", "address")
    #: erased on an erasure request (Nghị định 13/2023 Điều 16): contact details and ID numbers;
    #: the name, gender, birth date (age sections of official results) and cards stay.
    ERASABLE_FIELDS = ("citizen_id", "phone", "email", "address")

    class Meta:
        verbose_name = _("người")
        verbose_name_plural = _("người")
        ordering = ["name_folded"]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_folded = fold(self.full_name)
        if self.citizen_id == "":
            self.citizen_id = None
        super().save(*args, **kwargs)

    @property
    def masked_citizen_id(self) -> str:
        """The ID number as shown by default (Nghị định 13/2023 Điều 3.6, minimisation): the
        last 4 digits; the whole only on a logged reveal (``services.privacy.reveal_citizen_id``)."""
        return mask_citizen_id(self.citizen_id)

    def clean(self) -> None:
        """The admin form's checks; services run the same ones (core.dates, issue 18)."""
        self.citizen_id = dates.normalize_citizen_id(self.citizen_id)
        errors: dict[str, list[str]] = {}
        for field, check in (("date_of_birth", dates.check_birth_date),
                             ("citizen_id", dates.check_citizen_id)):
            try:
                check(getattr(self, field))
            except ValidationError as exc:
                errors[field] = exc.messages
        if errors:
            raise ValidationError(errors)


def field_label(name: str) -> str:
    """A person field's label (the person's pages and his data copy show no field codes)."""
    field = Person._meta.get_field(name)
    return capfirst(str(getattr(field, "verbose_name", name)))


class MembershipApplication(models.Model):
    """An application to join through a club, with a sponsoring member (Điều 8.2-8.3, 15.2)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Chờ duyệt")
        APPROVED = "approved", _("Đã duyệt")
        REJECTED = "rejected", _("Từ chối")
        # the club admitted, then the body refused within its window (Phụ lục 2 Điều 15.2)
        ANNULLED = "annulled", _("Tổ chức quản lý hủy kết nạp")

    #: What a *pending* application lets the applicant's club see of the person's private
    #: data (issue 31; ``federation.permissions.PrivateAccess``): only what the applicant
    #: typed himself. ``entered``: he entered the person's record himself (all of it);
    #: ``paper_form``: the person already existed and he typed, from the paper form, the
    #: fields in ``proof_fields``, which matched (he sees those only); ``confirmed``: the
    #: person confirmed the application from his own account (all); empty: nothing.
    class Proof(models.TextChoices):
        NONE = "", _("Chưa có căn cứ")
        ENTERED = "entered", _("Người nộp đơn tự nhập hồ sơ")
        PAPER_FORM = "paper_form", _("Đối chiếu với đơn giấy")
        CONFIRMED = "confirmed", _("Người xin gia nhập đã xác nhận")

    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="applications",
                               verbose_name=_("người xin gia nhập"))
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="applications",
                             verbose_name=_("câu lạc bộ"))
    sponsor = models.ForeignKey("Member", on_delete=models.PROTECT, related_name="sponsored",
                                verbose_name=_("hội viên giới thiệu"))
    submitted_on = models.DateField(_("ngày nộp đơn"))
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=_("người nhập"))
    status = models.CharField(_("trạng thái"), max_length=10, choices=Status.choices,
                              default=Status.PENDING)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người duyệt"))
    decided_at = models.DateTimeField(_("duyệt lúc"), null=True, blank=True)
    rejection_reason = textfields.bounded_text(_("lý do từ chối"), blank=True,
                                               max_length=textfields.NOTE)
    member = models.OneToOneField("Member", null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="application", verbose_name=_("hội viên"))
    # Phụ lục 2 Điều 15.2: admitted by the club; the body may refuse until refusal_until
    admitted_by_club = models.BooleanField(_("câu lạc bộ kết nạp"), default=False)
    refusal_until = models.DateField(_("tổ chức quản lý được từ chối đến ngày"), null=True,
                                     blank=True)
    annulled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người hủy kết nạp"))
    annulled_on = models.DateField(_("ngày hủy kết nạp"), null=True, blank=True)
    annulment_reason = textfields.bounded_text(_("lý do hủy kết nạp"), blank=True,
                                               max_length=textfields.NOTE)
    proof = models.CharField(_("căn cứ xem dữ liệu riêng"), max_length=12, choices=Proof.choices,
                             blank=True, default=Proof.NONE)
    proof_fields = models.CharField(_("trường đã đối chiếu"), max_length=40, blank=True,
                                    default="")
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("đơn xin gia nhập")
        verbose_name_plural = _("đơn xin gia nhập")
        ordering = ["-submitted_on", "-id"]

    def __str__(self) -> str:
        return f"{self.person} → {self.club} ({self.get_status_display()})"

    @property
    def typed_fields(self) -> frozenset[str]:
        return frozenset(f for f in self.proof_fields.split(",") if f)


class CardSequence(models.Model):
    """Last sequence number issued per (province, year); locked while issuing a card."""

    province_code = models.CharField(_("mã tỉnh"), max_length=2)
    year = models.PositiveSmallIntegerField(_("năm"))
    last = models.PositiveIntegerField(_("số thứ tự cuối"), default=0)

    class Meta:
        verbose_name = _("dãy số thẻ hội viên")
        verbose_name_plural = _("dãy số thẻ hội viên")
        constraints = [models.UniqueConstraint(fields=["province_code", "year"],
                                               name="unique_card_sequence")]

    def __str__(self) -> str:
        return f"{self.province_code}-{self.year}: {self.last}"


class Member(models.Model):
    """A federation membership with its member card (thẻ hội viên, Điều 8.3).

    The card number ``PP-YYYY-NNNNN`` (province code, year of issue, sequence) is
    unique and never reused. A person rejoining after a lapse or resignation gets
    a new membership with a new card. At most one membership per person is open.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", _("Đang sinh hoạt")
        LAPSED = "lapsed", _("Bị khai trừ (15.5)")
        RESIGNED = "resigned", _("Đã ra khỏi Liên đoàn")
        SUPERSEDED = "superseded", _("Thẻ trùng (đã gộp)")
        REFUSED = "refused", _("Tổ chức quản lý hủy kết nạp (15.2)")

    class EndRule(models.TextChoices):
        NO_DUES = "15.5-dues", _("Không đóng hội phí 6 tháng (Điều 15.5)")
        NO_ACTIVITY = "15.5-activity", _("Không sinh hoạt liên tục 6 tháng (Điều 15.5)")
        RESIGNATION = "10.4-resignation", _("Xin ra Liên đoàn (Điều 10.4)")
        ADMISSION_REFUSED = "15.2-refused", _("Tổ chức quản lý hủy kết nạp (Phụ lục 2 Điều 15.2)")

    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="memberships",
                               verbose_name=_("người"))
    card_number = models.CharField(_("số thẻ hội viên"), max_length=20, unique=True)
    status = models.CharField(_("trạng thái"), max_length=10, choices=Status.choices,
                              default=Status.ACTIVE)
    joined_on = models.DateField(_("ngày gia nhập"))
    ended_on = models.DateField(_("ngày chấm dứt"), null=True, blank=True)
    end_rule = models.CharField(_("căn cứ chấm dứt"), max_length=20, choices=EndRule.choices,
                                blank=True)
    # The Điều 15.5 clock restarts at a reinstatement (else the job would lapse them again).
    reinstated_on = models.DateField(_("ngày khôi phục"), null=True, blank=True)
    # The second card of a person entered twice (issue #28): kept, ended, and pointing at
    # the card that continues.
    superseded_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="+", verbose_name=_("thay bằng thẻ"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("hội viên")
        verbose_name_plural = _("hội viên")
        ordering = ["card_number"]
        constraints = [
            models.UniqueConstraint(fields=["person"], condition=Q(status="active"),
                                    name="one_active_membership_per_person"),
        ]

    def __str__(self) -> str:
        return f"{self.card_number} {self.person}"


class ClubMembership(models.Model):
    """A member's time in one club; a transfer closes one and opens another."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="club_memberships",
                               verbose_name=_("hội viên"))
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="club_memberships",
                             verbose_name=_("câu lạc bộ"))
    started_on = models.DateField(_("từ ngày"))
    ended_on = models.DateField(_("đến ngày"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("sinh hoạt tại câu lạc bộ")
        verbose_name_plural = _("sinh hoạt tại câu lạc bộ")
        ordering = ["member", "-started_on"]
        constraints = [
            models.UniqueConstraint(fields=["member"], condition=Q(ended_on__isnull=True),
                                    name="one_open_club_membership"),
        ]

    def __str__(self) -> str:
        return f"{self.member} @ {self.club}"


class DuesPayment(models.Model):
    """Dues paid (hội phí, Điều 9.3, 15.4) for a period, with the receipt."""

    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="dues",
                               verbose_name=_("hội viên"))
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="dues",
                             verbose_name=_("câu lạc bộ"))
    amount = models.DecimalField(_("số tiền (đồng)"), max_digits=12, decimal_places=0)
    period_start = models.DateField(_("từ ngày"))
    period_end = models.DateField(_("đến ngày"))
    receipt_number = models.CharField(_("số biên lai"), max_length=40)
    paid_on = models.DateField(_("ngày nộp"))
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                    related_name="+", verbose_name=_("người ghi"))
    recorded_at = models.DateTimeField(_("ghi lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("hội phí")
        verbose_name_plural = _("hội phí")
        ordering = ["-period_end"]
        constraints = [
            models.CheckConstraint(condition=Q(period_end__gte=models.F("period_start")),
                                   name="dues_period_order"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="dues_positive"),
            models.UniqueConstraint(fields=["club", "receipt_number"], name="unique_receipt"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {dates.dmy(self.period_start)}–{dates.dmy(self.period_end)}"


class Attendance(models.Model):
    """A member's activity on a day (sinh hoạt, Điều 9.3): a club session or tournament play."""

    class Kind(models.TextChoices):
        CLUB_SESSION = "club_session", _("Sinh hoạt câu lạc bộ")
        TOURNAMENT = "tournament", _("Thi đấu giải")

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="attendance",
                               verbose_name=_("hội viên"))
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="attendance", verbose_name=_("câu lạc bộ"))
    date = models.DateField(_("ngày"))
    kind = models.CharField(_("loại"), max_length=20, choices=Kind.choices,
                            default=Kind.CLUB_SESSION)
    note = models.CharField(_("ghi chú"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("sinh hoạt")
        verbose_name_plural = _("sinh hoạt")
        ordering = ["-date"]
        constraints = [
            models.UniqueConstraint(fields=["member", "date", "kind"], name="unique_attendance"),
        ]

    def __str__(self) -> str:
        return f"{self.member} {dates.dmy(self.date)}"


class MemberEvent(models.Model):
    """The membership's status log: joined, transferred, lapsed, reinstated, resigned..."""

    class Kind(models.TextChoices):
        JOINED = "joined", _("Gia nhập")
        TRANSFERRED = "transferred", _("Chuyển câu lạc bộ")
        LAPSED = "lapsed", _("Khai trừ (15.5)")
        REINSTATED = "reinstated", _("Khôi phục")
        RESIGNED = "resigned", _("Xin ra")
        SUSPENDED = "suspended", _("Đình chỉ")
        MERGED = "merged", _("Gộp hồ sơ trùng")
        ADMISSION_REFUSED = "refused", _("Hủy kết nạp (15.2)")

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="events",
                               verbose_name=_("hội viên"))
    kind = models.CharField(_("sự kiện"), max_length=16, choices=Kind.choices)
    date = models.DateField(_("ngày"))
    rule = models.CharField(_("căn cứ"), max_length=40, blank=True)
    note = textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                           on_delete=models.SET_NULL, related_name="+", verbose_name=_("người thực hiện"))
    at = models.DateTimeField(_("lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("sự kiện hội viên")
        verbose_name_plural = _("sự kiện hội viên")
        ordering = ["member", "at"]

    def __str__(self) -> str:
        return f"{self.member}: {self.get_kind_display()} {dates.dmy(self.date)}"


class Resignation(models.Model):
    """A resignation (Điều 10.4, 15.5): the application, its date, the returned card."""

    member = models.OneToOneField(Member, on_delete=models.PROTECT, related_name="resignation",
                                  verbose_name=_("hội viên"))
    applied_on = models.DateField(_("ngày làm đơn"))
    effective_on = models.DateField(_("ngày có hiệu lực"))
    card_returned = models.BooleanField(_("đã trả thẻ"), default=False)
    card_returned_on = models.DateField(_("ngày trả thẻ"), null=True, blank=True)
    note = textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE)

    class Meta:
        verbose_name = _("đơn xin ra")
        verbose_name_plural = _("đơn xin ra")

    def __str__(self) -> str:
        return f"{self.member} {dates.dmy(self.effective_on)}"


class Suspension(models.Model):
    """A suspension for 1-3 years by a disciplinary decision (Điều 15.6, 16).

    New suspensions reference an issued :class:`documents.Decision` of kind "disciplinary"
    (``decision``); ``decision_reference`` is its number, kept as text for rows recorded
    before decisions were issued here.
    """

    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="suspensions",
                               verbose_name=_("người"))
    starts_on = models.DateField(_("từ ngày"))
    ends_on = models.DateField(_("đến ngày"))
    decision = models.ForeignKey(
        "documents.Decision", null=True, blank=True, on_delete=models.PROTECT,
        related_name="suspensions", verbose_name=_("quyết định kỷ luật"),
        help_text=_("Quyết định kỷ luật của Liên đoàn (Điều 15.6, 16.2); bắt buộc với đình "
                    "chỉ mới."))
    decision_reference = models.CharField(
        _("số quyết định"), max_length=60,
        help_text=_("Số của quyết định kỷ luật (điền từ quyết định; các đình chỉ cũ ghi tay)."))
    article = models.CharField(_("điều khoản"), max_length=40, default="15.6")
    reason = textfields.bounded_text(_("lý do"), max_length=textfields.NOTE)
    lifted_on = models.DateField(_("ngày xóa đình chỉ"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("đình chỉ")
        verbose_name_plural = _("đình chỉ")
        ordering = ["-starts_on"]
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__gt=models.F("starts_on")),
                                   name="suspension_period_order"),
        ]

    def __str__(self) -> str:
        return f"{self.person} {dates.dmy(self.starts_on)}–{dates.dmy(self.ends_on)}"


class PrivateDataAccess(models.Model):
    """One read of a person's private fields by someone else (Nghị định 13/2023/NĐ-CP: the
    controller records who processed which personal data, when and how; issue 31). Written
    by ``federation.services.privacy.record_private_reads`` for every API answer that showed
    private fields; kept ``PRIVATE_ACCESS_LOG_DAYS`` days; seen by staff and by the person."""

    class Via(models.TextChoices):
        API = "api", _("API")
        ADMIN = "admin", _("Trang quản trị")
        WORKSPACE = "workspace", _("Khu làm việc")
        REVEAL = "reveal", _("Xem đầy đủ số CCCD")
        EXPORT = "export", _("Bản sao dữ liệu cá nhân")
        DOCUMENT = "document", _("Tài liệu, tệp xuất")

    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="private_reads",
                               verbose_name=_("người"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+",
                             verbose_name=_("người xem"))
    fields = models.CharField(_("các trường"), max_length=100)
    via = models.CharField(_("qua"), max_length=20, choices=Via.choices)
    path = models.CharField(_("địa chỉ"), max_length=300, blank=True)
    at = models.DateTimeField(_("lúc"), db_index=True)

    class Meta:
        verbose_name = _("lượt xem dữ liệu riêng")
        verbose_name_plural = _("lượt xem dữ liệu riêng")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} → {self.person} ({self.fields})"

    def field_labels(self) -> list[str]:
        """The fields read, in words (the person's page never shows field codes)."""
        return [field_label(name) for name in self.fields.split(",")
                if name in Person.PRIVATE_FIELDS]


class LapseWarning(models.Model):
    """The club was warned that a member reaches his Điều 15.5 deadline (Phụ lục 2, Điều
    15.5: not paying dues or not taking part for 6 months ends the membership). One row per
    member and deadline: the warning of one period is sent once (issue 32); a payment or an
    attendance moves the deadline, and the new one is warned again."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="lapse_warnings",
                               verbose_name=_("hội viên"))
    deadline = models.DateField(_("hạn cuối"))
    warned_on = models.DateField(_("ngày báo"))

    class Meta:
        verbose_name = _("báo sắp khai trừ")
        verbose_name_plural = _("báo sắp khai trừ")
        constraints = [models.UniqueConstraint(fields=["member", "deadline"],
                                               name="one_lapse_warning_per_deadline")]

    def __str__(self) -> str:
        return f"{self.member} {dates.dmy(self.deadline)}"


class Consent(models.Model):
    """A person's consent to the federation's processing of his personal data, given with a
    membership application (Nghị định 13/2023/NĐ-CP Điều 11: a clear, recorded consent naming
    what is processed and why; Điều 20: for a child under 16, also that of a parent or
    guardian). What was collected and why is kept as the text shown at the time.

    Withdrawal (Điều 12) never deletes the row: it records the date, who and the effect."""

    class Relation(models.TextChoices):
        SELF = "self", _("Chính người đó")
        PARENT = "parent", _("Cha hoặc mẹ")
        GUARDIAN = "guardian", _("Người giám hộ")

    #: Luật Trẻ em 2016 Điều 1: a child is under 16; Nghị định 13/2023 Điều 20 then asks the
    #: consent of a parent or guardian.
    CHILD_UNDER = 16
    #: Nghị định 13/2023 Điều 20.3: from 7 years old the child's own consent is needed too.
    CHILD_AGREES_FROM = 7

    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="consents",
                               verbose_name=_("người"))
    application = models.OneToOneField(MembershipApplication, null=True, blank=True,
                                       on_delete=models.PROTECT, related_name="consent",
                                       verbose_name=_("đơn xin gia nhập"))
    data_collected = textfields.bounded_text(_("dữ liệu thu thập"), max_length=textfields.NOTE)
    purposes = textfields.bounded_text(_("mục đích xử lý"), max_length=textfields.NOTE)
    given_on = models.DateField(_("ngày đồng ý"))
    given_by = models.CharField(_("người đồng ý"), max_length=200)
    relation = models.CharField(_("quan hệ với người đó"), max_length=10,
                                choices=Relation.choices)
    # Điều 20.3: a child aged 7 to under 16 agrees himself, besides his parent or guardian
    # (the child is the person; his name is the person's).
    child_agreed = models.BooleanField(_("trẻ em cũng đồng ý"), default=False)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người ghi"))
    recorded_at = models.DateTimeField(_("ghi lúc"), auto_now_add=True)
    withdrawn_on = models.DateField(_("ngày rút lại"), null=True, blank=True)
    withdrawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=_("người ghi việc rút lại"))
    withdrawal_note = textfields.bounded_text(_("ghi chú khi rút lại"), blank=True,
                                              max_length=textfields.NOTE)

    class Meta:
        verbose_name = _("sự đồng ý xử lý dữ liệu cá nhân")
        verbose_name_plural = _("sự đồng ý xử lý dữ liệu cá nhân")
        ordering = ["-given_on", "-id"]

    def __str__(self) -> str:
        return f"{self.person} {dates.dmy(self.given_on)}"


class DataRequest(models.Model):
    """A request of the person about his data (Nghị định 13/2023/NĐ-CP Điều 9): a copy of
    everything held (Điều 14), a correction (Điều 15) or an erasure (Điều 16). Each has its
    deadline (``DEADLINE_HOURS``, 72 hours: docs/decisions-security.md), its state, its
    outcome and who handled it; handled by staff through ``services.privacy``."""

    class Kind(models.TextChoices):
        EXPORT = "export", _("Cung cấp bản sao dữ liệu")
        CORRECTION = "correction", _("Chỉnh sửa dữ liệu")
        ERASURE = "erasure", _("Xóa dữ liệu")

    class State(models.TextChoices):
        OPEN = "open", _("Đang chờ xử lý")
        DONE = "done", _("Đã thực hiện")
        REFUSED = "refused", _("Từ chối")

    #: Điều 14.3 (copy), 15 (correction as soon as possible), 16.3 (erasure): 72 hours.
    DEADLINE_HOURS = 72

    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="data_requests",
                               verbose_name=_("người"))
    kind = models.CharField(_("loại yêu cầu"), max_length=12, choices=Kind.choices)
    details = textfields.bounded_text(_("nội dung yêu cầu"), blank=True,
                                      max_length=textfields.NOTE)
    received_at = models.DateTimeField(_("nhận lúc"))
    deadline = models.DateTimeField(_("hạn xử lý"))
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+",
                                 verbose_name=_("người ghi nhận"))
    state = models.CharField(_("tình trạng"), max_length=10, choices=State.choices,
                             default=State.OPEN)
    outcome = textfields.bounded_text(_("kết quả và lý do"), blank=True,
                                      max_length=textfields.NOTE)
    handled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người xử lý"))
    handled_at = models.DateTimeField(_("xử lý lúc"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("yêu cầu về dữ liệu cá nhân")
        verbose_name_plural = _("yêu cầu về dữ liệu cá nhân")
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return f"{self.person}: {self.get_kind_display()} ({self.get_state_display()})"
