"""The public, anonymous, read-only API (issue 10) under /api/v1/public/."""

from rest_framework.routers import DefaultRouter

from federation.public_api import PublicClubViewSet, PublicSanctionViewSet
from games.public_api import PublicGameViewSet
from ratings.public_api import PublicRatingListViewSet, PublicTitledPlayerViewSet
from ratings.public_players import PublicPlayerViewSet
from tournaments.public_api import PublicTournamentViewSet
from tournaments.public_sanctions import PublicEventSanctionViewSet

router = DefaultRouter()
router.register("tournaments", PublicTournamentViewSet, basename="public-tournament")
router.register("players", PublicPlayerViewSet, basename="public-player")
router.register("clubs", PublicClubViewSet, basename="public-club")
router.register("sanctions", PublicSanctionViewSet, basename="public-sanction")
router.register("event-sanctions", PublicEventSanctionViewSet,
                basename="public-event-sanction")
router.register("games", PublicGameViewSet, basename="public-game")
router.register("rating-lists", PublicRatingListViewSet, basename="public-rating-list")
router.register("titled-players", PublicTitledPlayerViewSet, basename="public-titled-player")

urlpatterns = router.urls
