"""Game records (biên bản thi đấu), their faults and PGN uploads.

The record is the federation's evidence for a result: Điều 11 (the score sheet and how it is
completed), Điều 13 (end of game: players and arbiter check and sign), Phụ lục 4 (the official
form: event, round, date, White/Black and their numbers, the moves, the players' score, the
arbiter's decision, three signatures), Điều 7 (outcomes, including "both lose", 7.1i) and
Điều 9, 11.3b, 15.7, 16 (faults; the third technical or conduct fault loses, 7.1n).

Models hold data and invariants only; writes go through :mod:`games.services`, reads through
:mod:`games.selectors`; move rules live in ``chessrules`` (through :mod:`games.engine`).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from chessrules import values
from chessrules.values import ChessPenalty, Infraction, Result, Sanction
from core import textfields
from federation.models import Discipline


class JSONField(models.JSONField):
    """A JSONField that bulk inserts with one placeholder per value on PostgreSQL.

    Django 5.2 bulk inserts through ``UNNEST`` of arrays; psycopg then escapes every quote of
    every JSON text inside the array literal with a regular expression, which made a
    1,000-game import spend seconds there. ``get_placeholder`` switches that off for the
    tables with JSON (Django keeps the plain ``VALUES`` form).
    """

    def get_placeholder(self, value: Any, compiler: Any, connection: Any) -> str:
        return "%s"


class Side(models.TextChoices):
    WHITE = "white", _("Trắng (Đỏ)")
    BLACK = "black", _("Đen")


class Decision(models.TextChoices):
    """The arbiter's decision (Phụ lục 4 "Phán quyết của Trọng tài"; Điều 7.1i: both lose)."""

    WHITE_WINS = "white_wins", _("Trắng thắng")
    BLACK_WINS = "black_wins", _("Đen thắng")
    DRAW = "draw", _("Hòa")
    BOTH_LOSE = "both_lose", _("Cả hai bị xử thua")
    #: Điều 9.9a-b: the game is cancelled and replayed; no result (the replay has its own)
    ANNULLED = "annulled", _("Hủy ván, đấu lại (Điều 9.9a-b)")


class DeclaredScore(models.TextChoices):
    """The score the players write on their sheets (Điều 11.1b, 13.1: "Tỷ số ván đấu")."""

    WHITE_WINS = Result.WHITE_WINS.value, "1-0"
    BLACK_WINS = Result.BLACK_WINS.value, "0-1"
    DRAW = Result.DRAW.value, "½-½"


def _notation_label(code: str) -> Promise:
    """A notation's label, from the disciplines that use it (``chessrules.values``): one label,
    or each discipline's, joined (``vn`` is P2-5 in xiangqi, Mf3 in chess)."""
    labels = dict.fromkeys(d.notation_labels[code] for d in values.Discipline
                           if code in d.notation_labels)
    return format_lazy(" / ".join("{}" for _label in labels), *(_(label) for label in labels))


#: How the moves were written: detected ("auto"), or a notation of the record's discipline
#: (Điều 11.2a/b, Phụ lục 3, WXF, ICCS; chess SAN / VN / UCI): ``chessrules.values.Discipline``.
AUTO_NOTATION = "auto"
Notation = models.TextChoices("Notation", [
    ("AUTO", (AUTO_NOTATION, _("Tự nhận dạng"))),
    *((code.upper().replace("-", "_"), (code, _notation_label(code)))
      for code in dict.fromkeys(c for d in values.Discipline for c in d.notations)),
], module=__name__)  # type: ignore[call-overload]  # django-stubs types the class form only


class ValidationStatus(models.TextChoices):
    PENDING = "pending", _("Chờ kiểm tra")
    VALID = "valid", _("Hợp lệ")
    WARNINGS = "warnings", _("Hợp lệ, có lưu ý")
    INVALID = "invalid", _("Không hợp lệ")


