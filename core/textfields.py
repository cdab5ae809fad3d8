"""Free text has a length fitting its use (issue 31 §8): every ``TextField`` of the models is a
:func:`bounded_text`. The limit is checked by the API's serializers and the admin's forms
(``max_length``: "no more than N characters", naming it) and by ``full_clean`` (a validator),
so a service that cleans a model meets it too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.validators import MaxLengthValidator
from django.db import models

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: a reason, a note, a rejection: a few paragraphs
NOTE = 2000
#: one section of a tournament's regulations (Phụ lục 5), a title criterion
SECTION = 4000
#: the longest sections (prizes, schedule, registration form) and a meeting's minutes
LONG_SECTION = 10000
#: the moves of one game as written on its scoresheet (a 300-move game is under 5,000)
MOVES = 20000
#: a notification's rendered text or HTML (a club's pairings of a round: a few hundred boards)
MESSAGE = 200_000


def bounded_text(verbose_name: StrOrPromise | None = None, *, max_length: int,
                 blank: bool = False, help_text: StrOrPromise = "") -> models.TextField[str, str]:
    return models.TextField(verbose_name, blank=blank, help_text=help_text,
                            max_length=max_length, validators=[MaxLengthValidator(max_length)])
