"""Seed the six rating lists (xiangqi/chess × standard/rapid/blitz, FIDE B.02 defaults) and the
title standards of Phụ lục 6 (Luật Cờ Tướng 2004) as the first criteria table version."""

from django.db import migrations


def seed(apps, schema_editor):
    from ratings.reference_data import load_reference_data

    load_reference_data(apps.get_model("ratings", "RatingList"),
                        apps.get_model("ratings", "TitleCriteriaTable"))


def unseed(apps, schema_editor):
    apps.get_model("ratings", "TitleCriteriaTable").objects.filter(code="phu-luc-6-2004").delete()
    apps.get_model("ratings", "RatingList").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial")]
    operations = [migrations.RunPython(seed, unseed)]
