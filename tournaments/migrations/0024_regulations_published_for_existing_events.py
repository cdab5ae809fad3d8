"""Điều 18a: events created before the regulations had a publication time (0022) get one.

An event that has left the draft opened registration, and registration opens only on
published regulations (``open_registration``): its regulations were public from then. The
time is the first move into registration in the lifecycle log (``StatusChange``), else —
an event imported or created before the log — its creation time. A draft keeps none: its
regulations were never public and the organiser publishes them (``publish_regulations``).
Backwards: nothing (the field stays; the times set here are true ones).
"""

from django.db import migrations


def published_at(tournament, opened_at):
    """The publication time of an event that has none: None for a draft, else when its
    registration opened (``opened_at``, may be None), else its creation time."""
    if tournament.status == "draft":
        return None
    return opened_at or tournament.created_at


def forwards(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    StatusChange = apps.get_model("tournaments", "StatusChange")
    events = Tournament.objects.filter(regulations_published_at__isnull=True).exclude(
        status="draft")
    for tournament in events.iterator():
        opened = (StatusChange.objects.filter(tournament_id=tournament.pk,
                                              to_status="registration")
                  .order_by("changed_at", "id").values_list("changed_at", flat=True).first())
        value = published_at(tournament, opened)
        if value is not None:  # update(): no history row, nobody changed the event
            Tournament.objects.filter(pk=tournament.pk).update(regulations_published_at=value)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0023_tournament_name_folded"),
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
