from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Ván đấu và biên bản")

    def ready(self) -> None:
        from games import official  # noqa: F401  (declares its official records)
        from games.services import detach_annulled_record, guard_pairing_result
        from tournaments.services import annulment, results  # ready(): models need the registry

        if guard_pairing_result not in results.RESULT_GUARDS:
            results.RESULT_GUARDS.append(guard_pairing_result)  # a decided record fixes the result
        if detach_annulled_record not in annulment.ANNUL_HOOKS:
            annulment.ANNUL_HOOKS.append(detach_annulled_record)  # Điều 9.9: record off the board
