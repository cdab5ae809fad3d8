from rest_framework.routers import DefaultRouter

from documents.views import DecisionViewSet, DocumentViewSet

router = DefaultRouter()
router.register("decisions", DecisionViewSet, basename="decision")
router.register("documents", DocumentViewSet, basename="document")

urlpatterns = router.urls
