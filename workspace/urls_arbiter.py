"""The arbiter's screens ("Bàn trọng tài", issue 27) under /lam-viec/trong-tai/ (and /en/…):
names start with ``arbiter-``; views in ``workspace.arbiter.views``
(changes at a round's start in ``.changes``, complaints, spreadsheets)."""

from django.urls import path

from workspace.arbiter import changes, complaints, filing, playoff, playoff_teams, sheets, views

urlpatterns = [
    path("", views.home, name="arbiter-home"),
    path("giai/<int:tournament_id>/", views.event, name="arbiter-event"),
    path("giai/<int:tournament_id>/xep-cap/", views.pair, name="arbiter-pair"),
    path("giai/<int:tournament_id>/xep-cap/<uuid:job_id>/", views.pairing_progress,
         name="arbiter-pairing"),
    path("giai/<int:tournament_id>/xep-cap/<uuid:job_id>/tien-do/",
         views.pairing_progress_data, name="arbiter-pairing-data"),
    path("giai/<int:tournament_id>/van/<int:number>/bat-dau/", views.start_round,
         name="arbiter-start-round"),
    path("giai/<int:tournament_id>/ket-thuc/", views.finish, name="arbiter-finish"),
    path("giai/<int:tournament_id>/in/<slug:what>/", views.print_document, name="arbiter-print"),
    path("giai/<int:tournament_id>/excel/<slug:what>/", sheets.spreadsheet,
         name="arbiter-excel"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/ket-qua/", views.result,
         name="arbiter-result"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/hoan-tac/", views.undo,
         name="arbiter-undo"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/doi-cap/", changes.change_pairing,
         name="arbiter-change"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/den-muon/", changes.late_arrival,
         name="arbiter-late"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/den-muon/huy/",
         changes.cancel_late_arrival, name="arbiter-late-cancel"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/bien-ban/", views.game_record,
         name="arbiter-record"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/bien-ban/<slug:action>/",
         views.game_record, name="arbiter-record-action"),
    path("giai/<int:tournament_id>/ban/<int:pairing_id>/huy-van/", complaints.annul,
         name="arbiter-annul"),
    path("giai/<int:tournament_id>/khieu-nai/", complaints.complaints, name="arbiter-complaints"),
    path("giai/<int:tournament_id>/khieu-nai/<int:complaint_id>/", complaints.complaint,
         name="arbiter-complaint"),
    path("giai/<int:tournament_id>/khieu-nai/moi/", filing.file, name="arbiter-complaint-file"),
    path("giai/<int:tournament_id>/khieu-nai/<int:complaint_id>/khang-nghi/", filing.appeal,
         name="arbiter-complaint-appeal"),
    path("giai/<int:tournament_id>/dau-bo-sung/", playoff.playoff, name="arbiter-playoff"),
    path("giai/<int:tournament_id>/thi-dau-them/", playoff_teams.team_playoff,
         name="arbiter-team-playoff"),
    path("giai/<int:tournament_id>/dau-thu/", changes.entries, name="arbiter-entries"),
    path("giai/<int:tournament_id>/dau-thu/<int:entry_id>/", changes.entry, name="arbiter-entry"),
]
