"""Membership (Điều 8-10, 15): applications, member cards, members and their clubs, dues,
attendance, events, resignations, suspensions and lapse warnings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core import dates, textfields
from federation.models.clubs import Club
from federation.models.persons import Person


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
