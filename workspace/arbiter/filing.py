"""The arbiter's screens to record a written complaint and to appeal a decided one ("Bàn trọng
tài" › Khiếu nại). 002 Phần 2 Điều 2.7: "Những yêu cầu khiếu nại ... phải được viết bằng văn
bản và được chuyển tới Ban Trọng tài": the arbiter records the paper handed to him; Điều 15.6
and 11.1b, 19: a decision not accepted is appealed to the next level (organisers, then the
federation). Every write is ``tournaments.services.file_complaint`` / ``appeal``: who may
file, what about, the time limit; their refusals are shown on the field they name."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import selectors_complaints, services
from tournaments.models import Complaint, Pairing
from tournaments.services.complaint_filing import NEXT_LEVEL, TEXT_MAX
from workspace.access import signed_in, wreverse
from workspace.arbiter import reads
from workspace.forms import apply_service_error

#: how a person types the time a paper was handed in (the screens' dd/mm/yyyy)
TIME_FORMATS = ["%H:%M %d/%m/%Y", "%d/%m/%Y %H:%M", "%d/%m/%Y"]
NAME_MAX = 200

C = Complaint


class EntryChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return f"{obj.starting_number}. {obj.name}"


class BoardChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return _("Ván %(r)s, bàn %(b)s: %(w)s – %(k)s") % {
            "r": obj.round.number, "b": obj.board, "w": obj.white.name,
            "k": obj.black.name if obj.black_id else "—"}


class RoundBoardChoice(BoardChoice):
    """The boards of one round (the round chosen on the page: the list stays one round long
    however many rounds the event has), validated against every board of the event (a board
    posted from another round's list is still the event's)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.all_boards = Pairing.objects.none()

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return self.all_boards.get(pk=int(value))
        except (ValueError, TypeError, Pairing.DoesNotExist):
            raise forms.ValidationError(self.error_messages["invalid_choice"],
                                        code="invalid_choice") from None


class ClubChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return obj.name


class RoundChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return _("Ván %(r)s") % {"r": obj.number}


class TeamChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return obj.name


class FilingForm(forms.Form):
    """A written complaint as handed to the arbiters: shapes and limits; the rules (who may
    complain about what, the time limit) are the service's."""

    complainant_kind = forms.ChoiceField(label=gettext_lazy("Người khiếu nại là"),
                                         widget=forms.RadioSelect,
                                         choices=C.Complainant.choices)
    complainant_entry = EntryChoice(label=gettext_lazy("Đấu thủ khiếu nại (hoặc cùng ký)"),
                                    queryset=None, required=False)
    complainant_team = TeamChoice(label=gettext_lazy("Đội"), queryset=None, required=False)
    complainant_club = ClubChoice(label=gettext_lazy("Câu lạc bộ khiếu nại"), queryset=None,
                                  required=False)
    complainant_name = forms.CharField(label=gettext_lazy("Tên lãnh đội, huấn luyện viên ký đơn"),
                                       max_length=NAME_MAX, required=False)
    subject = forms.ChoiceField(label=gettext_lazy("Khiếu nại về"), widget=forms.RadioSelect,
                                choices=C.Subject.choices)
    pairing = RoundBoardChoice(label=gettext_lazy("Ván đấu (khi khiếu nại về kết quả, quyết "
                                                  "định của trọng tài)"), queryset=None,
                               required=False)
    round = RoundChoice(label=gettext_lazy("Vòng (khi khiếu nại về bốc thăm, xếp cặp)"),
                        queryset=None, required=False)
    subject_entry = EntryChoice(label=gettext_lazy("Đấu thủ (khi khiếu nại về đẳng cấp)"),
                                queryset=None, required=False)
    level = forms.ChoiceField(label=gettext_lazy("Gửi tới"), choices=C.Level.choices[:2],
                              initial=C.Level.CHIEF_ARBITER)
    grounds = forms.CharField(label=gettext_lazy("Nội dung khiếu nại"), max_length=TEXT_MAX,
                              widget=forms.Textarea(attrs={"rows": 4}))
    filed_at = forms.DateTimeField(
        label=gettext_lazy("Nộp lúc"), required=False, input_formats=TIME_FORMATS,
        help_text=gettext_lazy("Giờ phút ngày/tháng/năm, ví dụ 17:30 04/05/2026; để trống: "
                               "bây giờ."))

    def __init__(self, *args, tournament, board_round=None, **kwargs):
        """``board_round``: the round whose boards the board list offers (the page's choice)."""
        super().__init__(*args, **kwargs)
        entries = tournament.entries.filter(starting_number__isnull=False).order_by(
            "starting_number")
        self.fields["complainant_entry"].queryset = entries  # type: ignore[attr-defined]
        self.fields["subject_entry"].queryset = entries  # type: ignore[attr-defined]
        self.fields["complainant_team"].queryset = (  # type: ignore[attr-defined]
            tournament.teams.order_by("name"))
        self.fields["complainant_club"].queryset = (  # type: ignore[attr-defined]
            selectors_complaints.event_clubs(tournament))
        self.fields["round"].queryset = paired_rounds(tournament)  # type: ignore[attr-defined]
        boards = (Pairing.objects.filter(round__tournament=tournament, kind=Pairing.Kind.GAME)
                  .select_related("round", "white", "black"))
        pairing = self.fields["pairing"]
        pairing.all_boards = boards  # type: ignore[attr-defined]
        pairing.queryset = boards.filter(round=board_round).order_by(  # type: ignore[attr-defined]
            "board")
        if not tournament.teams.exists():
            del self.fields["complainant_team"]
            del self.fields["complainant_name"]
            self.fields["complainant_kind"].choices = [  # type: ignore[attr-defined]
                c for c in C.Complainant.choices if c[0] != C.Complainant.TEAM_LEADER]
            self.fields["complainant_kind"].initial = C.Complainant.PLAYER

    def filing(self) -> services.Filing:
        d = self.cleaned_data
        return services.Filing(
            complainant_kind=d["complainant_kind"], subject=d["subject"], grounds=d["grounds"],
            complainant_entry=d.get("complainant_entry"), complainant_team=d.get(
                "complainant_team"), complainant_club=d.get("complainant_club"),
            complainant_name=d.get("complainant_name") or "",
            pairing=d.get("pairing"), round=d.get("round"), subject_entry=d.get("subject_entry"),
            level=d["level"])


