"""Sign-in and sign-out of the area (issue 27), the code step of two-factor sign-in and the
password reset (issue 32): /dang-nhap/, /dang-xuat/, /quen-mat-khau/… and under /en/."""

from django.urls import path

from workspace import views, views_account

urlpatterns = [
    path("dang-nhap/", views.sign_in, name="sign-in"),
    path("dang-nhap/ma-xac-thuc/", views_account.sign_in_code, name="sign-in-code"),
    path("dang-xuat/", views.sign_out, name="sign-out"),
    path("quen-mat-khau/", views_account.password_reset, name="password-reset"),
    path("quen-mat-khau/da-gui/", views_account.password_reset_done, name="password-reset-done"),
    path("quen-mat-khau/<uidb64>/<token>/", views_account.password_reset_confirm,
         name="password-reset-confirm"),
    path("quen-mat-khau/xong/", views_account.password_reset_complete,
         name="password-reset-complete"),
]