class GameRecord(models.Model):
    """One game's score sheet and the arbiter's decision on it.

    ``pairing`` links the record to a tournament pairing (helper tournaments app); a standalone
    game (friendly, club game, an old record) has none and carries its own event name.
    ``version`` is bumped by every write (optimistic concurrency: a client sends the version it
    read and gets 409 when the record changed meanwhile).
    """

    pairing = models.OneToOneField(
        "tournaments.Pairing", null=True, blank=True, on_delete=models.PROTECT,
        related_name="game_record", verbose_name=_("cặp đấu"))
    discipline = models.CharField(_("môn"), max_length=10, choices=Discipline.choices)
    white = models.ForeignKey(
        "federation.Person", null=True, blank=True, on_delete=models.PROTECT,
        related_name="games_as_white", verbose_name=_("đấu thủ Trắng"))
    black = models.ForeignKey(
        "federation.Person", null=True, blank=True, on_delete=models.PROTECT,
        related_name="games_as_black", verbose_name=_("đấu thủ Đen"))
    white_name = models.CharField(_("tên Trắng (như ghi)"), max_length=200, blank=True)
    black_name = models.CharField(_("tên Đen (như ghi)"), max_length=200, blank=True)
    event_name = models.CharField(_("tên giải"), max_length=200, blank=True)
    played_on = models.DateField(_("ngày đấu"), null=True, blank=True)
    round_number = models.PositiveSmallIntegerField(_("vòng"), null=True, blank=True)
    board_number = models.PositiveSmallIntegerField(_("bàn"), null=True, blank=True)

    start_fen = models.CharField(_("thế cờ bắt đầu (FEN)"), max_length=120, blank=True,
                                 help_text=_("Để trống: thế cờ ban đầu."))
    moves_text = textfields.bounded_text(_("nước đi như ghi trên biên bản"), blank=True,
                                         max_length=textfields.MOVES)
    notation = models.CharField(_("cách ghi"), max_length=10, choices=Notation.choices,
                                default=AUTO_NOTATION)
    moves_normalised = JSONField(_("nước đi chuẩn hóa (ICCS/UCI)"), default=list,
                                        blank=True)
    moves_federation = JSONField(_("nước đi theo cách ghi Việt Nam"), default=list,
                                        blank=True)
    final_fen = models.CharField(_("thế cờ cuối (FEN)"), max_length=120, blank=True)
    ending = models.CharField(_("kết thúc phát hiện được"), max_length=20, blank=True)

    pgn_tags = models.JSONField(
        _("thẻ PGN khác"), default=dict, blank=True,
        help_text=_("Các thẻ của tệp PGN đã nhập mà biên bản không có trường riêng (địa "
                    "điểm, ngày chưa rõ đủ, hệ số, mã FIDE, thời gian): xuất lại như cũ."))
    declared_score = models.CharField(_("tỷ số đấu thủ ghi"), max_length=7, blank=True,
                                      choices=DeclaredScore.choices)
    decision = models.CharField(_("phán quyết của trọng tài"), max_length=12, blank=True,
                                choices=Decision.choices)
    annulment = models.ForeignKey(
        "tournaments.AnnulledGame", null=True, blank=True, on_delete=models.PROTECT,
        related_name="game_records", verbose_name=_("ván bị hủy (Điều 9.9)"),
        help_text=_("Biên bản của ván bị hủy: rời bàn đấu (bàn chờ ván đấu lại), nối với lần "
                    "hủy."))
    decision_reason = models.CharField(_("lý do phán quyết"), max_length=40, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("trọng tài phán quyết"))
    decided_at = models.DateTimeField(_("phán quyết lúc"), null=True, blank=True)
    proposed_decision = models.CharField(_("phán quyết đề xuất"), max_length=12, blank=True,
                                         choices=Decision.choices)
    proposed_reason = models.CharField(_("lý do đề xuất"), max_length=40, blank=True)

    #: Điều 10.1.2 (Asian control): the first half-move of the final phase, entered by the
    #: arbiter (``games.services.set_final_phase``); checks are counted from it
    final_phase_ply = models.PositiveSmallIntegerField(
        _("giai đoạn cuối từ nửa nước (Điều 10.1.2)"), null=True, blank=True,
        help_text=_("Kiểu châu Á: nửa nước đầu tiên đi sau khi hết 120 phút (cứ 5 phút 10 "
                    "nước; biên bản do đại diện trọng tài ghi; chiếu Tướng không quá bốn lần)."))
    white_time_used = models.DurationField(_("thời gian Trắng đã dùng"), null=True, blank=True)
    black_time_used = models.DurationField(_("thời gian Đen đã dùng"), null=True, blank=True)
    white_signed_at = models.DateTimeField(_("Trắng ký lúc"), null=True, blank=True)
    black_signed_at = models.DateTimeField(_("Đen ký lúc"), null=True, blank=True)
    arbiter_signed_at = models.DateTimeField(_("trọng tài xác nhận lúc"), null=True, blank=True)
    arbiter_signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("trọng tài xác nhận"))

    validation_status = models.CharField(_("kiểm tra"), max_length=10,
                                         choices=ValidationStatus.choices,
                                         default=ValidationStatus.PENDING, db_index=True)
    validation_error = JSONField(_("lỗi đầu tiên"), null=True, blank=True)
    validation_flags = JSONField(_("dấu hiệu (lặp, chiếu mãi, đuổi bắt)"), default=dict,
                                        blank=True)
    validation_warnings = JSONField(_("lưu ý"), default=list, blank=True)
    repetition_proposals = JSONField(
        _("đề xuất xử lặp (Điều 23-24)"), default=list, blank=True,
        help_text=_("Đề xuất của chương trình cho mỗi chu kỳ lặp; trọng tài quyết định."))
    validation_consistency = JSONField(_("tỷ số và thế cờ cuối"), default=dict,
                                              blank=True)
    validated_input = models.CharField(max_length=64, blank=True, editable=False,
                                       help_text="sha256 of the inputs the stored state came from")
    validated_at = models.DateTimeField(_("kiểm tra lúc"), null=True, blank=True)

    upload = models.ForeignKey("GameUpload", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="games", verbose_name=_("tải lên từ"))
    version = models.PositiveIntegerField(_("phiên bản"), default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("người nhập"))
    created_at = models.DateTimeField(_("nhập lúc"), auto_now_add=True)
    updated_at = models.DateTimeField(_("sửa lúc"), auto_now=True)
    # Derived validation data is left out of the history: it follows from the inputs (moves,
    # notation, start, score, decision), which are kept, and it doubled the bulk import.
    history = HistoricalRecords(excluded_fields=[
        "validated_input", "moves_normalised", "moves_federation", "validation_flags",
        "validation_warnings", "validation_consistency", "validation_error", "final_fen",
        "ending", "validation_status", "validated_at", "repetition_proposals"])
    #: the reason django-simple-history records with the next change (set before a save)
    _change_reason: str

    class Meta:
        verbose_name = _("biên bản ván đấu")
        verbose_name_plural = _("biên bản ván đấu")
        ordering = ["-played_on", "round_number", "board_number", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(decision="") | ~Q(decision_reason=""),
                name="games_decision_has_reason"),
        ]

    def __str__(self) -> str:
        white = self.white_name or (str(self.white) if self.white_id else "?")
        black = self.black_name or (str(self.black) if self.black_id else "?")
        where = f" V{self.round_number}" if self.round_number else ""
        where += f" B{self.board_number}" if self.board_number else ""
        return f"{white} – {black}{where}"


