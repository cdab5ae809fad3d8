"""URLs of the signed-in area (issue 27), mounted at /lam-viec/ (namespace ``workspace``) and
/en/lam-viec/ (``workspace-en``). Page names are shared by both; the arbiter's screens
(``urls_arbiter``, names starting ``arbiter-``) sit under trong-tai/."""

from django.urls import include, path

from workspace import (
    club_sheets,
    views,
    views_account,
    views_club,
    views_club_events,
    views_officer,
    views_person,
)

urlpatterns = [
    path("", views.home, name="home"),
    path("trong-tai/", include("workspace.urls_arbiter")),
    # the club manager ("CLB của tôi")
    path("clb/<int:club_pk>/", views_club.club, name="club"),
    path("clb/<int:club_pk>/hoi-vien/<int:member_pk>/", views_club.member, name="club-member"),
    path("clb/<int:club_pk>/hoi-vien/<int:member_pk>/<slug:action>/", views_club.member,
         name="club-member-action"),
    path("clb/<int:club_pk>/hoi-vien/<int:member_pk>/the.pdf", views_club.member_card,
         name="club-member-card"),
    path("clb/<int:club_pk>/hoi-vien.xlsx", club_sheets.members_sheet, name="club-members-xlsx"),
    path("clb/<int:club_pk>/sinh-hoat/", views_club.session, name="club-session"),
    path("clb/<int:club_pk>/don/", views_club.applications, name="club-applications"),
    path("clb/<int:club_pk>/don.xlsx", club_sheets.applications_sheet,
         name="club-applications-xlsx"),
    path("clb/<int:club_pk>/don/moi/", views_club.application_new,
         name="club-application-new"),
    path("clb/<int:club_pk>/don/<int:application_pk>/ket-nap/", views_club.application_admit,
         name="club-application-admit"),
    path("clb/<int:club_pk>/giai/", views_club_events.events, name="club-events"),
    path("clb/<int:club_pk>/giai/<int:tournament_pk>/", views_club_events.event, name="club-event"),
    path("clb/<int:club_pk>/giai/<int:tournament_pk>/rut/<int:entry_pk>/",
         views_club_events.withdraw, name="club-event-withdraw"),
    path("clb/<int:club_pk>/giai/<int:tournament_pk>/rut-doi/<int:team_pk>/",
         views_club_events.withdraw_team, name="club-event-team-withdraw"),
    # the officer of a body
    path("to-chuc/<int:body_pk>/", views_officer.body, name="body"),
    path("to-chuc/<int:body_pk>/don/<int:application_pk>/", views_officer.application,
         name="body-application"),
    path("to-chuc/<int:body_pk>/don/<int:application_pk>/<slug:action>/",
         views_officer.application, name="body-application-action"),
    path("to-chuc/<int:body_pk>/clb/", views_officer.clubs, name="body-clubs"),
    path("to-chuc/<int:body_pk>/hoi-vien/", views_officer.members, name="body-members"),
    path("to-chuc/<int:body_pk>/giai/", views_officer.events, name="body-events"),
    # the person themself
    path("ca-nhan/", views_person.me, name="me"),
    # the user's own account (issue 32): mail choices, two-factor sign-in
    path("tai-khoan/", views_account.account, name="account"),
    path("ca-nhan/the/<int:member_pk>.pdf", views_person.my_card, name="me-card"),
    path("ca-nhan/xem-cccd/", views_person.reveal, name="me-reveal"),
    path("ca-nhan/rut-dong-y/", views_person.withdraw_consent, name="me-withdraw-consent"),
    path("ca-nhan/yeu-cau/", views_person.file_request, name="me-request"),
    path("ca-nhan/yeu-cau/<int:request_pk>/ban-sao.<slug:output>", views_person.export,
         name="me-export"),
]
