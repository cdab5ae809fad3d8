"""URLs of the signed-in area (issue 27), mounted at /lam-viec/ (namespace ``workspace``) and
/en/lam-viec/ (``workspace-en``). Page names are shared by both; the arbiter's screens
(``urls_arbiter``, names starting ``arbiter-``) sit under trong-tai/."""

from django.urls import include, path

from workspace import views, views_club, views_officer, views_person

urlpatterns = [
    path("", views.home, name="home"),
    path("trong-tai/", include("workspace.urls_arbiter")),
    # the club manager ("CLB của tôi")
    path("clb/<int:club_pk>/", views_club.club, name="club"),
    # the officer of a body
    path("to-chuc/<int:body_pk>/", views_officer.body, name="body"),
    # the person themself
    path("ca-nhan/", views_person.me, name="me"),
]
