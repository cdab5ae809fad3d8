from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Ván đấu và biên bản")

    def ready(self) -> None:
        from games import official  # noqa: F401  (declares its official records)
        from games.services import guard_pairing_result
        from tournaments.services.results import RESULT_GUARDS  # ready(): models need the registry

        if guard_pairing_result not in RESULT_GUARDS:
            RESULT_GUARDS.append(guard_pairing_result)  # a decided record fixes the result
