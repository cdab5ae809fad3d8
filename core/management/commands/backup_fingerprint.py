import json
from typing import Any

from django.core.management.base import BaseCommand

from core.backup_schedule import fingerprint


class Command(BaseCommand):
    help = ("Print, as JSON, the row count of every table and the published rating lists' "
            "fingerprint of the database (the restore drill runs it on the scratch database).")

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(json.dumps(fingerprint(), sort_keys=True))
