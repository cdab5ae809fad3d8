from rest_framework.routers import DefaultRouter

from ratings import views

router = DefaultRouter()
router.register("ratings/lists", views.RatingListViewSet, basename="rating-list")
router.register("ratings/periods", views.RatingPeriodViewSet, basename="rating-period")
router.register("ratings/players", views.PlayerRatingViewSet, basename="rating-player")
router.register("ratings/performance", views.PerformanceViewSet, basename="rating-performance")
router.register("titles/qualifications", views.QualificationViewSet, basename="title-qualification")
router.register("titles/titled-players", views.TitledPlayerViewSet, basename="titled-player")
router.register("titles/criteria-tables", views.CriteriaTableViewSet, basename="title-criteria")
router.register("titles/foreign-titles", views.ForeignTitleViewSet, basename="foreign-title")

urlpatterns = router.urls
