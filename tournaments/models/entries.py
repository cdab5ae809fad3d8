"""Who takes part: the officials of the event (Điều 19-20), teams and entries."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from chessrules.competition import match
from core import textfields
from tournaments.models.tournament import Tournament


class Official(models.Model):
    """A person with a role on the event: the arbiters' panel of Điều 20.1 (chief arbiter,
    deputies, the arbiters' secretary, board arbiters) and the head of the organising
    committee (Điều 19; the one whose opinion a removal from the list needs, Điều 16.2)."""

    class Role(models.TextChoices):
        CHIEF = "chief", _("Tổng trọng tài")
        DEPUTY = "deputy", _("Phó tổng trọng tài")
        SECRETARY = "secretary", _("Thư ký trọng tài")
        ARBITER = "arbiter", _("Trọng tài")
        ORGANISER_HEAD = "organiser_head", _("Trưởng ban tổ chức")

    #: the roles of the arbiters' panel (Điều 20.1): they may arbitrate the event
    ARBITER_ROLES = (Role.CHIEF, Role.DEPUTY, Role.SECRETARY, Role.ARBITER)
    #: the roles that may be given boards of a round (Điều 20.3b, 20.4)
    BOARD_ROLES = (Role.DEPUTY, Role.ARBITER)
    #: roles of which an event has at most one
    SINGLE_ROLES = (Role.CHIEF, Role.ORGANISER_HEAD)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="officials",
                                   verbose_name=_("giải đấu"))
    person = models.ForeignKey("federation.Person", on_delete=models.PROTECT,
                               related_name="officiating", verbose_name=_("người"))
    role = models.CharField(_("vai trò"), max_length=16, choices=Role.choices)

    class Meta:
        verbose_name = _("người điều hành giải")
        verbose_name_plural = _("ban tổ chức và trọng tài")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person"], name="official_once"),
            models.UniqueConstraint(fields=["tournament"], condition=models.Q(role="chief"),
                                    name="one_chief_arbiter"),
            models.UniqueConstraint(fields=["tournament"],
                                    condition=models.Q(role="organiser_head"),
                                    name="one_organiser_head"),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()}: {self.person}"


class TeamEntry(models.Model):
    """A team in a team event (Điều 30): roster via :class:`Entry` rows with a board order."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams",
                                   verbose_name=_("giải đấu"))
    name = models.CharField(_("tên đội"), max_length=200)
    club = models.ForeignKey("federation.Club", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="tournament_teams", verbose_name=_("câu lạc bộ"))
    body = models.ForeignKey("federation.Body", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="tournament_teams", verbose_name=_("đơn vị"))
    starting_number = models.PositiveIntegerField(_("số thứ tự"), null=True, blank=True)
    withdrawn_on = models.DateField(_("ngày bỏ cuộc"), null=True, blank=True)
    registered_at = models.DateTimeField(_("đăng ký lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("đội")
        verbose_name_plural = _("đội")
        ordering = ["tournament", "starting_number", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_once"),
            models.UniqueConstraint(fields=["tournament", "starting_number"],
                                    name="team_number_once"),
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player entered in a tournament, with rating/title snapshots at registration.

    ``member`` is empty for a guest (Điều 17.2: a non-member or foreign player, entered when
    the tournament's ``entrants`` allows it; ``person`` when he is in the registry) and for a
    player imported from a TRF file who matched no member.
    In a team event the entry is a roster place: ``team`` and ``board_order`` (1..boards are
    the fixed board order of Điều 30.1.3; higher numbers are reserves).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries",
                                   verbose_name=_("giải đấu"))
    member = models.ForeignKey("federation.Member", null=True, blank=True,
                               on_delete=models.PROTECT, related_name="tournament_entries",
                               verbose_name=_("hội viên"))
    person = models.ForeignKey(
        "federation.Person", null=True, blank=True, on_delete=models.PROTECT,
        related_name="guest_entries", verbose_name=_("khách mời (người trong danh bạ)"),
        help_text=_("Điều 17.2: đấu thủ không phải hội viên (khách mời, đấu thủ nước ngoài) "
                    "có trong danh bạ của Liên đoàn."))
    name = models.CharField(_("họ và tên"), max_length=200)
    gender = models.CharField(_("giới tính"), max_length=1, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("năm sinh"), null=True, blank=True)
    fide_id = models.CharField(_("mã FIDE"), max_length=12, blank=True)
    federation_code = models.CharField(_("liên đoàn"), max_length=3, default="VIE")
    rating = models.PositiveIntegerField(_("hệ số lúc đăng ký"), default=0)
    title = models.CharField(_("danh hiệu lúc đăng ký"), max_length=4, blank=True)
    starting_number = models.PositiveIntegerField(_("số thứ tự"), null=True, blank=True)
    team = models.ForeignKey(TeamEntry, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="roster", verbose_name=_("đội"))
    board_order = models.PositiveSmallIntegerField(_("thứ tự bàn"), null=True, blank=True)
    delegation = models.ForeignKey(
        "Delegation", null=True, blank=True, on_delete=models.PROTECT, related_name="entries",
        verbose_name=_("đoàn"), help_text=_("Phụ lục 5 mục 14: đoàn cử đấu thủ."))
    group = models.CharField(
        _("nhóm"), max_length=1, blank=True, choices=[(g, g) for g in match.GROUPS],
        help_text=_("Svennhighen cá nhân (002 Điều 10): nhóm A gặp nhóm B."))
    is_wildcard = models.BooleanField(
        _("đặc cách"), default=False,
        help_text=_("Phụ lục 5 mục 4: đấu thủ đặc cách, không tính vào số đấu thủ của đơn vị."))
    is_late = models.BooleanField(_("đăng ký muộn"), default=False)
    late_reason = textfields.bounded_text(_("lý do nhận đăng ký muộn"), blank=True,
                                          max_length=textfields.NOTE)
    joins_in_round = models.PositiveSmallIntegerField(_("vào từ ván"), default=1)
    withdrawn_on = models.DateField(_("ngày bỏ cuộc"), null=True, blank=True)
    withdrawn_after_round = models.PositiveSmallIntegerField(_("bỏ cuộc sau ván"), null=True,
                                                             blank=True)
    disqualified_at = models.DateTimeField(_("truất quyền thi đấu lúc"), null=True, blank=True)
    disqualified_after_round = models.PositiveSmallIntegerField(
        _("truất quyền sau ván"), null=True, blank=True)
    disqualification_reason = textfields.bounded_text(_("lý do truất quyền"), blank=True,
                                                      max_length=textfields.NOTE)
    disqualified_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                        on_delete=models.SET_NULL, related_name="+",
                                        verbose_name=_("người truất quyền"))
    removal_decision = models.ForeignKey(
        "documents.Decision", null=True, blank=True, on_delete=models.PROTECT,
        related_name="removed_entries", verbose_name=_("quyết định xóa tên"),
        help_text=_("Điều 16.1e, 16.2: xóa tên khỏi danh sách và kết quả, tuyên bố bằng văn "
                    "bản của ban tổ chức."))
    requested_byes = models.JSONField(
        _("xin nghỉ"), default=list, blank=True,
        help_text=_("Các ván đấu thủ xin nghỉ và số điểm được tính cho mỗi ván."))
    registered_at = models.DateTimeField(_("đăng ký lúc"), auto_now_add=True)
    registered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                      on_delete=models.SET_NULL, related_name="+",
                                      verbose_name=_("người đăng ký"))
    history = HistoricalRecords()
    #: the reason django-simple-history records with the next change (set before a save)
    _change_reason: str

    class Meta:
        verbose_name = _("đấu thủ")
        verbose_name_plural = _("đấu thủ")
        ordering = ["tournament", "starting_number", "-rating", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "member"], name="member_enters_once"),
            models.UniqueConstraint(fields=["tournament", "person"], name="guest_enters_once"),
            models.UniqueConstraint(fields=["tournament", "starting_number"],
                                    name="entry_number_once"),
            models.UniqueConstraint(fields=["team", "board_order"], name="roster_board_once"),
        ]
        indexes = [models.Index(fields=["tournament", "starting_number"])]

    def __str__(self) -> str:
        return f"{self.starting_number or '-'} {self.name}"

    @property
    def is_disqualified(self) -> bool:
        return self.disqualified_at is not None

    def bye_points_requested(self, round_number: int) -> float | None:
        for bye in self.requested_byes or []:
            if int(bye.get("round", 0)) == round_number:
                return float(bye.get("points", 0))
        return None
