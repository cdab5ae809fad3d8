"""Size limits of requests (issue 14), answered 413 in the API's error shape, naming the
limit. The values live in settings (API_MAX_BODY_BYTES, PGN_UPLOAD_MAX_BYTES, ...)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = "Request body too large."


def megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):g} MB"


def body_too_large_message() -> str:
    return (_("Nội dung yêu cầu quá lớn: tối đa %(limit)s (%(bytes)s byte).")
            % {"limit": megabytes(settings.API_MAX_BODY_BYTES),
               "bytes": settings.API_MAX_BODY_BYTES})


def body_too_large() -> PayloadTooLarge:
    return PayloadTooLarge(body_too_large_message())


def upload_too_large(field: str = "file") -> PayloadTooLarge:
    limit = settings.PGN_UPLOAD_MAX_BYTES
    return PayloadTooLarge({field: [_("Tệp PGN quá lớn: tối đa %(limit)s (%(bytes)s byte) "
                                      "mỗi lần tải.") % {"limit": megabytes(limit),
                                                         "bytes": limit}]})
