"""The arbiter's screens, "Bàn trọng tài" (issue 27): the events one officiates, a round's
boards with big result buttons for a phone at the venue, the round's start, the next round's
pairing with its progress, late arrivals (Điều 10.2.1a), withdrawals and requested byes, the
game records (biên bản) with their decision, cautions, faults and signatures, and the printed
lists.

Every write is a call of the service the API calls (``tournaments.services``,
``games.services``), with the user: the same permissions, errors, version checks and
official-record rules. A refusal is shown on the field it names, in the page's language, with
what was typed kept. Who may open a page is the services' rule too
(``tournaments.selectors.can_arbitrate``); an event the user does not arbitrate is a 404.
Pairing changes, late arrivals, withdrawals and byes are in ``changes``; what the pages share
(the event and board a URL names, the round page) in ``pages``.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import FileResponse, Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.errors import ConflictError, ServiceError
from core.models import Job
from documents import selectors as document_selectors
from documents import services as document_services
from documents.models import Document
from games.models import GameRecord
from tournaments import services
from tournaments.models import Pairing, ResultChange, Round
from workspace.access import forbidden, roles, signed_in, wreverse
from workspace.arbiter import forms as F
from workspace.arbiter import reads
from workspace.arbiter.pages import (
    back_url,
    board_error,
    event_or_404,
    int_or,
    pairing_or_404,
    render_round,
    round_url,
)
from workspace.arbiter.records import record_view

PDF_RETRY_SECONDS = 3


# --- the events -------------------------------------------------------------------------------

@signed_in
@never_cache
def home(request):
    """The events the user officiates."""
    mine = roles(request.user)
    if not (mine.arbiter or mine.staff):
        return forbidden(request, _("Bạn chưa được phân công làm trọng tài giải nào."))
    return render(request, "workspace/arbiter/home.html",
                  {"events": reads.arbitrated(request.user)})


@signed_in
@never_cache
def event(request, tournament_id: int):
    """A round of the event: its boards with the result buttons, the round's actions, print."""
    tournament = event_or_404(request, tournament_id)
    number = int_or(request.GET.get("van"))
    board = int_or(request.GET.get("ban"))
    if board is not None and 1 <= board <= 99999:  # "go to board": the page that holds it
        page = (board - 1) // reads.BOARDS_PER_PAGE + 1
        return HttpResponseRedirect(round_url(tournament, number, page=page,
                                               anchor=f"ban-{board}"))
    return render_round(request, tournament, number)


# --- results ----------------------------------------------------------------------------------

@signed_in
@require_POST
def result(request, tournament_id: int, pairing_id: int):
    """One board's result (``tournaments.services.record_result``, version checked)."""
    tournament = event_or_404(request, tournament_id)
    pairing = pairing_or_404(tournament, pairing_id)
    form = F.ResultForm(request.POST)
    if not form.is_valid():
        message = str(next(iter(form.errors.values()))[0])
        return board_error(request, tournament, pairing, message)
    value, version = form.cleaned_data["result"], form.cleaned_data["version"]
    try:
        done = services.record_result(pairing, value, user=request.user,
                                      expected_version=version, source=reads.SOURCE)
    except ConflictError as exc:
        if exc.fields.get("version"):
            return _conflict(request, tournament, pairing, value, exc)
        return board_error(request, tournament, pairing, exc.message, status=409)
    except ServiceError as exc:
        return board_error(request, tournament, pairing, exc.message,
                            status=exc.status_code)
    messages.success(request, _("Bàn %(b)s: %(r)s.") % {
        "b": done.board, "r": reads.result_words(done.result, tournament.discipline)})
    return HttpResponseRedirect(back_url(request, tournament, done, next_pending=True))


def _conflict(request, tournament, pairing: Pairing, mine: str, exc: ServiceError):
    """Someone changed the board since the arbiter saw it: who entered what, and a choice —
    keep it, or record his own result over it (against the version now stored)."""
    pairing.refresh_from_db()
    change = reads.last_change(pairing)
    discipline = tournament.discipline
    return render(request, "workspace/arbiter/conflict.html", {
        "t": tournament, "p": pairing, "change": change,
        "by": reads.person_name(change.changed_by) if change else "",
        "theirs": reads.result_words(pairing.result, discipline),
        "theirs_mark": reads.result_mark(pairing.result),
        "mine": mine, "mine_words": reads.result_words(mine, discipline),
        "mine_mark": reads.result_mark(mine),
        "white_label": reads.colour(discipline, "white"),
        "black_label": reads.colour(discipline, "black"),
        "back": back_url(request, tournament, pairing),
        "trang": request.POST.get("trang", ""), "pending": request.POST.get("chua-xong", ""),
        "message": exc.message}, status=409)


