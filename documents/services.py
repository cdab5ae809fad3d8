"""Writes of the documents app: numbering decisions and rendering PDFs."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotAllowedError, ServiceError
from core.jobs import start_job
from documents import builders, cache_scopes
from documents.models import Decision, DecisionSequence, Document, Signatory, clean_subject
from documents.targets import canonical_target

#: the job kinds of this app (documents/jobs.py registers them)
RENDER_JOB = "documents.render"
WARM_PARTS_JOB = "documents.warm_parts"
logger = logging.getLogger(__name__)


def default_signatory(body=None) -> Signatory | None:
    """The body's default signatory (the national federation when no body is given)."""
    # federation's, via the FK (documents sits below federation in the layers): not typed
    Body: Any = Signatory._meta.get_field("body").related_model

    if body is None:
        body = Body.objects.filter(level=Body.Level.NATIONAL).order_by("pk").first()
    return Signatory.objects.filter(body=body, is_default=True, active=True).first()


def choose_signatory(signatory: Signatory | None = None, body=None) -> Signatory:
    """The signatory a decision is signed by: the one chosen, else the body's default; never
    a user name (issue 13)."""
    chosen = signatory or default_signatory(body)
    if chosen is None:
        raise ServiceError(_("Chưa có người ký mặc định: hãy chọn người ký (hoặc khai báo "
                             "người ký mặc định của tổ chức trong trang quản trị)."),
                           field="signatory", code="signatory_required")
    if not chosen.active:
        raise ServiceError(_("Người ký %(name)s không còn đảm nhiệm.") % {"name": chosen},
                           field="signatory", code="signatory_inactive")
    return chosen


@transaction.atomic
def issue_decision(*, kind: str, subject: str, grounds: list[str], articles: list[str],
                   signer_position: str = "", signer_name: str = "",
                   signatory: Signatory | None = None,
                   recipients: list[str] | None = None,
                   issued_on: dt.date | None = None, payload: dict | None = None,
                   user=None, **extra) -> Decision:
    """Number a decision from the register (unique per year) and store it. With a
    ``signatory`` the signature block (name, position, authority line) and the issuing
    body come from that record."""
    if kind not in Decision.Kind.values:
        raise ServiceError(_("Loại quyết định không hợp lệ."), field="kind")
    if not articles:
        raise ServiceError(_("Quyết định phải có ít nhất một điều."), field="articles")
    if signatory is not None:
        signer_name, signer_position = signatory.full_name, signatory.position
        extra["signer_authority"] = signatory.authority.strip()
        extra.setdefault("issuing_body", signatory.body.name.upper())
    if not (signer_name or "").strip() or not (signer_position or "").strip():
        raise ServiceError(_("Cần người ký (tên và chức vụ)."), field="signatory",
                           code="signatory_required")
    issued_on = issued_on or timezone.localdate()
    sequence, _created = DecisionSequence.objects.select_for_update().get_or_create(
        year=issued_on.year)
    sequence.last += 1
    sequence.save(update_fields=["last"])
    cache_scopes.touch()
    decision = Decision.objects.create(
        year=issued_on.year, number=sequence.last, kind=kind, subject=clean_subject(subject),
        grounds=list(grounds), articles=list(articles), recipients=list(recipients or []),
        signer_position=signer_position, signer_name=signer_name, signatory=signatory,
        issued_on=issued_on, payload=payload or {},
        created_by=user if getattr(user, "is_authenticated", False) else None,
        **extra,
    )
    transaction.on_commit(lambda: _render_issued(decision.pk, user))
    return decision


def _render_issued(decision_id: int, user) -> None:
    """A decision's PDF is made when it is issued (issue #28): its render job starts once the
    decision is committed, so "Mở PDF" finds it made. A refusal to build it is logged; it
    never undoes the issue (the PDF is then made on the first "Mở PDF")."""
    try:
        request_document(Document.Kind.DECISION, str(decision_id),
                         user=user if getattr(user, "is_authenticated", False) else None)
    except ServiceError as exc:
        logger.warning("decision %s issued, its PDF not started: %s", decision_id, exc.message)


@transaction.atomic
def revoke_decision(decision: Decision, *, user, reason: str,
                    status: str = Decision.Status.WITHDRAWN) -> Decision:
    """Withdraw (thu hồi) or annul (hủy bỏ) an issued decision, with a reason: a recorded
    state of the decision (its number stays taken in the register); never a deletion.
    Federation staff only."""
    if not getattr(user, "is_staff", False):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn thu hồi hoặc hủy bỏ quyết định."))
    if status not in (Decision.Status.WITHDRAWN, Decision.Status.ANNULLED):
        raise ServiceError(_("Trạng thái phải là thu hồi hoặc hủy bỏ."), field="status")
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do thu hồi/hủy bỏ quyết định."), field="reason")
    locked = _lock_issued(decision, _("Quyết định %(n)s đã %(state)s trước đó."))
    locked.status = status
    locked.status_reason = reason.strip()
    locked.status_changed_at = timezone.now()
    locked.status_changed_by = user
    locked._change_reason = reason.strip()[:100]
    locked.save()
    cache_scopes.touch()
    return locked


def _lock_issued(decision: Decision, refusal: str) -> Decision:
    """The decision, locked for this transaction; refused (``refusal`` with its number and
    state) unless it is still issued: a withdrawn or annulled decision stays as it is."""
    locked = Decision.objects.select_for_update().get(pk=decision.pk)
    if locked.status != Decision.Status.ISSUED:
        raise ServiceError(refusal % {"n": locked.formatted_number,
                                      "state": locked.get_status_display().lower()},
                           field="status", code="invalid_state")
    return locked


