"""Template helpers of the signed-in area: links in the page's language, dd/mm/yyyy dates."""

from datetime import date, datetime

from django import template

from workspace.access import roles as user_roles
from workspace.access import wreverse

register = template.Library()


@register.simple_tag
def wurl(name: str, *args) -> str:
    """The URL of an area page in the current language (``/en/lam-viec/...`` in English);
    ``sign-in`` and ``sign-out`` too."""
    return wreverse(name, *args)


@register.filter
def dmy(value) -> str:
    """A date as dd/mm/yyyy (a date-time in the local time, with hh:mm); "" for none."""
    if isinstance(value, datetime):
        from django.utils import timezone

        return timezone.localtime(value).strftime("%d/%m/%Y %H:%M")
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    return "" if value is None else str(value)


@register.simple_tag(takes_context=True)
def area_roles(context):
    """The signed-in user's roles (``workspace.access.roles``), for the header and menus."""
    request = context.get("request")
    return user_roles(getattr(request, "user", None))


@register.simple_tag
def optional_wurl(name: str, *args) -> str:
    """Like :func:`wurl`, "" when no such page exists (a part of the area not installed)."""
    from django.urls import NoReverseMatch

    try:
        return wreverse(name, *args)
    except NoReverseMatch:
        return ""
