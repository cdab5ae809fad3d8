"""FIDE B.02 8.3.1 as amended 1 October 2025 (issue #16): chess lists still named as FIDE's 2024
preset, with no exemption set, get the 2025 rule (players rated 2650+ exempt from the
400-point rule); their other settings are kept. Xiangqi lists keep their settings."""

from django.db import migrations

OLD_NAMES = {"standard": "FIDE B.02 2024-03-01",
             "rapid": "FIDE rapid (K as standard since 2022-10-01)",
             "blitz": "FIDE blitz (K as standard since 2022-10-01)"}
NEW_NAMES = {"standard": "FIDE B.02 2025-10-01", "rapid": "FIDE rapid 2025-10-01",
             "blitz": "FIDE blitz 2025-10-01"}


def forward(apps, schema_editor):
    RatingList = apps.get_model("ratings", "RatingList")
    for rating_list in RatingList.objects.filter(discipline="chess"):
        rules = dict(rating_list.rules or {})
        klass = rating_list.time_control_class
        if (rules.get("name") == OLD_NAMES.get(klass)
                and rules.get("difference_cap_exempt_from") is None):
            rules.update(name=NEW_NAMES[klass], difference_cap_exempt_from=2650)
            rating_list.rules = rules
            rating_list.save(update_fields=["rules"])


def backward(apps, schema_editor):
    RatingList = apps.get_model("ratings", "RatingList")
    for rating_list in RatingList.objects.filter(discipline="chess"):
        rules = dict(rating_list.rules or {})
        klass = rating_list.time_control_class
        if rules.get("name") == NEW_NAMES.get(klass):
            rules.update(name=OLD_NAMES[klass], difference_cap_exempt_from=None)
            rating_list.rules = rules
            rating_list.save(update_fields=["rules"])


class Migration(migrations.Migration):
    dependencies = [("ratings", "0004_publication_is_separate")]
    operations = [migrations.RunPython(forward, backward)]