@transaction.atomic
def correct_signatory(decision: Decision, *, signatory: Signatory, user, reason: str
                      ) -> Decision:
    """Correct who signs an issued decision (a wrong signer), with a reason kept in its
    history; its PDF is rendered again (the stale one is refused meanwhile)."""
    if not getattr(user, "is_staff", False):
        raise NotAllowedError(_("Chỉ cán bộ Liên đoàn sửa người ký quyết định."))
    if not (reason or "").strip():
        raise ServiceError(_("Cần ghi lý do sửa người ký."), field="reason")
    locked = _lock_issued(decision, _("Quyết định %(n)s đã %(state)s: không sửa người ký."))
    locked.signatory = choose_signatory(signatory)
    locked.signer_name, locked.signer_position = signatory.full_name, signatory.position
    locked.signer_authority = signatory.authority.strip()
    locked._change_reason = reason.strip()[:100]
    locked.save()
    cache_scopes.touch()
    transaction.on_commit(lambda: rerender_decision(locked, user=user))
    return locked


def rerender_decision(decision: Decision, *, user=None):
    """After an edit: the stored PDF no longer matches; start its new rendering at once (the
    stale one is refused for download meanwhile)."""
    return request_document("decision", str(decision.pk), user=user)


def is_stale(document: Document) -> bool:
    """The stored PDF was rendered from data that has changed since."""
    try:
        return builders.build(document.kind, document.target).data_hash != document.data_hash
    except ServiceError:
        return True


def current_document(kind: str, target: str) -> Document | None:
    """The stored PDF if it was rendered from the data as it is now, else None."""
    target = canonical_target(kind, target)
    built = builders.build(kind, target)
    return Document.objects.filter(kind=kind, target=target, data_hash=built.data_hash).first()


def request_document(kind: str, target: str, *, user=None):
    """Start (or join) the job rendering this document from its current data."""
    target = canonical_target(kind, target)
    built = builders.build(kind, target)  # validates kind and target before queuing
    return start_job(RENDER_JOB,
                     params={"kind": kind, "target": str(target)},
                     key=f"document:{kind}:{target}:{built.data_hash}", user=user)


def render_document(params: dict, progress) -> dict:
    """Job work: render the PDF unless the stored one is already current."""
    kind, target = params["kind"], canonical_target(params["kind"], params["target"])
    built = builders.build(kind, target)
    existing = Document.objects.filter(kind=kind, target=target).first()
    if existing and existing.data_hash == built.data_hash and existing.file:
        return _describe(existing)
    progress(20, _("Đang tạo PDF"))
    pdf, pages = built.render()
    progress(80, _("Đang lưu văn bản"))
    with transaction.atomic():
        document, _created = Document.objects.select_for_update().get_or_create(
            kind=kind, target=target, defaults={"data_hash": built.data_hash})
        old_name = document.file.name if document.file else None
        document.data_hash = built.data_hash
        document.size, document.pages = len(pdf), pages
        document.file.save(built.filename, ContentFile(pdf), save=False)
        document.save()
    if old_name and old_name != document.file.name:
        document.file.storage.delete(old_name)
    return _describe(document)


def _describe(document: Document) -> dict:
    return {"document_id": document.pk, "kind": document.kind, "target": document.target,
            "pages": document.pages, "size": document.size}


# --- keeping a long document's parts warm (issue 15) ---------------------------------------

def parts_warming_enabled() -> bool:
    """Whether writes may start :func:`warm_document_parts` jobs: only with a broker (a
    worker renders them, not the writer's process) and a cache shared between processes
    (the parts must outlive the worker's render and be found by the document job). Without
    them (the embedded default: tasks in-process, a per-process cache) nothing is warmed:
    an eager warm would put seconds of rendering into the write's request for a cache the
    document job, in another process, would not see. ``DOCUMENT_PARTS_WARM_MIN_ENTRIES``
    0 turns it off."""
    backend = str(settings.CACHES["default"]["BACKEND"])
    return (settings.DOCUMENT_PARTS_WARM_MIN_ENTRIES > 0
            and not settings.CELERY_TASK_ALWAYS_EAGER
            and not backend.endswith(("LocMemCache", "DummyCache")))


def request_parts_warm(kind: str, target: str, *, key: str):
    """Start (once per ``key``) the job rendering the document's missing parts into the
    cache. The caller decides when (a round paired, a round complete) and names the moment
    in ``key``; a key already used returns its job (a failed or lost one runs again)."""
    target = canonical_target(kind, target)
    return start_job(WARM_PARTS_JOB, params={"kind": kind, "target": str(target)},
                     key=key)


def warm_document_parts(params: dict, progress) -> dict:
    """Job work: render into the cache the parts of the document (as it is now) that are
    not kept yet, the same parts under the same digests the document job uses, so its next
    render renders none of them. Safe to retry: every batch is kept as it is rendered and
    a run with every part kept renders nothing. Stores no ``Document``."""
    kind, target = params["kind"], canonical_target(params["kind"], params["target"])
    progress(5, _("Đang đọc dữ liệu"))
    built = builders.build(kind, target)
    result = built.warm(progress)
    return {"kind": kind, "target": target, **result}

