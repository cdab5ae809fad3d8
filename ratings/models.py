"""Rating lists, rating periods, players' ratings and the national titles (issue 8).

Ratings follow FIDE B.02 (2024) through ``ratings.engine``; titles follow Phụ lục 6 of the
Luật Cờ Tướng 2004, whose criteria are stored as versioned data (:class:`TitleCriteriaTable`).

A period's list is complete: every player who has a state on the list (rated, or unrated with
games pending for a first rating) has one :class:`PlayerRating` row in every computed period,
so a list, a rank and a player's history are plain reads. The row holds the player's state at
the END of the period (the state for the next period); the numbers of the period (games, K,
change) are on the row and per event on :class:`RatingChangeDetail`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core import textfields
from federation.models import Discipline


class TimeControlClass(models.TextChoices):  # Điều 10, same values as Tournament.TimeControlClass
    STANDARD = "standard", _("Cờ tiêu chuẩn")
    RAPID = "rapid", _("Cờ nhanh")
    BLITZ = "blitz", _("Cờ chớp")


class RatingList(models.Model):
    """One list per discipline × time-control class, with its FIDE B.02 settings as JSON."""

    discipline = models.CharField(_("môn"), max_length=10, choices=Discipline.choices)
    time_control_class = models.CharField(_("loại thời gian"), max_length=10,
                                          choices=TimeControlClass.choices)
    name = models.CharField(_("tên bảng hệ số"), max_length=120)
    rules = models.JSONField(_("tham số tính hệ số"), default=dict,
                             help_text=_("Tham số FIDE B.02 (K, chênh lệch tối đa 400, hệ số "
                                         "sàn, hệ số đầu tiên...). Thiếu khóa: giá trị FIDE."))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("bảng hệ số")
        verbose_name_plural = _("bảng hệ số")
        ordering = ["discipline", "time_control_class"]
        constraints = [models.UniqueConstraint(fields=["discipline", "time_control_class"],
                                               name="one_rating_list_per_class")]

    def __str__(self) -> str:
        return self.name


class RatingPeriod(models.Model):
    """A rating period of one list (monthly by default), computed by a job and published."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Chưa tính")
        COMPUTED = "computed", _("Đã tính")
        PUBLISHED = "published", _("Đã công bố")

    rating_list = models.ForeignKey(RatingList, on_delete=models.PROTECT, related_name="periods",
                                    verbose_name=_("bảng hệ số"))
    start = models.DateField(_("từ ngày"))
    end = models.DateField(_("đến ngày"))
    status = models.CharField(_("trạng thái"), max_length=10, choices=Status.choices,
                              default=Status.DRAFT)
    computed_at = models.DateTimeField(_("tính lúc"), null=True, blank=True)
    published_at = models.DateTimeField(_("công bố lúc"), null=True, blank=True)
    job = models.ForeignKey("core.Job", null=True, blank=True, on_delete=models.SET_NULL,
                            related_name="+", verbose_name=_("công việc tính"))
    computations = models.PositiveIntegerField(_("số lần tính"), default=0)
    summary = models.JSONField(_("tóm tắt"), default=dict, blank=True)

    class Meta:
        verbose_name = _("kỳ tính hệ số")
        verbose_name_plural = _("kỳ tính hệ số")
        ordering = ["rating_list", "-start"]
        # Publishing is its own act (computing is not publishing): staff who may compute a
        # period do not necessarily hold this permission.
        permissions = [("publish_ratingperiod", _("Được công bố danh sách hệ số"))]
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "start"], name="one_period_per_start"),
            models.CheckConstraint(condition=models.Q(end__gte=models.F("start")),
                                   name="period_end_after_start"),
        ]

    def __str__(self) -> str:
        return f"{self.rating_list} {self.start:%m/%Y}"


class PeriodTournament(models.Model):
    """A certified tournament whose games a period rated: a correction recomputes this period
    (and the later ones) even if the tournament is certified again in a later month."""

    period = models.ForeignKey(RatingPeriod, on_delete=models.CASCADE, related_name="tournaments",
                               verbose_name=_("kỳ"))
    tournament = models.OneToOneField("tournaments.Tournament", on_delete=models.CASCADE,
                                      related_name="rating_period_link",
                                      verbose_name=_("giải đấu"))
    games = models.PositiveIntegerField(_("số ván tính hệ số"), default=0)
    signature = models.CharField(_("dấu vân tay các ván"), max_length=64, blank=True,
                                 db_index=True,
                                 help_text=_("Băm các ván được tính: hai giải cùng dấu là một "
                                             "giải bị tính hai lần."))
    duplicate_of = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.PROTECT,
        related_name="+", verbose_name=_("trùng với giải"),
        help_text=_("Giải có cùng các ván đã được tính: giải này không được tính lại."))

    class Meta:
        verbose_name = _("giải tính trong kỳ")
        verbose_name_plural = _("giải tính trong kỳ")

    def __str__(self) -> str:
        return f"{self.period}: {self.tournament_id}"


