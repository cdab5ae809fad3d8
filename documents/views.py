"""API of official documents: the decision register and PDF rendering/downloads."""

from django.http import FileResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from core.errors import ConflictError
from core.serializers import JobSerializer
from documents import selectors, services
from documents.models import Decision, Document, Signatory
from documents.serializers import (
    DecisionRevokeSerializer,
    DecisionSerializer,
    DocumentRequestSerializer,
    DocumentSerializer,
    SignatoryCorrectionSerializer,
    SignatorySerializer,
)


class IsStaffOrReadOnly(permissions.BasePermission):
    def has_permission(self, request, view):
        return request.method in permissions.SAFE_METHODS or bool(
            request.user and request.user.is_staff)


class DecisionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                      viewsets.GenericViewSet):
    """Decisions (quyết định) numbered from the yearly register. Staff issue them; title
    awards and regulations approvals are public, disciplinary decisions are for staff."""

    serializer_class = DecisionSerializer
    permission_classes = [IsStaffOrReadOnly]
    filterset_fields = ["kind", "year"]

    def get_queryset(self):
        decisions = Decision.objects.all()
        if self.request.user.is_staff:
            return decisions
        return decisions.filter(kind__in=selectors.public_decision_kinds())

    def perform_create(self, serializer):
        # grounds and articles may be left out of the body; the service refuses no articles
        data = {"grounds": [], "articles": [], **serializer.validated_data}
        if not data.get("signatory") and not data.get("signer_name"):
            data["signatory"] = services.choose_signatory()  # the body's default, or 400
        serializer.instance = services.issue_decision(user=self.request.user, **data)

    def _revoke(self, request, status_value) -> Response:
        data = DecisionRevokeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        decision = services.revoke_decision(self.get_object(), user=request.user,
                                            reason=data.validated_data["reason"],
                                            status=status_value)
        return Response(DecisionSerializer(decision).data)

    @extend_schema(request=DecisionRevokeSerializer, responses=DecisionSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        """Withdraw (thu hồi) an issued decision with a reason: a recorded state, never a
        deletion; its number stays taken. Staff only; 400 when already withdrawn/annulled."""
        return self._revoke(request, Decision.Status.WITHDRAWN)

    @extend_schema(request=DecisionRevokeSerializer, responses=DecisionSerializer)
    @action(detail=True, methods=["post"])
    def annul(self, request, pk=None):
        """Annul (hủy bỏ: void from the start) an issued decision with a reason."""
        return self._revoke(request, Decision.Status.ANNULLED)

    @extend_schema(request=SignatoryCorrectionSerializer, responses=DecisionSerializer)
    @action(detail=True, methods=["post"], url_path="correct-signatory")
    def correct_signatory(self, request, pk=None):
        """Correct who signs an issued decision (staff), with a reason kept in its history;
        its PDF is rendered again (the stale one answers 409 ``stale`` meanwhile)."""
        form = SignatoryCorrectionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        decision = services.correct_signatory(self.get_object(), user=request.user,
                                              **form.validated_data)
        return Response(DecisionSerializer(decision).data)


class SignatoryViewSet(viewsets.ReadOnlyModelViewSet):
    """Signatories of decisions (staff): name, position, authority line, body, default."""

    serializer_class = SignatorySerializer
    permission_classes = [permissions.IsAdminUser]
    queryset = Signatory.objects.select_related("body")
    filterset_fields = ["body", "active", "is_default"]


class DocumentViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Rendered PDFs. POST a kind and target: 200 with the current PDF, or 202 with the job
    rendering it (poll /api/v1/jobs/{id}/). Download at /documents/{id}/pdf/."""

    serializer_class = DocumentSerializer
    permission_classes = [permissions.AllowAny]
    queryset = Document.objects.all()

    def get_object(self):
        document = super().get_object()
        if not selectors.can_view(self.request.user, document.kind, document.target):
            raise NotFound()
        return document

    @extend_schema(request=DocumentRequestSerializer,
                   responses={200: DocumentSerializer, 202: JobSerializer})
    def create(self, request):
        body = DocumentRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        kind, target = body.validated_data["kind"], body.validated_data["target"]
        if not selectors.can_view(request.user, kind, target):
            raise NotFound()
        document = services.current_document(kind, target)
        if document is not None:
            return Response(DocumentSerializer(document).data)
        job = services.request_document(kind, target, user=request.user)
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={(200, "application/pdf"): bytes, 409: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"])
    def pdf(self, request, pk=None):
        """The stored PDF. 409 ``stale`` when its data changed since it was rendered (e.g. a
        decision corrected): POST the kind and target again to render it."""
        document = self.get_object()
        if services.is_stale(document):
            raise ConflictError(_("Văn bản PDF đã cũ: dữ liệu đã sửa sau khi tạo. Hãy yêu cầu "
                                  "tạo lại (POST /api/v1/documents/)."), field="document",
                                code="stale")
        return FileResponse(document.file.open("rb"), content_type="application/pdf",
                            filename=document.file.name.rsplit("/", 1)[-1])
