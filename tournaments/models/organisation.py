"""The running of the event: the schedule of rounds, arbiters' boards, suspension (Điều
20.3d), delegations, prizes and play-off games."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core import textfields
from tournaments.models.entries import Entry, Official, TeamEntry
from tournaments.models.rounds import Result, Round
from tournaments.models.tournament import Tournament


class ScheduledRound(models.Model):
    """One line of the event's schedule (Phụ lục 5 mục 6, "lịch thi đấu"): the day and the
    start time of round ``number``. The clocks of a round start at this time (Điều 10.2.1a),
    so a late arrival reads it. Written by ``tournaments.services.set_round_schedule``."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="round_schedule", verbose_name=_("giải đấu"))
    number = models.PositiveSmallIntegerField(_("ván số"),
                                              validators=[MinValueValidator(1),
                                                          MaxValueValidator(99)])
    day = models.DateField(_("ngày thi đấu"))
    start_time = models.TimeField(_("giờ bắt đầu"))
    note = models.CharField(_("ghi chú"), max_length=120, blank=True)

    class Meta:
        verbose_name = _("lịch ván đấu")
        verbose_name_plural = _("lịch thi đấu")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="scheduled_round_once")]

    def __str__(self) -> str:
        return f"{self.tournament} — ván {self.number}: {self.day:%d/%m/%Y} {self.start_time:%H:%M}"


class BoardAssignment(models.Model):
    """The chief arbiter assigns an arbiter to boards of a round (Điều 20.3b "phân công trọng
    tài cho các trận đấu"; the board arbiter of Điều 20.4 b.2 stays in the area given him).
    Written by ``tournaments.services.assign_boards``."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="board_assignments",
                              verbose_name=pgettext_lazy("tournament round", "ván đấu"))
    official = models.ForeignKey(Official, on_delete=models.CASCADE,
                                 related_name="board_assignments", verbose_name=_("trọng tài"))
    first_board = models.PositiveSmallIntegerField(_("từ bàn"))
    last_board = models.PositiveSmallIntegerField(_("đến bàn"))
    assigned_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người phân công"))
    assigned_at = models.DateTimeField(_("phân công lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("phân công trọng tài bàn")
        verbose_name_plural = _("phân công trọng tài bàn")
        ordering = ["round", "first_board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "official"], name="board_assignment_once"),
            models.CheckConstraint(condition=models.Q(first_board__gte=1)
                                   & models.Q(last_board__gte=models.F("first_board")),
                                   name="board_assignment_range"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.official} — bàn {self.first_board}-{self.last_board}"


class Suspension(models.Model):
    """The chief arbiter suspends the event for a special cause and sets a new time and place
    to go on (Điều 20.3d "tạm đình chỉ giải đấu và định lại thời gian, địa điểm"). An open
    suspension (no ``resumed_at``) stops new rounds from being paired or started. Kept for
    ever: resuming fills ``resumed_at``; nothing is deleted."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="suspensions", verbose_name=_("giải đấu"))
    reason = textfields.bounded_text(_("lý do"), max_length=textfields.NOTE)
    resume_plan = textfields.bounded_text(
        _("thời gian, địa điểm tiếp tục"), blank=True, max_length=textfields.NOTE,
        help_text=_("Điều 20.3d: thời gian, địa điểm định lại để tiếp tục giải."))
    suspended_at = models.DateTimeField(_("tạm đình chỉ lúc"))
    suspended_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=_("người tạm đình chỉ"))
    resumed_at = models.DateTimeField(_("tiếp tục lúc"), null=True, blank=True)
    resumed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người cho tiếp tục"))

    class Meta:
        verbose_name = _("tạm đình chỉ giải")
        verbose_name_plural = _("tạm đình chỉ giải")
        ordering = ["tournament", "suspended_at", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament"],
                                               condition=models.Q(resumed_at__isnull=True),
                                               name="one_open_suspension")]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.reason[:40]}"


