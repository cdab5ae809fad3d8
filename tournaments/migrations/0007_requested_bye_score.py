"""Điều 28.7 (002 Điều 13.7): a requested bye scores 0 unless the regulations say
otherwise. New tournaments default to 0; tournaments that existed before keep the ½ the
API used to give (their regulations were set up with it), and every stored requested bye
without points gets the ½ it was scored with, so nothing already played changes."""

from decimal import Decimal

from django.db import migrations, models

HELP = ("Điều 28.7 (002 Điều 13.7): ván đấu thủ xin nghỉ không được điểm, trừ khi điều lệ "
        "giải quy định khác (0, 0.5 hoặc 1).")


def _field(default):
    return models.DecimalField(decimal_places=1, default=default, help_text=HELP,
                               max_digits=3, verbose_name="điểm ván xin nghỉ")


def explicit_points(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    for entry in Entry.objects.exclude(requested_byes=[]).only("pk", "requested_byes"):
        byes = entry.requested_byes or []
        if all("points" in b for b in byes):
            continue
        entry.requested_byes = [{**b, "points": float(b.get("points", 0.5))} for b in byes]
        Entry.objects.filter(pk=entry.pk).update(requested_byes=entry.requested_byes)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0006_regulations_late_entries_games_per_day"),
    ]

    operations = [
        migrations.AddField(model_name="historicaltournament", name="requested_bye_score",
                            field=_field(Decimal("0.5"))),
        migrations.AddField(model_name="tournament", name="requested_bye_score",
                            field=_field(Decimal("0.5"))),
        migrations.AlterField(model_name="historicaltournament", name="requested_bye_score",
                              field=_field(Decimal("0"))),
        migrations.AlterField(model_name="tournament", name="requested_bye_score",
                              field=_field(Decimal("0"))),
        migrations.RunPython(explicit_points, migrations.RunPython.noop),
    ]
