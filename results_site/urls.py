"""URLs of the public results site (issue 20), mounted at / (Vietnamese) and /en/ (English)."""

from django.urls import path

from results_site import pdfs, views

app_name = "results_site"

urlpatterns = [
    path("", views.home, name="home"),
    path("giai-dau/", views.events, name="events"),
    path("giai-dau/<int:pk>/", views.event, name="event"),
    path("giai-dau/<int:pk>/bang-cheo/", views.crosstable, name="crosstable"),
    path("giai-dau/<int:pk>/theo-ban/", views.board_standings, name="board-standings"),
    path("giai-dau/<int:pk>/pdf/<str:kind>/", views.event_pdf, name="event-pdf"),
    path("van-co/<int:pk>/", views.game, name="game"),
    path("van-co/<int:pk>/in/", views.game_print, name="game-print"),
    path("ky-thu/<int:pk>/", views.player, name="player"),
    path("cau-lac-bo/", views.clubs, name="clubs"),
    path("cau-lac-bo/<int:pk>/", views.club, name="club"),
    path("he-so/", views.rating_lists, name="rating-lists"),
    path("he-so/<int:pk>/", views.rating_list, name="rating-list"),
    path("he-so/<int:pk>/csv/", views.rating_list_csv, name="rating-list-csv"),
    path("danh-hieu/", views.titled_players, name="titled"),
    path("ky-luat/", views.sanctions, name="sanctions"),
    path("ky-luat/pdf/<int:year>/", pdfs.sanctions_pdf, name="sanctions-pdf"),
]
