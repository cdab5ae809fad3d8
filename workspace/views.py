"""The area's entry: sign-in, sign-out and the landing page of what the user can do (issue 27).

The sign-in page is one for everyone (the admin's stays for staff) and shares the lockout of
the API's and the admin's sign-in (``core.throttling.login_attempt``, issue 14).
"""

from __future__ import annotations

from django.contrib.auth import login, logout
from django.contrib.auth.forms import AuthenticationForm
from django.forms.utils import ErrorDict
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST

from core import accounts
from core.throttling import LoginLocked
from workspace import views_account
from workspace.access import language_of, roles, signed_in, wreverse


def _safe_next(request, language: str) -> str:
    """Where to go after signing in: a ``next`` on this site, else the landing page."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return target
    return wreverse("home", language=language)


@sensitive_post_parameters("password")
@csrf_protect
@never_cache
def sign_in(request):
    language = language_of(request)
    with translation.override(language):
        request.LANGUAGE_CODE = language
        status, wait = 200, 0
        if request.method == "POST":
            form = AuthenticationForm(request, data=request.POST)
            try:  # the lockout is counted by the authentication backend (core.auth_backends)
                if form.is_valid():
                    return _signed_in(request, form.get_user(), _safe_next(request, language))
            except LoginLocked as locked:
                # Locked out: the password is not checked; the form says why and keeps the name.
                form = AuthenticationForm(request, data=request.POST)
                # BaseForm.__init__ sets _errors; django-stubs do not declare it
                form._errors = ErrorDict()  # type: ignore[attr-defined]
                form.cleaned_data = {}
                form.add_error(None, str(locked.detail))
                status, wait = 429, int(locked.wait or 1)
        else:
            form = AuthenticationForm(request)
        next_url = request.POST.get("next") or request.GET.get("next") or ""
        response = render(request, "workspace/sign_in.html",
                          {"form": form, "next": next_url}, status=status)
        if status == 429:
            response["Retry-After"] = str(wait)
        return response


def _signed_in(request, user, next_url: str) -> HttpResponseRedirect:
    """The password was right: ask for the code when the user has two-factor sign-in on;
    staff who must have it and have not enrolled yet go to their account page (issue 32)."""
    if accounts.confirmed_device(user) is not None:
        return views_account.start_code_step(request, user, next_url)
    login(request, user)
    if accounts.two_factor_required(user):
        return HttpResponseRedirect(wreverse("account"))
    return HttpResponseRedirect(next_url)


@require_POST
@csrf_protect
def sign_out(request):
    language = language_of(request)
    logout(request)
    return HttpResponseRedirect(wreverse("sign-in", language=language))


@signed_in
@never_cache
def home(request):
    """What the user can do: one card per role held (a manager who is also an arbiter sees
    both)."""
    return render(request, "workspace/home.html", {"roles": roles(request.user)})