class Delegation(models.Model):
    """A delegation (đoàn) at the event: the unit that sends players with its head, team
    leaders and coaches (Điều 14-15; Phụ lục 5 mục 14 "danh sách trưởng đoàn, huấn luyện viên
    và đấu thủ"), ranked overall ("toàn đoàn", Phụ lục 5 mục 10)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="delegations", verbose_name=_("giải đấu"))
    name = models.CharField(_("tên đoàn"), max_length=200)
    club = models.ForeignKey("federation.Club", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="delegations", verbose_name=_("câu lạc bộ"))
    body = models.ForeignKey("federation.Body", null=True, blank=True, on_delete=models.PROTECT,
                             related_name="delegations", verbose_name=_("đơn vị (liên đoàn)"))

    class Meta:
        verbose_name = _("đoàn")
        verbose_name_plural = _("đoàn")
        ordering = ["tournament", "name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"],
                                               name="delegation_name_once")]

    def __str__(self) -> str:
        return self.name


class DelegationStaff(models.Model):
    """A head of delegation, team leader or coach (Điều 14-15: "huấn luyện viên, lãnh đội";
    Phụ lục 5 mục 14: "trưởng đoàn")."""

    class Role(models.TextChoices):
        HEAD = "head", _("Trưởng đoàn")
        LEADER = "leader", _("Lãnh đội")
        COACH = "coach", _("Huấn luyện viên")

    delegation = models.ForeignKey(Delegation, on_delete=models.CASCADE, related_name="staff",
                                   verbose_name=_("đoàn"))
    person = models.ForeignKey("federation.Person", on_delete=models.PROTECT,
                               related_name="delegation_roles", verbose_name=_("người"))
    role = models.CharField(_("vai trò"), max_length=8, choices=Role.choices)

    class Meta:
        verbose_name = _("cán bộ đoàn")
        verbose_name_plural = _("cán bộ đoàn")
        ordering = ["delegation", "role", "id"]
        constraints = [
            models.UniqueConstraint(fields=["delegation", "person"], name="delegation_staff_once"),
            models.UniqueConstraint(fields=["delegation"], condition=models.Q(role="head"),
                                    name="one_head_of_delegation"),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()}: {self.person}"


class Prize(models.Model):
    """A prize of the regulations (Phụ lục 5 mục 10 "Số giải thưởng, hình thức thưởng: huy
    chương, tiền, hiện vật"): for a place of the individual, team or overall delegation
    ranking, its medal, amount and item; awarded from the final standings by
    ``tournaments.services.award_prizes`` (Điều 19.4: announced at the closing ceremony)."""

    class Kind(models.TextChoices):
        INDIVIDUAL = "individual", _("Cá nhân")
        TEAM = "team", _("Đồng đội")
        DELEGATION = "delegation", _("Toàn đoàn")

    class Medal(models.TextChoices):
        GOLD = "gold", _("Huy chương vàng")
        SILVER = "silver", _("Huy chương bạc")
        BRONZE = "bronze", _("Huy chương đồng")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="prize_items", verbose_name=_("giải đấu"))
    kind = models.CharField(_("loại giải thưởng"), max_length=10, choices=Kind.choices,
                            default=Kind.INDIVIDUAL)
    place = models.PositiveSmallIntegerField(_("hạng"), validators=[MinValueValidator(1),
                                                                    MaxValueValidator(500)])
    name = models.CharField(_("tên giải thưởng"), max_length=120)
    medal = models.CharField(_("huy chương"), max_length=6, choices=Medal.choices, blank=True)
    amount = models.PositiveBigIntegerField(_("tiền thưởng (đồng)"), null=True, blank=True,
                                            validators=[MaxValueValidator(10**12)])
    item = models.CharField(_("hiện vật"), max_length=200, blank=True)
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="prizes_won", verbose_name=_("đấu thủ đạt giải"))
    team = models.ForeignKey(TeamEntry, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="prizes_won", verbose_name=_("đội đạt giải"))
    delegation = models.ForeignKey(Delegation, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="prizes_won", verbose_name=_("đoàn đạt giải"))
    awarded_at = models.DateTimeField(_("trao lúc"), null=True, blank=True)
    awarded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người trao"))

    class Meta:
        verbose_name = _("giải thưởng")
        verbose_name_plural = _("giải thưởng")
        ordering = ["tournament", "kind", "place", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "kind", "place"],
                                               name="prize_place_once")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.name}"

    @property
    def winner_name(self) -> str:
        won = self.entry or self.team or self.delegation
        return won.name if won is not None else ""


class PlayOffGame(models.Model):
    """A play-off game between players tied on points (thi đấu bổ sung: seed 002 Phần 2 Điều
    2.3, "Để phân định thứ hạng trong trường hợp bằng điểm nhau ... Thi đấu bổ sung"; Phần 3
    Phụ lục 1). It counts for nothing but the tie-break ``PO``: the points each player scored
    in the event's play-off games decide among the tied when the regulations list ``PO``.
    Written only by ``tournaments.services.record_playoff_game``; never deleted."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT,
                                   related_name="playoff_games", verbose_name=_("giải đấu"))
    number = models.PositiveSmallIntegerField(_("ván bổ sung số"))
    white = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+",
                              verbose_name=_("bên Trắng/Đỏ"))
    black = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+",
                              verbose_name=_("bên Đen"))
    result = models.CharField(_("kết quả"), max_length=8, choices=Result.choices)
    note = textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("trọng tài ghi"))
    recorded_at = models.DateTimeField(_("ghi lúc"), auto_now_add=True)
    #: a game of a team play-off (``PlayOffMatch``): it counts for the teams, not the players
    match = models.ForeignKey("PlayOffMatch", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="games", verbose_name=_("trận thi đấu thêm"))
    board = models.PositiveSmallIntegerField(_("bàn"), null=True, blank=True)

    class Meta:
        verbose_name = _("ván thi đấu bổ sung")
        verbose_name_plural = _("ván thi đấu bổ sung")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="playoff_game_number_once")]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('ván bổ sung')} {self.number}"


class PlayOffMatch(models.Model):
    """A play-off match between teams tied in the team table (thi đấu thêm: seed 002 Phần 2
    Điều 2.3, "Trong thi đấu đồng đội. - Thi đấu thêm."). Its games are ``PlayOffGame`` rows
    (``match``, ``board``); its match points (2 won, 1 drawn, 0 lost, as 30.1.5 counts) are
    the teams' tie-break ``PO``. Written only by ``record_team_playoff``; never deleted."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT,
                                   related_name="playoff_matches", verbose_name=_("giải đấu"))
    number = models.PositiveSmallIntegerField(_("trận thi đấu thêm số"))
    home = models.ForeignKey(TeamEntry, on_delete=models.PROTECT, related_name="+",
                             verbose_name=_("đội thứ nhất"))
    away = models.ForeignKey(TeamEntry, on_delete=models.PROTECT, related_name="+",
                             verbose_name=_("đội thứ hai"))
    note = textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("trọng tài ghi"))
    recorded_at = models.DateTimeField(_("ghi lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("trận thi đấu thêm (đồng đội)")
        verbose_name_plural = _("trận thi đấu thêm (đồng đội)")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="playoff_match_number_once")]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('trận thi đấu thêm')} {self.number}"
