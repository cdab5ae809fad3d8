from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.backup import BackupError
from core.backup_schedule import restore_drill


class Command(BaseCommand):
    help = ("Restore the latest scheduled dump (or FILE) into a scratch database, compare its "
            "row counts and published rating lists with the dump's manifest, drop the scratch "
            "database. Exit status 1 when anything differs (docs/production.md, Backups).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, nargs="?", help="a dump (default: the latest "
                            "in BACKUP_DIR); its manifest .json must be beside it")
        parser.add_argument("--keep", action="store_true",
                            help="keep the scratch database to look at it")

    def handle(self, *args: Any, file: Path | None = None, keep: bool = False,
               **options: Any) -> None:
        try:
            report = restore_drill(file, keep=keep)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        for line in report.differences:
            self.stderr.write(line)
        if not report.ok:
            raise CommandError(f"restore drill of {report.dump}: {len(report.differences)} "
                               "difference(s)")
        self.stdout.write(f"restore drill of {report.dump}: {report.tables} tables and the "
                          f"published rating lists match the manifest"
                          + (f" (scratch database {report.scratch} kept)" if keep else ""))
