"""The user's own account (issue 32): password reset by email, two-factor sign-in (the code
step after the password, enrolment) and what he receives by email. The writes are
``core.accounts``'s; the mail goes through the outbox (``core.notifications``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlencode

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters
from django_otp import login as otp_login

from core import accounts, notifications
from core.errors import ServiceError
from core.throttling import Window, client_address, hit
from workspace.access import language_of, signed_in, wreverse
from workspace.forms import apply_service_error
from workspace.forms_account import CodeForm, PreferenceForm, ResetRequestForm

#: a password checked, waiting for its code, is forgotten after this long
PENDING_SECONDS = 300


def in_path_language(view):
    """The page in its path's language (``/en/...``), as the sign-in page."""

    def wrapped(request, *args, **kwargs):
        language = language_of(request)
        with translation.override(language):
            request.LANGUAGE_CODE = language
            return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    return wrapped


# --- the code step of the sign-in ------------------------------------------------------------

def start_code_step(request, user, next_url: str) -> HttpResponseRedirect:
    """The password was right and the user has a device: ask for the code (not signed in yet)."""
    request.session["otp_pending"] = {"user": user.pk, "backend": user.backend,
                                      "next": next_url, "at": time.time()}
    return HttpResponseRedirect(wreverse("sign-in-code"))


def _pending_user(request):
    pending = request.session.get("otp_pending") or {}
    if not pending or time.time() - pending.get("at", 0) > PENDING_SECONDS:
        return None, pending
    return get_user_model().objects.filter(pk=pending["user"], is_active=True).first(), pending


@sensitive_post_parameters("token")
@csrf_protect
@never_cache
@in_path_language
def sign_in_code(request):
    user, pending = _pending_user(request)
    if user is None:
        return HttpResponseRedirect(wreverse("sign-in"))
    form = CodeForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        window = Window.of("otp", str(user.pk), settings.LOGIN_WINDOW_SECONDS)
        if hit(window) > settings.LOGIN_FAILURES_PER_ACCOUNT:
            form.add_error(None, _("Nhập sai mã quá nhiều lần; hãy thử lại sau %(s)s giây.")
                           % {"s": window.retry_after})
            status = 429
        else:
            try:
                device = accounts.verify(user, form.cleaned_data["token"])
            except ServiceError as exc:
                apply_service_error(form, exc)
            else:
                user.backend = pending["backend"]
                del request.session["otp_pending"]
                login(request, user)
                otp_login(request, device)
                return HttpResponseRedirect(pending.get("next") or wreverse("home"))
    return render(request, "workspace/account/code.html", {"form": form}, status=status)


# --- password reset --------------------------------------------------------------------------

class OutboxPasswordResetForm(PasswordResetForm):
    """Django's reset form, its mail written to the outbox (Vietnamese or English)."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email,
                  to_email, html_email_template_name=None):
        user = context["user"]
        language = translation.get_language()
        url = settings.SITE_URL + wreverse("password-reset-confirm", context["uid"],
                                           context["token"], language=language)
        notifications.notify(
            notifications.Kind.PASSWORD_RESET, [notifications.Recipient(to_email, user)],
            {"username": user.get_username(), "reset_url": url,
             "valid_days": settings.PASSWORD_RESET_TIMEOUT // 86400},
            language=language)


def _over_limit(request, email: str) -> int:
    """Seconds to wait when this address or this typed email asked too often, else 0."""
    for scope, ident in (("reset-ip", client_address(request)), ("reset-email", email.lower())):
        window = Window.of(scope, ident, settings.PASSWORD_RESET_WINDOW_SECONDS)
        if hit(window) > settings.PASSWORD_RESETS_PER_ADDRESS:
            return window.retry_after
    return 0


@csrf_protect
@never_cache
@in_path_language
def password_reset(request):
    form = ResetRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        wait = _over_limit(request, form.cleaned_data["email"])
        if wait:
            form.add_error(None, _("Đã yêu cầu quá nhiều lần; hãy thử lại sau %(s)s giây.")
                           % {"s": wait})
            response = render(request, "workspace/account/reset.html", {"form": form},
                              status=429)
            response["Retry-After"] = str(wait)
            return response
        reset = OutboxPasswordResetForm({"email": form.cleaned_data["email"]})
        if reset.is_valid():
            accounts.request_password_reset(reset, request)
        return HttpResponseRedirect(wreverse("password-reset-done"))
    return render(request, "workspace/account/reset.html", {"form": form})


@in_path_language
def password_reset_done(request):
    return render(request, "workspace/account/reset_done.html")


class ResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "workspace/account/reset_confirm.html"

    def get_success_url(self):
        return wreverse("password-reset-complete")


password_reset_confirm = in_path_language(ResetConfirmView.as_view())


@in_path_language
def password_reset_complete(request):
    return render(request, "workspace/account/reset_complete.html")


# --- the account page: what I receive, two-factor sign-in -----------------------------------

def _two_factor_context(user) -> dict:
    device = accounts.confirmed_device(user)
    if device is not None:
        return {"enabled": True}
    pending = accounts.pending_device(user)
    uri = accounts.provisioning_uri(pending)
    return {"enabled": False, "secret": accounts.secret_of(pending), "uri": uri,
            "qr": segno.make(uri, error="m").svg_inline(scale=4)}


@signed_in
@never_cache
def account(request):
    user = request.user
    preference = accounts.preference_of(user)
    form = PreferenceForm(initial={name: getattr(preference, name)
                                   for name in accounts.PREFERENCE_FIELDS})
    code = CodeForm()
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "preferences":
            form = PreferenceForm(request.POST)
            if form.is_valid():
                accounts.save_preference(user, **form.cleaned_data)
                messages.success(request, _("Đã lưu lựa chọn nhận thư."))
                return HttpResponseRedirect(wreverse("account"))
        elif action in ("enable", "disable"):
            code = CodeForm(request.POST)
            if code.is_valid():
                try:
                    if action == "enable":
                        device = accounts.confirm_device(user, code.cleaned_data["token"])
                        otp_login(request, device)
                        messages.success(request, _("Đã bật đăng nhập hai bước."))
                    else:
                        accounts.disable_two_factor(user, code.cleaned_data["token"])
                        messages.success(request, _("Đã tắt đăng nhập hai bước."))
                    return HttpResponseRedirect(wreverse("account"))
                except ServiceError as exc:
                    apply_service_error(code, exc)
    return render(request, "workspace/account/account.html", {
        "form": form, "code": code, "two_factor": _two_factor_context(user),
        "required": accounts.two_factor_required(user)})


def admin_login(original: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The admin's sign-in: when staff must sign in in two steps, the area's sign-in page (the
    code step is there), back to the admin afterwards; else the admin's own page."""

    def login_view(request, extra_context=None):
        if not settings.TWO_FACTOR_REQUIRED_FOR_STAFF:
            return original(request, extra_context)
        target = request.GET.get("next") or "/admin/"
        if request.user.is_authenticated:  # signed in without a code: enrol or give the code
            return HttpResponseRedirect(wreverse("account", language="vi"))
        return HttpResponseRedirect(f"{wreverse('sign-in', language='vi')}?"
                                    f"{urlencode({'next': target})}")

    return login_view
