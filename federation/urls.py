from rest_framework.routers import DefaultRouter

from federation import views, views_membership

router = DefaultRouter()
router.register("provinces", views.ProvinceViewSet, basename="province")
router.register("bodies", views.BodyViewSet, basename="body")
router.register("board-positions", views.BoardPositionViewSet, basename="board-position")
router.register("clubs", views.ClubViewSet, basename="club")
router.register("club-meetings", views.ClubMeetingViewSet, basename="club-meeting")
router.register("play-groups", views.PlayGroupViewSet, basename="play-group")
router.register("persons", views.PersonViewSet, basename="person")
router.register("members", views.MemberViewSet, basename="member")
router.register("applications", views_membership.ApplicationViewSet, basename="application")
router.register("dues", views_membership.DuesViewSet, basename="dues")
router.register("attendance", views_membership.AttendanceViewSet, basename="attendance")
router.register("resignations", views_membership.ResignationViewSet, basename="resignation")
router.register("suspensions", views_membership.SuspensionViewSet, basename="suspension")
router.register("transfers", views_membership.TransferViewSet, basename="transfer")
router.register("data-requests", views.DataRequestViewSet, basename="data-request")
router.register("lapse-jobs", views_membership.LapseJobViewSet, basename="lapse-job")

urlpatterns = router.urls
