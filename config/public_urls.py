"""The public, anonymous, read-only API (issue 10) under /api/v1/public/."""

from rest_framework.routers import DefaultRouter

from federation.public_api import PublicClubViewSet, PublicPlayerViewSet
from tournaments.public_api import PublicTournamentViewSet

router = DefaultRouter()
router.register("tournaments", PublicTournamentViewSet, basename="public-tournament")
router.register("players", PublicPlayerViewSet, basename="public-player")
router.register("clubs", PublicClubViewSet, basename="public-club")

urlpatterns = router.urls
