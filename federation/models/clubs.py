"""Clubs (Điều 12, 15.3): the club, its play groups, meetings and board."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core import dates, textfields
from core.text import fold
from federation.models.reference import Body, Province


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
