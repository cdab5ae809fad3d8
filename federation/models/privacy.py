"""Personal data (Nghị định 13/2023/NĐ-CP): the access log, consents and the persons'
requests."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core import dates, textfields
from federation.models.members import MembershipApplication
from federation.models.persons import Person, field_label


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

    #: a read of the year of birth alone (the TRF export for organisers and arbiters:
    #: minimisation), logged as this pseudo-field
    BIRTH_YEAR = "birth_year"

    def field_labels(self) -> list[str]:
        """The fields read, in words (the person's page never shows field codes)."""
        return [str(_("Năm sinh")) if name == self.BIRTH_YEAR else field_label(name)
                for name in self.fields.split(",")
                if name in Person.PRIVATE_FIELDS or name == self.BIRTH_YEAR]


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
