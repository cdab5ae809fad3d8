"""Reference data and bodies: disciplines, genders, provinces, the federation's bodies (Điều
14), their boards and officers."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from chessrules import values


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