@signed_in
@require_POST
def undo(request, tournament_id: int, pairing_id: int):
    """Take back the board's last result change, while its round is the event's last one:
    the result it replaced is recorded again through the same service (logged too)."""
    tournament = event_or_404(request, tournament_id)
    pairing = pairing_or_404(tournament, pairing_id)
    form = F.UndoForm(request.POST)
    change = None
    if form.is_valid():
        change = ResultChange.objects.filter(pk=form.cleaned_data["change"],
                                             pairing=pairing).first()
    latest = reads.last_change(pairing)
    if change is None or latest is None or latest.pk != change.pk \
            or change.source not in reads.UNDOABLE_SOURCES:
        return board_error(request, tournament, pairing, _(
            "Chỉ hoàn tác được lần ghi kết quả cuối cùng của bàn này; trang đã cũ, hãy tải "
            "lại."), status=409)
    last_round = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    if pairing.round.number != last_round:
        return board_error(request, tournament, pairing, _(
            "Ván %(n)s đã qua (đã xếp ván sau): không hoàn tác được; hãy sửa kết quả.")
            % {"n": pairing.round.number})
    try:
        done = services.record_result(pairing, change.old_result, user=request.user,
                                      expected_version=change.version, source=reads.SOURCE)
    except ServiceError as exc:
        return board_error(request, tournament, pairing, exc.message, status=exc.status_code)
    messages.success(request, _("Bàn %(b)s: đã hoàn tác, trở lại %(r)s.") % {
        "b": done.board, "r": reads.result_words(done.result, tournament.discipline)})
    return HttpResponseRedirect(back_url(request, tournament, done))


# --- rounds ---------------------------------------------------------------------------------

@signed_in
@require_POST
def start_round(request, tournament_id: int, number: int):
    tournament = event_or_404(request, tournament_id)
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    if rnd is None:
        raise Http404
    try:
        services.start_round(rnd, user=request.user)
    except ServiceError as exc:
        return render_round(request, tournament, number, action_error=exc.message,
                             status=exc.status_code)
    messages.success(request, _("Ván %(n)s đã bắt đầu.") % {"n": number})
    return HttpResponseRedirect(round_url(tournament, number))


@signed_in
@require_POST
def finish(request, tournament_id: int):
    tournament = event_or_404(request, tournament_id)
    try:
        services.finish_tournament(tournament, user=request.user)
    except ServiceError as exc:
        return render_round(request, tournament, None, action_error=exc.message,
                             status=exc.status_code)
    messages.success(request, _("Giải đã kết thúc; ban tổ chức công nhận kết quả."))
    return HttpResponseRedirect(round_url(tournament))


@signed_in
@require_POST
def pair(request, tournament_id: int):
    """Ask for the next round's pairing (the pairing job, idempotent per round)."""
    tournament = event_or_404(request, tournament_id)
    number = int_or(request.POST.get("round"))
    try:
        job = services.request_pairing(tournament, user=request.user, round_number=number)
    except ServiceError as exc:
        return render_round(request, tournament, None, action_error=exc.message,
                             status=exc.status_code)
    return HttpResponseRedirect(wreverse("arbiter-pairing", tournament.pk, job.pk))


#: The pairing job's steps (``tournaments.services.pair_round_job``'s progress messages) in
#: words.
PROGRESS_WORDS = {
    "loading": gettext_lazy("Đang đọc dữ liệu giải"),
    "pairing": gettext_lazy("Đang xếp cặp"),
    "writing": gettext_lazy("Đang ghi các cặp đấu"),
}


def _pairing_job(tournament, job_id) -> Job:
    job = Job.objects.filter(pk=job_id, kind=services.PAIR_ROUND_JOB).first()
    if job is None or job.key != services.pairing_job_key(tournament,
                                                          int_or(job.params.get("round"), 0)):
        raise Http404
    return job


