from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.backup import BackupError, backup
from core.backup_schedule import scheduled_backup


class Command(BaseCommand):
    help = ("Dump the service's data to FILE (PostgreSQL custom-format dump, or a copy of the "
            "SQLite database). Restore it with `manage.py restore FILE`.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, nargs="?")
        parser.add_argument("--scheduled", action="store_true",
                            help="what celery beat runs daily: a dump and its manifest into "
                                 "BACKUP_DIR, then the retention")

    def handle(self, *args: Any, file: Path | None = None, scheduled: bool = False,
               **options: Any) -> None:
        if scheduled == (file is not None):
            raise CommandError("give FILE or --scheduled")
        try:
            file = scheduled_backup() if file is None else backup(file)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"backup written to {file} ({file.stat().st_size} bytes)")
