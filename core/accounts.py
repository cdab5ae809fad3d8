"""A user's own account (issue 32): what he receives by email, and two-factor sign-in with a
time-based code (TOTP, RFC 6238, django-otp's ``TOTPDevice``; any authenticator app).

Two-factor sign-in is optional for everyone and required for staff when
``TWO_FACTOR_REQUIRED_FOR_STAFF`` is on (the default in production, ``DEBUG=0``): staff then
reach the admin only after a code, and are sent to enrol first.
"""

from __future__ import annotations

from base64 import b32encode
from binascii import unhexlify
from typing import TYPE_CHECKING
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _
from django_otp.plugins.otp_totp.models import TOTPDevice

from core.errors import ServiceError
from core.models import NotificationPreference

if TYPE_CHECKING:
    from django.contrib.auth.forms import PasswordResetForm
    from django.contrib.auth.models import User
    from django.http import HttpRequest

#: the name of the device a user enrols from his account page
DEVICE_NAME = "authenticator"
PREFERENCE_FIELDS = ("language", "applications", "lapse", "decisions", "events")


def preference_of(user: User) -> NotificationPreference:
    """The user's choices (unsaved defaults when he has made none)."""
    found = NotificationPreference.objects.filter(user=user).first()
    return found or NotificationPreference(user=user)


@transaction.atomic
def save_preference(user: User, **choices: object) -> NotificationPreference:
    """Record what ``user`` wants to receive (the fields of ``PREFERENCE_FIELDS``)."""
    unknown = set(choices) - set(PREFERENCE_FIELDS)
    if unknown:
        raise ServiceError(_("Không có lựa chọn %(name)s.") % {"name": ", ".join(sorted(unknown))},
                           field=sorted(unknown)[0])
    if choices.get("language", "vi") not in NotificationPreference.Language.values:
        raise ServiceError(_("Ngôn ngữ thư phải là tiếng Việt hoặc tiếng Anh."), field="language")
    preference, _created = NotificationPreference.objects.select_for_update().get_or_create(
        user=user)
    for name, value in choices.items():
        setattr(preference, name, value)
    preference.save()
    return preference


# --- two-factor sign-in ------------------------------------------------------------------------

def two_factor_required(user: User | AnonymousUser) -> bool:
    return bool(getattr(user, "is_staff", False) and settings.TWO_FACTOR_REQUIRED_FOR_STAFF)


def confirmed_device(user: User | AnonymousUser) -> TOTPDevice | None:
    if isinstance(user, AnonymousUser) or not user.pk:
        return None
    return TOTPDevice.objects.filter(user=user, confirmed=True).first()


def pending_device(user: User) -> TOTPDevice:
    """The device being enrolled (its secret shown until a first code confirms it)."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False).first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name=DEVICE_NAME, confirmed=False)
    return device


def secret_of(device: TOTPDevice) -> str:
    """The shared secret as the authenticator apps type it (base32)."""
    return b32encode(unhexlify(device.key)).decode().rstrip("=")


def provisioning_uri(device: TOTPDevice) -> str:
    """The ``otpauth://`` address an authenticator app reads from the QR code."""
    issuer = settings.OTP_TOTP_ISSUER
    label = quote(f"{issuer}:{device.user.get_username()}")
    return (f"otpauth://totp/{label}?secret={secret_of(device)}&issuer={quote(issuer)}"
            f"&digits={device.digits}&period={device.step}")


def _check(device: TOTPDevice | None, token: str) -> TOTPDevice:
    token = (token or "").strip().replace(" ", "")
    if device is None or not token.isdigit() or len(token) > 8 or not device.verify_token(token):
        raise ServiceError(_("Mã xác thực không đúng hoặc đã hết hạn."), field="token",
                           code="invalid_token")
    return device


@transaction.atomic
def confirm_device(user: User, token: str) -> TOTPDevice:
    """Turn two-factor sign-in on: the first code from the app confirms the device."""
    device = _check(TOTPDevice.objects.select_for_update().filter(
        user=user, confirmed=False).first(), token)
    TOTPDevice.objects.filter(user=user, confirmed=True).delete()
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    return device


@transaction.atomic
def disable_two_factor(user: User, token: str) -> None:
    """Turn it off with a current code; refused for staff when it is required."""
    if two_factor_required(user):
        raise ServiceError(_("Cán bộ Liên đoàn phải đăng nhập hai bước."), field="token",
                           code="required")
    _check(confirmed_device(user), token)
    TOTPDevice.objects.filter(user=user).delete()


def verify(user: User | AnonymousUser, token: str) -> TOTPDevice:
    """The user's confirmed device if ``token`` is its current code (each code once)."""
    return _check(confirmed_device(user), token)


def admin_has_permission(request: HttpRequest) -> bool:
    """The admin's gate: active staff, signed in with a code when two-factor is required."""
    user = request.user
    verified = getattr(user, "is_verified", lambda: False)()
    return bool(user.is_active and user.is_staff
                and (not settings.TWO_FACTOR_REQUIRED_FOR_STAFF or verified))


def request_password_reset(form: PasswordResetForm, request: HttpRequest) -> None:
    """Django's reset flow: ``form`` (a valid ``PasswordResetForm`` whose ``send_mail`` writes
    to the outbox) mails a one-time link to each active account with that address; it says
    nothing of whether one exists."""
    with transaction.atomic():
        form.save(request=request)


@transaction.atomic
def remove_device(device: TOTPDevice) -> None:
    """A lost phone (staff, in the admin): its owner enrols again at his next sign-in."""
    TOTPDevice.objects.filter(pk=device.pk).delete()
