from rest_framework.routers import DefaultRouter

from tournaments import (
    views,
    views_complaints,
    views_entries,
    views_officials,
    views_playoff,
    views_rounds,
)

router = DefaultRouter()
router.register("tournaments", views.TournamentViewSet, basename="tournament")
router.register("tournament-officials", views.OfficialViewSet, basename="tournament-official")
router.register("tournament-schedule", views_officials.ScheduledRoundViewSet,
                basename="tournament-schedule")
router.register("tournament-board-assignments", views_officials.BoardAssignmentViewSet,
                basename="tournament-board-assignment")
router.register("tournament-delegations", views_officials.DelegationViewSet,
                basename="tournament-delegation")
router.register("tournament-delegation-staff", views_officials.DelegationStaffViewSet,
                basename="tournament-delegation-staff")
router.register("tournament-prizes", views_officials.PrizeViewSet,
                basename="tournament-prize")
router.register("tournament-entries", views_entries.EntryViewSet, basename="tournament-entry")
router.register("tournament-teams", views_entries.TeamViewSet, basename="tournament-team")
router.register("tournament-rounds", views_rounds.RoundViewSet, basename="tournament-round")
router.register("sanction-proposals", views_entries.SanctionProposalViewSet,
                basename="sanction-proposal")
router.register("playoff-games", views_playoff.PlayOffGameViewSet, basename="playoff-game")
router.register("playoff-matches", views_playoff.PlayOffMatchViewSet, basename="playoff-match")
router.register("complaints", views_complaints.ComplaintViewSet, basename="complaint")
router.register("tournament-pairings", views_rounds.PairingViewSet, basename="tournament-pairing")

urlpatterns = router.urls