def _progress(tournament, job: Job) -> dict:
    number = int_or(job.params.get("round"), 0)
    words: dict[str, str] = {Job.State.QUEUED: _("Đang chờ đến lượt xếp cặp"),
                             Job.State.SUCCEEDED: _("Đã xếp xong ván %(n)s") % {"n": number}}
    if job.state == Job.State.FAILED:
        text = (job.error or {}).get("message") or _("Không xếp được cặp.")
    elif job.state == Job.State.RUNNING:
        text = str(PROGRESS_WORDS.get(job.message, _("Đang xếp cặp")))
    else:
        text = str(words.get(job.state, ""))
    return {"round": number, "percent": 100 if job.state == Job.State.SUCCEEDED
            else int(job.progress or 0), "text": text,
            "done": job.state == Job.State.SUCCEEDED, "failed": job.state == Job.State.FAILED,
            "next": round_url(tournament, number)}


@signed_in
@never_cache
def pairing_progress(request, tournament_id: int, job_id):
    """The pairing's progress bar; the page follows the job (``pairing_progress_data``) and
    shows the new round when it is written."""
    tournament = event_or_404(request, tournament_id)
    job = _pairing_job(tournament, job_id)
    return render(request, "workspace/arbiter/pairing.html", {
        "t": tournament, "job": job, "progress": _progress(tournament, job),
        "poll": wreverse("arbiter-pairing-data", tournament.pk, job.pk)})


@signed_in
@never_cache
def pairing_progress_data(request, tournament_id: int, job_id):
    """The progress of the pairing job for the page's script: percent and words."""
    tournament = event_or_404(request, tournament_id)
    return JsonResponse(_progress(tournament, _pairing_job(tournament, job_id)))


# --- printing ---------------------------------------------------------------------------------

PRINTABLE = {
    "cap-dau": Document.Kind.PAIRINGS,
    "xep-hang": Document.Kind.STANDINGS,
    "bang-cheo": Document.Kind.CROSSTABLE,
    "bien-ban": Document.Kind.SCORESHEET,
    "bien-ban-van": Document.Kind.SCORESHEET,  # every board of a round, one PDF
    "the-theo-doi": Document.Kind.TRACKING_CARD,
    "xep-hang-dong-doi": Document.Kind.TEAM_STANDINGS,
}


@signed_in
@never_cache
def print_document(request, tournament_id: int, what: str):
    """The existing PDF in one click: served when current, else rendered (the documents job)
    and served as soon as it is there — the page waits and asks again by itself."""
    tournament = event_or_404(request, tournament_id)
    kind = PRINTABLE.get(what)
    if kind is None:
        raise Http404
    if kind == Document.Kind.PAIRINGS or what == "bien-ban-van":
        rnd = tournament.rounds.filter(number=int_or(request.GET.get("van"), 0)).first()
        if rnd is None:
            raise Http404
        target = f"round:{rnd.pk}"
    elif kind == Document.Kind.SCORESHEET:
        pairing = reads.pairing_for(tournament, int_or(request.GET.get("ban"), 0))
        if pairing is None or pairing.kind != Pairing.Kind.GAME or pairing.black_id is None:
            raise Http404
        game = GameRecord.objects.filter(pairing=pairing).values_list("pk", flat=True).first()
        target = f"game:{game}" if game else f"pairing:{pairing.pk}"
    else:
        target = f"tournament:{tournament.pk}"
    if not document_selectors.can_view(request.user, kind, target):
        raise Http404
    try:
        document = document_services.current_document(kind, target)
        if document is None:
            document_services.request_document(kind, target, user=request.user)
            document = document_services.current_document(kind, target)  # rendered in-process
    except ServiceError as exc:
        return forbidden(request, exc.message, status=exc.status_code)
    if document is not None and document.file:
        return FileResponse(document.file.open("rb"), content_type="application/pdf",
                            filename=(document.file.name or "van-ban.pdf").rsplit("/", 1)[-1])
    response = render(request, "workspace/arbiter/pdf_wait.html", {
        "t": tournament, "retry": PDF_RETRY_SECONDS, "url": request.get_full_path()},
        status=202)
    response["Retry-After"] = str(PDF_RETRY_SECONDS)
    return response


# --- game records -------------------------------------------------------------------------------

@signed_in
@never_cache
def game_record(request, tournament_id: int, pairing_id: int, action: str = ""):
    tournament = event_or_404(request, tournament_id)
    pairing = pairing_or_404(tournament, pairing_id)
    if pairing.kind != Pairing.Kind.GAME or pairing.black_id is None:
        raise Http404
    return record_view(request, tournament, pairing, action)