def arbiter_note_fields() -> tuple[models.Field[Any, Any], ...]:
    """The fields an arbiter's note in a game carries (a fault, a warning): the article,
    the half-move, a free note, who wrote it and when. Made afresh for each model."""
    return (
        models.CharField(_("điều luật"), max_length=20, blank=True),
        models.PositiveSmallIntegerField(_("ở nửa nước"), null=True, blank=True),
        textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE),
        models.ForeignKey(
            settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
            related_name="+", verbose_name=_("trọng tài ghi")),
        models.DateTimeField(_("ghi lúc"), auto_now_add=True),
    )


class FaultKind(models.TextChoices):
    TECHNICAL = "technical", _("Lỗi kỹ thuật")
    CONDUCT = "conduct", _("Lỗi tác phong")
    #: chess only: a completed illegal move (Luật Cờ Vua 7.4b in 002; FIDE Laws 7.5)
    ILLEGAL_MOVE = "illegal_move", _("Nước đi không hợp lệ (cờ vua)")


class GameFault(models.Model):
    """A fault written against one player in one game (Điều 9, 11.3b, 15.7, 16.3).

    ``scoresheet_omission`` marks the technical fault of Điều 11.3b / 16.3 (four consecutive
    moves missing from the score sheet): three of them lose by Điều 7.1m.
    """

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="faults",
                             verbose_name=pgettext_lazy("game", "ván đấu"))
    side = models.CharField(_("bên"), max_length=5, choices=Side.choices)
    kind = models.CharField(_("loại lỗi"), max_length=14, choices=FaultKind.choices)
    scoresheet_omission = models.BooleanField(_("sót 4 nước liên tục (Điều 11.3b)"),
                                              default=False)
    article, ply, note, recorded_by, recorded_at = arbiter_note_fields()
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("lỗi trong ván")
        verbose_name_plural = _("lỗi trong ván")
        ordering = ["game", "recorded_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} – {self.get_side_display()} ({self.article})"


class PenaltyKind(models.TextChoices):
    """The chess arbiter's penalties (Luật Cờ Vua 13.4 in 002; FIDE Laws 12.9): values of
    ``chessrules.values.ChessPenalty``."""

    WARNING = ChessPenalty.WARNING.value, _("Nhắc nhở")
    ADD_TIME = ChessPenalty.ADD_TIME.value, _("Tăng thời gian cho đối phương")
    REDUCE_TIME = ChessPenalty.REDUCE_TIME.value, _("Trừ thời gian của đấu thủ vi phạm")
    LOSS = ChessPenalty.LOSS.value, _("Xử thua ván cờ")
    REDUCE_POINTS = ChessPenalty.REDUCE_POINTS.value, _("Trừ điểm ván đấu của đấu thủ vi phạm")
    RAISE_OPPONENT_POINTS = (ChessPenalty.RAISE_OPPONENT_POINTS.value,
                             _("Tăng điểm ván đấu tối đa cho đối phương"))
    EXPULSION = ChessPenalty.EXPULSION.value, _("Truất quyền thi đấu")


class GamePenalty(models.Model):
    """A penalty of the chess arbiter against one player (Luật Cờ Vua 13.4 in 002; FIDE
    Laws 12.9), or the two minutes an illegal move gives the opponent (7.4b; FIDE 7.5.5),
    then linked to that fault. Written only by ``games.services`` (``add_penalty``,
    ``add_fault``)."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="penalties",
                             verbose_name=pgettext_lazy("game", "ván đấu"))
    side = models.CharField(_("bên bị phạt"), max_length=5, choices=Side.choices)
    kind = models.CharField(_("hình phạt"), max_length=14, choices=PenaltyKind.choices)
    minutes = models.PositiveSmallIntegerField(_("số phút"), null=True, blank=True)
    points = models.DecimalField(
        _("điểm ván còn lại"), max_digits=2, decimal_places=1, null=True, blank=True,
        help_text=_("Trừ điểm (13.4e): số điểm ván đấu thủ vi phạm còn được."))
    fault = models.OneToOneField(GameFault, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="penalty", verbose_name=_("lỗi dẫn tới"))
    article, ply, note, recorded_by, recorded_at = arbiter_note_fields()
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("hình phạt của trọng tài (cờ vua)")
        verbose_name_plural = _("hình phạt của trọng tài (cờ vua)")
        ordering = ["game", "recorded_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} – {self.get_side_display()} ({self.article})"


class WarningLevel(models.TextChoices):
    """Điều 16.1a-b: the levels below a fault (values: ``chessrules.values.Sanction``)."""

    REMINDER = Sanction.REMINDER.value, _("Nhắc nhở")
    CAUTION = Sanction.CAUTION.value, _("Cảnh cáo")
    AS_INTENTIONAL = Sanction.AS_INTENTIONAL.value, _("Xử lý như chạm quân cố ý (Điều 9.6)")


class WarningReason(models.TextChoices):
    """What the arbiter reminded or cautioned the player about; each has its ladder
    (values and ladders: ``chessrules.values.Infraction``, ``LADDERS``)."""

    ACCIDENTAL_TOUCH = Infraction.ACCIDENTAL_TOUCH.value, _("Chạm quân vô ý (Điều 9.6)")
    PIECE_BETWEEN_POINTS = (Infraction.PIECE_BETWEEN_POINTS.value,
                            _("Quân rơi giữa hai giao điểm (Điều 9.8)"))
    CONDUCT = Infraction.CONDUCT.value, _("Vi phạm tác phong (Điều 15.7)")
    OTHER = Infraction.OTHER.value, _("Vi phạm khác (Điều 16.1)")


class GameWarning(models.Model):
    """A reminder (nhắc nhở) or caution (cảnh cáo) given to one player in one game
    (Điều 9.6, 9.8, 15.7b, 16.1a-b). A repeat escalates as the articles say: the fault it
    led to is ``fault`` (Điều 9.8: a technical fault; 15.7b: a conduct fault)."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="warnings",
                             verbose_name=pgettext_lazy("game", "ván đấu"))
    side = models.CharField(_("bên"), max_length=5, choices=Side.choices)
    reason = models.CharField(_("vi phạm"), max_length=16, choices=WarningReason.choices)
    level = models.CharField(_("mức xử lý"), max_length=12, choices=WarningLevel.choices,
                             blank=True)
    fault = models.OneToOneField(GameFault, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="warning", verbose_name=_("thành lỗi"))
    article, ply, note, recorded_by, recorded_at = arbiter_note_fields()
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("nhắc nhở, cảnh cáo")
        verbose_name_plural = _("nhắc nhở, cảnh cáo")
        ordering = ["game", "recorded_at", "id"]

    def __str__(self) -> str:
        what = self.get_level_display() if self.level else _("thành lỗi")
        return f"{what} – {self.get_side_display()} ({self.get_reason_display()})"


