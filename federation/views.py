"""The registry API under /api/v1/ (issue 3 §5). Views translate HTTP to service calls.

Read access: provinces, bodies, boards, clubs, meetings, play groups, persons (public
fields) and members are public; applications, dues, attendance, resignations and
transfers are visible to staff, to officers (their bodies' clubs) and to club
managers (their clubs); suspensions to any signed-in user. Writes are checked by
the services (403 in the error shape when not allowed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Count, OuterRef, Prefetch, Q, Subquery
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.reverse import reverse

from core import xlsx
from core.errors import NotAllowedError
from core.serializers import JobSerializer
from federation import selectors, services
from federation import serializers as s
from federation import serializers_privacy as sp
from federation.filters import ApplicationFilter, ClubFilter, MemberFilter, PersonFilter
from federation.models import (
    Attendance,
    BoardPosition,
    Body,
    Club,
    ClubMeeting,
    ClubMembership,
    DataRequest,
    DuesPayment,
    Member,
    MembershipApplication,
    Person,
    PlayGroup,
    Province,
    Resignation,
    Suspension,
)
from federation.permissions import PrivateAccess, scoped
from federation.services import privacy, privacy_export

if TYPE_CHECKING:
    from rest_framework.generics import GenericAPIView

    _GenericView = GenericAPIView[Any]  # what the mixins below extend
else:  # at run time they come before the real view class in the bases
    _GenericView = object


class ScopedReadMixin(_GenericView):
    """List only the rows of the user's clubs (staff: all). Anonymous users are refused."""

    permission_classes = [permissions.IsAuthenticated]
    club_path = "club_id"

    def get_queryset(self):
        return scoped(super().get_queryset(), self.request.user, self.club_path)


class ProvinceViewSet(viewsets.ReadOnlyModelViewSet):
    """The 63 provinces and centrally-run cities."""

    queryset = Province.objects.all()
    serializer_class = s.ProvinceSerializer
    pagination_class = None
    filterset_fields = ["region", "code"]
    ordering_fields = ["code", "name"]


class BodyViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Federation bodies (Điều 14): national, provincial (3-year term), district (2-year term)."""

    queryset = Body.objects.select_related("province")
    serializer_class = s.BodySerializer
    filterset_fields = ["level", "province", "parent"]
    ordering_fields = ["name", "level"]

    def perform_create(self, serializer):
        # province and parent are optional in the body but keyword-only in the service
        data = {"province": None, "parent": None, **serializer.validated_data}
        serializer.instance = services.create_body(by=self.request.user, **data)


class BoardPositionViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Standing-board seats of bodies (Điều 14): chair, standing vice-chair, secretaries."""

    queryset = BoardPosition.objects.select_related("person", "body")
    serializer_class = s.BoardPositionSerializer
    filterset_fields = ["body", "role", "person"]
    ordering_fields = ["term_start", "term_end", "role"]

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        body = data.pop("body")
        serializer.instance = services.appoint_board_member(
            body, by=self.request.user, term_end=data.pop("term_end", None), **data)


class ClubViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Clubs (Câu lạc bộ Cờ, Điều 12, 15). Filters: name (with or without diacritics),
    province (code), body (and the bodies below it), discipline, kind, is_active."""

    queryset = Club.objects.select_related("province", "body").annotate(
        member_count=Count("club_memberships", filter=Q(club_memberships__ended_on__isnull=True))
    ).order_by("name", "id")
    serializer_class = s.ClubSerializer
    filterset_class = ClubFilter
    ordering_fields = ["name", "founded_on", "member_count"]

    def perform_create(self, serializer):
        serializer.instance = services.create_club(serializer.validated_data, by=self.request.user)

    def perform_update(self, serializer):
        serializer.instance = services.update_club(serializer.instance, serializer.validated_data,
                                                   by=self.request.user)


class ClubMeetingViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Annual general meetings and the club boards they elected (Điều 15.3)."""

    queryset = ClubMeeting.objects.prefetch_related("board__person")
    serializer_class = s.ClubMeetingSerializer
    filterset_fields = ["club"]
    ordering_fields = ["held_on"]

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.record_club_meeting(
            data["club"], held_on=data["held_on"], notes=data.get("notes", ""),
            board=[(seat["person"], seat["role"]) for seat in data["board"]], by=self.request.user)


class PlayGroupViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Play groups and play points of clubs (nhóm cờ, điểm chơi cờ, Điều 12)."""

    queryset = PlayGroup.objects.order_by("club", "name", "id")
    serializer_class = s.PlayGroupSerializer
    filterset_fields = ["club", "kind"]

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = services.add_play_group(data.pop("club"), by=self.request.user,
                                                      **data)


class PrivateContextMixin(_GenericView):
    """Serializers decide private fields by one ``PrivateAccess`` per request; the private
    fields an answer showed are written to the access log once, after it is built."""

    _private: PrivateAccess | None = None

    def get_serializer_context(self) -> dict[str, Any]:
        context = dict(super().get_serializer_context())
        if self._private is None:
            self._private = PrivateAccess(self.request.user)
        context["private"] = self._private
        return context

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        private = getattr(self, "_private", None)
        if private is not None and private.reads and response.status_code < 400:
            from federation.services.privacy import record_private_reads

            record_private_reads(request.user, private.reads, via="api",
                                 path=request.get_full_path())
            private.reads = {}
        return response


def _members_prefetch():
    return Prefetch("memberships", queryset=Member.objects.prefetch_related(
        Prefetch("club_memberships", queryset=ClubMembership.objects.select_related("club"))))


class PersonViewSet(PrivateContextMixin, mixins.CreateModelMixin, mixins.UpdateModelMixin,
                    viewsets.ReadOnlyModelViewSet):
    """Persons. Anonymous and out-of-scope users get the public profile only (name, gender,
    province, club, card); date of birth, citizen ID and contact are private."""

    queryset = (Person.objects.select_related("province")
                .annotate(current_club_id=selectors.person_current_club_subquery())
                .prefetch_related(_members_prefetch()))
    serializer_class = s.PersonSerializer
    filterset_class = PersonFilter
    ordering_fields = ["name_folded", "id"]

    def perform_create(self, serializer):
        serializer.instance = services.create_person(serializer.validated_data,
                                                     by=self.request.user)

    def create(self, request, *args, **kwargs):
        """Record a person; the answer's ``warnings`` name the possible duplicates already in
        the registry (the same name and birth date, or the same ID number: issue #28)."""
        response = super().create(request, *args, **kwargs)
        person = Person.objects.get(pk=response.data["id"])
        found = list(selectors.possible_duplicates(
            full_name=person.full_name, date_of_birth=person.date_of_birth,
            citizen_id=person.citizen_id, exclude_pk=person.pk)[:selectors.DUPLICATES_SHOWN])
        response.data["warnings"] = [{
            "code": "possible_duplicate",
            "message": _("Có thể trùng với người đã có trong danh bạ: %(name)s (#%(id)s). Nếu "
                         "là một người, hãy gộp hai hồ sơ.") % {"name": p.full_name, "id": p.pk},
            "person": p.pk,
            "url": reverse("person-detail", args=[p.pk], request=request),
        } for p in found]
        return response

    @extend_schema(request=s.PersonMergeSerializer, responses=s.PersonSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAdminUser])
    def merge(self, request, pk=None):
        """Staff: merge the person ``duplicate`` into this one, with a ``reason`` (issue #28).
        Nothing is deleted: the duplicate is marked merged into this person and every record
        moves here; 409 when both hold active cards in different clubs (and other conflicts,
        named in the message)."""
        keep = self.get_object()
        body = s.PersonMergeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.merge_persons(keep, body.validated_data["duplicate"],
                               reason=body.validated_data["reason"], by=request.user)
        return Response(self.get_serializer(self.get_queryset().get(pk=keep.pk)).data)

    @extend_schema(responses=sp.PrivateDataAccessSerializer(many=True))
    @action(detail=True, methods=["get"], url_path="access-log", filter_backends=[],
            permission_classes=[permissions.IsAuthenticated])
    def access_log(self, request, pk=None):
        """Who read this person's private data, when, which fields and through what
        (Nghị định 13/2023/NĐ-CP): for staff and the person himself, newest first."""
        person = self.get_object()
        if not (request.user.is_staff or person.user_id == request.user.pk):
            raise NotAllowedError(_("Chỉ cán bộ Liên đoàn và chính người đó xem được nhật ký "
                                    "truy cập dữ liệu riêng."))
        rows = person.private_reads.select_related("user")
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(sp.PrivateDataAccessSerializer(page, many=True).data)

    @extend_schema(responses=sp.ConsentSerializer(many=True))
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None,
            permission_classes=[permissions.IsAuthenticated])
    def consents(self, request, pk=None):
        """The consents given for this person (Nghị định 13/2023/NĐ-CP Điều 11): what is
        collected and why, when, by whom; withdrawals (Điều 12). Staff and the person."""
        person = self.get_object()
        _own_or_staff(request, person)
        return Response(sp.ConsentSerializer(person.consents.select_related(
            "recorded_by", "withdrawn_by"), many=True).data)

    @extend_schema(request=sp.ConsentWithdrawSerializer, responses=sp.ConsentSerializer(many=True))
    @action(detail=True, methods=["post"], url_path="withdraw-consent",
            permission_classes=[permissions.IsAuthenticated])
    def withdraw_consent(self, request, pk=None):
        """The person (or staff for him) withdraws his consent (Điều 12): clubs and bodies no
        longer see his private data; official records stay."""
        person = self.get_object()
        body = sp.ConsentWithdrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        privacy.withdraw_consent(person, note=body.validated_data["note"], by=request.user)
        return Response(sp.ConsentSerializer(person.consents.all(), many=True).data)

    @extend_schema(request=None, responses=sp.RevealSerializer)
    @action(detail=True, methods=["post"], url_path="reveal-citizen-id",
            permission_classes=[permissions.IsAuthenticated])
    def reveal_citizen_id(self, request, pk=None):
        """The whole ID number (answers show its last 4 digits), for those who may see it;
        written to the access log (minimisation, Nghị định 13/2023/NĐ-CP Điều 3)."""
        person = self.get_object()
        value = privacy.reveal_citizen_id(person, by=request.user,
                                          path=request.get_full_path())
        return Response({"citizen_id": value})

    def perform_update(self, serializer):
        serializer.instance = services.update_person(serializer.instance,
                                                     serializer.validated_data,
                                                     by=self.request.user)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if self.action == "create":  # the creator sees what he just entered
            context["private"] = _AllowAll()
        return context


