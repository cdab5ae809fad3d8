"""Which game rows are official records (``core.official``): a record signed by the arbiter
(Điều 11.1b, 13.1) or belonging to a certified tournament, and the faults logged on it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.official import official_rule, refuse_deletion
from games.models import GameFault, GameRecord


@official_rule(GameRecord)
def signed_record(game: GameRecord) -> str | None:
    if game.arbiter_signed_at:
        return _("biên bản đã được trọng tài ký xác nhận; chỉ sửa qua thao tác sửa biên bản "
                 "có ghi lý do")
    if game.pairing is not None and game.pairing.round.tournament.status == "certified":
        return _("biên bản thuộc giải đã được công nhận kết quả")
    return None


@official_rule(GameFault)
def fault_of_signed_record(fault: GameFault) -> str | None:
    return signed_record(fault.game)


refuse_deletion(GameRecord)
