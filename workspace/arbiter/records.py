"""The game record (biên bản, Điều 11, 13, Phụ lục 4) of one board, on the arbiter's screen:
the moves typed as written, the validation's first error shown on the move itself, the
decision (Điều 7), reminders, cautions and faults (Điều 9, 15.7, 16), the signatures, and a
correction with its reason once signed. Every write is a ``games.services`` call."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

from chessrules.notation.movetext import MovetextError, split_movetext
from chessrules.values import Discipline
from core.errors import ServiceError
from games import engine as games_engine
from games import selectors as game_selectors
from games import selectors_phase as phase_selectors
from games import services as game_services
from games.models import FaultKind, GameRecord, ValidationStatus
from workspace.access import wreverse
from workspace.arbiter import forms as F
from workspace.arbiter import penalties, reads
from workspace.forms import apply_service_error

ACTIONS = ("moves", "decision", "sign", "correct", "confirm", "warning", "fault", "phase",
           "checks", "penalty")

#: Where the page opens after a write (the section written in).
ANCHORS = {"moves": "#nuoc-di", "penalty": "#hinh-phat"}


def located_error(game: GameRecord) -> dict | None:
    """The validation's first error, where it is: the move number, the side in the event's
    colours, the move as typed, the reason in the page's language, and the typed moves with
    the bad one marked (those after it not read)."""
    error = game.validation_error
    if game.validation_status != ValidationStatus.INVALID or not error:
        return None
    english = translation.get_language() == "en"
    reason = (error.get("reason") if english else error.get("reason_vi")) or error.get(
        "reason") or ""
    side = {"w": "white", "b": "black"}.get(error.get("side") or "")
    ply = error.get("ply") or 0
    tokens = []
    try:
        words = [token.text for token in split_movetext(game.moves_text or "").tokens]
    except MovetextError:
        words = []
    for index, text in enumerate(words, start=1):
        tokens.append({"text": text, "state": "ok" if index < ply else
                       "bad" if index == ply else "unread", "ply": index})
    return {"ply": ply, "move_number": error.get("move_number"),
            "side": reads.colour(game.discipline, side) if side else "",
            "text": error.get("text") or "", "reason": reason, "tokens": tokens}


def _context(tournament, pairing, game: GameRecord | None, forms: dict) -> dict:
    discipline = tournament.discipline
    language = translation.get_language()
    version = game.version if game else None
    moves_initial = {"notation": "auto", "version": version}
    if game is not None:
        moves_initial.update(moves_text=game.moves_text, notation=game.notation,
                             declared_score=game.declared_score)
    defaults = {
        "moves": F.MovesForm(initial=moves_initial, discipline=discipline),
        "decision": F.DecisionForm(initial={"version": version, "decision": game.decision
                                            or game.proposed_decision,
                                            "reason": game.decision_reason
                                            or game.proposed_reason} if game else None,
                                   discipline=discipline, language=language),
        "correct": F.CorrectForm(initial={"version": version}),
        "warning": F.WarningForm(discipline=discipline),
        "fault": F.FaultForm(discipline=discipline),
        "phase": F.FinalPhaseForm(initial={"version": version, "ply": game.final_phase_ply
                                           if game else None}),
        "penalty": penalties.PenaltyForm(pairing=pairing, discipline=discipline),
    }
    defaults.update(forms)
    faults = list(game.faults.order_by("pk")) if game else []
    warnings = list(game.warnings.order_by("pk")) if game else []
    return {
        "t": tournament, "p": pairing, "game": game, "forms": defaults,
        "white_label": reads.colour(discipline, "white"),
        "black_label": reads.colour(discipline, "black"),
        "error": located_error(game) if game else None,
        "pending": game is not None and game.validation_status == ValidationStatus.PENDING,
        "decision_words": _decision_words(game, discipline) if game and game.decision else "",
        "proposal_words": _proposal_words(game, discipline) if game and game.proposed_decision
        and not game.decision else "",
        "result_words": reads.result_words(pairing.result, discipline),
        "faults": faults, "warnings": warnings,
        "fault_counts": game_selectors.fault_counts(game) if game else None,
        "moves_vn": list(game.moves_federation or []) if game else [],
        "problems": (game.validation_consistency or {}).get("problems", []) if game else [],
        "sign_error": forms.get("sign_error", ""),
        "refusal": forms.get("refusal", ""),
        "is_chess": penalties.is_chess(discipline),
        "illegal_limit": tournament.illegal_moves_to_lose,
        "penalties": penalties.penalty_rows(game, discipline),
        "asian": game is not None and discipline == Discipline.XIANGQI
        and phase_selectors.is_asian_control(tournament),
        "phase_checks": phase_selectors.phase_checks(game) if game else None,
    }


def _decision_label(decision: str, discipline: str) -> str:
    return dict(F.decision_choices(discipline)).get(decision, "")


def _reason_label(code: str) -> str:
    reason = games_engine.DECISION_REASONS.get(code)
    if reason is None:
        return ""
    return reason.label_en if translation.get_language() == "en" else reason.label_vi


def _decision_words(game: GameRecord, discipline: str) -> str:
    return f"{_decision_label(game.decision, discipline)} — {_reason_label(game.decision_reason)}"


def _proposal_words(game: GameRecord, discipline: str) -> str:
    return (f"{_decision_label(game.proposed_decision, discipline)} — "
            f"{_reason_label(game.proposed_reason)}")


def record_view(request, tournament, pairing, action: str):
    game = GameRecord.objects.filter(pairing=pairing).first()
    if request.method != "POST":
        return render(request, "workspace/arbiter/record.html",
                      _context(tournament, pairing, game, {}))
    if action not in ACTIONS or (game is None and action != "moves"):
        raise Http404
    here = wreverse("arbiter-record", tournament.pk, pairing.pk)
    handler = {"moves": _moves, "decision": _decision, "sign": _sign, "correct": _correct,
               "confirm": _confirm, "warning": _warning, "fault": _fault, "phase": _phase,
               "checks": _checks, "penalty": penalties.penalty}[action]
    forms, status, done = handler(request, tournament, pairing, game)
    if isinstance(forms, HttpResponse):  # a plain refusal (13.4g by another arbiter)
        return forms
    if done:
        messages.success(request, done)
        return HttpResponseRedirect(here + ANCHORS.get(action, ""))
    game = GameRecord.objects.filter(pairing=pairing).first()
    return render(request, "workspace/arbiter/record.html",
                  _context(tournament, pairing, game, forms), status=status)


def _moves(request, tournament, pairing, game):
    form = F.MovesForm(request.POST, discipline=tournament.discipline)
    if not form.is_valid():
        return {"moves": form}, 400, ""
    data = {"moves_text": form.cleaned_data["moves_text"],
            "notation": form.cleaned_data["notation"],
            "declared_score": form.cleaned_data["declared_score"]}
    try:
        if game is None:
            game_services.create_game(user=request.user, pairing=pairing, **data)
        else:
            game_services.update_game(game, user=request.user,
                                      expected_version=form.cleaned_data["version"], **data)
    except ServiceError as exc:
        apply_service_error(form, exc, {"version": "moves_text", "pairing": "moves_text"})
        return {"moves": form}, exc.status_code, ""
    return {}, 200, _("Đã lưu nước đi; biên bản được kiểm tra lại.")


def _decision(request, tournament, pairing, game):
    form = F.DecisionForm(request.POST, discipline=tournament.discipline,
                          language=translation.get_language())
    if not form.is_valid():
        return {"decision": form}, 400, ""
    try:
        game_services.decide(game, decision=form.cleaned_data["decision"],
                             reason=form.cleaned_data["reason"], user=request.user,
                             expected_version=form.cleaned_data["version"])
    except ServiceError as exc:
        apply_service_error(form, exc)
        return {"decision": form}, exc.status_code, ""
    return {}, 200, _("Đã ghi phán quyết; kết quả bàn theo phán quyết.")


def _sign(request, tournament, pairing, game):
    form = F.SignForm(request.POST)
    if not form.is_valid():
        return {"sign_error": _("Chọn người ký.")}, 400, ""
    try:
        game_services.sign(game, who=form.cleaned_data["who"], user=request.user,
                           expected_version=form.cleaned_data["version"])
    except ServiceError as exc:
        return {"sign_error": exc.message}, exc.status_code, ""
    who = form.cleaned_data["who"]
    name = _("Trọng tài") if who == "arbiter" else reads.colour(tournament.discipline, who)
    return {}, 200, _("%(who)s đã ký biên bản.") % {"who": name}


def _correct(request, tournament, pairing, game):
    form = F.CorrectForm(request.POST)
    if not form.is_valid():
        return {"correct": form}, 400, ""
    try:
        game_services.correct_record(game, user=request.user, reason=form.cleaned_data["reason"],
                                     expected_version=form.cleaned_data["version"])
    except ServiceError as exc:
        apply_service_error(form, exc)
        return {"correct": form}, exc.status_code, ""
    return {}, 200, _("Biên bản đã mở để sửa; các chữ ký đã được gỡ.")


def _confirm(request, tournament, pairing, game):
    form = F.VersionForm(request.POST)
    if not form.is_valid():
        return {"sign_error": _("Trang đã cũ; hãy tải lại.")}, 400, ""
    try:
        game_services.confirm_proposal(game, user=request.user,
                                       expected_version=form.cleaned_data["version"])
    except ServiceError as exc:
        return {"sign_error": exc.message}, exc.status_code, ""
    return {}, 200, _("Đã xác nhận phán quyết đề xuất.")


def _warning(request, tournament, pairing, game):
    form = F.WarningForm(request.POST, discipline=tournament.discipline)
    if not form.is_valid():
        return {"warning": form}, 400, ""
    try:
        warning, _game = game_services.add_warning(
            game, side=form.cleaned_data["side"], reason=form.cleaned_data["reason"],
            user=request.user, note=form.cleaned_data["note"], ply=form.cleaned_data["ply"])
    except ServiceError as exc:
        apply_service_error(form, exc)
        return {"warning": form}, exc.status_code, ""
    if warning.fault_id:
        return {}, 200, _("Tái phạm: đã ghi thành lỗi (%(a)s).") % {"a": warning.article}
    return {}, 200, _("Đã ghi %(level)s.") % {"level": warning.get_level_display().lower()}


def _fault(request, tournament, pairing, game):
    form = F.FaultForm(request.POST, discipline=tournament.discipline)
    if not form.is_valid():
        return {"fault": form}, 400, ""
    try:
        fault = game_services.add_fault(
            game, side=form.cleaned_data["side"], kind=form.cleaned_data["kind"],
            user=request.user, note=form.cleaned_data["note"], ply=form.cleaned_data["ply"],
            scoresheet_omission=form.cleaned_data["scoresheet_omission"])
    except ServiceError as exc:
        apply_service_error(form, exc)
        return {"fault": form}, exc.status_code, ""
    if fault.kind == FaultKind.ILLEGAL_MOVE:  # Luật Cờ Vua 7.4b: 2 minutes, or the loss
        return {}, 200, penalties.illegal_move_done(game, fault, tournament.discipline)
    return {}, 200, _("Đã ghi lỗi.")


def _phase(request, tournament, pairing, game):
    """Điều 10.1.2: the half-move the Asian control's final phase began at."""
    form = F.FinalPhaseForm(request.POST)
    if not form.is_valid():
        return {"phase": form}, 400, ""
    try:
        game_services.set_final_phase(game, ply=form.cleaned_data["ply"], user=request.user,
                                       expected_version=form.cleaned_data["version"])
    except ServiceError as exc:
        apply_service_error(form, exc, {"final_phase_ply": "ply"})
        return {"phase": form}, exc.status_code, ""
    return {}, 200, _("Đã ghi giai đoạn cuối; biên bản được kiểm tra lại.")


def _checks(request, tournament, pairing, game):
    """Điều 10.1.2: the event's rule for each check beyond four in the phase."""
    try:
        faults, _game = game_services.apply_excess_checks(game, user=request.user)
    except ServiceError as exc:
        return {"sign_error": exc.message}, exc.status_code, ""
    if faults:
        return {}, 200, _("Đã ghi %(n)s lỗi kỹ thuật (Điều 10.1.2).") % {"n": len(faults)}
    return {}, 200, _("Đã đề xuất xử thua (Điều 10.1.2); trọng tài xác nhận.")
