"""Sign-in endpoints. The lockout against password guessing lives in the authentication
backend (``core.auth_backends``), which every sign-in path shares (issue 31 §2)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.views import LoginView
from django.shortcuts import resolve_url
from django.urls import reverse
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings


class ObtainTokenView(ObtainAuthToken):
    """``POST /api/v1/auth/token/``: a token for a username and password. Failed attempts are
    limited per account and per client address (429 with Retry-After)."""

    # api_settings imports the dotted paths of the settings: classes, though the stubs
    # declare them as strings
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # type: ignore[assignment]  # limits
    throttle_classes = api_settings.DEFAULT_THROTTLE_CLASSES  # type: ignore[assignment]


class SignInView(LoginView):
    """``/api-auth/login/`` (the browsable API's sign-in, DRF's template): after a sign-in
    without a safe ``next``, staff land on the admin and everyone else on
    ``settings.LOGIN_REDIRECT_URL`` (issue 31 §10: Django's default was a 404)."""

    template_name = "rest_framework/login.html"

    def get_default_redirect_url(self) -> str:
        if self.request.user.is_staff:
            return reverse("admin:index")
        return resolve_url(settings.LOGIN_REDIRECT_URL)
