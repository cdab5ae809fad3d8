"""Official documents: the decision register and rendered PDFs.

A :class:`Decision` (quyết định) is the federation's official act — a title award,
a disciplinary ban (Điều 15.6, 16) or the approval of a tournament's regulations —
numbered from a register that is unique per year (``12/2026/QĐ-LĐC``). Its form
follows the decision printed at the start of the Xiangqi Law (shared/seeds/000).

A :class:`Document` is one rendered PDF of some subject (a decision, a scoresheet,
a crosstable...), with the hash of the data it was rendered from so that a change
of the data makes it stale and a new render replaces it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core import textfields

#: Prefixes of an authority line (Nghị định 30/2020/NĐ-CP, thể thức ký): "KT." (ký thay),
#: "TM." (thay mặt), "TL." (thừa lệnh), "TUQ." (thừa ủy quyền), "Q." (quyền).
AUTHORITY_PREFIXES = ("KT.", "TM.", "TL.", "TUQ.", "Q.")


class Signatory(models.Model):
    """A person who signs decisions for a federation body (kept by staff, issue 13): the
    name, the position printed under the signature and, when signing on behalf of someone
    else, the authority line above it ("KT. CHỦ TỊCH" over "PHÓ CHỦ TỊCH")."""

    body = models.ForeignKey("federation.Body", on_delete=models.PROTECT,
                             related_name="signatories", verbose_name=_("ký cho tổ chức"))
    full_name = models.CharField(_("họ và tên"), max_length=120)
    position = models.CharField(_("chức vụ"), max_length=120,
                                help_text=_("Ví dụ: CHỦ TỊCH, PHÓ CHỦ TỊCH"))
    authority = models.CharField(
        _("dòng thẩm quyền"), max_length=120, blank=True,
        help_text=_("Khi ký thay/thay mặt: ví dụ KT. CHỦ TỊCH hoặc TM. BAN CHẤP HÀNH; để "
                    "trống khi người đứng đầu ký."))
    is_default = models.BooleanField(
        _("người ký mặc định"), default=False,
        help_text=_("Người ký được chọn sẵn khi duyệt quyết định của tổ chức này."))
    active = models.BooleanField(_("đang đảm nhiệm"), default=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("người ký quyết định")
        verbose_name_plural = _("người ký quyết định")
        ordering = ["body", "-is_default", "full_name"]
        constraints = [models.UniqueConstraint(fields=["body"], condition=models.Q(is_default=True),
                                               name="one_default_signatory_per_body")]

    def __str__(self) -> str:
        role = f"{self.authority} / {self.position}" if self.authority else self.position
        return f"{self.full_name} ({role})"

    def clean(self) -> None:
        from django.core.exceptions import ValidationError

        authority = self.authority.strip()
        if authority and not authority.upper().startswith(AUTHORITY_PREFIXES):
            raise ValidationError({"authority": _("Dòng thẩm quyền bắt đầu bằng KT., TM., TL., "
                                                  "TUQ. hoặc Q.")})


_SUBJECT_PREFIXES = ("về việc ", "v/v: ", "v/v ")


def clean_subject(subject: str) -> str:
    """The decision's template prints "Về việc"; a subject that starts with it would read
    "Về việc Về việc …"."""
    text = (subject or "").strip()
    for prefix in _SUBJECT_PREFIXES:
        if text.lower().startswith(prefix):
            return text[len(prefix):].strip()
    return text


def authority_holder(authority: str, position: str) -> str:
    """Whose authority the decision is issued under: "CHỦ TỊCH" for "KT. CHỦ TỊCH", the
    signer's own position when he signs in his own name."""
    text = authority.strip()
    for prefix in AUTHORITY_PREFIXES:
        if text.upper().startswith(prefix):
            return text[len(prefix):].strip()
    return text or position


