"""The event's official records: status changes, sanction proposals (Điều 15.6, 16),
complaints and appeals (Điều 19), annulled games (Điều 9.9) and amendments of the
regulations."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core import textfields
from tournaments.models.entries import Entry, TeamEntry
from tournaments.models.rounds import Pairing, Result, Round
from tournaments.models.tournament import Tournament


class StatusChange(models.Model):
    """The lifecycle log: every transition with who, when and (for reopening) why."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="status_changes", verbose_name=_("giải đấu"))
    # Choices so that the admin and __str__ show labels ("Bản nháp → Đang nhận đăng ký"), issue #18.
    from_status = models.CharField(_("từ"), max_length=14, choices=Tournament.Status.choices)
    to_status = models.CharField(_("sang"), max_length=14, choices=Tournament.Status.choices)
    reason = textfields.bounded_text(_("lý do"), blank=True, max_length=textfields.NOTE)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người thực hiện"))
    changed_at = models.DateTimeField(_("lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("chuyển trạng thái")
        verbose_name_plural = _("chuyển trạng thái")
        ordering = ["changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_from_status_display()} → {self.get_to_status_display()}"


class SanctionProposal(models.Model):
    """The organisers' (or chief arbiter's) proposal to suspend a player for 1 to 3 years,
    decided by the federation (Điều 15.6: "ban tổ chức sẽ đề nghị Liên đoàn Cờ ... truất
    quyền thi đấu từ 1 đến 3 năm"). Approval issues the disciplinary decision and records
    the suspension; neither is deleted afterwards (official records)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Chờ Liên đoàn quyết định")
        APPROVED = "approved", _("Đã ra quyết định kỷ luật")
        REJECTED = "rejected", _("Không chấp thuận")

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT,
                                   related_name="sanction_proposals", verbose_name=_("giải đấu"))
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="sanction_proposals",
                              verbose_name=_("đấu thủ"))
    person = models.ForeignKey("federation.Person", on_delete=models.PROTECT,
                               related_name="sanction_proposals", verbose_name=_("người"))
    years = models.PositiveSmallIntegerField(
        _("số năm đề nghị"), validators=[MinValueValidator(1), MaxValueValidator(3)])
    reason = textfields.bounded_text(_("lý do"), max_length=textfields.NOTE)
    article = models.CharField(_("điều khoản"), max_length=40, default="15.6")
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người đề nghị"))
    proposed_at = models.DateTimeField(_("đề nghị lúc"), auto_now_add=True)
    status = models.CharField(_("trạng thái"), max_length=10, choices=Status.choices,
                              default=Status.PENDING)
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người xét"))
    reviewed_at = models.DateTimeField(_("xét lúc"), null=True, blank=True)
    rejection_reason = textfields.bounded_text(_("lý do không chấp thuận"), blank=True,
                                               max_length=textfields.NOTE)
    decision = models.ForeignKey("documents.Decision", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+",
                                 verbose_name=_("quyết định kỷ luật"))
    suspension = models.ForeignKey("federation.Suspension", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("đình chỉ"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("đề nghị kỷ luật")
        verbose_name_plural = _("đề nghị kỷ luật")
        ordering = ["-proposed_at"]
        permissions = [("decide_sanctionproposal",
                        _("Được quyết định đề nghị kỷ luật (đình chỉ 1-3 năm)"))]

    def __str__(self) -> str:
        return f"{self.person} — {self.years} năm ({self.get_status_display()})"


class Complaint(models.Model):
    """A written complaint (khiếu nại) about an event, and its decision: Điều 11.1b, 15.5-15.6,
    19.2, 29.4; chess 002 Phần 2 Điều 2.7 ("phải được viết bằng văn bản").

    Filed by a player, a team leader or a club against a result, an arbiter's decision, a
    pairing (kết quả bốc thăm) or a title; decided at one level (the chief arbiter / arbiters'
    panel, then the organising committee or its appeals committee, then the federation). An
    appeal is a new complaint at the next level (``appeal_of``). Written only by
    ``tournaments.services.complaints``; once decided it is an official record: never edited
    or deleted (its history is kept), a different outcome is a new decision on appeal.
    """

    class Subject(models.TextChoices):
        RESULT = "result", _("Kết quả ván đấu")
        ARBITER_DECISION = "arbiter_decision", _("Quyết định của trọng tài")
        PAIRING = "pairing", _("Kết quả bốc thăm, xếp cặp")
        TITLE = "title", _("Đẳng cấp, danh hiệu")

    class Complainant(models.TextChoices):
        PLAYER = "player", _("Đấu thủ")
        TEAM_LEADER = "team_leader", _("Lãnh đội, huấn luyện viên")
        CLUB = "club", _("Câu lạc bộ, đơn vị")

    class Level(models.TextChoices):
        """Who decides, in order: an appeal goes one level up (Điều 11.1b, 15.6, 19.1-19.2)."""

        CHIEF_ARBITER = "chief_arbiter", _("Tổng trọng tài (Ban trọng tài)")
        ORGANISERS = "organisers", _("Ban tổ chức (Ban giải quyết khiếu nại)")
        FEDERATION = "federation", _("Liên đoàn Cờ")

    class Status(models.TextChoices):
        PENDING = "pending", _("Chờ giải quyết")
        UPHELD = "upheld", _("Chấp nhận khiếu nại")
        REJECTED = "rejected", _("Không chấp nhận khiếu nại")

    class Effect(models.TextChoices):
        """What an upheld complaint changes, through the service that owns it."""

        NONE = "none", _("Không thay đổi kết quả")
        RESULT_CORRECTED = "result_corrected", _("Sửa kết quả ván đấu")
        REPLAY = "replay", _("Hủy ván, đấu lại (Điều 9.9a-b)")
        TITLE_REVIEW = "title_review", _("Xét lại đẳng cấp")

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT,
                                   related_name="complaints", verbose_name=_("giải đấu"))
    number = models.PositiveIntegerField(_("số"))
    level = models.CharField(_("cấp giải quyết"), max_length=14, choices=Level.choices,
                             default=Level.CHIEF_ARBITER)
    appeal_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="appeals", verbose_name=_("kháng nghị quyết định"))
    complainant_kind = models.CharField(_("người khiếu nại là"), max_length=12,
                                        choices=Complainant.choices)
    complainant_entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="complaints",
        verbose_name=_("đấu thủ khiếu nại"),
        help_text=_("Đấu thủ khiếu nại, hoặc đấu thủ mà lãnh đội, câu lạc bộ cùng ký."))
    complainant_team = models.ForeignKey(
        TeamEntry, null=True, blank=True, on_delete=models.PROTECT, related_name="complaints",
        verbose_name=_("đội"))
    complainant_club = models.ForeignKey(
        "federation.Club", null=True, blank=True, on_delete=models.PROTECT,
        related_name="complaints", verbose_name=_("câu lạc bộ"))
    complainant_name = models.CharField(_("người ký đơn"), max_length=200, blank=True)
    subject = models.CharField(_("khiếu nại về"), max_length=16, choices=Subject.choices)
    pairing = models.ForeignKey(Pairing, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="complaints", verbose_name=_("ván đấu"))
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="complaints", verbose_name=_("vòng (bốc thăm)"))
    subject_entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("đấu thủ được xét đẳng cấp"))
    grounds = textfields.bounded_text(_("nội dung khiếu nại"), max_length=textfields.NOTE)
    filed_at = models.DateTimeField(_("nộp lúc"))
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+",
                                 verbose_name=_("người ghi nhận"))
    status = models.CharField(_("trạng thái"), max_length=10, choices=Status.choices,
                              default=Status.PENDING)
    reasons = textfields.bounded_text(_("lý do quyết định"), blank=True,
                                      max_length=textfields.NOTE)
    article = models.CharField(_("căn cứ điều"), max_length=80, blank=True)
    effect = models.CharField(_("hiệu lực"), max_length=16, choices=Effect.choices, blank=True)
    corrected_result = models.CharField(_("kết quả sửa thành"), max_length=8, blank=True,
                                        choices=Result.choices)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người quyết định"))
    decided_at = models.DateTimeField(_("quyết định lúc"), null=True, blank=True)
    decision = models.ForeignKey("documents.Decision", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="+",
                                 verbose_name=_("quyết định (văn bản)"))
    history = HistoricalRecords()
    #: the reason django-simple-history records with the next change (set before a save)
    _change_reason: str

    class Meta:
        verbose_name = _("khiếu nại")
        verbose_name_plural = _("khiếu nại")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"],
                                    name="complaint_number_once"),
            models.UniqueConstraint(fields=["appeal_of"], condition=models.Q(
                appeal_of__isnull=False), name="one_appeal_per_decision"),
        ]
        permissions = [("decide_complaint",
                        _("Được giải quyết khiếu nại ở cấp Liên đoàn"))]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('khiếu nại')} {self.number}"

    @property
    def is_decided(self) -> bool:
        return self.status != self.Status.PENDING


class AnnulledGame(models.Model):
    """A game cancelled and replayed (Điều 9.9a: the pieces were set up wrongly; 9.9b: the
    players played the wrong colours): the board (``pairing``) is the replay and counts in
    the standings; this row keeps the annulled game — its colours as played, its result when
    it was annulled, why, and by whom. The pairing's White and Black are the intended colours
    (9.9e). Written only by ``tournaments.services.annul_and_replay``; never deleted."""

    class Reason(models.TextChoices):
        WRONG_SETUP = "wrong_setup", _("Xếp quân sai từ đầu ván (Điều 9.9a)")
        WRONG_COLOURS = "wrong_colours", _("Đi nhầm màu quân (Điều 9.9b)")

    pairing = models.ForeignKey(Pairing, on_delete=models.PROTECT, related_name="annulled_games",
                                verbose_name=_("ván đấu lại"))
    reason = models.CharField(_("lý do hủy"), max_length=14, choices=Reason.choices)
    played_white = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("cầm quân Trắng (Đỏ) khi đấu"))
    played_black = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("cầm quân Đen khi đấu"))
    result_at_annulment = models.CharField(_("kết quả lúc hủy"), max_length=8, blank=True,
                                           choices=Result.choices)
    note = textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE)
    complaint = models.ForeignKey(Complaint, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="annulled_games", verbose_name=_("khiếu nại"))
    annulled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người hủy"))
    annulled_at = models.DateTimeField(_("hủy lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("ván bị hủy, đấu lại")
        verbose_name_plural = _("ván bị hủy, đấu lại")
        ordering = ["annulled_at", "id"]

    def __str__(self) -> str:
        return f"{self.pairing}: {self.get_reason_display()}"


class RegulationAmendment(models.Model):
    """A change of published regulations (Phụ lục 5: "Điều lệ giải đã công bố thì không
    thay đổi, trừ khi có vấn đề đột xuất về tổ chức cần bổ sung"): what changed, from what
    to what, why and by whom. Recorded by ``tournaments.services.lifecycle`` on every edit
    of a published event; public on the event's page with its date; never changed or
    deleted (an official record)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT,
                                   related_name="amendments", verbose_name=_("giải đấu"))
    number = models.PositiveSmallIntegerField(_("số sửa đổi"))
    #: {field: [value before, value after]} as JSON values (dates ISO, decimals as text,
    #: related rows by id); shown in words by ``selectors.amendment_lines``
    changes = models.JSONField(_("nội dung sửa đổi"))
    reason = textfields.bounded_text(_("lý do"), max_length=textfields.NOTE)
    status_at_change = models.CharField(_("trạng thái giải khi sửa"), max_length=14,
                                        choices=Tournament.Status.choices)
    amended_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người sửa đổi"))
    amended_at = models.DateTimeField(_("sửa đổi lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("sửa đổi điều lệ")
        verbose_name_plural = _("sửa đổi điều lệ")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="amendment_number_per_tournament")]

    def __str__(self) -> str:
        return f"{self.tournament} — sửa đổi số {self.number}"
