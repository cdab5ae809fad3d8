"""Who does what in the signed-in area (issue 27), on the rules that already exist.

Nothing here decides a permission of its own: every check calls the registry's
(``federation.permissions``) or the tournaments' (``tournaments.selectors``) rule, the same
ones the API and the services apply. This module only gathers a user's roles for the landing
page and the header, and wraps views:

* :func:`signed_in`: the page's language from its path (``/en/...``), sign-in required
  (a redirect to the sign-in page in the same language, with ``next``);
* :func:`club_manager_required`: the view takes ``club_pk``; it gets the ``Club`` when
  ``federation.permissions.can_manage_club`` allows (its managers, officers over it, staff),
  else a 403 page;
* :func:`officer_required`: the view takes ``body_pk``; it gets the ``Body`` when
  ``federation.permissions.can_administer_body`` allows (its officers and those of the bodies
  above it, staff), else a 403 page.

Arbiter checks live with the arbiter's screens (``tournaments.selectors.can_arbitrate``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.db.models import Exists, OuterRef, QuerySet, Value
from django.http import Http404, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core import accounts
from federation import permissions as perms
from federation.models import Body, Club, Person
from tournaments.models import Official

ENGLISH_PREFIX = "/en/"
#: the pages of ``urls_auth`` (before sign-in): sign-in with its code, sign-out, password reset
AUTH_PAGES = frozenset({"sign-in", "sign-in-code", "sign-out", "password-reset",
                        "password-reset-done", "password-reset-confirm",
                        "password-reset-complete"})


def language_of(request) -> str:
    """The page's language: English under /en/, Vietnamese elsewhere (as the results site)."""
    return "en" if request.path.startswith(ENGLISH_PREFIX) else "vi"


def namespace(name: str, language: str | None = None) -> str:
    """``workspace:name`` or ``workspace-en:name``; the sign-in and sign-out pages live in
    ``workspace-auth`` / ``workspace-auth-en`` (``/dang-nhap/``, ``/en/dang-nhap/``)."""
    english = (language or translation.get_language()) == "en"
    base = "workspace-auth" if name in AUTH_PAGES else "workspace"
    return f"{base}{'-en' if english else ''}:{name}"


def wreverse(name: str, *args, language: str | None = None) -> str:
    """The URL of an area page in the current (or given) language."""
    return reverse(namespace(name, language), args=args)


@dataclass
class Roles:
    """What a signed-in user may do in the area; a user may hold several roles at once."""

    user: object
    staff: bool = False
    #: Clubs the user manages (``Club.managers``), by name (``pk`` and ``name`` loaded).
    clubs: list[Club] = field(default_factory=list)
    #: Bodies the user is an officer of (directly; their scope includes the bodies below),
    #: by name (``pk`` and ``name`` loaded).
    bodies: list[Body] = field(default_factory=list)
    #: Assigned official (arbiter) of at least one event (``tournaments.models.Official``).
    arbiter: bool = False
    #: The person record linked to the account (``Person.user``), if any.
    person: Person | None = None

    @property
    def any(self) -> bool:
        return bool(self.staff or self.clubs or self.bodies or self.arbiter or self.person)


def roles(user) -> Roles:
    """The user's roles (2 short queries; cached on the user object for the request)."""
    if not perms.is_authenticated(user):
        return Roles(user)
    cached = getattr(user, "_workspace_roles", None)
    if cached is not None:
        return cached
    # The arbiter role is an Official whose person is the user's person: one query for both.
    person = (Person.objects.filter(user=user)
              .annotate(officiates=Exists(Official.objects.filter(
                  person=OuterRef("pk"), role__in=Official.ARBITER_ROLES)))
              .first())
    # Clubs managed and bodies served, in one query (the header needs their ids and names).
    places = (Club.objects.filter(managers=user).order_by().annotate(place=Value("club"))
              .values_list("place", "pk", "name")
              .union(Body.objects.filter(officers__user=user).order_by()
                     .annotate(place=Value("body")).values_list("place", "pk", "name"),
                     all=True))
    rows = sorted(places, key=lambda row: (row[0], row[2], row[1]))
    found = Roles(
        user,
        staff=perms.is_staff(user),
        clubs=[Club(pk=pk, name=name) for place, pk, name in rows if place == "club"],
        bodies=[Body(pk=pk, name=name) for place, pk, name in rows if place == "body"],
        arbiter=bool(person is not None and person.officiates),
        person=person,
    )
    user._workspace_roles = found
    return found


def forbidden(request, message: str | None = None, status: int = 403) -> HttpResponse:
    """The area's refusal page (403, or 404 with ``status``), in the page's language."""
    return render(request, "workspace/error.html", {
        "status": status,
        "message": message or (_("Bạn không có quyền xem trang này.") if status == 403
                               else _("Không tìm thấy trang này.")),
    }, status=status)


def _verified(user) -> bool:
    """Signed in with a code (django-otp's middleware adds ``is_verified``)."""
    return bool(getattr(user, "is_verified", lambda: False)())


def signed_in(view):
    """The page in its path's language; anonymous users go to the sign-in page first."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        language = language_of(request)
        with translation.override(language):
            request.LANGUAGE_CODE = language
            if not perms.is_authenticated(request.user):
                url = wreverse("sign-in", language=language)
                return HttpResponseRedirect(
                    f"{url}?{urlencode({'next': request.get_full_path()})}")
            if (accounts.two_factor_required(request.user) and not _verified(request.user)
                    and getattr(view, "__name__", "") != "account"):
                return HttpResponseRedirect(wreverse("account", language=language))
            try:
                return view(request, *args, **kwargs)
            except Http404:
                return forbidden(request, status=404)

    return wrapped


#: a view of the area
View = Callable[..., HttpResponseBase]


def _place_required(kwarg: str, queryset: QuerySet[Any], may: Callable[[Any, Any], bool],
                    refusal: str) -> Callable[[View], View]:
    """A decorator: the view takes ``kwarg`` (a primary key in the URL) and gets the object
    when ``may(user, object)`` allows; 404 for an unknown object, 403 (``refusal``) otherwise.
    """

    def decorator(view: View) -> View:
        @signed_in
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            place = get_object_or_404(queryset, pk=kwargs.pop(kwarg))
            if not may(request.user, place):
                return forbidden(request, _(refusal))
            return view(request, place, *args, **kwargs)

        return wrapped

    return decorator


#: ``view(request, club, ...)`` for users who may manage the club (``club_pk`` in the URL):
#: ``federation.permissions.can_manage_club``; 404 for an unknown club, 403 otherwise.
club_manager_required = _place_required(
    "club_pk", Club.objects.select_related("province", "body"), perms.can_manage_club,
    gettext_noop("Bạn không quản lý câu lạc bộ này."))

#: ``view(request, body, ...)`` for officers over the body (``body_pk`` in the URL):
#: ``federation.permissions.can_administer_body``; 404 for an unknown body, 403 otherwise.
officer_required = _place_required(
    "body_pk", Body.objects.select_related("province", "parent"), perms.can_administer_body,
    gettext_noop("Bạn không phải cán bộ của tổ chức này."))