class AppealForm(forms.Form):
    """An appeal of a decided complaint (Điều 15.6, 19): why the decision is not accepted."""

    grounds = forms.CharField(label=gettext_lazy("Lý do kháng nghị"), max_length=TEXT_MAX,
                              widget=forms.Textarea(attrs={"rows": 3}))
    filed_at = forms.DateTimeField(
        label=gettext_lazy("Nộp lúc"), required=False, input_formats=TIME_FORMATS,
        help_text=gettext_lazy("Giờ phút ngày/tháng/năm; để trống: bây giờ."))


def _event(request, tournament_id: int):
    tournament = reads.tournament_for(request.user, tournament_id)
    if tournament is None:
        raise Http404
    return tournament


def paired_rounds(tournament):
    return tournament.rounds.filter(paired_at__isnull=False).order_by("number")


def board_round(request, rounds: list):
    """The round whose boards the filing page lists: ``?vong=N`` when N is a paired round;
    on a post the round of the posted board; else the last paired round (the one a
    complaint about a result is usually about)."""
    by_number = {r.number: r for r in rounds}
    asked = request.GET.get("vong", "")
    if asked.isdigit() and len(asked) < 5 and int(asked) in by_number:
        return by_number[int(asked)]
    posted = request.POST.get("pairing", "") if request.method == "POST" else ""
    if posted.isdigit() and len(posted) < 12:
        number = (Pairing.objects.filter(pk=int(posted), round__in=rounds)
                  .values_list("round__number", flat=True).first())
        if number is not None:
            return by_number[number]
    return rounds[-1] if rounds else None


@signed_in
@never_cache
def file(request, tournament_id: int):
    """The form to record a written complaint (002 Phần 2 Điều 2.7; Điều 15.5-15.6); the
    board list shows one round's boards, the round chosen above the form."""
    tournament = _event(request, tournament_id)
    rounds = list(paired_rounds(tournament))
    shown = board_round(request, rounds)
    form = FilingForm(request.POST if request.method == "POST" else None,
                      tournament=tournament, board_round=shown)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                made = services.file_complaint(tournament, form.filing(), user=request.user,
                                               filed_at=form.cleaned_data.get("filed_at"))
            except ServiceError as exc:
                apply_service_error(form, exc)
                status = exc.status_code
            else:
                messages.success(request, _("Đã ghi nhận khiếu nại số %(n)s.")
                                 % {"n": made.number})
                return HttpResponseRedirect(wreverse("arbiter-complaint", tournament.pk,
                                                     made.pk))
        else:
            status = 400
    return render(request, "workspace/arbiter/complaint_file.html",
                  {"t": tournament, "form": form, "rounds": rounds, "shown": shown},
                  status=status)


def can_appeal(complaint: Complaint) -> bool:
    """A decided complaint below the last level, not yet appealed: the page offers the form."""
    return (complaint.is_decided and complaint.level in NEXT_LEVEL
            and not complaint.appeals.exists())


@signed_in
@never_cache
@require_POST
def appeal(request, tournament_id: int, complaint_id: int):
    """Appeal the decision to the next level (Điều 11.1b, 15.6, 19): a new complaint."""
    tournament = _event(request, tournament_id)
    found = (Complaint.objects.select_related("tournament", "pairing__round", "pairing__white",
                                              "pairing__black", "round", "subject_entry",
                                              "complainant_entry", "decision", "appeal_of")
             .filter(tournament=tournament, pk=complaint_id).first())
    if found is None:
        raise Http404
    form = AppealForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            made = services.appeal(found, user=request.user,
                                   grounds=form.cleaned_data["grounds"],
                                   filed_at=form.cleaned_data.get("filed_at"))
        except ServiceError as exc:
            apply_service_error(form, exc, {"appeal_of": None})
            status = exc.status_code
        else:
            messages.success(request, _("Đã ghi nhận kháng nghị: khiếu nại số %(n)s, cấp "
                                        "“%(level)s”.")
                             % {"n": made.number, "level": made.get_level_display()})
            return HttpResponseRedirect(wreverse("arbiter-complaint", tournament.pk, made.pk))
    return render(request, "workspace/arbiter/complaint.html", {
        "t": tournament, "c": found, "form": None, "can_decide": False,
        "appeal_form": form, "can_appeal": True,
        "words": reads.result_words(found.corrected_result, tournament.discipline)
        if found.corrected_result else ""}, status=status)
