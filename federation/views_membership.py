"""The membership workflow's API (issue 3 §5): applications, dues, attendance, resignations,
suspensions, transfers and the lapse job. Views translate HTTP to service calls; reads are
scoped (staff, officers for their bodies' clubs, club managers for their clubs;
suspensions to any signed-in user), writes are checked by the services."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core import xlsx
from core.serializers import JobSerializer
from federation import selectors, services
from federation import serializers as s
from federation.filters import ApplicationFilter
from federation.models import (
    Attendance,
    ClubMembership,
    DuesPayment,
    MembershipApplication,
    Resignation,
    Suspension,
)
from federation.services import privacy
from federation.views import ScopedReadMixin


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
