"""Template helpers of the results site: links in the page's language, the other language."""

from django import template
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from chessrules.validation import DECISION_REASONS
from chessrules.values import Discipline
from federation.models import Discipline as DisciplineChoice
from federation.models import Gender
from ratings.models import TitleCode
from tournaments.models import Prize, Round, Tournament

register = template.Library()


def _namespace() -> str:
    return "site-en" if get_language() == "en" else "site"


@register.simple_tag
def surl(name: str, *args) -> str:
    """The URL of a site page in the current language (``/en/...`` in English)."""
    return reverse(f"{_namespace()}:{name}", args=args)


@register.simple_tag(takes_context=True)
def other_language_url(context) -> str:
    """This page (same query) in the other language."""
    request = context["request"]
    path = request.get_full_path()
    if get_language() == "en":
        return path[len("/en"):] or "/"
    return "/en" + path


@register.simple_tag(takes_context=True)
def with_param(context, name: str, value) -> str:
    """This page's query string with one parameter set (``?notation=wxf``)."""
    params = context["request"].GET.copy()
    params[name] = value
    params.pop("page", None) if name != "page" else None
    return "?" + params.urlencode()


@register.filter
def get(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def score(value) -> str:
    """1.5 -> '1½' style points without trailing zeros (0.5 -> '½'); the API's decimal
    strings too ("4.5" -> '4½')."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return value
    whole, half = int(value), abs(value - int(value)) >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


@register.filter
def money(value) -> str:
    """An amount in đồng with dots between thousands (5000000 -> "5.000.000 đ")."""
    if value in (None, ""):
        return ""
    return f"{int(value):,} đ".replace(",", ".")


def _choices() -> dict:
    return {"discipline": DisciplineChoice, "category": Tournament.Category,
            "status": Tournament.Status, "system": Tournament.System,
            "time_control_class": Tournament.TimeControlClass, "gender": Gender,
            "title": TitleCode, "round_status": Round.Status,
            "gender_section": Tournament.GenderSection, "medal": Prize.Medal}


@register.filter
def choice(value, kind: str) -> str:
    """The label of a stored value (``t.discipline|choice:"discipline"`` -> "Cờ tướng")."""
    if value in (None, ""):
        return ""
    choices = _choices()[kind]
    try:
        return str(choices(value).label)
    except ValueError:
        return str(value)


@register.filter
def colour(discipline: str, side: str) -> str:
    """A side's name in the discipline, in the page's language (``g.discipline|colour:"w"``:
    "Đỏ" in xiangqi, "Trắng" in chess); nothing for an unknown discipline."""
    try:
        return _(Discipline(discipline).colour_name(side))
    except ValueError:
        return ""


@register.filter
def disciplines(club: dict) -> str:
    """The disciplines a club plays (the public club's ``plays_<discipline>``), by label."""
    return ", ".join(_(d.label) for d in Discipline if club.get(f"plays_{d.value}"))


@register.simple_tag
def choices_of(kind: str) -> list:
    return [(value, str(label)) for value, label in _choices()[kind].choices]


@register.filter
def reason(code) -> str:
    """A game's ending or the arbiter's reason (``chessrules.validation``) in the page's
    language (``agreed_draw`` -> "Hai bên thỏa thuận hòa")."""
    found = DECISION_REASONS.get(code or "")
    if found is None:
        return code or ""
    return found.label_en if get_language() == "en" else found.label_vi


@register.filter
def day(value) -> str:
    """A date as dd/mm/yyyy (issue 28): the API's ISO text (``2026-12-01``, or a moment
    ``2026-12-01T08:00:00+07:00``: its day) or a date; anything else unchanged."""
    from datetime import date, datetime

    if isinstance(value, datetime):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    text = str(value or "")
    if len(text) >= 10 and text[4] == "-" and text[7] == "-" and text[:4].isdigit():
        return f"{text[8:10]}/{text[5:7]}/{text[:4]}"
    return text
