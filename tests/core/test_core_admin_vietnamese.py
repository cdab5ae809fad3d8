"""Every admin page in Vietnamese (issue #18): the admin walk of issue #13 again, this time
reading the visible text of each page and failing on any English string that comes from the
project (the English of locale/en) or its admin libraries (Django admin, django-simple-history,
django-rest-framework) left untranslated. A short allow-list keeps proper names and codes.

Issue 28 adds: a page with form errors (the add form posted empty) is walked too; a stored
code (a choice's value such as ``adjusted_swiss`` or ``bulk``, a job kind, a document target
``game:10``), JSON (``{"…``, ``[…]``, ``{}``) or a yyyy-mm-dd date shown to a person fails.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import django
import pytest
import rest_framework
import simple_history
from django.apps import apps
from django.conf import settings
from django.contrib import admin
from django.core.management import call_command
from django.utils.text import camel_case_to_spaces

from tests.admin_forms import form_data
from tests.core.test_core_admin_walk import _one_of_each, _url
from tests.factories import make_staff

pytestmark = pytest.mark.django_db

# Proper names and codes that read the same in both languages.
ALLOWED = {"English", "Django", "API", "PDF", "PGN", "TRF", "FIDE", "CSV", "JSON", "ID", "OK",
           "Email", "Elo", "Token", "URL", "Ok", "Go", "Online", "ICCS (h2e2)", "SAN (Nf3)", "UCI (g1f3)",
           # English names of the titles, kept beside the Vietnamese in the criteria tables
           "National", "National Master", "National Candidate Master",
           # a term of the regulations, written so in Vietnamese ("điểm nghỉ (bye)")
           "bye"}
_PERMISSION_PICKERS = {"permissions", "user_permissions", "permissions_old",
                       "user_permissions_old"}
_VOID = {"input", "br", "img", "hr", "meta", "link", "source", "col", "wbr"}
_ENGLISH = re.compile(r"[A-Za-z0-9 ,.'’:?/()-]+")
_PLACEHOLDER = re.compile(r"%\([^)]*\)[sdif]|%[sdif]|\{[^}]*\}|<[^>]*>")


def _po_entries(path: Path, field: str) -> list[str]:
    """The msgid (or msgstr) texts of a .po file (a tiny reader: no dependency for a test)."""
    texts, current, key = [], None, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        m = re.match(r'^(msgid|msgstr|msgid_plural|msgstr\[\d\])\s+"(.*)"$', line)
        if m:
            if current is not None and key in (field, field + "_plural", "msgstr[0]",
                                               "msgstr[1]") and key.startswith(field):
                texts.append(current)
            key, current = m.group(1), m.group(2)
        elif line.startswith('"') and current is not None:
            current += line[1:-1]
        else:
            if current is not None and key.startswith(field):
                texts.append(current)
            current, key = None, None
    return [t.replace('\\"', '"').replace("\\n", " ") for t in texts if t]


def english_phrases() -> set[str]:
    """Fragments (between placeholders) of every English string the admin could show."""
    django_dir = Path(django.__file__).parent
    history_dir = Path(simple_history.__file__).parent
    sources = [
        (django_dir / "contrib/admin/locale/vi/LC_MESSAGES/django.po", "msgid"),
        (django_dir / "contrib/auth/locale/vi/LC_MESSAGES/django.po", "msgid"),
        (history_dir / "locale/de/LC_MESSAGES/django.po", "msgid"),
        (Path(settings.BASE_DIR) / "locale/en/LC_MESSAGES/django.po", "msgstr"),
    ]
    phrases = set()
    import gettext

    drf = Path(rest_framework.__file__).parent / "locale/en/LC_MESSAGES/django.mo"
    with drf.open("rb") as handle:
        drf_ids = [k for k in gettext.GNUTranslations(handle)._catalog if isinstance(k, str)]
    for text in drf_ids:
        if text and "%" not in text and "{" not in text and _ENGLISH.fullmatch(text):
            words = re.findall(r"[A-Za-z]+", text)
            if len(words) > 1 or (words and words[0][0].isupper() and len(words[0]) > 2
                                  and words[0] not in ALLOWED):
                phrases.add(text.strip(" .:"))
    for path, field in sources:
        for text in _po_entries(path, field):
            for fragment in _PLACEHOLDER.split(text):
                fragment = fragment.strip(" .:,;…'\"-→")
                words = re.findall(r"[A-Za-z]+", fragment)
                if not words or fragment in ALLOWED or not _ENGLISH.fullmatch(fragment):
                    continue
                # One lowercase word is too often a code in the data (a job kind, a
                # discipline): single words count when they are UI labels (capitalised).
                if len(words) == 1 and (len(words[0]) < 3 or words[0] in ALLOWED
                                        or not words[0][0].isupper()):
                    continue
                phrases.add(fragment)
    # A column or read-only field without a description shows Django's English guess from its
    # name ("formatted_number" -> "Formatted number", upper-cased in the list's header).
    from django.forms.utils import pretty_name

    for model_admin in admin.site._registry.values():
        for name in [*model_admin.list_display, *model_admin.readonly_fields]:
            if isinstance(name, str) and name != "__str__" and "_" in name:
                phrases.add(pretty_name(name))
                phrases.add(pretty_name(name).upper())
    # Default model names (from class names) mean a verbose_name is missing.
    for model in admin.site._registry:
        default = camel_case_to_spaces(model.__name__)
        phrases.update({default.capitalize(), default.capitalize() + "s"})
        if " " in default:
            phrases.add(default)
    return phrases


class _Visible(HTMLParser):
    """Text a user sees: text nodes outside script/style and hidden elements, button values,
    placeholders and titles."""

    def __init__(self):
        super().__init__()
        self.parts, self._skip = [], 0
        self._hidden_tag, self._hidden_depth = None, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self._hidden_tag == tag:
            self._hidden_depth += 1
        elif self._hidden_tag is None and tag not in _VOID and (
                "hidden" in attrs or "hidden" in (attrs.get("class") or "").split()):
            self._hidden_tag, self._hidden_depth = tag, 1
        # Django names permissions "Can add …" in English in the database (auth), a known
        # limit of django.contrib.auth: the permission pickers are left out.
        if tag in ("script", "style", "template") or (
                tag == "select" and attrs.get("name") in _PERMISSION_PICKERS):
            self._skip += 1
        if tag == "input" and attrs.get("type") in ("submit", "button"):
            self.parts.append(attrs.get("value") or "")
        # what a person reads in a text box (a date, a time control) counts too
        if (tag == "input" and attrs.get("type") in (None, "text", "number", "search")
                and attrs.get("value") and self._skip == 0 and self._hidden_tag is None):
            self.parts.append(attrs["value"])
        for name in ("placeholder", "title"):
            if attrs.get(name):
                self.parts.append(attrs[name])

    def handle_endtag(self, tag):
        if tag == self._hidden_tag:
            self._hidden_depth -= 1
            if not self._hidden_depth:
                self._hidden_tag = None
        if tag in ("script", "style", "template", "select") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and self._hidden_tag is None:
            self.parts.append(data)


def visible_text(html: str) -> list[str]:
    parser = _Visible()
    parser.feed(html)
    return [" ".join(p.split()) for p in parser.parts if p.strip()]


def english_in(html: str, patterns: list[tuple[str, re.Pattern]]) -> set[str]:
    found = set()
    for piece in visible_text(html):
        for phrase, pattern in patterns:
            if pattern.search(piece):
                found.add(phrase)
    return found


#: A stored code: lowercase words joined by "_" or "." (``adjusted_swiss``,
#: ``tournaments.pair_round``), or a single lowercase word that is a choice's value.
_CODE_SHAPE = re.compile(r"[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+|[a-z]{3,}")
#: A document target or a job key (``game:10``, ``tournament:5:round:3``, ``validate:4``).
_TARGET = re.compile(r"(?<![\w/])(?:pairing|game|tournament|round|entry|decision|member|"
                     r"person|period|validate|pair|upload|document):\d+(?::[a-z_]+:\d+)*"
                     r"(?![\w/])")
#: A word as a code would stand: not part of a hyphenated name (``demo-arbiter``).
_WORD = re.compile(r"(?<![\w-])[a-z][a-z0-9_.]*[a-z0-9](?![\w-])")
_JSON = re.compile(r'(?:^|[\s:(])(?:\{\s*"|\[\s*"|\[\s*\{|\{\s*\}|\[\s*\])')
_ISO_DATE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")


def raw_codes() -> set[str]:
    """The values stored for choices (where they differ from their label) and the job kinds:
    a person reads the label, never these."""
    from core import jobs

    codes = set(jobs.registered_kinds())
    for model in apps.get_models():
        for field in model._meta.get_fields():
            for value, label in getattr(field, "flatchoices", None) or ():
                if (isinstance(value, str) and _CODE_SHAPE.fullmatch(value)
                        and str(label) != value and value not in ALLOWED):
                    codes.add(value)
    return codes


def django_vietnamese_words() -> set[str]:
    """Words of Django's own Vietnamese ("trang web admin"): not codes of ours."""
    django_dir = Path(django.__file__).parent
    words: set[str] = set()
    for path in (django_dir / "contrib/admin/locale/vi/LC_MESSAGES/django.po",
                 django_dir / "contrib/auth/locale/vi/LC_MESSAGES/django.po"):
        for text in _po_entries(path, "msgstr"):
            words.update(re.findall(r"[a-z]+", text))
    return words


