"""Persons: the registry's people, their citizen ID kept masked outside the logged reveal."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core import dates, textfields
from core.text import fold
from federation.models.reference import Gender, Province

#: Phụ lục 2 Điều 8.1: the citizenship a member holds (FIDE's code of Việt Nam)
CITIZEN_OF = "VIE"


#: what a masked ID number shows in place of the hidden digits
MASK = "•"


def mask_citizen_id(value: str | None) -> str:
    """``•••••••• 1234``: the last 4 characters of an ID number, the rest hidden."""
    if not value:
        return ""
    return MASK * max(len(value) - 4, 4) + value[-4:]


def is_masked(value: object) -> bool:
    return isinstance(value, str) and MASK in value


class Person(models.Model):
    """A natural person. Date of birth, citizen ID and contact are private."""

    full_name = models.CharField(_("họ và tên"), max_length=200)
    name_folded = models.CharField(max_length=200, editable=False, db_index=True)
    gender = models.CharField(_("giới tính"), max_length=1, choices=Gender.choices)
    date_of_birth = models.DateField(_("ngày sinh"), null=True, blank=True)
    citizen_id = models.CharField(_("số CCCD"), max_length=20, null=True, blank=True, unique=True)
    phone = models.CharField(_("điện thoại"), max_length=30, blank=True)
    email = models.EmailField(_("email"), blank=True)
    address = models.CharField(_("địa chỉ"), max_length=300, blank=True)
    fide_id = models.CharField(_("mã FIDE"), max_length=12, null=True, blank=True, unique=True)
    # Phụ lục 2 Điều 8.1: a member "là công dân" (a citizen of Việt Nam); a foreigner plays as a
    # guest (Điều 17.2). FIDE's three-letter code, as ``Entry.federation_code``.
    citizenship = models.CharField(_("quốc tịch"), max_length=3, default=CITIZEN_OF,
                                   help_text=_("Mã ba chữ của FIDE (VIE: Việt Nam)."))
    province = models.ForeignKey(Province, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="persons", verbose_name=_("tỉnh/thành phố"))
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="person",
                                verbose_name=_("tài khoản"))
    # A duplicate record merged into the one kept (issue #28, federation.services.merge):
    # never deleted; every reference moved to ``merged_into``.
    merged_into = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="merged_persons",
                                    verbose_name=_("đã gộp vào"))
    merged_at = models.DateTimeField(_("gộp lúc"), null=True, blank=True)
    merged_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+",
                                  verbose_name=_("người gộp"))
    merge_reason = textfields.bounded_text(_("lý do gộp"), blank=True,
                                           max_length=textfields.NOTE)
    # Set when the person's last consent was withdrawn (Nghị định 13/2023/NĐ-CP Điều 12,
    # federation.services.privacy.withdraw_consent): clubs and bodies see no more of his
    # private data; cleared by a new consent. One column so that a list needs no query.
    consent_withdrawn_on = models.DateField(_("rút lại sự đồng ý ngày"), null=True, blank=True)
    history = HistoricalRecords()

    PRIVATE_FIELDS = ("date_of_birth", "citizen_id", "phone", "email", "address")
    #: erased on an erasure request (Nghị định 13/2023 Điều 16): contact details and ID numbers;
    #: the name, gender, birth date (age sections of official results) and cards stay.
    ERASABLE_FIELDS = ("citizen_id", "phone", "email", "address")

    class Meta:
        verbose_name = _("người")
        verbose_name_plural = _("người")
        ordering = ["name_folded"]
        # the admin's search of a number (core.admin_search): the ID number and FIDE id are
        # unique (indexed), the phone too here, so the search is one bitmap of four indexes
        # with the folded name's trigram index (PostgreSQL, migration 0015), not a table scan
        indexes = [models.Index(fields=["phone"], name="federation_person_phone_idx")]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_folded = fold(self.full_name)
        if self.citizen_id == "":
            self.citizen_id = None
        super().save(*args, **kwargs)

    @property
    def masked_citizen_id(self) -> str:
        """The ID number as shown by default (Nghị định 13/2023 Điều 3.6, minimisation): the
        last 4 digits; the whole only on a logged reveal (``services.privacy.reveal_citizen_id``)."""
        return mask_citizen_id(self.citizen_id)

    def clean(self) -> None:
        """The admin form's checks; services run the same ones (core.dates, issue 18)."""
        self.citizen_id = dates.normalize_citizen_id(self.citizen_id)
        errors: dict[str, list[str]] = {}
        for field, check in (("date_of_birth", dates.check_birth_date),
                             ("citizen_id", dates.check_citizen_id)):
            try:
                check(getattr(self, field))
            except ValidationError as exc:
                errors[field] = exc.messages
        if errors:
            raise ValidationError(errors)


def field_label(name: str) -> str:
    """A person field's label (the person's pages and his data copy show no field codes)."""
    field = Person._meta.get_field(name)
    return capfirst(str(getattr(field, "verbose_name", name)))
