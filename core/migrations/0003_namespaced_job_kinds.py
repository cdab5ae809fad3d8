"""Issue 33: every job kind is named ``<app>.<name>``; jobs stored under the old names keep
working (a failed one asked again, a queued one re-sent by the sweeper) under the new ones."""

from django.db import migrations

RENAMED = {
    "health_check": "core.health_check",
    "document": "documents.render",
    "rating_period": "ratings.compute_period",
    "rating_recompute": "ratings.recompute",
    "title_check": "ratings.check_titles",
}


def _rename(apps, mapping):
    Job = apps.get_model("core", "Job")
    for old, new in mapping.items():
        Job.objects.filter(kind=old).update(kind=new)


def forwards(apps, schema_editor):
    _rename(apps, RENAMED)


def backwards(apps, schema_editor):
    _rename(apps, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):

    dependencies = [
        ("core", "0002_job_liveness"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
