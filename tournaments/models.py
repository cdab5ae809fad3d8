"""Tournaments: the event, its officials, entries, rounds, pairings and results.

The lifecycle (draft → registration open → registration closed → rounds → finished →
certified) is driven by ``tournaments.services``; these models hold the data and the
invariants that do not need a query. Pairing algorithms live in ``chessrules`` and are
reached only through ``tournaments.engine``.

Names are stable: the games app links a game record to :class:`Pairing`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from chessrules import values
from chessrules.competition import knockout, match
from chessrules.competition.delegations import DelegationOrder
from core import textfields
from core.text import fold
from federation.models import Discipline


class Tournament(models.Model):
    """A tournament (giải đấu) with its regulations (Phụ lục 5) and settings."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Bản nháp")
        REGISTRATION = "registration", _("Đang nhận đăng ký")
        CLOSED = "closed", _("Đã khóa đăng ký (đã bốc số)")
        RUNNING = "running", _("Đang thi đấu")
        FINISHED = "finished", _("Đã kết thúc")
        CERTIFIED = "certified", _("Đã công nhận kết quả")

    class TimeControlClass(models.TextChoices):  # Điều 10
        STANDARD = "standard", _("Cờ tiêu chuẩn")
        RAPID = "rapid", _("Cờ nhanh")
        BLITZ = "blitz", _("Cờ chớp")

    class TimeControlPreset(models.TextChoices):  # Điều 10.1; chessrules.timecontrol.PRESETS
        MIN_60 = "60", _("60 phút mỗi bên, không kiểm tra số nước (Điều 10.1.1a)")
        MIN_90 = "90", _("90 phút mỗi bên (Điều 10.1.1b)")
        MIN_90_25 = "90_25", _("90 phút: 25 nước trong 60 phút đầu, 30 phút còn lại (Điều 10.1.2)")
        MIN_120 = "120", _("120 phút: 25 nước trong 60 phút đầu, 60 phút còn lại "
                           "(Điều 10.1.1c, 10.1.2)")
        INTL_10_15 = "intl_10_15", _("Thể thức quốc tế: cứ 15 phút 10 nước (Điều 10.1.1d)")
        ASIAN = "asian", _("Kiểu châu Á: 25/35/45/55/65 nước trong 60/75/90/105/120 phút, "
                           "sau đó cứ 5 phút 10 nước (Điều 10.1.2)")
        RAPID_15 = "rapid_15", _("Cờ nhanh 15 phút mỗi bên (Điều 10.1.1e)")
        RAPID_25 = "rapid_25", _("Cờ nhanh 25 phút mỗi bên (Điều 10.1.1e)")
        RAPID_30 = "rapid_30", _("Cờ nhanh 30 phút mỗi bên (Điều 10.1.1e)")
        FIDE_40_90_30 = "fide_40_90_30", _("FIDE: 90 phút cho 40 nước, 30 phút còn lại, "
                                           "+30 giây mỗi nước")
        FIDE_90_30 = "fide_90_30", _("FIDE: 90 phút +30 giây mỗi nước")
        FIDE_RAPID_15_10 = "fide_rapid_15_10", _("FIDE cờ nhanh: 15 phút +10 giây mỗi nước")
        FIDE_BLITZ_3_2 = "fide_blitz_3_2", _("FIDE cờ chớp: 3 phút +2 giây mỗi nước")
        CUSTOM = "custom", _("Tự định nghĩa (các giai đoạn và giây cộng thêm)")

    class LateArrivalLimit(models.IntegerChoices):  # Điều 10.2.1a; 002 Điều 6.7
        NONE = 0, _("0 phút: đến sau giờ bắt đầu là thua (cờ vua, FIDE 6.7a)")
        MIN_15 = 15, _("15 phút")
        MIN_30 = 30, _("30 phút")
        MIN_60 = 60, _("60 phút")

    class Category(models.TextChoices):  # Điều 17.2, Phụ lục 5
        NATIONAL_INDIVIDUAL = "national_individual", _("Giải vô địch cá nhân quốc gia")
        NATIONAL_TEAM = "national_team", _("Giải vô địch đồng đội quốc gia")
        NATIONAL_YOUTH = "national_youth", _("Giải vô địch trẻ quốc gia")
        PROVINCIAL = "provincial", _("Giải cấp tỉnh")
        CLUB = "club", _("Giải câu lạc bộ")
        OPEN = "open", _("Giải mở rộng")
        FRIENDLY = "friendly", _("Giải giao hữu")
        INVITATIONAL = "invitational", _("Giải mời")
        NATIONAL_FIRST_DIVISION = ("national_first_division",
                                   _("Giải hạng nhất toàn quốc"))  # Điều 17.2
        SELECTION = "selection", _("Giải tuyển chọn")
        REGIONAL = "regional", _("Giải khu vực")
        INTERNATIONAL = "international", _("Giải quốc tế")

    class AgeGroup(models.TextChoices):
        U8 = "U8", "U8"
        U10 = "U10", "U10"
        U12 = "U12", "U12"
        U14 = "U14", "U14"
        U15 = "U15", "U15"  # Phụ lục 6: first category for the U15 youth champion
        U16 = "U16", "U16"
        U18 = "U18", "U18"

    class GenderSection(models.TextChoices):  # values: chessrules.values.GenderSection
        OPEN = values.GenderSection.OPEN.value, _("Chung")
        MEN = values.GenderSection.MEN.value, _("Nam")
        WOMEN = values.GenderSection.WOMEN.value, _("Nữ")

    class System(models.TextChoices):  # Chương VI; values: chessrules.values.System
        ROUND_ROBIN = values.System.ROUND_ROBIN.value, _("Vòng tròn")
        DOUBLE_ROUND_ROBIN = values.System.DOUBLE_ROUND_ROBIN.value, _("Vòng tròn hai lượt")
        DUTCH = values.System.DUTCH.value, _("Hệ Thụy Sĩ (Dutch, FIDE C.04.3)")
        SWISS_DRAW = values.System.SWISS_DRAW.value, _("Hệ Thụy Sĩ bốc thăm (Điều 29)")
        KNOCKOUT = values.System.KNOCKOUT.value, _("Loại trực tiếp")
        TEAM_ROUND_ROBIN = values.System.TEAM_ROUND_ROBIN.value, _("Đồng đội vòng tròn")
        SCHEVENINGEN = values.System.SCHEVENINGEN.value, _("Đối kháng kiểu Anh (Scheveningen)")
        TEAM_SWISS_DRAW = values.System.TEAM_SWISS_DRAW.value, _("Đồng đội Thụy Sĩ bốc thăm")
        ADJUSTED_SWISS = values.System.ADJUSTED_SWISS.value, _("Hệ Thụy Sĩ điều chỉnh (Điều 28)")
        MATCH = values.System.MATCH.value, _("Đấu đối kháng cá nhân (Điều 8)")
        INDIVIDUAL_SCHEVENINGEN = (values.System.INDIVIDUAL_SCHEVENINGEN.value,
                                   _("Svennhighen cá nhân: nhóm A gặp nhóm B (Điều 10)"))
        SIMULTANEOUS = values.System.SIMULTANEOUS.value, _("Đối kháng đồng loạt (Điều 30.2.1)")
        TEAM_KNOCKOUT = values.System.TEAM_KNOCKOUT.value, _("Đồng đội loại trực tiếp (Điều 30.3)")

    class TeamRanking(models.TextChoices):  # values: chessrules.values.TeamRanking
        GAME_BOARDS = (values.TeamRanking.GAME_BOARDS.value,
                       _("Tổng điểm, rồi bảng 1, bảng 2… (Điều 30.1.5)"))
        MATCH_GAME_BOARDS = (values.TeamRanking.MATCH_GAME_BOARDS.value,
                             _("Điểm trận trước, rồi tổng điểm, bảng 1, bảng 2…"))
        GAME_MATCH_OPPONENTS = (values.TeamRanking.GAME_MATCH_OPPONENTS.value,
                                _("Tổng điểm, rồi điểm trận, hệ số đối thủ (002 Điều 2.3)"))
        MATCH_GAME_OPPONENTS = (values.TeamRanking.MATCH_GAME_OPPONENTS.value,
                                _("Điểm trận trước, rồi tổng điểm, hệ số đối thủ "
                                  "(002 Điều 2.3)"))

    class KnockoutTieRule(models.TextChoices):  # Điều 25; values: knockout.TieRule
        TWO_GAMES_THEN_DECIDER = (knockout.TieRule.TWO_THEN_DECIDER.value,
                                  _("Đấu thêm 2 ván, rồi 1 ván bốc thăm màu quân"))
        TWO_GAMES_THEN_LOTS = knockout.TieRule.TWO_THEN_LOTS.value, _("Đấu thêm 2 ván, rồi bốc thăm")
        LOTS = knockout.TieRule.LOTS.value, _("Bốc thăm ngay sau trận 2 ván")

    class MatchScoring(models.TextChoices):  # Điều 21.1-21.2; values: chessrules.values
        GAMES = values.MatchScoring.GAMES.value, _("Từng ván (thắng 1, hòa ½, thua 0)")
        TWO_GAME_MATCH = (values.MatchScoring.TWO_GAME_MATCH.value,
                          _("Trận hai ván: điểm ván 2/1/0, điểm trận 1/½/0 (Điều 21.2)"))

    class KnockoutPlacement(models.TextChoices):  # 002 Điều 11; values: knockout.Placement
        NONE = knockout.Placement.NONE.value, _("Không đấu xếp hạng (đồng hạng 3, đồng hạng 5)")
        THIRD = knockout.Placement.THIRD.value, _("Đấu tranh hạng 3")
        THIRD_AND_FIVE_TO_EIGHT = (knockout.Placement.THIRD_AND_FIVE_TO_EIGHT.value,
                                   _("Đấu tranh hạng 3 và hạng 5-8"))

    class TeamMatchForm(models.TextChoices):  # Điều 30.3; values: values.TeamMatchForm
        SCHEVENINGEN = (values.TeamMatchForm.SCHEVENINGEN.value,
                        _("Đối kháng kiểu Anh: mỗi đấu thủ gặp mọi đấu thủ đội kia (Điều 30.2.2)"))
        SIMULTANEOUS = (values.TeamMatchForm.SIMULTANEOUS.value,
                        _("Đối kháng đồng loạt: bàn gặp bàn, một ván (Điều 30.2.1)"))

    class KnockoutDoubleForfeit(models.TextChoices):  # Điều 25; 002 Điều 11
        BOTH_OUT = knockout.DoubleForfeitRule.BOTH_OUT.value, _("Cả hai bị loại")
        HIGHER_SEED = knockout.DoubleForfeitRule.HIGHER_SEED.value, _("Hạt giống cao hơn đi tiếp")
        REPLAY = knockout.DoubleForfeitRule.REPLAY.value, _("Đấu lại ván đó")

    class SwissWithdrawal(models.TextChoices):  # Điều 21.5.2
        NOT_PAIRED = "not_paired", _("Không xếp cặp nữa")
        OPPONENT_WINS = "opponent_wins", _("Ai bốc thăm gặp đấu thủ bỏ cuộc được xử thắng")

    class Entrants(models.TextChoices):  # Điều 17.2: giải mời, giải quốc tế
        MEMBERS = "members", _("Chỉ hội viên Liên đoàn")
        GUESTS = "guests", _("Hội viên và khách mời trong nước (giải mời, giải mở rộng)")
        INTERNATIONAL = "international", _("Hội viên, khách mời và đấu thủ nước ngoài "
                                           "(giải quốc tế)")

    class DelegationRanking(models.TextChoices):  # Phụ lục 5 mục 10; values: delegations
        MEDALS = DelegationOrder.MEDALS.value, _("Theo huy chương: nhất, rồi nhì, rồi ba, rồi "
                                                 "tổng điểm")
        POINTS = DelegationOrder.POINTS.value, _("Theo tổng điểm các đấu thủ của đoàn, rồi huy "
                                                 "chương")

    class DisqualificationScoring(models.TextChoices):  # Điều 15.6, 16.1d
        OWN_POINTS = "own_points", _("Hủy điểm của đấu thủ bị truất quyền; đối thủ giữ kết "
                                     "quả các ván đã đấu")
        ALL_GAMES = "all_games", _("Hủy mọi ván của đấu thủ bị truất quyền (cả điểm đối thủ "
                                   "đạt được khi gặp đấu thủ đó)")

    class ExcessCheck(models.TextChoices):  # Điều 10.1.2 (Asian control): a fifth check
        TECHNICAL_FAULT = "technical_fault", _("Không cho đi, bắt đi nước khác và ghi một lỗi "
                                               "kỹ thuật (Điều 10.1.2, 16.3)")
        LOSS = "loss", _("Xử thua ván (Điều 7.1l; đề xuất để trọng tài xác nhận)")

    name = models.CharField(_("tên giải"), max_length=250)
    #: the name without diacritics, lower case (``core.text.fold``): searches match "ha noi"
    #: to "Hà Nội" on SQLite and PostgreSQL alike; kept by :meth:`save`
    name_folded = models.CharField(max_length=250, editable=False, db_index=True, default="")
    discipline = models.CharField(_("môn"), max_length=10, choices=Discipline.choices)
    time_control_class = models.CharField(_("loại thời gian"), max_length=10,
                                          choices=TimeControlClass.choices,
                                          default=TimeControlClass.STANDARD)
    time_control_preset = models.CharField(_("mẫu thời gian"), max_length=20,
                                           choices=TimeControlPreset.choices,
                                           default=TimeControlPreset.MIN_90)
    time_control = models.JSONField(
        _("thời gian thi đấu"), default=dict, blank=True,
        help_text=_("Điều 10: các giai đoạn (số nước phải đi trong số phút, giai đoạn cuối "
                    "đến hết ván hoặc lặp lại) và số giây cộng thêm mỗi nước. Chọn một mẫu "
                    "thì lấy theo mẫu."))
    time_control_note = models.CharField(
        _("ghi chú thời gian"), max_length=120, blank=True,
        help_text=_("Chỉ để ghi chú thêm; thời gian thi đấu là các giai đoạn ở trên."))
    category = models.CharField(_("loại giải"), max_length=24, choices=Category.choices,
                                default=Category.OPEN)
    age_group = models.CharField(_("lứa tuổi"), max_length=4, choices=AgeGroup.choices,
                                 blank=True)
    gender_section = models.CharField(_("nội dung"), max_length=6, choices=GenderSection.choices,
                                      default=GenderSection.OPEN)
    womens_championship = models.BooleanField(
        _("đồng thời là giải vô địch nữ"), default=False,
        help_text=_("Theo điều lệ giải: nội dung mở đồng thời là giải nữ — thứ hạng của vận động "
                    "viên nữ xét trong số nữ (Phụ lục 6, mục B)."))
    start_date = models.DateField(_("ngày bắt đầu"))
    end_date = models.DateField(_("ngày kết thúc"))
    venue = models.CharField(_("địa điểm"), max_length=300, blank=True)
    organiser_body = models.ForeignKey(
        "federation.Body", null=True, blank=True, on_delete=models.PROTECT,
        related_name="tournaments", verbose_name=_("đơn vị tổ chức (liên đoàn)"))
    organiser_club = models.ForeignKey(
        "federation.Club", null=True, blank=True, on_delete=models.PROTECT,
        related_name="tournaments", verbose_name=_("đơn vị tổ chức (câu lạc bộ)"))
    rated = models.BooleanField(_("tính hệ số"), default=True)
    system = models.CharField(_("thể thức"), max_length=20, choices=System.choices)
    number_of_rounds = models.PositiveSmallIntegerField(
        _("số ván/vòng"), null=True, blank=True,
        help_text=_("Bỏ trống với vòng tròn/loại trực tiếp: tính theo số đấu thủ."))
    bye_score = models.DecimalField(_("điểm nghỉ (bye)"), max_digits=3, decimal_places=1,
                                    default=Decimal("1.0"))
    requested_bye_score = models.DecimalField(
        _("điểm ván xin nghỉ"), max_digits=3, decimal_places=1, default=Decimal("0"),
        help_text=_("Điều 28.7 (002 Điều 13.7): ván đấu thủ xin nghỉ không được điểm, "
                    "trừ khi điều lệ giải quy định khác (0, 0.5 hoặc 1)."))
    swiss_withdrawal = models.CharField(
        _("bỏ cuộc (hệ Thụy Sĩ)"), max_length=20, choices=SwissWithdrawal.choices,
        default=SwissWithdrawal.NOT_PAIRED,
        help_text=_("Điều 21.5.2: kết quả đã đấu giữ nguyên; đấu thủ bỏ cuộc không được xếp "
                    "cặp nữa, hoặc vẫn được bốc thăm và ai gặp đấu thủ đó được xử thắng."))
    entrants = models.CharField(
        _("đối tượng tham dự"), max_length=14, choices=Entrants.choices,
        default=Entrants.MEMBERS,
        help_text=_("Điều 17.2: giải mời, giải quốc tế nhận cả người không phải hội viên "
                    "Liên đoàn (khách mời) và đấu thủ nước ngoài."))
    delegation_ranking = models.CharField(
        _("cách xếp hạng toàn đoàn"), max_length=8, choices=DelegationRanking.choices,
        default=DelegationRanking.MEDALS,
        help_text=_("Phụ lục 5 mục 10: giải toàn đoàn; luật không quy định cách tính, điều lệ "
                    "giải chọn (docs/decisions-tournaments.md)."))
    disqualification_scoring = models.CharField(
        _("điểm khi truất quyền thi đấu"), max_length=10,
        choices=DisqualificationScoring.choices, default=DisqualificationScoring.OWN_POINTS,
        help_text=_("Điều 15.6: hủy bỏ điểm số đấu thủ vi phạm đã đạt; điều lệ giải có thể "
                    "hủy cả các ván đối thủ đã đấu với người đó."))
    tiebreaks = models.CharField(
        _("thứ tự hệ số phụ"), max_length=200, blank=True,
        help_text=_("Mã cách nhau bởi dấu phẩy, ví dụ DE,SB,WIN,BWG (Điều 21.3) "
                    "hoặc BH,BH-C1 (Điều 21.4). Bỏ trống: mặc định theo thể thức."))
    move_rule_reference = models.CharField(
        _("luật số nước (50/60 nước)"), max_length=60, blank=True,
        help_text=_("Tham chiếu điều luật áp dụng cho luật số nước hòa cờ."))
    no_capture_move_limit = models.PositiveSmallIntegerField(
        _("số nước không ăn quân để xử hòa"), default=50,
        validators=[MinValueValidator(20), MaxValueValidator(100)],
        help_text=_("Điều 12: 50 nước mỗi bên (bản 001 ghi 60); điều lệ giải quyết định."))
    match_scoring = models.CharField(
        _("cách tính điểm"), max_length=16, choices=MatchScoring.choices,
        default=MatchScoring.GAMES,
        help_text=_("Điều 21.2: mỗi cặp đấu một trận hai ván (lượt đi, lượt về); xếp hạng "
                    "theo điểm trận rồi điểm ván. Chỉ cho vòng tròn một lượt và loại trực tiếp."))
    knockout_tie_rule = models.CharField(_("xử lý hòa trận loại trực tiếp"), max_length=20,
                                         choices=KnockoutTieRule.choices,
                                         default=KnockoutTieRule.TWO_GAMES_THEN_DECIDER)
    knockout_double_forfeit = models.CharField(
        _("xử lý cả hai bỏ cuộc (loại trực tiếp)"), max_length=20,
        choices=KnockoutDoubleForfeit.choices, default=KnockoutDoubleForfeit.BOTH_OUT)
    knockout_placement = models.CharField(
        _("trận xếp hạng (loại trực tiếp)"), max_length=12, choices=KnockoutPlacement.choices,
        default=KnockoutPlacement.NONE)
    team_match_form = models.CharField(
        _("thể thức trận đồng đội loại trực tiếp"), max_length=12, choices=TeamMatchForm.choices,
        default=TeamMatchForm.SCHEVENINGEN,
        help_text=_("Điều 30.3: các đội gặp nhau theo thể thức đối kháng, thường là đối kháng "
                    "kiểu Anh (mỗi cặp đội đấu số vòng bằng số bàn); điều lệ có thể chọn bàn "
                    "gặp bàn, một vòng."))
    match_target_points = models.DecimalField(
        _("số điểm thắng trận (đối kháng)"), max_digits=3, decimal_places=1, null=True,
        blank=True,
        help_text=_("002 Điều 8: ai đạt số điểm này trước thắng trận (số ván là tối đa). "
                    "Bỏ trống: tính tỷ số sau số ván ấn định."))
    match_target_wins = models.PositiveSmallIntegerField(
        _("số ván thắng để thắng trận (đối kháng)"), null=True, blank=True,
        help_text=_("002 Điều 8: ai thắng đủ số ván này trước thắng trận (số ván là tối đa)."))
    late_arrival_minutes = models.PositiveSmallIntegerField(
        _("thời gian đến muộn tối đa (phút)"), default=LateArrivalLimit.MIN_15,
        choices=LateArrivalLimit.choices,
        help_text=_("Điều 10.2.1a: ai đến chậm quá thời gian này (15, 30 hay 60 phút theo "
                    "điều lệ) bị tính thua ván đó. Cờ vua (002 Điều 6.7): 60 phút nếu điều lệ "
                    "không quy định khác; 0 theo Luật FIDE hiện hành."))
    excess_check = models.CharField(
        _("chiếu Tướng lần thứ năm (kiểu châu Á)"), max_length=16, choices=ExcessCheck.choices,
        default=ExcessCheck.TECHNICAL_FAULT,
        help_text=_("Điều 10.1.2: trong giai đoạn cuối nước chiếu Tướng không được vượt quá "
                    "bốn lần; luật không ghi cách xử lần thứ năm, điều lệ chọn."))
    illegal_moves_to_lose = models.PositiveSmallIntegerField(
        _("nước đi không hợp lệ thứ mấy bị xử thua (cờ vua)"), default=2,
        choices=[(n, str(n)) for n in values.ILLEGAL_MOVES_TO_LOSE],
        help_text=_("Cờ vua: mỗi nước đi không hợp lệ đã hoàn thành cho đối phương thêm 2 "
                    "phút; nước thứ 2 bị xử thua (Luật FIDE 7.5.5) hoặc nước thứ 3 nếu điều lệ "
                    "theo Luật Cờ Vua 7.4b (002)."))
    max_games_per_day = models.PositiveSmallIntegerField(
        _("số ván tối đa mỗi ngày"), null=True, blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(30)],
        help_text=_("Bỏ trống: theo loại thời gian (tiêu chuẩn 2, cờ nhanh 7, cờ chớp 15). "
                    "Số ván của giải phải xếp được trong các ngày thi đấu."))
    boards_per_team = models.PositiveSmallIntegerField(_("số bàn mỗi đội"), null=True, blank=True)
    reserves_per_team = models.PositiveSmallIntegerField(_("số dự bị mỗi đội"), null=True,
                                                         blank=True)
    qualifies_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT,
        related_name="qualifying_groups", verbose_name=_("vòng chung kết (đấu hỗn hợp)"),
        help_text=_("Điều 17.3: giải này là một bảng vòng loại; những người đứng đầu vào "
                    "vòng chung kết này."))
    qualifiers = models.PositiveSmallIntegerField(
        _("số đấu thủ vào chung kết"), null=True, blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(64)],
        help_text=_("Số người đứng đầu bảng này được vào vòng chung kết."))
    team_ranking = models.CharField(
        _("cách xếp hạng đồng đội"), max_length=20, choices=TeamRanking.choices,
        default=TeamRanking.GAME_BOARDS,
        help_text=_("Theo điều lệ: tổng điểm hay điểm trận trước; hệ số phụ theo bảng "
                    "(Điều 30.1.5) hoặc theo 002 Điều 2.3."))
    board_min_games = models.PositiveSmallIntegerField(
        _("số ván tối thiểu để xếp hạng theo bảng"), null=True, blank=True,
        help_text=_("002 Điều 2.3: từ 1/2 đến 2/3 số ván tối đa; bỏ trống: một nửa."))
    complaint_limit_hours = models.PositiveSmallIntegerField(
        _("thời hạn khiếu nại (giờ)"), default=24,
        validators=[MinValueValidator(1), MaxValueValidator(720)],
        help_text=_("Điều 15.6; 002 Phần 2 Điều 2.7: khiếu nại bằng văn bản sau ván đấu. Luật "
                    "không ghi thời hạn: điều lệ ghi; quá hạn này khiếu nại (và kháng nghị lên "
                    "cấp trên) bị từ chối."))
    # Regulations (Phụ lục 5)
    purpose = textfields.bounded_text(_("mục đích"), blank=True, max_length=textfields.SECTION)
    host_and_sponsors = textfields.bounded_text(_("đơn vị đăng cai, tài trợ"), blank=True,
                                                max_length=textfields.SECTION)
    eligibility = textfields.bounded_text(_("điều kiện tham dự"), blank=True,
                                          max_length=textfields.SECTION)
    schedule = textfields.bounded_text(_("lịch thi đấu"), blank=True,
                                       max_length=textfields.LONG_SECTION)
    prizes = textfields.bounded_text(_("giải thưởng"), blank=True,
                                     max_length=textfields.LONG_SECTION)
    title_criteria = textfields.bounded_text(_("tiêu chuẩn phong đẳng cấp"), blank=True,
                                             max_length=textfields.SECTION)
    fees = textfields.bounded_text(_("lệ phí"), blank=True, max_length=textfields.SECTION)
    registration_deadline = models.DateField(_("hạn đăng ký"), null=True, blank=True)
    wildcards = textfields.bounded_text(
        _("các đặc cách"), blank=True,
        help_text=_("Phụ lục 5 mục 4, Điều 18b: cá nhân được đặc cách, số đấu thủ đơn vị "
                    "đăng cai được cử thêm…"), max_length=textfields.SECTION)
    quota_per_unit = models.PositiveSmallIntegerField(
        _("số đấu thủ tối đa mỗi đơn vị"), null=True, blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(500)],
        help_text=_("Phụ lục 5 mục 4: số đấu thủ chính thức mỗi câu lạc bộ được cử (không "
                    "tính đấu thủ đặc cách). Bỏ trống: không giới hạn."))
    material_terms = textfields.bounded_text(
        _("quyền lợi và nghĩa vụ về vật chất"), blank=True,
        help_text=_("Phụ lục 5 mục 12: nơi ăn, nghỉ, giá tiền và trách nhiệm thanh toán."), max_length=textfields.SECTION)
    registration_form = textfields.bounded_text(
        _("mẫu đăng ký"), blank=True,
        help_text=_("Phụ lục 5 mục 14: danh sách trưởng đoàn, huấn luyện viên, đấu thủ (đồng "
                    "đội: đấu thủ tính điểm đồng đội)."), max_length=textfields.LONG_SECTION)
    awards_and_discipline = textfields.bounded_text(
        _("khen thưởng, kỷ luật"), blank=True,
        help_text=_("Điều 18b: hình thức khen thưởng và kỷ luật."), max_length=textfields.SECTION)
    regulations_published_at = models.DateTimeField(
        _("công bố điều lệ lúc"), null=True, blank=True, editable=False,
        help_text=_("Điều 18a: điều lệ được công bố trước khi mở đăng ký; từ lúc này công "
                    "chúng xem được."))
    regulation_document = models.FileField(_("điều lệ (tệp)"), upload_to="regulations/",
                                           blank=True)

    status = models.CharField(_("trạng thái"), max_length=14, choices=Status.choices,
                              default=Status.DRAFT)
    lot_seed = models.BigIntegerField(_("hạt giống bốc số"), null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="tournaments_created",
                                   verbose_name=_("người tạo"))
    created_at = models.DateTimeField(_("tạo lúc"), auto_now_add=True)
    certified_at = models.DateTimeField(_("công nhận lúc"), null=True, blank=True)
    certified_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL,
                                     related_name="tournaments_certified",
                                     verbose_name=_("người công nhận"))
    source_fingerprint = models.CharField(
        _("dấu vân tay tệp nhập"), max_length=64, blank=True, editable=False,
        help_text=_("sha256 của tệp TRF đã nhập: cùng một tệp không được nhập hai lần."))
    history = HistoricalRecords()
    #: the reason django-simple-history records with the next change (set before a save)
    _change_reason: str

    class Meta:
        verbose_name = _("giải đấu")
        verbose_name_plural = _("giải đấu")
        ordering = ["-start_date", "name"]
        constraints = [
            models.UniqueConstraint(fields=["source_fingerprint"],
                                    condition=~models.Q(source_fingerprint=""),
                                    name="one_tournament_per_imported_file"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_folded = fold(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_folded"}
        super().save(*args, **kwargs)

    @property
    def is_team_event(self) -> bool:
        return self.system in values.TEAM_SYSTEMS

    @property
    def is_locked(self) -> bool:
        return self.status == self.Status.CERTIFIED


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
