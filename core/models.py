"""Shared infrastructure models: the job resource every long task reports to."""

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core import textfields

#: Each job kind's name for a person ("Xếp cặp ván đấu"), filled by ``core.jobs.register``.
KIND_LABELS: dict[str, object] = {}


class Job(models.Model):
    """A long-running job (pairing, validation, rating period, lapse, documents).

    Clients poll ``GET /api/v1/jobs/{id}`` for state and percent. ``key`` makes
    starting a job idempotent: the same key returns the existing job.
    """

    class State(models.TextChoices):
        QUEUED = "queued", _("Đang chờ")
        RUNNING = "running", _("Đang chạy")
        SUCCEEDED = "succeeded", _("Hoàn thành")
        FAILED = "failed", _("Thất bại")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(_("loại việc"), max_length=64, db_index=True)
    key = models.CharField(_("khóa chống lặp"), max_length=200, unique=True, null=True, blank=True)
    params = models.JSONField(_("tham số"), default=dict, blank=True)
    state = models.CharField(_("trạng thái"), max_length=16, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(_("tiến độ (%)"), default=0)
    message = models.CharField(_("thông báo"), max_length=300, blank=True)
    result = models.JSONField(_("kết quả"), null=True, blank=True)
    error = models.JSONField(_("lỗi"), null=True, blank=True)
    attempts = models.PositiveIntegerField(_("số lần chạy"), default=0)
    # Liveness (issue 14): the run in progress writes heartbeat_at every few seconds from its
    # own connection; a running job whose heartbeat is older than JOB_LEASE_SECONDS has lost
    # its worker. runner is the token of the message that runs it; restarts counts runs
    # ended by a lost worker since the job was last requested.
    heartbeat_at = models.DateTimeField(_("tín hiệu sống lúc"), null=True, blank=True)
    sent_at = models.DateTimeField(_("gửi vào hàng đợi lúc"), null=True, blank=True)
    runner = models.CharField(_("lượt chạy"), max_length=32, blank=True)
    restarts = models.PositiveSmallIntegerField(_("số lần chạy lại do mất worker"), default=0)
    #: the X-Request-ID of the web request that started it (structured logs, core.logs)
    request_id = models.CharField(_("mã yêu cầu"), max_length=64, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="jobs", verbose_name=_("người tạo"),
    )
    created_at = models.DateTimeField(_("tạo lúc"), auto_now_add=True)
    started_at = models.DateTimeField(_("bắt đầu lúc"), null=True, blank=True)
    finished_at = models.DateTimeField(_("kết thúc lúc"), null=True, blank=True)

    class Meta:
        verbose_name = _("công việc")
        verbose_name_plural = _("công việc")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["state"], name="core_job_unfinished",
                                condition=models.Q(state__in=["queued", "running"]))]

    def __str__(self) -> str:
        """The job's name and state for a person (issue 28): "Xếp cặp ván đấu (Hoàn thành)"."""
        return f"{KIND_LABELS.get(self.kind) or _('Công việc khác')} ({self.get_state_display()})"

    @property
    def is_finished(self) -> bool:
        return self.state in {self.State.SUCCEEDED, self.State.FAILED}


class WorkerBeat(models.Model):
    """A Celery worker's heartbeat (issue 31 §6): every worker process writes its row every
    ``JOB_HEARTBEAT_SECONDS`` (``core.worker_beat``), so the API can say plainly when no
    worker is processing a queue (``core.selectors.worker_status``) — the job sweeper is itself
    a Celery task and cannot report that no worker runs."""

    name = models.CharField(_("tiến trình"), max_length=200, unique=True)
    #: the queues it consumes, comma-framed (",vcf,vcf-background,") for a simple lookup
    queues = models.CharField(_("hàng đợi"), max_length=500)
    pid = models.PositiveIntegerField(_("mã tiến trình"), default=0)
    started_at = models.DateTimeField(_("khởi động lúc"))
    beat_at = models.DateTimeField(_("tín hiệu sống lúc"), db_index=True)

    class Meta:
        verbose_name = _("tiến trình xử lý công việc")
        verbose_name_plural = _("tiến trình xử lý công việc")

    def __str__(self) -> str:
        return self.name

    @property
    def queue_names(self) -> list[str]:
        return [q for q in self.queues.split(",") if q]


# --- notifications (issue 32): the outbox, its deliveries, each user's choices --------------

