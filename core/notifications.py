"""Notifications by email through a transactional outbox (issue 32; docs/production.md
"Receiving mail").

* :func:`notify` — called by a service **inside its transaction**: renders the kind's
  templates in each recipient's language (plain text and HTML) and writes one
  :class:`~core.models.Notification` per recipient who wants it; after the commit it asks
  for the send. A rolled-back write leaves no notification; a committed one always has it.
* :func:`deliver` — sends one notification: it *claims* the row first (pending → sending in
  one UPDATE; a second sender finds nothing to claim), hands it to the mail server, records
  the attempt (:class:`~core.models.NotificationDelivery`) and marks it sent, or puts it back
  to pending with an exponential backoff (failed after ``NOTIFY_MAX_ATTEMPTS``).
* :func:`sweep` — celery beat every ``NOTIFY_SWEEP_SECONDS``: sends what is due (the broker
  was down at the commit, the mail server refused, a worker died mid-send).

Sent by the Celery task ``core.send_notification`` (``core.tasks``, retried with the same
backoff) when a broker is configured, in the calling process after the commit otherwise
(the embedded default prints mail to the console).
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from email.utils import make_msgid
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone, translation
from kombu.exceptions import KombuError
from kombu.exceptions import OperationalError as BrokerError

from core.metrics import observe_notification
from core.models import Notification, NotificationDelivery, NotificationKind, NotificationPreference

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.core.mail.backends.base import BaseEmailBackend

logger = logging.getLogger(__name__)

Kind = NotificationKind
SEND_TASK = "core.send_notification"

#: kind → the field of NotificationPreference that turns it off (None: always sent)
CATEGORY_OF: dict[str, str | None] = {
    Kind.APPLICATION_RECEIVED: "applications",
    Kind.APPLICATION_DECIDED: "applications",
    Kind.LAPSE_WARNING: "lapse",
    Kind.DECISION_ISSUED: "decisions",
    Kind.SUSPENSION: "decisions",
    Kind.PAIRINGS_PUBLISHED: "events",
    Kind.RESULTS_CERTIFIED: "events",
    Kind.PASSWORD_RESET: None,
}
LANGUAGES = {"vi", "en"}


@dataclass(frozen=True)
class Recipient:
    """Where one notification goes: a user (his choices and language apply) or a bare
    address (a person on record without a login: Vietnamese, every category)."""

    email: str
    user: Any = None


def recipients_of(users: Iterable[User | None], *extra_emails: str) -> list[Recipient]:
    """Users with an address (active ones only) and extra addresses, each address once."""
    seen: set[str] = set()
    found: list[Recipient] = []
    for user in users:
        email = (getattr(user, "email", "") or "").strip()
        if email and getattr(user, "is_active", True) and email.lower() not in seen:
            seen.add(email.lower())
            found.append(Recipient(email, user))
    for email in extra_emails:
        email = (email or "").strip()
        if email and email.lower() not in seen:
            seen.add(email.lower())
            found.append(Recipient(email))
    return found


def _preference(user: User | None) -> NotificationPreference | None:
    if user is None or not getattr(user, "pk", None):
        return None
    return NotificationPreference.objects.filter(user=user).first()


def wants(user: User | None, kind: str) -> bool:
    """Whether ``user`` receives ``kind`` (every category on without a choice recorded)."""
    category = CATEGORY_OF[kind]
    preference = _preference(user)
    return category is None or preference is None or bool(getattr(preference, category))


def language_of(user: User | None, default: str | None = None) -> str:
    preference = _preference(user)
    if preference is not None:
        return preference.language
    return default if default in LANGUAGES else "vi"


def render(kind: str, context: dict[str, Any], language: str) -> tuple[str, str, str]:
    """Subject, plain text and HTML of ``kind`` in ``language``: the text template
    ``notifications/<language>/<kind>.txt`` (its first line is the subject), the HTML part
    the same text in the federation's letter (``notifications/email.html``)."""
    with translation.override(language):
        text = render_to_string(f"notifications/{language}/{kind}.txt", context)
        subject, _sep, body = text.strip().partition("\n")
        body = body.strip() + "\n"
        html = render_to_string("notifications/email.html",
                                {"subject": subject, "body": body, "language": language})
    return subject.strip()[:200], body, html


def notify(kind: str, recipients: Iterable[Recipient], context: dict[str, Any], *,
           key: str | None = None, language: str | None = None) -> list[Notification]:
    """Write the notifications of ``kind`` for ``recipients`` in the caller's transaction
    and send them after it commits. ``key`` (suffixed with each address) makes each one
    unique: a repeat with the same key writes nothing. ``language`` is the default of a
    recipient without a choice (a password reset asked for under /en/)."""
    created = []
    for recipient in recipients:
        if recipient.user is not None and not wants(recipient.user, kind):
            continue
        row_key = f"{key}:{recipient.email.lower()}"[:200] if key else None
        if row_key and Notification.objects.filter(key=row_key).exists():
            continue
        chosen = language_of(recipient.user, language)
        subject, text, html = render(kind, context, chosen)
        created.append(Notification.objects.create(
            kind=kind, user=recipient.user if getattr(recipient.user, "pk", None) else None,
            email=recipient.email, language=chosen, subject=subject, body_text=text,
            body_html=html, key=row_key))
    if created:
        ids = [n.pk for n in created]
        transaction.on_commit(lambda: dispatch(ids))
    return created


def _eager() -> bool:
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