class RatingPublication(models.Model):
    """One publication of a period's list (công bố): the official record, never deleted or
    changed. A correction of a published period is published again as the next number, with
    its reason; every earlier publication keeps the list as it was published (``rows``)."""

    period = models.ForeignKey(RatingPeriod, on_delete=models.PROTECT,
                               related_name="publications", verbose_name=_("kỳ"))
    number = models.PositiveSmallIntegerField(_("lần công bố"))
    published_at = models.DateTimeField(_("công bố lúc"))
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("người công bố"))
    reason = textfields.bounded_text(_("lý do công bố lại"), blank=True, max_length=textfields.NOTE)
    summary = models.JSONField(_("tóm tắt"), default=dict, blank=True)
    rows = models.JSONField(_("danh sách đã công bố"), default=list, blank=True,
                            help_text=_("[mã người, thứ hạng, hệ số, hệ số đầu kỳ, số ván, "
                                        "thay đổi] của từng đấu thủ."))

    class Meta:
        verbose_name = _("lần công bố danh sách hệ số")
        verbose_name_plural = _("các lần công bố danh sách hệ số")
        ordering = ["period", "number"]
        constraints = [models.UniqueConstraint(fields=["period", "number"],
                                               name="one_publication_number_per_period")]

    def __str__(self) -> str:
        return f"{self.period} #{self.number}"