class MoveLimitClaim(models.Model):
    """A false claim of the no-capture draw (Điều 12b): the claimant is penalised by two
    more minutes on his opponent's clock, and the game goes on.

    "Nếu trọng tài phát hiện ra chưa đủ 50 nước thì sẽ phạt người đề nghị bằng cách tăng
    thêm thời gian 2 phút cho đối phương rồi cho tiến hành tiếp ván cờ." A later claim counts
    the earlier moves without capture too (12c) and, if still short, costs 2 more minutes.
    ``counted`` is the count the record gives at ``ply`` (moves per side, checks at most 5,
    12c); written only by ``games.services.add_false_move_limit_claim``.
    """

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE,
                             related_name="move_limit_claims",
                             verbose_name=pgettext_lazy("game", "ván đấu"))
    side = models.CharField(_("bên đề nghị hòa"), max_length=5, choices=Side.choices)
    ply = models.PositiveSmallIntegerField(_("sau nửa nước"))
    counted = JSONField(_("số nước không ăn quân đếm được"), default=dict, blank=True)
    limit = models.PositiveSmallIntegerField(_("số nước để xử hòa"))
    minutes_to_opponent = models.PositiveSmallIntegerField(_("phút cộng cho đối phương"))
    article = models.CharField(_("điều luật"), max_length=20, default="12b")
    note = textfields.bounded_text(_("ghi chú"), blank=True, max_length=textfields.NOTE)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("trọng tài ghi"))
    recorded_at = models.DateTimeField(_("ghi lúc"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("đề nghị hòa 50 nước sai (phạt thời gian)")
        verbose_name_plural = _("đề nghị hòa 50 nước sai (phạt thời gian)")
        ordering = ["game", "ply", "id"]

    def __str__(self) -> str:
        return f"{self.game} – {self.get_side_display()} @{self.ply}: +{self.minutes_to_opponent}'"

    @property
    def beneficiary(self) -> str:
        """The side whose clock gets the minutes: the claimant's opponent (Điều 12b)."""
        return Side.BLACK if self.side == Side.WHITE else Side.WHITE


class GameUpload(models.Model):
    """A PGN file uploaded for a tournament or one round; imported by one job.

    Nothing is half-imported: the job writes all games or none, unless ``keep_valid`` was
    chosen, in which case the valid, matched games are written and the rest only reported.
    """

    class State(models.TextChoices):
        PENDING = "pending", _("Chờ nhập")
        IMPORTED = "imported", _("Đã nhập")
        REJECTED = "rejected", _("Bị từ chối, không ghi gì")

    tournament = models.ForeignKey("tournaments.Tournament", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="game_uploads",
                                   verbose_name=_("giải"))
    round_number = models.PositiveSmallIntegerField(_("vòng"), null=True, blank=True)
    discipline = models.CharField(_("môn"), max_length=10, choices=Discipline.choices,
                                  blank=True)
    event_name = models.CharField(_("tên giải (ván lẻ)"), max_length=200, blank=True)
    file_name = models.CharField(_("tên tệp"), max_length=200, blank=True)
    content = models.TextField(_("nội dung PGN"))
    notation = models.CharField(_("cách ghi"), max_length=10, choices=Notation.choices,
                                default=AUTO_NOTATION)
    keep_valid = models.BooleanField(_("giữ các ván hợp lệ"), default=False)
    state = models.CharField(_("trạng thái"), max_length=10, choices=State.choices,
                             default=State.PENDING)
    report = JSONField(_("báo cáo"), null=True, blank=True)
    job = models.ForeignKey("core.Job", null=True, blank=True, on_delete=models.SET_NULL,
                            related_name="+", verbose_name=_("công việc"))
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("người tải lên"))
    uploaded_at = models.DateTimeField(_("tải lên lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("tệp PGN tải lên")
        verbose_name_plural = _("tệp PGN tải lên")
        ordering = ["-uploaded_at"]

    def __str__(self) -> str:
        return self.file_name or f"upload {self.pk}"