def dispatch(ids: list[int]) -> None:
    """Ask for the sends: one task each with a broker, in this process without one. A broker
    that cannot be reached leaves them pending; the sweeper sends them later."""
    if _eager():
        for pk in ids:
            deliver(pk)
        return
    from celery import current_app

    for pk in ids:
        try:
            current_app.send_task(SEND_TASK, args=[pk], queue=settings.CELERY_BACKGROUND_QUEUE,
                                  retry=False)
        except (BrokerError, KombuError, ConnectionError, OSError) as exc:
            logger.error("notification %s not queued (the sweeper sends it): %s", pk, exc)
            return


def backoff(attempts: int) -> int:
    """Seconds before the next attempt after ``attempts`` failed ones: base × 2^(n-1),
    at most six hours."""
    return int(min(settings.NOTIFY_BACKOFF_SECONDS * 2 ** max(0, attempts - 1), 6 * 3600))


@dataclass(frozen=True)
class Outcome:
    state: str  # "sent", "retry", "failed" or "skipped" (nothing to claim)
    retry_in: int = 0


def _claim(pk: int) -> Notification | None:
    now = timezone.now()
    # a retry's message may arrive a moment before the backoff it waits for has passed
    claimed = (Notification.objects
               .filter(pk=pk, state=Notification.State.PENDING,
                       next_attempt_at__lte=now + timedelta(seconds=2))
               .update(state=Notification.State.SENDING, claimed_at=now,
                       attempts=F("attempts") + 1))
    return Notification.objects.get(pk=pk) if claimed else None


def _message(n: Notification, connection: BaseEmailBackend) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        n.subject, n.body_text, settings.DEFAULT_FROM_EMAIL, [n.email], connection=connection,
        headers={"Message-ID": make_msgid(f"vcf-notification-{n.pk}"),
                 "X-VCF-Notification": str(n.pk), "Content-Language": n.language})
    message.attach_alternative(n.body_html, "text/html")
    return message


def deliver(pk: int) -> Outcome:
    """Send notification ``pk`` once: claim it, send it, record the attempt."""
    n = _claim(pk)
    if n is None:
        return Outcome("skipped")
    try:
        connection = get_connection(timeout=settings.EMAIL_TIMEOUT) \
            if settings.EMAIL_BACKEND.endswith("smtp.EmailBackend") else get_connection()
        _message(n, connection).send(fail_silently=False)
    except Exception as exc:  # the mail server's refusal or absence, whatever its class
        return _failed(n, exc)
    now = timezone.now()
    Notification.objects.filter(pk=n.pk).update(state=Notification.State.SENT, sent_at=now,
                                                last_error="")
    NotificationDelivery.objects.create(notification=n, attempt=n.attempts,
                                        outcome=NotificationDelivery.Outcome.SENT)
    observe_notification(n.kind, "sent")
    return Outcome("sent")


def _failed(n: Notification, exc: Exception) -> Outcome:
    detail = f"{type(exc).__name__}: {exc}"[:300]
    give_up = n.attempts >= settings.NOTIFY_MAX_ATTEMPTS
    wait = backoff(n.attempts)
    Notification.objects.filter(pk=n.pk).update(
        state=Notification.State.FAILED if give_up else Notification.State.PENDING,
        next_attempt_at=timezone.now() + timedelta(seconds=wait), last_error=detail)
    NotificationDelivery.objects.create(notification=n, attempt=n.attempts,
                                        outcome=NotificationDelivery.Outcome.FAILED,
                                        detail=detail)
    observe_notification(n.kind, "failed")
    logger.warning("notification %s (attempt %s) not sent: %s", n.pk, n.attempts, loggable(exc))
    return Outcome("failed" if give_up else "retry", wait)


def loggable(exc: Exception) -> str:
    """The error for the log: its kind and the mail server's code, never its text, which may
    quote the recipient's address (a private field; the attempt's record keeps the whole)."""
    name = type(exc).__name__
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = sorted({str(code) for code, _text in exc.recipients.values()})
        return f"{name} ({', '.join(codes)})"
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{name} ({exc.smtp_code})"
    if isinstance(exc, OSError) and exc.strerror:
        return f"{name}: {exc.strerror}"
    return name


def sweep(limit: int = 200) -> dict[str, int]:
    """Send what is due: pending notifications whose time has come (never queued, a broker
    down, a mail server down) and those a dead sender left claimed for longer than
    ``NOTIFY_CLAIM_SECONDS``. Sends in this process, oldest first, at most ``limit``."""
    now = timezone.now()
    stale = (Notification.objects
             .filter(state=Notification.State.SENDING,
                     claimed_at__lt=now - timedelta(seconds=settings.NOTIFY_CLAIM_SECONDS))
             .update(state=Notification.State.PENDING))
    due = list(Notification.objects.filter(state=Notification.State.PENDING,
                                           next_attempt_at__lte=now)
               .order_by("next_attempt_at", "pk").values_list("pk", flat=True)[:limit])
    outcomes: dict[str, int] = {}
    for pk in due:
        state = deliver(pk).state
        outcomes[state] = outcomes.get(state, 0) + 1
    return {"reclaimed": stale, "due": len(due), **outcomes}


def send_again(ids: list[int]) -> int:
    """Put unsent notifications (pending or given up) back in the outbox, due now, and ask for
    their send; a sent one is never sent again. Returns how many."""
    unsent = Notification.objects.filter(pk__in=ids, state__in=[Notification.State.PENDING,
                                                                Notification.State.FAILED])
    chosen = list(unsent.values_list("pk", flat=True))
    with transaction.atomic():
        Notification.objects.filter(pk__in=chosen).update(
            state=Notification.State.PENDING, next_attempt_at=timezone.now())
        transaction.on_commit(lambda: dispatch(chosen))
    return len(chosen)
