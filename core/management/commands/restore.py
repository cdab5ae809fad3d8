from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.backup import BackupError, restore


class Command(BaseCommand):
    help = ("Restore the service's data from a FILE written by `manage.py backup`. Replaces the "
            "current data, in one transaction (all or nothing). Stop the workers first.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    def handle(self, *args: Any, file: Path, yes: bool, **options: Any) -> None:
        if not yes and input(f"Replace all data with {file}? [y/N] ").strip().lower() != "y":
            raise CommandError("restore cancelled")
        try:
            restore(file)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"restored from {file}")
