"""Jobs of the games app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from games import pgn_import, services

register(services.VALIDATE_JOB, services.validate_game_work)
register(services.IMPORT_PGN_JOB, pgn_import.import_upload_work)
