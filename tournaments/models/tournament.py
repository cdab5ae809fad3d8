"""The tournament: its settings (system, time control, regulations), status and lifecycle
data."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from chessrules import values
from chessrules.competition import knockout
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
