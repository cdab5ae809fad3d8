"""Jobs of the games app (one name each: the kind; run by ``core.run_job``)."""

from core.jobs import register
from games import pgn_import, services

register("games.validate", services.validate_game_work)
register("games.import_pgn", pgn_import.import_upload_work)
