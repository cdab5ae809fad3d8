"""The person's own page (issue 27): a member with a login (``Person.user``, set by staff)
sees their own data, cards, ratings, titles, applications and suspensions. A change to the
record goes through the club or the federation.

Personal data (Nghị định 13/2023/NĐ-CP, issue 31): the consents given for him and their
withdrawal, who read his private data (the access log), his requests (a copy of his data, a
correction, an erasure) with their deadline and outcome, and the copy to download."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from documents import selectors as document_selectors
from documents.models import Document
from federation.models import Consent, DataRequest, Member, MembershipApplication, PrivateDataAccess
from federation.selectors import suspensions_of
from federation.services import privacy, privacy_export
from ratings.selectors import published_ratings_of, titles_of
from workspace.access import forbidden, roles, signed_in, wreverse
from workspace.pdf import pdf_response

#: rows of the access log shown on the page (newest first)
ACCESS_LOG_SHOWN = 50


class DataRequestForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Yêu cầu"), choices=DataRequest.Kind.choices)
    details = forms.CharField(label=gettext_lazy("Nội dung (ví dụ: trường cần sửa và giá trị "
                                                 "đúng)"), max_length=2000, required=False,
                              widget=forms.Textarea(attrs={"rows": 3}))


class WithdrawForm(forms.Form):
    note = forms.CharField(label=gettext_lazy("Ghi chú"), max_length=2000, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))


def _page(request, person, *, revealed: str | None = None, request_form=None, status=200):
    memberships = (person.memberships.prefetch_related("club_memberships__club")
                   .order_by("-joined_on"))
    consents = list(Consent.objects.filter(person=person))
    return render(request, "workspace/person/me.html", {
        "person": person,
        "revealed": revealed,
        "memberships": [(m, next(iter(sorted(m.club_memberships.all(),
                                             key=lambda s: s.started_on, reverse=True)), None))
                        for m in memberships],
        "ratings": published_ratings_of(person),
        "titles": titles_of(person),
        "applications": MembershipApplication.objects.filter(person=person)
        .select_related("club").order_by("-submitted_on", "-pk")[:20],
        "suspensions": suspensions_of(person),
        "consents": consents,
        "consent_in_force": any(c.withdrawn_on is None for c in consents),
        "access_log": PrivateDataAccess.objects.filter(person=person)
        .select_related("user")[:ACCESS_LOG_SHOWN],
        "requests": DataRequest.objects.filter(person=person),
        "request_form": request_form or DataRequestForm(prefix="yc"),
        "withdraw_form": WithdrawForm(prefix="rut"),
    }, status=status)


def _own_person(request):
    return roles(request.user).person


@signed_in
def me(request):
    person = _own_person(request)
    if person is None:
        return forbidden(request, status=404)
    return _page(request, person)


@signed_in
@require_POST
def reveal(request):
    """His own ID number in full (his own reads are not logged)."""
    person = _own_person(request)
    if person is None:
        return forbidden(request, status=404)
    return _page(request, person, revealed=person.citizen_id or "")


@signed_in
@require_POST
def withdraw_consent(request):
    person = _own_person(request)
    if person is None:
        return forbidden(request, status=404)
    form = WithdrawForm(request.POST, prefix="rut")
    note = form.cleaned_data["note"] if form.is_valid() else ""
    try:
        privacy.withdraw_consent(person, note=note, by=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Đã ghi việc bạn rút lại sự đồng ý. Câu lạc bộ và các cấp "
                                    "Liên đoàn không còn xem dữ liệu riêng của bạn; hồ sơ "
                                    "chính thức (thẻ, kết quả, hệ số, quyết định) được giữ "
                                    "theo quy định."))
    return HttpResponseRedirect(wreverse("me") + "#consent")


@signed_in
@require_POST
def file_request(request):
    person = _own_person(request)
    if person is None:
        return forbidden(request, status=404)
    form = DataRequestForm(request.POST, prefix="yc")
    if form.is_valid():
        try:
            privacy.file_data_request(person, kind=form.cleaned_data["kind"],
                                      details=form.cleaned_data["details"], by=request.user)
        except ServiceError as exc:
            form.add_error("kind", exc.message)
        else:
            messages.success(request, _("Đã ghi yêu cầu của bạn; Liên đoàn xử lý trong 72 giờ."))
            return HttpResponseRedirect(wreverse("me") + "#requests")
    return _page(request, person, request_form=form, status=400)


@signed_in
def export(request, request_pk: int, output: str):
    """The copy of his data once the federation completed the request: JSON or PDF."""
    person = _own_person(request)
    if person is None or output not in ("json", "pdf"):
        return forbidden(request, status=404)
    row = get_object_or_404(DataRequest, pk=request_pk, person=person)
    try:
        data, pdf = privacy_export.export_for(row, by=request.user, output=output,
                                              path=request.path)
    except ServiceError as exc:
        return forbidden(request, exc.message)
    if pdf is not None:
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="du-lieu-ca-nhan-{person.pk}.pdf"'
        return response
    response = HttpResponse(json.dumps(data, ensure_ascii=False, indent=1),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="du-lieu-ca-nhan-{person.pk}.json"'
    return response


@signed_in
def my_card(request, member_pk: int):
    """The person's own member card (PDF), through the documents service and its rule
    (``federation.documents``: the member himself while active, his club's managers, staff).
    Only one's own: another person's card is refused here even to a club manager, who
    prints it from the club's page."""
    person = roles(request.user).person
    if person is None:
        return forbidden(request, status=404)
    member = Member.objects.filter(pk=member_pk, person=person).first()
    kind, target = Document.Kind.MEMBER_CARD, str(member_pk)
    if member is None:
        return forbidden(request, _("Bạn chỉ in được thẻ hội viên của chính mình."))
    if not document_selectors.can_view(request.user, kind, target):
        return forbidden(request, _("Thẻ này không còn hiệu lực (tư cách hội viên đã chấm "
                                    "dứt), nên không in được."))
    return pdf_response(request, kind, target)
