"""Rounds, team matches and pairings with their results, and the records of changes to
them (result changes, late arrivals, pairing changes)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from chessrules import values
from core import textfields
from tournaments.models.entries import Entry, TeamEntry
from tournaments.models.tournament import Tournament


class Round(models.Model):
    """One round (ván/vòng) with the audit data of the pairing job."""

    class Status(models.TextChoices):
        PAIRED = "paired", _("Đã xếp cặp")
        STARTED = "started", _("Đang đấu")
        COMPLETE = "complete", _("Đã đủ kết quả")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds",
                                   verbose_name=_("giải đấu"))
    number = models.PositiveSmallIntegerField(_("ván số"))
    status = models.CharField(_("trạng thái"), max_length=10, choices=Status.choices,
                              default=Status.PAIRED)
    system = models.CharField(_("thể thức"), max_length=20)
    engine_version = models.CharField(_("phiên bản chessrules"), max_length=20)
    seed = models.BigIntegerField(_("hạt giống bốc thăm"), null=True, blank=True)
    warnings = models.JSONField(_("cảnh báo"), default=list, blank=True)
    draw = models.JSONField(
        _("dữ liệu bốc thăm"), default=dict, blank=True,
        help_text=_("Hệ Đại tuần hoàn (Điều 29): nhóm điểm, nhóm màu, đánh dấu xuống/lên nhóm."))
    job = models.ForeignKey("core.Job", null=True, blank=True, on_delete=models.SET_NULL,
                            related_name="+", verbose_name=_("công việc xếp cặp"))
    paired_at = models.DateTimeField(_("xếp cặp lúc"), auto_now_add=True)
    started_at = models.DateTimeField(_("bắt đầu lúc"), null=True, blank=True)
    completed_at = models.DateTimeField(_("xong lúc"), null=True, blank=True)

    class Meta:
        # a round ("ván 5"), not a game: its own context (issue 18)
        verbose_name = pgettext_lazy("tournament round", "ván đấu")
        verbose_name_plural = pgettext_lazy("tournament round", "ván đấu")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="round_once")]

    def __str__(self) -> str:
        return f"{self.tournament} — ván {self.number}"


class TeamMatch(models.Model):
    """A match between two teams in a round (Điều 30); ``home`` has the priority colours."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches",
                              verbose_name=_("ván"))
    table = models.PositiveSmallIntegerField(_("bàn trận"))
    home = models.ForeignKey(TeamEntry, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="home_matches", verbose_name=_("đội ưu tiên"))
    away = models.ForeignKey(TeamEntry, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="away_matches", verbose_name=_("đội kia"))

    class Meta:
        verbose_name = _("trận đồng đội")
        verbose_name_plural = _("trận đồng đội")
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"],
                                               name="team_match_table_once")]

    def __str__(self) -> str:
        return f"{self.home} - {self.away or _('nghỉ')}"


class Result(models.TextChoices):
    """Results of one pairing (Điều 21.1): the labels of ``chessrules.values.Result``."""

    PENDING = values.Result.PENDING.value, _("Chưa có kết quả")
    WHITE_WINS = values.Result.WHITE_WINS.value, "1-0"
    DRAW = values.Result.DRAW.value, "½-½"
    BLACK_WINS = values.Result.BLACK_WINS.value, "0-1"
    WHITE_FORFEIT_WIN = (values.Result.WHITE_FORFEIT_WIN.value,
                         _("Trắng thắng do đối phương bỏ cuộc (+/-)"))
    BLACK_FORFEIT_WIN = (values.Result.BLACK_FORFEIT_WIN.value,
                         _("Đen thắng do đối phương bỏ cuộc (-/+)"))
    DOUBLE_FORFEIT = values.Result.DOUBLE_FORFEIT.value, _("Cả hai bỏ cuộc")
    ADJOURNED = values.Result.ADJOURNED.value, _("Hoãn / đang chờ")
    BYE = values.Result.BYE.value, _("Nghỉ")


#: stored result -> (White's, Black's) points, for the decided results (derived, for queries)
FINAL_RESULTS = frozenset(r.value for r in values.Result if r.final)


class Pairing(models.Model):
    """One board of a round: White against Black, or a bye (``black`` empty).

    ``version`` increases with every change (optimistic concurrency: a stale write is
    refused with HTTP 409). ``kind`` tells a game from a pairing-allocated bye (PAB), a
    requested bye or a player not paired.
    """

    class Kind(models.TextChoices):
        GAME = "game", pgettext_lazy("game", "Ván đấu")
        PAB = "pab", _("Nghỉ do lẻ đấu thủ")
        REQUESTED_BYE = "bye", _("Xin nghỉ")
        ABSENT = "absent", _("Không xếp cặp")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings",
                              verbose_name=_("ván"))
    board = models.PositiveIntegerField(_("bàn"))
    kind = models.CharField(_("loại"), max_length=6, choices=Kind.choices, default=Kind.GAME)
    white = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="pairings_as_white", verbose_name=_("bên Trắng/Đỏ"))
    black = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="pairings_as_black", verbose_name=_("bên Đen"))
    result = models.CharField(_("kết quả"), max_length=8, choices=Result.choices, blank=True,
                              default=Result.PENDING)
    bye_points = models.DecimalField(_("điểm nghỉ"), max_digits=3, decimal_places=1,
                                     null=True, blank=True)
    team_match = models.ForeignKey(TeamMatch, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="boards", verbose_name=_("trận đồng đội"))
    match_board = models.PositiveSmallIntegerField(_("bàn trong trận"), null=True, blank=True)
    match_key = models.CharField(_("mã cặp đấu loại"), max_length=20, blank=True,
                                 help_text=_("Loại trực tiếp: các ván của một cặp chung mã."))
    game_number = models.PositiveSmallIntegerField(_("ván trong cặp"), default=1)
    #: Luật Cờ Vua 13.4e-f (002; FIDE 12.9e-f): a side's points of the game as the arbiter's
    #: penalty set them (empty: the result's); ``services.penalty_points`` writes them
    white_points = models.DecimalField(_("điểm ván của Trắng theo hình phạt"), max_digits=2,
                                       decimal_places=1, null=True, blank=True)
    black_points = models.DecimalField(_("điểm ván của Đen theo hình phạt"), max_digits=2,
                                       decimal_places=1, null=True, blank=True)
    version = models.PositiveIntegerField(_("phiên bản"), default=1)
    updated_at = models.DateTimeField(_("cập nhật lúc"), auto_now=True)

    class Meta:
        verbose_name = _("cặp đấu")
        verbose_name_plural = _("cặp đấu")
        ordering = ["round", "board"]
        constraints = [models.UniqueConstraint(fields=["round", "board"], name="board_once")]

    def __str__(self) -> str:
        black = self.black.name if self.black else _("nghỉ")
        white = self.white.name if self.white else "-"
        return f"{self.round.number}.{self.board} {white} - {black} {self.result}"

    @property
    def is_bye(self) -> bool:
        return self.kind != self.Kind.GAME

    @property
    def has_result(self) -> bool:
        return self.is_bye or self.result in values.RESULT_POINTS


