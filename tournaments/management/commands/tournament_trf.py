"""Export a tournament as TRF, or import a TRF file as a new tournament.

    python manage.py tournament_trf export 12 > event.trf
    python manage.py tournament_trf import event.trf --body 3 --start 2026-05-04 \
        --end 2026-05-10 --system dutch --user admin
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from chessrules.values import Discipline
from core.errors import ServiceError
from federation.models import PrivateDataAccess
from federation.services import privacy
from tournaments import selectors_exports, services
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Export (TRF16 + XXR/XXC) or import a tournament report file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["export", "import"])
        parser.add_argument("target", help="tournament id (export) or TRF file (import)")
        parser.add_argument("--body", type=int, help="organising body id (import)")
        parser.add_argument("--club", type=int, help="organising club id (import)")
        parser.add_argument("--start", type=date.fromisoformat)
        parser.add_argument("--end", type=date.fromisoformat)
        parser.add_argument("--system", default=None,
                            help="default: the file's 092 line")
        parser.add_argument("--discipline", default=Discipline.CHESS.value,
                            choices=[d.value for d in Discipline])
        parser.add_argument("--user", help="username of the importing staff/organiser; on "
                            "export, the operator named in the access log")

    def handle(self, *args: object, **options: Any) -> None:
        if options["action"] == "export":
            tournament = Tournament.objects.filter(pk=options["target"]).first()
            if tournament is None:
                raise CommandError(f"no tournament {options['target']}")
            shown: dict[int, frozenset[str]] = {}
            text = selectors_exports.trf_text(tournament, shown)
            # the players' birth years: a read of private data, logged as the API's export is
            # (issue 31), by the operator named with --user (else no user: a server shell)
            reader = (get_user_model().objects.filter(username=options["user"]).first()
                      if options["user"] else None)
            privacy.record_private_reads(reader, shown, via=PrivateDataAccess.Via.DOCUMENT,
                                         path=f"manage.py tournament_trf export {tournament.pk}")
            self.stdout.write(text, ending="")
            return
        if not options["user"]:
            raise CommandError("import needs --user (--start/--end unless the file has 042/052)")
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(f"no user {options['user']}")
        text = Path(options["target"]).read_text(encoding="utf-8")
        try:
            tournament, report = services.import_trf(
                text, user=user, start_date=options["start"], end_date=options["end"],
                system=options["system"], discipline=options["discipline"],
                organiser_body=options["body"], organiser_club=options["club"])
        except ServiceError as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(json.dumps({"tournament": tournament.pk, "report": report},
                                     ensure_ascii=False, indent=2))
