"""The one password check every sign-in path goes through (issue 31 §2).

``/api/v1/auth/token/``, ``/admin/login/``, DRF's ``/api-auth/login/`` and any later login
form all end in ``django.contrib.auth.authenticate``, which asks this backend: the lockout
(``core.throttling.login_attempt``, per account and per client address) is counted here, so
every path shares one count and no new form can forget it. A locked-out attempt raises
:class:`core.throttling.LoginLocked` before the password is checked: DRF answers it as 429 in
the error shape, ``core.middleware.LoginLockedMiddleware`` as a plain 429 for HTML forms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from core.throttling import login_attempt

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.http import HttpRequest


class GuardedModelBackend(ModelBackend):
    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> User | None:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        with login_attempt(request, str(username)) as attempt:
            user = super().authenticate(request, username=username, password=password, **kwargs)
            if user is not None:
                attempt.success()
        return user
