from rest_framework.routers import DefaultRouter

from documents.views import DecisionViewSet, DocumentViewSet, SignatoryViewSet

router = DefaultRouter()
router.register("decisions", DecisionViewSet, basename="decision")
router.register("documents", DocumentViewSet, basename="document")
router.register("signatories", SignatoryViewSet, basename="signatory")

urlpatterns = router.urls
