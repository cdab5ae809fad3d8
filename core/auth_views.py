"""Sign-in endpoints guarded against password guessing (issue 14, ``core.throttling``)."""

from __future__ import annotations

import functools

from django.http import HttpResponse
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings

from core.throttling import LoginLocked, login_attempt


class ObtainTokenView(ObtainAuthToken):
    """``POST /api/v1/auth/token/``: a token for a username and password. Failed attempts are
    limited per account and per client address (429 with Retry-After)."""

    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # size and depth limits
    throttle_classes = api_settings.DEFAULT_THROTTLE_CLASSES

    def post(self, request, *args, **kwargs):
        username = request.data.get("username") if hasattr(request.data, "get") else None
        with login_attempt(request, str(username or "")) as attempt:
            response = super().post(request, *args, **kwargs)
            attempt.success()
        return response


def guarded_admin_login(login_view):
    """Wrap ``AdminSite.login``: the same per-account and per-address lockout as the API;
    a locked-out POST answers 429 (plain text, Retry-After) without checking the password."""

    @functools.wraps(login_view)
    def view(request, *args, **kwargs):
        if request.method != "POST":
            return login_view(request, *args, **kwargs)
        try:
            with login_attempt(request, request.POST.get("username", "")) as attempt:
                response = login_view(request, *args, **kwargs)
                if request.user.is_authenticated and response.status_code in (301, 302):
                    attempt.success()
                return response
        except LoginLocked as locked:
            response = HttpResponse(str(locked.detail), status=429,
                                    content_type="text/plain; charset=utf-8")
            response["Retry-After"] = str(int(locked.wait or 1))
            return response

    return view