def _own_or_staff(request, person: Person) -> None:
    if not (request.user.is_staff or person.user_id == request.user.pk):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn và chính người đó xem được thông tin "
                                "này."))


class _AllowAll:
    def allows(self, person) -> bool:
        return True

    def fields(self, person) -> frozenset[str]:
        return frozenset(Person.PRIVATE_FIELDS)


def _member_queryset():
    last_club = Subquery(ClubMembership.objects.filter(member=OuterRef("pk"))
                         .order_by("-started_on", "-id").values("club_id")[:1])
    return (Member.objects.select_related("person", "person__province")
            .annotate(last_club_id=last_club)
            .prefetch_related(Prefetch("club_memberships", queryset=ClubMembership.objects
                                       .select_related("club", "club__province"))))


class MemberViewSet(PrivateContextMixin, viewsets.ReadOnlyModelViewSet):
    """Members and their cards. Filters: name (with or without diacritics), club, province
    (code), body, discipline, status, card_number. Public; private fields only in scope."""

    queryset = _member_queryset()
    serializer_class = s.MemberSerializer
    filterset_class = MemberFilter
    ordering_fields = ["card_number", "joined_on", "ended_on", "person__name_folded"]

    @extend_schema(responses=s.MemberEventSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def events(self, request, pk=None):
        """The membership's history: joined, transferred, lapsed, reinstated, resigned..."""
        member = self.get_object()
        return Response(s.MemberEventSerializer(member.events.all(), many=True).data)

    @extend_schema(responses={(200, xlsx.CONTENT_TYPE): OpenApiTypes.BINARY})
    @action(detail=False, methods=["get"], url_path="xlsx")
    def excel(self, request):
        """The filtered list (e.g. ``?club=``: a club's members) as an Excel workbook, public
        columns only; at most ``PRINT_MAX_ROWS`` rows (400 naming the limit)."""
        members = self.filter_queryset(self.get_queryset()).order_by("card_number")
        return xlsx.xlsx_response(_("Hội viên"), *selectors.members_table(members),
                                  filename="members.xlsx")

    @extend_schema(request=s.MemberReinstateSerializer, responses=s.MemberSerializer)
    @action(detail=True, methods=["post"])
    def reinstate(self, request, pk=None):
        """Staff reverse a lapse (Điều 15.5) with a note."""
        member = self.get_object()
        body = s.MemberReinstateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        member = services.reinstate_member(member, note=body.validated_data["note"],
                                           on=body.validated_data.get("date"), by=request.user)
        return Response(self.get_serializer(_member_queryset().get(pk=member.pk)).data)

    @extend_schema(parameters=[s.AboutToLapseQuerySerializer],
                   responses=s.LapseDueSerializer(many=True))
    @action(detail=False, methods=["get"], url_path="about-to-lapse",
            permission_classes=[permissions.IsAuthenticated], filter_backends=[])
    def about_to_lapse(self, request):
        """Active members of the user's clubs whose Điều 15.5 deadline is within ``within``
        days (default 30) of ``date`` (default today), soonest first, in pages (a province
        holds thousands of members: issue 14)."""
        params = s.AboutToLapseQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        on = params.validated_data.get("date") or timezone.localdate()
        within = params.validated_data["within"]
        members = scoped(_member_queryset(), request.user, "last_club_id")
        due = self.paginate_queryset(
            selectors.members_about_to_lapse(on, within, members)) or []  # paginated: a list
        names = dict(Member.objects.filter(pk__in=[d.member_id for d in due])
                     .values_list("pk", "person__full_name"))
        cards = dict(Member.objects.filter(pk__in=[d.member_id for d in due])
                     .values_list("pk", "card_number"))
        rows = [{"member_id": d.member_id, "card_number": cards[d.member_id],
                 "full_name": names[d.member_id], "rule": d.rule, "reference": d.reference,
                 "deadline": d.deadline} for d in due]
        return self.get_paginated_response(s.LapseDueSerializer(rows, many=True).data)


class ApplicationViewSet(ScopedReadMixin, mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Applications to join through a club, with a sponsoring active member (Điều 8.2-8.3)."""

    queryset = MembershipApplication.objects.select_related("person", "club", "sponsor", "member")
    serializer_class = s.ApplicationSerializer
    filterset_class = ApplicationFilter
    ordering_fields = ["submitted_on", "id", "status"]

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = services.submit_application(
            person=data["person"], club=data["club"], sponsor=data["sponsor"],
            submitted_on=data.get("submitted_on"), by=self.request.user,
            typed={field: data.get(field) for field in ("citizen_id", "date_of_birth")},
            consent=privacy.ConsentGiven(**data["consent"]))

    def get_queryset(self):
        if self.action == "confirm":  # the applicant himself, whatever his club scope
            user = self.request.user
            if not user.is_authenticated:  # IsAuthenticated refuses first
                return MembershipApplication.objects.none()
            return (MembershipApplication.objects.select_related("person", "club", "sponsor")
                    .filter(person__user=user))
        return super().get_queryset()

    @extend_schema(responses={(200, xlsx.CONTENT_TYPE): OpenApiTypes.BINARY})
    @action(detail=False, methods=["get"], url_path="xlsx")
    def excel(self, request):
        """The applications the user may see (same filters) as an Excel workbook."""
        applications = self.filter_queryset(self.get_queryset()).order_by("submitted_on", "id")
        return xlsx.xlsx_response(_("Đơn xin gia nhập"),
                                  *selectors.applications_table(applications),
                                  filename="applications.xlsx")

    @extend_schema(request=None, responses=s.ApplicationSerializer)
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        """The person confirms, from his own account, the application filed for him: the club
        may then see and correct his private data while it is pending (issue 31)."""
        application = services.confirm_application(self.get_object(), by=request.user)
        return Response(self.get_serializer(application).data)

    @extend_schema(request=s.ApplicationApproveSerializer, responses=s.ApplicationSerializer)
    @action(detail=True, methods=["post"])
    def approve(self, request, pk=None):
        """Approve and issue the member card ``PP-YYYY-NNNNN`` (Điều 8.3, 15.2)."""
        application = self.get_object()
        body = s.ApplicationApproveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.approve_application(application, by=request.user,
                                     on=body.validated_data.get("date"))
        application.refresh_from_db()
        return Response(self.get_serializer(application).data)

    @extend_schema(request=s.AdmissionRefuseSerializer, responses=s.ApplicationSerializer)
    @action(detail=True, methods=["post"])
    def refuse(self, request, pk=None):
        """The body refuses, with a reason and within its window, a member its club admitted
        (Phụ lục 2 Điều 15.2): the membership ends as ``refused``; the card is not reused."""
        application = self.get_object()
        body = s.AdmissionRefuseSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        application = services.refuse_admission(
            application, reason=body.validated_data["reason"], by=request.user,
            on=body.validated_data.get("date"))
        return Response(self.get_serializer(application).data)

    @extend_schema(request=s.ApplicationRejectSerializer, responses=s.ApplicationSerializer)
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        """Reject with a reason."""
        application = self.get_object()
        body = s.ApplicationRejectSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        application = services.reject_application(
            application, reason=body.validated_data["reason"], by=request.user)
        return Response(self.get_serializer(application).data)


class DuesViewSet(ScopedReadMixin, mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """The dues ledger (hội phí, Điều 9.3, 15.4): amount, period, receipt, who recorded it."""

    queryset = DuesPayment.objects.select_related("member")
    serializer_class = s.DuesSerializer
    filterset_fields = ["member", "club", "receipt_number"]
    ordering_fields = ["period_end", "paid_on", "recorded_at"]

    def perform_create(self, serializer):
        serializer.instance = services.record_dues(by=self.request.user,
                                                   **serializer.validated_data)


class AttendanceViewSet(ScopedReadMixin, mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Activity attendance (club sessions; tournament play), which keeps a member active."""

    queryset = Attendance.objects.select_related("member")
    serializer_class = s.AttendanceSerializer
    filterset_fields = ["member", "club", "date", "kind"]
    ordering_fields = ["date"]

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = services.record_attendance(
            member=data["member"], day=data["date"], kind=data.get("kind", "club_session"),
            club=data.get("club"), note=data.get("note", ""), by=self.request.user)

    @extend_schema(request=s.AttendanceSessionSerializer, responses={201: s.AttendanceSerializer(many=True)})
    @action(detail=False, methods=["post"])
    def session(self, request):
        """A club session: record the attendance of several members at once."""
        body = s.AttendanceSessionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        recorded = services.record_session(club=data["club"], day=data["date"],
                                           members=data["members"], note=data["note"],
                                           by=request.user)
        return Response(self.get_serializer(recorded, many=True).data,
                        status=status.HTTP_201_CREATED)


class ResignationViewSet(ScopedReadMixin, mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Resignations (Điều 10.4): the application date, the effective date, the returned card."""

    queryset = Resignation.objects.select_related("member").order_by("-effective_on", "-id")
    serializer_class = s.ResignationSerializer
    club_path = "member__club_memberships__club_id"
    filterset_fields = ["member", "card_returned"]
    ordering_fields = ["effective_on", "applied_on"]

    def get_queryset(self):
        return super().get_queryset().distinct()

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = services.resign_member(data.pop("member"), by=self.request.user,
                                                     **data)

    @extend_schema(request=s.ResignationCardReturnSerializer, responses=s.ResignationSerializer)
    @action(detail=True, methods=["post"], url_path="card-returned")
    def card_returned(self, request, pk=None):
        """Record that the member card came back (Điều 10.4)."""
        body = s.ResignationCardReturnSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        resignation = services.record_card_return(self.get_object(),
                                                  on=body.validated_data.get("date"),
                                                  by=request.user)
        return Response(self.get_serializer(resignation).data)


class SuspensionViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Suspensions for 1-3 years by a decision (Điều 15.6). Signed-in users read; staff write."""

    queryset = Suspension.objects.select_related("person")
    serializer_class = s.SuspensionSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["person", "decision_reference"]
    ordering_fields = ["starts_on", "ends_on"]

    def perform_create(self, serializer):
        serializer.instance = services.suspend_person(by=self.request.user,
                                                      **serializer.validated_data)

    @extend_schema(request=s.SuspensionLiftSerializer, responses=s.SuspensionSerializer)
    @action(detail=True, methods=["post"])
    def lift(self, request, pk=None):
        body = s.SuspensionLiftSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        suspension = services.lift_suspension(self.get_object(),
                                              on=body.validated_data.get("date"), by=request.user)
        return Response(self.get_serializer(suspension).data)


class TransferViewSet(ScopedReadMixin, viewsets.GenericViewSet, mixins.ListModelMixin):
    """Club membership history; POST transfers a member to another club (history kept)."""

    queryset = ClubMembership.objects.select_related("member", "club")
    serializer_class = s.ClubMembershipSerializer
    filterset_fields = ["member", "club"]
    ordering_fields = ["started_on", "ended_on"]

    @extend_schema(request=s.MemberTransferSerializer, responses={201: s.ClubMembershipSerializer})
    def create(self, request):
        body = s.MemberTransferSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        member = services.resolve_member(data["member"], "member")
        opened = services.transfer_member(member, to_club=data["to_club"], on=data.get("date"),
                                          note=data.get("note", ""), by=request.user)
        return Response(self.get_serializer(opened).data, status=status.HTTP_201_CREATED)


class LapseJobViewSet(viewsets.GenericViewSet):
    """Start the Điều 15.5 lapse job now (staff): 202 with the job; poll /api/v1/jobs/{id}/."""

    permission_classes = [permissions.IsAdminUser]
    serializer_class = s.LapseJobStartSerializer

    @extend_schema(request=s.LapseJobStartSerializer, responses={202: JobSerializer})
    def create(self, request):
        body = s.LapseJobStartSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        job = services.start_lapse_job(on=body.validated_data.get("date"), by=request.user)
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class DataRequestViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """The person's requests about his data (Nghị định 13/2023/NĐ-CP Điều 9, 14-16): a copy of
    everything held (export), a correction, an erasure; each with its 72-hour deadline, state
    and outcome. The person files and reads his own; staff read all and handle them."""

    queryset = DataRequest.objects.select_related("person", "handled_by")
    serializer_class = sp.DataRequestSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ["person", "kind", "state"]
    ordering_fields = ["received_at", "deadline"]

    def get_queryset(self):
        rows = super().get_queryset()
        user = self.request.user
        if not user.is_authenticated:
            return rows.none()
        return rows if user.is_staff else rows.filter(person__user=user)

    def perform_create(self, serializer):
        data = serializer.validated_data
        serializer.instance = privacy.file_data_request(
            data["person"], kind=data["kind"], details=data.get("details", ""),
            by=self.request.user)

    @extend_schema(request=sp.DataRequestHandleSerializer, responses=sp.DataRequestSerializer)
    @action(detail=True, methods=["post"])
    def handle(self, request, pk=None):
        """Staff carry the request out: an export is made available, a correction applies
        ``changes`` through the person-update service, an erasure erases the contact details
        and ID number (official records keep the name and card number); ``reason`` recorded."""
        row = self.get_object()
        body = sp.DataRequestHandleSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        reason, changes = body.validated_data["reason"], body.validated_data["changes"]
        if row.kind == DataRequest.Kind.EXPORT:
            row = privacy.complete_export(row, reason=reason, by=request.user)
        elif row.kind == DataRequest.Kind.CORRECTION:
            # the fields checked as a PATCH of the person is (types, lengths; 400 on the field)
            fields = s.PersonSerializer(row.person, data=changes, partial=True,
                                        context=self.get_serializer_context())
            fields.is_valid(raise_exception=True)
            row = privacy.apply_correction(row, dict(fields.validated_data), reason=reason,
                                           by=request.user)
        else:
            row = privacy.erase_personal_data(row, reason=reason, by=request.user)
        return Response(self.get_serializer(row).data)

    @extend_schema(request=sp.DataRequestRefuseSerializer, responses=sp.DataRequestSerializer)
    @action(detail=True, methods=["post"])
    def refuse(self, request, pk=None):
        """Staff refuse the request with the reason (Điều 9)."""
        body = sp.DataRequestRefuseSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        row = privacy.refuse_request(self.get_object(), reason=body.validated_data["reason"],
                                     by=request.user)
        return Response(self.get_serializer(row).data)

    @extend_schema(parameters=[sp.ExportQuerySerializer],
                   responses={(200, "application/json"): dict,
                              (200, "application/pdf"): bytes})
    @action(detail=True, methods=["get"], filter_backends=[])
    def export(self, request, pk=None):
        """Everything held about the person (Điều 14): JSON, or ``?output=pdf`` a readable
        PDF. Staff at any time; the person once staff completed the request. A read by staff
        is written to the access log."""
        row = self.get_object()
        params = sp.ExportQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        output = params.validated_data["output"]
        data, content = privacy_export.export_for(row, by=request.user, output=output,
                                                  path=request.get_full_path())
        if output == "pdf":
            response = HttpResponse(content, content_type="application/pdf")
            response["Content-Disposition"] = (
                f'attachment; filename="du-lieu-ca-nhan-{row.person_id}.pdf"')
            return response
        return Response(data)
