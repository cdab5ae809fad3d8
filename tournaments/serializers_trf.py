"""API shape of a TRF import (FIDE TRF-16/TRF-2025 text or file): the file decoded and its
size limits checked before the import job runs (issue 31 §4)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from chessrules.trf import BOM, decode_trf
from chessrules.values import Discipline
from core.errors import ServiceError
from core.fields import DateField
from tournaments.models import Tournament


class TrfImportSerializer(serializers.Serializer[dict[str, Any]]):
    trf = serializers.CharField(
        trim_whitespace=False, required=False,
        help_text="The TRF file's text (or the file itself as trf_file): at most "
                  "TRF_IMPORT_MAX_PLAYERS players (001 lines) and TRF_IMPORT_MAX_LINES lines "
                  "(400 naming the limit). Imported as a job: 201 with the tournament when it "
                  "ends within a few seconds, else 202 with the job to poll.")
    trf_file = serializers.FileField(
        required=False,
        help_text="The TRF file (multipart): UTF-8 with or without BOM, or Windows-1252/"
                  "Latin-1 as Swiss-Manager writes it; the report names the encoding read.")

    #: bytes of a file: the longest line of 20 rounds is under 300 characters
    BYTES_PER_LINE = 512

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """One of ``trf``/``trf_file``; the file decoded (``chessrules.trf.decode_trf``);
        text that lost its characters refused naming the line; the size limits of an
        import (issue 31 §4), checked before anything runs."""
        upload = attrs.pop("trf_file", None)
        if upload is not None:
            if upload.size > settings.TRF_IMPORT_MAX_LINES * self.BYTES_PER_LINE:
                raise serializers.ValidationError(
                    {"trf_file": _("Tệp TRF quá lớn: tối đa %(limit)s byte.")
                     % {"limit": settings.TRF_IMPORT_MAX_LINES * self.BYTES_PER_LINE}},
                    code="too_large")
            text, encoding = decode_trf(upload.read())
        elif attrs.get("trf"):
            text, encoding = attrs["trf"].removeprefix(BOM), "utf-8"
        else:
            raise serializers.ValidationError({"trf": _("Cần tệp TRF (trf hoặc trf_file).")},
                                              code="required")
        lines = text.splitlines()
        lost = next((n for n, line in enumerate(lines, 1) if "\ufffd" in line), None)
        if lost is not None:
            raise ServiceError(
                _("TRF dòng %(line)s: có ký tự không đọc được (tệp không phải UTF-8 đã bị đọc "
                  "sai). Hãy gửi chính tệp (trf_file): bảng mã được nhận ra tự động.")
                % {"line": lost}, field="trf", code="trf_encoding")
        players = sum(1 for line in lines if line.startswith("001"))
        if players > settings.TRF_IMPORT_MAX_PLAYERS:
            raise serializers.ValidationError(
                {"trf": _("Tệp TRF có %(players)s đấu thủ (dòng 001): mỗi lần nhập tối đa "
                          "%(limit)s đấu thủ.")
                 % {"players": players, "limit": settings.TRF_IMPORT_MAX_PLAYERS}},
                code="too_many_players")
        if len(lines) > settings.TRF_IMPORT_MAX_LINES:
            raise serializers.ValidationError(
                {"trf": _("Tệp TRF có %(lines)s dòng: mỗi lần nhập tối đa %(limit)s dòng.")
                 % {"lines": len(lines), "limit": settings.TRF_IMPORT_MAX_LINES}},
                code="too_many_lines")
        return {**attrs, "trf": text, "encoding": encoding}
    organiser_body = serializers.IntegerField(required=False)
    organiser_club = serializers.IntegerField(required=False)
    discipline = serializers.ChoiceField(choices=[d.value for d in Discipline],
                                         default=Discipline.CHESS.value)
    system = serializers.ChoiceField(
        choices=Tournament.System.choices, required=False,
        help_text="Default: the file's own 092 line; 400 when it names another system or the "
                  "file names none")
    start_date = DateField(required=False, help_text="Default: the 042 line")
    end_date = DateField(required=False, help_text="Default: the 052 line")
