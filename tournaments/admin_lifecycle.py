"""The event's next step as one button on its admin page (issue 28): open registration, draw
the numbers, pair the next round, finish, certify, reopen with a reason. The button calls the
lifecycle service; what blocks the step (missing results, rounds not yet paired, a running
pairing job) is said before the button, with a link to where it is done, and a refusal of
the service says the same after it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessrules.values import RESULT_POINTS
from core.errors import ServiceError
from core.models import Job
from tournaments import engine, services
from tournaments.models import Pairing, Round, Tournament

S = Tournament.Status

#: step -> (button, service call)
STEPS: dict[str, tuple[Any, Callable[[Tournament, Any, str], object]]] = {
    "open_registration": (gettext_lazy("Mở đăng ký"),
                          lambda t, user, reason: services.open_registration(t, user=user)),
    "draw_numbers": (gettext_lazy("Khóa đăng ký và bốc số thứ tự"),
                     lambda t, user, reason: services.close_registration(t, user=user)),
    "pair": (gettext_lazy("Xếp cặp ván tiếp theo"),
             lambda t, user, reason: services.request_pairing(t, user=user)),
    "finish": (gettext_lazy("Kết thúc giải"),
               lambda t, user, reason: services.finish_tournament(t, user=user)),
    "certify": (gettext_lazy("Công nhận kết quả"),
                lambda t, user, reason: services.certify_tournament(t, user=user)),
    "reopen": (gettext_lazy("Mở lại giải (ghi lý do)"),
               lambda t, user, reason: services.reopen_tournament(t, user=user, reason=reason)),
}


@dataclass
class NextStep:
    step: str | None
    label: str = ""
    #: what must happen first (a sentence, with a link where it is done); the button waits
    blockers: list[SafeString | str] = field(default_factory=list)
    #: a second step offered beside the first (pair another round or finish)
    also: str | None = None
    asks_reason: bool = False


def _round_url(rnd: Round) -> str:
    return reverse("admin:tournaments_round_change", args=[rnd.pk])


def _missing_results(t: Tournament) -> tuple[int, Pairing | None]:
    missing = (Pairing.objects.filter(round__tournament=t, kind=Pairing.Kind.GAME)
               .exclude(result__in=list(RESULT_POINTS)).select_related("round")
               .order_by("round__number", "board"))
    first = missing.first()
    return (missing.count() if first else 0), first


def _running_job(t: Tournament) -> Job | None:
    return (Job.objects.filter(kind="tournaments.pair_round",
                               state__in=[Job.State.QUEUED, Job.State.RUNNING])
            .filter(Q(params__tournament=t.pk)).first())


def next_step(t: Tournament) -> NextStep:
    """The one next step of the event's lifecycle and what blocks it."""
    if t.status == S.DRAFT:
        return NextStep("open_registration", str(STEPS["open_registration"][0]))
    if t.status == S.REGISTRATION:
        return NextStep("draw_numbers", str(STEPS["draw_numbers"][0]))
    if t.status == S.FINISHED:
        return NextStep("certify", str(STEPS["certify"][0]))
    if t.status == S.CERTIFIED:
        return NextStep("reopen", str(STEPS["reopen"][0]), asks_reason=True)
    # closed or running: pair the rounds, enter the results, then finish
    blockers: list[SafeString | str] = []
    job = _running_job(t)
    if job is not None:
        blockers.append(format_html(
            '{} <a href="{}">{}</a>', _("Đang xếp cặp ván tiếp theo."),
            reverse("admin:core_job_change", args=[job.pk]), _("xem tiến trình")))
    count, first = _missing_results(t)
    if count and first is not None:
        blockers.append(format_html(
            '{} <a href="{}">{}</a>',
            _("Còn %(n)s bàn thiếu kết quả: nhập đủ kết quả trước.") % {"n": count},
            _round_url(first.round),
            _("nhập kết quả ván %(r)s") % {"r": first.round.number}))
    played = t.rounds.count()
    try:
        total = engine.total_rounds(t)
    except (TypeError, ValueError):
        total = None
    if t.status == S.CLOSED or (total and played < total):
        number = played + 1
        label = _("Xếp cặp ván %(n)s") % {"n": number}
        return NextStep("pair", label, blockers, also="finish" if played and not total else None)
    return NextStep("finish", str(STEPS["finish"][0]), blockers)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Lý do mở lại"), max_length=1000,
                             widget=forms.Textarea(attrs={"rows": 2, "cols": 60}))


def refusal_with_link(t: Tournament, exc: ServiceError) -> SafeString | str:
    """The service's refusal and where to do what it asks first."""
    if exc.code == "results_missing":
        _count, first = _missing_results(t)
        if first is not None:
            return format_html('{} <a href="{}">{}</a>', exc.message, _round_url(first.round),
                               _("nhập kết quả ván %(r)s") % {"r": first.round.number})
    if exc.code == "invalid_state" and t.status in (S.RUNNING, S.CLOSED):
        step = next_step(t)
        return format_html('{} {} <a href="{}#next-step">{}</a>', exc.message,
                           _("Trước hết phải xếp cặp đủ các ván, nhập đủ kết quả rồi kết thúc "
                             "giải."),
                           reverse("admin:tournaments_tournament_change", args=[t.pk]),
                           step.label)
    return exc.message


def next_step_view(modeladmin: Any, request: HttpRequest, object_id: str) -> HttpResponseRedirect:
    """POST: do the step named by the button (the page's own next step only)."""
    t = get_object_or_404(Tournament, pk=object_id)
    back = reverse("admin:tournaments_tournament_change", args=[t.pk])
    if request.method != "POST" or not modeladmin.has_change_permission(request, None):
        return HttpResponseRedirect(back)
    wanted = request.POST.get("step", "")
    step = next_step(t)
    if wanted not in {step.step, step.also}:
        modeladmin.message_user(request, _("Trạng thái của giải đã đổi; hãy xem lại bước tiếp "
                                           "theo."), messages.WARNING)
        return HttpResponseRedirect(back)
    reason = ""
    if wanted == "reopen":
        form = ReasonForm(request.POST)
        if not form.is_valid():
            modeladmin.message_user(request, _("Cần ghi lý do mở lại."), messages.ERROR)
            return HttpResponseRedirect(back)
        reason = form.cleaned_data["reason"]
    label, call = STEPS[wanted]
    try:
        result = call(t, request.user, reason)
    except ServiceError as exc:
        modeladmin.message_user(request, refusal_with_link(t, exc), messages.ERROR)
        return HttpResponseRedirect(back)
    if isinstance(result, Job):
        modeladmin.message_user(request, format_html(
            '{}: <a href="{}">{}</a>', _("Đã bắt đầu xếp cặp"),
            reverse("admin:core_job_change", args=[result.pk]), _("xem tiến trình")),
            messages.SUCCESS)
    else:
        modeladmin.message_user(request, _("Đã xong: %(step)s.") % {"step": label},
                                messages.SUCCESS)
    return HttpResponseRedirect(back)


def panel_context(t: Tournament | None) -> dict[str, Any]:
    if t is None or t.pk is None:
        return {}
    step = next_step(t)
    return {"next_step": step, "next_step_also": STEPS[step.also][0] if step.also else None,
            "reason_form": ReasonForm() if step.asks_reason else None,
            "next_step_url": reverse("admin:tournaments_tournament_next_step", args=[t.pk])}
