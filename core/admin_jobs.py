"""A job shown to a person (issue 28): what it is about, how far it is, what came of it, and
when it failed what went wrong and what to do — in Vietnamese, no codes, no JSON."""

from __future__ import annotations

from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.models import Job

EMPTY = "—"

#: What a job's result counts, in words (the keys the apps' job functions return). A key not
#: listed is left to the API (the page shows what a person needs).
RESULT_WORDS = {
    "round": gettext_lazy("Ván"),
    "pairings": gettext_lazy("Số cặp đấu"),
    "boards": gettext_lazy("Số bàn"),
    "already_paired": gettext_lazy("Ván đã được xếp từ trước"),
    "games": gettext_lazy("Số ván"),
    "players": gettext_lazy("Số đấu thủ"),
    "rated": gettext_lazy("Số đấu thủ có hệ số"),
    "written": gettext_lazy("Số ván đã ghi"),
    "total": gettext_lazy("Tổng số"),
    "valid": gettext_lazy("Hợp lệ"),
    "pages": gettext_lazy("Số trang"),
    "lapsed": gettext_lazy("Số hội viên bị khai trừ"),
    "checked": gettext_lazy("Số trường hợp đã xét"),
    "qualifications": gettext_lazy("Số tiêu chuẩn đạt"),
    "warnings": gettext_lazy("Cảnh báo"),
}

#: What to do after a failure, by the error's code (the message itself says what happened).
WHAT_TO_DO = {
    "broker_unavailable": gettext_lazy("Hàng đợi công việc đang ngừng: chờ vài phút rồi yêu "
                                       "cầu lại; nếu vẫn lỗi, báo người quản trị hệ thống."),
    "time_limit": gettext_lazy("Công việc quá lớn hoặc máy chủ quá tải: yêu cầu lại lúc ít "
                               "việc hơn; nếu vẫn lỗi, báo người quản trị hệ thống."),
    "job_lost": gettext_lazy("Yêu cầu lại công việc (cùng thao tác đã làm) để chạy lần mới."),
    "job_failed": gettext_lazy("Đây là lỗi của chương trình, không phải của dữ liệu đã nhập: "
                               "yêu cầu lại một lần; nếu vẫn lỗi, gửi đường dẫn trang này cho "
                               "người quản trị hệ thống."),
}
DEFAULT_WHAT_TO_DO = gettext_lazy("Sửa điều được nêu ở trên (mở đối tượng của công việc), rồi "
                                  "yêu cầu lại công việc.")


def subject_link(subject: Any) -> str:
    if subject is None:
        return EMPTY
    opts = subject._meta
    try:
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[subject.pk])
    except NoReverseMatch:
        return format_html("{}: {}", opts.verbose_name, subject)
    return format_html('{}: <a href="{}">{}</a>', opts.verbose_name, url, subject)


def progress_bar(job: Job) -> str:
    percent = 100 if job.state == Job.State.SUCCEEDED else job.progress
    return format_html(
        '<progress class="job-progress" max="100" value="{}" data-job="{}">{} %</progress> '
        '<span class="job-percent">{} %</span>', percent, job.pk, percent, percent)


def outcome(job: Job) -> str:
    if job.state in (Job.State.QUEUED, Job.State.RUNNING):
        return _("Đang làm; trang tự cập nhật.")
    if job.state == Job.State.FAILED:
        return _("Không hoàn thành (xem lỗi bên dưới).")
    result = job.result if isinstance(job.result, dict) else {}
    rows = []
    for key, label in RESULT_WORDS.items():
        if key not in result or result[key] in (None, "", [], {}):
            continue
        value = result[key]
        if isinstance(value, bool):
            value = _("có") if value else _("không")
        elif isinstance(value, list):
            value = format_html("<ul>{}</ul>", format_html_join(
                "", "<li>{}</li>", ((item if isinstance(item, str) else _word(item),)
                                    for item in value)))
        elif isinstance(value, dict):
            continue
        rows.append((label, value))
    done = _("Đã hoàn thành.")
    if not rows:
        return done
    return format_html("{}<table>{}</table>", done, format_html_join(
        "", "<tr><th>{}</th><td>{}</td></tr>", rows))


def _word(item: Any) -> str:
    if isinstance(item, dict):
        return str(item.get("message") or item.get("text") or EMPTY)
    return str(item)


def error_words(job: Job) -> str:
    if job.state != Job.State.FAILED:
        return EMPTY
    error = job.error if isinstance(job.error, dict) else {}
    code = str(error.get("code") or "")
    if code == "job_failed":  # an exception's own text is for the developers (the API has it)
        what_happened = _("Chương trình gặp lỗi ngoài dự kiến khi làm công việc này.")
    else:
        what_happened = str(error.get("message") or _("Công việc không hoàn thành."))
    fields = error.get("fields") or {}
    details = [msg for messages in fields.values() if isinstance(messages, list)
               for msg in messages if msg and msg != what_happened]
    return format_html(
        "<p>{}</p>{}<p><strong>{}</strong> {}</p>", what_happened,
        format_html("<ul>{}</ul>", format_html_join("", "<li>{}</li>",
                                                    ((d,) for d in details)))
        if details else "", _("Cần làm:"), WHAT_TO_DO.get(code, DEFAULT_WHAT_TO_DO))