class PlayerRating(models.Model):
    """A player on the list of one period: his state after the period and its numbers."""

    # No single-column indexes: the unique (period, person) and the (person, period) index
    # cover them, and every index slows the 100,000-row COPY of a period.
    period = models.ForeignKey(RatingPeriod, on_delete=models.CASCADE, related_name="ratings",
                               verbose_name=_("kỳ"), db_index=False)
    person = models.ForeignKey("federation.Person", on_delete=models.PROTECT,
                               related_name="ratings", verbose_name=_("đấu thủ"), db_index=False)
    rating = models.PositiveSmallIntegerField(_("hệ số"), null=True, blank=True,
                                              help_text=_("Trống: chưa có hệ số."))
    old_rating = models.PositiveSmallIntegerField(_("hệ số đầu kỳ"), null=True, blank=True)
    games = models.PositiveIntegerField(_("số ván trong kỳ"), default=0)
    score = models.DecimalField(_("điểm trong kỳ"), max_digits=7, decimal_places=1, default=0)
    expected = models.DecimalField(_("điểm kỳ vọng"), max_digits=9, decimal_places=2,
                                   null=True, blank=True)
    k = models.PositiveSmallIntegerField(_("hệ số K"), null=True, blank=True)
    k_reason = models.CharField(_("lý do K"), max_length=200, blank=True)
    change = models.SmallIntegerField(_("thay đổi (làm tròn)"), null=True, blank=True)
    change_exact = models.DecimalField(_("thay đổi (chưa làm tròn)"), max_digits=9,
                                       decimal_places=2, null=True, blank=True)
    rank = models.PositiveIntegerField(_("thứ hạng"), null=True, blank=True)
    published = models.BooleanField(_("đã công bố"), default=False)
    became_rated = models.BooleanField(_("có hệ số lần đầu"), default=False)
    delisted = models.BooleanField(_("xuống dưới hệ số sàn"), default=False)
    initial = models.JSONField(_("tính hệ số đầu tiên"), null=True, blank=True)
    # The state for the next period (chessrules.rating.PlayerState).
    total_games = models.PositiveIntegerField(_("số ván từ khi có hệ số"), default=0)
    peak_rating = models.PositiveSmallIntegerField(_("hệ số cao nhất"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    pending = models.JSONField(_("ván chờ tính hệ số đầu tiên"), default=list, blank=True)

    class Meta:
        verbose_name = _("hệ số đấu thủ")
        verbose_name_plural = _("hệ số đấu thủ")
        ordering = ["period", "rank", "person_id"]
        constraints = [models.UniqueConstraint(fields=["period", "person"],
                                               name="one_rating_per_period")]
        indexes = [models.Index(fields=["person", "period"])]

    def __str__(self) -> str:
        return f"{self.person_id}: {self.rating or '-'}"


class RatingChangeDetail(models.Model):
    """One player's rated games of one event in a period (what he needs to check his rating):
    ``opponents`` is a list of {"person", "rating", "score", "expected"}."""

    # No database-level foreign-key constraints (Django still cascades and protects): these
    # rows are derived, written only by the period job from rows read in the same locked
    # transaction, and the deferred checks of 200,000 rows would cost seconds at commit.
    player_rating = models.ForeignKey(PlayerRating, on_delete=models.CASCADE,
                                      related_name="details", verbose_name=_("hệ số đấu thủ"),
                                      db_constraint=False)
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT,
                                   related_name="rating_details", verbose_name=_("giải đấu"),
                                   db_constraint=False)
    old_rating = models.PositiveSmallIntegerField(_("hệ số trước"), null=True, blank=True)
    games = models.PositiveSmallIntegerField(_("số ván"))
    score = models.DecimalField(_("điểm"), max_digits=6, decimal_places=1)
    expected = models.DecimalField(_("điểm kỳ vọng"), max_digits=8, decimal_places=2,
                                   null=True, blank=True)
    k = models.PositiveSmallIntegerField(_("hệ số K"), null=True, blank=True)
    change = models.DecimalField(_("thay đổi"), max_digits=9, decimal_places=2, null=True,
                                 blank=True)
    performance = models.PositiveSmallIntegerField(_("hệ số thi đấu (Rp)"), null=True,
                                                   blank=True)
    opponents = models.JSONField(_("đối thủ"), default=list)

    class Meta:
        verbose_name = _("chi tiết thay đổi hệ số")
        verbose_name_plural = _("chi tiết thay đổi hệ số")
        ordering = ["player_rating", "id"]

    def __str__(self) -> str:
        return f"{self.player_rating_id} @ {self.tournament_id}: {self.change}"


# --- titles (Phụ lục 6) ---------------------------------------------------------------------------

class TitleCode(models.TextChoices):
    NATIONAL_MASTER = "national_master", _("Kiện tướng quốc gia")
    NATIONAL_CANDIDATE_MASTER = "national_candidate_master", _("Kiện tướng dự bị quốc gia")
    FIRST_CATEGORY = "first_category", _("Cấp I quốc gia")


TITLE_ORDER = {TitleCode.NATIONAL_MASTER: 3, TitleCode.NATIONAL_CANDIDATE_MASTER: 2,
               TitleCode.FIRST_CATEGORY: 1}


class TitleCriteriaTable(models.Model):
    """A version of the title standards (Phụ lục 6 and later adjustments, as JSON)."""

    code = models.CharField(_("mã"), max_length=60, unique=True)
    discipline = models.CharField(_("môn"), max_length=10, choices=Discipline.choices,
                                  default=Discipline.XIANGQI)
    valid_from = models.DateField(_("áp dụng từ"))
    valid_to = models.DateField(_("áp dụng đến"), null=True, blank=True)
    source = models.CharField(_("căn cứ"), max_length=300, blank=True)
    data = models.JSONField(_("bảng tiêu chuẩn"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("bảng tiêu chuẩn phong cấp")
        verbose_name_plural = _("bảng tiêu chuẩn phong cấp")
        ordering = ["discipline", "-valid_from"]

    def __str__(self) -> str:
        return self.code


class ForeignTitle(models.Model):
    """A WXF/AXF master title, recorded by staff (Phụ lục 6 A.1.d, B.1.c)."""

    class Kind(models.TextChoices):
        WXF_MASTER = "WXF master", _("Kiện tướng Liên đoàn cờ Tướng Thế giới (WXF)")
        AXF_MASTER = "AXF master", _("Kiện tướng Liên đoàn cờ Tướng châu Á (AXF)")

    person = models.ForeignKey("federation.Person", on_delete=models.PROTECT,
                               related_name="foreign_titles", verbose_name=_("người"))
    title = models.CharField(_("danh hiệu"), max_length=20, choices=Kind.choices)
    awarded_on = models.DateField(_("ngày phong"))
    reference = models.CharField(_("văn bản"), max_length=200, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người ghi"))
    recorded_at = models.DateTimeField(_("ghi lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("danh hiệu quốc tế")
        verbose_name_plural = _("danh hiệu quốc tế")
        constraints = [models.UniqueConstraint(fields=["person", "title"],
                                               name="foreign_title_once")]

    def __str__(self) -> str:
        return f"{self.person}: {self.title}"


class TitleQualification(models.Model):
    """A Phụ lục 6 criterion met, with its evidence, waiting for (or after) staff review."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Chờ duyệt")
        APPROVED = "approved", _("Đã duyệt")
        REJECTED = "rejected", _("Không duyệt")

    class Section(models.TextChoices):  # values: chessrules.titles MEN / WOMEN
        MEN = "men", _("Nam")
        WOMEN = "women", _("Nữ")

    person = models.ForeignKey("federation.Person", on_delete=models.PROTECT,
                               related_name="title_qualifications", verbose_name=_("người"))
    title = models.CharField(_("đẳng cấp"), max_length=30, choices=TitleCode.choices)
    criterion_id = models.CharField(_("tiêu chuẩn"), max_length=20)
    criterion_text = textfields.bounded_text(_("nội dung tiêu chuẩn"), blank=True,
                                             max_length=textfields.SECTION)
    table = models.ForeignKey(TitleCriteriaTable, on_delete=models.PROTECT,
                              related_name="qualifications", verbose_name=_("bảng tiêu chuẩn"))
    # Choices so that filters and pages say "Nam"/"Nữ", not men/women (issue #18).
    section = models.CharField(_("nội dung (nam/nữ)"), max_length=6, choices=Section.choices)
    tournament = models.ForeignKey("tournaments.Tournament", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="title_qualifications",
                                   verbose_name=_("giải đấu"))
    foreign_title = models.ForeignKey(ForeignTitle, null=True, blank=True,
                                      on_delete=models.CASCADE, related_name="qualifications",
                                      verbose_name=_("danh hiệu quốc tế"))
    event_date = models.DateField(_("ngày (kết thúc giải)"))
    evidence = models.JSONField(_("căn cứ"), default=dict)
    status = models.CharField(_("trạng thái"), max_length=10, choices=Status.choices,
                              default=Status.PENDING)
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("người duyệt"))
    reviewed_at = models.DateTimeField(_("duyệt lúc"), null=True, blank=True)
    rejection_reason = textfields.bounded_text(_("lý do không duyệt"), blank=True,
                                               max_length=textfields.NOTE)
    decision = models.ForeignKey("documents.Decision", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="title_qualifications",
                                 verbose_name=_("quyết định"))
    created_at = models.DateTimeField(_("lập lúc"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("đạt tiêu chuẩn phong cấp")
        verbose_name_plural = _("đạt tiêu chuẩn phong cấp")
        ordering = ["-event_date", "person_id", "criterion_id"]
        constraints = [
            models.UniqueConstraint(fields=["person", "tournament", "criterion_id"],
                                    condition=models.Q(tournament__isnull=False),
                                    name="qualification_once_per_event"),
            models.UniqueConstraint(fields=["person", "foreign_title", "criterion_id"],
                                    condition=models.Q(foreign_title__isnull=False),
                                    name="qualification_once_per_foreign_title"),
        ]

    def __str__(self) -> str:
        return f"{self.person}: {self.get_title_display()} ({self.criterion_id})"


class PlayerTitle(models.Model):
    """A national title awarded by a decision (shown on the member's profile)."""

    person = models.ForeignKey("federation.Person", on_delete=models.PROTECT,
                               related_name="titles", verbose_name=_("người"))
    title = models.CharField(_("đẳng cấp"), max_length=30, choices=TitleCode.choices)
    awarded_on = models.DateField(_("ngày phong"))
    decision = models.ForeignKey("documents.Decision", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="player_titles",
                                 verbose_name=_("quyết định"))
    qualification = models.OneToOneField(TitleQualification, null=True, blank=True,
                                         on_delete=models.SET_NULL, related_name="award",
                                         verbose_name=_("tiêu chuẩn đạt"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("đẳng cấp quốc gia")
        verbose_name_plural = _("đẳng cấp quốc gia")
        ordering = ["-awarded_on"]
        constraints = [models.UniqueConstraint(fields=["person", "title"],
                                               name="title_awarded_once")]

    def __str__(self) -> str:
        return f"{self.person}: {self.get_title_display()}"
