"""Admin actions and links that produce official documents, for the other apps' admin pages.

Each action asks for the document of every selected object: a PDF that is current is
offered for download at once (one object selected: the browser goes straight to it), the
others are rendered by the worker job and appear under "Văn bản PDF" when done.

    from documents.admin_actions import scoresheet_pdf
    class GameRecordAdmin(...):
        actions = [..., scoresheet_pdf]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from documents import services


def download_url(document) -> str:
    return reverse("admin:documents_document_pdf", args=[document.pk])


def open_url(kind: str, target: str) -> str:
    """Admin URL that downloads the current PDF, or starts its job and says so."""
    return reverse("admin:documents_document_open", args=[kind, target])


def document_link(kind: str, target: str, label: str) -> str:
    """An HTML link for an admin page (e.g. a readonly field) to the document."""
    return format_html('<a href="{}">{}</a>', open_url(kind, target), label)


def produce(modeladmin, request, kind: str, targets: Iterable[str]):
    """Ask for each document; redirect to the PDF when one current document was asked."""
    ready, queued, failed = [], 0, []
    targets = list(targets)
    for target in targets:
        try:
            document = services.current_document(kind, target)
            if document is None:
                services.request_document(kind, target, user=request.user)
                queued += 1
            else:
                ready.append(document)
        except ServiceError as exc:
            failed.append(f"{target}: {exc.message}")
    if len(targets) == 1 and ready:
        return HttpResponseRedirect(download_url(ready[0]))
    if ready:
        links = format_html_join(", ", '<a href="{}">{}</a>',
                                 ((download_url(d), d.target) for d in ready))
        modeladmin.message_user(request, format_html("{} {}", _("Đã có PDF:"), links),
                                messages.SUCCESS)
    if queued:
        modeladmin.message_user(
            request, _("Đang tạo %(n)s văn bản PDF; xem mục “Văn bản PDF” khi xong.")
            % {"n": queued}, messages.INFO)
    for message in failed:
        modeladmin.message_user(request, message, messages.ERROR)
    return None


def _action(kind: str, description: str, targets: Callable) -> Callable:
    def action(modeladmin, request, queryset):
        return produce(modeladmin, request, kind, targets(queryset))

    action.__name__ = f"{kind}_pdf_{targets.__name__}"
    return admin.action(description=description)(action)


def _tournaments(queryset):
    return [f"tournament:{t.pk}" for t in queryset]


def _last_rounds(queryset):
    from tournaments.models import Round

    rounds = Round.objects.filter(tournament__in=queryset).order_by("tournament", "-number")
    last: dict[int, int] = {}
    for rnd in rounds:
        last.setdefault(rnd.tournament_id, rnd.pk)
    return [f"round:{pk}" for pk in last.values()]


def _rounds(queryset):
    return [f"round:{r.pk}" for r in queryset]


def _round_games(queryset):
    from tournaments.models import Pairing

    games = Pairing.objects.filter(round__in=queryset, kind="game", black__isnull=False)
    return [f"pairing:{p.pk}" for p in games.order_by("round", "board")]


def _pairings(queryset):
    return [f"pairing:{p.pk}" for p in queryset]


def _games(queryset):
    return [f"game:{g.pk}" for g in queryset]


def _entries(queryset):
    return [f"entry:{e.pk}" for e in queryset]


def _members(queryset):
    return [str(m.pk) for m in queryset]


# Tournament admin
standings_pdf = _action("standings", gettext_lazy("PDF: bảng xếp hạng"), _tournaments)
crosstable_pdf = _action("crosstable", gettext_lazy("PDF: bảng kết quả chéo"), _tournaments)
tracking_cards_pdf = _action("tracking_card", gettext_lazy("PDF: thẻ theo dõi thi đấu (Điều 29.1)"),
                             _tournaments)
last_round_pairings_pdf = _action("pairings", gettext_lazy("PDF: danh sách cặp đấu ván mới nhất"),
                                  _last_rounds)
TOURNAMENT_ACTIONS = [standings_pdf, crosstable_pdf, tracking_cards_pdf, last_round_pairings_pdf]

# Round admin
pairings_pdf = _action("pairings", gettext_lazy("PDF: danh sách cặp đấu"), _rounds)
round_scoresheets_pdf = _action("scoresheet", gettext_lazy("PDF: biên bản thi đấu các bàn"),
                                _round_games)
ROUND_ACTIONS = [pairings_pdf, round_scoresheets_pdf]

# Pairing, game record, entry and member admin
pairing_scoresheet_pdf = _action("scoresheet", gettext_lazy("PDF: biên bản thi đấu (Phụ lục 4)"),
                                 _pairings)
scoresheet_pdf = _action("scoresheet", gettext_lazy("PDF: biên bản thi đấu (Phụ lục 4)"), _games)
tracking_card_pdf = _action("tracking_card", gettext_lazy("PDF: thẻ theo dõi thi đấu"), _entries)
member_card_pdf = _action("member_card", gettext_lazy("PDF: thẻ hội viên"), _members)
