"""Sign-in and sign-out of the area (issue 27): /dang-nhap/, /dang-xuat/ and under /en/."""

from django.urls import path

from workspace import views

urlpatterns = [
    path("dang-nhap/", views.sign_in, name="sign-in"),
    path("dang-xuat/", views.sign_out, name="sign-out"),
]
