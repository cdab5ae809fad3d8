from rest_framework.routers import DefaultRouter

from games.views import GameRecordViewSet, GameUploadViewSet

router = DefaultRouter()
router.register("games", GameRecordViewSet, basename="game")
router.register("game-uploads", GameUploadViewSet, basename="game-upload")

urlpatterns = router.urls
