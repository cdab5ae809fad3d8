"""Jobs of the federation app (one name each: the kind; run by ``core.run_job``;
on the background queue: nobody waits for them, issue 31)."""

from django.utils.translation import gettext_lazy as _

from core.jobs import BACKGROUND, register
from federation import services

register(services.LAPSE_JOB, services.lapse_members, priority=BACKGROUND,
         label=_("Khai trừ hội viên quá hạn (Điều 15.5)"))
