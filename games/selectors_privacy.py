"""The games' part of a person's data copy (Nghị định 13/2023/NĐ-CP Điều 14; issue 31): the
game records he played and the warnings and penalties the arbiters gave him in them."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from federation.models import Person
from federation.selectors_privacy import data_section
from games.models import GamePenalty, GameRecord, GameWarning, Side


def _his_side(person: Person) -> Q:
    return (Q(side=Side.WHITE, game__white=person) | Q(side=Side.BLACK, game__black=person))


def personal_data_of(person: Person) -> list[dict[str, Any]]:
    games = (GameRecord.objects.filter(Q(white=person) | Q(black=person))
             .order_by("played_on", "round_number", "pk"))
    return [
        data_section("games", _("Biên bản ván đấu"),
                     [_("Giải"), _("Ngày"), _("Ván"), _("Bàn"), _("Cầm quân"), _("Đối thủ"),
                      _("Tỷ số ghi"), _("Phán quyết")],
                     ((g.event_name, g.played_on, g.round_number, g.board_number,
                       Side.WHITE.label if g.white_id == person.pk else Side.BLACK.label,
                       g.black_name if g.white_id == person.pk else g.white_name,
                       g.get_declared_score_display(), g.get_decision_display())
                      for g in games)),
        data_section("game_warnings", _("Nhắc nhở, cảnh cáo trong ván"),
                     [_("Giải"), _("Ngày"), _("Vi phạm"), _("Mức xử lý")],
                     ((w.game.event_name, w.game.played_on, w.get_reason_display(),
                       w.get_level_display())
                      for w in GameWarning.objects.filter(_his_side(person))
                      .select_related("game").order_by("game__played_on", "pk"))),
        data_section("game_penalties", _("Hình phạt trong ván"),
                     [_("Giải"), _("Ngày"), _("Hình phạt"), _("Số phút"), _("Điểm")],
                     ((p.game.event_name, p.game.played_on, p.get_kind_display(), p.minutes,
                       p.points)
                      for p in GamePenalty.objects.filter(_his_side(person))
                      .select_related("game").order_by("game__played_on", "pk"))),
    ]