def codes_json_and_dates_in(html: str, codes: set[str]) -> set[str]:
    found = set()
    for piece in visible_text(html):
        for word in _WORD.findall(piece):
            if word in codes:
                found.add(f"code {word}")
        if _TARGET.search(piece):
            found.add(f"target {_TARGET.search(piece).group(0)}")
        if _JSON.search(piece):
            found.add(f"JSON {piece[:60]}")
        if _ISO_DATE.search(piece):
            found.add(f"date {_ISO_DATE.search(piece).group(0)}")
    return found


def _pages(model):
    obj = model._default_manager.order_by("pk").first()
    yield "changelist", _url(model, "changelist")
    yield "add", _url(model, "add")
    if obj is not None:
        yield "change", _url(model, "change", obj.pk)
        yield "history", _url(model, "history", obj.pk)


def test_every_admin_page_is_vietnamese(client):
    call_command("load_demo", stdout=open("/dev/null", "w"))
    staff = make_staff()
    _one_of_each(staff)
    client.force_login(staff)
    client.raise_request_exception = False
    patterns = [(p, re.compile(r"(?<![\w-])" + re.escape(p) + r"(?![\w-])"))
                for p in sorted(english_phrases())]
    from django.contrib.auth import get_user_model

    codes = (raw_codes() - set(get_user_model().objects.values_list("username", flat=True))
             - django_vietnamese_words())
    assert {"adjusted_swiss", "bulk"} <= codes
    leaks: dict[str, set[str]] = {}
    pages = [("index", "/admin/")]
    for model in admin.site._registry:
        pages += [(f"{model._meta.label} {kind}", url) for kind, url in _pages(model) if url]

    def read(label: str, response) -> None:
        if response.status_code != 200:
            return
        html = response.content.decode()
        found = english_in(html, patterns) | codes_json_and_dates_in(html, codes)
        if found:
            leaks[label] = found

    for label, url in pages:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="vi")
        read(label, response)
        if label.endswith(" add") and response.status_code == 200:
            # the add form posted as shown (empty): the page with form errors
            model_name = url.rstrip("/").split("/")[-2]
            data = form_data(response.content.decode(), f"{model_name}_form")
            data["_save"] = ["Lưu"]
            read(label + " errors", client.post(url, data, HTTP_ACCEPT_LANGUAGE="vi"))
    report = "\n".join(f"{label}: {sorted(found)}" for label, found in sorted(leaks.items()))
    assert not leaks, "English left in the admin:\n" + report


