"""The outbox, each user's mail choices and the two-factor devices in the staff site (issue
32): notifications are read-only (written by the services, sent by the outbox), with their
attempts; "send again" puts failed ones back in the outbox. A user's choices are saved and a
device removed through ``core.accounts``."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_otp.plugins.otp_totp.models import TOTPDevice

from core import accounts, notifications
from core.admin_service import AnyModelAdmin, AnyTabularInline, ServiceAdmin, adopt
from core.models import Notification, NotificationDelivery, NotificationPreference


class DeliveryInline(AnyTabularInline):
    model = NotificationDelivery
    extra = 0
    fields = ["attempt", "outcome", "detail", "at"]
    readonly_fields = ["attempt", "outcome", "detail", "at"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Notification | None = None) -> bool:
        return False


@admin.register(Notification)
class NotificationAdmin(ServiceAdmin, AnyModelAdmin):
    list_display = ["kind", "email", "state", "attempts", "created_at", "sent_at", "last_error"]
    list_filter = ["kind", "state", "language"]
    search_fields = ["email", "subject"]
    readonly_fields = ["kind", "user", "email", "language", "subject", "body_text", "state",
                       "attempts", "next_attempt_at", "sent_at", "last_error", "created_at"]
    fields = list(readonly_fields)
    list_select_related = ["user"]
    inlines = [DeliveryInline]
    actions = ["send_again"]

    @admin.action(description=gettext_lazy("Gửi lại các thông báo đã chọn (chưa gửi được)"))
    def send_again(self, request: HttpRequest, queryset: QuerySet[Notification]) -> None:
        count = notifications.send_again(list(queryset.values_list("pk", flat=True)))
        self.message_user(request, _("Đã đưa %(n)s thông báo vào hàng gửi.") % {"n": count},
                          messages.SUCCESS)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the trace of what was sent


@admin.register(NotificationPreference)
class NotificationPreferenceAdmin(ServiceAdmin, AnyModelAdmin):
    list_display = ["user", "language", "applications", "lapse", "decisions", "events"]
    list_select_related = ["user"]
    search_fields = ["user__username", "user__email"]
    autocomplete_fields = ["user"]
    fields = ["user", *accounts.PREFERENCE_FIELDS]

    def save_model(self, request: HttpRequest, obj: NotificationPreference, form: Any,
                   change: bool) -> None:
        saved = accounts.save_preference(obj.user, **{name: getattr(obj, name)
                                                      for name in accounts.PREFERENCE_FIELDS})
        adopt(obj, saved)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- two-factor devices: staff see who enrolled and remove a lost phone's device ----------------

admin.site.unregister(TOTPDevice)  # django-otp's own page (English, edits the secret)


@admin.register(TOTPDevice)
class TOTPDeviceAdmin(ServiceAdmin, AnyModelAdmin):
    """Who signs in in two steps. Removing a device (a lost phone) lets its owner enrol again
    at his next sign-in (``core.accounts``); the secret is never shown or edited here."""

    list_display = ["owner", "state_words", "last_used"]
    list_select_related = ["user"]
    search_fields = ["user__username", "user__email"]
    fields = ["owner", "state_words", "last_used"]
    readonly_fields = ["owner", "state_words", "last_used"]

    @admin.display(description=gettext_lazy("người dùng"), ordering="user__username")
    def owner(self, device: TOTPDevice) -> str:
        return str(device.user)

    @admin.display(description=gettext_lazy("trạng thái"))
    def state_words(self, device: TOTPDevice) -> str:
        return _("Đang dùng") if device.confirmed else _("Đang đăng ký (chưa xác nhận)")

    @admin.display(description=gettext_lazy("dùng lần cuối"))
    def last_used(self, device: TOTPDevice) -> str:
        return (timezone.localtime(device.last_used_at).strftime("%d/%m/%Y %H:%M")
                if device.last_used_at else "—")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def delete_model(self, request: HttpRequest, obj: TOTPDevice) -> None:
        accounts.remove_device(obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[TOTPDevice]) -> None:
        for device in queryset:
            accounts.remove_device(device)