class ResultChange(models.Model):
    """Every result change: who, when, from what, to what, and through what (api, admin…)."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="result_changes",
                                verbose_name=_("cặp đấu"))
    old_result = models.CharField(_("kết quả cũ"), max_length=8, blank=True)
    new_result = models.CharField(_("kết quả mới"), max_length=8, blank=True)
    class Source(models.TextChoices):
        """Through what the result came (services._common.ARBITER_SOURCES and the games app)."""

        API = "api", _("API (phần mềm trọng tài)")
        BULK = "bulk", _("nhập cả ván đấu")
        ADMIN = "admin", _("trang quản trị")
        IMPORT = "import", _("nhập tệp giải")
        GAME_RECORD_CORRECTION = "game_record_correction", _("sửa biên bản")
        LATE_ARRIVAL = "late_arrival", _("xử thua do đến muộn")
        LATE_ARRIVAL_CANCEL = "late_arrival_cancel", _("hủy xử thua do đến muộn")
        GAMES = "games", _("phán quyết trên biên bản")
        COMPLAINT = "complaint", _("quyết định giải quyết khiếu nại")
        ANNULMENT = "annulment", _("hủy ván, đấu lại (Điều 9.9)")
        PENALTY = "penalty", _("hình phạt trừ/tăng điểm ván (Luật Cờ Vua 13.4e-f)")

    version = models.PositiveIntegerField(_("phiên bản mới"))
    source = models.CharField(_("nguồn"), max_length=30, default="api", choices=Source.choices)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người sửa"))
    changed_at = models.DateTimeField(_("lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("thay đổi kết quả")
        verbose_name_plural = _("thay đổi kết quả")
        ordering = ["changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.pairing_id}: {self.old_result or '?'} → {self.new_result or '?'}"


class LateArrival(models.Model):
    """A player lost a game for arriving late (Điều 10.2.1a; chess 002 Điều 6.7).

    The clocks run from ``scheduled_start``; a player not at the board ``allowed_minutes``
    (the tournament's ``late_arrival_minutes`` when it was recorded) after it loses the game.
    ``arrived_at`` is when he came (empty: he did not come), ``decided_at`` when the arbiter
    declared the loss. Written only by ``tournaments.services.record_late_arrival``, which
    records the forfeit result on the board (both late: double forfeit).
    """

    class Side(models.TextChoices):
        WHITE = "white", _("Trắng (Đỏ)")
        BLACK = "black", _("Đen")

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="late_arrivals",
                                verbose_name=_("cặp đấu"))
    side = models.CharField(_("bên đến muộn"), max_length=5, choices=Side.choices)
    scheduled_start = models.DateTimeField(_("giờ bắt đầu ván (bấm đồng hồ)"))
    arrived_at = models.DateTimeField(_("đến lúc"), null=True, blank=True,
                                      help_text=_("Để trống: đấu thủ không đến."))
    decided_at = models.DateTimeField(_("trọng tài xử thua lúc"))
    allowed_minutes = models.PositiveSmallIntegerField(_("thời gian đến muộn tối đa (phút)"))
    note = textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("trọng tài ghi"))
    recorded_at = models.DateTimeField(_("ghi lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("xử thua do đến muộn")
        verbose_name_plural = _("xử thua do đến muộn")
        ordering = ["pairing", "side"]
        constraints = [models.UniqueConstraint(fields=["pairing", "side"],
                                               name="late_arrival_once_per_side")]

    def __str__(self) -> str:
        return f"{self.pairing}: {self.get_side_display()}"


class PairingChange(models.Model):
    """A manual change of a pairing before the round starts, with the arbiter's reason."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairing_changes",
                              verbose_name=_("ván"))
    pairing = models.ForeignKey(Pairing, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="changes", verbose_name=_("cặp đấu"))
    before = models.JSONField(_("trước"), default=dict)
    after = models.JSONField(_("sau"), default=dict)
    reason = textfields.bounded_text(_("lý do"), max_length=textfields.NOTE)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người sửa"))
    changed_at = models.DateTimeField(_("lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("thay đổi cặp đấu")
        verbose_name_plural = _("thay đổi cặp đấu")
        ordering = ["changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.round}: {self.reason[:40]}"