def test_a_status_change_reads_as_labels_in_the_admin(client):
    """"Bản nháp → Đang nhận đăng ký", not ``draft → registration`` (issue #18)."""
    from tournaments.models import StatusChange

    call_command("load_demo", stdout=open("/dev/null", "w"))
    change = StatusChange.objects.filter(from_status="draft").first()
    assert str(change) == f"Bản nháp → {change.get_to_status_display()}"
    client.force_login(make_staff())
    page = client.get(_url(type(change.tournament), "change", change.tournament_id))
    text = " ".join(visible_text(page.content.decode()))
    assert "Bản nháp" in text and "draft" not in text.split()


def test_history_changes_show_labels_and_local_times(client):
    """A tournament's history lists "Trạng thái: … → Đã công nhận" in labels, times in
    Asia/Ho_Chi_Minh (no "+00:00"), a dash for an empty value — not codes or "None"."""
    from tournaments.models import Tournament

    call_command("load_demo", stdout=open("/dev/null", "w"))
    certified = Tournament.objects.filter(status="certified").first()
    client.force_login(make_staff())
    page = client.get(_url(Tournament, "history", certified.pk)).content.decode()
    text = " ".join(visible_text(page))
    assert str(Tournament.Status.CERTIFIED.label) in text
    assert "certified" not in text.split() and "+00:00" not in text
    assert "None" not in text.split()


