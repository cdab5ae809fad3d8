from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from core.backup import BackupError, backup


class Command(BaseCommand):
    help = ("Dump the service's data to FILE (PostgreSQL custom-format dump, or a copy of the "
            "SQLite database). Restore it with `manage.py restore FILE`.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            backup(file)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"backup written to {file} ({file.stat().st_size} bytes)")
