"""Jobs of the federation app (one name each: the kind; run by ``core.run_job``)."""

from django.utils.translation import gettext_lazy as _

from core.jobs import register
from federation import services

register("federation.lapse", services.lapse_members,
         label=_("Khai trừ hội viên quá hạn (Điều 15.5)"))