def test_the_qualification_filter_offers_men_and_women_as_labels(client):
    """The "nội dung (nam/nữ)" filter lists "Nam" and "Nữ", not the codes men/women."""
    from ratings.models import TitleQualification

    client.force_login(make_staff())
    page = client.get(_url(TitleQualification, "changelist"))
    text = visible_text(page.content.decode())
    assert "Nam" in text and "Nữ" in text
    assert "men" not in text and "women" not in text


def test_json_of_a_record_reads_as_lines():
    """"Căn cứ" and "Tóm tắt" as lines, not raw JSON (issue #18)."""
    from core.admin_display import readable_json

    html = str(readable_json({"ván": [1, 2], "điểm": 5.5, "ghi chú": None}))
    assert html == ("<ul><li>ván: <ul><li>1</li><li>2</li></ul></li><li>điểm: 5.5</li>"
                    "<li>ghi chú: —</li></ul>")
    assert str(readable_json({"x": "<b>"})) == "<ul><li>x: &lt;b&gt;</li></ul>"


def test_the_member_list_names_each_members_club(client):
    from federation.models import ClubMembership, Member

    call_command("load_demo", stdout=open("/dev/null", "w"))
    membership = ClubMembership.objects.filter(ended_on__isnull=True).select_related(
        "club").first()
    client.force_login(make_staff())
    page = client.get(_url(Member, "changelist")).content.decode()
    assert "câu lạc bộ" in page.lower() and str(membership.club) in visible_text(page)


def test_custom_permission_names_are_vietnamese_with_an_english_translation():
    """Issue 18: a custom permission (Meta.permissions) is named in Vietnamese and
    translated to English through gettext, like every verbose name."""
    from django.apps import apps
    from django.utils import translation

    names = [(model._meta.label, codename, name) for model in apps.get_models()
             for codename, name in model._meta.permissions]
    assert names, "the project has custom permissions (e.g. publishing a rating period)"
    for label, codename, name in names:
        with translation.override("vi"):
            vietnamese = str(name)
        with translation.override("en"):
            english = str(name)
        assert vietnamese != english, (label, codename, vietnamese)
        assert english.isascii() and not vietnamese.isascii(), (label, codename)