class Decision(models.Model):
    """An issued decision is an official record: never edited or deleted; it is withdrawn
    (thu hồi) or annulled (hủy bỏ) with a reason (``services.revoke_decision``)."""

    class Status(models.TextChoices):
        ISSUED = "issued", _("Đang có hiệu lực")
        WITHDRAWN = "withdrawn", _("Đã thu hồi")
        ANNULLED = "annulled", _("Đã hủy bỏ")

    class Kind(models.TextChoices):
        TITLE_AWARD = "title_award", _("Phong cấp, phong danh hiệu")
        DISCIPLINARY = "disciplinary", _("Kỷ luật")
        REGULATIONS_APPROVAL = "regulations_approval", _("Phê duyệt điều lệ giải")
        COMPLAINT = "complaint", _("Giải quyết khiếu nại")

    year = models.PositiveSmallIntegerField(_("năm"))
    number = models.PositiveIntegerField(_("số"))
    suffix = models.CharField(_("ký hiệu"), max_length=30, default="QĐ-LĐC")
    kind = models.CharField(_("loại"), max_length=24, choices=Kind.choices)
    issuing_body = models.CharField(_("cơ quan ban hành"), max_length=200,
                                    default="LIÊN ĐOÀN CỜ VIỆT NAM")
    place = models.CharField(_("nơi ban hành"), max_length=100, default="Hà Nội")
    issued_on = models.DateField(_("ngày ban hành"))
    subject = models.CharField(_("về việc"), max_length=300)
    grounds = models.JSONField(_("căn cứ"), default=list, help_text=_("Mỗi dòng một căn cứ."))
    articles = models.JSONField(_("các điều"), default=list, help_text=_("Nội dung Điều 1, 2, 3..."))
    recipients = models.JSONField(_("nơi nhận"), default=list)
    signer_position = models.CharField(_("chức vụ người ký"), max_length=120)
    signer_name = models.CharField(_("người ký"), max_length=120)
    signer_authority = models.CharField(_("dòng thẩm quyền"), max_length=120, blank=True,
                                        help_text=_("Ví dụ KT. CHỦ TỊCH (in trên chức vụ)."))
    signatory = models.ForeignKey(Signatory, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="decisions", verbose_name=_("người ký"))
    payload = models.JSONField(_("dữ liệu kèm theo"), default=dict, blank=True,
                               help_text=_("Ví dụ danh sách vận động viên và đẳng cấp được phong."))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+",
                                   verbose_name=_("người lập"))
    created_at = models.DateTimeField(_("lập lúc"), auto_now_add=True)
    status = models.CharField(_("hiệu lực"), max_length=10, choices=Status.choices,
                              default=Status.ISSUED)
    status_reason = textfields.bounded_text(_("lý do thu hồi/hủy bỏ"), blank=True,
                                            max_length=textfields.NOTE)
    status_changed_at = models.DateTimeField(_("thu hồi/hủy bỏ lúc"), null=True, blank=True)
    status_changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                          on_delete=models.SET_NULL, related_name="+",
                                          verbose_name=_("người thu hồi/hủy bỏ"))
    history = HistoricalRecords()
    #: the reason django-simple-history records with the next change (set before a save)
    _change_reason: str

    class Meta:
        verbose_name = _("quyết định")
        verbose_name_plural = _("quyết định")
        ordering = ["-year", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["year", "number"], name="unique_decision_number"),
        ]

    def __str__(self) -> str:
        return f"{self.formatted_number} — {self.subject}"

    @property
    def formatted_number(self) -> str:
        return f"{self.number}/{self.year}/{self.suffix}"

    @property
    def authority_holder(self) -> str:
        return authority_holder(self.signer_authority, self.signer_position)


class DecisionSequence(models.Model):
    """Last number issued in a year; locked while a decision is numbered."""

    year = models.PositiveSmallIntegerField(unique=True)
    last = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.year}: {self.last}"


class Document(models.Model):
    class Kind(models.TextChoices):
        DECISION = "decision", _("Quyết định")
        SCORESHEET = "scoresheet", _("Biên bản thi đấu")
        TRACKING_CARD = "tracking_card", _("Thẻ theo dõi thi đấu")
        STANDINGS = "standings", _("Bảng xếp hạng")
        CROSSTABLE = "crosstable", _("Bảng kết quả chéo")
        PAIRINGS = "pairings", _("Danh sách cặp đấu")
        MEMBER_CARD = "member_card", _("Thẻ hội viên")
        TEAM_STANDINGS = "team_standings", _("Bảng xếp hạng đồng đội")
        BOARD_STANDINGS = "board_standings", _("Bảng xếp hạng theo bàn")
        OVERALL_STANDINGS = "overall_standings", _("Kết quả chung cuộc giải nhiều giai đoạn")
        AWARDS = "awards", _("Giải thưởng và xếp hạng toàn đoàn")
        ANNOUNCEMENTS = "announcements", _("Thông báo của giải: sửa đổi điều lệ, khiếu nại, kỷ luật")
        SANCTIONS = "sanctions", _("Thông báo kỷ luật trong năm")

    kind = models.CharField(_("loại"), max_length=20, choices=Kind.choices)
    target = models.CharField(_("đối tượng"), max_length=120,
                              help_text=_("Ví dụ decision:12, pairing:40, tournament:5"))
    data_hash = models.CharField(_("mã dữ liệu"), max_length=64)
    file = models.FileField(_("tệp PDF"), upload_to="documents/%Y/%m/")
    size = models.PositiveIntegerField(_("kích thước (byte)"), default=0)
    pages = models.PositiveIntegerField(_("số trang"), default=0)
    generated_at = models.DateTimeField(_("tạo lúc"), auto_now=True)

    class Meta:
        verbose_name = _("văn bản PDF")
        verbose_name_plural = _("văn bản PDF")
        ordering = ["-generated_at"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "target"], name="one_document_per_subject"),
        ]

    def __str__(self) -> str:
        """The kind and when it was made (issue 28: the target's code is not a name; the admin
        shows the subject by name, ``documents.selectors.subjects_of``)."""
        made = timezone.localtime(self.generated_at) if self.generated_at else None
        return f"{self.get_kind_display()} ({made:%d/%m/%Y %H:%M})" if made else \
            str(self.get_kind_display())