class NotificationKind(models.TextChoices):
    """What a notification is about: the one list of kinds (``core.notifications`` maps each
    to its category, which a user may turn off, and to its templates)."""

    APPLICATION_RECEIVED = "application_received", _("Đơn xin gia nhập mới")
    APPLICATION_DECIDED = "application_decided", _("Đơn xin gia nhập đã được xét")
    LAPSE_WARNING = "lapse_warning", _("Hội viên sắp bị khai trừ (Điều 15.5)")
    DECISION_ISSUED = "decision_issued", _("Quyết định đã ban hành")
    SUSPENSION = "suspension", _("Đình chỉ sinh hoạt")
    PAIRINGS_PUBLISHED = "pairings_published", _("Đã công bố cặp đấu")
    RESULTS_CERTIFIED = "results_certified", _("Kết quả giải đã được công nhận")
    PASSWORD_RESET = "password_reset", _("Đặt lại mật khẩu")


class Notification(models.Model):
    """One email waiting in the outbox (transactional outbox, issue 32).

    Written in the transaction of the record that causes it (an application, a decision, a
    round's pairings), so it exists exactly when that record does; sent afterwards by
    ``core.send_notification`` (Celery, retries with backoff) or by the sweeper. A send first
    *claims* the row (pending → sending, one UPDATE), so two senders never send it twice.
    ``key`` makes a notification unique (the lapse warning of one deadline is sent once)."""

    class State(models.TextChoices):
        PENDING = "pending", _("Chờ gửi")
        SENDING = "sending", _("Đang gửi")
        SENT = "sent", _("Đã gửi")
        FAILED = "failed", _("Gửi không được")

    kind = models.CharField(_("loại thông báo"), max_length=32, choices=NotificationKind.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="notifications",
                             verbose_name=_("người nhận"))
    email = models.EmailField(_("địa chỉ email"))
    language = models.CharField(_("ngôn ngữ"), max_length=8, default="vi")
    subject = models.CharField(_("tiêu đề"), max_length=200)
    body_text = textfields.bounded_text(_("nội dung"), max_length=textfields.MESSAGE)
    body_html = textfields.bounded_text(_("nội dung HTML"), max_length=textfields.MESSAGE)
    key = models.CharField(_("khóa chống lặp"), max_length=200, unique=True, null=True,
                           blank=True)
    state = models.CharField(_("trạng thái"), max_length=10, choices=State.choices,
                             default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(_("số lần gửi"), default=0)
    next_attempt_at = models.DateTimeField(_("gửi lại lúc"), default=timezone.now)
    claimed_at = models.DateTimeField(_("nhận gửi lúc"), null=True, blank=True)
    sent_at = models.DateTimeField(_("gửi xong lúc"), null=True, blank=True)
    last_error = models.CharField(_("lỗi gần nhất"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("tạo lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("thông báo")
        verbose_name_plural = _("thông báo")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["state", "next_attempt_at"], name="core_notif_unsent",
                                condition=models.Q(state__in=["pending", "sending"]))]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.email}"


class NotificationDelivery(models.Model):
    """One attempt to hand a notification to the mail server, and how it went."""

    class Outcome(models.TextChoices):
        SENT = "sent", _("Đã gửi")
        FAILED = "failed", _("Lỗi")

    notification = models.ForeignKey(Notification, on_delete=models.CASCADE,
                                     related_name="deliveries", verbose_name=_("thông báo"))
    attempt = models.PositiveSmallIntegerField(_("lần gửi"))
    outcome = models.CharField(_("kết quả"), max_length=8, choices=Outcome.choices)
    detail = models.CharField(_("chi tiết"), max_length=300, blank=True)
    at = models.DateTimeField(_("lúc"), auto_now_add=True)

    class Meta:
        verbose_name = _("lần gửi thông báo")
        verbose_name_plural = _("lần gửi thông báo")
        ordering = ["notification", "attempt"]

    def __str__(self) -> str:
        return f"#{self.attempt} {self.get_outcome_display()}"


class NotificationPreference(models.Model):
    """What a user chooses to receive, and in which language (issue 32). Without a row every
    category is on and the language is Vietnamese. A password reset is always sent."""

    class Language(models.TextChoices):
        VI = "vi", _("Tiếng Việt")
        EN = "en", _("English")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="notification_preference",
                                verbose_name=_("người dùng"))
    language = models.CharField(_("ngôn ngữ thư"), max_length=8, choices=Language.choices,
                                default=Language.VI)
    applications = models.BooleanField(_("đơn xin gia nhập"), default=True)
    lapse = models.BooleanField(_("hội viên sắp bị khai trừ"), default=True)
    decisions = models.BooleanField(_("quyết định và đình chỉ"), default=True)
    events = models.BooleanField(_("cặp đấu và kết quả giải"), default=True)

    class Meta:
        verbose_name = _("lựa chọn nhận thông báo")
        verbose_name_plural = _("lựa chọn nhận thông báo")

    def __str__(self) -> str:
        return str(self.user)
