"""Jobs of the games app (one name each: the kind; run by ``core.run_job``)."""

from django.utils.translation import gettext_lazy as _

from core.jobs import register
from games import pgn_import, services
from games.models import GameRecord, GameUpload

register(services.VALIDATE_JOB, services.validate_game_work, label=_("Kiểm tra biên bản"),
         subject=lambda params: GameRecord.objects.filter(pk=params["game_id"]).first())
register(services.IMPORT_PGN_JOB, pgn_import.import_upload_work, label=_("Nhập tệp PGN"),
         subject=lambda params: GameUpload.objects.filter(pk=params["upload_id"]).first())
