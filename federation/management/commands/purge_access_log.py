"""Delete access-log rows of private data older than PRIVATE_ACCESS_LOG_DAYS (issue 31; beat
runs ``federation.tasks.purge_access_log_task`` daily, this is the same by hand or cron)."""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from federation.services.privacy import purge_access_log


class Command(BaseCommand):
    help = "Xóa nhật ký truy cập dữ liệu riêng cũ hơn PRIVATE_ACCESS_LOG_DAYS ngày."

    def handle(self, *args: object, **options: Any) -> None:
        deleted = purge_access_log()
        self.stdout.write(f"{deleted} (> {settings.PRIVATE_ACCESS_LOG_DAYS} ngày)")
