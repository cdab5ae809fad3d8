"""Ship the 63 provinces and centrally-run cities, and the national federation body."""

import json
from pathlib import Path

from django.db import migrations

DATA = Path(__file__).resolve().parent.parent / "data" / "provinces.json"


def load(apps, schema_editor):
    Province = apps.get_model("federation", "Province")
    Body = apps.get_model("federation", "Body")
    for row in json.loads(DATA.read_text(encoding="utf-8")):
        Province.objects.update_or_create(code=row["code"], defaults=row)
    Body.objects.get_or_create(name="Liên đoàn Cờ Việt Nam", defaults={"level": "national"})


def unload(apps, schema_editor):
    apps.get_model("federation", "Body").objects.filter(level="national").delete()
    apps.get_model("federation", "Province").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("federation", "0001_initial")]
    operations = [migrations.RunPython(load, unload)]
